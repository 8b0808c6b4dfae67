import { Anchor, Stack, Text, Title } from '@mantine/core';
import { ApiKeysPanel } from '../../components/ApiKeysPanel';
import { useAppConfig } from '../../lib/appConfig';
import { API_KEYS_KEY, createApiKey, listApiKeys, revokeApiKey } from './api';
import { WebhooksPanel } from './WebhooksPanel';

/** /client/api: the client's keys of the public API and its webhook endpoints with their delivery logs. */
export function ApiWebhooksPage() {
  const timeZone = useAppConfig().data?.companyTimeZone ?? null;
  return (
    <Stack gap="md" maw={1100}>
      <Title order={1}>API &amp; Webhooks</Title>
      <Text c="gray.8">
        Order, follow and receive work from your own systems: the public API (its description is at{' '}
        <Anchor href="/api/v1/openapi.json" target="_blank" rel="noopener" underline="always">
          /api/v1/openapi.json
        </Anchor>
        ) with a key, and signed webhooks that tell you when an order moves.
      </Text>
      <ApiKeysPanel queryKey={API_KEYS_KEY} list={listApiKeys} create={createApiKey} revoke={revokeApiKey} timeZone={timeZone} />
      <WebhooksPanel timeZone={timeZone} />
    </Stack>
  );
}
