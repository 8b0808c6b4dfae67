import { Button, Group, Skeleton, Stack, Text, Textarea } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { InfoCard } from '../../../components/DataDisplay';
import { failureText, isSharedFailure } from '../../../lib/api';
import { formatDateAndTime } from '../../../lib/dates';
import { notify } from '../../../lib/notify';
import { orderKeys } from '../keys';
import { addOrderNote, orderNotesQuery } from './api';

export const MSG_NOTES_HINT = 'Staff only: never shown to appraisers or clients.';
export const MSG_NO_NOTES_YET = 'No internal notes yet.';
export const MSG_NOTES_LOAD_FAILED = 'The notes could not be loaded.';
export const MSG_NOTE_ADDED = 'The note was added.';
const MSG_NOTE_FAILED = 'The note could not be added. Please try again.';
/** The server's limit (crates/server/src/staff/notes.rs MAX_NOTE). */
export const MAX_NOTE = 4000;

/** The server's rule for a note, in its words: required, at most 4000 characters. */
export function noteError(text: string): string | undefined {
  const note = text.trim();
  if (!note) return 'Note is required.';
  return [...note].length > MAX_NOTE ? `Note can be at most ${MAX_NOTE} characters long.` : undefined;
}

function NoteList({ orderId, timeZone }: { orderId: number; timeZone: string | null }) {
  const notes = useQuery(orderNotesQuery(orderId));
  if (notes.isPending) {
    return (
      <Stack gap="xs" aria-busy="true">
        <Skeleton h={16} w={200} />
        <Skeleton h={40} />
      </Stack>
    );
  }
  if (notes.isError) {
    return (
      <Group gap="sm">
        <Text size="sm" c="red.9" role="alert">
          {MSG_NOTES_LOAD_FAILED}
        </Text>
        <Button size="compact-sm" variant="default" onClick={() => void notes.refetch()} loading={notes.isFetching}>
          Try Again
        </Button>
      </Group>
    );
  }
  if (notes.data.length === 0) {
    return (
      <Text size="sm" c="gray.8">
        {MSG_NO_NOTES_YET}
      </Text>
    );
  }
  // The server answers oldest first; kept so, whatever order equal times come in.
  const list = [...notes.data].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id - b.id);
  return (
    <Stack component="ol" gap="sm" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Internal notes">
      {list.map((n) => (
        <Stack component="li" gap={2} key={n.id} data-note-id={n.id}>
          <Group gap="xs" wrap="wrap">
            <Text size="sm" fw={700}>
              {n.author}
            </Text>
            <Text size="xs" c="gray.7" component="time" dateTime={n.createdAt}>
              {formatDateAndTime(n.createdAt, timeZone)}
            </Text>
          </Group>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {n.text}
          </Text>
        </Stack>
      ))}
    </Stack>
  );
}

/**
 * Staff's internal notes on an order, oldest first, and a field to add one. Render it for STAFF and
 * SECRET only: the calls are theirs, and appraisers never see the notes.
 */
export function InternalNotes({ orderId, timeZone }: { orderId: number; timeZone: string | null }) {
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const add = useMutation({
    mutationFn: (note: string) => addOrderNote(orderId, note),
    onSuccess: async () => {
      setText('');
      notify('success', MSG_NOTE_ADDED);
      await queryClient.invalidateQueries({ queryKey: orderKeys.notes(orderId) });
    },
    onError: (e) => {
      console.error('adding a note failed', e);
      if (!isSharedFailure(e)) setError(failureText(e, MSG_NOTE_FAILED));
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (add.isPending) return;
    const found = noteError(text);
    setError(found);
    if (!found) add.mutate(text.trim());
  };
  return (
    <InfoCard title="Internal Notes" testId="card-internal-notes">
      <Text size="sm" c="gray.8">
        {MSG_NOTES_HINT}
      </Text>
      <NoteList orderId={orderId} timeZone={timeZone} />
      <form onSubmit={submit} noValidate aria-label="Add an internal note">
        <Stack gap="xs">
          <Textarea
            label="Add a note"
            autosize
            minRows={2}
            maxRows={8}
            value={text}
            onChange={(e) => {
              setText(e.currentTarget.value);
              setError(undefined);
            }}
            error={error}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={add.isPending}>
              Add Note
            </Button>
          </Group>
        </Stack>
      </form>
    </InfoCard>
  );
}
