import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, call, type Schemas } from '../../lib/api';
import { lookup } from '../../lib/lookups';
import type { SearchFilter } from './dashboardParams';
import { orderKeys } from './keys';

export type OrderDashboardItem = Schemas['OrderDashboardItem'];
export type DashboardPage = Schemas['DashboardPage'];

/** Dashboard fetch failure, in a red banner: the error message, or this. */
export const MSG_FETCH_FAILED = 'Failed to fetch data';

export function dashboardQuery(filter: SearchFilter) {
  return queryOptions({
    queryKey: orderKeys.dashboardPage(filter),
    queryFn: () => call(api.POST('/api/dashboard', { body: filter }), { notify: false, errorMessage: MSG_FETCH_FAILED }),
    placeholderData: keepPreviousData,
  });
}

export type DueCopy = Schemas['DueCopy'];

/** GET /api/staff/compliance/borrower-copies: orders closing soon whose borrower has no copy and no waiver. */
export const borrowerCopiesDueQuery = () =>
  queryOptions({
    queryKey: orderKeys.borrowerCopiesDue(),
    queryFn: () => call(api.GET('/api/staff/compliance/borrower-copies'), { notify: false }),
  });

export function useSearchStatuses(enabled = true) {
  return useQuery({
    queryKey: orderKeys.searchStatuses(),
    queryFn: () => lookup(api.GET('/api/constants/search-statuses'), 'search statuses'),
    staleTime: Infinity,
    enabled,
  });
}
