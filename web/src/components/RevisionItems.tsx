import { SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { fieldErrors } from '../lib/api';
import { MAX_LINE } from '../lib/fieldRules';
import { RowsEditor } from './RowsEditor';
import { anyRowError, listErrorOf, rowErrorsOf, useRows, type RowErrors } from './useRows';

/**
 * The items of a revision request (docs/domain.md#quality-review-and-revisions), each a page or
 * field of the report and what to change: staff's request to the appraiser and the lender's to staff.
 */
export const MSG_REFERENCE_REQUIRED = 'Please enter the page or field.';
export const MSG_CHANGE_REQUIRED = 'Please say what to change.';
/** Items one request may list (the server's revisions.rs MAX_ITEMS). */
const MAX_ITEMS = 50;

export interface RevisionItem {
  reference: string;
  text: string;
}

const blank = (): RevisionItem => ({ reference: '', text: '' });

const checked = (item: RevisionItem): RowErrors<RevisionItem> => ({
  reference: item.reference.trim() ? undefined : MSG_REFERENCE_REQUIRED,
  text: item.text.trim() ? undefined : MSG_CHANGE_REQUIRED,
});

/** The items as typed, their messages, and what a form does with them: check, send, show a refusal. */
export function useRevisionItems() {
  const rows = useRows<RevisionItem>(blank);
  const [listError, setListError] = useState<string>();
  return {
    rows,
    listError,
    /** Marks the items left blank; true when every item is filled in. */
    check: () => {
      const found = rows.rows.map(checked);
      rows.setErrors(found);
      return !anyRowError(found);
    },
    /** The items to send, trimmed. */
    items: () => rows.rows.map((r) => ({ reference: r.reference.trim(), text: r.text.trim() })),
    /** Puts a 422's `items` and `items[i].reference` / `items[i].text` on their inputs. */
    showRefusal: (error: unknown) => {
      const fields = fieldErrors(error);
      rows.setErrors(rowErrorsOf<RevisionItem>(fields, 'items', rows.rows.length));
      setListError(listErrorOf(fields, 'items'));
    },
  };
}

/** The item rows: Page or field, What to change, Remove item N; and Add item. */
export function RevisionItemsInput({ request }: { request: ReturnType<typeof useRevisionItems> }) {
  const { rows, listError } = request;
  return (
    <RowsEditor rows={rows} legend={(n) => `Item ${n}`} addLabel="Add item" min={1} max={MAX_ITEMS} error={listError}>
      {(row, i) => (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
          <TextInput
            label="Page or field"
            required
            maxLength={MAX_LINE}
            data-autofocus={i === 0 || undefined}
            value={row.reference}
            onChange={(e) => rows.update(i, 'reference', e.currentTarget.value)}
            error={rows.errors[i]?.reference}
          />
          <Textarea
            label="What to change"
            required
            autosize
            minRows={1}
            value={row.text}
            onChange={(e) => rows.update(i, 'text', e.currentTarget.value)}
            error={rows.errors[i]?.text}
          />
        </SimpleGrid>
      )}
    </RowsEditor>
  );
}
