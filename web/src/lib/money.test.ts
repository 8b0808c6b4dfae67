import { describe, expect, it } from 'vitest';
import { formatUsd, parseCurrency } from './money';

describe('money', () => {
  it.each([
    [450, '$450.00'],
    [1234.5, '$1,234.50'],
    [0, '$0.00'],
    [325000, '$325,000.00'],
    [null, '$0.00'],
    [undefined, '$0.00'],
  ])('USD %s -> %s', (value, text) => {
    expect(formatUsd(value)).toBe(text);
  });

  it.each([
    ['', 0],
    ['   ', 0],
    ['$1,000,000', 1000000],
    ['$ 250,000.50', 250000.5],
    ['12.', 12],
    ['.5', 0.5],
    ['-5', -5],
    ['abc', null],
    ['1e5', null],
    ['1.2.3', null],
    ['$', 0],
  ])('typed amount %j -> %s', (text, value) => {
    expect(parseCurrency(text)).toBe(value);
  });
});
