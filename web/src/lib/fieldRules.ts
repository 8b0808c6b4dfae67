import { formatUsd } from './money';
/**
 * The server's field rules (crates/server/src/fields.rs), in its words, so a form can name the
 * field before it is sent: the staff desk's forms and the client area's. The server checks
 * everything again.
 */

/** A form's banner while a field it marked is not fixed yet. */
export const MSG_FIX_FIELDS = 'Please correct the fields marked in red.';

/** Longest name, address line, e-mail address or other one-line text (fields.rs MAX_LINE). */
export const MAX_LINE = 200;
/** Longest free text without a limit of its own, such as a reason (fields.rs MAX_TEXT). */
export const MAX_TEXT = 4000;
/** Longest phone number as typed (fields.rs optional_phone). */
export const MAX_PHONE = 30;
/** Longest loan number (the order forms' loanNumber). */
export const MAX_LOAN_NUMBER = 30;
/** The largest fee: $1,000,000.00 (payments/money.rs MAX_CENTS). */
export const MAX_FEE = 1_000_000;

export type FieldError = string | undefined;

export function optionalTextError(label: string, value: string, max = MAX_LINE): FieldError {
  return [...value.trim()].length > max ? `${label} can be at most ${max} characters long.` : undefined;
}

export function requiredTextError(label: string, value: string, max = MAX_LINE): FieldError {
  return value.trim() ? optionalTextError(label, value, max) : `${label} is required.`;
}

export function emailError(label: string, value: string): FieldError {
  const email = value.trim();
  if (!email) return undefined;
  const at = email.indexOf('@');
  const [local, domain] = at < 0 ? ['', ''] : [email.slice(0, at), email.slice(at + 1)];
  const wellFormed = local !== '' && domain.includes('.') && !domain.startsWith('.') && !/\s/.test(email);
  return optionalTextError(label, email) ?? (wellFormed ? undefined : `${label} must be an e-mail address (got '${email}').`);
}

/** A phone number of 10 digits (a leading 1 allowed), written with spaces, dots, dashes or brackets. */
export function phoneError(label: string, value: string): FieldError {
  const phone = value.trim();
  if (!phone) return undefined;
  let digits = phone.replace(/\D/g, '');
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
  const allowed = /^[\d .\-()+]*$/.test(phone);
  return optionalTextError(label, phone, MAX_PHONE) ?? (allowed && digits.length === 10 ? undefined : `${label} must be a 10-digit phone number (got '${phone}').`);
}

/** A choice of a select: required. */
export function chosenError(label: string, value: string): FieldError {
  return value ? undefined : `${label} is required.`;
}

/** The digits of typed text, at most `max` of them (a ZIP box takes nothing else). */
export const digitsOnly = (text: string, max: number) => text.replace(/\D/g, '').slice(0, max);

/** A US ZIP code: five digits. */
export function zipError(label: string, zip: string): FieldError {
  const z = zip.trim();
  if (!z) return `${label} is required.`;
  return /^\d{5}$/.test(z) ? undefined : `${label} must be 5 digits (got '${z}').`;
}

/** A required due date (yyyy-mm-dd, compared as text with `today`): not in the past. */
export function dueDateError(label: string, value: string, today: string): FieldError {
  if (!value) return `${label} is required.`;
  return value < today ? `${label} cannot be in the past.` : undefined;
}

/** An amount as people type it ($ and commas allowed) in dollars; null when it is not a plain decimal. */
export function parseAmount(text: string): number | null {
  const plain = text.trim().replace(/^\$/, '').replace(/,/g, '').trim();
  return /^\+?(\d+\.?\d*|\.\d+)$/.test(plain) ? Number(plain) : null;
}

/** An amount that may be left blank (or zero), up to `max` dollars. */
export function optionalAmountError(label: string, text: string, max = MAX_FEE): FieldError {
  const plain = text.trim().replace(/^\$/, '').replace(/,/g, '').trim();
  if (!plain) return undefined;
  const amount = parseAmount(plain);
  if (amount === null) return `${label} must be a positive amount.`;
  if ((plain.split('.')[1] ?? '').replace(/0+$/, '').length > 2) return `${label} can have at most 2 decimal places.`;
  if (amount > max) return `${label} cannot be more than ${formatUsd(max)}.`;
  return undefined;
}

/** A fee: required, positive, at most $1,000,000.00. */
export function feeError(label: string, text: string): FieldError {
  if (!text.trim()) return `${label} is required.`;
  return optionalAmountError(label, text) ?? (parseAmount(text) ? undefined : `${label} must be a positive amount.`);
}

/** The amount to send: the parsed dollars, or null for blank. */
export function amountOrNull(text: string): number | null {
  return text.trim() ? parseAmount(text) : null;
}

/** Trimmed text to send, or null for blank. */
export function textOrNull(text: string): string | null {
  return text.trim() || null;
}

/** The fields whose check failed, with their messages (an empty object when every check passed). */
export function onlyFailed<K extends string>(checks: Record<K, FieldError>): Partial<Record<K, string>> {
  return Object.fromEntries(Object.entries(checks).filter(([, message]) => message)) as Partial<Record<K, string>>;
}
