import { queryOptions } from '@tanstack/react-query';
import { api, call, type Schemas } from '../../lib/api';
import { clientsQuery } from '../../lib/staffLists';

/** The staff desk's calls: clients, the order form, and paying appraisers (/api/staff/...). */
export type ClientItem = Schemas['ClientItem'];
export type ClientForm = Schemas['ClientForm'];
export type OrderForm = Schemas['OrderForm'];
export type OrderContactForm = Schemas['OrderContactForm'];
export type PayableOrder = Schemas['PayableOrder'];
export type PaymentBody = Schemas['PaymentBody'];

/** Failures are shown in the form that made the call, not as a notice. */
const quiet = { notify: false } as const;

/** GET /api/staff/clients (the same list the quote form picks from). */
export { clientsQuery };
export const CLIENTS_KEY = clientsQuery().queryKey;

export const createClient = (body: ClientForm) => call(api.POST('/api/staff/clients', { body }), quiet);
export const updateClient = (id: number, body: ClientForm) => call(api.PUT('/api/staff/clients/{id}', { params: { path: { id } }, body }), quiet);

export const createOrder = (body: OrderForm) => call(api.POST('/api/staff/orders', { body }), quiet);
/** PUT /api/staff/orders/{id}: corrects an open order (409 for a closed or meanwhile changed one). */
export const updateOrder = (id: number, body: OrderForm) => call(api.PUT('/api/staff/orders/{id}', { params: { path: { id } }, body }), quiet);

export type OrderDetails = Schemas['OrderDetails'];

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

export const PAYABLE_KEY = ['staff', 'payments', 'payable'] as const;
export const payableOrdersQuery = () => queryOptions({ queryKey: PAYABLE_KEY, queryFn: () => call(api.GET('/api/staff/payments/payable')) });
export const recordPayment = (body: PaymentBody) => call(api.POST('/api/staff/payments', { body }), quiet);

// ---- A client's users and API keys ---------------------------------------------------------------

export type ClientUserItem = Schemas['ClientUserItem'];
export type ClientUserForm = Schemas['ClientUserForm'];

export const clientAccessKeys = {
  users: (clientId: number) => ['staff', 'clients', clientId, 'users'] as const,
  apiKeys: (clientId: number) => ['staff', 'clients', clientId, 'api-keys'] as const,
};

const onClient = (id: number) => ({ params: { path: { id } } });

export const clientUsersQuery = (clientId: number) =>
  queryOptions({ queryKey: clientAccessKeys.users(clientId), queryFn: () => call(api.GET('/api/staff/clients/{id}/users', onClient(clientId)), quiet) });
/** POST /api/staff/clients/{id}/users: opens the account and e-mails the invitation. */
export const inviteClientUser = (clientId: number, body: ClientUserForm) => call(api.POST('/api/staff/clients/{id}/users', { ...onClient(clientId), body }), quiet);

export const listClientApiKeys = (clientId: number) => call(api.GET('/api/staff/clients/{id}/api-keys', onClient(clientId)), quiet);
export const createClientApiKey = (clientId: number, name: string | null) => call(api.POST('/api/staff/clients/{id}/api-keys', { ...onClient(clientId), body: { name } }), quiet);
export const revokeClientApiKey = (clientId: number, keyId: number) =>
  call(api.DELETE('/api/staff/clients/{id}/api-keys/{key_id}', { params: { path: { id: clientId, key_id: keyId } } }), quiet);
