import { NativeSelect, TextInput } from '@mantine/core';
import { FormDialog, mutationState } from '../../components/FormDialog';
import { useDialogSave } from '../../components/useDialogSave';
import { useFields } from '../../components/useFields';
import { useAppConfig } from '../../lib/appConfig';
import { centsError, centsText, parseCents } from '../../lib/cents';
import { todayIso } from '../../lib/dates';
import { chosenError, onlyFailed, optionalTextError, textOrNull } from '../../lib/fieldRules';
import { recordInvoicePayment, type InvoiceSummary } from './api';
import { InvoiceBalance } from './InvoiceBalance';

const MSG_PAY_FAILED = 'The payment could not be recorded. Please try again.';
export const MSG_RECEIVED_ON_REQUIRED = 'Received On is required.';
export const MSG_RECEIVED_ON_FUTURE = 'Received On cannot be after today.';

export const PAYMENT_METHODS = [
  { value: 'check', label: 'Check' },
  { value: 'ach', label: 'ACH' },
  { value: 'wire', label: 'Wire' },
  { value: 'card', label: 'Card' },
];

/** Records what the lender paid against an invoice: the amount starts at the balance and the date at today. */
export function InvoicePaymentDialog({ invoice, onClose, onDone }: { invoice: InvoiceSummary; onClose: () => void; onDone: () => void }) {
  const today = todayIso(useAppConfig().data?.companyTimeZone);
  const fields = useFields({ amountCents: invoice.balanceCents > 0 ? centsText(invoice.balanceCents) : '', method: '', reference: '', receivedOn: today });
  const { values } = fields;
  const record = () =>
    recordInvoicePayment(invoice.id, {
      amountCents: parseCents(values.amountCents)!,
      method: values.method,
      reference: textOrNull(values.reference),
      receivedOn: values.receivedOn,
    });
  const pay = useDialogSave(record, { done: `The payment on ${invoice.number} was recorded.`, fields, onDone, onClose });
  const submit = () => {
    const errors = onlyFailed({
      amountCents: centsError('Amount', values.amountCents),
      method: chosenError('Method', values.method),
      reference: optionalTextError('Reference', values.reference),
      receivedOn: !values.receivedOn ? MSG_RECEIVED_ON_REQUIRED : values.receivedOn > today ? MSG_RECEIVED_ON_FUTURE : undefined,
    });
    if (fields.accept(errors)) pay.mutate();
  };
  return (
    <FormDialog title="Record Payment" opened onClose={onClose} onSubmit={submit} submitLabel="Record Payment" {...mutationState(pay, MSG_PAY_FAILED)}>
      <InvoiceBalance invoice={invoice} />
      <TextInput label="Amount" required inputMode="decimal" leftSection="$" data-autofocus {...fields.input('amountCents')} />
      <NativeSelect label="Method" required data={[{ value: '', label: 'Choose a method' }, ...PAYMENT_METHODS]} {...fields.input('method')} />
      <TextInput label="Reference" description="The check number or transfer reference." {...fields.input('reference')} />
      <TextInput label="Received On" required type="date" max={today} {...fields.input('receivedOn')} />
    </FormDialog>
  );
}
