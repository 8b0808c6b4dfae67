import {
  chosenError,
  dueDateError,
  emailError,
  MAX_LOAN_NUMBER,
  onlyFailed,
  optionalTextError,
  phoneError,
  requiredTextError,
  textOrNull,
  type FieldError,
} from '../../lib/fieldRules';
import { EMPTY_PROPERTY, propertyBody, propertyErrors } from '../../lib/propertyForm';
import { formatDay } from '../../lib/dates';
import { formatUsd } from '../../lib/money';
import { roleNeedsBranch, type ClientRole } from '../../lib/clientSeat';
import { contactRoleLabel } from '../../lib/contactTypes';
import type { RowErrors } from '../../components/useRows';
import type { Branch, ContactInput, ContactRole, DueDateTerms, LoanOfficer, NewOrderForm } from './api';

/**
 * The client's New Order form and its rules, in the server's words
 * (crates/server/src/areas/client/placing.rs check). The server checks everything again.
 */
export const EMPTY_CLIENT_ORDER = {
  ...EMPTY_PROPERTY,
  productId: '',
  loanNumber: '',
  borrowerName: '',
  borrowerEmail: '',
  borrowerPhone: '',
  fhaCaseNumber: '',
  requestedDueDate: '',
  closingDate: '',
  notes: '',
  /** The lender's branch the order is for (an id), or '' to leave it to the server (the placer's own). */
  branchId: '',
  /** The loan officer the order is for (a user id), or '' for none. */
  loanOfficerId: '',
};
export type ClientOrderFields = typeof EMPTY_CLIENT_ORDER;

/** Longest notes (client/placing.rs MAX_NOTES). */
export const MAX_CLIENT_NOTES = 5000;
/** An FHA case number: three digits, a dash, seven digits. */
export const FHA_CASE_NUMBER = /^\d{3}-\d{7}$/;
export const FHA_CASE_NUMBER_LENGTH = 11;

export function fhaCaseNumberError(value: string): FieldError {
  const text = value.trim();
  if (!text || FHA_CASE_NUMBER.test(text)) return undefined;
  return `FHA case number must be three digits, a dash and seven digits, e.g. 123-1234567 (got '${text}').`;
}

/** Contacts beside the borrower (client/placing.rs check_contacts): with the borrower, ten. */
export const MAX_CONTACTS = 9;
/** Longest notes of a contact (kernel/orders/contacts.rs MAX_NOTES). */
export const MAX_CONTACT_NOTES = 1000;

/** The roles a lender gives a contact, in the form's words. */
const CONTACT_ROLES: ContactRole[] = ['borrower', 'co_borrower', 'buyer_agent', 'seller_agent', 'access', 'other'];
export const CONTACT_ROLE_OPTIONS = CONTACT_ROLES.map((role) => ({ value: role, label: contactRoleLabel(role) }));

/** One contact as typed; `role` is '' until chosen. */
export interface ContactRow {
  role: string;
  name: string;
  phone: string;
  email: string;
  notes: string;
}
export const blankContact = (): ContactRow => ({ role: '', name: '', phone: '', email: '', notes: '' });

/** Contact n's fields that break a rule (n counts from 1, as the server's messages do). */
export function contactErrors(c: ContactRow, n: number): RowErrors<ContactRow> {
  return onlyFailed({
    role: chosenError(`Contact ${n} role`, c.role),
    name: requiredTextError(`Contact ${n} name`, c.name),
    phone: phoneError(`Contact ${n} phone`, c.phone),
    email: emailError(`Contact ${n} e-mail`, c.email),
    notes: optionalTextError(`Contact ${n} notes`, c.notes, MAX_CONTACT_NOTES),
  });
}

function contactBody(c: ContactRow): ContactInput {
  return {
    // Checked by contactErrors before the body is made: one of CONTACT_ROLES.
    role: c.role as ContactRole,
    name: c.name.trim(),
    phone: textOrNull(c.phone),
    email: textOrNull(c.email),
    notes: textOrNull(c.notes),
  };
}

/** The fields that break a rule; `today` is the company's date (yyyy-mm-dd). */
export function clientOrderErrors(v: ClientOrderFields, today: string) {
  return onlyFailed({
    ...propertyErrors(v),
    productId: chosenError('Product', v.productId),
    loanNumber: optionalTextError('Loan number', v.loanNumber, MAX_LOAN_NUMBER),
    borrowerName: requiredTextError('Borrower name', v.borrowerName),
    borrowerEmail: emailError('Borrower e-mail', v.borrowerEmail),
    borrowerPhone: phoneError('Borrower phone', v.borrowerPhone),
    fhaCaseNumber: fhaCaseNumberError(v.fhaCaseNumber),
    // Optional: left empty, the product's standard due date holds (the server says so when it has none).
    requestedDueDate: v.requestedDueDate ? dueDateError('Requested due date', v.requestedDueDate, today) : undefined,
    closingDate: v.closingDate ? dueDateError('Closing date', v.closingDate, today) : undefined,
    notes: optionalTextError('Notes', v.notes, MAX_CLIENT_NOTES),
  });
}

/** The body of POST /api/client/orders. */
export function clientOrderBody(v: ClientOrderFields, contacts: readonly ContactRow[]): NewOrderForm {
  return {
    ...propertyBody(v),
    // Checked by clientOrderErrors before the body is made: the product is chosen.
    productId: Number(v.productId),
    loanNumber: textOrNull(v.loanNumber),
    borrowerName: v.borrowerName.trim(),
    borrowerEmail: textOrNull(v.borrowerEmail),
    borrowerPhone: textOrNull(v.borrowerPhone),
    fhaCaseNumber: textOrNull(v.fhaCaseNumber),
    requestedDueDate: v.requestedDueDate || null,
    closingDate: v.closingDate || null,
    notes: textOrNull(v.notes),
    contacts: contacts.map(contactBody),
    // Left out unless chosen: the server then takes the placer's branch and, for a loan officer, them.
    ...(v.branchId ? { branchId: Number(v.branchId) } : {}),
    ...(v.loanOfficerId ? { loanOfficerId: Number(v.loanOfficerId) } : {}),
  };
}

/** Where the signed-in user sits in the lender, as far as the order form's defaults go. */
interface Placer {
  role: ClientRole;
  branchId?: number | null;
}

/**
 * The form's first branch and loan officer: the placer's own branch, and a loan officer themselves
 * (`userId`, the session's user).
 */
export function placerDefaults(seat: Placer | null | undefined, userId: number | null | undefined): Pick<ClientOrderFields, 'branchId' | 'loanOfficerId'> {
  return {
    branchId: seat?.branchId ? String(seat.branchId) : '',
    loanOfficerId: seat?.role === 'loan_officer' && userId ? String(userId) : '',
  };
}

/** A branch manager and a processor place orders for their own branch only: the form shows it, fixed. */
export const branchLocked = (seat: Placer | null | undefined) => !!seat?.branchId && roleNeedsBranch(seat.role);

/**
 * The branch select's choices: the active branches (and the placer's own, whatever it is), and
 * "No branch" first only for a placer without one (left out, the order takes the placer's branch).
 */
export function branchOptions(branches: Branch[] | undefined, seat: Placer | null | undefined): { value: string; label: string }[] {
  const own = seat?.branchId ?? null;
  const offered = (branches ?? []).filter((b) => b.active || b.id === own).map((b) => ({ value: String(b.id), label: b.name }));
  return own ? offered : [{ value: '', label: 'No branch' }, ...offered];
}

/** The loan officer select's choices: none, or one of the lender's loan officers (the placer among them when they are one). */
export function loanOfficerOptions(officers: LoanOfficer[] | undefined, self: { id: string; name: string } | null): { value: string; label: string }[] {
  const listed = (officers ?? []).map((o) => ({ value: String(o.id), label: o.name }));
  const missing = self && !listed.some((o) => o.value === self.id) ? [{ value: self.id, label: self.name }] : [];
  return [{ value: '', label: 'None' }, ...listed, ...missing];
}

/** The standard date and the rush fee of the chosen product in the property's state, as the server computes them. */
export function dueDateHint(terms: DueDateTerms | undefined, requested: string): { description: string; rush: string | null } {
  if (!terms) return { description: 'Optional: choose the product and the state to see the standard due date.', rush: null };
  const standard = terms.standardDueDate;
  if (!standard) return { description: 'Required for this product: it has no standard turn time.', rush: null };
  const fee = terms.rushFeeCents > 0 ? ` for ${formatUsd(terms.rushFeeCents / 100)} more` : '';
  const description = `Optional: left empty, the standard due date ${formatDay(standard)} holds. A sooner date is a rush order${fee}.`;
  const rush =
    requested && requested < standard
      ? `Rush order: due before the standard ${formatDay(standard)}${fee ? `, ${formatUsd(terms.rushFeeCents / 100)} is added to the price` : ''}.`
      : null;
  return { description, rush };
}
