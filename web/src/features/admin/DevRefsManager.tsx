import { Alert, Anchor, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { ApiError } from '../../lib/api';
import { useCreateDevRef, useDevRefs, useUpdateDevRef, type DevRef } from './api';
import { MSG_DEVREF_LOAD_FAILED, MSG_DEVREF_REQUIRED } from './constants';
import { safeLinkUrl } from '../../lib/safeUrl';
import { FailureAlert } from '../../components/LoadStates';

/** Name and URL are both required; returns the trimmed values or an error. */
export function checkDevRef(name: string, url: string): { name: string; url: string } | { error: string } {
  const n = name.trim();
  const u = url.trim();
  if (!n || !u) return { error: MSG_DEVREF_REQUIRED };
  return { name: n, url: u };
}

/** Checks the fields of a submitted form; shows the error and answers null when they fail. */
function submittedDevRef(e: FormEvent, name: string, url: string, setError: (m: string | null) => void) {
  e.preventDefault();
  const checked = checkDevRef(name, url);
  setError('error' in checked ? checked.error : null);
  return 'error' in checked ? null : checked;
}

/** A server validation message (422) is shown next to the form; other failures only get the notice. */
function inlineMessage(e: unknown): string | null {
  return e instanceof ApiError && (e.status === 422 || e.status === 400) ? e.message : null;
}

/** The name as a link only for http(s) URLs; anything else is plain text. */
export function DevRefLink({ name, url }: { name: string; url: string }) {
  const href = safeLinkUrl(url);
  if (!href)
    return (
      <Text span fw={600}>
        {name}
      </Text>
    );
  return (
    <Anchor href={href} target="_blank" rel="noopener noreferrer" fw={600}>
      {name}
      <Text span size="xs" c="gray.8">
        {' '}
        (opens in a new tab)
      </Text>
    </Anchor>
  );
}

function AddDevRefForm() {
  const create = useCreateDevRef();
  const [name, setName] = useState('');
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | null>(null);
  const titleId = useId();

  const onSubmit = (e: FormEvent) => {
    const checked = submittedDevRef(e, name, url, setError);
    if (!checked) return;
    create.mutate(checked, {
      onSuccess: () => {
        setName('');
        setUrl('');
      },
      onError: (err) => setError(inlineMessage(err)),
    });
  };

  return (
    <Paper withBorder p="md" radius="md">
      <form onSubmit={onSubmit} noValidate aria-labelledby={titleId}>
        <Stack gap="sm">
          <Title order={3} size="h5" id={titleId}>
            Add a developer reference
          </Title>
          <FailureAlert message={error} />
          <Group align="flex-end" gap="sm" wrap="wrap">
            <TextInput label="Name" withAsterisk value={name} onChange={(e) => setName(e.currentTarget.value)} style={{ flex: '1 1 12rem' }} />
            <TextInput label="URL" withAsterisk type="url" placeholder="https://" value={url} onChange={(e) => setUrl(e.currentTarget.value)} style={{ flex: '2 1 16rem' }} />
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? 'Adding...' : 'Add reference'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

function DevRefRow({ devRef, editing, onEdit, onDone }: { devRef: DevRef; editing: boolean; onEdit: () => void; onDone: () => void }) {
  const update = useUpdateDevRef();
  const [name, setName] = useState(devRef.name);
  const [url, setUrl] = useState(devRef.url);
  const [error, setError] = useState<string | null>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const nameInput = useRef<HTMLInputElement>(null);
  const returnFocus = useRef(false);

  // Keyboard users land in the name field when editing starts and back on Edit when it ends.
  useEffect(() => {
    if (editing) {
      nameInput.current?.focus();
      returnFocus.current = true;
    } else if (returnFocus.current) {
      editButton.current?.focus();
      returnFocus.current = false;
    }
  }, [editing]);

  const startEdit = () => {
    setName(devRef.name);
    setUrl(devRef.url);
    setError(null);
    onEdit();
  };

  const cancel = () => {
    setError(null);
    onDone();
  };

  const onSubmit = (e: FormEvent) => {
    const checked = submittedDevRef(e, name, url, setError);
    if (!checked) return;
    update.mutate({ id: devRef.id, ...checked }, { onSuccess: onDone, onError: (err) => setError(inlineMessage(err)) });
  };

  if (!editing) {
    return (
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Stack gap={2} style={{ minWidth: 0, flex: '1 1 14rem' }}>
          <DevRefLink name={devRef.name} url={devRef.url} />
          <Text size="sm" c="gray.8" style={{ overflowWrap: 'anywhere' }}>
            {devRef.url}
          </Text>
        </Stack>
        <Button ref={editButton} variant="default" size="xs" onClick={startEdit} aria-label={`Edit ${devRef.name}`}>
          Edit
        </Button>
      </Group>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label={`Edit ${devRef.name}`}>
      <Stack gap="xs">
        <FailureAlert message={error} />
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput label="Name" withAsterisk value={name} onChange={(e) => setName(e.currentTarget.value)} style={{ flex: '1 1 12rem' }} ref={nameInput} />
          <TextInput label="URL" withAsterisk type="url" value={url} onChange={(e) => setUrl(e.currentTarget.value)} style={{ flex: '2 1 16rem' }} />
          <Group gap="xs">
            <Button type="submit" size="sm" disabled={update.isPending}>
              {update.isPending ? 'Saving...' : 'Save'}
            </Button>
            <Button variant="default" size="sm" onClick={cancel}>
              Cancel
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}

/** Developer References manager: list, add, inline edit (a row toggles between view and edit). */
export function DevRefsManager() {
  const { data, isPending, isError, refetch, isFetching } = useDevRefs();
  const [editingId, setEditingId] = useState<number | null>(null);
  const titleId = useId();

  return (
    <Stack gap="sm" component="section" aria-labelledby={titleId}>
      <Title order={2} id={titleId}>
        Developer References
      </Title>
      {isPending ? (
        <Text role="status">Loading developer references...</Text>
      ) : isError ? (
        <Alert color="red" variant="light" role="alert">
          <Group justify="space-between" gap="sm">
            <Text size="sm">{MSG_DEVREF_LOAD_FAILED}</Text>
            <Button size="xs" variant="default" onClick={() => void refetch()} disabled={isFetching}>
              Retry
            </Button>
          </Group>
        </Alert>
      ) : data.length === 0 ? (
        <Text c="gray.8">No developer references yet.</Text>
      ) : (
        <Stack component="ul" gap="xs" aria-label="Developer references" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {data.map((ref) => (
            <Paper component="li" key={ref.id} withBorder p="sm" radius="md">
              <DevRefRow devRef={ref} editing={editingId === ref.id} onEdit={() => setEditingId(ref.id)} onDone={() => setEditingId((id) => (id === ref.id ? null : id))} />
            </Paper>
          ))}
        </Stack>
      )}
      <AddDevRefForm />
    </Stack>
  );
}
