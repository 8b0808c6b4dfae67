import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

const count = (n: number) => n.toLocaleString('en-US');

/**
 * How much of a text field's limit is used ("120 / 5,000"), right-aligned under the field; at the
 * limit it says so (the field takes no more). The limit is the server's, so a paste of any size
 * stops there instead of freezing the page.
 */
export function CharacterCount({ length, max }: { length: number; max: number }) {
  const full = length >= max;
  return (
    <Text size="xs" c={full ? 'red.8' : 'gray.7'} ta="right" mt={2} data-character-count>
      {count(length)} / {count(max)} characters{full ? ' (limit reached)' : ''}
    </Text>
  );
}

/**
 * What bounds a Mantine TextInput or Textarea holding `value` to `max` characters: `maxLength`
 * (typing and pasting stop there) and the CharacterCount under the input. Spread it after the
 * value binding: `<TextInput {...binding} {...characterLimit(value, 200)} />`.
 */
export function characterLimit(value: string, max: number) {
  return {
    maxLength: max,
    inputContainer: (input: ReactNode) => (
      <>
        {input}
        <CharacterCount length={value.length} max={max} />
      </>
    ),
  };
}
