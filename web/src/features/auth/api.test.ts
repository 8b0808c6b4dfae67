import { describe, expect, it } from 'vitest';
import { parseLoginAnswer, safeRedirect, verificationPath } from './api';

describe('parseLoginAnswer', () => {
  it('recognises the verification answer', () => {
    expect(parseLoginAnswer({ verificationToken: 'abc' })).toEqual({ kind: 'verify', token: 'abc' });
  });
  it('validates a user answer', () => {
    const user = { securityUserId: 3, userType: 1, firstName: 'A', lastName: 'B' };
    expect(parseLoginAnswer(user)).toEqual({ kind: 'user', user });
    expect(() => parseLoginAnswer({ userType: 1 })).toThrow('securityUserId is missing');
    expect(() => parseLoginAnswer({ securityUserId: 3, userType: 99 })).toThrow('invalid user type');
    expect(() => parseLoginAnswer({ verificationToken: '' })).toThrow('securityUserId is missing');
  });
});

describe('verification navigation', () => {
  it('builds the verification address', () => {
    expect(verificationPath('t k', '/appraiser/quotes?x=1')).toBe('/dual-auth?token=t+k&redirect=%2Fappraiser%2Fquotes%3Fx%3D1');
  });
  it('follows only same-site paths', () => {
    expect(safeRedirect(null)).toBe('/');
    expect(safeRedirect('')).toBe('/');
    expect(safeRedirect('/dashboard')).toBe('/dashboard');
    expect(safeRedirect('/appraiser/quotes?x=1')).toBe('/appraiser/quotes?x=1');
    expect(safeRedirect('https://evil.example')).toBe('/');
    expect(safeRedirect('//evil.example')).toBe('/');
    expect(safeRedirect('/\\evil.example')).toBe('/');
    expect(safeRedirect('/login')).toBe('/');
    expect(safeRedirect('/dual-auth?token=x')).toBe('/');
    expect(safeRedirect('/login-help')).toBe('/login-help');
  });
});
