import { describe, expect, it } from 'vitest';
import { contactTypeLabel, formatNumber, personName } from './format';

describe('order details formatting', () => {
  it('formats numbers with units', () => {
    expect(formatNumber(1850, 'sq ft')).toBe('1,850 sq ft');
    expect(formatNumber(null, 'sq ft')).toBe('');
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
