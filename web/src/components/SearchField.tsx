import { TextInput, type TextInputProps } from '@mantine/core';

/** A search box whose `onChange` gets the text as typed. */
export function SearchField({ onChange, ...props }: Omit<TextInputProps, 'type' | 'onChange'> & { value: string; onChange: (text: string) => void }) {
  return <TextInput type="search" {...props} onChange={(e) => onChange(e.currentTarget.value)} />;
}
