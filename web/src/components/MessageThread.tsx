import { Badge, Button, Group, Skeleton, Stack, Text, Textarea } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { failureText, isSharedFailure } from '../lib/api';
import { formatDateAndTime } from '../lib/dates';
import { requiredTextError } from '../lib/fieldRules';

/** One message of a thread: who wrote it, when, and the text. */
export interface ThreadMessage {
  id: number;
  body: string;
  from: string;
  createdAt: string;
}

/** What the list needs of its thread's query. */
interface ThreadQuery<M> {
  data: M[] | undefined;
  isPending: boolean;
  isError: boolean;
  refetch: () => Promise<unknown>;
}

interface MessageListProps<M extends ThreadMessage> {
  /** The list's accessible name. */
  label: string;
  thread: ThreadQuery<M>;
  /** What the list says (with a Try Again button) when the thread could not be loaded. */
  failure: string;
  /** The line shown while there is no message. */
  emptyText: string;
  timeZone: string | null;
  /** A small badge beside the author (e.g. "Client", "Staff"), or none. */
  tagOf?: (message: M) => string | undefined;
  /** The data attribute carrying each message's id. */
  idAttribute?: `data-${string}`;
}

/** A thread of messages, oldest first, each with its author and time. */
export function MessageList<M extends ThreadMessage>({ label, thread, failure, emptyText, timeZone, tagOf, idAttribute = 'data-message-id' }: MessageListProps<M>) {
  const messages = thread.data;
  if (thread.isPending) {
    return (
      <Stack gap="xs" aria-busy="true">
        <Skeleton h={16} w={200} />
        <Skeleton h={40} />
      </Stack>
    );
  }
  if (thread.isError) {
    return (
      <Group gap="sm">
        <Text size="sm" c="red.9" role="alert">
          {failure}
        </Text>
        <Button size="compact-sm" variant="default" onClick={() => void thread.refetch()}>
          Try Again
        </Button>
      </Group>
    );
  }
  if (!messages?.length) {
    return (
      <Text size="sm" c="gray.8">
        {emptyText}
      </Text>
    );
  }
  const list = [...messages].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id - b.id);
  return (
    <Stack component="ol" gap="sm" m={0} p={0} style={{ listStyle: 'none' }} aria-label={label}>
      {list.map((m) => {
        const tag = tagOf?.(m);
        return (
          <Stack component="li" gap={2} key={m.id} {...{ [idAttribute]: m.id }}>
            <Group gap="xs" wrap="wrap">
              <Text size="sm" fw={700}>
                {m.from}
              </Text>
              {tag ? (
                <Badge size="sm" variant="outline" color="gray.8" tt="none">
                  {tag}
                </Badge>
              ) : null}
              <Text size="xs" c="gray.7" component="time" dateTime={m.createdAt}>
                {formatDateAndTime(m.createdAt, timeZone)}
              </Text>
            </Group>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {m.body}
            </Text>
          </Stack>
        );
      })}
    </Stack>
  );
}

/** The server's limit of a message (crates/server/src/client/messages.rs MAX_MESSAGE). */
export const MAX_MESSAGE = 4000;
const MSG_SEND_FAILED = 'The message could not be sent. Please try again.';

/** The server's rule for a message, in its words: required, at most 4000 characters. */
export const messageError = (text: string) => requiredTextError('Message', text, MAX_MESSAGE);

interface MessageFormProps {
  /** The form's accessible name. */
  label: string;
  fieldLabel: string;
  submitLabel: string;
  /** Sends the trimmed text; the field empties once it resolves. */
  send: (text: string) => Promise<unknown>;
  onSent?: () => void;
  /** The text's rule (the server's words); a message's by default. */
  rule?: (text: string) => string | undefined;
  /** What a failure says when the server gives no reason. */
  failureFallback?: string;
}

/** A field to write a message (or a note) and its send button: the server's rules first, the server's refusal under the field. */
export function MessageForm({ label, fieldLabel, submitLabel, send, onSent, rule = messageError, failureFallback = MSG_SEND_FAILED }: MessageFormProps) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const sending = useMutation({
    mutationFn: send,
    onSuccess: () => {
      setText('');
      onSent?.();
    },
    onError: (e) => {
      console.error('sending a message failed', e);
      if (!isSharedFailure(e)) setError(failureText(e, failureFallback));
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (sending.isPending) return;
    const found = rule(text);
    setError(found);
    if (!found) sending.mutate(text.trim());
  };
  return (
    <form onSubmit={submit} noValidate aria-label={label}>
      <Stack gap="xs">
        <Textarea
          label={fieldLabel}
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
          <Button type="submit" loading={sending.isPending}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
