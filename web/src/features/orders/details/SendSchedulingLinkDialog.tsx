import { NativeSelect, SimpleGrid, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FormDialog, mutationState } from '../../../components/FormDialog';
import { RowsEditor } from '../../../components/RowsEditor';
import { useFields } from '../../../components/useFields';
import { anyRowError, useRows, type RowErrors } from '../../../components/useRows';
import { useAppConfig } from '../../../lib/appConfig';
import { todayIso } from '../../../lib/dates';
import { notify } from '../../../lib/notify';
import { orderKeys } from '../keys';
import { ReasonField } from './actions/ReasonField';
import { TIME_OPTIONS } from './actions/rules';
import { sendSchedulingLink, type SchedulingLinkRequest } from './schedulingApi';
import { blankWindow, checkFields, checkWindow, initialFields, LINK_SCHEDULED_WITH, linkRequest, MAX_WINDOWS, REASONS, reasonKind, type WindowRow } from './schedulingLinkForm';
import type { OrderDetails } from './types';

export const SEND_LINK_TITLE = 'Send Scheduling Link';
export const MSG_LINK_SENT = 'Scheduling link sent.';
export const MSG_SEND_LINK_FAILED = 'The scheduling link could not be sent. Please try again.';

const TIME_SELECTS = [
  { field: 'start', label: 'Start Time' },
  { field: 'end', label: 'End Time' },
] as const;

interface WindowInputsProps {
  row: WindowRow;
  errors: RowErrors<WindowRow>;
  minDate: string;
  /** The dialog's first input, focused when it opens. */
  first: boolean;
  onChange: (field: keyof WindowRow, value: string) => void;
}

/** One window's day and times. */
function WindowInputs({ row, errors, minDate, first, onChange }: WindowInputsProps) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
      <TextInput
        type="date"
        label="Date"
        required
        min={minDate}
        value={row.date}
        onChange={(e) => onChange('date', e.currentTarget.value)}
        error={errors.date}
        data-autofocus={first || undefined}
      />
      {TIME_SELECTS.map(({ field, label }) => (
        <NativeSelect key={field} label={label} required data={TIME_OPTIONS} value={row[field]} onChange={(e) => onChange(field, e.currentTarget.value)} error={errors[field]} />
      ))}
    </SimpleGrid>
  );
}

/**
 * Offers the order's contact up to ten inspection windows by a link (e-mail and text): they choose
 * one and the inspection is scheduled then. The card shows the link once sent.
 */
export function SendSchedulingLinkDialog({ order, onClose }: { order: OrderDetails; onClose: () => void }) {
  const queryClient = useQueryClient();
  const minDate = todayIso(useAppConfig().data?.companyTimeZone);
  const windows = useRows(blankWindow);
  const fields = useFields(initialFields(order));
  const reason = reasonKind(order, windows.rows);
  const send = useMutation({
    mutationFn: (body: SchedulingLinkRequest) => sendSchedulingLink(order.id, body),
    onSuccess: () => {
      notify('success', MSG_LINK_SENT);
      // The order's history has a line about the link, and the link's key is under the order's.
      void queryClient.invalidateQueries({ queryKey: orderKeys.details(order.id) });
      onClose();
    },
  });
  const submit = () => {
    const rowErrors = windows.rows.map(checkWindow);
    windows.setErrors(rowErrors);
    const fieldsOk = fields.accept(checkFields(fields.values, reason));
    if (fieldsOk && !anyRowError(rowErrors)) send.mutate(linkRequest(windows.rows, fields.values, reason));
  };
  return (
    <FormDialog title={SEND_LINK_TITLE} opened onClose={onClose} onSubmit={submit} submitLabel="Send Link" size="lg" {...mutationState(send, MSG_SEND_LINK_FAILED)}>
      <RowsEditor rows={windows} legend={(n) => `Window ${n}`} addLabel="Add Window" min={1} max={MAX_WINDOWS}>
        {(row, i) => <WindowInputs row={row} errors={windows.errors[i] ?? {}} minDate={minDate} first={i === 0} onChange={(field, value) => windows.update(i, field, value)} />}
      </RowsEditor>
      <TextInput label="Contact Name" required {...fields.input('name')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput label="Contact E-mail" type="email" {...fields.input('email')} />
        <TextInput label="Mobile Phone" type="tel" {...fields.input('phone')} />
      </SimpleGrid>
      <NativeSelect label="Scheduled With" data={LINK_SCHEDULED_WITH} {...fields.input('scheduledWith')} />
      {reason ? <ReasonField label={REASONS[reason].label} value={fields.values.reason} onChange={(v) => fields.change('reason', v)} error={fields.errors.reason} /> : null}
    </FormDialog>
  );
}
