import { List, Text } from '@mantine/core';
import { useState } from 'react';
import { FormDialog } from '../../../../components/FormDialog';
import { unansweredItems } from '../reviewApi';
import type { ActionDialogProps } from './types';
import { approveConditions, askOnTime, cancelOrder, completeOrder, declineConditions, deliverOrder, holdOrder, resumeOrder, unassign } from './api';
import { MSG_MESSAGE_REQUIRED } from './rules';
import { ConfirmActionDialog, TextActionDialog } from './SimpleDialogs';
import { useOrderAction } from './useOrderAction';

export const MSG_REASON_REQUIRED = 'Please enter a reason.';

type Props = ActionDialogProps;
const state = ({ order, opened, onClose, onDone }: Props) => ({ order, opened, onClose, onDone });

export function UnassignDialog(props: Props) {
  const { order } = props;
  return (
    <ConfirmActionDialog
      {...state(props)}
      title="Unassign"
      danger
      text={`Take order #${order.fileNumber} back from its appraiser? They are told by e-mail.`}
      submitLabel="Unassign"
      send={() => unassign(order.id)}
    />
  );
}

export function ApproveConditionsDialog(props: Props) {
  const { order } = props;
  return (
    <ConfirmActionDialog
      {...state(props)}
      title="Approve Conditions"
      text="Approve the appraiser's conditions? The fee and due date they asked for replace the order's, and the order is accepted."
      submitLabel="Approve Conditions"
      send={() => approveConditions(order.id)}
    />
  );
}

export function DeclineConditionsDialog(props: Props) {
  const { order } = props;
  return (
    <TextActionDialog
      {...state(props)}
      title="Decline Conditions"
      label="Message to the appraiser"
      missing={MSG_MESSAGE_REQUIRED}
      submitLabel="Decline Conditions"
      intro={<Text size="sm">The order goes back to the appraiser to accept or reject as it is.</Text>}
      outcome={{ tab: 'messages' }}
      send={(message) => declineConditions(order.id, message)}
    />
  );
}

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

export function DeliverDialog(props: Props) {
  const { order } = props;
  return (
    <ConfirmActionDialog
      {...state(props)}
      title="Deliver To Client"
      text={`Mark order #${order.fileNumber} delivered to the client?`}
      submitLabel="Deliver To Client"
      send={() => deliverOrder(order.id)}
    />
  );
}

export function CancelOrderDialog(props: Props) {
  const { order } = props;
  return (
    <TextActionDialog
      {...state(props)}
      title="Cancel Order"
      label="Reason"
      missing={MSG_REASON_REQUIRED}
      submitLabel="Cancel Order"
      danger
      intro={<Text size="sm">Order #{order.fileNumber} will be closed; its appraiser, if any, is told.</Text>}
      send={(reason) => cancelOrder(order.id, reason)}
    />
  );
}

export function HoldDialog(props: Props) {
  const { order } = props;
  return (
    <TextActionDialog {...state(props)} title="Put On Hold" label="Reason" missing={MSG_REASON_REQUIRED} submitLabel="Put On Hold" send={(reason) => holdOrder(order.id, reason)} />
  );
}

export function ResumeDialog(props: Props) {
  const { order } = props;
  return (
    <ConfirmActionDialog
      {...state(props)}
      title="Resume"
      text={`Take order #${order.fileNumber} off hold, back to where it was?`}
      submitLabel="Resume"
      send={() => resumeOrder(order.id)}
    />
  );
}

export function AskOnTimeDialog(props: Props) {
  const { order } = props;
  return (
    <ConfirmActionDialog
      {...state(props)}
      title="Ask If On Time"
      text={`Ask the appraiser whether order #${order.fileNumber} will be delivered on time? They answer on the order's page.`}
      submitLabel="Ask The Appraiser"
      send={() => askOnTime(order.id)}
    />
  );
}
