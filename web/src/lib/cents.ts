import { formatUsd } from './money';
import { optionalAmountError, type FieldError } from './fieldRules';

/**
 * Amounts the billing calls send and answer in whole cents. A typed amount ($, commas and spaces
 * allowed) becomes cents from its digits, never through a float, so $0.29 is exactly 29.
 */

/** The whole cents of an amount typed in dollars; null when blank, not a plain amount, or finer than a cent. */
export function parseCents(text: string): number | null {
  const plain = text.replace(/[$,\s]/g, '');
  const match = /^\+?(\d*)(?:\.(\d*))?$/.exec(plain);
  if (!match || (match[1] === '' && !match[2])) return null;
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  if (fraction.length > 2) return null;
  const dollars = match[1] === '' ? 0 : Number(match[1]);
  const cents = dollars * 100 + Number(fraction.padEnd(2, '0'));
  return Number.isSafeInteger(cents) ? cents : null;
}

/** Cents shown as money, e.g. 62550 as $625.50; a missing amount shows $0.00. */
export function formatCents(cents: number | null | undefined): string {
  return formatUsd(typeof cents === 'number' ? cents / 100 : null);
}

/** Cents as an input's text in dollars, e.g. 62550 as 625.50; blank when missing. */
export function centsText(cents: number | null | undefined): string {
  if (typeof cents !== 'number') return '';
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** An amount field in dollars sent as cents: required unless `optional`, above zero unless `zeroAllowed`, at most $1,000,000.00. */
export function centsError(label: string, text: string, { optional = false, zeroAllowed = false } = {}): FieldError {
  if (!text.trim()) return optional ? undefined : `${label} is required.`;
  const cents = parseCents(text);
  if (cents !== null && cents === 0 && !zeroAllowed) return `${label} must be a positive amount.`;
  return optionalAmountError(label, text) ?? (cents === null ? `${label} must be a positive amount.` : undefined);
}
