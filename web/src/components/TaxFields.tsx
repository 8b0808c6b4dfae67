import { Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import type { ChangeEvent, ReactNode } from 'react';
import { maskedTaxId, type TaxInfo } from '../lib/taxId';

/** What an input of the form takes: its value, change handler and error (useFields' `input` or Mantine form's `getInputProps`). */
export interface TextBinding {
  value?: string;
  onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  error?: ReactNode;
  maxLength?: number;
  inputContainer?: (input: ReactNode) => ReactNode;
}

interface TaxFieldsProps {
  /** The record as saved: its tax ID shows masked. */
  saved: TaxInfo;
  legalName: TextBinding;
  taxAddress: TextBinding;
  taxId: TextBinding;
  /** What the number is for and how it is kept, under the tax ID input. */
  note: string;
  /** Beside the masked number (staff's Show full number). */
  action?: ReactNode;
}

/** The 1099-NEC details: legal name, tax address, the number on file (masked) and a field for a new one. */
export function TaxFields({ saved, legalName, taxAddress, taxId, note, action }: TaxFieldsProps) {
  const onFile = !!saved.taxIdKind;
  return (
    <Stack gap="sm">
      <TextInput label="Legal Name" description="The name on the tax return: a person's or a business's." autoComplete="off" {...legalName} />
      <Textarea label="Tax Address" description="Where the 1099-NEC is mailed." autoComplete="off" autosize minRows={3} maxRows={6} {...taxAddress} />
      <Group gap="sm" wrap="wrap">
        <Text size="sm" data-testid="tax-id-on-file">
          <Text span fw={600} inherit>
            Tax ID on file:
          </Text>{' '}
          {maskedTaxId(saved)}
        </Text>
        {onFile ? action : null}
      </Group>
      <TextInput label={onFile ? 'New Tax ID' : 'Tax ID'} description={note} placeholder="123-45-6789 or 12-3456789" autoComplete="off" spellCheck={false} maw={360} {...taxId} />
    </Stack>
  );
}
