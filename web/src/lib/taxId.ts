/**
 * An appraiser's year-end tax record for the 1099-NEC (crates/server/src/features/profile/tax.rs):
 * the tax ID rule in the server's words, so a form can say it before sending, and the one way
 * screens show a number on file (its kind and last four digits; never the whole number).
 */
import type { Schemas } from './api';

export type TaxInfo = Schemas['TaxInfo'];
export type TaxForm = Schemas['TaxForm'];

export const MSG_BAD_TAX_ID = 'Tax ID must be a Social Security number (123-45-6789) or an Employer Identification Number (12-3456789).';
export const MSG_NO_TAX_ID = 'No tax ID on file';
/** The server's limits of the legal name and the tax address. */
export const MAX_LEGAL_NAME = 200;
export const MAX_TAX_ADDRESS = 400;

/**
 * A typed tax ID's fault (undefined when blank or fine): nine digits written with dashes or spaces
 * only; 12-3456789 is an EIN, anything else must be a possible SSN (area not 000, 666 or 9xx; group
 * not 00; serial not 0000).
 */
export function taxIdError(text: string): string | undefined {
  const typed = text.trim();
  if (!typed) return undefined;
  const digits = typed.replace(/\D/g, '');
  if (digits.length !== 9 || !/^[\d -]+$/.test(typed)) return MSG_BAD_TAX_ID;
  if (typed.indexOf('-') === 2) return undefined;
  const [area, group, serial] = [digits.slice(0, 3), digits.slice(3, 5), digits.slice(5)];
  const possibleSsn = area !== '000' && area !== '666' && !area.startsWith('9') && group !== '00' && serial !== '0000';
  return possibleSsn ? undefined : MSG_BAD_TAX_ID;
}

/** "SSN ending 6789", "EIN ending 6789", or "No tax ID on file". */
export function maskedTaxId(info: Pick<TaxInfo, 'taxIdKind' | 'taxIdLast4'> | null | undefined): string {
  return info?.taxIdKind && info.taxIdLast4 ? `${info.taxIdKind} ending ${info.taxIdLast4}` : MSG_NO_TAX_ID;
}
