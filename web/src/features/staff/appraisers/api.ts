import { queryOptions } from '@tanstack/react-query';
import { api, call, type Schemas } from '../../../lib/api';
import { appraiserKeys } from '../../../lib/appraiserMe';
import { appraisersQuery, companiesQuery } from '../../../lib/staffLists';

/** Staff's calls for every firm's appraisers: the list, new accounts, licences, (de)activation, suspension from the panel. */
export type AppraiserItem = Schemas['AppraiserItem'];
export type AppraiserForm = Schemas['AppraiserForm'];
export type LicenseForm = Schemas['LicenseForm'];
export type AppraiserInfo = Schemas['AppraiserInfo'];
export type AppraiserChange = Schemas['AppraiserChange'];

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
  /** An appraiser's record by security user id (under the appraiser keys, which the profile pages share). */
  record: (id: number) => [...appraiserKeys.all, 'staff-record', id] as const,
  /** Their 1099-NEC details (the tax ID masked), refreshed with the record. */
  taxInfo: (id: number) => [...appraiserKeys.all, 'staff-tax-info', id] as const,
};

export const createAppraiser = (body: AppraiserForm) => call(api.POST('/api/staff/appraisers', { body }), quiet);
export const addLicense = (id: number, body: LicenseForm) => call(api.POST('/api/staff/appraisers/{id}/licenses', { ...byId(id), body }), quiet);
export const deleteLicense = (id: number, licenseId: number) =>
  call(api.DELETE('/api/staff/appraisers/{id}/licenses/{license_id}', { params: { path: { id, license_id: licenseId } } }), quiet);
export const setActive = (id: number, active: boolean) =>
  call(active ? api.POST('/api/staff/appraisers/{id}/reactivate', byId(id)) : api.POST('/api/staff/appraisers/{id}/deactivate', byId(id)), quiet);

/** GET /api/appraiser/{id}: the record the Edit Record dialog starts from (its failure shows in the dialog). */
export const appraiserRecordQuery = (id: number) =>
  queryOptions({ queryKey: staffAppraiserKeys.record(id), queryFn: () => call(api.GET('/api/appraiser/{id}', byId(id)), quiet), retry: false });
/** GET /api/staff/appraisers/{id}/tax-info: the 1099-NEC details the dialog starts from (the tax ID's last four digits only). */
export const appraiserTaxInfoQuery = (id: number) =>
  queryOptions({ queryKey: staffAppraiserKeys.taxInfo(id), queryFn: () => call(api.GET('/api/staff/appraisers/{id}/tax-info', byId(id)), quiet), retry: false });
/** POST /api/staff/appraisers/{id}/tax-id: the whole tax ID (null when none is on file); the reason is required and audited. */
export const revealTaxId = (id: number, reason: string) => call(api.POST('/api/staff/appraisers/{id}/tax-id', { ...byId(id), body: { reason } }), quiet);
/** PUT /api/staff/appraisers/{id}: corrects the office, cell phone, FHA roster flag, EPP readiness or 1099-NEC details. */
export const updateRecord = (id: number, body: AppraiserChange) => call(api.PUT('/api/staff/appraisers/{id}', { ...byId(id), body }), quiet);

/** POST /api/staff/appraisers/{id}/suspend: the reason is required; answers what happened. */
export const suspendAppraiser = (id: number, reason: string) => call(api.POST('/api/staff/appraisers/{id}/suspend', { ...byId(id), body: { reason } }), quiet);
/** POST /api/staff/appraisers/{id}/reinstate: the note may be left out; answers what happened. */
export const reinstateAppraiser = (id: number, note: string | null) => call(api.POST('/api/staff/appraisers/{id}/reinstate', { ...byId(id), body: { reason: note } }), quiet);
