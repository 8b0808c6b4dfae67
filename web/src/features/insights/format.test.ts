import { describe, expect, it } from 'vitest';
import { formatInsightValue, plainInsightValue } from './format';

describe('formatInsightValue', () => {
  it.each([
    [1234, 'count', '1,234'],
    [3.5, 'businessDays', '3.5 days'],
    [12, 'days', '12.0 days'],
    [12.46, 'percent', '12.5%'],
    [123456, 'cents', '$1,234.56'],
    [null, 'cents', '—'],
  ] as const)('%s %s reads %s', (value, unit, text) => {
    expect(formatInsightValue(value, unit)).toBe(text);
  });
});

describe('plainInsightValue', () => {
  it.each([
    [1234, 'count', '1234'],
    [3.5, 'businessDays', '3.5'],
    [12.46, 'percent', '12.5'],
    [123456, 'cents', '1234.56'],
    [-5, 'cents', '-0.05'],
    [null, 'percent', ''],
  ] as const)('%s %s is %s', (value, unit, text) => {
    expect(plainInsightValue(value, unit)).toBe(text);
  });
});
