import { Alert, Anchor, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { Field, Fields, InfoCard } from '../../../components/DataDisplay';
import { ResponsiveTable, type Column } from '../../../components/ResponsiveTable';
import { failureText } from '../../../lib/api';
import { formatDay } from '../../../lib/dates';
import { formatUsd } from '../../../lib/money';
import { notify } from '../../../lib/notify';
import { awardQuote, closeQuote, STAFF_QUOTES_KEY, staffQuoteQuery, type QuoteAnswerRow } from './api';
import { QuoteStatusBadge } from './StaffQuotesPage';

const ANSWER_LABELS: Record<string, string> = { waiting: 'Waiting', responded: 'Responded', rejected: 'Rejected' };

const columns: Column<QuoteAnswerRow & { id: number }>[] = [
  { header: 'Appraiser', cell: (a) => a.name, name: true },
  { header: 'Firm', cell: (a) => a.company ?? 'Independent' },
  { header: 'Answer', cell: (a) => ANSWER_LABELS[a.status] ?? a.status },
  { header: 'Fee', cell: (a) => formatUsd(a.fee), nowrap: true },
  { header: 'Delivery', cell: (a) => formatDay(a.deliveryDate), nowrap: true },
  { header: 'Comment or Reason', cardLabel: 'Comment', cell: (a) => a.comment ?? a.rejectReason ?? '' },
];

/** One quote request: its answers side by side, Award on each responded row, and Close. */
export function StaffQuoteDetailsPage() {
  const id = Number(useParams().id);
  const queryClient = useQueryClient();
  const mobile = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  const quote = useQuery({ ...staffQuoteQuery(id), enabled: Number.isInteger(id) && id > 0, retry: false });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: STAFF_QUOTES_KEY });
  const act = async (send: () => Promise<unknown>, done: string) => {
    try {
      await send();
      notify('success', done);
    } catch (e) {
      notify('error', failureText(e, 'The quote request could not be changed. Please try again.'));
    }
    refresh();
  };
  if (quote.isPending) return <Skeleton h={240} aria-label="Loading the quote request" />;
  if (quote.isError) {
    return (
      <Stack>
        <Title order={1}>Quote Request</Title>
        <Alert color="red" variant="light" role="alert">
          {failureText(quote.error, 'The quote request could not be loaded.')}
        </Alert>
      </Stack>
    );
  }
  const q = quote.data;
  const open = q.status === 'open';
  const rows = q.answers.map((a) => ({ ...a, id: a.appraiserId }));
  const award = (a: QuoteAnswerRow) =>
    open && a.status === 'responded' ? (
      <Button size="compact-sm" onClick={() => void act(() => awardQuote(q.id, a.appraiserId), `The work was awarded to ${a.name}.`)} aria-label={`Award to ${a.name}`}>
        Award
      </Button>
    ) : null;
  return (
    <Stack gap="md">
      <Anchor component={Link} to="/staff/quotes">
        Back to Quotes
      </Anchor>
      <Group justify="space-between" wrap="wrap">
        <Group gap="sm">
          <Title order={1}>Quote Request #{q.id}</Title>
          <QuoteStatusBadge status={q.status} />
        </Group>
        {open ? (
          <Button variant="default" onClick={() => void act(() => closeQuote(q.id), 'The quote request was closed.')}>
            Close Request
          </Button>
        ) : null}
      </Group>
      {q.orderId ? (
        <Alert color="teal" variant="light">
          Awarded:{' '}
          <Anchor component={Link} to={`/staff/orderdetails/${q.orderId}`}>
            open the order
          </Anchor>
          .
        </Alert>
      ) : null}
      <InfoCard title="Request">
        <Fields>
          <Field label="Property">{q.propertyAddress}</Field>
          <Field label="County">{q.propertyCounty}</Field>
          <Field label="Client">{q.clientCompany}</Field>
          <Field label="Loan Number">{q.loanNumber}</Field>
          <Field label="Property Type">{q.propertyType}</Field>
          <Field label="Intended Use">{q.intendedUse}</Field>
          <Field label="Report Type">{q.reportType}</Field>
          <Field label="Due Date">{formatDay(q.dueDate)}</Field>
          <Field label="Appraiser Fee">{formatUsd(q.appraiserFee)}</Field>
        </Fields>
      </InfoCard>
      <Title order={2} size="h3">
        Answers
      </Title>
      <Text c="gray.8">
        {q.answered} of {q.recipients} answered, {q.responded} responded.
      </Text>
      <ResponsiveTable items={rows} columns={columns} actions={award} label="Answers" mobile={mobile} minWidth={820} idAttribute="data-appraiser-id" />
    </Stack>
  );
}
