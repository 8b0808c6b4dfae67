/** Date rules (yyyy-mm-dd or m/d/yyyy, else today), the MM/dd/yyyy display, and the dates every screen shows (docs/domain.md#business-dates-and-formats). */

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * One Intl.DateTimeFormat per time zone and format, kept: making one is slow (a table of dates
 * would make dozens per render).
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string | null | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${timeZone ?? ''} ${JSON.stringify(options)}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { ...options, timeZone: timeZone || undefined });
    formatters.set(key, f);
  }
  return f;
}

function validYmd(y: number, m: number, d: number): boolean {
  if (!Number.isInteger(y) || !Number.isInteger(m) || !Number.isInteger(d) || m < 1 || m > 12 || d < 1) return false;
  return d <= new Date(Date.UTC(y, m, 0)).getUTCDate();
}

export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

/** Today's calendar date in `timeZone` (the browser's zone when not given). */
export function today(timeZone?: string | null): CalendarDate {
  const parts = formatter(timeZone, { year: 'numeric', month: 'numeric', day: 'numeric' }).formatToParts(new Date());
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value);
  return { year: get('year'), month: get('month'), day: get('day') };
}

/**
 * Parses yyyy-mm-dd, or m/d/yyyy (day first when the first number is over 12); an invalid date
 * falls back to today.
 */
export function parseDate(value: string, timeZone?: string | null): CalendarDate {
  const s = value.trim();
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(s);
  if (m) {
    const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
    if (validYmd(y, mo, d)) return { year: y, month: mo, day: d };
  }
  m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(s);
  if (m) {
    let [mo, d] = [Number(m[1]), Number(m[2])];
    if (mo > 12) [mo, d] = [d, mo];
    const y = Number(m[3]);
    if (validYmd(y, mo, d)) return { year: y, month: mo, day: d };
  }
  return today(timeZone);
}

export function toIsoDate(d: CalendarDate): string {
  return `${d.year}-${pad(d.month)}-${pad(d.day)}`;
}

/** MM/dd/yyyy */
export function toDisplayDate(d: CalendarDate): string {
  return `${pad(d.month)}/${pad(d.day)}/${d.year}`;
}

/** A yyyy-mm-dd date shown as MM/dd/yyyy; empty for none. */
export function formatDay(value: string | null | undefined): string {
  return value ? toDisplayDate(parseDate(value)) : '';
}

/** An ISO date-time shown as MM/dd/yyyy in `timeZone`; empty for none or garbage. */
export function formatDateTime(value: string | null | undefined, timeZone?: string | null): string {
  if (!value) return '';
  const t = new Date(value);
  if (Number.isNaN(t.getTime())) return '';
  return formatter(timeZone, { year: 'numeric', month: '2-digit', day: '2-digit' }).format(t);
}

/** An ISO date-time as "01/05/2026, 9:00 AM" in `timeZone`; empty for none or garbage. */
export function formatDateAndTime(value: string | null | undefined, timeZone?: string | null): string {
  if (!value) return '';
  const t = new Date(value);
  if (Number.isNaN(t.getTime())) return '';
  return formatter(timeZone, { year: 'numeric', month: '2-digit', day: '2-digit', hour: 'numeric', minute: '2-digit' }).format(t);
}

/** Today as yyyy-mm-dd in `timeZone` (the browser's zone when not given). */
export function todayIso(timeZone?: string | null): string {
  return toIsoDate(today(timeZone));
}

/** A due date (yyyy-mm-dd) earlier than `todayIso` (yyyy-mm-dd). */
export function isPastDue(due: string | null | undefined, todayIso: string): boolean {
  return !!due && /^\d{4}-\d{2}-\d{2}$/.test(due) && due < todayIso;
}
