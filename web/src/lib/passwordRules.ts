/**
 * Password rules (docs/domain.md#passwords) for change and reset, in one place so the reset form and the
 * profile's change-password form share them. The server enforces the same rules.
 */

export const PASSWORD_MIN_LENGTH = 16;

/** The special characters that count; no others do. */
export const PASSWORD_SPECIAL_CHARACTERS = '!@#$%^&*(),.?":{}|<>';

export const MSG_PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';
export const MSG_PASSWORD_CHANGED = 'Password changed successfully';
export const MSG_PASSWORD_REQUIREMENTS = 'Please ensure your password meets all requirements.';

export type PasswordRuleId = 'length' | 'lowercase' | 'uppercase' | 'digit' | 'special';

export interface PasswordRule {
  id: PasswordRuleId;
  label: string;
  test: (password: string) => boolean;
}

export const PASSWORD_RULES: readonly PasswordRule[] = [
  {
    id: 'length',
    label: `At least ${PASSWORD_MIN_LENGTH} characters`,
    test: (p) => Array.from(p).length >= PASSWORD_MIN_LENGTH,
  },
  { id: 'lowercase', label: 'One lowercase letter', test: (p) => /[a-z]/.test(p) },
  { id: 'uppercase', label: 'One uppercase letter', test: (p) => /[A-Z]/.test(p) },
  { id: 'digit', label: 'One number', test: (p) => /[0-9]/.test(p) },
  {
    id: 'special',
    label: `One special character (${PASSWORD_SPECIAL_CHARACTERS.split('').join(' ')})`,
    test: (p) => Array.from(p).some((c) => PASSWORD_SPECIAL_CHARACTERS.includes(c)),
  },
];

export interface PasswordRuleResult {
  id: PasswordRuleId;
  label: string;
  met: boolean;
}

/** Every rule with whether the password meets it, in display order. */
export function checkPassword(password: string): PasswordRuleResult[] {
  return PASSWORD_RULES.map((r) => ({ id: r.id, label: r.label, met: r.test(password) }));
}

export function isPasswordValid(password: string): boolean {
  return PASSWORD_RULES.every((r) => r.test(password));
}

/** The confirmation error to show: only once something was typed into the confirmation. */
export function confirmationError(password: string, confirmation: string): string | null {
  return confirmation !== '' && confirmation !== password ? MSG_PASSWORDS_DO_NOT_MATCH : null;
}

/** Submit is allowed when every rule holds, the passwords match and no request is pending. */
export function canSubmitPassword(password: string, confirmation: string, pending = false): boolean {
  return !pending && isPasswordValid(password) && password === confirmation;
}
