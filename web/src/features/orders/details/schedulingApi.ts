import { queryOptions } from '@tanstack/react-query';
import type { Client } from 'openapi-fetch';
import { api, call } from '../../../lib/api';
import { orderKeys } from '../keys';

// Written by hand until the API document has the scheduling calls (server features/scheduling.rs).

/** A window offered: `label` is its day and times in the company's time zone, as the portal writes them. */
export interface OfferedWindow {
  start: string;
  end: string;
  label: string;
  available: boolean;
  unavailableBecause: 'past' | 'taken' | null;
}

/** The order's latest self-scheduling link as its people see it. */
export interface SchedulingLinkView {
  contactName: string;
  contactEmail: string | null;
  contactPhone: string | null;
  windows: OfferedWindow[];
  state: 'open' | 'scheduled' | 'ended';
  chosen: OfferedWindow | null;
  sentBy: string;
  sentAt: string;
  expiresAt: string;
}

/** A window as sent: yyyy-mm-ddThh:mm in the company's time zone. */
export interface WindowInput {
  start: string;
  end: string;
}

export interface SchedulingLinkRequest {
  windows: WindowInput[];
  contact: { name: string; email?: string | null; phone?: string | null };
  scheduledWith?: string | null;
  estimatedDeliveryDate?: string | null;
  reason?: string | null;
}

type Answer<T> = { 200: { content: { 'application/json': T } } };
type OnOrder = { parameters: { path: { id: number } } };
type SchedulingLinkPaths = {
  '/api/orders/{id}/scheduling-link': {
    get: OnOrder & { responses: Answer<SchedulingLinkView | null> };
    post: OnOrder & { requestBody: { content: { 'application/json': SchedulingLinkRequest } }; responses: Answer<SchedulingLinkView> };
  };
};
const client = api as unknown as Client<SchedulingLinkPaths>;

const onOrder = (id: number) => ({ params: { path: { id } } });

/**
 * GET /api/orders/{id}/scheduling-link: the order's latest link, null when none was sent. Its key is
 * under the order's, so a 403 here comes with the order taken away: the order page says so, no redirect.
 */
export const schedulingLinkQuery = (orderId: number) =>
  queryOptions({
    queryKey: orderKeys.schedulingLink(orderId),
    queryFn: () => call(client.GET('/api/orders/{id}/scheduling-link', onOrder(orderId)), { notify: false, skip403Redirect: true }),
  });

/** POST /api/orders/{id}/scheduling-link: sends the link to the contact (422, 409 or 403 with the server's words, e.g. "Window 2: ..."). */
export const sendSchedulingLink = (orderId: number, body: SchedulingLinkRequest) =>
  call(client.POST('/api/orders/{id}/scheduling-link', { ...onOrder(orderId), body }), { notify: false });
