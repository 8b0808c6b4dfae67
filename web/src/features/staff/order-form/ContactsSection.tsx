import { Button, Fieldset, Group, NativeSelect, SimpleGrid, Text, TextInput } from '@mantine/core';
import { EMPTY_CONTACT, MAX_CONTACTS, type ContactErrors, type ContactFields } from './orderForm';
import { FormSection, withPrompt } from '../../../components/FormSection';
import { inputProps } from '../../../components/useFields';
import { CONTACT_TYPES } from '../../../lib/contactTypes';
import { MAX_LINE, MAX_PHONE } from '../../../lib/fieldRules';

interface ContactsSectionProps {
  contacts: ContactFields[];
  errors: ContactErrors[];
  onChange: (contacts: ContactFields[], errors: ContactErrors[]) => void;
}

/** The order's contacts (none to ten): each with name, type, e-mail and phones, and Remove. */
export function ContactsSection({ contacts, errors, onChange }: ContactsSectionProps) {
  const edit = (index: number, field: keyof ContactFields, value: string) =>
    onChange(
      contacts.map((c, i) => (i === index ? { ...c, [field]: value } : c)),
      errors.map((e, i) => (i === index ? { ...e, [field]: undefined } : e)),
    );
  const remove = (index: number) =>
    onChange(
      contacts.filter((_, i) => i !== index),
      errors.filter((_, i) => i !== index),
    );
  const add = () => onChange([...contacts, EMPTY_CONTACT], [...errors, {}]);
  return (
    <FormSection title="Contacts">
      {contacts.length === 0 ? (
        <Text size="sm" c="gray.8">
          No contacts yet: add the borrower, a realtor or whoever lets the appraiser in.
        </Text>
      ) : null}
      {contacts.map((contact, i) => {
        const n = i + 1;
        const input = (field: keyof ContactFields, max?: number) => inputProps(contact[field], (value) => edit(i, field, value), errors[i]?.[field], max);
        return (
          <Fieldset key={i} legend={`Contact ${n}`} radius="md" p={{ base: 'xs', sm: 'md' }}>
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
              <TextInput label="Name" required {...input('name', MAX_LINE)} />
              <NativeSelect label="Type" required data={withPrompt('Select a type', [...CONTACT_TYPES])} {...input('type')} />
              <TextInput label="E-mail" type="email" {...input('email', MAX_LINE)} />
              <TextInput label="Cell Phone" type="tel" {...input('cellPhone', MAX_PHONE)} />
              <TextInput label="Work Phone" type="tel" {...input('workPhone', MAX_PHONE)} />
              <TextInput label="Home Phone" type="tel" {...input('homePhone', MAX_PHONE)} />
            </SimpleGrid>
            <Group justify="flex-end" mt="sm">
              <Button variant="default" size="compact-sm" onClick={() => remove(i)} aria-label={`Remove contact ${n}`}>
                Remove
              </Button>
            </Group>
          </Fieldset>
        );
      })}
      <Group>
        <Button variant="default" onClick={add} disabled={contacts.length >= MAX_CONTACTS}>
          Add Contact
        </Button>
      </Group>
    </FormSection>
  );
}
