/**
 * The profile calls of part 1 section 7 as PROFILE-CONTRACT.md (issue 6) shapes them.
 *
 * The generated API types do not list the new calls until the server branch is merged, so this file
 * keeps its own types for the contract's shapes (all in the block below, easy to swap for
 * `Schemas[...]` later) and calls the paths through the untyped view of the shared client (same CSRF,
 * retry and error handling as every other call).
 */
import { queryOptions } from '@tanstack/react-query';
import { ApiError, call, untyped } from '../../lib/api';
import { downloadFromStream, viewFromStream } from '../../lib/fileTransfer';

// ---- Contract shapes (swap for generated types once the server branch is merged) --------------

/** yyyy-mm-dd */
export type IsoDate = string;

export interface SecurityUser {
  id: number;
  firstName?: string | null;
  lastName?: string | null;
  email: string;
  loginId: string;
  workPhone?: string | null;
  cellPhone?: string | null;
  cellPhoneCarrier?: string | null;
  userType: number;
}

export interface AppraiserInfo {
  /** The appraiser profile's own id; every call below takes securityUser.id instead. */
  id: number;
  securityUser: SecurityUser;
  officeAddressLine1?: string | null;
  officeAddressLine2?: string | null;
  officeCity?: string | null;
  officeStateCode?: string | null;
  officeZipCode?: string | null;
  isFhaCertified: boolean;
  isStaffAppraiser: boolean;
  noTrainee: boolean;
  oooStartDate?: IsoDate | null;
  oooEndDate?: IsoDate | null;
  enoProvider?: string | null;
  enoPerIncidentAmount?: number | null;
  enoAggregateAmount?: number | null;
  enoExpirationDate?: IsoDate | null;
}

export interface CoverageArea {
  id: number;
  /** The appraiser profile id. */
  appraiserProfile: number;
  coverageStateCode: string;
  coverageCounty: string;
  verified: boolean;
}

export interface CoverageAreas {
  appraiserCoverageAreas: CoverageArea[];
  /** 0 when there is no score yet. */
  averageScore: number;
}

export interface Licence {
  id: number;
  type: string;
  stateCode: string;
  ogNumber: string;
  expirationDate?: IsoDate | null;
}

export interface EnoFileRef {
  id: number;
  fileName: string;
  /** RFC 3339 */
  uploadDate: string;
}

export interface EnoUpdated {
  enoProvider: string | null;
  enoPerIncidentAmount: number;
  enoAggregateAmount: number;
  enoExpirationDate: IsoDate | null;
  enoFile: EnoFileRef | null;
}

export interface FileRecord {
  id: number;
  fileType: string;
  fileName: string;
  fileSize: number;
  uploadedBy: string;
  /** RFC 3339 */
  uploadDate: string;
}

export interface Message {
  message: string;
}

/** What a profile is asked for by: the signed-in user's own (me) or a security user id. */
export type ProfileRef = 'me' | number;

// ---- Reads -------------------------------------------------------------------------------------

/** Every profile query starts with this, so one invalidation refreshes them all. */
export const PROFILE_KEY = ['appraiser'] as const;

/**
 * GET /api/appraiser/me or /api/appraiser/{id}. No appraiser record (404) is an answer, not an
 * error: null, and the page says Appraiser Not Found. 403 has the shared handling (/forbidden).
 */
export async function loadAppraiser(ref: ProfileRef): Promise<AppraiserInfo | null> {
  const pending = ref === 'me' ? untyped.GET<AppraiserInfo>('/api/appraiser/me') : untyped.GET<AppraiserInfo>('/api/appraiser/{id}', { params: { path: { id: ref } } });
  try {
    return await call(pending, { notify: false });
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) return null;
    throw e;
  }
}

export function appraiserQuery(ref: ProfileRef) {
  return queryOptions({ queryKey: [...PROFILE_KEY, 'profile', ref], queryFn: () => loadAppraiser(ref), retry: false });
}

const byId = (id: number) => ({ params: { path: { id } } });

export function coverageAreasQuery(id: number) {
  return queryOptions({
    queryKey: [...PROFILE_KEY, id, 'coverage-areas'],
    queryFn: () => call(untyped.GET<CoverageAreas>('/api/appraiser/{id}/coverage-areas', byId(id)), { notify: false }),
  });
}

export function licencesQuery(id: number) {
  return queryOptions({
    queryKey: [...PROFILE_KEY, id, 'licences'],
    queryFn: () => call(untyped.GET<Licence[]>('/api/appraiser/{id}/license-info', byId(id)), { notify: false }),
  });
}

export function enoFileQuery(id: number) {
  return queryOptions({
    queryKey: [...PROFILE_KEY, id, 'eno-file'],
    queryFn: async () => (await call(untyped.GET<EnoFileRef | null>('/api/file/my-e-and-o/{id}', byId(id)), { notify: false })) ?? null,
  });
}

export function documentsQuery(id: number) {
  return queryOptions({
    queryKey: [...PROFILE_KEY, id, 'documents'],
    queryFn: () => call(untyped.GET<FileRecord[]>('/api/file/appraiser-documents/{id}', byId(id)), { notify: false }),
  });
}

// ---- Writes (failures are shown by the caller; 401 and 403 have the shared handling) -----------

const quiet = { notify: false } as const;

export interface NewCoverageArea {
  appraiserId: number;
  state: string;
  county: string;
}

export function addCoverageArea(body: NewCoverageArea): Promise<CoverageArea> {
  return call(untyped.POST<CoverageArea>('/api/appraiser/coverage-areas/add', { body }), quiet);
}

export interface CoverageAreaRemoval extends NewCoverageArea {
  coverageAreaId: number;
}

export function deleteCoverageArea(body: CoverageAreaRemoval): Promise<Message> {
  return call(untyped.POST<Message>('/api/appraiser/coverage-areas/delete', { body }), quiet);
}

export function updateTrainee(appraiserId: number, hasTrainee: boolean): Promise<AppraiserInfo> {
  return call(untyped.POST<AppraiserInfo>('/api/appraiser/update-trainee-info', { body: { appraiserId, hasTrainee } }), quiet);
}

export interface OutOfOffice {
  appraiserId: number;
  startDate: IsoDate;
  endDate: IsoDate;
}

export function updateOutOfOffice(body: OutOfOffice): Promise<AppraiserInfo> {
  return call(untyped.POST<AppraiserInfo>('/api/appraiser/update-ooo', { body }), quiet);
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
  return call(untyped.POST<EnoUpdated>('/api/appraiser/update-e-and-o', { body }), quiet);
}

/** The success words of a password change: the server's message (a string or { message }), if any. */
export async function changeMyPassword(oldPassword: string, newPassword: string): Promise<string | null> {
  const answer = await call(untyped.POST<Message | string>('/api/auth/change-my-password', { body: { oldPassword, newPassword } }), quiet);
  const text = typeof answer === 'string' ? answer : answer?.message;
  return text && text.trim() ? text : null;
}

// ---- Profile files -----------------------------------------------------------------------------

/** The streaming variant of GET /api/file/download/appraiserprofilefile/{id}. */
export function profileFileStreamUrl(fileId: number): string {
  return `/api/file/stream/appraiserprofilefile/${fileId}`;
}

export function viewProfileFile(file: { id: number; fileSize?: number | null }): Promise<boolean> {
  return viewFromStream(profileFileStreamUrl(file.id), file.fileSize);
}

export function downloadProfileFile(file: { id: number; fileName: string; fileSize?: number | null }): Promise<boolean> {
  return downloadFromStream(profileFileStreamUrl(file.id), file.fileName, file.fileSize);
}
