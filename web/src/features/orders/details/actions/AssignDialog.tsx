import { Badge, Group, List, Loader, Radio, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { FormDialog } from '../../../../components/FormDialog';
import { failureText } from '../../../../lib/api';
import { formatUsd, parseCurrency } from '../../../../lib/money';
import { orderKeys } from '../../keys';
import type { ActionDialogProps } from './types';
import { personName } from '../format';
import { assignableAppraisers, assignOrder, assignToAppraiser, candidates, type AssignableAppraiser, type Candidate } from './api';
import { MSG_NO_ASSIGNABLE, MSG_SELECT_APPRAISER } from './rules';
import { useOrderAction } from './useOrderAction';

export const MSG_FEE_POSITIVE = 'Appraiser fee must be a positive amount.';
export const MSG_NO_CANDIDATES = "No appraiser holds a licence in the property's state.";

/** Badges shown beside an appraiser's name: [shown, label, colour]. */
type BadgeRow = [boolean, string, string];

/** One appraiser to choose: name and badges, then the lines the variant shows. */
function AppraiserOption({
  value,
  name,
  badges,
  disabled,
  label,
  children,
}: {
  value: number;
  name: string;
  badges: BadgeRow[];
  disabled?: boolean;
  label?: string;
  children: ReactNode;
}) {
  return (
    <Radio.Card value={String(value)} radius="md" p="sm" withBorder disabled={disabled} aria-label={label}>
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <Radio.Indicator mt={2} disabled={disabled} />
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap="xs">
            <Text fw={600}>{name}</Text>
            {badges
              .filter(([shown]) => shown)
              .map(([, text, color]) => (
                <Badge key={text} size="sm" color={color} variant="filled" tt="none">
                  {text}
                </Badge>
              ))}
          </Group>
          {children}
        </Stack>
      </Group>
    </Radio.Card>
  );
}

/** The candidate's 90-day record as the staff Assign dialog shows it. */
export function recordLine(c: Candidate): string {
  if (!c.scoredOrders) return 'No scored orders in the last 90 days';
  const parts = [
    c.onTimeRate != null ? `On time: ${Math.round(c.onTimeRate * 100)}%` : null,
    c.revisionsPerOrder != null ? `Revisions per order: ${c.revisionsPerOrder.toFixed(1)}` : null,
    c.averageTurnTimeBusinessDays != null ? `Turn time: ${c.averageTurnTimeBusinessDays.toFixed(1)} business days` : null,
  ];
  return [...parts.filter(Boolean), `(${c.scoredOrders} ${c.scoredOrders === 1 ? 'order' : 'orders'}, 90 days)`].join(' · ');
}

/** The appraiser's fee and due date staff may set with the assignment (both optional). */
export interface AssignTerms {
  appraiserFee: number | null;
  appraiserDueDate: string | null;
}

/** What differs between the ways an order is given to an appraiser: whom to choose from, how each shows, the call. */
export interface AssignVariant<T> {
  title: string;
  /** The list, e.g. "candidates": "Loading candidates...", "The candidates could not be loaded.". */
  listName: string;
  empty: string;
  description?: string;
  list: (orderId: number) => { queryKey: readonly unknown[]; queryFn: () => Promise<T[]> };
  option: (item: T) => ReactNode;
  /** Offer the appraiser's fee and due date beside the choice. */
  withTerms?: boolean;
  assign: (orderId: number, appraiserId: number, terms: AssignTerms) => Promise<{ message: string }>;
}

/** The firm's appraiser-administrator reassigns to one of the firm's assignable appraisers, shown with their open orders. */
export const FIRM_REASSIGN: AssignVariant<AssignableAppraiser> = {
  title: 'Reassign',
  listName: 'assignable appraisers',
  empty: MSG_NO_ASSIGNABLE,
  list: (orderId) => ({ queryKey: orderKeys.assignableAppraisers(orderId), queryFn: () => assignableAppraisers(orderId) }),
  option: (a) => (
    <AppraiserOption
      key={a.id}
      value={a.id}
      name={personName(a.firstName, a.lastName)}
      badges={[
        [a.fhaCertified, 'FHA Certified', 'blue.9'],
        [a.licensed, 'Licensed', 'teal.9'],
      ]}
    >
      <Text size="sm" c="gray.8" style={{ overflowWrap: 'anywhere' }}>
        {a.officeAddress} · {a.emailAddress}
      </Text>
      <Text size="sm">Open orders: {a.openOrders}</Text>
    </AppraiserOption>
  ),
  assign: (orderId, appraiserId) => assignOrder({ orderId, appraiserToAssignTo: appraiserId }),
};

/** Staff assign from the ranked candidates (best first, the ineligible with their reasons), with an optional other fee and due date. */
export const STAFF_ASSIGN: AssignVariant<Candidate> = {
  title: 'Assign',
  listName: 'candidates',
  empty: MSG_NO_CANDIDATES,
  description: 'Best first: eligible, coverage verified, the 90-day record (on time, revisions, turn time), fewest open orders.',
  list: (orderId) => ({ queryKey: orderKeys.candidates(orderId), queryFn: () => candidates(orderId) }),
  option: (c) => (
    <AppraiserOption
      key={c.appraiserId}
      value={c.appraiserId}
      name={c.name}
      disabled={!c.eligible}
      label={`${c.name}${c.eligible ? '' : ' (not eligible)'}`}
      badges={[
        [c.coverageVerified, 'Coverage verified', 'teal.9'],
        [!c.licensedInState, 'Licence expired', 'red.9'],
        [c.enoExpired, 'E&O expired', 'red.9'],
        [c.outOfOffice, 'Out of office', 'orange.9'],
      ]}
    >
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
    </AppraiserOption>
  ),
  withTerms: true,
  assign: (orderId, appraiserId, terms) => assignToAppraiser(orderId, { appraiserId, ...terms }),
};

/** The one Assign/Reassign dialog: choose an appraiser from the variant's list (and, for staff, the terms), then assign. */
export function AssignDialog<T>({ order, opened, onClose, onDone, variant }: ActionDialogProps & { variant: AssignVariant<T> }) {
  const list = useQuery({ ...variant.list(order.id), retry: false });
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
    void run(() => variant.assign(order.id, Number(chosen), { appraiserFee, appraiserDueDate: dueDate || null }));
  };
  const empty = list.isSuccess && list.data.length === 0;
  return (
    <FormDialog
      title={variant.title}
      opened={opened}
      onClose={onClose}
      onSubmit={submit}
      submitLabel="Assign Order"
      busy={busy}
      failure={failure ?? (list.isError ? failureText(list.error, `The ${variant.listName} could not be loaded.`) : null)}
      size="lg"
    >
      {list.isPending ? (
        <Group gap="xs" role="status">
          <Loader size="sm" />
          <Text size="sm">Loading {variant.listName}...</Text>
        </Group>
      ) : null}
      {empty ? (
        <Text role="status" c="gray.8">
          {variant.empty}
        </Text>
      ) : null}
      {list.isSuccess && !empty ? (
        <Radio.Group label="Assign to" description={variant.description} required value={chosen} onChange={setChosen} error={error}>
          <Stack gap="xs" mt="xs">
            {list.data.map((item) => variant.option(item))}
          </Stack>
        </Radio.Group>
      ) : null}
      {empty && error ? (
        <Text c="red.9" size="sm" role="alert">
          {error}
        </Text>
      ) : null}
      {variant.withTerms ? (
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
      ) : null}
    </FormDialog>
  );
}

/** REASSIGN, the firm's appraiser-administrator's. */
export const ReassignDialog = (props: ActionDialogProps) => <AssignDialog {...props} variant={FIRM_REASSIGN} />;
/** ASSIGN, the staff desk's. */
export const StaffAssignDialog = (props: ActionDialogProps) => <AssignDialog {...props} variant={STAFF_ASSIGN} />;
