import { queryOptions } from '@tanstack/react-query';
import { api, call, type Schemas } from '../../lib/api';
import { appraisersQuery, companiesQuery } from '../../lib/staffLists';

/** Staff's calls for every firm's appraisers: the list, new accounts, licences, (de)activation. */
export type AppraiserItem = Schemas['AppraiserItem'];
export type AppraiserForm = Schemas['AppraiserForm'];
export type LicenseForm = Schemas['LicenseForm'];

/** The key of the list other staff screens pick from: invalidating it refreshes every search too. */
export const APPRAISERS_KEY = appraisersQuery().queryKey;

/** Failures are shown where the call was made, not as a notice. */
const quiet = { notify: false } as const;
const byId = (id: number) => ({ params: { path: { id } } });

/** GET /api/staff/appraisers?q= (name, username or e-mail contains `q`). */
export const searchAppraisersQuery = (q: string) =>
  queryOptions({ queryKey: staffAppraiserKeys.search(q), queryFn: () => call(api.GET('/api/staff/appraisers', { params: { query: q ? { q } : {} } })) });

/** This feature's query keys (the appraisers list's is shared: lib/staffLists). */
export const staffAppraiserKeys = {
  appraisers: APPRAISERS_KEY,
  search: (q: string) => [...APPRAISERS_KEY, { q }] as const,
  companies: () => companiesQuery().queryKey,
};

export const createAppraiser = (body: AppraiserForm) => call(api.POST('/api/staff/appraisers', { body }), quiet);
export const addLicense = (id: number, body: LicenseForm) => call(api.POST('/api/staff/appraisers/{id}/licenses', { ...byId(id), body }), quiet);
export const deleteLicense = (id: number, licenseId: number) =>
  call(api.DELETE('/api/staff/appraisers/{id}/licenses/{license_id}', { params: { path: { id, license_id: licenseId } } }), quiet);
export const setActive = (id: number, active: boolean) =>
  call(active ? api.POST('/api/staff/appraisers/{id}/reactivate', byId(id)) : api.POST('/api/staff/appraisers/{id}/deactivate', byId(id)), quiet);
