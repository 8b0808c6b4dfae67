import { describe, expect, it } from 'vitest';
import { formatUsPhone, telHref } from './phone';

describe('formatUsPhone', () => {
  it.each([
    ['5550110', '555-0110'],
    ['555-0110', '555-0110'],
    ['5125550110', '(512) 555-0110'],
    ['512-555-0110', '(512) 555-0110'],
    ['(512) 555-0110', '(512) 555-0110'],
    ['512.555.0110', '(512) 555-0110'],
    ['15125550110', '+1 (512) 555-0110'],
    ['+1 512 555 0110', '+1 (512) 555-0110'],
    ['5125550110x123', '(512) 555-0110 x123'],
    ['512-555-0110 x123', '(512) 555-0110 x123'],
    ['512-555-0110 ext. 45', '(512) 555-0110 x45'],
    ['5550110 x9', '555-0110 x9'],
    ['1-512-555-0110 X77', '+1 (512) 555-0110 x77'],
  ])('%s -> %s', (input, expected) => {
    expect(formatUsPhone(input)).toBe(expected);
  });

  it.each([
    ['25125550110', '25125550110'],
    ['12345', '12345'],
    ['call the office', 'call the office'],
    ['  555 01  ', '555 01'],
  ])('leaves what is not a US number as given: %s', (input, expected) => {
    expect(formatUsPhone(input)).toBe(expected);
  });

  it('shows nothing for none', () => {
    expect(formatUsPhone(null)).toBe('');
    expect(formatUsPhone(undefined)).toBe('');
    expect(formatUsPhone('   ')).toBe('');
  });
});

describe('telHref', () => {
  it.each([
    ['5125550110', 'tel:+15125550110'],
    ['15125550110', 'tel:+15125550110'],
    ['5550110', 'tel:5550110'],
    ['512-555-0110 x123', 'tel:+15125550110,123'],
  ])('%s -> %s', (input, expected) => {
    expect(telHref(input)).toBe(expected);
  });
});
