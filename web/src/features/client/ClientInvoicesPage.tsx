import { Alert, Anchor, Box, Button, Group, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/DataDisplay';
import { InvoiceStatusBadge } from '../../components/InvoiceStatusBadge';
import { DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS, PaginationBar } from '../../components/PaginationBar';
import { ResponsiveTable, type Column } from '../../components/ResponsiveTable';
import { FilterAndSearch } from '../../components/FilterAndSearch';
import { formatCents } from '../../lib/cents';
import { formatDay } from '../../lib/dates';
import { clientInvoicesQuery, invoicePdfUrl, invoicesCsvUrl, MSG_INVOICES_FAILED, type InvoiceFilter, type InvoiceListParams, type InvoiceSummary } from './api';

export const INVOICE_FILTERS: { value: InvoiceFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'open', label: 'Open' },
  { value: 'overdue', label: 'Overdue' },
  { value: 'paid', label: 'Paid' },
];

export const MSG_NO_INVOICES = 'No invoices yet. An invoice is issued when an order is delivered.';
export const MSG_NO_INVOICES_FOUND = 'No invoices found.';

/** The list's state in the address (?status=&search=&page=&pageSize=), so Back returns to it. */
export function invoiceListParams(params: URLSearchParams): InvoiceListParams {
  const status = INVOICE_FILTERS.find((f) => f.value === params.get('status'))?.value ?? 'all';
  const page = Math.max(1, Math.floor(Number(params.get('page')) || 1));
  const size = Number(params.get('pageSize'));
  const pageSize = (PAGE_SIZE_OPTIONS as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE;
  return { status, search: params.get('search') ?? '', page, pageSize };
}

function toSearchParams(p: InvoiceListParams): URLSearchParams {
  const out = new URLSearchParams();
  if (p.status !== 'all') out.set('status', p.status);
  if (p.search.trim()) out.set('search', p.search);
  if (p.page > 1) out.set('page', String(p.page));
  if (p.pageSize !== DEFAULT_PAGE_SIZE) out.set('pageSize', String(p.pageSize));
  return out;
}

const COLUMNS: Column<InvoiceSummary>[] = [
  { header: 'Invoice', cell: (i) => i.number, name: true, nowrap: true },
  {
    header: 'File Number',
    cell: (i) => (
      <Anchor component={Link} to={`/client/orders/${i.orderId}`} size="sm" fw={600}>
        {i.fileNumber}
      </Anchor>
    ),
    nowrap: true,
  },
  { header: 'Issued', cell: (i) => formatDay(i.issuedOn), nowrap: true },
  { header: 'Due', cell: (i) => formatDay(i.dueOn), nowrap: true },
  { header: 'Amount', cell: (i) => formatCents(i.amountCents), nowrap: true },
  { header: 'Paid', cell: (i) => formatCents(i.paidCents), nowrap: true },
  { header: 'Balance', cell: (i) => formatCents(i.balanceCents), nowrap: true },
  // Overdue names the days past the due date.
  { header: 'Status', cell: (i) => <InvoiceStatusBadge invoice={i} />, nowrap: true },
];

function LoadingRows() {
  return (
    <Stack gap={6} aria-busy="true">
      <VisuallyHidden role="status">Loading invoices</VisuallyHidden>
      {Array.from({ length: 6 }, (_, i) => (
        <Skeleton key={i} height={44} radius="sm" />
      ))}
    </Stack>
  );
}

/** /client/invoices: the client's invoices by status and number, a page at a time, with what the listed ones owe, each one's PDF, and Download CSV. */
export function ClientInvoicesPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = invoiceListParams(searchParams);
  const query = useQuery(clientInvoicesQuery(params));
  const mobile = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  const go = (next: Partial<InvoiceListParams>) => setSearchParams(toSearchParams({ ...params, ...next }), { replace: true });
  const data = query.data;
  const filtered = params.status !== 'all' || params.search.trim() !== '';

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <Title order={1}>Invoices</Title>
        {/* The invoices of the filter and search applied (the address's), all pages at once. */}
        <Button component="a" href={invoicesCsvUrl(params.status, params.search)} download variant="default">
          Download CSV
        </Button>
      </Group>
      <FilterAndSearch
        filterLabel="Status"
        filters={INVOICE_FILTERS}
        filter={params.status}
        onFilter={(v) => go({ status: v, page: 1 })}
        searchPlaceholder="Invoice or file number"
        search={params.search}
        onSearch={(text) => go({ search: text, page: 1 })}
      />

      {query.isError ? (
        <Alert color="red.9" variant="filled" role="alert">
          {query.error.message || MSG_INVOICES_FAILED}
        </Alert>
      ) : null}
      {query.isPending ? <LoadingRows /> : null}
      {data ? (
        <>
          {data.items.length === 0 ? (
            <EmptyState message={filtered ? MSG_NO_INVOICES_FOUND : MSG_NO_INVOICES} />
          ) : (
            <Box aria-busy={query.isPlaceholderData || undefined} style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}>
              <ResponsiveTable
                items={data.items}
                columns={COLUMNS}
                actions={(i) => (
                  <Anchor href={invoicePdfUrl(i.orderId)} target="_blank" rel="noopener noreferrer" size="sm" fw={600} aria-label={`PDF of ${i.number}`}>
                    PDF
                  </Anchor>
                )}
                label="Invoices"
                mobile={mobile}
                minWidth={900}
                idAttribute="data-invoice-id"
              />
            </Box>
          )}
          {data.total > 0 ? <Text fw={700}>Balance due: {formatCents(data.balanceCents)}</Text> : null}
          <PaginationBar
            label="Invoices pages"
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
