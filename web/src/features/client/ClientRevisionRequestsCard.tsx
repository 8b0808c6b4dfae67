import { Button, SimpleGrid, Text, Textarea } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { characterLimit } from '../../components/CharacterCount';
import { InfoCard } from '../../components/DataDisplay';
import { FormDialog } from '../../components/FormDialog';
import { LenderRevisionRequestView } from '../../components/LenderRevisionRequestView';
import { ListStatus } from '../../components/LoadStates';
import { RevisionItemsInput, useRevisionItems } from '../../components/RevisionItems';
import { formFailure } from '../../lib/api';
import { OrderStatus } from '../../lib/api-enums';
import { MAX_TEXT } from '../../lib/fieldRules';
import { notify } from '../../lib/notify';
import { clientKeys, requestRevisions, revisionRequestsQuery, type ClientOrder } from './api';

export const REVISION_REQUESTS_TITLE = 'Revision Requests';
export const MSG_REVISIONS_INTRO =
  'Ask for corrections of the delivered report, not of its value: for each, the page or field and what to change. Staff send them to the appraiser.';
export const MSG_NO_REVISION_REQUESTS = 'No revisions have been requested for this order.';
export const MSG_REVISIONS_SENT = 'Your revision request was sent.';

function RevisionDialog({ orderId, onClose }: { orderId: number; onClose: () => void }) {
  const queryClient = useQueryClient();
  const items = useRevisionItems();
  const [message, setMessage] = useState('');
  const send = useMutation({
    mutationFn: () => requestRevisions(orderId, { items: items.items(), message: message.trim() || null }),
    onSuccess: () => {
      notify('success', MSG_REVISIONS_SENT);
      // The order moves (its status and timeline) and the request joins the list.
      void queryClient.invalidateQueries({ queryKey: clientKeys.orders() });
      onClose();
    },
    onError: (e) => items.showRefusal(e),
  });
  const submit = () => {
    if (items.check()) send.mutate();
  };
  return (
    <FormDialog
      title="Request Revisions"
      opened
      onClose={onClose}
      onSubmit={submit}
      submitLabel="Send Request"
      busy={send.isPending}
      failure={formFailure(send.error, 'Your request could not be sent. Please try again.')}
      size="lg"
    >
      <RevisionItemsInput request={items} />
      <Textarea
        label="Message"
        description="Optional"
        autosize
        minRows={2}
        value={message}
        onChange={(e) => setMessage(e.currentTarget.value)}
        {...characterLimit(message, MAX_TEXT)}
      />
    </FormDialog>
  );
}

/**
 * The client's order page, once delivered: the lender's revision requests with when staff sent each
 * to the appraiser, and Request Revisions while the order is delivered (docs/domain.md, a lender's
 * revision request).
 */
export function ClientRevisionRequestsCard({ order, timeZone }: { order: ClientOrder; timeZone: string | null }) {
  const requests = useQuery(revisionRequestsQuery(order.id));
  const [asking, setAsking] = useState(false);
  return (
    <InfoCard title={REVISION_REQUESTS_TITLE} testId="card-revision-requests">
      <Text size="sm" c="gray.8">
        {MSG_REVISIONS_INTRO}
      </Text>
      {order.statusId === OrderStatus.DeliveredToClient ? (
        <Button w="fit-content" onClick={() => setAsking(true)} aria-haspopup="dialog">
          Request Revisions
        </Button>
      ) : null}
      <ListStatus
        query={requests}
        noun="revision requests"
        empty={
          <Text size="sm" c="gray.8">
            {MSG_NO_REVISION_REQUESTS}
          </Text>
        }
      />
      {requests.data?.length ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {requests.data.map((r, i) => (
            <LenderRevisionRequestView key={r.id} request={r} number={i + 1} timeZone={timeZone} />
          ))}
        </SimpleGrid>
      ) : null}
      {asking ? <RevisionDialog orderId={order.id} onClose={() => setAsking(false)} /> : null}
    </InfoCard>
  );
}
