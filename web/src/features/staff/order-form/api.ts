import { queryOptions } from '@tanstack/react-query';
import { api, call, type Schemas } from '../../../lib/api';

/** The staff order form's calls: placing a new order and correcting an open one (/api/staff/orders). */
export type OrderForm = Schemas['OrderForm'];
export type OrderContactForm = Schemas['OrderContactForm'];
export type OrderDetails = Schemas['OrderDetails'];

/** Failures are shown in the form that made the call, not as a notice. */
const quiet = { notify: false } as const;

export const createOrder = (body: OrderForm) => call(api.POST('/api/staff/orders', { body }), quiet);
/** PUT /api/staff/orders/{id}: corrects an open order (409 for a closed or meanwhile changed one). */
export const updateOrder = (id: number, body: OrderForm) => call(api.PUT('/api/staff/orders/{id}', { params: { path: { id } }, body }), quiet);

/**
 * The order as its page shows it, to fill the Edit Order form: read afresh on every visit (kept in
 * no cache), so the form starts from what the order is now.
 */
export const orderToEditQuery = (id: number) =>
  queryOptions({
    queryKey: ['staff', 'order-to-edit', id] as const,
    queryFn: () => call(api.GET('/api/order-details/{id}', { params: { path: { id } } }), quiet),
    gcTime: 0,
  });
