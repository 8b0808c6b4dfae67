const USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Currency is USD with 2 decimals (part 2 section 9); empty for none. */
export function formatUsd(value: number | null | undefined): string {
  return typeof value === 'number' && Number.isFinite(value) ? USD.format(value) : '';
}
