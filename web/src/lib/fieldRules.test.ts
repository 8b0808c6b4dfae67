import { describe, expect, it } from 'vitest';
import { emailError, feeError, optionalAmountError, parseAmount, phoneError, requiredTextError } from './fieldRules';

describe('staff field rules (the server words of crates/server/src/staff/fields.rs)', () => {
  it('required and long text', () => {
    expect(requiredTextError('Company name', '  ')).toBe('Company name is required.');
    expect(requiredTextError('Company name', 'x'.repeat(201))).toBe('Company name can be at most 200 characters long.');
    expect(requiredTextError('Company name', 'Acme Lending')).toBeUndefined();
  });

  it('e-mail addresses', () => {
    expect(emailError('Main contact e-mail', '')).toBeUndefined();
    expect(emailError('Main contact e-mail', 'pat@lender.example')).toBeUndefined();
    expect(emailError('Main contact e-mail', 'pat@lender')).toBe("Main contact e-mail must be an e-mail address (got 'pat@lender').");
    expect(emailError('Main contact e-mail', '@lender.example')).toMatch(/must be an e-mail address/);
    expect(emailError('Main contact e-mail', 'pat@.example')).toMatch(/must be an e-mail address/);
  });

  it('10-digit phone numbers, a leading 1 allowed', () => {
    expect(phoneError('Main contact phone', '(512) 555-0110')).toBeUndefined();
    expect(phoneError('Main contact phone', '+1 512.555.0110')).toBeUndefined();
    expect(phoneError('Main contact phone', '555-0110')).toBe("Main contact phone must be a 10-digit phone number (got '555-0110').");
    expect(phoneError('Main contact phone', '512 555 0110 x12')).toMatch(/10-digit/);
  });

  it('fees and amounts', () => {
    expect(parseAmount('$1,250.50')).toBe(1250.5);
    expect(parseAmount('12a')).toBeNull();
    expect(feeError('Appraiser fee', '')).toBe('Appraiser fee is required.');
    expect(feeError('Appraiser fee', '0')).toBe('Appraiser fee must be a positive amount.');
    expect(feeError('Appraiser fee', '-5')).toBe('Appraiser fee must be a positive amount.');
    expect(feeError('Appraiser fee', '4.505')).toBe('Appraiser fee can have at most 2 decimal places.');
    expect(feeError('Appraiser fee', '1000000.01')).toBe('Appraiser fee cannot be more than $1,000,000.00.');
    expect(feeError('Appraiser fee', '$450')).toBeUndefined();
    expect(optionalAmountError('Tech fee', '')).toBeUndefined();
    expect(optionalAmountError('Tech fee', '0')).toBeUndefined();
  });
});
