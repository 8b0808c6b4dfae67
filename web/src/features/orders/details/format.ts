import { titleCaseWords } from './slugs';

const USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });
const NUMBER = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** Currency is USD with 2 decimals (part 2 section 9); empty for none. */
export function formatUsd(value: number | null | undefined): string {
  return typeof value === 'number' && Number.isFinite(value) ? USD.format(value) : '';
}

export function formatNumber(value: number | null | undefined, unit?: string): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return '';
  return unit ? `${NUMBER.format(value)} ${unit}` : NUMBER.format(value);
}

/** An ISO date-time as "01/05/2026, 9:00 AM" in `timeZone` (en-US); empty for none or garbage. */
export function formatDateAndTime(value: string | null | undefined, timeZone?: string | null): string {
  if (!value) return '';
  const t = new Date(value);
  if (Number.isNaN(t.getTime())) return '';
  return new Intl.DateTimeFormat('en-US', {
    timeZone: timeZone || undefined,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: 'numeric',
    minute: '2-digit',
  }).format(t);
}

/** A contact type (underscore-separated words) as words: PROPERTY_CONTACT -> Property Contact. */
export function contactTypeLabel(type: string | null | undefined): string {
  return type ? titleCaseWords(type) : '';
}

export function personName(first: string | null | undefined, last: string | null | undefined): string {
  return [first, last].filter((p) => p && p.trim()).join(' ').trim();
}
