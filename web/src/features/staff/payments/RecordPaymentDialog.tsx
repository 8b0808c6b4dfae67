import { Text, TextInput } from '@mantine/core';
import { FormDialog, mutationState } from '../../../components/FormDialog';
import { useAppConfig } from '../../../lib/appConfig';
import { todayIso } from '../../../lib/dates';
import { recordPayment, type PayableOrder } from './api';
import { feeError, onlyFailed, parseAmount } from '../../../lib/fieldRules';
import { useFields } from '../../../components/useFields';
import { useDialogSave } from '../../../components/useDialogSave';

const MSG_PAY_FAILED = 'The payment could not be recorded. Please try again.';

export const MSG_PAYMENT_DATE_REQUIRED = 'Payment date is required.';

export function paymentErrors(v: { amount: string; paymentDate: string }) {
  return onlyFailed({ amount: feeError('Amount', v.amount), paymentDate: v.paymentDate ? undefined : MSG_PAYMENT_DATE_REQUIRED });
}

/**
 * Pays an order's appraiser: the amount starts at the order's fee and the date at today. `onDone`
 * runs after a payment and after a refusal that means the list is out of date (409).
 */
export function RecordPaymentDialog({ order, onClose, onDone }: { order: PayableOrder; onClose: () => void; onDone: () => void }) {
  const timeZone = useAppConfig().data?.companyTimeZone;
  const fields = useFields({ amount: order.appraiserFee != null ? order.appraiserFee.toFixed(2) : '', paymentDate: todayIso(timeZone) });
  const record = () => recordPayment({ orderId: order.orderId, amount: parseAmount(fields.values.amount), paymentDate: fields.values.paymentDate });
  const pay = useDialogSave(record, { done: `The payment for ${order.fileNumber} was recorded.`, fields, onDone, onClose });
  const submit = () => {
    if (fields.accept(paymentErrors(fields.values))) pay.mutate();
  };
  return (
    <FormDialog title="Record Payment" opened onClose={onClose} onSubmit={submit} submitLabel="Record Payment" {...mutationState(pay, MSG_PAY_FAILED)}>
      <Text size="sm">
        {order.fileNumber}, {order.address}: paid to {order.appraiserName}.
      </Text>
      <TextInput label="Amount" required inputMode="decimal" leftSection="$" data-autofocus {...fields.input('amount')} />
      <TextInput label="Payment Date" required type="date" {...fields.input('paymentDate')} />
    </FormDialog>
  );
}
