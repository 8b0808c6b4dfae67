import type { Schemas } from '../../lib/api';
import { StatusChoice } from '../../lib/api-enums';
import { DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS } from '../../components/PaginationBar';
import { parseDate, toIsoDate } from '../../lib/dates';

export type SearchFilter = Schemas['SearchFilter'];

/** The sortable columns (wire names of SearchFilter.sortField). */
export const SORT_FIELDS = [
  'usaFileNumber',
  'orderStatus',
  'assignmentActualDate',
  'inspectionActualDate',
  'appraiserDueDate',
  'propertyAddressLine1',
  'borrowerName',
  'appraiserName',
] as const;
export type SortField = (typeof SORT_FIELDS)[number];
export type SortDirection = 'asc' | 'desc';
export interface Sort {
  field: SortField;
  direction: SortDirection;
}

/** The text fields of the order search form, in form order. */
export const TEXT_FILTERS = [
  'usaFileNumber',
  'loanNumber',
  'borrowerName',
  'propertyStreet',
  'propertyCity',
  'propertyState',
  'propertyZip',
  'createDateFrom',
  'createDateTo',
] as const;
export type TextFilter = (typeof TEXT_FILTERS)[number];

export type OrderFilters = Record<TextFilter, string> & {
  /** Status ids; null is unset (the Open group), an empty list means All. */
  statusRefIds: StatusChoice[] | null;
};

export interface DashboardState {
  /** 0-based page index of the screen. */
  page: number;
  limit: number;
  sort: Sort | null;
  filters: OrderFilters;
}

export const EMPTY_FILTERS: OrderFilters = {
  usaFileNumber: '',
  loanNumber: '',
  borrowerName: '',
  propertyStreet: '',
  propertyCity: '',
  propertyState: '',
  propertyZip: '',
  createDateFrom: '',
  createDateTo: '',
  statusRefIds: null,
};

export const DEFAULT_STATE: DashboardState = { page: 0, limit: DEFAULT_PAGE_SIZE, sort: null, filters: EMPTY_FILTERS };

const DATE_FILTERS: ReadonlySet<TextFilter> = new Set(['createDateFrom', 'createDateTo']);

const STATUS_CHOICES: ReadonlySet<number> = new Set(Object.values(StatusChoice));

export function isStatusChoice(n: number): n is StatusChoice {
  return STATUS_CHOICES.has(n);
}

/** Search defaults (docs/domain.md#order-statuses): unset is the Open option, an empty list the All option. */
export function effectiveStatusIds(ids: StatusChoice[] | null | undefined): StatusChoice[] {
  if (ids == null) return [StatusChoice.Open];
  if (ids.length === 0) return [StatusChoice.All];
  return ids;
}

/** The sort after a click on `field`'s header: ascending, descending, none. */
export function nextSort(current: Sort | null, field: SortField): Sort | null {
  if (!current || current.field !== field) return { field, direction: 'asc' };
  if (current.direction === 'asc') return { field, direction: 'desc' };
  return null;
}

/** How many filters narrow the search (the n of Clear (n)); the Open and All groups do not count. */
export function activeFilterCount(filters: OrderFilters): number {
  const texts = TEXT_FILTERS.filter((k) => filters[k].trim() !== '').length;
  const ids = effectiveStatusIds(filters.statusRefIds);
  const status = ids.some((id) => id !== StatusChoice.Open && id !== StatusChoice.All) ? 1 : 0;
  return texts + status;
}

/** Clear: page 1, the same page size (and sort), no filters and the All status. */
export function clearedState(state: DashboardState): DashboardState {
  return { ...state, page: 0, filters: { ...EMPTY_FILTERS, statusRefIds: [StatusChoice.All] } };
}

function normaliseFilters(filters: OrderFilters): OrderFilters {
  const out = { ...filters };
  for (const k of TEXT_FILTERS) {
    const v = filters[k].trim();
    out[k] = v && DATE_FILTERS.has(k) ? toIsoDate(parseDate(v)) : k === 'propertyState' ? v.toUpperCase() : v;
  }
  return out;
}

/** Reads the dashboard state from the URL search params; anything unusable falls back to its default. */
export function parseDashboardParams(params: URLSearchParams): DashboardState {
  const pageNo = Number(params.get('page'));
  const page = Number.isInteger(pageNo) && pageNo >= 1 ? pageNo - 1 : 0;
  const limitNo = Number(params.get('limit'));
  const limit = (PAGE_SIZE_OPTIONS as readonly number[]).includes(limitNo) ? limitNo : DEFAULT_PAGE_SIZE;
  const field = params.get('sort');
  const dir = params.get('dir');
  const sort: Sort | null = field && (SORT_FIELDS as readonly string[]).includes(field) ? { field: field as SortField, direction: dir === 'desc' ? 'desc' : 'asc' } : null;
  const filters: OrderFilters = { ...EMPTY_FILTERS };
  for (const k of TEXT_FILTERS) filters[k] = params.get(k) ?? '';
  const status = params.get('status');
  if (status !== null) {
    filters.statusRefIds = status
      .split(',')
      .map((s) => s.trim())
      .filter((s) => /^-?\d+$/.test(s))
      .map(Number)
      .filter(isStatusChoice);
  }
  return { page, limit, sort, filters: normaliseFilters(filters) };
}

/** Writes the dashboard state as URL search params, leaving defaults out. */
export function toDashboardParams(state: DashboardState): URLSearchParams {
  const p = new URLSearchParams();
  const f = normaliseFilters(state.filters);
  for (const k of TEXT_FILTERS) if (f[k]) p.set(k, f[k]);
  if (f.statusRefIds !== null) p.set('status', f.statusRefIds.join(','));
  if (state.sort) {
    p.set('sort', state.sort.field);
    p.set('dir', state.sort.direction);
  }
  if (state.page > 0) p.set('page', String(state.page + 1));
  if (state.limit !== DEFAULT_PAGE_SIZE) p.set('limit', String(state.limit));
  return p;
}

/** The POST /api/dashboard body: page is 1-based on the wire; no sort fields for the default sort. */
export function toSearchFilter(state: DashboardState): SearchFilter {
  const f = normaliseFilters(state.filters);
  const orNull = (v: string) => (v === '' ? null : v);
  return {
    page: state.page + 1,
    limit: state.limit,
    sortField: state.sort?.field ?? null,
    sortDirection: state.sort?.direction ?? null,
    usaFileNumber: orNull(f.usaFileNumber),
    loanNumber: orNull(f.loanNumber),
    borrowerName: orNull(f.borrowerName),
    propertyStreet: orNull(f.propertyStreet),
    propertyCity: orNull(f.propertyCity),
    propertyState: orNull(f.propertyState),
    propertyZip: orNull(f.propertyZip),
    createDateFrom: orNull(f.createDateFrom),
    createDateTo: orNull(f.createDateTo),
    statusRefIds: effectiveStatusIds(f.statusRefIds),
  };
}
