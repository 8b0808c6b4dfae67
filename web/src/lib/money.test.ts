import { describe, expect, it } from 'vitest';
import { formatUsd } from './money';

describe('money', () => {
  it.each([
    [450, '$450.00'],
    [1234.5, '$1,234.50'],
    [0, '$0.00'],
    [325000, '$325,000.00'],
    [null, ''],
  ])('USD %s -> %s', (value, text) => {
    expect(formatUsd(value)).toBe(text);
  });

});
