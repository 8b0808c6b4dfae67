import { queryOptions } from '@tanstack/react-query';
import { api, call, type Schemas } from '../../lib/api';
import { clientsQuery } from '../../lib/staffLists';

/** The staff desk's receivables (server `billing`): invoices, lender payments, credit notes, statements. */
export type InvoiceSummary = Schemas['InvoiceSummary'];
export type InvoiceStatus = Schemas['InvoiceStatus'];
export type LenderPaymentBody = Schemas['LenderPaymentBody'];
export type CreditNoteBody = Schemas['CreditNoteBody'];

/** Failures are shown in the form that made the call, not as a notice. */
const quiet = { notify: false } as const;

export const INVOICES_KEY = ['billing', 'invoices'] as const;

/** GET /api/staff/invoices: every invoice when `status` is left out. */
export const invoicesQuery = (status: InvoiceStatus | undefined) =>
  queryOptions({ queryKey: [...INVOICES_KEY, status ?? 'all'], queryFn: () => call(api.GET('/api/staff/invoices', { params: { query: status ? { status } : {} } })) });

export const recordInvoicePayment = (id: number, body: LenderPaymentBody) => call(api.POST('/api/staff/invoices/{id}/payments', { params: { path: { id } }, body }), quiet);
export const issueCreditNote = (id: number, body: CreditNoteBody) => call(api.POST('/api/staff/invoices/{id}/credit-notes', { params: { path: { id } }, body }), quiet);

/** The invoice's PDF (opened by a link). */
export const invoicePdfUrl = (id: number) => `/api/staff/invoices/${id}/pdf`;
/** A client's statement of a month (yyyy-mm) as a PDF or CSV file (opened by a link). */
export const statementUrl = (clientId: number, month: string, format: 'pdf' | 'csv') =>
  `/api/staff/clients/${clientId}/statement?month=${encodeURIComponent(month)}&format=${format}`;

export { clientsQuery };
