import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, call, type Schemas } from '../../lib/api';
import type { SearchFilter } from './dashboardParams';

export type OrderDashboardItem = Schemas['OrderDashboardItem'];
export type DashboardPage = Schemas['DashboardPage'];
export type OptionItem = Schemas['OptionItem'];

/** Dashboard fetch failure (part 1 section 8): the error message, or this. */
export const MSG_FETCH_FAILED = 'Failed to fetch data';

export function dashboardQuery(filter: SearchFilter) {
  return queryOptions({
    queryKey: ['dashboard', filter],
    queryFn: () => call(api.POST('/api/dashboard', { body: filter }), { notify: false, errorMessage: MSG_FETCH_FAILED }),
    placeholderData: keepPreviousData,
  });
}

/** Lookup loading failures are only logged (part 1 section 8). */
async function lookup(pending: Promise<{ data?: OptionItem[]; error?: unknown; response: Response }>, what: string): Promise<OptionItem[]> {
  try {
    return await call(pending, { notify: false });
  } catch (e) {
    console.error(`${what} load failed`, e);
    return [];
  }
}

export function useStates(enabled = true) {
  return useQuery({
    queryKey: ['constants', 'states'],
    queryFn: () => lookup(api.GET('/api/constants/states'), 'states'),
    staleTime: Infinity,
    enabled,
  });
}

export function useSearchStatuses(enabled = true) {
  return useQuery({
    queryKey: ['constants', 'search-statuses'],
    queryFn: () => lookup(api.GET('/api/constants/search-statuses'), 'search statuses'),
    staleTime: Infinity,
    enabled,
  });
}
