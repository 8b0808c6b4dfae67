import { Alert, Button, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Field, Fields, InfoCard } from '../../../components/DataDisplay';
import { FormDialog, mutationState } from '../../../components/FormDialog';
import { usePhoneScreen } from '../../../components/ListTable';
import { ResponsiveTable, type Column } from '../../../components/ResponsiveTable';
import { fieldErrors, type Schemas } from '../../../lib/api';
import { formatDateAndTime, formatDay } from '../../../lib/dates';
import { notify } from '../../../lib/notify';
import { orderKeys } from '../keys';
import { requiredText } from './actions/rules';
import { borrowerCopyQuery, recordWaiver, sendBorrowerCopy, type BorrowerCopies } from './reviewApi';
import { CardLoadFailed } from './parts';

export const BORROWER_COPY_TITLE = "Borrower's Copy";
export const MSG_COPY_AFTER_REPORT = "Nothing to send yet: the borrower's copy goes out once the report has passed review.";
export const MSG_COPIES_FAILED = "The borrower's copy could not be loaded.";
export const MSG_COPY_DUE = 'Closing is 3 business days away or less and the borrower has no copy.';
export const MSG_COPY_SENT = "The borrower's copy was sent.";
export const MSG_WAIVER_RECORDED = "The borrower's waiver was recorded.";
export const MSG_EMAIL_REQUIRED = "Please enter the borrower's e-mail.";
export const MSG_WAIVER_REASON_REQUIRED = 'Please enter a reason.';
export const MSG_NONE_SENT = 'No link has been sent to the borrower yet.';

type Sent = Schemas['SentCopy'] & { id: number };

const downloaded = (times: string[], timeZone: string | null) => {
  const count = `Downloaded ${times.length} ${times.length === 1 ? 'time' : 'times'}`;
  return times.length ? `${count}: ${times.map((t) => formatDateAndTime(t, timeZone)).join('; ')}` : count;
};

const sentColumns = (timeZone: string | null): Column<Sent>[] => [
  { header: 'To', cell: (s) => s.email, name: true },
  { header: 'Sent by', cell: (s) => s.sentBy },
  { header: 'Sent', cell: (s) => formatDateAndTime(s.sentAt, timeZone), nowrap: true },
  { header: 'Expires', cell: (s) => formatDateAndTime(s.expiresAt, timeZone), nowrap: true },
  { header: 'Downloads', cell: (s) => downloaded(s.downloads, timeZone) },
];

interface CopyDialogProps {
  orderId: number;
  title: string;
  label: string;
  initial: string;
  /** The answer's field that the input is (a 422 names it). */
  field: 'email' | 'reason';
  missing: string;
  done: string;
  send: (value: string) => Promise<BorrowerCopies>;
  onClose: () => void;
}

/** One text sent for the borrower's copy (the e-mail of a link, the reason of a waiver); the card shows the answer. */
function CopyDialog({ orderId, title, label, initial, field, missing, done, send, onClose }: CopyDialogProps) {
  const queryClient = useQueryClient();
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | undefined>();
  const mutation = useMutation({
    mutationFn: send,
    onSuccess: (fresh) => {
      queryClient.setQueryData(orderKeys.borrowerCopy(orderId), fresh);
      void queryClient.invalidateQueries({ queryKey: orderKeys.details(orderId) });
      notify('success', done);
      onClose();
    },
    onError: (e) => setError(fieldErrors(e)[field]),
  });
  const submit = () => {
    const found = requiredText(value, missing);
    setError(found);
    if (!found) mutation.mutate(value.trim());
  };
  const Input = field === 'email' ? TextInput : Textarea;
  return (
    <FormDialog title={title} opened onClose={onClose} onSubmit={submit} submitLabel={title} {...mutationState(mutation, `${title} failed. Please try again.`)}>
      <Input label={label} required type={field === 'email' ? 'email' : undefined} value={value} onChange={(e) => setValue(e.currentTarget.value)} error={error} data-autofocus />
    </FormDialog>
  );
}

function CopiesView({ copies, timeZone }: { copies: BorrowerCopies; timeZone: string | null }) {
  const mobile = usePhoneScreen();
  const sent = copies.sent.map((s, id) => ({ ...s, id }));
  return (
    <>
      {copies.due ? (
        <Alert color="orange" variant="light" role="alert">
          {MSG_COPY_DUE}
        </Alert>
      ) : null}
      <Fields>
        <Field label="Expected closing date">{formatDay(copies.closingDate)}</Field>
        <Field label="Borrower e-mail">{copies.borrowerEmail}</Field>
        {copies.waiver ? (
          <Field label="Waiver">{`${copies.waiver.reason} (recorded by ${copies.waiver.recordedBy} on ${formatDateAndTime(copies.waiver.recordedAt, timeZone)})`}</Field>
        ) : null}
      </Fields>
      {sent.length ? (
        <ResponsiveTable items={sent} columns={sentColumns(timeZone)} label="Links sent to the borrower" mobile={mobile} idAttribute="data-copy" />
      ) : (
        <Text size="sm" c="gray.7">
          {MSG_NONE_SENT}
        </Text>
      )}
    </>
  );
}

/**
 * The borrower's copy of the report (staff; 12 CFR 1002.14): the closing date, each link sent with
 * its downloads, the waiver; staff send a link or record the borrower's waiver.
 */
export function BorrowerCopyCard({ orderId, timeZone }: { orderId: number; timeZone: string | null }) {
  const copies = useQuery(borrowerCopyQuery(orderId));
  const [dialog, setDialog] = useState<'send' | 'waiver' | null>(null);
  if (copies.isError) return <CardLoadFailed message={MSG_COPIES_FAILED} />;
  const c = copies.data;
  if (!c) return null;
  const close = () => setDialog(null);
  return (
    <InfoCard title={BORROWER_COPY_TITLE} testId="card-borrower-copy">
      <Stack gap="sm">
        <CopiesView copies={c} timeZone={timeZone} />
        <Group gap="sm">
          <Button variant="light" onClick={() => setDialog('send')}>
            Send the borrower&apos;s copy
          </Button>
          {c.waiver ? null : (
            <Button variant="default" onClick={() => setDialog('waiver')}>
              Record waiver
            </Button>
          )}
        </Group>
      </Stack>
      {dialog === 'send' ? (
        <CopyDialog
          {...{ orderId, onClose: close }}
          title="Send the borrower's copy"
          label="Borrower e-mail"
          initial={c.borrowerEmail ?? ''}
          field="email"
          missing={MSG_EMAIL_REQUIRED}
          done={MSG_COPY_SENT}
          send={(email) => sendBorrowerCopy(orderId, email)}
        />
      ) : null}
      {dialog === 'waiver' ? (
        <CopyDialog
          {...{ orderId, onClose: close }}
          title="Record waiver"
          label="Reason"
          initial=""
          field="reason"
          missing={MSG_WAIVER_REASON_REQUIRED}
          done={MSG_WAIVER_RECORDED}
          send={(reason) => recordWaiver(orderId, reason)}
        />
      ) : null}
    </InfoCard>
  );
}
