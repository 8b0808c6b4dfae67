import { Button, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { InfoCard } from '../../components/DataDisplay';
import { FormDialog } from '../../components/FormDialog';
import { ListStatus } from '../../components/LoadStates';
import { RECONSIDERATION_TITLE, ReconsiderationCaseView } from '../../components/ReconsiderationCaseView';
import { ReconsiderationRequestFields, useReconsiderationRequest } from '../../components/ReconsiderationRequest';
import { notify } from '../../lib/notify';
import { clientKeys, clientReconsiderationsQuery, requestReconsideration } from './api';

export const MSG_ROV_INTRO = 'Ask the appraiser to reconsider the value of the delivered report: what is wrong in it and, if you have them, better comparable sales.';
export const MSG_NO_RECONSIDERATIONS = 'No reconsideration of value has been requested for this order.';
export const MSG_ROV_SENT = 'Your request for a reconsideration of value was sent.';

function RequestDialog({ orderId, onClose }: { orderId: number; onClose: () => void }) {
  const queryClient = useQueryClient();
  const request = useReconsiderationRequest(
    (body) => requestReconsideration(orderId, body),
    () => {
      notify('success', MSG_ROV_SENT);
      void queryClient.invalidateQueries({ queryKey: clientKeys.reconsiderations(orderId) });
      onClose();
    },
  );
  return (
    <FormDialog
      title="Request Reconsideration"
      opened
      onClose={onClose}
      onSubmit={request.submit}
      submitLabel="Send Request"
      busy={request.busy}
      failure={request.failure}
      size="xl"
    >
      <ReconsiderationRequestFields request={request} />
    </FormDialog>
  );
}

/**
 * The client's order page, once delivered: its reconsiderations of value, read-only with their
 * status, steps and outcome (docs/domain.md#reconsideration-of-value), and Request Reconsideration.
 */
export function ClientReconsiderationCard({ orderId, timeZone }: { orderId: number; timeZone: string | null }) {
  const cases = useQuery(clientReconsiderationsQuery(orderId));
  const [asking, setAsking] = useState(false);
  return (
    <InfoCard title={RECONSIDERATION_TITLE} testId="card-reconsiderations">
      <Text size="sm" c="gray.8">
        {MSG_ROV_INTRO}
      </Text>
      <Button w="fit-content" onClick={() => setAsking(true)} aria-haspopup="dialog">
        Request Reconsideration
      </Button>
      <ListStatus
        query={cases}
        noun="reconsiderations of value"
        empty={
          <Text size="sm" c="gray.8">
            {MSG_NO_RECONSIDERATIONS}
          </Text>
        }
      />
      {cases.data?.map((rov) => (
        <ReconsiderationCaseView key={rov.id} rov={rov} steps timeZone={timeZone} />
      ))}
      {asking ? <RequestDialog orderId={orderId} onClose={() => setAsking(false)} /> : null}
    </InfoCard>
  );
}
