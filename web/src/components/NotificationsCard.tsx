import { Button, Group, NativeSelect, Skeleton, Stack, Switch, Table, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { failureText } from '../lib/api';
import { myAccountKeys, notificationPreferencesQuery, saveNotificationPreferences, type Delivery, type NotificationPreferences } from '../lib/myAccount';
import { notify } from '../lib/notify';
import { InfoCard } from './DataDisplay';

export const MSG_NOTIFICATIONS_SAVED = 'Notification choices saved.';
export const MSG_NO_CELL_PHONE = 'Add a cell phone number (through support) to receive text messages.';

const DELIVERIES: { value: Delivery; label: string }[] = [
  { value: 'email', label: 'E-mail' },
  { value: 'sms', label: 'Text message' },
  { value: 'both', label: 'E-mail and text' },
  { value: 'none', label: 'None' },
];

/** "7:00 AM" for 7. */
export function hourLabel(hour: number): string {
  const h12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${h12}:00 ${hour < 12 ? 'AM' : 'PM'}`;
}

/** The digest hour offered first: the start of a working day. */
const DEFAULT_DIGEST_HOUR = 7;
const HOURS = Array.from({ length: 24 }, (_, h) => ({ value: String(h), label: hourLabel(h) }));

function Form({ saved }: { saved: NotificationPreferences }) {
  const queryClient = useQueryClient();
  const [choices, setChoices] = useState(saved);
  const save = useMutation({
    mutationFn: () => saveNotificationPreferences(choices),
    onSuccess: (answer) => {
      notify('success', MSG_NOTIFICATIONS_SAVED);
      queryClient.setQueryData(myAccountKeys.notifications(), answer);
    },
  });
  const setDelivery = (event: string, delivery: Delivery) => setChoices((c) => ({ ...c, events: c.events.map((e) => (e.event === event ? { ...e, delivery } : e)) }));
  const digest = choices.digestHour != null;
  return (
    <Stack gap="sm">
      <Table.ScrollContainer minWidth={0}>
        <Table aria-label="Notifications by event" verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Event</Table.Th>
              <Table.Th scope="col">How you are told</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {choices.events.map((e) => (
              <Table.Tr key={e.event}>
                <Table.Th scope="row" fw={400}>
                  {e.label}
                </Table.Th>
                <Table.Td>
                  <NativeSelect
                    aria-label={`How you are told: ${e.label}`}
                    data={DELIVERIES}
                    value={e.delivery}
                    onChange={(ev) => setDelivery(e.event, ev.currentTarget.value as Delivery)}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {saved.smsAvailable ? null : (
        <Text size="sm" c="gray.8">
          {MSG_NO_CELL_PHONE}
        </Text>
      )}
      <Switch
        label="Send my e-mails as one daily digest"
        checked={digest}
        onChange={(ev) => {
          const on = ev.currentTarget.checked;
          setChoices((c) => ({ ...c, digestHour: on ? DEFAULT_DIGEST_HOUR : null }));
        }}
      />
      {digest ? (
        <NativeSelect
          label={`Digest time (${saved.timeZone})`}
          data={HOURS}
          value={String(choices.digestHour)}
          onChange={(ev) => {
            const hour = Number(ev.currentTarget.value);
            setChoices((c) => ({ ...c, digestHour: hour }));
          }}
          maw={240}
        />
      ) : null}
      {save.error ? (
        <Text size="sm" c="red.8" role="alert">
          {failureText(save.error, 'Your notification choices could not be saved. Please try again.')}
        </Text>
      ) : null}
      <Group>
        <Button loading={save.isPending} onClick={() => save.mutate()}>
          Save Notifications
        </Button>
      </Group>
    </Stack>
  );
}

/** Per event: e-mail, text, both or none; and an optional daily digest (docs/domain.md#notifications). */
export function NotificationsCard() {
  const query = useQuery(notificationPreferencesQuery());
  return (
    <InfoCard title="Notifications">
      {query.isPending ? <Skeleton h={200} aria-label="Loading your notification choices" /> : null}
      {query.isError ? (
        <Text size="sm" c="red.8" role="alert">
          {failureText(query.error, 'Your notification choices could not be loaded. Please try again later.')}
        </Text>
      ) : null}
      {query.isSuccess ? <Form saved={query.data} /> : null}
    </InfoCard>
  );
}
