import { Alert, List, Text } from '@mantine/core';
import type { Schemas } from '../../../lib/api';
import { formatCents } from '../../../lib/cents';
import { formatDateAndTime } from '../../../lib/dates';

type Offer = Schemas['OfferView'];

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Why the order was offered to the appraiser, in words: their place among the eligible, their score and the figures behind it. */
export function offerReasons(offer: Offer): string[] {
  const { distanceMiles, onTimeRate, revisionsPerOrder, openOrders, offersLast30Days, feeCents } = offer.figures;
  return [
    offer.rank == null ? `One of ${offer.eligible} eligible` : `Rank ${offer.rank} of ${offer.eligible} eligible`,
    `Score ${Math.round(offer.score)} of 100`,
    distanceMiles == null ? 'Distance from your office unknown' : `${distanceMiles.toFixed(1)} miles from your office`,
    onTimeRate == null ? 'No on-time record over 90 days yet' : `${Math.round(onTimeRate * 100)}% on time over 90 days`,
    revisionsPerOrder == null ? 'No revision record over 90 days yet' : `${revisionsPerOrder.toFixed(1)} revisions per order over 90 days`,
    `${plural(openOrders, 'open order', 'open orders')} now`,
    `${plural(offersLast30Days, 'order', 'orders')} offered to you in the last 30 days`,
    ...(feeCents == null ? [] : [`Your fee for its products: ${formatCents(feeCents)}`]),
  ];
}

/** An order offered to the appraiser (still unassigned): until when they may accept or reject it, and why they were offered it. */
export function OfferCard({ offer, timeZone }: { offer: Offer; timeZone: string | null }) {
  const deadline = offer.expiresAt ? `accept or reject by ${formatDateAndTime(offer.expiresAt, timeZone)}` : 'accept or reject it';
  return (
    <Alert color="blue.9" variant="outline" title={`Offered to you: ${deadline}`} data-testid="order-offer">
      <Text size="sm" fw={700} mb={4}>
        Why you
      </Text>
      <List size="sm" spacing={2}>
        {offerReasons(offer).map((reason) => (
          <List.Item key={reason}>{reason}</List.Item>
        ))}
      </List>
    </Alert>
  );
}
