import { queryOptions } from '@tanstack/react-query';
import { api, call, type Schemas } from '../../../lib/api';
import { orderKeys } from '../keys';

export type OfferedWindow = Schemas['OfferedWindow'];
export type SchedulingLinkView = Schemas['SchedulingLinkView'];
export type WindowInput = Schemas['SchedulingWindowInput'];
export type SchedulingLinkRequest = Schemas['SchedulingLinkRequest'];

const onOrder = (id: number) => ({ params: { path: { id } } });

/**
 * GET /api/orders/{id}/scheduling-link: the order's latest link, null when none was sent. Its key is
 * under the order's, so a 403 here comes with the order taken away: the order page says so, no redirect.
 */
export const schedulingLinkQuery = (orderId: number) =>
  queryOptions({
    queryKey: orderKeys.schedulingLink(orderId),
    queryFn: () => call(api.GET('/api/orders/{id}/scheduling-link', onOrder(orderId)), { notify: false, skip403Redirect: true }),
  });

/** POST /api/orders/{id}/scheduling-link: sends the link to the contact (422, 409 or 403 with the server's words, e.g. "Window 2: ..."). */
export const sendSchedulingLink = (orderId: number, body: SchedulingLinkRequest) =>
  call(api.POST('/api/orders/{id}/scheduling-link', { ...onOrder(orderId), body }), { notify: false });
