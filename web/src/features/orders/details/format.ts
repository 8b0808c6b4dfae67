import { titleCaseWords } from './slugs';

const NUMBER = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

export function formatNumber(value: number | null | undefined, unit?: string): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return '';
  return unit ? `${NUMBER.format(value)} ${unit}` : NUMBER.format(value);
}

/** A contact type (underscore-separated words) as words: PROPERTY_CONTACT -> Property Contact. */
export function contactTypeLabel(type: string | null | undefined): string {
  return type ? titleCaseWords(type) : '';
}

export function personName(first: string | null | undefined, last: string | null | undefined): string {
  return [first, last]
    .filter((p) => p && p.trim())
    .join(' ')
    .trim();
}
