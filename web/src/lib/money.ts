const USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Currency is USD with 2 decimals (part 2 section 9); empty for none. */
export function formatUsd(value: number | null | undefined): string {
  return typeof value === 'number' && Number.isFinite(value) ? USD.format(value) : '';
}

/**
 * An amount typed by a person (part 1 section 5, Currency): $, commas and spaces are removed before
 * use, and blank means 0. Anything that is then not a plain decimal number is null.
 */
export function parseCurrency(text: string): number | null {
  const plain = text.replace(/[$,\s]/g, '');
  if (plain === '') return 0;
  if (!/^-?(\d+\.?\d*|\.\d+)$/.test(plain)) return null;
  return Number(plain);
}
