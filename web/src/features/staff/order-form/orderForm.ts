import type { OrderContactForm, OrderDetails, OrderForm } from './api';
import {
  amountOrNull,
  chosenError,
  dueDateError,
  emailError,
  feeError,
  MAX_LOAN_NUMBER,
  MAX_TEXT,
  onlyFailed,
  optionalAmountError,
  optionalTextError,
  parseAmount,
  phoneError,
  requiredTextError,
  textOrNull,
  type FieldError,
} from '../../../lib/fieldRules';
import { EMPTY_PROPERTY, propertyBody, propertyErrors } from '../../../lib/propertyForm';
import { centsError, centsText, parseCents } from '../../../lib/cents';

/**
 * The order form of POST /api/staff/orders and its rules, in the server's words
 * (crates/server/src/staff/order_form.rs check_form). The server checks everything again.
 */

export const MAX_CONTACTS = 10;
export const MAX_REPORT_TYPES = 4;
export const MAX_ALERTS = 10;
export const MAX_ALERT = 500;
export const MAX_NOTES = 20_000;
/** Longest FHA case id and county use (order_form.rs check_form). */
export const MAX_FHA_CASE_ID = 30;
export const MAX_COUNTY_USE = 100;
/** Purchase prices run higher than fees: up to $100,000,000.00. */
const MAX_PRICE = 100_000_000;

export const EMPTY_ORDER = {
  clientId: '',
  loanNumber: '',
  fhaCaseId: '',
  borrowerName: '',
  ...EMPTY_PROPERTY,
  appraiserFee: '',
  /** What the client is charged, in dollars; blank leaves it to the client's price list (or keeps the order's). */
  clientFeeCents: '',
  techFee: '',
  purchasePrice: '',
  appraiserDueDate: '',
  /** Why a new order is due on another date than its products' turn time gives. */
  dueDateReason: '',
  inspectionDueDate: '',
  estimatedClosingDate: '',
  notes: '',
  yearBuilt: '',
  livingArea: '',
  lotArea: '',
  countyUse: '',
  assessedValue: '',
};
export type OrderFields = typeof EMPTY_ORDER;

export const EMPTY_CONTACT = { name: '', type: '', email: '', cellPhone: '', workPhone: '', homePhone: '' };
export type ContactFields = typeof EMPTY_CONTACT;
export type ContactErrors = Partial<Record<keyof ContactFields, string>>;
export type OrderErrors = Partial<Record<keyof OrderFields | 'reportTypeIds', string>>;

/** A whole number as people type it (commas allowed); null when it is not one. */
export function parseWholeNumber(text: string): number | null {
  const plain = text.trim().replace(/,/g, '');
  return /^\d+$/.test(plain) ? Number(plain) : null;
}

/** An optional whole number from `min` to `max`, in the server's words. */
function wholeNumberError(label: string, text: string, min: number, max: number): FieldError {
  if (!text.trim()) return undefined;
  const n = parseWholeNumber(text);
  if (n === null) return `${label} must be a whole number.`;
  return n < min || n > max ? `${label} must be between ${min} and ${max}.` : undefined;
}

/** Dates are yyyy-mm-dd, so they compare as text. A new order may leave its due date to its products' turn time (the server says when they have none). */
function dueDateErrors(appraiserDue: string, inspectionDue: string, today: string, newOrder: boolean) {
  return {
    appraiserDueDate: newOrder && !appraiserDue ? undefined : dueDateError('Appraiser due date', appraiserDue, today),
    inspectionDueDate: !inspectionDue
      ? undefined
      : inspectionDue < today
        ? 'Inspection due date cannot be in the past.'
        : appraiserDue && inspectionDue > appraiserDue
          ? 'Inspection due date cannot be after the appraiser due date.'
          : undefined,
  };
}

/** The fields that break a rule; `today` is the company's date (yyyy-mm-dd). */
export function orderFormErrors(v: OrderFields, reportTypeIds: string[], today: string, newOrder = false): OrderErrors {
  return onlyFailed({
    clientId: chosenError('Client', v.clientId),
    loanNumber: optionalTextError('Loan number', v.loanNumber, MAX_LOAN_NUMBER),
    fhaCaseId: optionalTextError('FHA case id', v.fhaCaseId, MAX_FHA_CASE_ID),
    borrowerName: requiredTextError('Borrower name', v.borrowerName),
    ...propertyErrors(v),
    reportTypeIds: reportTypeIds.length >= 1 && reportTypeIds.length <= MAX_REPORT_TYPES ? undefined : 'Choose 1 to 4 report types.',
    appraiserFee: feeError('Appraiser fee', v.appraiserFee),
    clientFeeCents: centsError('Client fee', v.clientFeeCents, { optional: true, zeroAllowed: true }),
    techFee: optionalAmountError('Tech fee', v.techFee),
    purchasePrice: optionalAmountError('Purchase price', v.purchasePrice, MAX_PRICE),
    ...dueDateErrors(v.appraiserDueDate, v.inspectionDueDate, today, newOrder),
    dueDateReason: optionalTextError('Reason for the due date', v.dueDateReason, MAX_TEXT),
    notes: optionalTextError('Notes and special instructions', v.notes, MAX_NOTES),
    yearBuilt: wholeNumberError('Year built', v.yearBuilt, 1600, Number(today.slice(0, 4)) + 1),
    livingArea: wholeNumberError('Living area', v.livingArea, 1, 1_000_000),
    lotArea: wholeNumberError('Lot area', v.lotArea, 1, 100_000_000),
    countyUse: optionalTextError('County use', v.countyUse, MAX_COUNTY_USE),
    assessedValue: optionalAmountError('Assessed value', v.assessedValue, MAX_PRICE),
  });
}

/** Alert n's text when it is too long (n counts from 1); blank alerts are dropped, not refused. */
export function alertErrors(alerts: string[]): (string | undefined)[] {
  return alerts.map((text, i) => optionalTextError(`Alert ${i + 1}`, text, MAX_ALERT));
}

/** Contact n's fields that break a rule (n counts from 1, as the server's messages do). */
export function contactErrors(c: ContactFields, n: number): ContactErrors {
  return onlyFailed({
    name: requiredTextError(`Contact ${n} name`, c.name),
    type: chosenError(`Contact ${n} type`, c.type),
    email: emailError(`Contact ${n} e-mail`, c.email),
    cellPhone: phoneError(`Contact ${n} cell phone`, c.cellPhone),
    workPhone: phoneError(`Contact ${n} work phone`, c.workPhone),
    homePhone: phoneError(`Contact ${n} home phone`, c.homePhone),
  });
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Plain text as the HTML the server keeps: a paragraph per blank-line-separated block, <br> per line. */
export function plainTextToHtml(text: string): string | null {
  const escaped = text.trim().replace(/[&<>"']/g, (c) => ESCAPES[c]!);
  if (!escaped) return null;
  return escaped
    .split(/\n\s*\n/)
    .map((block) => `<p>${block.trim().split('\n').join('<br>')}</p>`)
    .join('');
}

const wholeNumberOrNull = (text: string) => (text.trim() ? parseWholeNumber(text) : null);

function contactBody(c: ContactFields): OrderContactForm {
  return {
    name: c.name.trim(),
    type: c.type,
    email: textOrNull(c.email),
    cellPhone: textOrNull(c.cellPhone),
    workPhone: textOrNull(c.workPhone),
    homePhone: textOrNull(c.homePhone),
  };
}

/** The client fee in whole cents when one is typed; left out otherwise. */
function clientFeeBody(text: string): Pick<OrderForm, 'clientFeeCents'> {
  const cents = text.trim() ? parseCents(text) : null;
  return cents === null ? {} : { clientFeeCents: cents };
}

/** The body of POST /api/staff/orders (and of PUT /api/staff/orders/{id}). */
export function orderBody(v: OrderFields, reportTypeIds: string[], contacts: ContactFields[], alerts: string[] = []): OrderForm {
  return {
    clientId: Number(v.clientId),
    loanNumber: textOrNull(v.loanNumber),
    fhaCaseId: textOrNull(v.fhaCaseId),
    borrowerName: v.borrowerName.trim(),
    ...propertyBody(v),
    reportTypeIds: reportTypeIds.map(Number),
    appraiserFee: parseAmount(v.appraiserFee),
    ...clientFeeBody(v.clientFeeCents),
    techFee: amountOrNull(v.techFee),
    purchasePrice: amountOrNull(v.purchasePrice),
    appraiserDueDate: v.appraiserDueDate || null,
    ...(v.dueDateReason.trim() ? { dueDateReason: v.dueDateReason.trim() } : {}),
    inspectionDueDate: v.inspectionDueDate || null,
    estimatedClosingDate: v.estimatedClosingDate || null,
    notesAndSpecialInstructions: plainTextToHtml(v.notes),
    contacts: contacts.map(contactBody),
    alerts: alerts.map((a) => a.trim()).filter(Boolean),
    yearBuilt: wholeNumberOrNull(v.yearBuilt),
    livingArea: wholeNumberOrNull(v.livingArea),
    lotArea: wholeNumberOrNull(v.lotArea),
    countyUse: textOrNull(v.countyUse),
    assessedValue: amountOrNull(v.assessedValue),
  };
}

// ---- Filling the form from an order (the Edit Order page) ---------------------------------------

const BLOCKS = 'p, div, li, h1, h2, h3, h4, h5, h6, blockquote, pre, tr';

/** Stored notes HTML as the plain text the form edits: a blank line between paragraphs, a line per <br>. */
export function htmlToPlainText(html: string | null | undefined): string {
  if (!html || !html.trim()) return '';
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  body.querySelectorAll('br').forEach((br) => br.replaceWith('\n'));
  body.querySelectorAll(BLOCKS).forEach((block) => block.append('\n\n'));
  return (body.textContent ?? '')
    .split('\n')
    .map((line) => line.trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

const amountText = (n: number | null | undefined) => (typeof n === 'number' ? n.toFixed(2) : '');
const numberText = (n: number | null | undefined) => (typeof n === 'number' ? String(n) : '');

/** The form's values for an order as GET /api/order-details/{id} answers it to staff. */
export function orderFormStart(order: OrderDetails) {
  const contacts = [...(order.propertyContact ? [order.propertyContact] : []), ...(order.otherContacts ?? [])];
  const fields: OrderFields = {
    clientId: numberText(order.clientId),
    loanNumber: order.loanNumber ?? '',
    fhaCaseId: order.fhaCaseId ?? '',
    borrowerName: order.borrowerName,
    propertyAddressLine1: order.propertyAddressLine1,
    propertyAddressLine2: order.propertyAddressLine2 ?? '',
    propertyCity: order.propertyCity,
    propertyStateCode: order.propertyStateCode,
    propertyCounty: order.county ?? '',
    propertyZip: order.propertyZip,
    propertyTypeId: numberText(order.propertyTypeId),
    intendedUseId: numberText(order.intendedUseId),
    appraiserFee: amountText(order.appraiserFee),
    clientFeeCents: centsText(order.clientFeeCents),
    techFee: amountText(order.techFee),
    purchasePrice: amountText(order.purchasePrice),
    appraiserDueDate: order.appraiserDueDate ?? '',
    dueDateReason: '',
    inspectionDueDate: order.inspectionDueDate ?? '',
    estimatedClosingDate: order.estimatedClosingDate ?? '',
    notes: htmlToPlainText(order.notesAndSpecialInstructions),
    yearBuilt: numberText(order.yearBuilt),
    livingArea: numberText(order.livingArea),
    lotArea: numberText(order.lotArea),
    countyUse: order.countyUse ?? '',
    assessedValue: amountText(order.assessedValue),
  };
  return {
    fields,
    reportTypeIds: [order.reportType1, order.reportType2, order.reportType3, order.reportType4].flatMap((r) => (r ? [String(r.id)] : [])),
    contacts: contacts.map((c) => ({
      name: c.name,
      type: c.type,
      email: c.email ?? '',
      cellPhone: c.cellPhone ?? '',
      workPhone: c.workPhone ?? '',
      homePhone: c.homePhone ?? '',
    })),
    alerts: [...(order.alerts ?? [])],
  };
}
