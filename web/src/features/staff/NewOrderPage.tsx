import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { failureText } from '../../lib/api';
import { useAppConfig } from '../../lib/appConfig';
import { todayIso } from '../../lib/dates';
import { notify } from '../../lib/notify';
import { createOrder, type OrderForm } from './api';
import { ContactsSection } from './ContactsSection';
import { contactErrors, EMPTY_ORDER, orderBody, orderFormErrors, type ContactErrors, type ContactFields } from './orderForm';
import { ClientAndLoanSection, NotesSection, PropertySection, ReportAndFeesSection } from './OrderFormSections';
import { useFields } from './useFields';

export const MSG_FIX_FIELDS = 'Please correct the fields marked in red.';

/** Staff create an order for a client; it opens on its order page, where the Actions menu assigns it. */
export function NewOrderPage() {
  const navigate = useNavigate();
  const timeZone = useAppConfig().data?.companyTimeZone;
  const fields = useFields(EMPTY_ORDER);
  const [reportTypeIds, setReportTypeIds] = useState<string[]>([]);
  const [reportTypesError, setReportTypesError] = useState<string>();
  const [contacts, setContacts] = useState<ContactFields[]>([]);
  const [contactsErrors, setContactsErrors] = useState<ContactErrors[]>([]);
  const create = useMutation({
    mutationFn: (body: OrderForm) => createOrder(body),
    onSuccess: (created) => {
      notify('success', `Order ${created.fileNumber ?? created.id} was created. Assign it from the Actions menu.`);
      void navigate(`/staff/orderdetails/${created.id}`);
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const { reportTypeIds: reportError, ...found } = orderFormErrors(fields.values, reportTypeIds, todayIso(timeZone));
    const foundInContacts = contacts.map((contact, i) => contactErrors(contact, i + 1));
    const fieldsOk = fields.accept(found);
    setReportTypesError(reportError);
    setContactsErrors(foundInContacts);
    if (fieldsOk && !reportError && foundInContacts.every((c) => Object.keys(c).length === 0)) create.mutate(orderBody(fields.values, reportTypeIds, contacts));
  };
  /** Fixing a field clears its error, so the banner goes once every marked field is fixed. */
  const invalid = [fields.errors, { reportTypesError }, ...contactsErrors].some((errors) => Object.values(errors).some(Boolean));
  const failure = invalid ? MSG_FIX_FIELDS : create.error ? failureText(create.error, 'The order could not be created. Please try again.') : null;
  return (
    <Stack gap="md" maw={1100}>
      <Title order={1}>New Order</Title>
      <Text c="gray.8">The order waits unassigned until you give it to an appraiser from its Actions menu.</Text>
      <form onSubmit={submit} noValidate aria-label="New order">
        <Stack gap="md">
          <ClientAndLoanSection fields={fields} />
          <PropertySection fields={fields} />
          <ReportAndFeesSection
            fields={fields}
            reportTypeIds={reportTypeIds}
            onReportTypesChange={(ids) => {
              setReportTypeIds(ids);
              setReportTypesError(undefined);
            }}
            reportTypesError={reportTypesError}
          />
          <ContactsSection
            contacts={contacts}
            errors={contactsErrors}
            onChange={(next, nextErrors) => {
              setContacts(next);
              setContactsErrors(nextErrors);
            }}
          />
          <NotesSection fields={fields} />
          {failure ? (
            <Alert color="red" variant="light" role="alert">
              {failure}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button type="submit" loading={create.isPending}>
              Create Order
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
