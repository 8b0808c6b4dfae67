import { centsText, formatCents } from '../../lib/cents';
import type { InsightUnit } from './api';

/** What a missing value shows in a table. */
export const NO_VALUE = '—';

const WHOLE = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const ONE_DECIMAL = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** A value as the page shows it: 1,234 orders, 3.5 days, 12.5%, $1,234.56; a missing one as —. */
export function formatInsightValue(value: number | null | undefined, unit: InsightUnit): string {
  if (value === null || value === undefined) return NO_VALUE;
  switch (unit) {
    case 'count':
      return WHOLE.format(value);
    case 'businessDays':
    case 'days':
      return `${ONE_DECIMAL.format(value)} days`;
    case 'percent':
      return `${ONE_DECIMAL.format(value)}%`;
    case 'cents':
      return formatCents(value);
  }
}

/** A value as a spreadsheet reads it: no separators or symbols, cents as dollars (1234.56), days and percentages to one decimal; empty when missing. */
export function plainInsightValue(value: number | null | undefined, unit: InsightUnit): string {
  if (value === null || value === undefined) return '';
  switch (unit) {
    case 'count':
      return String(value);
    case 'businessDays':
    case 'days':
    case 'percent':
      return value.toFixed(1);
    case 'cents':
      return centsText(value);
  }
}
