import { Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { FormDialog, mutationState } from '../../../components/FormDialog';
import { ApiError } from '../../../lib/api';
import { useAppConfig } from '../../../lib/appConfig';
import { todayIso } from '../../../lib/dates';
import { notify } from '../../../lib/notify';
import { recordPayment, type PayableOrder } from './api';
import { feeError, onlyFailed, parseAmount } from '../../../lib/fieldRules';
import { useFields } from '../../../components/useFields';

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
  const pay = useMutation({
    mutationFn: () => recordPayment({ orderId: order.orderId, amount: parseAmount(fields.values.amount), paymentDate: fields.values.paymentDate }),
    onSuccess: () => {
      notify('success', `The payment for ${order.fileNumber} was recorded.`);
      onDone();
      onClose();
    },
    onError: (e) => {
      fields.showRefusal(e);
      if (e instanceof ApiError && e.status === 409) onDone();
    },
  });
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
