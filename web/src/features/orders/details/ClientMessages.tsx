import { Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { InfoCard } from '../../../components/DataDisplay';
import { MessageForm, MessageList } from '../../../components/MessageThread';
import { orderKeys } from '../keys';
import { clientMessagesQuery, writeToClient } from './api';

export const MSG_CLIENT_MESSAGES_HINT = 'Between staff and the client who ordered: appraisers never see them.';
export const MSG_NO_CLIENT_MESSAGES = 'No messages with the client yet.';

/** The messages between staff and the order's client, oldest first, and a field to answer. Staff only. */
export function ClientMessages({ orderId, timeZone }: { orderId: number; timeZone: string | null }) {
  const queryClient = useQueryClient();
  const messages = useQuery(clientMessagesQuery(orderId));
  return (
    <InfoCard title="Client Messages" testId="card-client-messages">
      <Text size="sm" c="gray.8">
        {MSG_CLIENT_MESSAGES_HINT}
      </Text>
      <MessageList
        label="Client messages"
        thread={messages}
        failure="The messages could not be loaded."
        emptyText={MSG_NO_CLIENT_MESSAGES}
        timeZone={timeZone}
        tagOf={(m) => (m.fromClient ? 'Client' : 'Staff')}
      />
      <MessageForm
        label="Write to the client"
        fieldLabel="Write to the client"
        submitLabel="Send to Client"
        send={(text) => writeToClient(orderId, text)}
        onSent={() => void queryClient.invalidateQueries({ queryKey: orderKeys.clientMessages(orderId) })}
      />
    </InfoCard>
  );
}
