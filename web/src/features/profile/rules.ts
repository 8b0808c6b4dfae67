/**
 * The profile's rules on the client (docs/domain.md#appraiser-profile): tab slugs, the form checks
 * repeated for friendliness (the server enforces them too) and every text the screens show.
 */
import { parseCurrency } from '../../lib/money';
import { UserType } from '../../lib/roles';
import type { AppraiserInfo, ProfileRef } from './api';
import { TABS, type TabSlug } from './tabs';

/**
 * User types with no appraiser record of their own: the server's appraiser calls refuse some (403)
 * and find none for staff and the secret administrator (404). Their own profile (/profile/me,
 * /staff/profile) is their user account alone.
 */
export const ACCOUNT_ONLY_TYPES: readonly number[] = [UserType.CLIENT, UserType.STAFF, UserType.SYSTEM, UserType.REGISTERED, UserType.SECRET];

// ---- Fixed notices and messages of the profile screens -------------------------------------------

export const MSG_APPRAISER_NOT_FOUND = 'Appraiser Not Found - The requested appraiser could not be found.';
export const MSG_NOT_ENOUGH_DATA = 'Not enough data';
export const MSG_SELECT_STATE_AND_COUNTY = 'Please select a state and county';
export const MSG_COVERAGE_ADDED = 'Coverage area added successfully';
export const MSG_COVERAGE_ADD_FAILED = 'Failed to add coverage area';
export const MSG_COVERAGE_REMOVED = 'Coverage area removed successfully';
export const MSG_COVERAGE_REMOVE_FAILED = 'Failed to remove coverage area';
export const MSG_ENO_UPDATED = 'E&O information updated successfully';
export const MSG_ENO_UPDATE_FAILED = 'Failed to update E&O information';
export const MSG_ENO_FILE_REQUIRED = 'Please upload an E&O policy file to update information';
export const MSG_OOO_DATES_REQUIRED = 'Please select both start and end dates.';
export const MSG_OOO_END_BEFORE_START = 'The end date cannot be before the start date.';
export const FHA_CERTIFIED = 'FHA Certified';

// Texts of our own choosing (no fixed wording).
export const MSG_ENO_FILE_TYPE = 'Please choose a .pdf, .doc or .docx file.';
export const MSG_PROVIDER_REQUIRED = 'Provider is required';
export const MSG_EXPIRATION_REQUIRED = 'Expiration date is required';
export const MSG_AMOUNT_INVALID = 'Please enter a valid amount.';
export const MSG_AMOUNT_NEGATIVE = 'The amount cannot be negative.';
export const MSG_UPLOAD_FAILED = 'The files could not be uploaded. Please try again.';
export const MSG_SAVE_FAILED = 'The change could not be saved. Please try again.';

// ---- Routes -------------------------------------------------------------------------------------

type Tab = (typeof TABS)[number];

/** The tab a route's slug names (case-insensitively) among `tabs`; an unknown or missing slug selects the first. */
export function tabFor(slug: string | undefined, tabs: readonly Tab[] = TABS): TabSlug {
  const wanted = (slug ?? '').trim().toLowerCase();
  return tabs.find((t) => t.slug === wanted)?.slug ?? TABS[0].slug;
}

/** The panel history is read by staff, the secret administrator and the appraiser themself; anyone else is refused it. */
export function mayReadPanelHistory(viewer: { securityUserId: number; userType: number } | null | undefined, appraiserUserId: number): boolean {
  if (!viewer) return false;
  return viewer.securityUserId === appraiserUserId || viewer.userType === UserType.STAFF || viewer.userType === UserType.SECRET;
}

/** The profile's tabs for a viewer: the Panel tab only for those who may read the panel history. */
export function visibleTabs(panel: boolean): readonly Tab[] {
  return panel ? TABS : TABS.filter((t) => t.slug !== 'panel');
}

/**
 * The {securityUserId} segment: the word me (also when the route has none, as /profile/me and
 * /staff/profile) or a positive whole number; anything else names no appraiser (null).
 */
export function parseProfileRef(segment: string | undefined): ProfileRef | null {
  if (segment === undefined || segment.toLowerCase() === 'me') return 'me';
  if (!/^\d+$/.test(segment)) return null;
  const id = Number(segment);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** The page's path without its tab segment, so a tab's address is `${base}/${slug}`. */
export function profileBasePath(pathname: string, tabName: string | undefined): string {
  const path = pathname.replace(/\/+$/, '');
  return tabName === undefined ? path : path.slice(0, path.lastIndexOf('/'));
}

// ---- Display ------------------------------------------------------------------------------------

const SCORE = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** The appraiser score (0..5); 0 (or none) means there is not enough data yet. */
export function formatScore(score: number | null | undefined): string {
  return typeof score === 'number' && Number.isFinite(score) && score > 0 ? `${SCORE.format(score)} out of 5` : MSG_NOT_ENOUGH_DATA;
}

/** The office address on one line: street lines, then "City, ST 12345". */
export function formatOfficeAddress(a: Pick<AppraiserInfo, 'officeAddressLine1' | 'officeAddressLine2' | 'officeCity' | 'officeStateCode' | 'officeZipCode'>): string {
  const clean = (v: string | null | undefined) => (v ?? '').trim();
  const stateZip = [clean(a.officeStateCode), clean(a.officeZipCode)].filter(Boolean).join(' ');
  const cityLine = [clean(a.officeCity), stateZip].filter(Boolean).join(', ');
  return [clean(a.officeAddressLine1), clean(a.officeAddressLine2), cityLine].filter(Boolean).join(', ');
}

export function fullName(first: string | null | undefined, last: string | null | undefined): string {
  return [first, last]
    .filter((p) => p && p.trim())
    .join(' ')
    .trim();
}

// ---- Checks -------------------------------------------------------------------------------------

/** Coverage add: state and county are both required. */
export function checkCoverage(state: string, county: string): string | null {
  return state.trim() && county.trim() ? null : MSG_SELECT_STATE_AND_COUNTY;
}

/** Accepted E&O policy file types (the server checks the content too). */
export const ENO_FILE_EXTENSIONS = ['.pdf', '.doc', '.docx'] as const;
export const ENO_FILE_ACCEPT = ENO_FILE_EXTENSIONS.join(',');

export function isEnoFileName(name: string): boolean {
  const lower = name.trim().toLowerCase();
  return ENO_FILE_EXTENSIONS.some((ext) => lower.endsWith(ext) && lower.length > ext.length);
}

export interface EnoDraft {
  provider: string;
  perIncident: string;
  aggregate: string;
  expirationDate: string;
  policyFile: File | null;
}

export type EnoErrors = Partial<Record<keyof EnoDraft, string>>;

export interface EnoValues {
  provider: string;
  perIncidentCoverage: number;
  aggregateCoverage: number;
  expirationDate: string;
  policyFile: File;
}

function amountError(text: string): string | undefined {
  const value = parseCurrency(text);
  if (value === null) return MSG_AMOUNT_INVALID;
  return value < 0 ? MSG_AMOUNT_NEGATIVE : undefined;
}

/**
 * The E&O form: a policy file of an accepted type, a provider, amounts (blank
 * is 0; $, commas and spaces are ignored; never negative) and an expiration date.
 */
export function checkEno(draft: EnoDraft): { errors: EnoErrors; values: EnoValues | null } {
  const errors: EnoErrors = {};
  if (!draft.policyFile) errors.policyFile = MSG_ENO_FILE_REQUIRED;
  else if (!isEnoFileName(draft.policyFile.name)) errors.policyFile = MSG_ENO_FILE_TYPE;
  if (!draft.provider.trim()) errors.provider = MSG_PROVIDER_REQUIRED;
  const perIncident = amountError(draft.perIncident);
  if (perIncident) errors.perIncident = perIncident;
  const aggregate = amountError(draft.aggregate);
  if (aggregate) errors.aggregate = aggregate;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(draft.expirationDate)) errors.expirationDate = MSG_EXPIRATION_REQUIRED;
  if (Object.keys(errors).length > 0) return { errors, values: null };
  return {
    errors,
    values: {
      provider: draft.provider.trim(),
      perIncidentCoverage: parseCurrency(draft.perIncident)!,
      aggregateCoverage: parseCurrency(draft.aggregate)!,
      expirationDate: draft.expirationDate,
      policyFile: draft.policyFile!,
    },
  };
}

/** An amount as the E&O form shows it before editing: plain digits, blank for none. */
export function amountText(value: number | null | undefined): string {
  return typeof value === 'number' && Number.isFinite(value) && value !== 0 ? String(value) : '';
}

/** The most open orders a capacity may be set to (the server's limit). */
export const MAX_CAPACITY = 200;
export const MSG_CAPACITY_RANGE = `Capacity must be from 1 to ${MAX_CAPACITY} open orders.`;

/** Capacity as typed: blank is no limit (null), otherwise a whole number from 1 to MAX_CAPACITY. */
export function checkCapacity(text: string): { error: string | null; capacity: number | null } {
  const typed = text.trim();
  if (!typed) return { error: null, capacity: null };
  const capacity = /^\d+$/.test(typed) ? Number(typed) : NaN;
  return capacity >= 1 && capacity <= MAX_CAPACITY ? { error: null, capacity } : { error: MSG_CAPACITY_RANGE, capacity: null };
}

/** Out of office: start and end both required; the end cannot be before the start. */
export function checkOutOfOffice(startDate: string, endDate: string): string | null {
  if (!startDate || !endDate) return MSG_OOO_DATES_REQUIRED;
  return endDate < startDate ? MSG_OOO_END_BEFORE_START : null;
}
