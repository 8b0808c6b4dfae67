/** What the History, Files and Messages tabs show (docs/domain.md#messages-and-hidden-items): hidden items never, and which empty state. */

export const MSG_NO_HISTORY = 'No history records available for this order.';
export const MSG_NO_FILES = 'No files have been uploaded for this order.';
export const MSG_NO_VISIBLE_FILES = 'No visible files are available for this order.';
export const MSG_NO_MESSAGES = 'No messages exist for this order.';
export const MSG_NO_VISIBLE_MESSAGES = 'No visible messages are available for this order.';

export type ListKind = 'histories' | 'files' | 'messages';

const EMPTY: Record<ListKind, { none: string; noneVisible: string }> = {
  histories: { none: MSG_NO_HISTORY, noneVisible: MSG_NO_HISTORY },
  files: { none: MSG_NO_FILES, noneVisible: MSG_NO_VISIBLE_FILES },
  messages: { none: MSG_NO_MESSAGES, noneVisible: MSG_NO_VISIBLE_MESSAGES },
};

export interface VisibleList<T> {
  items: T[];
  /** The empty state to show, or null when there are items. */
  empty: string | null;
}

/**
 * The items not flagged hide, in the server's order (newest first); when none are left, the empty
 * state: "none exist" for an empty list, "none visible" when every item is hidden. Staff who decide
 * what appraisers see (`withHidden`) get every item.
 */
export function visibleList<T extends { hide: boolean }>(kind: ListKind, all: readonly T[] | null | undefined, withHidden = false): VisibleList<T> {
  const list = all ?? [];
  const items = withHidden ? [...list] : list.filter((i) => !i.hide);
  if (items.length > 0) return { items, empty: null };
  return { items, empty: list.length === 0 ? EMPTY[kind].none : EMPTY[kind].noneVisible };
}
