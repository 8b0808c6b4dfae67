import { describe, expect, it } from 'vitest';
import { StatusChoice } from '../../lib/api-enums';
import {
  DEFAULT_STATE,
  EMPTY_FILTERS,
  activeFilterCount,
  clearedState,
  effectiveStatusIds,
  nextSort,
  parseDashboardParams,
  toDashboardParams,
  toSearchFilter,
  type DashboardState,
} from './dashboardParams';
import { ariaSort } from './OrdersTable';

describe('sort cycling', () => {
  it('goes ascending, descending, none on the same header', () => {
    const a = nextSort(null, 'borrowerName');
    expect(a).toEqual({ field: 'borrowerName', direction: 'asc' });
    const d = nextSort(a, 'borrowerName');
    expect(d).toEqual({ field: 'borrowerName', direction: 'desc' });
    expect(nextSort(d, 'borrowerName')).toBeNull();
  });
  it('a different header starts ascending', () => {
    expect(nextSort({ field: 'borrowerName', direction: 'desc' }, 'usaFileNumber')).toEqual({ field: 'usaFileNumber', direction: 'asc' });
  });
  it('maps to aria-sort', () => {
    expect(ariaSort(null, 'usaFileNumber')).toBe('none');
    expect(ariaSort({ field: 'usaFileNumber', direction: 'asc' }, 'usaFileNumber')).toBe('ascending');
    expect(ariaSort({ field: 'usaFileNumber', direction: 'desc' }, 'usaFileNumber')).toBe('descending');
    expect(ariaSort({ field: 'usaFileNumber', direction: 'desc' }, 'borrowerName')).toBe('none');
  });
});

describe('search defaults', () => {
  it('unset status is Open, an empty list is All', () => {
    expect(effectiveStatusIds(null)).toEqual([-1]);
    expect(effectiveStatusIds([])).toEqual([0]);
    expect(effectiveStatusIds([4, 5])).toEqual([4, 5]);
  });
  it('Clear goes to page 1 with the same limit and the All status', () => {
    const s: DashboardState = {
      page: 3,
      limit: 50,
      sort: { field: 'usaFileNumber', direction: 'desc' },
      filters: { ...EMPTY_FILTERS, borrowerName: 'smith', statusRefIds: [4] },
    };
    const c = clearedState(s);
    expect(c.page).toBe(0);
    expect(c.limit).toBe(50);
    expect(c.filters).toEqual({ ...EMPTY_FILTERS, statusRefIds: [0] });
    expect(toSearchFilter(c).statusRefIds).toEqual([0]);
    expect(activeFilterCount(c.filters)).toBe(0);
  });
});

describe('active filter count', () => {
  it('counts non-blank fields and a specific status', () => {
    expect(activeFilterCount(EMPTY_FILTERS)).toBe(0);
    expect(activeFilterCount({ ...EMPTY_FILTERS, statusRefIds: [-1] })).toBe(0);
    expect(activeFilterCount({ ...EMPTY_FILTERS, statusRefIds: [0] })).toBe(0);
    expect(activeFilterCount({ ...EMPTY_FILTERS, borrowerName: '  ' })).toBe(0);
    expect(activeFilterCount({ ...EMPTY_FILTERS, borrowerName: 'an', propertyState: 'TX', createDateFrom: '2026-01-01', statusRefIds: [13] })).toBe(4);
  });
});

describe('URL params', () => {
  it('defaults leave the URL empty and parse back to the defaults', () => {
    expect(toDashboardParams(DEFAULT_STATE).toString()).toBe('');
    expect(parseDashboardParams(new URLSearchParams())).toEqual(DEFAULT_STATE);
  });
  it('round-trips every field', () => {
    const s: DashboardState = {
      page: 2,
      limit: 10,
      sort: { field: 'appraiserName', direction: 'desc' },
      filters: {
        usaFileNumber: '2600',
        loanNumber: 'LN-1',
        borrowerName: 'O’Brien & Sons',
        propertyStreet: 'Main St',
        propertyCity: 'Austin',
        propertyState: 'TX',
        propertyZip: '78701',
        createDateFrom: '2026-01-02',
        createDateTo: '2026-02-03',
        statusRefIds: [13],
      },
    };
    const p = toDashboardParams(s);
    expect(p.get('page')).toBe('3');
    expect(parseDashboardParams(new URLSearchParams(p.toString()))).toEqual(s);
  });
  it('keeps an explicit All status and the empty list apart from unset', () => {
    const all = { ...DEFAULT_STATE, filters: { ...EMPTY_FILTERS, statusRefIds: [StatusChoice.All] } };
    expect(parseDashboardParams(toDashboardParams(all)).filters.statusRefIds).toEqual([0]);
    expect(parseDashboardParams(new URLSearchParams('status=')).filters.statusRefIds).toEqual([]);
  });
  it('ignores unusable values', () => {
    const s = parseDashboardParams(new URLSearchParams('page=0&limit=30&sort=bogus&dir=sideways&status=x,4'));
    expect(s.page).toBe(0);
    expect(s.limit).toBe(25);
    expect(s.sort).toBeNull();
    expect(s.filters.statusRefIds).toEqual([4]);
  });
  it('normalises m/d/yyyy dates and state codes', () => {
    const s = parseDashboardParams(new URLSearchParams('createDateFrom=3/4/2026&createDateTo=25/12/2026&propertyState=tx'));
    expect(s.filters.createDateFrom).toBe('2026-03-04');
    expect(s.filters.createDateTo).toBe('2026-12-25');
    expect(s.filters.propertyState).toBe('TX');
  });
});

describe('request body', () => {
  it('sends page + 1, nulls for blanks and no sort for the default', () => {
    const body = toSearchFilter({ ...DEFAULT_STATE, page: 1, filters: { ...EMPTY_FILTERS, borrowerName: ' an ' } });
    expect(body).toMatchObject({ page: 2, limit: 25, sortField: null, sortDirection: null, borrowerName: 'an', loanNumber: null, statusRefIds: [-1] });
  });
});
