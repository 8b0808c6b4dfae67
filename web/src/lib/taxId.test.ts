import { describe, expect, it } from 'vitest';
import { maskedTaxId, MSG_BAD_TAX_ID, taxIdError } from './taxId';

describe('tax ID rule (as the server: features/profile/tax.rs)', () => {
  it.each(['123-45-6789', '123456789', '123 45 6789', '12-3456789', '98-7654321', ' 12-3456789 ', ''])('takes %j', (typed) => {
    expect(taxIdError(typed)).toBeUndefined();
  });

  it.each(['000-12-3456', '666-12-3456', '900-12-3456', '123-00-4567', '123-45-0000', '12345678', '12-34567890', 'abc-de-fghi', '123.45.6789'])('refuses %j', (typed) => {
    expect(taxIdError(typed)).toBe(MSG_BAD_TAX_ID);
  });

  it('shows a number on file by its kind and last four digits only', () => {
    expect(maskedTaxId({ taxIdKind: 'SSN', taxIdLast4: '6789' })).toBe('SSN ending 6789');
    expect(maskedTaxId({ taxIdKind: 'EIN', taxIdLast4: '0042' })).toBe('EIN ending 0042');
    expect(maskedTaxId({ taxIdKind: null, taxIdLast4: null })).toBe('No tax ID on file');
    expect(maskedTaxId(undefined)).toBe('No tax ID on file');
  });
});
