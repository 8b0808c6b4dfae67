import { Text, Textarea } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { FormDialog, mutationState } from '../../../components/FormDialog';
import { fieldErrors } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { withholdPayment, type PayableOrder } from './api';

export const MSG_WITHHOLD_REASON = 'Please enter the reason the payment is withheld.';
const MSG_WITHHOLD_FAILED = 'The payment could not be withheld. Please try again.';

/** Withholds an order's payment: the reason is required and is e-mailed to the appraiser. */
export function WithholdDialog({ order, onClose, onDone }: { order: PayableOrder; onClose: () => void; onDone: () => void }) {
  const [reason, setReason] = useState(order.withheldBecause ?? '');
  const [missing, setMissing] = useState(false);
  const withhold = useMutation({
    mutationFn: () => withholdPayment(order.orderId, reason.trim()),
    onSuccess: (answer) => {
      notify('success', answer.message);
      onDone();
      onClose();
    },
  });
  const submit = () => {
    setMissing(!reason.trim());
    if (reason.trim()) withhold.mutate();
  };
  const error = missing ? MSG_WITHHOLD_REASON : fieldErrors(withhold.error).reason;
  return (
    <FormDialog title="Withhold Payment" opened onClose={onClose} onSubmit={submit} submitLabel="Withhold Payment" {...mutationState(withhold, MSG_WITHHOLD_FAILED)}>
      <Text size="sm">
        {order.fileNumber}, {order.address}: {order.appraiserName} is e-mailed this reason.
      </Text>
      <Textarea label="Reason" required autosize minRows={3} data-autofocus value={reason} onChange={(e) => setReason(e.currentTarget.value)} error={error} />
    </FormDialog>
  );
}
