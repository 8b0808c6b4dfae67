import { describe, expect, it } from 'vitest';
import { formatDay, formatMoney, isFee, parseQuoteId, todayIn } from './api';

describe('quote helpers', () => {
  it('accepts fees of digits with at most one dot and two decimals', () => {
    for (const ok of ['450', '450.', '450.5', '450.50', '.5', ' 12 ']) expect(isFee(ok), ok).toBe(true);
    for (const bad of ['', '.', 'abc', '4.5.0', '1.234', '-5', '1,000']) expect(isFee(bad), bad).toBe(false);
  });

  it('takes only positive whole ids that fit the server type', () => {
    expect(parseQuoteId('42')).toBe(42);
    for (const bad of [undefined, '', '0', '-1', '1.5', 'abc', '99999999999']) expect(parseQuoteId(bad), String(bad)).toBeNull();
  });

  it('formats USD with two decimals and dates as MM/dd/yyyy', () => {
    expect(formatMoney(525)).toBe('$525.00');
    expect(formatMoney(1250.5)).toBe('$1,250.50');
    expect(formatMoney(null)).toBe('');
    expect(formatDay('2026-03-09')).toBe('03/09/2026');
    expect(formatDay(null)).toBe('');
    expect(todayIn('America/Chicago')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});
