import { Anchor, Group, NativeSelect, Stack, Switch, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { ListTable, type ListSpec } from '../../../components/ListTable';
import { DueDay, ReconsiderationStatusBadge, ValuePressureBadge } from '../../../components/ReconsiderationBadges';
import { type Column } from '../../../components/ResponsiveTable';
import { formatDay } from '../../../lib/dates';
import { INITIATED_BY_LABELS, labelOf, reconsiderationsQuery, type QueueStatus, type Reconsideration } from '../../../lib/reconsiderations';

export const MSG_QUEUE_FAILED = 'The reconsiderations could not be loaded.';

type Filter = QueueStatus | 'all';

/** The status filter's choices, Open first (the default), with what an empty list says. */
const FILTERS: { value: Filter; label: string; empty: string }[] = [
  { value: 'open', label: 'Open', empty: 'No open reconsiderations.' },
  { value: 'requested', label: 'Requested', empty: 'No requested reconsiderations.' },
  { value: 'reviewed', label: 'Reviewed', empty: 'No reviewed reconsiderations.' },
  { value: 'sent', label: 'Sent to appraiser', empty: 'No reconsiderations are with the appraiser.' },
  { value: 'answered', label: 'Answered', empty: 'No answered reconsiderations.' },
  { value: 'resolved', label: 'Resolved', empty: 'No resolved reconsiderations.' },
  { value: 'all', label: 'All', empty: 'No reconsiderations yet.' },
];
export const MSG_NONE_OVERDUE = 'No reconsiderations are overdue.';

/** The queue's filter in the address (?status=...&overdue=true), so the dashboard can link to the overdue ones. */
function useQueueFilter() {
  const [params, setParams] = useSearchParams();
  const status = FILTERS.find((f) => f.value === params.get('status')) ?? FILTERS[0]!;
  const overdue = params.get('overdue') === 'true';
  const set = (next: { status: Filter; overdue: boolean }) => {
    const query = new URLSearchParams();
    if (next.status !== 'open') query.set('status', next.status);
    if (next.overdue) query.set('overdue', 'true');
    setParams(query, { replace: true });
  };
  return { status, overdue, set };
}

const COLUMNS: Column<Reconsideration>[] = [
  {
    header: 'File #',
    cell: (r) => (
      <Anchor component={Link} to={`/staff/orderdetails/${r.orderId}`}>
        {r.fileNumber}
      </Anchor>
    ),
    nowrap: true,
  },
  // The card's title on a phone.
  { header: 'Property', cell: (r) => r.propertyAddress, name: true },
  { header: 'Initiated By', cell: (r) => labelOf(INITIATED_BY_LABELS, r.initiatedBy) },
  { header: 'Requested', cell: (r) => formatDay(r.requestDate), nowrap: true },
  {
    header: 'Status',
    cell: (r) => (
      <Group gap={6}>
        <ReconsiderationStatusBadge status={r.status} />
        {r.valuePressure ? <ValuePressureBadge /> : null}
      </Group>
    ),
  },
  { header: 'Due', cell: (r) => <DueDay rov={r} />, nowrap: true },
];

const LIST: Omit<ListSpec<Reconsideration>, 'empty'> = { noun: 'reconsiderations', label: 'Reconsiderations', minWidth: 900, idAttribute: 'data-reconsideration-id' };

/** /staff/reconsiderations: staff's queue of reconsiderations of value, oldest due first; each leads to its order, where staff work it. */
export function ReconsiderationsPage() {
  const { status, overdue, set } = useQueueFilter();
  const cases = useQuery(reconsiderationsQuery({ status: status.value === 'all' ? undefined : status.value, overdue: overdue || undefined }));
  return (
    <Stack gap="md">
      <Title order={1}>Reconsiderations</Title>
      <Text c="gray.8">Borrowers and lenders asking to reconsider an appraisal&apos;s value. Open the order to review, send or resolve a request.</Text>
      <Group align="end" gap="lg" wrap="wrap">
        <NativeSelect
          label="Status"
          data={FILTERS.map(({ value, label }) => ({ value, label }))}
          value={status.value}
          onChange={(e) => set({ status: e.currentTarget.value as Filter, overdue })}
          w={{ base: '100%', xs: 220 }}
        />
        <Switch label="Overdue only" checked={overdue} onChange={(e) => set({ status: status.value, overdue: e.currentTarget.checked })} mb={8} />
      </Group>
      {cases.isError ? (
        <Text size="sm" c="red.9" role="alert">
          {MSG_QUEUE_FAILED}
        </Text>
      ) : (
        <ListTable {...LIST} key={`${status.value}-${overdue}`} empty={overdue ? MSG_NONE_OVERDUE : status.empty} columns={COLUMNS} rows={cases.data} loading={cases.isPending} />
      )}
    </Stack>
  );
}
