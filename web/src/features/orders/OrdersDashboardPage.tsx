import { Alert, Box, Button, Group, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense, lazy, useDeferredValue, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PaginationBar } from '../../components/PaginationBar';
import { useAppConfig } from '../../lib/appConfig';
import { dashboardQuery, MSG_FETCH_FAILED } from './api';
import {
  activeFilterCount,
  clearedState,
  nextSort,
  parseDashboardParams,
  toDashboardParams,
  toSearchFilter,
  type DashboardState,
  type OrderFilters,
  type SortField,
} from './dashboardParams';
import { today, toIsoDate } from '../../lib/dates';
import { FilterOrdersModal } from './FilterOrdersModal';
import { OrderCards, OrdersTable } from './OrdersTable';
import { ExpiryBanner } from './ExpiryBanner';
import { PaymentInfoPrompt } from './PaymentInfoPrompt';
import { FilterIcon } from '../../components/icons';
import { UserType } from '../../lib/roles';
import { useCurrentUser } from '../../lib/session';

// Staff's flags load (code and lists) once the first orders show.
const BorrowerCopiesDue = lazy(() => import('./BorrowerCopiesDue').then((m) => ({ default: m.BorrowerCopiesDue })));
const HandedBackFlag = lazy(() => import('./HandedBackFlag').then((m) => ({ default: m.HandedBackFlag })));
const OverdueReconsiderationsFlag = lazy(() => import('./OverdueReconsiderationsFlag').then((m) => ({ default: m.OverdueReconsiderationsFlag })));

export const SKELETON_ROWS = 10;
export const MSG_NO_ORDERS = 'No orders found';
export const MSG_NO_ORDERS_HINT = 'Try adjusting or clearing the filters to see more orders.';

function LoadingRows() {
  return (
    <Stack gap={6} aria-busy="true" data-testid="orders-skeleton" data-page-loading>
      <VisuallyHidden role="status">Loading orders</VisuallyHidden>
      {Array.from({ length: SKELETON_ROWS }, (_, i) => (
        <Skeleton key={i} height={44} radius="sm" />
      ))}
    </Stack>
  );
}

function EmptyState() {
  return (
    <Stack align="center" gap={4} py="xl" role="status">
      <Text fw={700} size="lg">
        {MSG_NO_ORDERS}
      </Text>
      <Text c="dimmed" size="sm">
        {MSG_NO_ORDERS_HINT}
      </Text>
    </Stack>
  );
}

/** The orders dashboard (appraiser and staff areas; the server scopes the rows, docs/domain.md#visibility). */
export function OrdersDashboardPage() {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseDashboardParams(params), [params]);
  const filter = useMemo(() => toSearchFilter(state), [state]);
  const query = useQuery(dashboardQuery(filter));
  const queryClient = useQueryClient();
  const [filterOpen, setFilterOpen] = useState(false);
  const mobile = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  const large = useMediaQuery('(min-width: 75em)', true, { getInitialValueInEffect: false });
  const timeZone = useAppConfig().data?.companyTimeZone ?? null;
  const staff = useCurrentUser().data?.userType === UserType.STAFF;
  const todayIso = toIsoDate(today(timeZone));

  const go = (next: DashboardState) => setParams(toDashboardParams(next));
  /** Loads the next state's page first (so the modal can read Searching...), then shows it. */
  const searchWith = async (next: DashboardState) => {
    await queryClient.fetchQuery(dashboardQuery(toSearchFilter(next))).catch(() => undefined);
    go(next);
    setFilterOpen(false);
  };
  const search = (filters: OrderFilters) => searchWith({ ...state, page: 0, filters });
  const clear = () => searchWith(clearedState(state));
  const sortBy = (field: SortField) => go({ ...state, page: 0, sort: nextSort(state.sort, field) });

  const count = activeFilterCount(state.filters);
  // The rows render in the background, in slices the page stays responsive between (a page of
  // orders is a lot of components for a phone to render in one go); the skeleton stays until then.
  const data = useDeferredValue(query.data);
  const loading = !data && !query.isError;
  const error = query.isError ? query.error?.message || MSG_FETCH_FAILED : null;
  const rowContext = { todayIso, timeZone };

  return (
    <Stack gap="md">
      <PaymentInfoPrompt />
      <ExpiryBanner todayIso={todayIso} />
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <Title order={1}>Orders Dashboard</Title>
        <Group gap="sm">
          {count > 0 ? (
            <Button variant="default" onClick={() => void clear()}>
              Clear ({count})
            </Button>
          ) : null}
          <Button leftSection={<FilterIcon />} onClick={() => setFilterOpen(true)} aria-haspopup="dialog">
            Filter
          </Button>
        </Group>
      </Group>

      {staff && (data || query.isError) ? (
        <Suspense fallback={null}>
          <HandedBackFlag />
          <OverdueReconsiderationsFlag />
          <BorrowerCopiesDue />
        </Suspense>
      ) : null}

      {error ? (
        <Alert color="red.9" variant="filled" role="alert">
          {error}
        </Alert>
      ) : null}

      {loading ? (
        <LoadingRows />
      ) : data ? (
        <>
          {data.items.length === 0 ? (
            <EmptyState />
          ) : (
            <Box aria-busy={query.isPlaceholderData || undefined} style={{ opacity: query.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}>
              {mobile ? <OrderCards orders={data.items} {...rowContext} /> : <OrdersTable orders={data.items} sort={state.sort} onSort={sortBy} large={large} {...rowContext} />}
            </Box>
          )}
          <PaginationBar
            label="Orders pages"
            page={state.page}
            pageSize={state.limit}
            totalItems={data.totalItems}
            totalPages={data.totalPages}
            totalIsLowerBound={data.totalIsLowerBound}
            onPageChange={(page) => go({ ...state, page })}
            onPageSizeChange={(limit) => go({ ...state, page: 0, limit })}
          />
        </>
      ) : null}

      <FilterOrdersModal opened={filterOpen} filters={state.filters} onClose={() => setFilterOpen(false)} onSearch={search} onClear={clear} />
    </Stack>
  );
}
