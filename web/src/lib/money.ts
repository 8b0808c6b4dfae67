const USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Currency is USD with 2 decimals; a missing amount shows $0.00 (docs/domain.md#business-dates-and-formats). */
export function formatUsd(value: number | null | undefined): string {
  return USD.format(typeof value === 'number' && Number.isFinite(value) ? value : 0);
}

/**
 * An amount typed by a person: $, commas and spaces are removed before
 * use, and blank means 0. Anything that is then not a plain decimal number is null.
 */
export function parseCurrency(text: string): number | null {
  const plain = text.replace(/[$,\s]/g, '');
  if (plain === '') return 0;
  if (!/^-?(\d+\.?\d*|\.\d+)$/.test(plain)) return null;
  return Number(plain);
}
