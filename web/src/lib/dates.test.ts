import { describe, expect, it } from 'vitest';
import { formatDateAndTime, formatDateTime, formatDay, isPastDue, parseDate, today, todayIso, toIsoDate } from './dates';

describe('dates', () => {
  it('parses yyyy-mm-dd and m/d/yyyy (day first when the first number is over 12)', () => {
    expect(toIsoDate(parseDate('2026-05-09'))).toBe('2026-05-09');
    expect(toIsoDate(parseDate('5/9/2026'))).toBe('2026-05-09');
    expect(toIsoDate(parseDate('25/9/2026'))).toBe('2026-09-25');
  });
  it('falls back to today for invalid dates', () => {
    expect(parseDate('2026-02-30')).toEqual(today());
    expect(parseDate('nonsense')).toEqual(today());
  });
  it('displays MM/dd/yyyy', () => {
    expect(formatDay('2026-05-09')).toBe('05/09/2026');
    expect(formatDay(null)).toBe('');
    expect(formatDateTime('2026-05-09T15:00:00Z', 'America/Chicago')).toBe('05/09/2026');
    expect(formatDateTime('2026-05-09T02:00:00Z', 'America/Chicago')).toBe('05/08/2026');
    expect(formatDateTime(null)).toBe('');
  });
  it('marks due dates before today', () => {
    expect(isPastDue('2026-05-08', '2026-05-09')).toBe(true);
    expect(isPastDue('2026-05-09', '2026-05-09')).toBe(false);
    expect(isPastDue(null, '2026-05-09')).toBe(false);
  });
  it('formats date and time in the company time zone', () => {
    expect(formatDateAndTime('2026-01-05T15:30:00Z', 'America/Chicago')).toBe('01/05/2026, 9:30 AM');
    expect(formatDateAndTime('garbage', 'America/Chicago')).toBe('');
    expect(formatDateAndTime(null)).toBe('');
  });

  it('gives today as yyyy-mm-dd in a zone', () => {
    expect(todayIso('America/Chicago')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(todayIso('America/Chicago')).toBe(toIsoDate(today('America/Chicago')));
  });
});
