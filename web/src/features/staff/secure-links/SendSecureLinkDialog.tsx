import { Checkbox, NativeSelect, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormDialog, mutationState } from '../../../components/FormDialog';
import { useFields } from '../../../components/useFields';
import { failureText } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { appraisersQuery } from '../../../lib/staffLists';
import { orderFilesQuery, SENT_LINKS_KEY, sendSecureLink } from './api';

const MSG_SEND_FAILED = 'The secure link could not be sent. Please try again.';

export const SECURE_LINK_MESSAGES = {
  recipient: 'Please choose the appraiser.',
  orderId: 'Please enter an order ID (a number), or leave it empty.',
  subject: 'Please enter a subject.',
  message: 'Please enter a message.',
};

type Field = keyof typeof SECURE_LINK_MESSAGES;
const EMPTY = { recipient: '', orderId: '', subject: '', message: '' };

/** The form's own checks, in the server's terms (crates/server/src/staff/secure_links.rs). */
export function secureLinkErrors(form: typeof EMPTY): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  if (!form.recipient) errors.recipient = SECURE_LINK_MESSAGES.recipient;
  if (form.orderId.trim() && !/^\d+$/.test(form.orderId.trim())) errors.orderId = SECURE_LINK_MESSAGES.orderId;
  if (!form.subject.trim()) errors.subject = SECURE_LINK_MESSAGES.subject;
  if (!form.message.trim()) errors.message = SECURE_LINK_MESSAGES.message;
  return errors;
}

/** The files of the order typed in, to tick as attachments. */
function OrderFiles({ orderId, chosen, onChange }: { orderId: number; chosen: number[]; onChange: (ids: number[]) => void }) {
  const files = useQuery(orderFilesQuery(orderId));
  if (files.isPending) return <Text size="sm">Loading the order&apos;s files…</Text>;
  if (files.isError)
    return (
      <Text size="sm" c="red.8">
        {failureText(files.error, `Order ${orderId} could not be found.`)}
      </Text>
    );
  if (files.data.length === 0) return <Text size="sm">This order has no files to attach.</Text>;
  return (
    <Checkbox.Group label="Attachments" description="Files of this order to send with the link" value={chosen.map(String)} onChange={(ids) => onChange(ids.map(Number))}>
      <Stack gap={6} mt={6}>
        {files.data.map((f) => (
          <Checkbox key={f.id} value={String(f.id)} label={`${f.fileName} (${f.fileTypeDescription})`} />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}

/** Compose a secure link to one appraiser, about an order or not, with files of that order. */
export function SendSecureLinkDialog({ onClose }: { onClose: () => void }) {
  const queryClient = useQueryClient();
  const appraisers = useQuery(appraisersQuery());
  const fields = useFields(EMPTY);
  const form = fields.values;
  const [fileIds, setFileIds] = useState<number[]>([]);
  const changeOrder = (value: string) => {
    fields.change('orderId', value);
    setFileIds([]);
  };
  const orderId = /^\d+$/.test(form.orderId.trim()) ? Number(form.orderId.trim()) : null;
  const send = useMutation({
    mutationFn: sendSecureLink,
    onSuccess: async () => {
      notify('success', 'The secure link was sent.');
      await queryClient.invalidateQueries({ queryKey: SENT_LINKS_KEY });
      onClose();
    },
  });
  const submit = () => {
    if (!fields.accept(secureLinkErrors(form))) return;
    send.mutate({ recipientAppraiserId: Number(form.recipient), orderId, subject: form.subject.trim(), message: form.message.trim(), fileIds });
  };
  const recipients = [
    { value: '', label: 'Select an appraiser' },
    ...(appraisers.data ?? []).filter((a) => a.active).map((a) => ({ value: String(a.id), label: a.company ? `${a.name} (${a.company})` : a.name })),
  ];
  return (
    <FormDialog title="New Secure Link" opened onClose={onClose} onSubmit={submit} submitLabel="Send Secure Link" {...mutationState(send, MSG_SEND_FAILED)} size="lg">
      <NativeSelect label="Recipient" required data={recipients} {...fields.input('recipient')} data-autofocus />
      <TextInput
        label="Order ID"
        description="Optional: the order it is about"
        inputMode="numeric"
        {...fields.input('orderId')}
        onChange={(e) => changeOrder(e.currentTarget.value)}
      />
      {orderId !== null ? <OrderFiles orderId={orderId} chosen={fileIds} onChange={setFileIds} /> : null}
      <TextInput label="Subject" required {...fields.input('subject')} />
      <Textarea label="Message" required autosize minRows={4} {...fields.input('message')} />
    </FormDialog>
  );
}
