import { Badge, Button, Checkbox, Group, SimpleGrid, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useState } from 'react';
import { fieldErrors, formFailure, type Schemas } from '../lib/api';
import { formatDateAndTime, formatDay, todayIso } from '../lib/dates';
import { optionalTextError } from '../lib/fieldRules';
import { notify } from '../lib/notify';
import { EmptyState, InfoCard } from './DataDisplay';
import { FormDialog } from './FormDialog';
import { ResponsiveTable, type Column } from './ResponsiveTable';
import { SecretOnceDialog } from './SecretOnceDialog';
import { ListStatus } from './LoadStates';

export type ApiKeyItem = Schemas['ApiKeyItem'];
export type ApiKeyForm = Schemas['ApiKeyForm'];
export type Scope = Schemas['Scope'];
type NewApiKey = Schemas['NewApiKey'];

/** What a key may do (the server's Scope), in its order, each with what it allows. */
export const SCOPES: { value: Scope; description: string }[] = [
  { value: 'orders:read', description: 'List and read orders and their events' },
  { value: 'orders:write', description: 'Place, cancel and message orders' },
  { value: 'documents:read', description: 'Download order documents' },
  { value: 'documents:write', description: 'Upload order documents' },
  { value: 'webhooks:manage', description: 'Manage webhook endpoints' },
  { value: 'invoices:read', description: 'Read invoices' },
];
const ALL_SCOPES: Scope[] = SCOPES.map((s) => s.value);

export const MSG_KEYS_INTRO = 'Keys of the public API (/api/v1), for one client: shown once, stored hashed, listed by prefix and last use, and revoked at once.';
export const MSG_NO_KEYS = 'No API keys yet.';
const MSG_CREATE_FAILED = 'The key could not be created. Please try again.';
const MSG_REVOKE_FAILED = 'The key could not be revoked. Please try again.';
export const MSG_SCOPES_REQUIRED = 'Choose at least one scope.';
export const MSG_EXPIRY_NOT_AFTER_TODAY = 'Expiry date must be after today.';

/** The create form's inputs, by the body's field names (a 422 names them so). */
interface KeyFields {
  name: string;
  scopes: Scope[];
  expiresOn: string;
}
type KeyErrors = Partial<Record<keyof KeyFields, string>>;
const BLANK_FORM: KeyFields = { name: '', scopes: ALL_SCOPES, expiresOn: '' };

/** What is wrong with the form before it is sent; `today` is yyyy-mm-dd in the company's time zone. */
export function keyFormErrors(form: KeyFields, today: string): KeyErrors {
  const errors: KeyErrors = {};
  const name = optionalTextError('Name', form.name, 100);
  if (name) errors.name = name;
  if (form.scopes.length === 0) errors.scopes = MSG_SCOPES_REQUIRED;
  if (form.expiresOn && form.expiresOn <= today) errors.expiresOn = MSG_EXPIRY_NOT_AFTER_TODAY;
  return errors;
}

/** The body of POST .../api-keys: the scopes in their usual order, no expiry when none was chosen. */
export const keyFormBody = (form: KeyFields): ApiKeyForm => ({
  name: form.name.trim() || null,
  scopes: ALL_SCOPES.filter((s) => form.scopes.includes(s)),
  expiresOn: form.expiresOn || null,
});

interface ApiKeysPanelProps {
  /** The keys' query key, reloaded after a change. */
  queryKey: QueryKey;
  /** GET .../api-keys */
  list: () => Promise<ApiKeyItem[]>;
  create: (form: ApiKeyForm) => Promise<NewApiKey>;
  revoke: (id: number) => Promise<{ message: string }>;
  /** Whose keys, for the accessible names ("Acme Lending"); none: the caller's. */
  owner?: string;
}

/** Whole label, never cut off. */
const BADGE = { label: { overflow: 'visible' } } as const;

function Scopes({ scopes }: { scopes: Scope[] }) {
  return (
    <Group component="span" gap={4} wrap="wrap">
      {scopes.map((s) => (
        <Badge key={s} component="span" variant="outline" color="blue.9" tt="none" radius="sm" styles={BADGE}>
          {s}
        </Badge>
      ))}
    </Group>
  );
}

function Expires({ apiKey }: { apiKey: ApiKeyItem }) {
  return (
    <Group component="span" gap={6} wrap="nowrap">
      <span>{apiKey.expiresOn ? formatDay(apiKey.expiresOn) : 'Never'}</span>
      {apiKey.expired ? (
        <Badge component="span" color="red.9" tt="none" styles={BADGE}>
          Expired
        </Badge>
      ) : null}
    </Group>
  );
}

function columns(timeZone: string | null): Column<ApiKeyItem>[] {
  return [
    { header: 'Name', cell: (k) => k.name, name: true },
    { header: 'Key', cell: (k) => <Text span ff="monospace" size="sm">{`${k.prefix}…`}</Text>, nowrap: true },
    { header: 'Scopes', cell: (k) => <Scopes scopes={k.scopes} /> },
    { header: 'Expires', cell: (k) => <Expires apiKey={k} />, nowrap: true },
    { header: 'Last used', cell: (k) => (k.lastUsedAt ? formatDateAndTime(k.lastUsedAt, timeZone) : 'Never'), nowrap: true },
    { header: 'Created', cell: (k) => formatDateAndTime(k.createdAt, timeZone), nowrap: true },
    { header: 'Created by', cell: (k) => k.createdBy ?? '—' },
  ];
}

/**
 * A client's API keys: the list by prefix, with scopes, expiry, last use and who made each; Create Key
 * (a name, the scopes, an optional last day; the key shown once) and Revoke (after a confirmation).
 */
export function ApiKeysPanel({ queryKey, list, create, revoke, owner, timeZone }: ApiKeysPanelProps & { timeZone: string | null }) {
  const queryClient = useQueryClient();
  const keys = useQuery({ queryKey, queryFn: list });
  const mobile = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  const [creating, setCreating] = useState(false);
  const [form, setForm] = useState<KeyFields>(BLANK_FORM);
  const [errors, setErrors] = useState<KeyErrors>({});
  const [shown, setShown] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<ApiKeyItem | null>(null);
  const reload = () => queryClient.invalidateQueries({ queryKey });

  const creation = useMutation({
    mutationFn: (body: ApiKeyForm) => create(body),
    onSuccess: async (made) => {
      setCreating(false);
      setForm(BLANK_FORM);
      setShown(made.key);
      await reload();
    },
    onError: (e) => {
      const named = Object.entries(fieldErrors(e)).filter(([field]) => field in BLANK_FORM);
      if (named.length) setErrors(Object.fromEntries(named));
    },
  });
  const change = <K extends keyof KeyFields>(field: K, value: KeyFields[K]) => {
    setForm((f) => ({ ...f, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };
  const revocation = useMutation({
    mutationFn: (id: number) => revoke(id),
    onSuccess: async (answer) => {
      setRevoking(null);
      notify('success', answer.message);
      await reload();
    },
  });
  const submitCreate = () => {
    const found = keyFormErrors(form, todayIso(timeZone));
    setErrors(found);
    creation.reset();
    if (Object.keys(found).length === 0) creation.mutate(keyFormBody(form));
  };
  // A refusal of a field shows under it; anything else (409: too many keys) above the fields.
  const underField = Object.keys(fieldErrors(creation.error)).some((field) => field in BLANK_FORM);
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
          minWidth={1000}
          idAttribute="data-key-id"
        />
      ) : null}

      <FormDialog
        title="Create API Key"
        opened={creating}
        onClose={() => {
          setCreating(false);
          setErrors({});
          creation.reset();
        }}
        onSubmit={submitCreate}
        submitLabel="Create Key"
        busy={creation.isPending}
        failure={underField ? null : formFailure(creation.error, MSG_CREATE_FAILED)}
        size="lg"
      >
        <TextInput
          label="Name"
          description='What the key is for, e.g. "Loan origination system"'
          data-autofocus
          value={form.name}
          onChange={(e) => change('name', e.currentTarget.value)}
          error={errors.name}
        />
        <Checkbox.Group label="Scopes" value={form.scopes} onChange={(v) => change('scopes', v as Scope[])} error={errors.scopes}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" mt="xs">
            {SCOPES.map((s) => (
              <Checkbox key={s.value} value={s.value} label={s.value} description={s.description} />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
        <TextInput
          type="date"
          label="Expires on"
          description="Optional: the last day the key works."
          value={form.expiresOn}
          onChange={(e) => change('expiresOn', e.currentTarget.value)}
          error={errors.expiresOn}
          w={{ base: '100%', sm: 220 }}
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
