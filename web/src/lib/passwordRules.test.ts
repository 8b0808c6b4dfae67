import { describe, expect, it } from 'vitest';
import { PASSWORD_SPECIAL_CHARACTERS, canSubmitPassword, checkPassword, confirmationError, isPasswordValid } from './passwordRules';

const metIds = (p: string) =>
  checkPassword(p)
    .filter((r) => r.met)
    .map((r) => r.id);

describe('password rules', () => {
  it('lists the five rules in order', () => {
    expect(checkPassword('').map((r) => r.label)).toEqual([
      'At least 16 characters',
      'One lowercase letter',
      'One uppercase letter',
      'One number',
      'One special character (! @ # $ % ^ & * ( ) , . ? " : { } | < >)',
    ]);
    expect(metIds('')).toEqual([]);
  });

  it('checks each rule on its own', () => {
    expect(metIds('a')).toEqual(['lowercase']);
    expect(metIds('A')).toEqual(['uppercase']);
    expect(metIds('7')).toEqual(['digit']);
    expect(metIds('!')).toEqual(['special']);
    expect(metIds('x'.repeat(16))).toEqual(['length', 'lowercase']);
    expect(metIds('x'.repeat(15))).toEqual(['lowercase']);
  });

  it('accepts every listed special character and nothing else', () => {
    for (const c of PASSWORD_SPECIAL_CHARACTERS) expect(metIds(c), c).toContain('special');
    for (const c of ['-', '_', '+', '=', '~', '/', "'", ';', '[', ' ']) expect(metIds(c), c).not.toContain('special');
  });

  it('is valid only when all rules hold', () => {
    expect(isPasswordValid('Demo!Password2026')).toBe(true);
    expect(isPasswordValid('Demo!Password26')).toBe(false); // 15 characters
    expect(isPasswordValid('demo!password2026')).toBe(false);
    expect(isPasswordValid('DEMO!PASSWORD2026')).toBe(false);
    expect(isPasswordValid('Demo!PasswordTwenty')).toBe(false);
    expect(isPasswordValid('Demo-Password-2026')).toBe(false);
  });

  it('reports a mismatching confirmation only once typed', () => {
    expect(confirmationError('abc', '')).toBeNull();
    expect(confirmationError('abc', 'ab')).toBe('Passwords do not match');
    expect(confirmationError('abc', 'abc')).toBeNull();
  });

  it('allows submit only for a valid, matching password and no pending request', () => {
    const good = 'Another!Password99';
    expect(canSubmitPassword(good, good)).toBe(true);
    expect(canSubmitPassword(good, good, true)).toBe(false);
    expect(canSubmitPassword(good, `${good}x`)).toBe(false);
    expect(canSubmitPassword('short', 'short')).toBe(false);
  });
});
