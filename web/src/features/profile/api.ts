/** The profile calls (issue 6; docs/domain.md#appraiser-profile), typed by the generated API schema. */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { api, ApiError, call, type Schemas } from '../../lib/api';
import { appraiserKeys } from '../../lib/appraiserMe';
import { downloadFromStream, viewFromStream } from '../../lib/fileTransfer';
import type { TaxForm, TaxInfo } from '../../lib/taxId';

/** yyyy-mm-dd */
export type IsoDate = string;
export type AppraiserInfo = Schemas['AppraiserInfo'];
export type CoverageArea = Schemas['CoverageArea'];
export type CoverageAreas = Schemas['CoverageAreas'];
export type Licence = Schemas['License'];
export type EnoFileRef = Schemas['EnoFileRef'];
export type EnoUpdated = Schemas['EnoInfo'];
export type FileRecord = Schemas['FileRecord'];
export type NewCoverageArea = Schemas['AddCoverageArea'];
export type CoverageAreaRemoval = Schemas['DeleteCoverageArea'];
export type OutOfOffice = Schemas['UpdateOoo'];
export type Scorecard = Schemas['Scorecard'];
export type PanelHistory = Schemas['PanelHistory'];
export type PanelEvent = Schemas['PanelEvent'];
export type FeeEntry = Schemas['PriceEntry'];
type Message = Schemas['MessageResponse'];

/** What a profile is asked for by: the signed-in user's own (me) or a security user id. */
export type ProfileRef = 'me' | number;

// ---- Reads -------------------------------------------------------------------------------------

/** The profile's query keys; every one starts with `all`, so one invalidation refreshes them all. */
export const profileKeys = {
  all: appraiserKeys.all,
  /** Every profile, by any ref. */
  profiles: () => [...profileKeys.all, 'profile'] as const,
  profile: (ref: ProfileRef) => [...profileKeys.profiles(), ref] as const,
  /** Everything about one appraiser: coverage areas, E&O file, documents (and licences). */
  appraiser: appraiserKeys.appraiser,
  coverageAreas: (id: number) => [...profileKeys.appraiser(id), 'coverage-areas'] as const,
  enoFile: (id: number) => [...profileKeys.appraiser(id), 'eno-file'] as const,
  documents: (id: number) => [...profileKeys.appraiser(id), 'documents'] as const,
  scorecard: (id: number) => [...profileKeys.appraiser(id), 'scorecard'] as const,
  panelHistory: (id: number) => [...profileKeys.appraiser(id), 'panel-history'] as const,
  feeSchedule: (id: number) => [...profileKeys.appraiser(id), 'fee-schedule'] as const,
  taxInfo: (id: number) => [...profileKeys.appraiser(id), 'tax-info'] as const,
};

/**
 * GET /api/appraiser/me or /api/appraiser/{id}. No appraiser record (404) is an answer, not an
 * error: null, and the page says Appraiser Not Found. 403 has the shared handling (/forbidden).
 */
export async function loadAppraiser(ref: ProfileRef): Promise<AppraiserInfo | null> {
  const pending = ref === 'me' ? api.GET('/api/appraiser/me') : api.GET('/api/appraiser/{id}', { params: { path: { id: ref } } });
  try {
    return await call(pending, { notify: false });
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) return null;
    throw e;
  }
}

export function appraiserQuery(ref: ProfileRef) {
  return queryOptions({ queryKey: profileKeys.profile(ref), queryFn: () => loadAppraiser(ref), retry: false });
}

const byId = (id: number) => ({ params: { path: { id } } });

export function coverageAreasQuery(id: number) {
  return queryOptions({
    queryKey: profileKeys.coverageAreas(id),
    queryFn: () => call(api.GET('/api/appraiser/{id}/coverage-areas', byId(id)), { notify: false }),
  });
}

export function enoFileQuery(id: number) {
  return queryOptions({
    queryKey: profileKeys.enoFile(id),
    queryFn: async () => (await call(api.GET('/api/file/my-e-and-o/{id}', byId(id)), { notify: false })) ?? null,
  });
}

export function scorecardQuery(id: number) {
  return queryOptions({
    queryKey: profileKeys.scorecard(id),
    queryFn: () => call(api.GET('/api/appraiser/{id}/scorecard', byId(id)), { notify: false }),
  });
}

export function panelHistoryQuery(id: number) {
  return queryOptions({
    queryKey: profileKeys.panelHistory(id),
    queryFn: () => call(api.GET('/api/appraiser/{id}/panel-history', byId(id)), { notify: false }),
  });
}

/** The appraiser's own fee for each product they have priced. */
export function feeScheduleQuery(id: number) {
  return queryOptions({
    queryKey: profileKeys.feeSchedule(id),
    queryFn: () => call(api.GET('/api/appraiser/{id}/fee-schedule', byId(id)), { notify: false }),
  });
}

/** The appraiser's own 1099-NEC details (the tax ID's last four digits only); only they may read them. */
export function taxInfoQuery(id: number) {
  return queryOptions({
    queryKey: profileKeys.taxInfo(id),
    queryFn: () => call(api.GET('/api/appraiser/{id}/tax-info', byId(id)), { notify: false }),
  });
}

export function documentsQuery(id: number) {
  return queryOptions({
    queryKey: profileKeys.documents(id),
    queryFn: () => call(api.GET('/api/file/appraiser-documents/{id}', byId(id)), { notify: false }),
  });
}

// ---- Writes (failures are shown by the caller; 401 and 403 have the shared handling) -----------

const quiet = { notify: false } as const;

export function addCoverageArea(body: NewCoverageArea): Promise<CoverageArea> {
  return call(api.POST('/api/appraiser/coverage-areas/add', { body }), quiet);
}

export function deleteCoverageArea(body: CoverageAreaRemoval): Promise<Message> {
  return call(api.POST('/api/appraiser/coverage-areas/delete', { body }), quiet);
}

export function updateTrainee(appraiserId: number, hasTrainee: boolean): Promise<AppraiserInfo> {
  return call(api.POST('/api/appraiser/update-trainee-info', { body: { appraiserId, hasTrainee } }), quiet);
}

/** Sets how many open orders the appraiser takes at most (null: no limit). */
export function updateCapacity(appraiserId: number, capacity: number | null): Promise<AppraiserInfo> {
  return call(api.POST('/api/appraiser/update-capacity', { body: { appraiserId, capacity } }), quiet);
}

/** Replaces the appraiser's fee schedule with `entries`; answers it as saved. */
export function saveFeeSchedule(id: number, entries: FeeEntry[]): Promise<FeeEntry[]> {
  return call(api.PUT('/api/appraiser/{id}/fee-schedule', { ...byId(id), body: entries }), quiet);
}

/** Stores the appraiser's own 1099-NEC details (a field left out keeps its value); answers them as saved. */
export function saveTaxInfo(id: number, body: TaxForm): Promise<TaxInfo> {
  return call(api.PUT('/api/appraiser/{id}/tax-info', { ...byId(id), body }), quiet);
}

/** After a change the server answered with the appraiser info: the profile shows it at once, then everything about the appraiser reloads. */
export function showUpdatedAppraiser(queryClient: QueryClient, updated: AppraiserInfo): void {
  queryClient.setQueriesData<AppraiserInfo | null>({ queryKey: profileKeys.profiles() }, (old) => (old && old.securityUser.id === updated.securityUser.id ? updated : old));
  void queryClient.invalidateQueries({ queryKey: profileKeys.all });
}

export function updateOutOfOffice(body: OutOfOffice): Promise<AppraiserInfo> {
  return call(api.POST('/api/appraiser/update-ooo', { body }), quiet);
}

/** The appraiser's answer to their panel history (their own only); answers the server's confirmation. */
export function answerPanelHistory(id: number, text: string): Promise<Message> {
  return call(api.POST('/api/appraiser/{id}/panel-history/answer', { ...byId(id), body: { text } }), quiet);
}

export interface EnoForm {
  appraiserId: number;
  provider: string;
  perIncidentCoverage: number;
  aggregateCoverage: number;
  expirationDate: IsoDate;
  policyFile: File;
}

/** POST /api/appraiser/update-e-and-o as multipart form data, the policy file last. */
export function updateEno(form: EnoForm): Promise<EnoUpdated> {
  const body = new FormData();
  body.append('appraiserId', String(form.appraiserId));
  body.append('provider', form.provider);
  body.append('perIncidentCoverage', String(form.perIncidentCoverage));
  body.append('aggregateCoverage', String(form.aggregateCoverage));
  body.append('expirationDate', form.expirationDate);
  body.append('policyFile', form.policyFile, form.policyFile.name);
  return call(api.POST('/api/appraiser/update-e-and-o', { body }), quiet);
}

// ---- Profile files -----------------------------------------------------------------------------

/** The streaming variant of GET /api/file/download/appraiserprofilefile/{id}. */
export function profileFileStreamUrl(fileId: number): string {
  return `/api/file/stream/appraiserprofilefile/${fileId}`;
}

export function viewProfileFile(file: { id: number; fileName: string; fileSize?: number | null }): Promise<boolean> {
  return viewFromStream(profileFileStreamUrl(file.id), file.fileName, file.fileSize);
}

export function downloadProfileFile(file: { id: number; fileName: string; fileSize?: number | null }): Promise<boolean> {
  return downloadFromStream(profileFileStreamUrl(file.id), file.fileName, file.fileSize);
}

/** The caller's private calendar feed: its URL (made on the first call), and a new one that replaces it. */
export const showCalendarFeed = () => call(api.GET('/api/me/calendar-feed'), { notify: false });
export const regenerateCalendarFeed = () => call(api.POST('/api/me/calendar-feed/regenerate'), { notify: false });
