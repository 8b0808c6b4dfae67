import { Button, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { InfoCard } from '../../../components/DataDisplay';
import { LenderRevisionRequestView, type LenderRevisionRequest } from '../../../components/LenderRevisionRequestView';
import { orderKeys } from '../keys';
import { useOrderAction } from './actions/useOrderAction';
import { CardLoadFailed } from './parts';
import { forwardLenderRevision, lenderRevisionsQuery } from './reviewApi';

export const LENDER_REVISIONS_TITLE = 'Lender Revision Requests';
export const MSG_LENDER_REVISIONS_FAILED = "The lender's revision requests could not be loaded.";
export const MSG_LENDER_REVISIONS_INTRO =
  'The lender asks for corrections of the delivered report. Forward to Appraiser sends the items to the appraiser as the next revision round.';

/** Forward to Appraiser: the order reloads after; a refusal (already forwarded, the order moved on) shows under the button. */
function ForwardButton({ orderId, request }: { orderId: number; request: LenderRevisionRequest }) {
  const queryClient = useQueryClient();
  const reload = () => void queryClient.invalidateQueries({ queryKey: orderKeys.lenderRevisions(orderId) });
  const { busy, failure, run } = useOrderAction(orderId, reload);
  const forward = async () => {
    if (await run(() => forwardLenderRevision(orderId, request.id))) reload();
  };
  return (
    <Stack gap={4}>
      <Button w="fit-content" loading={busy} onClick={() => void forward()}>
        Forward to Appraiser
      </Button>
      {failure ? (
        <Text size="sm" c="red.8" role="alert">
          {failure}
        </Text>
      ) : null}
    </Stack>
  );
}

/** Staff: the lender's revision requests of the order, each forwarded to the appraiser once. Nothing without one. */
export function LenderRevisionRequestsCard({ orderId, timeZone }: { orderId: number; timeZone: string | null }) {
  const requests = useQuery(lenderRevisionsQuery(orderId));
  if (requests.isError) return <CardLoadFailed message={MSG_LENDER_REVISIONS_FAILED} />;
  if (!requests.data?.length) return null;
  return (
    <InfoCard title={LENDER_REVISIONS_TITLE} testId="card-lender-revisions">
      <Text size="sm" c="gray.8">
        {MSG_LENDER_REVISIONS_INTRO}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {requests.data.map((r, i) => (
          <LenderRevisionRequestView key={r.id} request={r} number={i + 1} timeZone={timeZone}>
            {r.forwardedAt ? null : <ForwardButton orderId={orderId} request={r} />}
          </LenderRevisionRequestView>
        ))}
      </SimpleGrid>
    </InfoCard>
  );
}
