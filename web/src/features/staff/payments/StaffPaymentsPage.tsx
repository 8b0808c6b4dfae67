import { Anchor, Badge, Button, Group, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { type Column } from '../../../components/ResponsiveTable';
import { formatDay } from '../../../lib/dates';
import { formatUsd } from '../../../lib/money';
import { PAYABLE_KEY, payableOrdersQuery, type PayableOrder } from './api';
import { RecordPaymentDialog } from './RecordPaymentDialog';
import { WithholdDialog } from './WithholdDialog';
import { ListTable, type ListSpec } from '../../../components/ListTable';

export const MSG_NOTHING_PAYABLE = 'No completed or delivered orders are waiting for payment.';

type PayableRow = PayableOrder & { id: number };

const COLUMNS: Column<PayableRow>[] = [
  {
    header: 'File #',
    cell: (o) => (
      <Anchor component={Link} to={`/staff/orderdetails/${o.orderId}`}>
        {o.fileNumber}
      </Anchor>
    ),
    nowrap: true,
  },
  // The card's title on a phone; the file number stays on one line in the table.
  { header: 'Address', cell: (o) => o.address, name: true },
  { header: 'Borrower', cell: (o) => o.borrowerName },
  { header: 'Appraiser', cell: (o) => o.appraiserName },
  { header: 'Status', cell: (o) => o.status },
  { header: 'Fee', cell: (o) => formatUsd(o.appraiserFee), nowrap: true },
  { header: 'Pay By', cell: (o) => <PayBy order={o} /> },
];

/** The pay-by date with Late or Due soon, and the reason when the payment is withheld. */
function PayBy({ order }: { order: PayableOrder }) {
  return (
    <Stack gap={2}>
      <Group gap={6} wrap="nowrap">
        <span>{order.payBy ? formatDay(order.payBy) : 'Not started'}</span>
        {order.late ? <Badge color="red.9">Late</Badge> : order.dueSoon ? <Badge color="orange.9">Due soon</Badge> : null}
      </Group>
      {order.withheldBecause ? <Text size="xs">{`Withheld: ${order.withheldBecause}`}</Text> : null}
    </Stack>
  );
}

const LIST: ListSpec<PayableRow> = { noun: 'payable orders', empty: MSG_NOTHING_PAYABLE, label: 'Orders waiting for payment', minWidth: 1040, idAttribute: 'data-order-id' };

/** Completed or delivered orders whose appraiser is not paid yet, each with Record Payment. */
export function StaffPaymentsPage() {
  const queryClient = useQueryClient();
  const payable = useQuery(payableOrdersQuery());
  const [paying, setPaying] = useState<PayableOrder | null>(null);
  const [holding, setHolding] = useState<PayableOrder | null>(null);
  const rows: PayableRow[] = (payable.data ?? []).map((o) => ({ ...o, id: o.orderId }));
  const refresh = () => void queryClient.invalidateQueries({ queryKey: PAYABLE_KEY });
  const buttons = (o: PayableOrder) => (
    <Group gap="xs" wrap="nowrap">
      <Button size="compact-sm" onClick={() => setPaying(o)} aria-label={`Record payment for ${o.fileNumber}`}>
        Record Payment
      </Button>
      <Button size="compact-sm" variant="default" onClick={() => setHolding(o)} aria-label={`Withhold payment for ${o.fileNumber}`}>
        Withhold
      </Button>
    </Group>
  );
  return (
    <Stack gap="md">
      <Title order={1}>Payments</Title>
      <Text c="gray.8">A recorded payment shows in the appraiser&apos;s payment history. Pay by the date the property&apos;s state sets.</Text>
      <ListTable {...LIST} columns={COLUMNS} rows={payable.data && rows} loading={payable.isPending} actions={buttons} />
      <YearTotals />
      {paying ? <RecordPaymentDialog order={paying} onClose={() => setPaying(null)} onDone={refresh} /> : null}
      {holding ? <WithholdDialog order={holding} onClose={() => setHolding(null)} onDone={refresh} /> : null}
    </Stack>
  );
}

/** The years offered for year-end figures: this one and the four before it. */
function recentYears(): string[] {
  const year = new Date().getFullYear();
  return Array.from({ length: 5 }, (_, i) => String(year - i));
}

/** Per appraiser, what was paid in a year and whether their W-9 is on file, as CSV (for the 1099-NEC filing). */
function YearTotals() {
  const years = recentYears();
  const [year, setYear] = useState(years[0]);
  return (
    <Stack gap="xs" component="section" aria-labelledby="year-totals-title">
      <Title order={2} size="h3" id="year-totals-title">
        Year-end totals
      </Title>
      <Text c="gray.8">Per appraiser: the total paid in the year and whether their W-9 is on file, for the 1099-NEC filing.</Text>
      <Group align="end">
        <NativeSelect label="Year" data={years} value={year} onChange={(e) => setYear(e.currentTarget.value)} w={120} />
        <Button component="a" variant="default" href={`/api/staff/reports/appraiser-year-totals?year=${year}`} download>
          Download CSV
        </Button>
      </Group>
    </Stack>
  );
}
