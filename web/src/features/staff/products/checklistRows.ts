import { requiredTextError } from '../../../lib/fieldRules';
import type { Checklist, ChecklistItemInput } from './api';

/** The longest item (crates/server/src/reports/checklist.rs MAX_ITEM_TEXT). */
export const MAX_ITEM_TEXT = 500;

/** One item being edited: `key` names the row while it moves; `id` is the kept item's (none: a new one). */
export interface ItemRow {
  key: number;
  id: number | null;
  text: string;
  /** Added here: its box takes the focus. */
  fresh?: boolean;
}

/** Each row's error, by the row's key. */
export type RowErrors = Record<number, string>;

/**
 * The rows of a loaded list. The default list's items belong to no product: saving copies them
 * into the product's own list as new items, so they carry no id.
 */
export const rowsOf = (list: Checklist): ItemRow[] => list.items.map((item, i) => ({ key: i, id: list.usesDefault ? null : item.id, text: item.text }));

/** The rows with row `index` moved `by` places (unchanged when that leaves the list). */
export function moved(rows: ItemRow[], index: number, by: -1 | 1): ItemRow[] {
  const to = index + by;
  if (to < 0 || to >= rows.length) return rows;
  const next = [...rows];
  [next[index], next[to]] = [next[to]!, next[index]!];
  return next;
}

/** The PUT body's items: kept ones with their id, new ones without. */
export const itemsOf = (rows: ItemRow[]): ChecklistItemInput[] => rows.map((r) => (r.id === null ? { text: r.text } : { id: r.id, text: r.text }));

/** What the server's rules say of each row before it is sent ("Item 2 is required."). */
export function rowErrors(rows: ItemRow[]): RowErrors {
  return Object.fromEntries(
    rows.flatMap((r, i) => {
      const error = requiredTextError(`Item ${i + 1}`, r.text, MAX_ITEM_TEXT);
      return error ? [[r.key, error]] : [];
    }),
  );
}

/** A 422's field map (`items[i].text`, `items[i].id`) on the rows that were sent. */
export function serverRowErrors(rows: ItemRow[], fields: Readonly<Record<string, string>>): RowErrors {
  return Object.fromEntries(
    rows.flatMap((r, i) => {
      const error = fields[`items[${i}].text`] ?? fields[`items[${i}].id`];
      return error ? [[r.key, error]] : [];
    }),
  );
}
