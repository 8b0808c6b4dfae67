import { Button, CloseButton, Fieldset, Group, SimpleGrid, Text, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { FormDialog } from '../../../../components/FormDialog';
import { anyRowError, useRows, type RowErrors } from '../../../../components/useRows';
import { fieldErrors } from '../../../../lib/api';
import { requestRevision } from './api';
import { requiredText } from './rules';
import type { ActionDialogProps } from './types';
import { useOrderAction } from './useOrderAction';

export const MSG_REFERENCE_REQUIRED = 'Please enter the page or field.';
export const MSG_CHANGE_REQUIRED = 'Please say what to change.';

interface Item {
  reference: string;
  text: string;
}
type ItemErrors = RowErrors<Item>;

const checkItems = (items: readonly Item[]): ItemErrors[] =>
  items.map((item) => ({ reference: requiredText(item.reference, MSG_REFERENCE_REQUIRED), text: requiredText(item.text, MSG_CHANGE_REQUIRED) }));

/** A 422's `items[i].reference` and `items[i].text`, put back on their rows. */
const serverItemErrors = (fields: Record<string, string>, count: number): ItemErrors[] =>
  Array.from({ length: count }, (_, i) => ({ reference: fields[`items[${i}].reference`], text: fields[`items[${i}].text`] }));

interface ItemRowProps {
  index: number;
  item: Item;
  errors: ItemErrors | undefined;
  onChange: (field: keyof Item, value: string) => void;
  onRemove?: () => void;
}

function ItemRow({ index, item, errors, onChange, onRemove }: ItemRowProps) {
  return (
    <Fieldset legend={`Item ${index + 1}`} variant="filled" p="sm">
      <Group align="flex-start" gap="xs" wrap="nowrap">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" style={{ flex: 1, minWidth: 0 }}>
          <TextInput
            label="Page or field"
            required
            data-autofocus={index === 0 || undefined}
            value={item.reference}
            onChange={(e) => onChange('reference', e.currentTarget.value)}
            error={errors?.reference}
          />
          <Textarea label="What to change" required autosize minRows={1} value={item.text} onChange={(e) => onChange('text', e.currentTarget.value)} error={errors?.text} />
        </SimpleGrid>
        {onRemove ? <CloseButton mt={26} aria-label={`Remove item ${index + 1}`} onClick={onRemove} /> : null}
      </Group>
    </Fieldset>
  );
}

/** Staff send the report back: the items to change (a page or field and what to change), and a note. */
export function RequestRevisionDialog({ order, opened, onClose, onDone }: ActionDialogProps) {
  const { rows, errors, setErrors, update, add, remove } = useRows<Item>(() => ({ reference: '', text: '' }));
  const [note, setNote] = useState('');
  const [listError, setListError] = useState<string | undefined>();
  const { busy, failure, run } = useOrderAction(order.id, onDone);
  const submit = async () => {
    const found = checkItems(rows);
    setErrors(found);
    if (anyRowError(found)) return;
    const items = rows.map(({ reference, text }) => ({ reference, text }));
    const failed = await run(() => requestRevision(order.id, { items, message: note.trim() || null }), { tab: 'messages' });
    const fields = fieldErrors(failed);
    setErrors(serverItemErrors(fields, rows.length));
    setListError(fields.items);
  };
  return (
    <FormDialog title="Request Revision" opened={opened} onClose={onClose} onSubmit={() => void submit()} submitLabel="Request Revision" busy={busy} failure={failure} size="lg">
      {rows.map((row, i) => (
        <ItemRow
          key={row.key}
          index={i}
          item={row}
          errors={errors[i]}
          onChange={(field, value) => update(i, field, value)}
          onRemove={rows.length > 1 ? () => remove(row.key) : undefined}
        />
      ))}
      {listError ? (
        <Text size="sm" c="red.8">
          {listError}
        </Text>
      ) : null}
      <Button variant="subtle" onClick={add} w="fit-content">
        Add item
      </Button>
      <Textarea label="Note to the appraiser" rows={3} value={note} onChange={(e) => setNote(e.currentTarget.value)} />
    </FormDialog>
  );
}
