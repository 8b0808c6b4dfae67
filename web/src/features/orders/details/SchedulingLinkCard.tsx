import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Field, Fields, InfoCard } from '../../../components/DataDisplay';
import { formatDateTime } from '../../../lib/dates';
import { formatUsPhone } from '../../../lib/phone';
import { CardLoadFailed } from './parts';
import { schedulingLinkQuery, type SchedulingLinkView } from './schedulingApi';
import { SEND_LINK_TITLE, SendSchedulingLinkDialog } from './SendSchedulingLinkDialog';
import type { OrderDetails } from './types';

export const SCHEDULING_TITLE = 'Self-Scheduling';
export const MSG_NO_LINK = 'No scheduling link has been sent yet.';
export const MSG_LINK_FAILED = 'The scheduling link could not be loaded.';

const STATE_BADGES: Readonly<Record<SchedulingLinkView['state'], { label: string; color: string }>> = {
  open: { label: 'Open', color: 'blue.9' },
  scheduled: { label: 'Scheduled', color: 'teal.9' },
  ended: { label: 'Ended', color: 'gray.8' },
};

function LinkView({ link, timeZone }: { link: SchedulingLinkView; timeZone: string | null }) {
  const badge = STATE_BADGES[link.state];
  return (
    <Stack gap="xs">
      <Group gap="xs">
        <Text size="sm" fw={600}>
          Latest link
        </Text>
        <Badge color={badge.color} variant="filled" tt="none">
          {badge.label}
        </Badge>
      </Group>
      <Fields>
        <Field label="Contact">{link.contactName}</Field>
        {link.contactEmail ? <Field label="E-mail">{link.contactEmail}</Field> : null}
        {link.contactPhone ? <Field label="Mobile Phone">{formatUsPhone(link.contactPhone)}</Field> : null}
        {link.chosen ? <Field label="Chosen Time">{link.chosen.label}</Field> : null}
      </Fields>
      <Stack component="ul" gap={4} m={0} pl="md" aria-label="Windows offered">
        {link.windows.map((w) => (
          <Text component="li" size="sm" key={w.start}>
            {w.label}
          </Text>
        ))}
      </Stack>
      <Text size="sm" c="gray.8">
        {`Sent by ${link.sentBy} on ${formatDateTime(link.sentAt, timeZone)}`}
      </Text>
    </Stack>
  );
}

/**
 * The order's self-scheduling link (the appraiser and staff): the latest one sent, with its state and
 * windows, and Send Scheduling Link while the order may be scheduled. Shown only then or once a link exists.
 */
export function SchedulingLinkCard({ order, timeZone }: { order: OrderDetails; timeZone: string | null }) {
  const offered = order.availableActions.includes('SCHEDULE_INSPECTION');
  const link = useQuery(schedulingLinkQuery(order.id));
  const [sending, setSending] = useState(false);
  if (!offered && !link.data) return null;
  return (
    <InfoCard title={SCHEDULING_TITLE} testId="card-scheduling-link">
      {link.isError ? <CardLoadFailed message={MSG_LINK_FAILED} /> : null}
      {link.data ? <LinkView link={link.data} timeZone={timeZone} /> : null}
      {link.data === null ? (
        <Text size="sm" c="gray.7">
          {MSG_NO_LINK}
        </Text>
      ) : null}
      {offered ? (
        <Button variant="light" w="fit-content" onClick={() => setSending(true)}>
          {SEND_LINK_TITLE}
        </Button>
      ) : null}
      {sending ? <SendSchedulingLinkDialog order={order} onClose={() => setSending(false)} /> : null}
    </InfoCard>
  );
}
