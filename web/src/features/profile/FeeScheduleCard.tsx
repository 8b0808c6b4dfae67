import { Skeleton, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { InfoCard } from '../../components/DataDisplay';
import { PriceListForm } from '../../components/PriceListForm';
import { useReportProducts } from '../../lib/lookups';
import { feeScheduleQuery, profileKeys, saveFeeSchedule } from './api';

export const MSG_FEES_SAVED = 'Fee schedule saved.';
export const MSG_NO_PRODUCTS = 'No products yet.';
const MSG_FEES_FAILED = 'The fee schedule could not be loaded. Please try again later.';
const MSG_SAVE_FAILED = 'The fee schedule could not be saved. Please try again.';

/**
 * The appraiser's own fee per product: an order is offered to them only when their fees for its
 * products add up to no more than the order's appraiser fee. A blank fee asks nothing for that product.
 */
export function FeeScheduleCard({ securityUserId }: { securityUserId: number }) {
  const queryClient = useQueryClient();
  const products = useReportProducts();
  const schedule = useQuery(feeScheduleQuery(securityUserId));
  const fees = new Map(schedule.data?.map((f) => [f.productId, f.feeCents]));
  return (
    <InfoCard title="Fee Schedule">
      <Text size="sm" c="gray.8">
        The fee asked for each product. Orders are offered only when these fees for the order&apos;s products add up to no more than its appraiser fee. Leave a fee blank to ask
        nothing for that product.
      </Text>
      {products.isPending || schedule.isPending ? <Skeleton h={160} aria-label="Loading the fee schedule" /> : null}
      {schedule.isError ? (
        <Text size="sm" c="red.9" role="alert">
          {MSG_FEES_FAILED}
        </Text>
      ) : null}
      {products.isSuccess && schedule.isSuccess ? (
        <PriceListForm
          products={products.data.map((p) => ({ productId: p.id, productName: p.productDescription, feeCents: fees.get(p.id) }))}
          priceLabel="Fee"
          label="Fee schedule"
          empty={MSG_NO_PRODUCTS}
          saveLabel="Save Fee Schedule"
          saved={MSG_FEES_SAVED}
          saveFailed={MSG_SAVE_FAILED}
          save={(entries) => saveFeeSchedule(securityUserId, entries)}
          onSaved={() => void queryClient.invalidateQueries({ queryKey: profileKeys.feeSchedule(securityUserId) })}
        />
      ) : null}
    </InfoCard>
  );
}
