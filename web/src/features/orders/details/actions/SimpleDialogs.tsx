import { NativeSelect, Text, Textarea } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { FormDialog } from '../../../../components/FormDialog';
import { orderKeys } from '../../keys';
import type { ActionDialogProps, ActionOutcome } from './types';
import type { OrderDetails, OrderFile } from '../types';
import { acceptOrder, autoReplyNo, autoReplyYes, fileMessage, manualStatuses, rejectOrder, sendMessage, updateStatus } from './api';
import { MSG_MESSAGE_REQUIRED, MSG_REJECT_REASON, MSG_SEND_FAILED, MSG_STATUS_REQUIRED, requiredText } from './rules';
import { useOrderAction } from './useOrderAction';

type Done = { message: string };
type DialogState = Pick<ActionDialogProps, 'order' | 'opened' | 'onClose' | 'onDone'>;

export interface TextActionProps extends DialogState {
  title: string;
  label: string;
  /** The message when the text is blank. */
  missing: string;
  submitLabel: string;
  danger?: boolean;
  fallback?: string;
  intro?: ReactNode;
  outcome?: ActionOutcome;
  send: (text: string) => Promise<Done>;
}

/** An action that takes one required text: a message, a note, a reason. */
export function TextActionDialog({ title, label, missing, submitLabel, danger, fallback, intro, outcome, send, order, opened, onClose, onDone }: TextActionProps) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const { busy, failure, run } = useOrderAction(order.id, onDone, fallback);
  const submit = () => {
    const found = requiredText(text, missing);
    setError(found);
    if (!found) void run(() => send(text), outcome);
  };
  return (
    <FormDialog title={title} opened={opened} onClose={onClose} onSubmit={submit} submitLabel={submitLabel} danger={danger} busy={busy} failure={failure}>
      {intro}
      <Textarea label={label} required rows={4} value={text} onChange={(e) => setText(e.currentTarget.value)} error={error} data-autofocus />
    </FormDialog>
  );
}

export interface ConfirmActionProps extends DialogState {
  title: string;
  text: ReactNode;
  submitLabel: string;
  danger?: boolean;
  send: () => Promise<Done>;
}

/** An action with nothing to fill in: say what it does, then do it. */
export function ConfirmActionDialog({ title, text, submitLabel, danger, send, order, opened, onClose, onDone }: ConfirmActionProps) {
  const { busy, failure, run } = useOrderAction(order.id, onDone);
  return (
    <FormDialog title={title} opened={opened} onClose={onClose} onSubmit={() => void run(send)} submitLabel={submitLabel} danger={danger} busy={busy} failure={failure}>
      <Text>{text}</Text>
    </FormDialog>
  );
}

/** An action dialog that takes one required text, its words and call given for the order. */
export function textAction(words: (order: OrderDetails) => Omit<TextActionProps, keyof DialogState>) {
  return function TextAction({ order, opened, onClose, onDone }: ActionDialogProps) {
    return <TextActionDialog {...{ order, opened, onClose, onDone }} {...words(order)} />;
  };
}

/** An action dialog with nothing to fill in, its words and call given for the order. */
export function confirmAction(words: (order: OrderDetails) => Omit<ConfirmActionProps, keyof DialogState>) {
  return function ConfirmAction({ order, opened, onClose, onDone }: ActionDialogProps) {
    return <ConfirmActionDialog {...{ order, opened, onClose, onDone }} {...words(order)} />;
  };
}

export const SendMessageDialog = textAction((order) => ({
  title: 'Send Message',
  label: 'Message',
  missing: MSG_MESSAGE_REQUIRED,
  submitLabel: 'Send Message',
  fallback: MSG_SEND_FAILED,
  outcome: { tab: 'messages' },
  send: (message) => sendMessage({ orderId: order.id, message }),
}));

/** Reject: the order leaves the appraiser, so success returns to the dashboard. */
export const RejectDialog = textAction((order) => ({
  title: 'Reject',
  label: 'Reason for rejection',
  missing: MSG_REJECT_REASON,
  submitLabel: 'Reject Order',
  danger: true,
  intro: (
    <Text size="sm">
      Order #{order.fileNumber} will no longer be {order.offer ? 'offered' : 'assigned'} to you.
    </Text>
  ),
  outcome: { leaveTo: 'dashboard' },
  send: (rejectMessage) => rejectOrder({ orderId: order.id, rejectMessage }),
}));

/** A note about one file of the order, sent as a message; opened from the Files tab. */
export function FileNoteDialog({ order, file, opened, onClose, onDone }: ActionDialogProps & { file: Pick<OrderFile, 'fileName'> }) {
  return (
    <TextActionDialog
      {...{ order, opened, onClose, onDone }}
      title="File Note"
      label="Note"
      missing={MSG_MESSAGE_REQUIRED}
      submitLabel="Send Note"
      intro={<Text size="sm">About the file {file.fileName}</Text>}
      outcome={{ tab: 'messages' }}
      send={(message) => fileMessage({ orderId: order.id, fileName: file.fileName, message })}
    />
  );
}

export const AcceptDialog = confirmAction((order) => ({
  title: 'Accept',
  text: `Accept order #${order.fileNumber} at ${order.propertyAddress}?`,
  submitLabel: 'Accept Order',
  send: () => acceptOrder({ orderId: order.id, forAppraiser: order.assignedAppraiserSecurityUser || null }),
}));

export const AutoReplyYesDialog = confirmAction((order) => ({
  title: 'Order Is On Time',
  text: `Confirm that order #${order.fileNumber} will be delivered on time.`,
  submitLabel: 'Order Is On Time',
  send: () => autoReplyYes(order.id),
}));

export const AutoReplyNoDialog = confirmAction((order) => ({
  title: 'Order Is NOT On Time',
  text: `Tell the company that order #${order.fileNumber} will NOT be delivered on time.`,
  submitLabel: 'Order Is NOT On Time',
  send: () => autoReplyNo(order.id),
}));

/** A manual status from the server's list, with a message. */
export function UpdateStatusDialog({ order, opened, onClose, onDone }: ActionDialogProps) {
  const statuses = useQuery({ queryKey: orderKeys.manualStatuses(), queryFn: manualStatuses, staleTime: Infinity });
  const [status, setStatus] = useState('');
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<{ status?: string; message?: string }>({});
  const { busy, failure, run } = useOrderAction(order.id, onDone);
  const submit = () => {
    const found = { status: status ? undefined : MSG_STATUS_REQUIRED, message: requiredText(message, MSG_MESSAGE_REQUIRED) };
    setErrors(found);
    if (!found.status && !found.message) void run(() => updateStatus({ orderId: order.id, statusDescription: status, message }));
  };
  const options = [{ value: '', label: statuses.isPending ? 'Loading statuses...' : 'Select a status' }, ...(statuses.data ?? []).map((o) => ({ value: o.label, label: o.label }))];
  return (
    <FormDialog title="Update Status" opened={opened} onClose={onClose} onSubmit={submit} submitLabel="Update Status" busy={busy} failure={failure}>
      <NativeSelect label="Status" required data={options} value={status} onChange={(e) => setStatus(e.currentTarget.value)} error={errors.status} data-autofocus />
      <Textarea label="Message" required rows={3} value={message} onChange={(e) => setMessage(e.currentTarget.value)} error={errors.message} />
    </FormDialog>
  );
}
