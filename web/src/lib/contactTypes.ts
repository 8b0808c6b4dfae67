/**
 * The kinds of contact an order may have (crates/server/src/kernel/orders/contacts.rs
 * CONTACT_TYPES), with the words the forms and pages show.
 */
export const CONTACT_TYPES = [
  { value: 'BORROWER', label: 'Borrower' },
  { value: 'CO_BORROWER', label: 'Co-Borrower' },
  { value: 'PROPERTY_CONTACT', label: 'Property Contact' },
  { value: 'LOAN_OFFICER', label: 'Loan Officer' },
  { value: 'REALTOR', label: 'Realtor' },
  { value: 'OWNER', label: 'Owner' },
  { value: 'TENANT', label: 'Tenant' },
  { value: 'BUYER_AGENT', label: "Buyer's Agent" },
  { value: 'SELLER_AGENT', label: "Seller's Agent" },
  { value: 'ACCESS', label: 'Access' },
  { value: 'OTHER', label: 'Other' },
] as const;

/** A contact's kind in words, in whichever case the server sends it (BUYER_AGENT, buyer_agent: Buyer's Agent); an unknown one as it came. */
export function contactRoleLabel(kind: string): string {
  return CONTACT_TYPES.find((t) => t.value === kind.toUpperCase())?.label ?? kind;
}
