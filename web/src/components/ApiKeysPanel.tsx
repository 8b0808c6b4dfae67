import { Button, Group, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useState } from 'react';
import { formFailure, type Schemas } from '../lib/api';
import { formatDateAndTime } from '../lib/dates';
import { optionalTextError } from '../lib/fieldRules';
import { notify } from '../lib/notify';
import { EmptyState, InfoCard } from './DataDisplay';
import { FormDialog } from './FormDialog';
import { ResponsiveTable, type Column } from './ResponsiveTable';
import { SecretOnceDialog } from './SecretOnceDialog';
import { ListStatus } from './LoadStates';

export type ApiKeyItem = Schemas['ApiKeyItem'];
type NewApiKey = Schemas['NewApiKey'];

export const MSG_KEYS_INTRO = 'Keys of the public API (/api/v1), for one client: shown once, stored hashed, listed by prefix and last use, and revoked at once.';
export const MSG_NO_KEYS = 'No API keys yet.';
const MSG_CREATE_FAILED = 'The key could not be created. Please try again.';
const MSG_REVOKE_FAILED = 'The key could not be revoked. Please try again.';

interface ApiKeysPanelProps {
  /** The keys' query key, reloaded after a change. */
  queryKey: QueryKey;
  /** GET .../api-keys */
  list: () => Promise<ApiKeyItem[]>;
  create: (name: string | null) => Promise<NewApiKey>;
  revoke: (id: number) => Promise<{ message: string }>;
  /** Whose keys, for the accessible names ("Acme Lending"); none: the caller's. */
  owner?: string;
}

function columns(timeZone: string | null): Column<ApiKeyItem>[] {
  return [
    { header: 'Name', cell: (k) => k.name, name: true },
    { header: 'Key', cell: (k) => <Text span ff="monospace" size="sm">{`${k.prefix}…`}</Text>, nowrap: true },
    { header: 'Created', cell: (k) => formatDateAndTime(k.createdAt, timeZone), nowrap: true },
    { header: 'Last Used', cell: (k) => (k.lastUsedAt ? formatDateAndTime(k.lastUsedAt, timeZone) : 'Never'), nowrap: true },
  ];
}

/** A client's API keys: the list by prefix, created and last used; Create Key (the key shown once) and Revoke (after a confirmation). */
export function ApiKeysPanel({ queryKey, list, create, revoke, owner, timeZone }: ApiKeysPanelProps & { timeZone: string | null }) {
  const queryClient = useQueryClient();
  const keys = useQuery({ queryKey, queryFn: list });
  const mobile = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  const [creating, setCreating] = useState(false);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string>();
  const [shown, setShown] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<ApiKeyItem | null>(null);
  const reload = () => queryClient.invalidateQueries({ queryKey });

  const creation = useMutation({
    mutationFn: (keyName: string | null) => create(keyName),
    onSuccess: async (made) => {
      setCreating(false);
      setName('');
      setShown(made.key);
      await reload();
    },
  });
  const revocation = useMutation({
    mutationFn: (id: number) => revoke(id),
    onSuccess: async (answer) => {
      setRevoking(null);
      notify('success', answer.message);
      await reload();
    },
  });
  const submitCreate = () => {
    const found = optionalTextError('Name', name, 100);
    setNameError(found);
    if (!found) creation.mutate(name.trim() || null);
  };
  const whose = owner ? ` of ${owner}` : '';

  return (
    <InfoCard title="API Keys">
      <Text size="sm" c="gray.8">
        {MSG_KEYS_INTRO}
      </Text>
      <Group>
        <Button onClick={() => setCreating(true)} aria-haspopup="dialog">
          Create Key
        </Button>
      </Group>
      <ListStatus query={keys} noun="keys" empty={<EmptyState message={MSG_NO_KEYS} />} />
      {keys.data?.length ? (
        <ResponsiveTable
          items={keys.data}
          columns={columns(timeZone)}
          actions={(k) => (
            <Button size="compact-sm" variant="default" color="red.9" onClick={() => setRevoking(k)} aria-label={`Revoke ${k.name} (${k.prefix}…)`}>
              Revoke
            </Button>
          )}
          label={`API keys${whose}`}
          mobile={mobile}
          minWidth={640}
          idAttribute="data-key-id"
        />
      ) : null}

      <FormDialog
        title="Create API Key"
        opened={creating}
        onClose={() => {
          setCreating(false);
          creation.reset();
        }}
        onSubmit={submitCreate}
        submitLabel="Create Key"
        busy={creation.isPending}
        failure={formFailure(creation.error, MSG_CREATE_FAILED)}
      >
        <TextInput
          label="Name"
          description='What the key is for, e.g. "Loan origination system"'
          data-autofocus
          value={name}
          onChange={(e) => {
            setName(e.currentTarget.value);
            setNameError(undefined);
          }}
          error={nameError}
        />
      </FormDialog>
      <SecretOnceDialog
        title="Your New API Key"
        label="API key"
        secret={shown}
        hint="Send it in the Authorization header of each call: Authorization: Bearer <key>."
        onClose={() => setShown(null)}
      />
      <FormDialog
        title="Revoke API Key"
        opened={revoking !== null}
        onClose={() => {
          setRevoking(null);
          revocation.reset();
        }}
        onSubmit={() => revoking && revocation.mutate(revoking.id)}
        submitLabel="Revoke Key"
        danger
        busy={revocation.isPending}
        failure={formFailure(revocation.error, MSG_REVOKE_FAILED)}
      >
        <Text size="sm">
          Calls made with {revoking?.name} ({revoking?.prefix}…) are refused from the moment it is revoked. This cannot be undone.
        </Text>
      </FormDialog>
    </InfoCard>
  );
}
