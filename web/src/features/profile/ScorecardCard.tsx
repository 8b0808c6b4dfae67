import { Skeleton, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Field, Fields, InfoCard } from '../../components/DataDisplay';
import { businessDays } from '../../lib/turnTime';
import { scorecardQuery, type Scorecard } from './api';

export const SCORECARD_TITLE = 'Scorecard (last 90 days)';
export const MSG_NO_SCORED_ORDERS = 'No reports were uploaded in the last 90 days.';
export const MSG_SCORECARD_FAILED = 'The scorecard could not be loaded. Please try again later.';

const percent = (rate: number | null | undefined) => (rate == null ? '' : `${Math.round(rate * 100)}%`);
const oneDecimal = (n: number | null | undefined) => (n == null ? '' : n.toFixed(1));

function Figures({ card }: { card: Scorecard }) {
  if (card.orders === 0) return <Text size="sm">{MSG_NO_SCORED_ORDERS}</Text>;
  return (
    <Fields>
      <Field label="Orders">{String(card.orders)}</Field>
      <Field label="On-Time Rate">{percent(card.onTimeRate)}</Field>
      <Field label="Average Turn Time">{card.averageTurnTimeBusinessDays == null ? '' : businessDays(card.averageTurnTimeBusinessDays)}</Field>
      <Field label="Revisions Per Order">{oneDecimal(card.revisionsPerOrder)}</Field>
      <Field label="Fair-language blocks">{percent(card.fairLanguageBlockRate)}</Field>
      <Field label="Fair-language warnings">{percent(card.fairLanguageWarnRate)}</Field>
    </Fields>
  );
}

/**
 * What the company sees of the appraiser's work: on-time rate, turn time, revisions (docs/domain.md#turn-time),
 * and the shares of reports with a blocking fair-language finding or a warning (for review only).
 */
export function ScorecardCard({ securityUserId }: { securityUserId: number }) {
  const query = useQuery(scorecardQuery(securityUserId));
  return (
    <InfoCard title={SCORECARD_TITLE} testId="card-scorecard">
      {query.isPending ? <Skeleton h={80} aria-label="Loading the scorecard" /> : null}
      {query.isError ? (
        <Text size="sm" c="red.9">
          {MSG_SCORECARD_FAILED}
        </Text>
      ) : null}
      {query.isSuccess ? <Figures card={query.data} /> : null}
    </InfoCard>
  );
}
