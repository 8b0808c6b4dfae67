import { Anchor, Badge, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { EmptyState } from '../../../components/DataDisplay';
import { ResponsiveTable, type Column } from '../../../components/ResponsiveTable';
import { formatDay } from '../../../lib/dates';
import { formatUsd } from '../../../lib/money';
import { notify } from '../../../lib/notify';
import { STAFF_QUOTES_KEY, staffQuotesQuery, type StaffQuoteItem } from './api';
import { NewQuoteDialog } from './NewQuoteDialog';

export const MSG_NO_QUOTE_REQUESTS = 'No quote requests have been sent yet.';
const STATUS_COLORS: Record<string, string> = { open: 'blue.9', awarded: 'teal.9', closed: 'gray.8' };

export function QuoteStatusBadge({ status }: { status: string }) {
  return (
    <Badge color={STATUS_COLORS[status] ?? 'gray.8'} variant="filled" tt="capitalize">
      {status}
    </Badge>
  );
}

const columns: Column<StaffQuoteItem>[] = [
  {
    header: 'Property',
    cell: (q) => (
      <Anchor component={Link} to={`/staff/quotes/${q.id}`}>
        {q.propertyAddress}
      </Anchor>
    ),
    name: true,
  },
  { header: 'Client', cell: (q) => q.clientCompany ?? 'Not provided' },
  { header: 'Due', cell: (q) => formatDay(q.dueDate), nowrap: true },
  { header: 'Fee', cell: (q) => formatUsd(q.appraiserFee), nowrap: true },
  { header: 'Answers', cell: (q) => `${q.answered} of ${q.recipients} (${q.responded} responded)` },
  { header: 'Status', cell: (q) => <QuoteStatusBadge status={q.status} /> },
];

/** Staff's quote requests, open first: each opens the comparison of its answers. */
export function StaffQuotesPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const mobile = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  const quotes = useQuery(staffQuotesQuery());
  const [composing, setComposing] = useState(false);
  const sent = (id: number) => {
    setComposing(false);
    notify('success', 'The quote request was sent.');
    void queryClient.invalidateQueries({ queryKey: STAFF_QUOTES_KEY });
    void navigate(`/staff/quotes/${id}`);
  };
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1}>Quotes</Title>
        <Button onClick={() => setComposing(true)} aria-haspopup="dialog">
          New Quote Request
        </Button>
      </Group>
      <Text c="gray.8">Send a request to several appraisers, compare their answers and award the work.</Text>
      {quotes.isPending ? <Skeleton h={160} aria-label="Loading quote requests" /> : null}
      {quotes.isSuccess && quotes.data.length === 0 ? <EmptyState message={MSG_NO_QUOTE_REQUESTS} /> : null}
      {quotes.isSuccess && quotes.data.length > 0 ? (
        <ResponsiveTable items={quotes.data} columns={columns} actions={() => null} label="Quote requests" mobile={mobile} minWidth={820} idAttribute="data-quote-id" />
      ) : null}
      {composing ? <NewQuoteDialog onClose={() => setComposing(false)} onSent={sent} /> : null}
    </Stack>
  );
}
