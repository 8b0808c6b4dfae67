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
import type { NewOrderForm } from './api';

/**
 * The client's New Order form and its rules, in the server's words
 * (crates/server/src/client/placing.rs check). The server checks everything again.
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
    requestedDueDate: dueDateError('Requested due date', v.requestedDueDate, today),
    notes: optionalTextError('Notes', v.notes, MAX_CLIENT_NOTES),
  });
}

/** The body of POST /api/client/orders. */
export function clientOrderBody(v: ClientOrderFields): NewOrderForm {
  return {
    ...propertyBody(v),
    // Checked by clientOrderErrors before the body is made: every choice is made.
    propertyTypeId: Number(v.propertyTypeId),
    intendedUseId: Number(v.intendedUseId),
    productId: Number(v.productId),
    loanNumber: textOrNull(v.loanNumber),
    borrowerName: v.borrowerName.trim(),
    borrowerEmail: textOrNull(v.borrowerEmail),
    borrowerPhone: textOrNull(v.borrowerPhone),
    fhaCaseNumber: textOrNull(v.fhaCaseNumber),
    requestedDueDate: v.requestedDueDate,
    notes: textOrNull(v.notes),
  };
}
