import { TextInput, Textarea } from '@mantine/core';
import { FormDialog, mutationState } from '../../components/FormDialog';
import { useDialogSave } from '../../components/useDialogSave';
import { useFields } from '../../components/useFields';
import { centsError, parseCents } from '../../lib/cents';
import { onlyFailed, requiredTextError } from '../../lib/fieldRules';
import { issueCreditNote, type InvoiceSummary } from './api';
import { InvoiceBalance } from './InvoiceBalance';

const MSG_CREDIT_FAILED = 'The credit note could not be issued. Please try again.';

/** Corrects an invoice with a credit note: an amount (at most the balance) and the reason. */
export function CreditNoteDialog({ invoice, onClose, onDone }: { invoice: InvoiceSummary; onClose: () => void; onDone: () => void }) {
  const fields = useFields({ amountCents: '', reason: '' });
  const { values } = fields;
  const issue = () => issueCreditNote(invoice.id, { amountCents: parseCents(values.amountCents)!, reason: values.reason.trim() });
  const credit = useDialogSave(issue, { done: `The credit note on ${invoice.number} was issued.`, fields, onDone, onClose });
  const submit = () => {
    const errors = onlyFailed({ amountCents: centsError('Amount', values.amountCents), reason: requiredTextError('Reason', values.reason) });
    if (fields.accept(errors)) credit.mutate();
  };
  return (
    <FormDialog title="Credit Note" opened onClose={onClose} onSubmit={submit} submitLabel="Issue Credit Note" {...mutationState(credit, MSG_CREDIT_FAILED)}>
      <InvoiceBalance invoice={invoice} />
      <TextInput label="Amount" required inputMode="decimal" leftSection="$" data-autofocus {...fields.input('amountCents')} />
      <Textarea label="Reason" required autosize minRows={3} {...fields.input('reason')} />
    </FormDialog>
  );
}
