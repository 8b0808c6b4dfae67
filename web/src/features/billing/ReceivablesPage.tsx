import { Anchor, Button, Group, NativeSelect, SegmentedControl, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { InvoiceStatusBadge } from '../../components/InvoiceStatusBadge';
import { ListTable, type ListSpec } from '../../components/ListTable';
import { type Column } from '../../components/ResponsiveTable';
import { StatGrid } from '../../components/StatGrid';
import { useAppConfig } from '../../lib/appConfig';
import { formatCents } from '../../lib/cents';
import { formatDay, todayIso } from '../../lib/dates';
import { moneyOwed } from './ageing';
import { clientsQuery, INVOICES_KEY, invoicePdfUrl, invoicesQuery, statementUrl, type InvoiceStatus, type InvoiceSummary } from './api';
import { CreditNoteDialog } from './CreditNoteDialog';
import { InvoicePaymentDialog } from './InvoicePaymentDialog';

type Filter = InvoiceStatus | 'all';

const FILTERS: { value: Filter; label: string; empty: string }[] = [
  { value: 'open', label: 'Open', empty: 'No open invoices.' },
  { value: 'overdue', label: 'Overdue', empty: 'No overdue invoices.' },
  { value: 'paid', label: 'Paid', empty: 'No paid invoices.' },
  { value: 'all', label: 'All', empty: 'No invoices yet.' },
];

const COLUMNS: Column<InvoiceSummary>[] = [
  { header: 'Invoice #', cell: (i) => i.number, name: true, nowrap: true },
  { header: 'Client', cell: (i) => i.clientName },
  {
    header: 'Order',
    cell: (i) => (
      <Anchor component={Link} to={`/staff/orderdetails/${i.orderId}`}>
        {i.fileNumber}
      </Anchor>
    ),
    nowrap: true,
  },
  { header: 'Issued', cell: (i) => formatDay(i.issuedOn), nowrap: true },
  { header: 'Due', cell: (i) => formatDay(i.dueOn), nowrap: true },
  { header: 'Amount', cell: (i) => formatCents(i.amountCents), nowrap: true },
  { header: 'Balance', cell: (i) => formatCents(i.balanceCents), nowrap: true },
  { header: 'Status', cell: (i) => <InvoiceStatusBadge invoice={i} />, nowrap: true },
];

export const TITLE_MONEY_OWED = 'Money owed';
export const MSG_MONEY_OWED_FAILED = 'The totals could not be loaded.';

const invoiceCount = (n: number) => (n === 1 ? '1 invoice' : `${n} invoices`);

/** What the lenders owe now, over every invoice whatever the filter: outstanding, overdue, and the balances by days past due. */
function MoneyOwed() {
  const all = useQuery(invoicesQuery(undefined));
  let body;
  if (all.isPending) body = <Skeleton h={150} aria-label="Loading the totals" />;
  else if (all.isError)
    body = (
      <Text size="sm" c="red.9" role="alert">
        {MSG_MONEY_OWED_FAILED}
      </Text>
    );
  else {
    const owed = moneyOwed(all.data);
    body = (
      <>
        <StatGrid
          desktopCols={2}
          stats={[
            { label: 'Outstanding', value: formatCents(owed.outstanding.totalCents), detail: invoiceCount(owed.outstanding.count) },
            { label: 'Overdue', value: formatCents(owed.overdue.totalCents), detail: invoiceCount(owed.overdue.count), color: owed.overdue.count ? 'red.9' : undefined },
          ]}
        />
        <Title order={3} size="h5" id="ageing-title">
          Ageing by days past due
        </Title>
        <div role="group" aria-labelledby="ageing-title">
          <StatGrid
            desktopCols={5}
            stats={owed.ageing.map((b) => ({
              label: b.label,
              value: formatCents(b.totalCents),
              detail: invoiceCount(b.count),
              color: b.from > 90 && b.count ? 'red.9' : undefined,
            }))}
          />
        </div>
      </>
    );
  }
  return (
    <Stack gap="xs" component="section" aria-labelledby="money-owed-title">
      <Title order={2} size="h3" id="money-owed-title">
        {TITLE_MONEY_OWED}
      </Title>
      {body}
    </Stack>
  );
}

const LIST: Omit<ListSpec<InvoiceSummary>, 'empty'> = { noun: 'invoices', label: 'Invoices', minWidth: 960, idAttribute: 'data-invoice-id' };

/** What the lenders owe (totals and ageing), their invoices by status, each with Record Payment, Credit Note and its PDF; and the monthly statements. */
export function ReceivablesPage() {
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState<Filter>('open');
  const invoices = useQuery(invoicesQuery(filter === 'all' ? undefined : filter));
  const [paying, setPaying] = useState<InvoiceSummary | null>(null);
  const [crediting, setCrediting] = useState<InvoiceSummary | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: INVOICES_KEY });
  const buttons = (i: InvoiceSummary) => (
    <Group gap="xs">
      {i.status !== 'paid' ? (
        <>
          <Button size="compact-sm" onClick={() => setPaying(i)} aria-label={`Record payment for ${i.number}`}>
            Record Payment
          </Button>
          <Button size="compact-sm" variant="default" onClick={() => setCrediting(i)} aria-label={`Credit note for ${i.number}`}>
            Credit Note
          </Button>
        </>
      ) : null}
      <Button size="compact-sm" variant="subtle" component="a" href={invoicePdfUrl(i.id)} target="_blank" rel="noopener" aria-label={`PDF of ${i.number}`}>
        PDF
      </Button>
    </Group>
  );
  const empty = FILTERS.find((f) => f.value === filter)!.empty;
  return (
    <Stack gap="md">
      <Title order={1}>Receivables</Title>
      <Text c="gray.8">Invoices are issued when an order is delivered. Record what a client paid, or correct an invoice with a credit note.</Text>
      <MoneyOwed />
      <SegmentedControl
        aria-label="Invoice status"
        data={FILTERS.map(({ value, label }) => ({ value, label }))}
        value={filter}
        onChange={(v) => setFilter(v as Filter)}
        w="fit-content"
      />
      <ListTable {...LIST} key={filter} empty={empty} columns={COLUMNS} rows={invoices.data} loading={invoices.isPending} actions={buttons} />
      <Statements />
      {paying ? <InvoicePaymentDialog invoice={paying} onClose={() => setPaying(null)} onDone={refresh} /> : null}
      {crediting ? <CreditNoteDialog invoice={crediting} onClose={() => setCrediting(null)} onDone={refresh} /> : null}
    </Stack>
  );
}

/** A client's statement of a month, as PDF or CSV. */
function Statements() {
  const month = todayIso(useAppConfig().data?.companyTimeZone).slice(0, 7);
  const clients = useQuery(clientsQuery());
  const [clientId, setClientId] = useState('');
  const [chosenMonth, setChosenMonth] = useState(month);
  const ready = clientId !== '' && /^\d{4}-\d{2}$/.test(chosenMonth);
  const link = (format: 'pdf' | 'csv') =>
    ready ? { component: 'a' as const, href: statementUrl(Number(clientId), chosenMonth, format), target: '_blank', rel: 'noopener' } : { disabled: true };
  return (
    <Stack gap="xs" component="section" aria-labelledby="statements-title" mt="lg">
      <Title order={2} size="h3" id="statements-title">
        Statements
      </Title>
      <Text c="gray.8">A client&apos;s invoices, credit notes and payments of a month, with the balance.</Text>
      <Group align="end" wrap="wrap">
        <NativeSelect
          label="Client"
          data={[
            { value: '', label: clients.isPending ? 'Loading clients' : 'Choose a client' },
            ...(clients.data ?? []).map((c) => ({ value: String(c.id), label: c.companyName })),
          ]}
          value={clientId}
          onChange={(e) => setClientId(e.currentTarget.value)}
          w={{ base: '100%', sm: 280 }}
        />
        <TextInput label="Month" type="month" value={chosenMonth} onChange={(e) => setChosenMonth(e.currentTarget.value)} w={{ base: '100%', sm: 180 }} />
        <Group gap="xs">
          <Button variant="default" {...link('pdf')}>
            Download PDF
          </Button>
          <Button variant="default" {...link('csv')}>
            Download CSV
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
