import { Alert, Button, Group, Stack } from '@mantine/core';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useAppConfig } from '../../../lib/appConfig';
import { todayIso } from '../../../lib/dates';
import { MSG_FIX_FIELDS } from '../../../lib/fieldRules';
import type { OrderForm } from './api';
import { AlertsSection } from './AlertsSection';
import { ContactsSection } from './ContactsSection';
import { alertErrors, contactErrors, orderBody, orderFormErrors, type ContactErrors, type ContactFields, type OrderFields } from './orderForm';
import { ClientAndLoanSection, NotesSection, PropertyDetailsSection, PropertySection, ReportAndFeesSection } from './OrderFormSections';
import { useFields } from '../../../components/useFields';

/** What the form starts with: empty for a new order, the order's values for a correction. */
export interface OrderFormStart {
  fields: OrderFields;
  reportTypeIds: string[];
  contacts: ContactFields[];
  alerts: string[];
}

interface OrderFormViewProps {
  start: OrderFormStart;
  /** The form's accessible name ("New order", "Edit order"). */
  label: string;
  submitLabel: string;
  busy: boolean;
  /** Why the server refused the last submit, or null. */
  failure: string | null;
  /** Called with the body once every field keeps the rules; a refusal it rejects with shows under the fields it names. */
  onSubmit: (body: OrderForm) => Promise<unknown>;
  /** A new order (see ReportAndFeesSection). */
  newOrder?: boolean;
  /** Beside the submit button (Cancel on the edit page). */
  extraButtons?: ReactNode;
  /** Under Address Line 2 (the edit page: the order page does not show it). */
}

/**
 * The staff order form of the New Order and Edit Order pages: every section, the same checks as
 * the server (crates/server/src/staff/order_form.rs), and the body of POST or PUT.
 */
export function OrderFormView({ start, label, submitLabel, busy, failure, onSubmit, newOrder = false, extraButtons }: OrderFormViewProps) {
  const timeZone = useAppConfig().data?.companyTimeZone;
  const fields = useFields(start.fields);
  const [reportTypeIds, setReportTypeIds] = useState<string[]>(start.reportTypeIds);
  const [reportTypesError, setReportTypesError] = useState<string>();
  const [contacts, setContacts] = useState<ContactFields[]>(start.contacts);
  const [contactsErrors, setContactsErrors] = useState<ContactErrors[]>(() => start.contacts.map(() => ({})));
  const [alerts, setAlerts] = useState<string[]>(start.alerts);
  const [alertsErrors, setAlertsErrors] = useState<(string | undefined)[]>(() => start.alerts.map(() => undefined));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const { reportTypeIds: reportError, ...found } = orderFormErrors(fields.values, reportTypeIds, todayIso(timeZone), newOrder);
    const foundInContacts = contacts.map((contact, i) => contactErrors(contact, i + 1));
    const foundInAlerts = alertErrors(alerts);
    const fieldsOk = fields.accept(found);
    setReportTypesError(reportError);
    setContactsErrors(foundInContacts);
    setAlertsErrors(foundInAlerts);
    const contactsOk = foundInContacts.every((c) => Object.keys(c).length === 0);
    if (fieldsOk && !reportError && contactsOk && foundInAlerts.every((a) => !a)) onSubmit(orderBody(fields.values, reportTypeIds, contacts, alerts)).catch(fields.showRefusal);
  };
  /** Fixing a field clears its error, so the banner goes once every marked field is fixed. */
  const invalid = [fields.errors, { reportTypesError }, ...contactsErrors, { ...alertsErrors }].some((errors) => Object.values(errors).some(Boolean));
  const shown = invalid ? MSG_FIX_FIELDS : failure;
  return (
    <form onSubmit={submit} noValidate aria-label={label}>
      <Stack gap="md">
        <ClientAndLoanSection fields={fields} />
        <PropertySection fields={fields} />
        <PropertyDetailsSection fields={fields} />
        <ReportAndFeesSection
          fields={fields}
          reportTypeIds={reportTypeIds}
          onReportTypesChange={(ids) => {
            setReportTypeIds(ids);
            setReportTypesError(undefined);
          }}
          reportTypesError={reportTypesError}
          newOrder={newOrder}
        />
        <ContactsSection
          contacts={contacts}
          errors={contactsErrors}
          onChange={(next, nextErrors) => {
            setContacts(next);
            setContactsErrors(nextErrors);
          }}
        />
        <AlertsSection
          alerts={alerts}
          errors={alertsErrors}
          onChange={(next, nextErrors) => {
            setAlerts(next);
            setAlertsErrors(nextErrors);
          }}
        />
        <NotesSection fields={fields} />
        {shown ? (
          <Alert color="red" variant="light" role="alert">
            {shown}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          {extraButtons}
          <Button type="submit" loading={busy}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
