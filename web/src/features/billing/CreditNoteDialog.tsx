import { Text, TextInput, Textarea } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { FormDialog, mutationState } from '../../components/FormDialog';
import { useFields } from '../../components/useFields';
import { ApiError } from '../../lib/api';
import { centsError, formatCents, parseCents } from '../../lib/cents';
import { onlyFailed, requiredTextError } from '../../lib/fieldRules';
import { notify } from '../../lib/notify';
import { issueCreditNote, type InvoiceSummary } from './api';

const MSG_CREDIT_FAILED = 'The credit note could not be issued. Please try again.';

/** Corrects an invoice with a credit note: an amount (at most the balance) and the reason. */
export function CreditNoteDialog({ invoice, onClose, onDone }: { invoice: InvoiceSummary; onClose: () => void; onDone: () => void }) {
  const fields = useFields({ amountCents: '', reason: '' });
  const { values } = fields;
  const credit = useMutation({
    mutationFn: () => issueCreditNote(invoice.id, { amountCents: parseCents(values.amountCents)!, reason: values.reason.trim() }),
    onSuccess: () => {
      notify('success', `The credit note on ${invoice.number} was issued.`);
      onDone();
      onClose();
    },
    onError: (e) => {
      fields.showRefusal(e);
      if (e instanceof ApiError && e.status === 409) onDone();
    },
  });
  const submit = () => {
    const errors = onlyFailed({ amountCents: centsError('Amount', values.amountCents), reason: requiredTextError('Reason', values.reason) });
    if (fields.accept(errors)) credit.mutate();
  };
  return (
    <FormDialog title="Credit Note" opened onClose={onClose} onSubmit={submit} submitLabel="Issue Credit Note" {...mutationState(credit, MSG_CREDIT_FAILED)}>
      <Text size="sm">
        {invoice.number}, {invoice.clientName}: balance {formatCents(invoice.balanceCents)}.
      </Text>
      <TextInput label="Amount" required inputMode="decimal" leftSection="$" data-autofocus {...fields.input('amountCents')} />
      <Textarea label="Reason" required autosize minRows={3} {...fields.input('reason')} />
    </FormDialog>
  );
}
