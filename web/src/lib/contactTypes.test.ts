import { describe, expect, it } from 'vitest';
import { contactRoleLabel } from './contactTypes';

describe("a contact's kind in words", () => {
  it('reads the staff form’s upper case and the client views’ lower case alike; an unknown kind as it came', () => {
    expect(contactRoleLabel('BUYER_AGENT')).toBe("Buyer's Agent");
    expect(contactRoleLabel('co_borrower')).toBe('Co-Borrower');
    expect(contactRoleLabel('access')).toBe('Access');
    expect(contactRoleLabel('landlord')).toBe('landlord');
  });
});
