import { Alert, Anchor, Box, Button, Group, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/DataDisplay';
import { StatusBadge } from '../../components/OrderBadges';
import { DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS, PaginationBar } from '../../components/PaginationBar';
import { ResponsiveTable, type Column } from '../../components/ResponsiveTable';
import { FilterAndSearch } from '../../components/FilterAndSearch';
import { useAppConfig } from '../../lib/appConfig';
import { useClientSeat } from '../../lib/clientSeat';
import { formatDateTime, formatDay } from '../../lib/dates';
import { lenderBadge } from '../../lib/orderStatus';
import { clientOrdersQuery, MSG_ORDERS_FAILED, ordersCsvUrl, type ClientOrderItem, type OrderFilter, type OrderListParams } from './api';

export const FILTERS: { value: OrderFilter; label: string }[] = [
  { value: 'open', label: 'Open' },
  { value: 'delivered', label: 'Delivered' },
  { value: 'cancelled', label: 'Cancelled' },
  { value: 'all', label: 'All' },
];

export const MSG_NO_ORDERS = 'No orders found.';
export const MSG_NO_ORDERS_HINT = 'Try another filter or search, or place a new order.';
/** The hint for a viewer, who places no orders. */
export const MSG_NO_ORDERS_HINT_VIEWER = 'Try another filter or search.';

/** Where the client's order page is. */
export const clientOrderPath = (id: number) => `/client/orders/${id}`;

/** The list's state in the address (?filter=&search=&page=&pageSize=), so Back returns to it. */
export function listParams(params: URLSearchParams): OrderListParams {
  const filter = FILTERS.find((f) => f.value === params.get('filter'))?.value ?? 'open';
  const page = Math.max(1, Math.floor(Number(params.get('page')) || 1));
  const size = Number(params.get('pageSize'));
  const pageSize = (PAGE_SIZE_OPTIONS as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE;
  return { filter, search: params.get('search') ?? '', page, pageSize };
}

function toSearchParams(p: OrderListParams): URLSearchParams {
  const out = new URLSearchParams();
  if (p.filter !== 'open') out.set('filter', p.filter);
  if (p.search.trim()) out.set('search', p.search);
  if (p.page > 1) out.set('page', String(p.page));
  if (p.pageSize !== DEFAULT_PAGE_SIZE) out.set('pageSize', String(p.pageSize));
  return out;
}

function columns(timeZone: string | null): Column<ClientOrderItem>[] {
  return [
    {
      header: 'File #',
      name: true,
      nowrap: true,
      cell: (o) => (
        <Anchor component={Link} to={clientOrderPath(o.id)} fw={700} size="sm">
          {o.fileNumber}
        </Anchor>
      ),
    },
    { header: 'Status', cell: (o) => <StatusBadge statusId={o.statusId} {...lenderBadge(o.statusId, o.status)} /> },
    { header: 'Property', cell: (o) => o.propertyAddress },
    { header: 'Borrower', cell: (o) => o.borrowerName },
    { header: 'Loan #', cell: (o) => o.loanNumber ?? '', nowrap: true },
    { header: 'Ordered', cell: (o) => formatDateTime(o.orderedAt, timeZone), nowrap: true },
    { header: 'Due', cell: (o) => formatDay(o.dueDate), nowrap: true },
    { header: 'Delivered', cell: (o) => formatDateTime(o.deliveredAt, timeZone), nowrap: true },
  ];
}

function LoadingRows() {
  return (
    <Stack gap={6} aria-busy="true">
      <VisuallyHidden role="status">Loading orders</VisuallyHidden>
      {Array.from({ length: 6 }, (_, i) => (
        <Skeleton key={i} height={44} radius="sm" />
      ))}
    </Stack>
  );
}

/** /client/orders: the client's own orders, filtered (Open, Delivered, Cancelled, All), searched and paged; Download CSV of the same. */
export function ClientOrdersPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = listParams(searchParams);
  const query = useQuery(clientOrdersQuery(params));
  const mobile = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  const timeZone = useAppConfig().data?.companyTimeZone ?? null;
  // New Order only for those who place orders (not a viewer), once the seat says so.
  const acts = useClientSeat().data?.acts ?? false;
  const go = (next: Partial<OrderListParams>) => setSearchParams(toSearchParams({ ...params, ...next }), { replace: true });
  const data = query.data;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <Title order={1}>Orders</Title>
        <Group gap="sm">
          {/* The orders of the filter and search applied (the address's), all pages at once. */}
          <Button component="a" href={ordersCsvUrl(params.filter, params.search)} download variant="default">
            Download CSV
          </Button>
          {acts ? (
            <Button component={Link} to="/client/orders/new">
              New Order
            </Button>
          ) : null}
        </Group>
      </Group>
      <FilterAndSearch
        filterLabel="Show"
        filters={FILTERS}
        filter={params.filter}
        onFilter={(v) => go({ filter: v, page: 1 })}
        searchPlaceholder="File #, borrower or loan #"
        search={params.search}
        onSearch={(text) => go({ search: text, page: 1 })}
      />

      {query.isError ? (
        <Alert color="red.9" variant="filled" role="alert">
          {query.error.message || MSG_ORDERS_FAILED}
        </Alert>
      ) : null}
      {query.isPending ? <LoadingRows /> : null}
      {data ? (
        <>
          {data.items.length === 0 ? (
            <Stack gap={0}>
              <EmptyState message={MSG_NO_ORDERS} />
              <Text c="gray.8" size="sm" ta="center">
                {acts ? MSG_NO_ORDERS_HINT : MSG_NO_ORDERS_HINT_VIEWER}
              </Text>
            </Stack>
          ) : (
            <Box aria-busy={query.isPlaceholderData || undefined} style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}>
              <ResponsiveTable items={data.items} columns={columns(timeZone)} label="Orders" mobile={mobile} minWidth={900} idAttribute="data-order-id" />
            </Box>
          )}
          <PaginationBar
            label="Orders pages"
            page={params.page - 1}
            pageSize={params.pageSize}
            totalItems={data.total}
            totalPages={Math.max(1, Math.ceil(data.total / params.pageSize))}
            onPageChange={(page) => go({ page: page + 1 })}
            onPageSizeChange={(pageSize) => go({ pageSize, page: 1 })}
          />
        </>
      ) : null}
    </Stack>
  );
}
