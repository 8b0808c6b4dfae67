import { Button, Group, Modal, Stack } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { failureText } from '../lib/api';
import { FailureAlert } from './LoadStates';

export interface FormDialogProps {
  title: string;
  opened: boolean;
  onClose: () => void;
  /** Called on submit (the browser's own validation is off: the form checks its fields). */
  onSubmit: () => void;
  submitLabel: string;
  /** A red submit button for what cannot be undone (rejecting). */
  danger?: boolean;
  /** Keeps the submit button disabled (a form whose rules do not hold yet). */
  submitDisabled?: boolean;
  busy: boolean;
  /** Why the last submit failed, shown above the fields. */
  failure: string | null;
  size?: string;
  /** Its place in a Modal.Stack, when another dialog opens over it. */
  stackId?: string;
  children?: ReactNode;
}

/** A modal holding one form: a failure banner, the fields, and Cancel plus the submit button. */
export function FormDialog({ title, opened, onClose, onSubmit, submitLabel, danger, submitDisabled, busy, failure, size = 'md', stackId, children }: FormDialogProps) {
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!busy) onSubmit();
  };
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered size={size} stackId={stackId} closeButtonProps={{ 'aria-label': 'Close' }}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <FailureAlert message={failure} />
          {children}
          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" loading={busy} disabled={submitDisabled} color={danger ? 'red.9' : undefined} data-autofocus={children ? undefined : true}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** A dialog's `busy` and `failure` while `mutation` runs or after it failed (`fallback` when the server gives no reason). */
export function mutationState(mutation: { isPending: boolean; error: unknown }, fallback: string): Pick<FormDialogProps, 'busy' | 'failure'> {
  return { busy: mutation.isPending, failure: mutation.error ? failureText(mutation.error, fallback) : null };
}
