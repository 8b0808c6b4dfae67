import { Checkbox, NativeSelect, SimpleGrid, TextInput } from '@mantine/core';
import { useState } from 'react';
import { FormDialog } from '../../../../components/FormDialog';
import { useAppConfig } from '../../../../lib/appConfig';
import type { ActionDialogProps } from './types';
import { actionLabel } from '../slugs';
import { scheduleInspection } from './api';
import { ReasonField } from './ReasonField';
import { checkSchedule, localDate, needsLateInspectionReason, SCHEDULED_WITH, TIME_OPTIONS, VACANT, type ScheduleForm, type ScheduleRules } from './rules';
import { useOrderAction } from './useOrderAction';

const WITH_OPTIONS = [{ value: '', label: 'Select who' }, ...SCHEDULED_WITH.map((w) => ({ value: w, label: w }))];

/** The appointment's selects, all set at once by Vacant Property. */
const APPOINTMENT_SELECTS = [
  { field: 'start', label: 'Appointment Start Time', data: TIME_OPTIONS },
  { field: 'end', label: 'Appointment End Time', data: TIME_OPTIONS },
  { field: 'scheduledWith', label: 'Scheduled With', data: WITH_OPTIONS },
] as const;

const EMPTY: ScheduleForm = { date: '', delivery: '', start: '', end: '', scheduledWith: '', lateReason: '', rescheduleReason: '' };

/** Schedule (or reschedule) the inspection appointment; success shows the History tab. */
export function ScheduleInspectionDialog({ order, opened, onClose, onDone }: ActionDialogProps) {
  const timeZone = useAppConfig().data?.companyTimeZone;
  const rules: ScheduleRules = {
    createdOn: localDate(order.createDate, timeZone),
    inspectionDueDate: order.inspectionDueDate ?? null,
    wasPreviouslyScheduled: order.wasPreviouslyScheduled,
  };
  const [form, setForm] = useState<ScheduleForm>(EMPTY);
  const [vacant, setVacant] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<keyof ScheduleForm, string>>>({});
  const { busy, failure, run } = useOrderAction(order.id, onDone);
  const set = (field: keyof ScheduleForm) => (value: string) => setForm((f) => ({ ...f, [field]: value }));

  const markVacant = (checked: boolean) => {
    setVacant(checked);
    if (checked) setForm((f) => ({ ...f, scheduledWith: VACANT.scheduledWith, start: VACANT.start, end: VACANT.end }));
  };

  const submit = () => {
    const found = checkSchedule(form, rules);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    void run(
      () =>
        scheduleInspection({
          orderId: order.id,
          inspectionActualDate: form.date,
          estimatedDeliveryDate: form.delivery,
          appointmentStartTime: form.start,
          appointmentEndTime: form.end,
          appointmentScheduledWith: form.scheduledWith,
          lateInspectionReason: form.lateReason,
          rescheduleReason: form.rescheduleReason,
        }),
      { tab: 'histories' },
    );
  };

  const title = actionLabel('SCHEDULE_INSPECTION', order.wasPreviouslyScheduled);
  return (
    <FormDialog title={title} opened={opened} onClose={onClose} onSubmit={submit} submitLabel={title} busy={busy} failure={failure} size="lg">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          type="date"
          label="Inspection Date"
          required
          min={rules.createdOn}
          value={form.date}
          onChange={(e) => set('date')(e.currentTarget.value)}
          error={errors.date}
          data-autofocus
        />
        <TextInput
          type="date"
          label="Estimated Delivery Date"
          required
          min={form.date || rules.createdOn}
          value={form.delivery}
          onChange={(e) => set('delivery')(e.currentTarget.value)}
          error={errors.delivery}
        />
      </SimpleGrid>
      <Checkbox label="Vacant Property" description="Sets Scheduled With to Vacant, 9:00am to 5:00pm" checked={vacant} onChange={(e) => markVacant(e.currentTarget.checked)} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {APPOINTMENT_SELECTS.map(({ field, label, data }) => (
          <NativeSelect
            key={field}
            label={label}
            required
            disabled={vacant}
            data={data}
            value={form[field]}
            onChange={(e) => set(field)(e.currentTarget.value)}
            error={errors[field]}
          />
        ))}
      </SimpleGrid>
      {needsLateInspectionReason(form.date, rules) ? (
        <ReasonField
          label="Reason for Late Inspection"
          description="The inspection date is after the inspection due date."
          value={form.lateReason}
          onChange={set('lateReason')}
          error={errors.lateReason}
        />
      ) : null}
      {order.wasPreviouslyScheduled ? (
        <ReasonField label="Reason for Rescheduling" value={form.rescheduleReason} onChange={set('rescheduleReason')} error={errors.rescheduleReason} />
      ) : null}
    </FormDialog>
  );
}
