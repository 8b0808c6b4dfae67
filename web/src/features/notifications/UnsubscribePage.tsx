import { Alert, Anchor, Button, Group, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { FormCard } from '../../components/FormCard';
import { api, call, failureText, type Schemas } from '../../lib/api';

export const MSG_UNSUBSCRIBE_LINK_BROKEN = 'This unsubscribe link is incomplete. Choose your notifications in Profile Settings instead.';

type Event = Schemas['Event'];

/**
 * /unsubscribe?token=...&event=...: the link at the foot of each notification e-mail. It asks
 * before it changes anything (mail scanners open links on their own).
 */
export function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const event = params.get('event') ?? '';
  const stop = useMutation({
    mutationFn: () => call(api.POST('/api/notifications/unsubscribe', { body: { token, event: event as Event } }), { notify: false }),
  });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    stop.mutate();
  };
  return (
    <FormCard title="Unsubscribe" onSubmit={onSubmit}>
      {!token || !event ? (
        <Alert color="red" variant="light" role="alert">
          {MSG_UNSUBSCRIBE_LINK_BROKEN}
        </Alert>
      ) : stop.isSuccess ? (
        <Alert color="green" variant="light" role="status" title="Unsubscribed">
          {stop.data.message}
        </Alert>
      ) : (
        <>
          <Text>Stop the e-mails of this kind? You can turn them on again in Profile Settings, under Notifications.</Text>
          {stop.error ? (
            <Alert color="red" variant="light" role="alert">
              {failureText(stop.error, 'You could not be unsubscribed. Please try again.')}
            </Alert>
          ) : null}
          <Button type="submit" fullWidth loading={stop.isPending}>
            Unsubscribe
          </Button>
        </>
      )}
      <Group justify="flex-end">
        <Anchor component={Link} to="/login">
          Go to the portal
        </Anchor>
      </Group>
    </FormCard>
  );
}
