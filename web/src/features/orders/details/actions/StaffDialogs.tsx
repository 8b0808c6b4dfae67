import { Badge, Group, List, Loader, Radio, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormDialog } from '../../../../components/FormDialog';
import { failureText } from '../../../../lib/api';
import { formatUsd, parseCurrency } from '../../../../lib/money';
import { orderKeys } from '../../keys';
import type { ActionDialogProps } from './types';
import {
  approveConditions,
  askOnTime,
  assignToAppraiser,
  cancelOrder,
  completeOrder,
  declineConditions,
  deliverOrder,
  holdOrder,
  requestRevision,
  resumeOrder,
  unassign,
  candidates as loadCandidates,
  type Candidate,
} from './api';
import { MSG_MESSAGE_REQUIRED, MSG_SELECT_APPRAISER } from './rules';
import { ConfirmActionDialog, TextActionDialog } from './SimpleDialogs';
import { useOrderAction } from './useOrderAction';

export const MSG_REASON_REQUIRED = 'Please enter a reason.';
export const MSG_FEE_POSITIVE = 'Appraiser fee must be a positive amount.';
export const MSG_NO_CANDIDATES = "No appraiser holds a licence in the property's state.";

function StandingBadges({ c }: { c: Candidate }) {
  const badges: [boolean, string, string][] = [
    [c.coverageVerified, 'Coverage verified', 'teal.9'],
    [!c.licensedInState, 'Licence expired', 'red.9'],
    [c.enoExpired, 'E&O expired', 'red.9'],
    [c.outOfOffice, 'Out of office', 'orange.9'],
  ];
  return (
    <>
      {badges
        .filter(([shown]) => shown)
        .map(([, label, color]) => (
          <Badge key={label} size="sm" color={color} variant="filled" tt="none">
            {label}
          </Badge>
        ))}
    </>
  );
}

/** The candidate's 90-day record as the Assign dialog shows it. */
export function recordLine(c: Candidate): string {
  if (!c.scoredOrders) return 'No scored orders in the last 90 days';
  const parts = [
    c.onTimeRate != null ? `On time: ${Math.round(c.onTimeRate * 100)}%` : null,
    c.revisionsPerOrder != null ? `Revisions per order: ${c.revisionsPerOrder.toFixed(1)}` : null,
    c.averageTurnTimeBusinessDays != null ? `Turn time: ${c.averageTurnTimeBusinessDays.toFixed(1)} business days` : null,
  ];
  return [...parts.filter(Boolean), `(${c.scoredOrders} ${c.scoredOrders === 1 ? 'order' : 'orders'}, 90 days)`].join(' · ');
}

function CandidateCard({ c }: { c: Candidate }) {
  return (
    <Radio.Card value={String(c.appraiserId)} radius="md" p="sm" withBorder disabled={!c.eligible} aria-label={`${c.name}${c.eligible ? '' : ' (not eligible)'}`}>
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <Radio.Indicator mt={2} disabled={!c.eligible} />
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap="xs">
            <Text fw={600}>{c.name}</Text>
            <StandingBadges c={c} />
          </Group>
          <Text size="sm" c="gray.8">
            {[c.company, `Open orders: ${c.openOrders}`].filter(Boolean).join(' · ')}
          </Text>
          <Text size="sm" c="gray.8">
            {recordLine(c)}
          </Text>
          {c.reasons.length ? (
            <List size="sm" c="red.9">
              {c.reasons.map((r) => (
                <List.Item key={r}>{r}</List.Item>
              ))}
            </List>
          ) : null}
        </Stack>
      </Group>
    </Radio.Card>
  );
}

/** Assign: the ranked candidates (best first, the ineligible with their reasons), an optional other fee and due date. */
export function AssignDialog({ order, opened, onClose, onDone }: ActionDialogProps) {
  const list = useQuery({ queryKey: orderKeys.candidates(order.id), queryFn: () => loadCandidates(order.id), retry: false });
  const [chosen, setChosen] = useState('');
  const [fee, setFee] = useState('');
  const [dueDate, setDueDate] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [feeError, setFeeError] = useState<string | undefined>();
  const { busy, failure, run } = useOrderAction(order.id, onDone);
  const submit = () => {
    const appraiserFee = fee.trim() ? parseCurrency(fee) : null;
    const badFee = fee.trim() && !(appraiserFee && appraiserFee > 0) ? MSG_FEE_POSITIVE : undefined;
    const found = chosen ? undefined : MSG_SELECT_APPRAISER;
    setError(found);
    setFeeError(badFee);
    if (found || badFee) return;
    const body = { appraiserId: Number(chosen), appraiserFee, appraiserDueDate: dueDate || null };
    void run(() => assignToAppraiser(order.id, body));
  };
  const empty = list.isSuccess && list.data.length === 0;
  return (
    <FormDialog
      title="Assign"
      opened={opened}
      onClose={onClose}
      onSubmit={submit}
      submitLabel="Assign Order"
      busy={busy}
      failure={failure ?? (list.isError ? failureText(list.error, 'The candidates could not be loaded.') : null)}
      size="lg"
    >
      {list.isPending ? (
        <Group gap="xs" role="status">
          <Loader size="sm" />
          <Text size="sm">Loading candidates...</Text>
        </Group>
      ) : null}
      {empty ? (
        <Text role="status" c="gray.8">
          {MSG_NO_CANDIDATES}
        </Text>
      ) : null}
      {list.isSuccess && !empty ? (
        <Radio.Group
          label="Assign to"
          description="Best first: eligible, coverage verified, the 90-day record (on time, revisions, turn time), fewest open orders."
          required
          value={chosen}
          onChange={setChosen}
          error={error}
        >
          <Stack gap="xs" mt="xs">
            {list.data.map((c) => (
              <CandidateCard key={c.appraiserId} c={c} />
            ))}
          </Stack>
        </Radio.Group>
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label="Appraiser Fee"
          description={order.appraiserFee != null ? `Optional; the order's is ${formatUsd(order.appraiserFee)}` : 'Optional'}
          inputMode="decimal"
          value={fee}
          onChange={(e) => setFee(e.currentTarget.value)}
          error={feeError}
        />
        <TextInput type="date" label="Appraiser Due Date" description="Optional; keeps the order's" value={dueDate} onChange={(e) => setDueDate(e.currentTarget.value)} />
      </SimpleGrid>
    </FormDialog>
  );
}

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
