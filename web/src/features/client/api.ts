import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, ApiError, call, type Schemas } from '../../lib/api';
import { MSG_ADMINS_ONLY } from '../../lib/clientSeat';
import { downloadFromStream, viewFromStream } from '../../lib/fileTransfer';
import type { ReconsiderationBody } from '../../lib/reconsiderations';

/** The client area's calls (/api/client/...): the client's orders, one order's page, placing one. */
export type ClientOrderItem = Schemas['ClientOrderItem'];
export type ClientOrderList = Schemas['ClientOrderList'];
export type ClientOrder = Schemas['ClientOrder'];
export type ClientInvoice = Schemas['ClientInvoice'];
export type ClientMessage = Schemas['ClientMessage'];
export type ClientDocument = Schemas['ClientDocument'];
export type NewOrderForm = Schemas['NewOrderForm'];
export type ContactInput = Schemas['ContactInput'];
export type ContactRole = Schemas['ContactRole'];
export type ContactView = Schemas['ContactView'];

/** open (the server's default), delivered, cancelled or all. */
export type OrderFilter = 'open' | 'delivered' | 'cancelled' | 'all';

export interface OrderListParams {
  filter: OrderFilter;
  search: string;
  /** 1-based, as the server counts. */
  page: number;
  pageSize: number;
}

/** Failures are shown where the call was made, not as a notice. */
const quiet = { notify: false } as const;

/** Every query key of the client area, in one place. */
export const clientKeys = {
  all: ['client'] as const,
  orders: () => [...clientKeys.all, 'orders'] as const,
  orderList: (params: OrderListParams) => [...clientKeys.orders(), 'list', params] as const,
  order: (id: number) => [...clientKeys.orders(), id] as const,
  messages: (id: number) => [...clientKeys.order(id), 'messages'] as const,
  documents: (id: number) => [...clientKeys.order(id), 'documents'] as const,
  reportData: (id: number) => [...clientKeys.order(id), 'report-data'] as const,
  fairLanguage: (id: number) => [...clientKeys.order(id), 'fair-language'] as const,
  reconsiderations: (id: number) => [...clientKeys.order(id), 'reconsiderations'] as const,
  revisionRequests: (id: number) => [...clientKeys.order(id), 'revision-requests'] as const,
  invoices: () => [...clientKeys.all, 'invoices'] as const,
  invoiceList: (params: InvoiceListParams) => [...clientKeys.invoices(), 'list', params] as const,
  branches: () => [...clientKeys.all, 'branches'] as const,
  users: () => [...clientKeys.all, 'users'] as const,
  loanOfficers: () => [...clientKeys.all, 'loan-officers'] as const,
};

export const MSG_ORDERS_FAILED = 'The orders could not be loaded.';

export const clientOrdersQuery = (params: OrderListParams) =>
  queryOptions({
    queryKey: clientKeys.orderList(params),
    queryFn: () =>
      call(
        api.GET('/api/client/orders', {
          params: { query: { filter: params.filter, search: params.search.trim() || undefined, page: params.page, pageSize: params.pageSize } },
        }),
        { ...quiet, errorMessage: MSG_ORDERS_FAILED },
      ),
    placeholderData: keepPreviousData,
  });

/** GET /api/client/orders/export: the list's orders as a CSV file, with its filter and search (an empty search left out). */
export function ordersCsvUrl(filter: OrderFilter, search: string): string {
  const query = new URLSearchParams({ format: 'csv', filter });
  if (search.trim()) query.set('search', search.trim());
  return `/api/client/orders/export?${query}`;
}

export const clientOrderQuery = (id: number) =>
  queryOptions({
    queryKey: clientKeys.order(id),
    queryFn: () => call(api.GET('/api/client/orders/{id}', { params: { path: { id } } }), quiet),
  });

export const clientMessagesQuery = (id: number) =>
  queryOptions({
    queryKey: clientKeys.messages(id),
    queryFn: () => call(api.GET('/api/client/orders/{id}/messages', { params: { path: { id } } }), quiet),
  });

export const clientDocumentsQuery = (id: number) =>
  queryOptions({
    queryKey: clientKeys.documents(id),
    queryFn: () => call(api.GET('/api/client/orders/{id}/documents', { params: { path: { id } } }), quiet),
  });

/** GET /api/orders/{id}/report-data: what a delivered order's data file says; null while there is none. */
export const clientReportDataQuery = (id: number) =>
  queryOptions({
    queryKey: clientKeys.reportData(id),
    queryFn: () => call(api.GET('/api/orders/{id}/report-data', { params: { path: { id } } }), quiet),
  });

/** GET /api/orders/{id}/fair-language: the delivered report's fair-language findings (empty before delivery). */
export const clientFairLanguageQuery = (id: number) =>
  queryOptions({
    queryKey: clientKeys.fairLanguage(id),
    queryFn: () => call(api.GET('/api/orders/{id}/fair-language', { params: { path: { id } } }), quiet),
  });

/** GET /api/client/orders/{id}/reconsiderations: the order's reconsiderations of value, oldest first. */
export const clientReconsiderationsQuery = (id: number) =>
  queryOptions({
    queryKey: clientKeys.reconsiderations(id),
    queryFn: () => call(api.GET('/api/client/orders/{id}/reconsiderations', { params: { path: { id } } }), quiet),
  });

/** POST /api/client/orders/{id}/reconsiderations: a lender's request (409 before delivery or after the closing date). */
export const requestReconsideration = (id: number, body: ReconsiderationBody) =>
  call(api.POST('/api/client/orders/{id}/reconsiderations', { params: { path: { id } }, body }), quiet);

export type LenderRevisionRequest = Schemas['LenderRevisionRequest'];

/** GET /api/client/orders/{id}/revision-requests: the lender's revision requests, oldest first. */
export const revisionRequestsQuery = (id: number) =>
  queryOptions({
    queryKey: clientKeys.revisionRequests(id),
    queryFn: () => call(api.GET('/api/client/orders/{id}/revision-requests', { params: { path: { id } } }), quiet),
  });

/** POST /api/client/orders/{id}/revision-requests: corrections of the delivered report (409 unless delivered; 422 names `items[i].reference`). */
export const requestRevisions = (id: number, body: Schemas['RevisionBody']) =>
  call(api.POST('/api/client/orders/{id}/revision-requests', { params: { path: { id } }, body }), quiet);

export type DueDateTerms = Schemas['DueDateTerms'];

/** GET /api/client/due-date-terms: a product's standard due date in a state and what a rush adds. */
export const dueDateTermsQuery = (productId: number, stateCode: string) =>
  queryOptions({
    queryKey: [...clientKeys.all, 'due-date-terms', productId, stateCode] as const,
    queryFn: () => call(api.GET('/api/client/due-date-terms', { params: { query: { productId, stateCode } } }), quiet),
    enabled: productId > 0 && /^[A-Za-z]{2}$/.test(stateCode),
  });

/** POST /api/client/orders: the new order's id and file number. */
export const placeOrder = (body: NewOrderForm) => call(api.POST('/api/client/orders', { body }), quiet);

/** POST /api/client/orders/{id}/documents: multipart, `files` repeated (up to 10). */
export function attachDocuments(id: number, files: File[]) {
  const form = new FormData();
  for (const file of files) form.append('files', file, file.name);
  // openapi-fetch sends a FormData body as it is (the schema describes its fields, not this object).
  return call(api.POST('/api/client/orders/{id}/documents', { params: { path: { id } }, body: form as never }), quiet);
}

export const writeToStaff = (id: number, body: string) => call(api.POST('/api/client/orders/{id}/messages', { params: { path: { id } }, body: { body } }), quiet);

export const requestCancellation = (id: number, reason: string) => call(api.POST('/api/client/orders/{id}/cancel', { params: { path: { id } }, body: { reason } }), quiet);

const documentUrl = (orderId: number, documentId: number) => `/api/client/orders/${orderId}/documents/${documentId}`;

export const viewDocument = (orderId: number, d: ClientDocument) => viewFromStream(documentUrl(orderId, d.id), d.fileName, d.sizeBytes);
export const downloadDocument = (orderId: number, d: ClientDocument) => downloadFromStream(documentUrl(orderId, d.id), d.fileName, d.sizeBytes);

// ---- Invoices ------------------------------------------------------------------------------------

export type InvoiceSummary = Schemas['InvoiceSummary'];
export type InvoiceStatus = Schemas['InvoiceStatus'];
/** A status, or every invoice. */
export type InvoiceFilter = InvoiceStatus | 'all';

export interface InvoiceListParams {
  status: InvoiceFilter;
  search: string;
  /** 1-based, as the server counts. */
  page: number;
  pageSize: number;
}

export const MSG_INVOICES_FAILED = 'The invoices could not be loaded.';

/** The filter as the server takes it: a status, or left out for every invoice. */
const statusOf = (status: InvoiceFilter) => (status === 'all' ? undefined : status);

/** GET /api/client/invoices: a page of the client's invoices, newest first, with what the listed ones owe altogether. */
export const clientInvoicesQuery = (params: InvoiceListParams) =>
  queryOptions({
    queryKey: clientKeys.invoiceList(params),
    queryFn: () =>
      call(
        api.GET('/api/client/invoices', {
          params: { query: { status: statusOf(params.status), search: params.search.trim() || undefined, page: params.page, pageSize: params.pageSize } },
        }),
        { ...quiet, errorMessage: MSG_INVOICES_FAILED },
      ),
    placeholderData: keepPreviousData,
  });

/** GET /api/client/invoices/export: the listed invoices as a CSV file (All and an empty search left out). */
export function invoicesCsvUrl(status: InvoiceFilter, search: string): string {
  const query = new URLSearchParams({ format: 'csv' });
  const chosen = statusOf(status);
  if (chosen) query.set('status', chosen);
  if (search.trim()) query.set('search', search.trim());
  return `/api/client/invoices/export?${query}`;
}

/** GET /api/client/orders/{id}/invoice: the order's invoice as a PDF. */
export const invoicePdfUrl = (orderId: number) => `/api/client/orders/${orderId}/invoice`;

// ---- API & Webhooks ------------------------------------------------------------------------------

export type Endpoint = Schemas['Endpoint'];
export type WebhookAttempt = Schemas['Attempt'];
export type TestResult = Schemas['TestResult'];

export const API_KEYS_KEY = [...clientKeys.all, 'api-keys'] as const;
export const listApiKeys = () => call(api.GET('/api/client/api-keys'), quiet);
/** POST /api/client/api-keys: the new key, shown once (422 names `name`, `scopes` or `expiresOn`). */
export const createApiKey = (body: Schemas['ApiKeyForm']) => call(api.POST('/api/client/api-keys', { body }), quiet);
export const revokeApiKey = (keyId: number) => call(api.DELETE('/api/client/api-keys/{key_id}', { params: { path: { key_id: keyId } } }), quiet);

export const webhookKeys = {
  endpoints: () => [...clientKeys.all, 'webhook-endpoints'] as const,
  attempts: (id: number) => [...webhookKeys.endpoints(), id, 'attempts'] as const,
};

export const endpointsQuery = () => queryOptions({ queryKey: webhookKeys.endpoints(), queryFn: () => call(api.GET('/api/client/webhook-endpoints'), quiet) });
export const attemptsQuery = (id: number) =>
  queryOptions({ queryKey: webhookKeys.attempts(id), queryFn: () => call(api.GET('/api/client/webhook-endpoints/{id}/attempts', { params: { path: { id } } }), quiet) });

export const addEndpoint = (url: string, eventTypes: string[]) => call(api.POST('/api/client/webhook-endpoints', { body: { url, eventTypes } }), quiet);
export const deleteEndpoint = (id: number) => call(api.DELETE('/api/client/webhook-endpoints/{id}', { params: { path: { id } } }), quiet);
export const testEndpoint = (id: number) => call(api.POST('/api/client/webhook-endpoints/{id}/test', { params: { path: { id } } }), quiet);
export const redeliver = (deliveryId: number) => call(api.POST('/api/client/webhook-deliveries/{id}/redeliver', { params: { path: { id: deliveryId } } }), quiet);

// ---- The lender's branches and users -------------------------------------------------------------

export type Branch = Schemas['Branch'];
export type BranchForm = Schemas['BranchForm'];
export type ClientUserItem = Schemas['ClientUserItem'];
export type ClientUserForm = Schemas['ClientUserForm'];
export type ClientUserChange = Schemas['ClientUserChange'];
export type LoanOfficer = Schemas['LoanOfficer'];

/**
 * A call only the lender's administrators may make, for a page that says why it shows nothing: a
 * 403 is an ApiError with the server's words, without the shared notice and /forbidden.
 */
async function forAdministrators<T>(pending: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const answer = await pending.catch(() => null);
  // No answer at all: call() says so as for any other call.
  if (!answer) return call(pending, quiet);
  if (answer.response.status === 403) {
    const message = (answer.error as { message?: unknown } | undefined)?.message;
    throw new ApiError(403, typeof message === 'string' && message.trim() ? message : MSG_ADMINS_ONLY, answer.error);
  }
  return call(Promise.resolve(answer), quiet);
}

/** GET /api/client/branches: the lender's branches by name, inactive ones too (every user of the lender). */
export const branchesQuery = () => queryOptions({ queryKey: clientKeys.branches(), queryFn: () => call(api.GET('/api/client/branches'), quiet) });
/** POST /api/client/branches (administrators; 422 under `name` for a name the lender has already). */
export const addBranch = (body: BranchForm) => call(api.POST('/api/client/branches', { body }), quiet);
/** PUT /api/client/branches/{id}: the name, and `active` false makes it inactive. */
export const changeBranch = (id: number, body: BranchForm) => call(api.PUT('/api/client/branches/{id}', { params: { path: { id } }, body }), quiet);

/** GET /api/client/users: the lender's users with their roles and branches (administrators; a 403 in the server's words). */
export const clientUsersQuery = () => queryOptions({ queryKey: clientKeys.users(), queryFn: () => forAdministrators(api.GET('/api/client/users')) });
/** POST /api/client/users: opens the account and e-mails the invitation (409 for a username in use; 422 names the field). */
export const inviteUser = (body: ClientUserForm) => call(api.POST('/api/client/users', { body }), quiet);
/** PUT /api/client/users/{id}: role, branch (0: none) or active (409 for the last administrator; 422 under `branchId`). */
export const changeUser = (id: number, body: ClientUserChange) => call(api.PUT('/api/client/users/{id}', { params: { path: { id } }, body }), quiet);

/** GET /api/client/loan-officers: the lender's active loan officers a new order may name. */
export const loanOfficersQuery = () => queryOptions({ queryKey: clientKeys.loanOfficers(), queryFn: () => call(api.GET('/api/client/loan-officers'), quiet) });
