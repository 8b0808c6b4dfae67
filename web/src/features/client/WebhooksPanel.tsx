import { Alert, Badge, Button, Card, Checkbox, Collapse, Group, SimpleGrid, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { CardGrid } from '../../components/CardGrid';
import { EmptyState, InfoCard } from '../../components/DataDisplay';
import { FormDialog } from '../../components/FormDialog';
import { ResponsiveTable, type Column } from '../../components/ResponsiveTable';
import { SecretOnceDialog } from '../../components/SecretOnceDialog';
import { formFailure } from '../../lib/api';
import { formatDateAndTime } from '../../lib/dates';
import { requiredTextError } from '../../lib/fieldRules';
import { notify } from '../../lib/notify';
import { addEndpoint, attemptsQuery, deleteEndpoint, endpointsQuery, redeliver, testEndpoint, webhookKeys, type Endpoint, type TestResult, type WebhookAttempt } from './api';

/** The events an endpoint may ask for (the issue's list, the server's EventType). */
export const EVENT_TYPES = [
  'order.created',
  'order.assigned',
  'order.accepted',
  'order.inspection_scheduled',
  'order.inspected',
  'order.report_uploaded',
  'order.revision_requested',
  'order.completed',
  'order.delivered',
  'order.cancelled',
  'order.on_hold',
  'order.resumed',
  'message.created',
] as const;

export const MSG_WEBHOOKS_INTRO =
  'Each event is POSTed to your endpoints as {type, timestamp, data}, signed by the Standard Webhooks rules (webhook-id, webhook-timestamp and webhook-signature headers), and retried with backoff for 3 days.';
export const MSG_NO_ENDPOINTS = 'No webhook endpoints yet.';
export const MSG_NO_ATTEMPTS = 'Nothing was sent to this endpoint yet.';
const MSG_FAILED = 'That did not work. Please try again.';

const failureOf = (e: unknown) => formFailure(e, MSG_FAILED);

/** A test's outcome in words. */
export function testOutcome(r: TestResult): string {
  const answer = r.statusCode != null ? `HTTP ${r.statusCode}` : `no answer${r.error ? ` (${r.error})` : ''}`;
  return r.ok ? `Test delivered: ${answer} in ${r.durationMs} ms.` : `Test failed: ${answer} after ${r.durationMs} ms.`;
}

/** Dark enough for white text (WCAG AA at badge size). */
const STATE_COLORS = { active: '#1e6b34', failing: '#a33b00', disabled: '#b02525' } as const;

function EndpointState({ endpoint, timeZone }: { endpoint: Endpoint; timeZone: string | null }) {
  if (endpoint.disabledAt)
    return (
      <Badge color={STATE_COLORS.disabled} variant="filled" tt="none">
        Disabled {formatDateAndTime(endpoint.disabledAt, timeZone)}
      </Badge>
    );
  if (endpoint.failingSince)
    return (
      <Badge color={STATE_COLORS.failing} variant="filled" tt="none">
        Failing since {formatDateAndTime(endpoint.failingSince, timeZone)}
      </Badge>
    );
  return (
    <Badge color={STATE_COLORS.active} variant="filled" tt="none">
      Active
    </Badge>
  );
}

function attemptColumns(timeZone: string | null): Column<WebhookAttempt>[] {
  return [
    { header: 'Time', cell: (a) => formatDateAndTime(a.attemptedAt, timeZone), nowrap: true, name: true },
    { header: 'Event Type', cell: (a) => a.eventType, nowrap: true },
    { header: 'Status Code', cardLabel: 'Status', cell: (a) => (a.statusCode != null ? a.statusCode : `No answer${a.error ? `: ${a.error}` : ''}`) },
    { header: 'Duration', cell: (a) => `${a.durationMs} ms`, nowrap: true },
    { header: 'Delivered', cell: (a) => (a.delivered ? 'Yes' : 'No') },
  ];
}

/** The endpoint's delivery log, newest first, each delivery with Redeliver. */
function DeliveryLog({ endpoint, timeZone }: { endpoint: Endpoint; timeZone: string | null }) {
  const queryClient = useQueryClient();
  const attempts = useQuery(attemptsQuery(endpoint.id));
  const mobile = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  const again = useMutation({
    mutationFn: (deliveryId: number) => redeliver(deliveryId),
    onSuccess: async (answer) => {
      notify('success', answer.message);
      await queryClient.invalidateQueries({ queryKey: webhookKeys.attempts(endpoint.id) });
    },
    onError: (e) => {
      const failure = failureOf(e);
      if (failure) notify('error', failure);
    },
  });
  if (attempts.isPending) return <Skeleton h={60} />;
  if (attempts.isError)
    return (
      <Text size="sm" c="red.9" role="alert">
        The delivery log could not be loaded.
      </Text>
    );
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Text fw={700} size="sm">
          Delivery Log
        </Text>
        <Button size="compact-sm" variant="subtle" onClick={() => void attempts.refetch()} loading={attempts.isFetching} aria-label={`Refresh the delivery log of ${endpoint.url}`}>
          Refresh
        </Button>
      </Group>
      {attempts.data.length === 0 ? (
        <Text size="sm" c="gray.8">
          {MSG_NO_ATTEMPTS}
        </Text>
      ) : (
        <ResponsiveTable
          items={attempts.data}
          columns={attemptColumns(timeZone)}
          actions={(a) => (
            <Button
              size="compact-sm"
              variant="default"
              loading={again.isPending && again.variables === a.deliveryId}
              onClick={() => again.mutate(a.deliveryId)}
              aria-label={`Redeliver ${a.eventType} of ${formatDateAndTime(a.attemptedAt, timeZone)}`}
            >
              Redeliver
            </Button>
          )}
          label={`Delivery log of ${endpoint.url}`}
          mobile={mobile}
          minWidth={720}
          idAttribute="data-attempt-id"
        />
      )}
    </Stack>
  );
}

function EndpointCard({ endpoint, timeZone, onDelete }: { endpoint: Endpoint; timeZone: string | null; onDelete: (e: Endpoint) => void }) {
  const [logOpen, setLogOpen] = useState(false);
  const logId = useId();
  const test = useMutation({ mutationFn: () => testEndpoint(endpoint.id) });
  const testFailure = failureOf(test.error);
  return (
    <Card component="li" withBorder radius="md" padding="md" data-endpoint-id={endpoint.id}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Text fw={700} ff="monospace" size="sm" style={{ overflowWrap: 'anywhere' }}>
            {endpoint.url}
          </Text>
          <EndpointState endpoint={endpoint} timeZone={timeZone} />
        </Group>
        <Group gap={6} wrap="wrap">
          <Text size="sm" fw={600} c="gray.8">
            Events:
          </Text>
          {endpoint.eventTypes.length === 0 ? (
            <Text size="sm">All event types</Text>
          ) : (
            endpoint.eventTypes.map((t) => (
              <Badge key={t} variant="outline" color="blue.9" tt="none" radius="sm">
                {t}
              </Badge>
            ))
          )}
        </Group>
        <Text size="xs" c="gray.8">
          Added {formatDateAndTime(endpoint.createdAt, timeZone)}
        </Text>
        <Group gap="xs">
          <Button size="compact-sm" variant="light" loading={test.isPending} onClick={() => test.mutate()} aria-label={`Send Test to ${endpoint.url}`}>
            Send Test
          </Button>
          <Button
            size="compact-sm"
            variant="default"
            aria-expanded={logOpen}
            aria-controls={logId}
            onClick={() => setLogOpen((v) => !v)}
            aria-label={`${logOpen ? 'Hide' : 'Show'} Deliveries of ${endpoint.url}`}
          >
            {logOpen ? 'Hide Deliveries' : 'Show Deliveries'}
          </Button>
          <Button size="compact-sm" variant="default" color="red.9" onClick={() => onDelete(endpoint)} aria-label={`Delete ${endpoint.url}`}>
            Delete
          </Button>
        </Group>
        <div role="status">
          {test.data ? (
            <Alert color={test.data.ok ? STATE_COLORS.active : STATE_COLORS.disabled} variant="filled" p="xs">
              {testOutcome(test.data)}
            </Alert>
          ) : null}
          {testFailure ? (
            <Alert color={STATE_COLORS.disabled} variant="filled" p="xs">
              {testFailure}
            </Alert>
          ) : null}
        </div>
        <Collapse expanded={logOpen} id={logId}>
          {logOpen ? <DeliveryLog endpoint={endpoint} timeZone={timeZone} /> : null}
        </Collapse>
      </Stack>
    </Card>
  );
}

/** Add Endpoint: a URL and the event types wanted (none: all); the signing secret is shown once after. */
function AddEndpointDialog({ opened, onClose, onAdded }: { opened: boolean; onClose: () => void; onAdded: (secret: string) => void }) {
  const queryClient = useQueryClient();
  const [url, setUrl] = useState('');
  const [urlError, setUrlError] = useState<string>();
  const [types, setTypes] = useState<string[]>([]);
  const add = useMutation({
    mutationFn: () => addEndpoint(url.trim(), types),
    onSuccess: async (made) => {
      setUrl('');
      setTypes([]);
      onAdded(made.secret);
      await queryClient.invalidateQueries({ queryKey: webhookKeys.endpoints() });
    },
  });
  const submit = () => {
    const found = requiredTextError('URL', url, 2000);
    setUrlError(found);
    if (!found) add.mutate();
  };
  return (
    <FormDialog
      title="Add Webhook Endpoint"
      opened={opened}
      onClose={() => {
        onClose();
        add.reset();
      }}
      onSubmit={submit}
      submitLabel="Add Endpoint"
      busy={add.isPending}
      failure={failureOf(add.error)}
      size="lg"
    >
      <TextInput
        label="URL"
        required
        type="url"
        placeholder="https://example.com/webhooks/appraisals"
        description="Where to POST events: https"
        data-autofocus
        value={url}
        onChange={(e) => {
          setUrl(e.currentTarget.value);
          setUrlError(undefined);
        }}
        error={urlError}
      />
      <Checkbox.Group label="Event Types" description="None chosen: every event type." value={types} onChange={setTypes}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" mt="xs">
          {EVENT_TYPES.map((t) => (
            <Checkbox key={t} value={t} label={t} />
          ))}
        </SimpleGrid>
      </Checkbox.Group>
    </FormDialog>
  );
}

/** The client's webhook endpoints: each with its events, state, Send Test, delivery log and Delete; Add Endpoint. */
export function WebhooksPanel({ timeZone }: { timeZone: string | null }) {
  const queryClient = useQueryClient();
  const endpoints = useQuery(endpointsQuery());
  const [adding, setAdding] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Endpoint | null>(null);
  const removal = useMutation({
    mutationFn: (id: number) => deleteEndpoint(id),
    onSuccess: async (answer) => {
      setDeleting(null);
      notify('success', answer.message);
      await queryClient.invalidateQueries({ queryKey: webhookKeys.endpoints() });
    },
  });
  return (
    <InfoCard title="Webhook Endpoints">
      <Text size="sm" c="gray.8">
        {MSG_WEBHOOKS_INTRO}
      </Text>
      <Group>
        <Button onClick={() => setAdding(true)} aria-haspopup="dialog">
          Add Endpoint
        </Button>
      </Group>
      {endpoints.isPending ? <Skeleton h={80} /> : null}
      {endpoints.isError ? (
        <Text size="sm" c="red.9" role="alert">
          The endpoints could not be loaded.
        </Text>
      ) : null}
      {endpoints.data?.length === 0 ? <EmptyState message={MSG_NO_ENDPOINTS} /> : null}
      {endpoints.data?.length ? (
        <CardGrid label="Webhook endpoints" minWidth="100%">
          {endpoints.data.map((e) => (
            <EndpointCard key={e.id} endpoint={e} timeZone={timeZone} onDelete={setDeleting} />
          ))}
        </CardGrid>
      ) : null}

      <AddEndpointDialog
        opened={adding}
        onClose={() => setAdding(false)}
        onAdded={(made) => {
          setAdding(false);
          setSecret(made);
        }}
      />
      <SecretOnceDialog
        title="Your Endpoint's Signing Secret"
        label="Signing secret"
        secret={secret}
        hint="Verify each event's webhook-signature with it (any Standard Webhooks library does)."
        onClose={() => setSecret(null)}
      />
      <FormDialog
        title="Delete Webhook Endpoint"
        opened={deleting !== null}
        onClose={() => {
          setDeleting(null);
          removal.reset();
        }}
        onSubmit={() => deleting && removal.mutate(deleting.id)}
        submitLabel="Delete Endpoint"
        danger
        busy={removal.isPending}
        failure={failureOf(removal.error)}
      >
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          No more events go to {deleting?.url}, and the deliveries still pending are dropped.
        </Text>
      </FormDialog>
    </InfoCard>
  );
}
