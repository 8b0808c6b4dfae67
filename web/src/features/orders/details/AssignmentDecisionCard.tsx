import { Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { modeLabel } from '../../../components/AssignmentPolicyForm';
import { Field, Fields, InfoCard } from '../../../components/DataDisplay';
import { usePhoneScreen } from '../../../components/ListTable';
import { ResponsiveTable, type Column } from '../../../components/ResponsiveTable';
import { StackedBar, type BarPart } from '../../../components/StackedBar';
import { formatCents } from '../../../lib/cents';
import { formatDateAndTime } from '../../../lib/dates';
import { assignmentDecisionQuery, type AssignmentDecision, type OfferItem, type RankedCandidate } from './assignmentApi';

export const TITLE_DECISION = 'Why this appraiser';
export const MSG_HANDED_BACK = 'No appraiser could be offered the order: it went back to staff to assign by hand.';
export const MSG_DECISION_FAILED = 'The assignment decision could not be loaded.';
const NO_RECORD = 'No record';

const OFFER_STATUS_LABELS: Record<string, string> = { open: 'Open', accepted: 'Accepted', declined: 'Declined', expired: 'Expired', closed: 'Closed' };

const oneDecimal = (n: number) => n.toFixed(1);

type Points = NonNullable<RankedCandidate['points']>;

/** The parts of a candidate's score, each with the most it can give (together 100). */
const POINT_PARTS: { key: keyof Points; label: string; max: number; color: string }[] = [
  { key: 'onTime', label: 'On time', max: 40, color: 'blue' },
  { key: 'quality', label: 'Quality', max: 20, color: 'teal' },
  { key: 'distance', label: 'Distance', max: 20, color: 'grape' },
  { key: 'load', label: 'Load', max: 10, color: 'orange' },
  { key: 'rotation', label: 'Rotation', max: 10, color: 'gray' },
];

const pointParts = (points: Points): BarPart[] => POINT_PARTS.map(({ key, ...part }) => ({ ...part, value: points[key] }));

/** The score and, when the decision kept them, its points per part as a stacked bar with the numbers. */
function Score({ candidate: c }: { candidate: RankedCandidate }) {
  return (
    <>
      <Text span fw={700} size="sm" display="block">
        {oneDecimal(c.score)}
      </Text>
      {c.points ? <StackedBar parts={pointParts(c.points)} scale={100} format={oneDecimal} /> : null}
    </>
  );
}

const CANDIDATE_COLUMNS: Column<RankedCandidate & { id: number }>[] = [
  { header: 'Rank', cell: (c) => c.rank ?? 'Excluded' },
  { header: 'Appraiser', cell: (c) => c.name, name: true },
  { header: 'Score', cell: (c) => <Score candidate={c} /> },
  { header: 'Distance', cell: (c) => (c.figures.distanceMiles == null ? 'Unknown' : `${oneDecimal(c.figures.distanceMiles)} mi`), nowrap: true },
  { header: 'On-time rate', cell: (c) => (c.figures.onTimeRate == null ? NO_RECORD : `${Math.round(c.figures.onTimeRate * 100)}%`) },
  { header: 'Revisions per order', cell: (c) => (c.figures.revisionsPerOrder == null ? NO_RECORD : c.figures.revisionsPerOrder.toFixed(2)) },
  { header: 'Open orders', cell: (c) => c.figures.openOrders },
  { header: 'Offers in 30 days', cell: (c) => c.figures.offersLast30Days },
  { header: 'Fee', cell: (c) => (c.figures.feeCents == null ? 'None' : formatCents(c.figures.feeCents)), nowrap: true },
  { header: 'Excluded because', cell: (c) => (c.excludedBecause.length ? c.excludedBecause.join(' ') : 'Eligible') },
];

function offerColumns(timeZone: string | null): Column<OfferItem & { id: number }>[] {
  const when = (at: string | null | undefined) => (at ? formatDateAndTime(at, timeZone) : '');
  return [
    { header: 'Appraiser', cell: (o) => o.name, name: true },
    { header: 'Status', cell: (o) => OFFER_STATUS_LABELS[o.status] ?? o.status },
    { header: 'Offered', cell: (o) => when(o.offeredAt), nowrap: true },
    { header: 'Open until', cell: (o) => when(o.expiresAt), nowrap: true },
    { header: 'Closed', cell: (o) => when(o.closedAt), nowrap: true },
  ];
}

function Decision({ decision, timeZone }: { decision: AssignmentDecision; timeZone: string | null }) {
  const mobile = usePhoneScreen();
  const handedBack = decision.outcome === 'none';
  return (
    <>
      <Fields>
        <Field label="Mode">{modeLabel(decision.mode)}</Field>
        <Field label="Decided">{formatDateAndTime(decision.decidedAt, timeZone)}</Field>
        <Field label="Outcome">{handedBack ? 'Went back to staff' : 'Offered to appraisers'}</Field>
      </Fields>
      {handedBack ? (
        <Text size="sm" fw={700} c="red.9" role="status">
          {MSG_HANDED_BACK}
        </Text>
      ) : null}
      {decision.offers.length ? (
        <Stack gap="xs">
          <Title order={3} size="h5">
            Offers
          </Title>
          <ResponsiveTable items={decision.offers.map((o, i) => ({ ...o, id: i }))} columns={offerColumns(timeZone)} label="Offers" mobile={mobile} idAttribute="data-offer" />
        </Stack>
      ) : null}
      <Stack gap="xs">
        <Title order={3} size="h5">
          Candidates
        </Title>
        {decision.candidates.length ? (
          <ResponsiveTable
            items={decision.candidates.map((c) => ({ ...c, id: c.appraiserId }))}
            columns={CANDIDATE_COLUMNS}
            label="Candidates"
            mobile={mobile}
            idAttribute="data-appraiser-id"
            wrapHeaders
          />
        ) : (
          <Text size="sm" c="gray.8">
            No appraiser was considered.
          </Text>
        )}
      </Stack>
    </>
  );
}

/** How automatic assignment chose the order's appraiser (staff): the mode, the outcome, the offers and every candidate with their figures. Nothing for an order it never decided on. */
export function AssignmentDecisionCard({ orderId, timeZone }: { orderId: number; timeZone: string | null }) {
  const decision = useQuery(assignmentDecisionQuery(orderId));
  if (decision.isError) {
    return (
      <Text size="sm" c="red.9">
        {MSG_DECISION_FAILED}
      </Text>
    );
  }
  if (!decision.data) return null;
  return (
    <InfoCard title={TITLE_DECISION} testId="card-assignment-decision">
      <Decision decision={decision.data} timeZone={timeZone} />
    </InfoCard>
  );
}
