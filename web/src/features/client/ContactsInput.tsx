import { NativeSelect, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { FormSection, withPrompt } from '../../components/FormSection';
import { RowsEditor } from '../../components/RowsEditor';
import { inputProps } from '../../components/useFields';
import { anyRowError, listErrorOf, useRows, type RowErrors } from '../../components/useRows';
import { fieldErrors } from '../../lib/api';
import { MAX_LINE, MAX_PHONE } from '../../lib/fieldRules';
import { blankContact, CONTACT_ROLE_OPTIONS, contactErrors, MAX_CONTACT_NOTES, MAX_CONTACTS, type ContactRow } from './orderForm';

const MSG_CONTACTS_HINT = `Who else to reach about the order, up to ${MAX_CONTACTS} beside the borrower. Add who opens the door as an Access contact: the appraiser schedules the inspection with them.`;
const ADD_ACCESS = { label: 'Add Access Contact', values: { role: 'access' } };

/** The order's contacts as typed, their messages, and what the form does with them: check, show a refusal. */
export function useContacts() {
  const rows = useRows<ContactRow>(blankContact, []);
  const [listError, setListError] = useState<string>();
  return {
    rows,
    listError,
    /** Any message shown, so that the form says to fix the marked fields. */
    invalid: anyRowError(rows.errors) || !!listError,
    /** Marks the rows that break a rule; true when none does. */
    check: () => {
      const found = rows.rows.map((c, i) => contactErrors(c, i + 1));
      rows.setErrors(found);
      setListError(undefined);
      return !anyRowError(found);
    },
    /** Shows a 422 about the contacts as a whole under them. */
    showRefusal: (error: unknown) => setListError(listErrorOf(fieldErrors(error), 'contacts')),
  };
}

interface ContactInputsProps {
  row: ContactRow;
  errors: RowErrors<ContactRow>;
  onChange: (field: keyof ContactRow, value: string) => void;
}

/** One contact's Role, Name, Phone, E-mail and Notes. */
function ContactInputs({ row, errors, onChange }: ContactInputsProps) {
  const bind = (field: keyof ContactRow, max?: number) => inputProps(row[field], (value) => onChange(field, value), errors[field], max);
  return (
    <Stack gap="xs">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
        <NativeSelect label="Role" required data={withPrompt('Select a role', CONTACT_ROLE_OPTIONS)} {...bind('role')} />
        <TextInput label="Name" required {...bind('name', MAX_LINE)} />
        <TextInput label="Phone" type="tel" {...bind('phone', MAX_PHONE)} />
        <TextInput label="E-mail" type="email" {...bind('email', MAX_LINE)} />
      </SimpleGrid>
      <Textarea label="Notes" description="A gate code, the best time to call" autosize minRows={1} maxRows={6} {...bind('notes', MAX_CONTACT_NOTES)} />
    </Stack>
  );
}

/** The Contacts section: a row per contact with Remove contact N, Add Contact and, until there is one, Add Access Contact. */
export function ContactsSection({ contacts }: { contacts: ReturnType<typeof useContacts> }) {
  const { rows, listError } = contacts;
  const hasAccess = rows.rows.some((r) => r.role === ADD_ACCESS.values.role);
  return (
    <FormSection title="Contacts">
      <Text size="sm" c="gray.8">
        {MSG_CONTACTS_HINT}
      </Text>
      <RowsEditor rows={rows} legend={(n) => `Contact ${n}`} addLabel="Add Contact" presets={hasAccess ? [] : [ADD_ACCESS]} min={0} max={MAX_CONTACTS} error={listError}>
        {(row, i) => <ContactInputs row={row} errors={rows.errors[i] ?? {}} onChange={(field, value) => rows.update(i, field, value)} />}
      </RowsEditor>
    </FormSection>
  );
}
