import { queryOptions } from '@tanstack/react-query';
import { api, call, type Schemas } from '../../../lib/api';
import { clientsQuery } from '../../../lib/staffLists';

/** The staff desk's clients (lenders): the list, their records, their users and API keys (/api/staff/clients). */
export type ClientItem = Schemas['ClientItem'];
export type ClientForm = Schemas['ClientForm'];
/** An e-mail domain whose people may sign in with single sign-on and join the client as viewers (until the regenerated API types have it). */

/** Failures are shown in the form that made the call, not as a notice. */
const quiet = { notify: false } as const;

/** GET /api/staff/clients (the same list the quote form picks from). */
export { clientsQuery };
export const CLIENTS_KEY = clientsQuery().queryKey;

export const createClient = (body: ClientForm) => call(api.POST('/api/staff/clients', { body }), quiet);
export const updateClient = (id: number, body: ClientForm) => call(api.PUT('/api/staff/clients/{id}', { params: { path: { id } }, body }), quiet);

// ---- A client's users and API keys ---------------------------------------------------------------

export type ClientUserItem = Schemas['ClientUserItem'];
export type ClientUserForm = Schemas['ClientUserForm'];
export type ClientUserChange = Schemas['ClientUserChange'];

export const clientAccessKeys = {
  users: (clientId: number) => ['staff', 'clients', clientId, 'users'] as const,
  apiKeys: (clientId: number) => ['staff', 'clients', clientId, 'api-keys'] as const,
};

const onClient = (id: number) => ({ params: { path: { id } } });

export const clientUsersQuery = (clientId: number) =>
  queryOptions({ queryKey: clientAccessKeys.users(clientId), queryFn: () => call(api.GET('/api/staff/clients/{id}/users', onClient(clientId)), quiet) });
/** POST /api/staff/clients/{id}/users: opens the account and e-mails the invitation. */
export const inviteClientUser = (clientId: number, body: ClientUserForm) => call(api.POST('/api/staff/clients/{id}/users', { ...onClient(clientId), body }), quiet);

/** PUT /api/staff/clients/{id}/users/{user_id}: role, branch or active (false ends the user's sessions; 409 for the last administrator). */
export const changeClientUser = (clientId: number, userId: number, body: ClientUserChange) =>
  call(api.PUT('/api/staff/clients/{id}/users/{user_id}', { params: { path: { id: clientId, user_id: userId } }, body }), quiet);

export const listClientApiKeys = (clientId: number) => call(api.GET('/api/staff/clients/{id}/api-keys', onClient(clientId)), quiet);
export const createClientApiKey = (clientId: number, body: Schemas['ApiKeyForm']) => call(api.POST('/api/staff/clients/{id}/api-keys', { ...onClient(clientId), body }), quiet);
export const revokeClientApiKey = (clientId: number, keyId: number) =>
  call(api.DELETE('/api/staff/clients/{id}/api-keys/{key_id}', { params: { path: { id: clientId, key_id: keyId } } }), quiet);

// ---- A client's price list -----------------------------------------------------------------------

export type ClientPrice = Schemas['ClientPrice'];
export type PriceEntry = Schemas['PriceEntry'];

export const clientPricesKey = (clientId: number) => ['staff', 'clients', clientId, 'prices'] as const;
/** GET /api/staff/clients/{id}/prices: every product with the client's price and the default one. */
export const clientPricesQuery = (clientId: number) =>
  queryOptions({ queryKey: clientPricesKey(clientId), queryFn: () => call(api.GET('/api/staff/clients/{id}/prices', onClient(clientId))) });
/** PUT /api/staff/clients/{id}/prices: the client's own prices, whole; products left out take the default price. */
export const saveClientPrices = (clientId: number, body: PriceEntry[]) => call(api.PUT('/api/staff/clients/{id}/prices', { ...onClient(clientId), body }), quiet);

// ---- A client's assignment policy ----------------------------------------------------------------

export type ClientPolicy = Schemas['ClientPolicy'];
export type Policy = Schemas['AssignmentPolicy'];

export const clientPolicyKey = (clientId: number) => ['staff', 'clients', clientId, 'assignment-policy'] as const;
/** GET /api/staff/clients/{id}/assignment-policy: the client's own policy, or the company's (`inherited`). */
export const clientPolicyQuery = (clientId: number) =>
  queryOptions({ queryKey: clientPolicyKey(clientId), queryFn: () => call(api.GET('/api/staff/clients/{id}/assignment-policy', onClient(clientId)), quiet) });
/** PUT /api/staff/clients/{id}/assignment-policy: the client's own policy from now on. */
export const saveClientPolicy = (clientId: number, body: Policy) => call(api.PUT('/api/staff/clients/{id}/assignment-policy', { ...onClient(clientId), body }), quiet);
/** DELETE /api/staff/clients/{id}/assignment-policy: the client follows the company's policy again. */
export const clearClientPolicy = (clientId: number) => call(api.DELETE('/api/staff/clients/{id}/assignment-policy', onClient(clientId)), quiet);

// ---- A client's reconsideration of value settings ------------------------------------------------

export type ReconsiderationSettings = Schemas['ReconsiderationSettings'];
export type ReconsiderationSettingsBody = Schemas['SettingsBody'];

export const reconsiderationSettingsKey = (clientId: number) => ['staff', 'clients', clientId, 'reconsideration-settings'] as const;
/** GET /api/staff/clients/{id}/reconsideration-settings: whether borrowers may ask, the turn time and the current disclosure. */
export const reconsiderationSettingsQuery = (clientId: number) =>
  queryOptions({
    queryKey: reconsiderationSettingsKey(clientId),
    queryFn: () => call(api.GET('/api/staff/clients/{id}/reconsideration-settings', onClient(clientId)), quiet),
  });
/** PUT /api/staff/clients/{id}/reconsideration-settings: a changed disclosure becomes a new version. */
export const saveReconsiderationSettings = (clientId: number, body: ReconsiderationSettingsBody) =>
  call(api.PUT('/api/staff/clients/{id}/reconsideration-settings', { ...onClient(clientId), body }), quiet);
