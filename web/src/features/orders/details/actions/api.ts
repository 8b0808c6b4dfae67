import { api, ApiError, call, type Schemas } from '../../../../lib/api';

/** The order action calls (docs/domain.md#order-lifecycle); each answers with the server's success words. */
export type AssignableAppraiser = Schemas['AssignableAppraiser'];

type Done = Promise<{ message: string }>;

// Dialogs show failures themselves (or the shared handling does, for 401 and 403).
const quiet = { notify: false } as const;

export const sendMessage = (body: Schemas['SendMessage']): Done => call(api.POST('/api/order-details/message', { body }), quiet);
export const markInspected = (body: Schemas['MarkInspected']): Done => call(api.POST('/api/order-details/mark-inspected', { body }), quiet);
export const scheduleInspection = (body: Schemas['ScheduleInspection']): Done => call(api.POST('/api/order-details/schedule-inspection', { body }), quiet);
export const rejectWithConditions = (body: Schemas['ConditionalAcceptance']): Done => call(api.POST('/api/order-details/conditional-acceptance', { body }), quiet);
export const rejectOrder = (body: Schemas['RejectOrder']): Done => call(api.POST('/api/order-details/reject', { body }), quiet);
export const acceptOrder = (body: Schemas['AcceptOrder']): Done => call(api.POST('/api/order-details/accept', { body }), quiet);
export const updateStatus = (body: Schemas['UpdateStatus']): Done => call(api.POST('/api/order-details/update-status', { body }), quiet);
export const fileMessage = (body: Schemas['FileMessage']): Done => call(api.POST('/api/order-details/file-message', { body }), quiet);
export const autoReplyYes = (orderId: number): Done => call(api.POST('/api/order-details/auto-reply-yes', { body: { orderId } }), quiet);
export const autoReplyNo = (orderId: number): Done => call(api.POST('/api/order-details/auto-reply-no', { body: { orderId } }), quiet);
export const assignOrder = (body: Schemas['AssignOrder']): Done => call(api.POST('/api/admin-appraiser/assign-order', { body }), quiet);

export function assignableAppraisers(orderId: number): Promise<AssignableAppraiser[]> {
  return call(api.GET('/api/admin-appraiser/order/{id}/assignable', { params: { path: { id: orderId } } }), quiet);
}

/** The statuses offered for a manual update (label and value), from the server. */
export function manualStatuses(): Promise<Schemas['OptionItem'][]> {
  return call(api.GET('/api/constants/status-message-options'), quiet);
}

export function orderFileTypes(orderId: number): Promise<Schemas['OptionItem'][]> {
  return call(api.GET('/api/constants/order-file-types/{id}', { params: { path: { id: orderId } } }), quiet);
}

// ---- The staff desk (STAFF and SECRET) ---------------------------------------------------------

export type Candidate = Schemas['Candidate'];

const onOrder = (id: number) => ({ params: { path: { id } } });

export function candidates(orderId: number): Promise<Candidate[]> {
  return call(api.GET('/api/staff/orders/{id}/candidates', onOrder(orderId)), quiet);
}
export const assignToAppraiser = (orderId: number, body: Schemas['AssignBody']): Done => call(api.POST('/api/staff/orders/{id}/assign', { ...onOrder(orderId), body }), quiet);
export const unassign = (orderId: number): Done => call(api.POST('/api/staff/orders/{id}/unassign', onOrder(orderId)), quiet);
export const approveConditions = (orderId: number): Done => call(api.POST('/api/staff/orders/{id}/conditions/approve', onOrder(orderId)), quiet);
export const declineConditions = (orderId: number, message: string): Done =>
  call(api.POST('/api/staff/orders/{id}/conditions/decline', { ...onOrder(orderId), body: { message } }), quiet);
/** The items to change (at least one) and an optional note; 422 names `items`, `items[i].reference` or `items[i].text`. */
export const requestRevision = (orderId: number, body: Schemas['RevisionBody']): Done => call(api.POST('/api/staff/orders/{id}/revision', { ...onOrder(orderId), body }), quiet);
export const completeOrder = (orderId: number): Done => call(api.POST('/api/staff/orders/{id}/complete', onOrder(orderId)), quiet);
export const deliverOrder = (orderId: number): Done => call(api.POST('/api/staff/orders/{id}/deliver', onOrder(orderId)), quiet);

/** What Deliver's 409 lists: the data file's hard stops, its unacknowledged warnings, or the fair-language findings that hold the report. */
export interface DeliveryBlocks {
  hardStops: Schemas['Check'][];
  unacknowledgedWarnings: Schemas['Warning'][];
  fairLanguage: Schemas['FairLanguageFinding'][];
}

/** The lists of Deliver's 409 (all empty for any other failure). */
export function deliveryBlocks(error: unknown): DeliveryBlocks {
  const body = error instanceof ApiError && error.status === 409 ? (error.body as Record<string, unknown> | null) : null;
  const list = <T>(items: unknown): T[] => (Array.isArray(items) ? (items as T[]) : []);
  return { hardStops: list(body?.hardStops), unacknowledgedWarnings: list(body?.unacknowledgedWarnings), fairLanguage: list(body?.fairLanguage) };
}

export const cancelOrder = (orderId: number, reason: string): Done => call(api.POST('/api/staff/orders/{id}/cancel', { ...onOrder(orderId), body: { reason } }), quiet);
export const holdOrder = (orderId: number, reason: string): Done => call(api.POST('/api/staff/orders/{id}/hold', { ...onOrder(orderId), body: { reason } }), quiet);
export const resumeOrder = (orderId: number): Done => call(api.POST('/api/staff/orders/{id}/resume', onOrder(orderId)), quiet);
export const askOnTime = (orderId: number): Done => call(api.POST('/api/staff/orders/{id}/on-time-inquiry', onOrder(orderId)), quiet);
export const setVisibility = (orderId: number, body: Schemas['VisibilityBody']): Done => call(api.POST('/api/staff/orders/{id}/visibility', { ...onOrder(orderId), body }), quiet);
