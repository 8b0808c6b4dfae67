import { Button, Group, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { CopyField } from '../../components/CopyField';
import { InfoCard } from '../../components/DataDisplay';
import { failureText } from '../../lib/api';
import { regenerateCalendarFeed, showCalendarFeed } from './api';

export const MSG_FEED_NOTE =
  'Add this address to your calendar program as a subscription (by URL). Anyone with it can read your calendar: keep it to yourself, and make a new one if it got out (the old one stops working).';

/** The user's private calendar feed: their scheduled inspections and due dates in any calendar program. */
export function CalendarFeedCard() {
  const [url, setUrl] = useState<string | null>(null);
  const fetchLink = useMutation({ mutationFn: showCalendarFeed, onSuccess: (feed) => setUrl(feed.url) });
  const replace = useMutation({ mutationFn: regenerateCalendarFeed, onSuccess: (feed) => setUrl(feed.url) });
  const failure = fetchLink.error ?? replace.error;
  return (
    <InfoCard title="Calendar Feed">
      <Stack gap="sm">
        <Text size="sm">Your scheduled inspections and due dates, in your own calendar program.</Text>
        {url ? (
          <>
            <CopyField label="Calendar link" value={url} />
            <Text size="sm" c="gray.8">
              {MSG_FEED_NOTE}
            </Text>
          </>
        ) : null}
        {failure ? (
          <Text size="sm" c="red.8" role="alert">
            {failureText(failure, 'The calendar link could not be loaded. Please try again.')}
          </Text>
        ) : null}
        <Group>
          {url ? (
            <Button variant="default" loading={replace.isPending} onClick={() => replace.mutate()}>
              Make a New Link
            </Button>
          ) : (
            <Button variant="default" loading={fetchLink.isPending} onClick={() => fetchLink.mutate()}>
              Show My Calendar Link
            </Button>
          )}
        </Group>
      </Stack>
    </InfoCard>
  );
}
