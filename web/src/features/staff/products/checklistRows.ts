import type { RowErrors } from '../../../components/useRows';
import { requiredTextError } from '../../../lib/fieldRules';
import type { Checklist, ChecklistItemInput } from './api';

/** The longest item (crates/server/src/reports/checklist.rs MAX_ITEM_TEXT). */
export const MAX_ITEM_TEXT = 500;

/** One item being edited: `id` is the kept item's (none: a new one). */
export interface Item {
  id: number | null;
  text: string;
  /** Added here: its box takes the focus. */
  fresh?: boolean;
}

export const blankItem = (): Item => ({ id: null, text: '', fresh: true });

/**
 * The items of a loaded list. The default list's items belong to no product: saving copies them
 * into the product's own list as new items, so they carry no id.
 */
export const itemsOfList = (list: Checklist): Item[] => list.items.map((item) => ({ id: list.usesDefault ? null : item.id, text: item.text }));

/** The PUT body's items: kept ones with their id, new ones without. */
export const bodyItems = (items: readonly Item[]): ChecklistItemInput[] => items.map((r) => (r.id === null ? { text: r.text } : { id: r.id, text: r.text }));

/** What the server's rules say of each item before it is sent ("Item 2 is required."). */
export const checkItems = (items: readonly Item[]): RowErrors<Item>[] => items.map((r, i) => ({ text: requiredTextError(`Item ${i + 1}`, r.text, MAX_ITEM_TEXT) }));

/** A 422's field map (`items[i].text`, `items[i].id`) put back on the `count` items that were sent. */
export const serverItemErrors = (fields: Readonly<Record<string, string>>, count: number): RowErrors<Item>[] =>
  Array.from({ length: count }, (_, i) => ({ text: fields[`items[${i}].text`] ?? fields[`items[${i}].id`] }));
