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
import type { DueDateTerms, NewOrderForm } from './api';

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
export function clientOrderBody(v: ClientOrderFields): NewOrderForm {
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
  };
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
