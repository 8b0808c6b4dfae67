import { Text } from '@mantine/core';
import type { ActionDialogProps } from './types';
import { approveConditions, askOnTime, cancelOrder, completeOrder, declineConditions, deliverOrder, holdOrder, requestRevision, resumeOrder, unassign } from './api';
import { MSG_MESSAGE_REQUIRED } from './rules';
import { ConfirmActionDialog, TextActionDialog } from './SimpleDialogs';

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

export function RequestRevisionDialog(props: Props) {
  const { order } = props;
  return (
    <TextActionDialog
      {...state(props)}
      title="Request Revision"
      label="What needs revising"
      missing={MSG_MESSAGE_REQUIRED}
      submitLabel="Request Revision"
      outcome={{ tab: 'messages' }}
      send={(message) => requestRevision(order.id, message)}
    />
  );
}

export function CompleteDialog(props: Props) {
  const { order } = props;
  return (
    <ConfirmActionDialog
      {...state(props)}
      title="Complete"
      text={`The report of order #${order.fileNumber} passed review: mark the order completed?`}
      submitLabel="Complete Order"
      send={() => completeOrder(order.id)}
    />
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
