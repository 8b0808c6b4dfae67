import { describe, expect, it } from 'vitest';
import { centsError, centsText, formatCents, parseCents } from './cents';

describe('cents', () => {
  it('parses typed dollars into whole cents without float errors', () => {
    expect(parseCents('625.50')).toBe(62550);
    expect(parseCents('$1,250')).toBe(125000);
    expect(parseCents('0.29')).toBe(29);
    expect(parseCents('1.005')).toBeNull();
    expect(parseCents('4.10')).toBe(410);
    expect(parseCents('19.990')).toBe(1999);
    expect(parseCents('.5')).toBe(50);
    expect(parseCents('7.')).toBe(700);
    expect(parseCents('')).toBeNull();
    expect(parseCents('abc')).toBeNull();
    expect(parseCents('-5')).toBeNull();
  });

  it('formats cents as money and as input text', () => {
    expect(formatCents(62550)).toBe('$625.50');
    expect(formatCents(null)).toBe('$0.00');
    expect(centsText(62550)).toBe('625.50');
    expect(centsText(5)).toBe('0.05');
    expect(centsText(null)).toBe('');
  });
});

describe('centsError', () => {
  it('names what is wrong with a typed amount', () => {
    expect(centsError('Amount', '')).toBe('Amount is required.');
    expect(centsError('Amount', '', { optional: true })).toBeUndefined();
    expect(centsError('Amount', '0')).toBe('Amount must be a positive amount.');
    expect(centsError('Price', '0', { zeroAllowed: true })).toBeUndefined();
    expect(centsError('Amount', '1.234')).toBe('Amount can have at most 2 decimal places.');
    expect(centsError('Amount', 'ten')).toBe('Amount must be a positive amount.');
    expect(centsError('Amount', '2000000')).toBe('Amount cannot be more than $1,000,000.00.');
    expect(centsError('Amount', '$625.50')).toBeUndefined();
  });
});
