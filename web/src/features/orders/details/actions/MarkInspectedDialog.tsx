import { NativeSelect, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { FormDialog } from '../../../../components/FormDialog';
import { useAppConfig } from '../../../../lib/appConfig';
import type { ActionDialogProps } from './types';
import { markInspected } from './api';
import { ReasonField } from './ReasonField';
import { checkInspected, localDate, needsLateDeliveryReason, TIME_OPTIONS, type InspectedForm } from './rules';
import { useOrderAction } from './useOrderAction';

/** Record the inspection; success shows the Files tab (the report comes next). */
export function MarkInspectedDialog({ order, opened, onClose, onDone }: ActionDialogProps) {
  const timeZone = useAppConfig().data?.companyTimeZone;
  // The appointment's date and the delivery date given when scheduling are the likely answers.
  const [form, setForm] = useState<InspectedForm>({
    date: order.inspectionActualDate ? localDate(order.inspectionActualDate, timeZone) : '',
    time: '',
    delivery: order.estimatedDeliveryDate ?? '',
    comment: '',
    lateReason: '',
  });
  const [errors, setErrors] = useState<Partial<Record<keyof InspectedForm, string>>>({});
  const { busy, failure, run } = useOrderAction(order.id, onDone);
  const set = (field: keyof InspectedForm) => (value: string) => setForm((f) => ({ ...f, [field]: value }));

  const submit = () => {
    const found = checkInspected(form);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    void run(
      () =>
        markInspected({
          orderId: order.id,
          inspectionActualDate: form.date,
          inspectionActualTime: form.time,
          estimatedDeliveryDate: form.delivery,
          orderStatusMessage: form.comment,
          reasonLateDelivery: form.lateReason,
        }),
      { tab: 'files' },
    );
  };

  return (
    <FormDialog title="Mark Inspected" opened={opened} onClose={onClose} onSubmit={submit} submitLabel="Mark Inspected" busy={busy} failure={failure} size="lg">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <TextInput type="date" label="Inspection Date" required value={form.date} onChange={(e) => set('date')(e.currentTarget.value)} error={errors.date} data-autofocus />
        <NativeSelect label="Inspection Time" required data={TIME_OPTIONS} value={form.time} onChange={(e) => set('time')(e.currentTarget.value)} error={errors.time} />
        <TextInput type="date" label="Estimated Delivery Date" required value={form.delivery} onChange={(e) => set('delivery')(e.currentTarget.value)} error={errors.delivery} />
      </SimpleGrid>
      {needsLateDeliveryReason(form) ? (
        <ReasonField
          label="Reason for Late Delivery"
          description="The inspection date is later than the estimated delivery date."
          value={form.lateReason}
          onChange={set('lateReason')}
          error={errors.lateReason}
        />
      ) : null}
      <Textarea label="Comments" rows={2} value={form.comment} onChange={(e) => set('comment')(e.currentTarget.value)} />
    </FormDialog>
  );
}
