import { Accordion, Alert, Anchor, Badge, Button, Card, Group, SimpleGrid, Skeleton, Stack, Table, Tabs, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../lib/api';
import { useAppConfig } from '../../lib/appConfig';
import { appraiserKeys, appraiserMeQuery, type AppraiserInfo } from '../../lib/appraiserMe';
import { formatDay } from '../../lib/dates';
import { formatUsd } from '../../lib/money';
import {
  defaultRange,
  eppAccessUrlQuery,
  fetchOnboardToken,
  fetchPartyInformation,
  MSG_APPRAISER_NOT_FOUND,
  MSG_NOTHING_AWAITING,
  MSG_NO_PAYMENTS,
  MSG_TECH_FEE,
  orNA,
  paymentHistoryQuery,
  tabFor,
  TABS,
  unpaidOrdersQuery,
  type DateRange,
  type PayableOrder,
  type PaymentHistoryItem,
  type TabSlug,
} from './api';
import { EmptyState } from '../../components/DataDisplay';
import { FailureAlert, LoadingRows } from '../../components/LoadStates';
import { ListTable, usePhoneScreen, type ListSpec } from '../../components/ListTable';
import { DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS, PaginationBar } from '../../components/PaginationBar';
import { PayByDate } from '../../components/PayByDate';
import { StatGrid } from '../../components/StatGrid';
import { usePagedRows } from '../../components/usePagedRows';
import { awaitingSummary, groupAwaiting } from './awaiting';
import { type Column } from '../../components/ResponsiveTable';

/** A payment's pay-by date, with Late when it was paid after it. */
function PaidBy({ payment }: { payment: PaymentHistoryItem }) {
  return <PayByDate payBy={payment.payBy} late={payment.late} missing="Unknown" />;
}

function PaymentsTable({ payments }: { payments: PaymentHistoryItem[] }) {
  return (
    <Table.ScrollContainer minWidth={820}>
      <Table striped withTableBorder aria-label="Payments">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>File #</Table.Th>
            <Table.Th>Address</Table.Th>
            <Table.Th ta="right">Payment Amount</Table.Th>
            <Table.Th>Payment Date</Table.Th>
            <Table.Th>Pay By</Table.Th>
            <Table.Th>Borrower</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {payments.map((p, i) => (
            <Table.Tr key={`${p.usaFileNumber}-${p.paymentDate}-${i}`}>
              <Table.Td>{p.usaFileNumber}</Table.Td>
              <Table.Td>{p.address}</Table.Td>
              <Table.Td ta="right">{formatUsd(p.paymentAmount)}</Table.Td>
              <Table.Td>{formatDay(p.paymentDate)}</Table.Td>
              <Table.Td>
                <PaidBy payment={p} />
              </Table.Td>
              <Table.Td>{p.borrower}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function PaymentCards({ payments }: { payments: PaymentHistoryItem[] }) {
  return (
    <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Payments">
      {payments.map((p, i) => (
        <li key={`${p.usaFileNumber}-${p.paymentDate}-${i}`}>
          <Card component="article" withBorder radius="md" padding="sm" aria-label={`Payment for file ${p.usaFileNumber}`}>
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Text fw={700}>File # {p.usaFileNumber}</Text>
              <Text fw={700}>{formatUsd(p.paymentAmount)}</Text>
            </Group>
            <Text size="sm">{p.address}</Text>
            <Text size="sm" c="gray.8">
              Paid {formatDay(p.paymentDate)} · Borrower {p.borrower}
            </Text>
            <Group gap={6} wrap="wrap">
              <Text size="sm" c="gray.8">
                Pay by {p.payBy ? formatDay(p.payBy) : 'unknown'}
              </Text>
              {p.late ? <Badge color="red.9">Late</Badge> : null}
            </Group>
          </Card>
        </li>
      ))}
    </Stack>
  );
}

type UnpaidRow = PayableOrder & { id: number };

const UNPAID_COLUMNS: Column<UnpaidRow>[] = [
  {
    header: 'File #',
    cell: (o) => (
      <Anchor component={Link} to={`/appraiser/orderdetails/${o.orderId}`}>
        {o.fileNumber}
      </Anchor>
    ),
    nowrap: true,
  },
  // The card's title on a phone.
  { header: 'Address', cell: (o) => o.address, name: true },
  // No fee yet reads as such, not as $0.00.
  { header: 'Fee', cell: (o) => (o.appraiserFee == null ? 'Not set' : formatUsd(o.appraiserFee)), nowrap: true },
  { header: 'Pay By', cell: (o) => <PayByDate payBy={o.payBy} late={o.late} dueSoon={o.dueSoon} withheldBecause={o.withheldBecause} /> },
];

const UNPAID_LIST: Omit<ListSpec<UnpaidRow>, 'noun' | 'label'> = {
  empty: MSG_NOTHING_AWAITING,
  minWidth: 640,
  idAttribute: 'data-order-id',
};

const orderCount = (n: number) => (n === 1 ? '1 order' : `${n} orders`);

/** Late, due this week, owed in total and the next pay-by date, above the list. */
function AwaitingSummaryGrid({ orders }: { orders: PayableOrder[] }) {
  const s = awaitingSummary(orders);
  const withoutFee = s.withoutFee ? `, ${s.withoutFee} without a fee yet` : '';
  return (
    <StatGrid
      stats={[
        { label: 'Late', value: formatUsd(s.late.total), detail: orderCount(s.late.count), color: s.late.count ? 'red.9' : undefined },
        { label: 'Due this week', value: formatUsd(s.dueSoon.total), detail: orderCount(s.dueSoon.count) },
        { label: 'Owed in total', value: formatUsd(s.all.total), detail: `${orderCount(s.all.count)}${withoutFee}` },
        { label: 'Next pay-by', value: s.next ? formatDay(s.next.payBy) : 'None yet', detail: s.next ? `File # ${s.next.fileNumber}` : 'No pay-by date has started' },
      ]}
    />
  );
}

/** The groups open at first: the urgent ones (late, due this week); the others wait for a tap (the summary counts them). */
function firstOpen(groups: ReturnType<typeof groupAwaiting>): string[] {
  return groups.filter((g) => g.key === 'late' || g.key === 'dueSoon').map((g) => g.key);
}

/** The orders awaiting payment in their groups (most urgent first), each a page at a time: 10 on a phone. */
function AwaitingGroups({ orders }: { orders: PayableOrder[] }) {
  const mobile = usePhoneScreen();
  const groups = groupAwaiting(orders);
  const [opened, setOpened] = useState<string[]>(() => firstOpen(groups));
  return (
    <Accordion multiple value={opened} onChange={setOpened} variant="separated" order={3}>
      {groups.map((g) => (
        <Accordion.Item key={g.key} value={g.key} data-pay-group={g.key}>
          <Accordion.Control>
            <Group justify="space-between" wrap="wrap" gap={4} pr="sm">
              <Text fw={700} c={g.key === 'late' ? 'red.9' : undefined}>
                {g.title}
              </Text>
              <Text size="sm" c="gray.8">
                {orderCount(g.orders.length)} · {formatUsd(awaitingSummary(g.orders).all.total)}
              </Text>
            </Group>
          </Accordion.Control>
          <Accordion.Panel>
            <Stack gap="sm">
              <Text size="sm" c="gray.8">
                {g.description}
              </Text>
              <ListTable
                {...UNPAID_LIST}
                noun={`${g.title.toLowerCase()} orders`}
                label={`${g.title}: orders awaiting payment`}
                pageSize={mobile ? PAGE_SIZE_OPTIONS[0] : DEFAULT_PAGE_SIZE}
                columns={UNPAID_COLUMNS}
                rows={g.orders.map((o) => ({ ...o, id: o.orderId }))}
                loading={false}
              />
            </Stack>
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}

/** The appraiser's completed or delivered orders not paid yet: the summary first, then the orders grouped by their pay-by dates. */
function AwaitingPayment({ securityUserId }: { securityUserId: number }) {
  const query = useQuery(unpaidOrdersQuery(securityUserId));
  return (
    <Stack gap="sm" component="section" aria-labelledby="awaiting-payment-heading">
      <Title order={2} size="h3" id="awaiting-payment-heading">
        Awaiting Payment
      </Title>
      {query.isError ? (
        <FailureAlert message={query.error.message} />
      ) : query.isPending ? (
        <Skeleton h={160} aria-label="Loading orders awaiting payment" />
      ) : query.data.length === 0 ? (
        <EmptyState message={MSG_NOTHING_AWAITING} />
      ) : (
        <>
          <AwaitingSummaryGrid orders={query.data} />
          <AwaitingGroups orders={query.data} />
        </>
      )}
    </Stack>
  );
}

function PaymentHistoryTab({ appraiser }: { appraiser: AppraiserInfo }) {
  return (
    <Stack gap="xl">
      <Alert color="blue" variant="light" title="Technology Fee">
        {MSG_TECH_FEE}
      </Alert>
      <AwaitingPayment securityUserId={appraiser.securityUser.id} />
      <PaymentHistory appraiser={appraiser} />
    </Stack>
  );
}

function PaymentHistory({ appraiser }: { appraiser: AppraiserInfo }) {
  const timeZone = useAppConfig().data?.companyTimeZone;
  const [initial] = useState(() => defaultRange(timeZone));
  const [draft, setDraft] = useState<DateRange>(initial);
  const [range, setRange] = useState<DateRange>(initial);
  const [rangeError, setRangeError] = useState<string | null>(null);
  const mobile = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  const query = useQuery(paymentHistoryQuery(appraiser.securityUser.id, range));

  const search = (e: FormEvent) => {
    e.preventDefault();
    if (draft.from && draft.to && draft.to < draft.from) {
      setRangeError('The end date cannot be before the start date.');
      return;
    }
    setRangeError(null);
    setRange({ ...draft });
  };

  const payments = query.data ?? [];
  const pages = usePagedRows(payments, mobile ? PAGE_SIZE_OPTIONS[0] : DEFAULT_PAGE_SIZE);
  return (
    <Stack gap="md" component="section" aria-labelledby="payment-history-heading">
      <Title order={2} size="h3" id="payment-history-heading">
        Payment History
      </Title>
      <form onSubmit={search} aria-label="Search payments" noValidate>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput type="date" label="Start Date" value={draft.from} max={draft.to || undefined} onChange={(e) => setDraft({ ...draft, from: e.currentTarget.value })} w={190} />
          <TextInput
            type="date"
            label="End Date"
            value={draft.to}
            min={draft.from || undefined}
            onChange={(e) => setDraft({ ...draft, to: e.currentTarget.value })}
            error={rangeError}
            w={190}
          />
          <Button type="submit" loading={query.isFetching}>
            Search
          </Button>
        </Group>
      </form>
      {query.isPending ? (
        <LoadingRows label="Loading payments" rows={5} height={40} radius="sm" />
      ) : query.isError ? (
        <FailureAlert message={query.error.message} />
      ) : payments.length === 0 ? (
        <Text c="gray.8" py="md" role="status">
          {MSG_NO_PAYMENTS}
        </Text>
      ) : (
        <>
          <Text size="sm" c="gray.8" role="status">
            {payments.length === 1 ? '1 payment' : `${payments.length} payments`}
          </Text>
          {mobile ? <PaymentCards payments={pages.visible} /> : <PaymentsTable payments={pages.visible} />}
          {pages.paged ? <PaginationBar {...pages.bar} label="Payments pages" /> : null}
        </>
      )}
    </Stack>
  );
}

function ReadOnly({ label, value }: { label: string; value: string | null | undefined }) {
  return <TextInput label={label} value={orNA(value)} readOnly variant="filled" />;
}

function ViewProfileLink({ securityUserId }: { securityUserId: number }) {
  const query = useQuery(eppAccessUrlQuery(securityUserId));
  if (!query.data?.url) return null;
  return (
    <Anchor href={query.data.url} target="_blank" rel="noopener noreferrer" fw={600}>
      View EPP Profile
      <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
    </Anchor>
  );
}

function EppTab({ appraiser }: { appraiser: AppraiserInfo }) {
  const queryClient = useQueryClient();
  const id = appraiser.securityUser.id;
  const [connecting, setConnecting] = useState(false);
  const [started, setStarted] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const onboarded = !!appraiser.eppPartyData;

  // Party information comes from the platform: refresh it when the tab shows and when the user
  // comes back from the onboarding tab.
  useEffect(() => {
    let live = true;
    const sync = () => {
      fetchPartyInformation(id)
        .then((info) => {
          if (live && !!info.eppPartyData !== onboarded) void queryClient.invalidateQueries({ queryKey: appraiserKeys.me() });
        })
        .catch(() => undefined);
    };
    sync();
    window.addEventListener('focus', sync);
    return () => {
      live = false;
      window.removeEventListener('focus', sync);
    };
  }, [id, onboarded, queryClient]);

  const onboard = async () => {
    setFailure(null);
    setConnecting(true);
    // Open the tab now, inside the click, so the browser does not block it; fill it in below.
    const tab = window.open('', '_blank');
    try {
      const link = await fetchOnboardToken(id);
      const url = new URL(link.onboardingUrl, window.location.origin).toString();
      if (tab) {
        tab.opener = null;
        tab.location.href = url;
      } else {
        window.location.assign(url);
      }
      setStarted(true);
    } catch (e) {
      tab?.close();
      setFailure(e instanceof ApiError ? e.message : 'Could not connect to EPP. Please try again.');
    } finally {
      setConnecting(false);
    }
  };

  return (
    <Stack gap="md">
      <Text>Stewart Enterprise Payments (EPP) is how you receive payments for completed orders. Onboarding sets up your payee details and W9 information with EPP.</Text>
      {failure ? (
        <Alert color="red" variant="light" role="alert">
          {failure}
        </Alert>
      ) : null}
      {!onboarded ? (
        <Stack gap="xs" align="flex-start">
          <Button onClick={() => void onboard()} disabled={!appraiser.readyForEppOnboarding || connecting} aria-describedby="epp-onboard-help">
            {connecting ? 'connecting...' : 'Onboard to EPP'}
          </Button>
          <Text size="sm" c="gray.8" id="epp-onboard-help">
            {!appraiser.readyForEppOnboarding
              ? 'Your account is not ready for EPP onboarding yet. Please contact support.'
              : started
                ? 'Complete onboarding in the new tab. This page updates when you come back.'
                : 'Opens the EPP onboarding page in a new tab.'}
          </Text>
        </Stack>
      ) : (
        <Group>
          <ViewProfileLink securityUserId={id} />
        </Group>
      )}
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <ReadOnly label="Company Name" value={appraiser.companyName} />
        <ReadOnly label="Vendor Name" value={appraiser.vendorName} />
        <ReadOnly label="Payments Status" value={appraiser.paymentStatus} />
      </SimpleGrid>
      {appraiser.isLinked ? (
        <Stack gap="sm" component="section" aria-labelledby="w9-heading">
          <Title order={3} size="h4" id="w9-heading">
            W9 Address
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <ReadOnly label="Street Address" value={appraiser.streetAddress} />
            <ReadOnly label="State" value={appraiser.state} />
            <ReadOnly label="City" value={appraiser.city} />
            <ReadOnly label="Zip Code" value={appraiser.zip} />
          </SimpleGrid>
        </Stack>
      ) : null}
    </Stack>
  );
}

function LoadingSkeleton() {
  return (
    <Stack gap="sm" aria-busy="true" data-testid="payments-skeleton">
      <VisuallyHidden role="status">Loading payment information</VisuallyHidden>
      <Skeleton height={36} width="60%" />
      <Skeleton height={60} />
      <Skeleton height={36} />
      <Skeleton height={36} />
      <Skeleton height={36} />
    </Stack>
  );
}

/** Payment Information (/appraiser/payments[/:tabName]; docs/domain.md#payments-and-epp). */
export function PaymentsPage() {
  const { tabName } = useParams();
  const navigate = useNavigate();
  const tab = tabFor(tabName);
  const query = useQuery(appraiserMeQuery());

  return (
    <Stack gap="md">
      <Title order={1}>Payment Information</Title>
      {query.isPending ? (
        <LoadingSkeleton />
      ) : query.isError ? (
        <Alert color="red" variant="light" role="alert">
          {query.error.message}
        </Alert>
      ) : !query.data ? (
        <Alert color="red" variant="light" role="alert">
          {MSG_APPRAISER_NOT_FOUND}
        </Alert>
      ) : (
        <Tabs value={tab} onChange={(v) => v && void navigate(`/appraiser/payments/${v}`)} keepMounted={false}>
          <Tabs.List>
            {TABS.map((t) => (
              <Tabs.Tab key={t.slug} value={t.slug}>
                {t.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value={'payment-history' satisfies TabSlug} pt="md">
            <PaymentHistoryTab appraiser={query.data} />
          </Tabs.Panel>
          <Tabs.Panel value={'epp' satisfies TabSlug} pt="md">
            <EppTab appraiser={query.data} />
          </Tabs.Panel>
        </Tabs>
      )}
    </Stack>
  );
}
