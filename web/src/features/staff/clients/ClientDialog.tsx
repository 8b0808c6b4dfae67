import { Checkbox, SimpleGrid, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormDialog, mutationState } from '../../../components/FormDialog';
import { notify } from '../../../lib/notify';
import { CLIENTS_KEY, createClient, updateClient, type ClientForm, type ClientItem } from './api';
import { type FieldError, emailError, onlyFailed, optionalTextError, phoneError, requiredTextError, textOrNull } from '../../../lib/fieldRules';
import { useFields } from '../../../components/useFields';

type ClientFields = Record<Exclude<keyof ClientForm, 'borrowerPays'>, string>;

/** The client's fields as the server checks them (crates/server/src/staff/clients.rs). */
export function clientFormErrors(v: ClientFields) {
  return onlyFailed({
    companyName: requiredTextError('Company name', v.companyName),
    officeAddressLine: optionalTextError('Office address', v.officeAddressLine),
    mainContactName: optionalTextError('Main contact name', v.mainContactName),
    mainContactEmailAddress: emailError('Main contact e-mail', v.mainContactEmailAddress),
    mainContactPhone: phoneError('Main contact phone', v.mainContactPhone),
    billingEmail: emailError('Billing e-mail', v.billingEmail),
    paymentTermsDays: termsError(v.paymentTermsDays),
  });
}

/** The longest payment terms the server accepts. */
const MAX_TERMS_DAYS = 120;

function termsError(days: string): FieldError {
  const n = Number(days.trim());
  return days.trim() === '' || (Number.isInteger(n) && n >= 0 && n <= MAX_TERMS_DAYS) ? undefined : `Payment terms must be from 0 to ${MAX_TERMS_DAYS} days.`;
}

const fieldsOf = (client: ClientItem | null): ClientFields => ({
  companyName: client?.companyName ?? '',
  officeAddressLine: client?.officeAddressLine ?? '',
  mainContactName: client?.mainContactName ?? '',
  mainContactEmailAddress: client?.mainContactEmailAddress ?? '',
  mainContactPhone: client?.mainContactPhone ?? '',
  billingEmail: client?.billingEmail ?? '',
  paymentTermsDays: String(client?.paymentTermsDays ?? 30),
  ssoDomain: client?.ssoDomain ?? '',
});

const bodyOf = (v: ClientFields, borrowerPays: boolean): ClientForm => ({
  borrowerPays,
  companyName: v.companyName.trim(),
  officeAddressLine: textOrNull(v.officeAddressLine),
  mainContactName: textOrNull(v.mainContactName),
  mainContactEmailAddress: textOrNull(v.mainContactEmailAddress),
  mainContactPhone: textOrNull(v.mainContactPhone),
  billingEmail: textOrNull(v.billingEmail),
  paymentTermsDays: v.paymentTermsDays.trim() === '' ? null : Number(v.paymentTermsDays.trim()),
  // Empty clears the domain (null would leave it as it was).
  ssoDomain: v.ssoDomain.trim(),
});

/** Adds a client (`client` null) or edits one. */
export function ClientDialog({ client, onClose }: { client: ClientItem | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const fields = useFields(fieldsOf(client));
  const [borrowerPays, setBorrowerPays] = useState(client?.borrowerPays ?? false);
  const save = useMutation({
    mutationFn: (body: ClientForm) => (client ? updateClient(client.id, body) : createClient(body)),
    onSuccess: async (_, body) => {
      notify('success', client ? `${body.companyName} was saved.` : `${body.companyName} was added.`);
      await queryClient.invalidateQueries({ queryKey: CLIENTS_KEY });
      onClose();
    },
    onError: fields.showRefusal,
  });
  const submit = () => {
    if (fields.accept(clientFormErrors(fields.values))) save.mutate(bodyOf(fields.values, borrowerPays));
  };
  return (
    <FormDialog
      title={client ? 'Edit Client' : 'Add Client'}
      opened
      onClose={onClose}
      onSubmit={submit}
      submitLabel={client ? 'Save Client' : 'Add Client'}
      {...mutationState(save, 'The client could not be saved. Please try again.')}
      size="lg"
    >
      <TextInput label="Company Name" required data-autofocus {...fields.input('companyName')} />
      <TextInput label="Office Address" {...fields.input('officeAddressLine')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="Main Contact Name" {...fields.input('mainContactName')} />
        <TextInput label="Main Contact Phone" type="tel" {...fields.input('mainContactPhone')} />
      </SimpleGrid>
      <TextInput label="Main Contact E-mail" type="email" {...fields.input('mainContactEmailAddress')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="Billing E-mail" type="email" description="Invoices go here (else to the main contact)." {...fields.input('billingEmail')} />
        <TextInput label="Payment Terms (days)" inputMode="numeric" {...fields.input('paymentTermsDays')} />
      </SimpleGrid>
      <TextInput
        label="Single Sign-On Domain"
        description="People with a verified e-mail address of this domain may sign in with single sign-on and join this client as viewers."
        {...fields.input('ssoDomain')}
      />
      <Checkbox
        label="Borrower pays"
        description="The borrower pays by card before an order is assigned."
        checked={borrowerPays}
        onChange={(e) => setBorrowerPays(e.currentTarget.checked)}
      />
    </FormDialog>
  );
}
