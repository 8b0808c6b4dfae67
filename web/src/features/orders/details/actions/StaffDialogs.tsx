import { Checkbox, List, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FairLanguageFindings } from '../../../../components/FairLanguageFindings';
import { FormDialog } from '../../../../components/FormDialog';
import { warningText } from '../../../../components/ReportDataView';
import { failureText, isSharedFailure } from '../../../../lib/api';
import { notify } from '../../../../lib/notify';
import { borrowerCopyQuery, sendBorrowerCopy, unansweredItems } from '../reviewApi';
import type { ActionDialogProps } from './types';
import {
  approveConditions,
  askOnTime,
  cancelOrder,
  completeOrder,
  declineConditions,
  deliverOrder,
  deliveryBlocks,
  holdOrder,
  resumeOrder,
  unassign,
  type DeliveryBlocks,
} from './api';
import { MSG_MESSAGE_REQUIRED } from './rules';
import { confirmAction, textAction } from './SimpleDialogs';
import { useOrderAction } from './useOrderAction';

export const MSG_REASON_REQUIRED = 'Please enter a reason.';
export const MSG_COPY_NOT_SENT = "The order was delivered, but the borrower's copy could not be sent: send it from the order page.";

type Props = ActionDialogProps;

export const UnassignDialog = confirmAction((order) => ({
  title: 'Unassign',
  danger: true,
  text: `Take order #${order.fileNumber} back from its appraiser? They are told by e-mail.`,
  submitLabel: 'Unassign',
  send: () => unassign(order.id),
}));

export const ApproveConditionsDialog = confirmAction((order) => ({
  title: 'Approve Conditions',
  text: "Approve the appraiser's conditions? The fee and due date they asked for replace the order's, and the order is accepted.",
  submitLabel: 'Approve Conditions',
  send: () => approveConditions(order.id),
}));

export const DeclineConditionsDialog = textAction((order) => ({
  title: 'Decline Conditions',
  label: 'Message to the appraiser',
  missing: MSG_MESSAGE_REQUIRED,
  submitLabel: 'Decline Conditions',
  intro: <Text size="sm">The order goes back to the appraiser to accept or reject as it is.</Text>,
  outcome: { tab: 'messages' },
  send: (message) => declineConditions(order.id, message),
}));

/** Complete: refused (409) while checklist items are unanswered; the dialog then lists them. */
export function CompleteDialog({ order, opened, onClose, onDone }: Props) {
  const { busy, failure, run } = useOrderAction(order.id, onDone);
  const [open, setOpen] = useState<{ id: number; text: string }[]>([]);
  const submit = async () => setOpen(unansweredItems(await run(() => completeOrder(order.id))));
  return (
    <FormDialog title="Complete" opened={opened} onClose={onClose} onSubmit={() => void submit()} submitLabel="Complete Order" busy={busy} failure={failure}>
      <Text>{`The report of order #${order.fileNumber} passed review: mark the order completed?`}</Text>
      {open.length ? (
        <List size="sm" aria-label="Unanswered checklist items">
          {open.map((item) => (
            <List.Item key={item.id}>{item.text}</List.Item>
          ))}
        </List>
      ) : null}
    </FormDialog>
  );
}

/** After Deliver: the borrower's copy to `email`; its failure is told, Deliver stays done. */
async function sendCopyAfterDelivery(orderId: number, email: string): Promise<void> {
  try {
    await sendBorrowerCopy(orderId, email);
    notify('success', `The borrower's copy was sent to ${email}.`);
  } catch (e) {
    if (!isSharedFailure(e)) notify('error', failureText(e, MSG_COPY_NOT_SENT));
  }
}

/** What holds the delivery, as Deliver's 409 lists it. */
function DeliveryBlockLists({ blocks }: { blocks: DeliveryBlocks }) {
  return (
    <>
      {blocks.hardStops.length ? (
        <List size="sm" aria-label="Hard stops">
          {blocks.hardStops.map((s) => (
            <List.Item key={s.code}>{`${s.code}: ${s.message}`}</List.Item>
          ))}
        </List>
      ) : null}
      {blocks.unacknowledgedWarnings.length ? (
        <List size="sm" aria-label="Unacknowledged warnings">
          {blocks.unacknowledgedWarnings.map((w) => (
            <List.Item key={w.code}>{warningText(w)}</List.Item>
          ))}
        </List>
      ) : null}
      {blocks.fairLanguage.length ? <FairLanguageFindings findings={blocks.fairLanguage} /> : null}
    </>
  );
}

/**
 * Deliver, and send the borrower's copy with it (offered when the order has the borrower's e-mail;
 * checked while none was sent). Refused (409) while the data file or the fair-language findings
 * hold the report: the dialog then lists what does.
 */
export function DeliverDialog({ order, opened, onClose, onDone }: Props) {
  const copies = useQuery(borrowerCopyQuery(order.id)).data;
  const email = copies?.borrowerEmail ?? '';
  const [chosen, setChosen] = useState<boolean | null>(null);
  const sendCopy = !!email && (chosen ?? copies?.sent.length === 0);
  const { busy, failure, run } = useOrderAction(order.id, onDone);
  const [blocks, setBlocks] = useState<DeliveryBlocks | null>(null);
  const deliver = async () => {
    const done = await deliverOrder(order.id);
    if (sendCopy) await sendCopyAfterDelivery(order.id, email);
    return done;
  };
  const submit = async () => setBlocks(deliveryBlocks(await run(deliver)));
  return (
    <FormDialog title="Deliver To Client" opened={opened} onClose={onClose} onSubmit={() => void submit()} submitLabel="Deliver To Client" busy={busy} failure={failure}>
      <Text>{`Mark order #${order.fileNumber} delivered to the client?`}</Text>
      <Checkbox
        label="Send the borrower's copy"
        description={email ? `A link to the report, to ${email}` : 'The order has no borrower e-mail: send the copy from the order page.'}
        disabled={!email}
        checked={sendCopy}
        onChange={(e) => setChosen(e.currentTarget.checked)}
      />
      {blocks ? <DeliveryBlockLists blocks={blocks} /> : null}
    </FormDialog>
  );
}

export const CancelOrderDialog = textAction((order) => ({
  title: 'Cancel Order',
  label: 'Reason',
  missing: MSG_REASON_REQUIRED,
  submitLabel: 'Cancel Order',
  danger: true,
  intro: <Text size="sm">Order #{order.fileNumber} will be closed; its appraiser, if any, is told.</Text>,
  send: (reason) => cancelOrder(order.id, reason),
}));

export const HoldDialog = textAction((order) => ({
  title: 'Put On Hold',
  label: 'Reason',
  missing: MSG_REASON_REQUIRED,
  submitLabel: 'Put On Hold',
  send: (reason) => holdOrder(order.id, reason),
}));

export const ResumeDialog = confirmAction((order) => ({
  title: 'Resume',
  text: `Take order #${order.fileNumber} off hold, back to where it was?`,
  submitLabel: 'Resume',
  send: () => resumeOrder(order.id),
}));

export const AskOnTimeDialog = confirmAction((order) => ({
  title: 'Ask If On Time',
  text: `Ask the appraiser whether order #${order.fileNumber} will be delivered on time? They answer on the order's page.`,
  submitLabel: 'Ask The Appraiser',
  send: () => askOnTime(order.id),
}));
