import { describe, expect, it } from 'vitest';
import { isFee, parseQuoteId } from './api';

describe('quote helpers', () => {
  it('accepts fees of digits with at most one dot and two decimals', () => {
    for (const ok of ['450', '450.', '450.5', '450.50', '.5', ' 12 ']) expect(isFee(ok), ok).toBe(true);
    for (const bad of ['', '.', 'abc', '4.5.0', '1.234', '-5', '1,000']) expect(isFee(bad), bad).toBe(false);
  });

  it('takes only positive whole ids that fit the server type', () => {
    expect(parseQuoteId('42')).toBe(42);
    for (const bad of [undefined, '', '0', '-1', '1.5', 'abc', '99999999999']) expect(parseQuoteId(bad), String(bad)).toBeNull();
  });
});
