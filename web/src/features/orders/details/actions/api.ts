import { api, call, type Schemas } from '../../../../lib/api';

/** The order action calls of part 2 section 7; each answers with the server's success words. */
export type AssignableAppraiser = Schemas['AssignableAppraiser'];

type Done = Promise<{ message: string }>;

// Dialogs show failures themselves (or the shared handling does, for 401 and 403).
const quiet = { notify: false } as const;

export const sendMessage = (body: Schemas['SendMessage']): Done => call(api.POST('/api/order-details/message', { body }), quiet);
export const markInspected = (body: Schemas['MarkInspected']): Done => call(api.POST('/api/order-details/mark-inspected', { body }), quiet);
export const scheduleInspection = (body: Schemas['ScheduleInspection']): Done =>
  call(api.POST('/api/order-details/schedule-inspection', { body }), quiet);
export const rejectWithConditions = (body: Schemas['ConditionalAcceptance']): Done =>
  call(api.POST('/api/order-details/conditional-acceptance', { body }), quiet);
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
