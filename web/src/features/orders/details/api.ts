import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api, ApiError, call, handleFailure, type Schemas } from '../../../lib/api';
import { downloadFromStream, saveBase64, viewFromStream } from '../../../lib/fileTransfer';
import { notify } from '../../../lib/notify';
import { orderKeys } from '../keys';
import type { OrderDetails, OrderFile } from './types';

/** The order details calls under /api/order-details, typed by the generated API schema. */
const onOrder = (id: number) => ({ params: { path: { id } } });

/** A usable order id: digits only, a positive safe integer. */
export function parseOrderId(raw: string | undefined): number | null {
  if (!raw || !/^\d+$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

export type OrderLoad = { state: 'loaded'; order: OrderDetails } | { state: 'invalid' } | { state: 'not-found' } | { state: 'no-longer-available' } | { state: 'forbidden' };

async function wasInvited(id: number): Promise<boolean> {
  try {
    const r = await api.GET('/api/order-details/{id}/was-invited', onOrder(id));
    return r.response.ok && r.data?.wasInvited === true;
  } catch (e) {
    console.error('was-invited check failed', e);
    return false;
  }
}

const getOrder = (id: number) => api.GET('/api/order-details/{id}', onOrder(id));

/**
 * Loads an order. A 403 skips the generic handling at first: when the
 * caller was invited, the page shows "no longer available" and nothing else; when not, the generic
 * 403 handling runs after all (the notice and /forbidden). 404 and 400 become page states; anything
 * else is an ApiError for the page's error banner.
 */
export async function loadOrder(id: number): Promise<OrderLoad> {
  let r: Awaited<ReturnType<typeof getOrder>>;
  try {
    r = await getOrder(id);
  } catch {
    throw new ApiError(0, 'An error occurred');
  }
  const { status } = r.response;
  if (r.response.ok) return { state: 'loaded', order: r.data as OrderDetails };
  if (status === 404) return { state: 'not-found' };
  if (status === 400) return { state: 'invalid' };
  if (status === 403) {
    if (await wasInvited(id)) return { state: 'no-longer-available' };
    handleFailure(403, r.error);
    return { state: 'forbidden' };
  }
  throw handleFailure(status, r.error, { notify: false });
}

export function orderDetailsQuery(id: number) {
  return queryOptions({
    queryKey: orderKeys.details(id),
    queryFn: () => loadOrder(id),
  });
}

/** Opening the Messages tab marks the caller's unread messages read; failures are only logged. */
export async function markMessagesRead(id: number): Promise<boolean> {
  try {
    const r = await api.POST('/api/order-details/{id}/messages/read', onOrder(id));
    if (!r.response.ok) console.error('marking messages read failed', r.response.status);
    return r.response.ok;
  } catch (e) {
    console.error('marking messages read failed', e);
    return false;
  }
}

/** While `open` (the Messages tab shows), marks the order's messages read; the dashboard's unread badges follow. */
export function useMarkMessagesRead(orderId: number, open: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!open) return;
    let live = true;
    void markMessagesRead(orderId).then((ok) => {
      if (ok && live) void queryClient.invalidateQueries({ queryKey: orderKeys.dashboard() });
    });
    return () => {
      live = false;
    };
  }, [open, orderId, queryClient]);
}

/** Print order failure (without the full stop of the file download notice). */
export const MSG_PRINT_FAILED = 'Failed to download the file';

/** The printed order, saved as '{orderId}-{filename}'. */
export async function printOrder(orderId: number): Promise<boolean> {
  try {
    const file = await call(api.POST('/api/file/print-order', { body: { orderId } }), { notify: false });
    saveBase64(file.content, file.contentType, `${orderId}-${file.filename}`);
    return true;
  } catch (e) {
    // 401 and 403 already had their own notice.
    if (!(e instanceof ApiError && (e.status === 401 || e.status === 403))) notify('error', MSG_PRINT_FAILED);
    return false;
  }
}

/** The streaming variant of GET /api/file/download/appraisalfile/{id}. */
export function appraisalFileStreamUrl(fileId: number): string {
  return `/api/file/stream/appraisalfile/${fileId}`;
}

export function viewOrderFile(file: Pick<OrderFile, 'id' | 'fileName' | 'fileSize'>): Promise<boolean> {
  return viewFromStream(appraisalFileStreamUrl(file.id), file.fileName, file.fileSize);
}

export function downloadOrderFile(file: Pick<OrderFile, 'id' | 'fileName' | 'fileSize'>): Promise<boolean> {
  return downloadFromStream(appraisalFileStreamUrl(file.id), file.fileName, file.fileSize);
}

// ---- Internal notes (STAFF and SECRET only; never asked for by anyone else) --------------------

export type Note = Schemas['Note'];

export function orderNotesQuery(orderId: number) {
  return queryOptions({
    queryKey: orderKeys.notes(orderId),
    queryFn: () => call(api.GET('/api/staff/orders/{id}/notes', onOrder(orderId)), { notify: false }),
  });
}

/** POST /api/staff/orders/{id}/notes: the note as stored (422 with the server's words for bad text). */
export const addOrderNote = (orderId: number, text: string): Promise<Note> =>
  call(api.POST('/api/staff/orders/{id}/notes', { ...onOrder(orderId), body: { text } }), { notify: false });

// ---- Messages with the order's client (STAFF and SECRET only) -----------------------------------

export function clientMessagesQuery(orderId: number) {
  return queryOptions({
    queryKey: orderKeys.clientMessages(orderId),
    queryFn: () => call(api.GET('/api/staff/orders/{id}/client-messages', onOrder(orderId)), { notify: false }),
  });
}

/** POST /api/staff/orders/{id}/client-messages: answers the client (409 for an order with no client). */
export const writeToClient = (orderId: number, body: string) =>
  call(api.POST('/api/staff/orders/{id}/client-messages', { ...onOrder(orderId), body: { body } }), { notify: false });

// ---- The report's data file (staff and the order's appraiser) ------------------------------------

export type ReportData = Schemas['ReportData'];

/** GET /api/orders/{id}/report-data: what the latest data file says; null while there is none. */
export function reportDataQuery(orderId: number) {
  return queryOptions({
    queryKey: orderKeys.reportData(orderId),
    queryFn: () => call(api.GET('/api/orders/{id}/report-data', onOrder(orderId)), { notify: false }),
  });
}

/** POST /api/staff/orders/{id}/report-data/acknowledge: the data as it now stands. */
export const acknowledgeWarnings = (orderId: number, codes: string[]): Promise<ReportData> =>
  call(api.POST('/api/staff/orders/{id}/report-data/acknowledge', { ...onOrder(orderId), body: { codes } }), { notify: false });

// ---- Fair-language screening of the report ---------------------------------------------------------

export type FairLanguageFinding = Schemas['FairLanguageFinding'];
export type Precheck = Schemas['Precheck'];

/** GET /api/orders/{id}/fair-language: the findings of the current report PDF and data file (staff, the order's appraiser). */
export function fairLanguageQuery(orderId: number) {
  return queryOptions({
    queryKey: orderKeys.fairLanguage(orderId),
    queryFn: () => call(api.GET('/api/orders/{id}/fair-language', onOrder(orderId)), { notify: false }),
  });
}

/** PUT /api/staff/orders/{id}/fair-language/{findingId}: staff dispose of a finding (a block only as a proper noun); the findings as they now stand. */
export const disposeFinding = (orderId: number, findingId: number, body: Schemas['DispositionBody']): Promise<FairLanguageFinding[]> =>
  call(api.PUT('/api/staff/orders/{id}/fair-language/{findingId}', { params: { path: { id: orderId, findingId } }, body }), { notify: false });

/** POST /api/appraiser/precheck: a report PDF or data file checked before it is sent; nothing is stored. */
export function precheckReport(file: File): Promise<Precheck> {
  const form = new FormData();
  form.append('file', file, file.name);
  return call(api.POST('/api/appraiser/precheck', { body: form }), { notify: false });
}

/** PUT /api/staff/orders/{id}/client-fee: what the client is charged, until the order is invoiced (409 after). */
export const changeClientFee = (id: number, clientFeeCents: number) =>
  call(api.PUT('/api/staff/orders/{id}/client-fee', { ...onOrder(id), body: { clientFeeCents } }), { notify: false });
export const sendPaymentLink = (id: number, email: string | null) =>
  call(api.POST('/api/staff/orders/{id}/borrower-payment-link', { ...onOrder(id), body: { email } }), { notify: false });

/** POST /api/staff/orders/{id}/second-appraisal: a linked order its first appraiser's firm may not take. */
export const orderSecondAppraisal = (id: number, reason: string) =>
  call(api.POST('/api/staff/orders/{id}/second-appraisal', { ...onOrder(id), body: { reason } }), { notify: false });
