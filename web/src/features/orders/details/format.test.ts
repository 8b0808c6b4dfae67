import { describe, expect, it } from 'vitest';
import { contactTypeLabel, formatDateAndTime, formatNumber, formatUsd, personName } from './format';

describe('order details formatting', () => {
  it.each([
    [450, '$450.00'],
    [1234.5, '$1,234.50'],
    [0, '$0.00'],
    [325000, '$325,000.00'],
    [null, ''],
  ])('USD %s -> %s', (value, text) => {
    expect(formatUsd(value)).toBe(text);
  });

  it('formats numbers with units', () => {
    expect(formatNumber(1850, 'sq ft')).toBe('1,850 sq ft');
    expect(formatNumber(null, 'sq ft')).toBe('');
  });

  it('formats date and time in the company time zone', () => {
    expect(formatDateAndTime('2026-01-05T15:30:00Z', 'America/Chicago')).toBe('01/05/2026, 9:30 AM');
    expect(formatDateAndTime('garbage', 'America/Chicago')).toBe('');
    expect(formatDateAndTime(null)).toBe('');
  });

  it('shows contact types as words', () => {
    expect(contactTypeLabel('PROPERTY_CONTACT')).toBe('Property Contact');
    expect(contactTypeLabel('LOAN_OFFICER')).toBe('Loan Officer');
  });

  it('joins names', () => {
    expect(personName('Dana', 'Reed')).toBe('Dana Reed');
    expect(personName(null, 'Reed')).toBe('Reed');
  });
});
