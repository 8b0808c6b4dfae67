import { describe, expect, it } from 'vitest';
import { MSG_NO_FILES, MSG_NO_HISTORY, MSG_NO_MESSAGES, MSG_NO_VISIBLE_FILES, MSG_NO_VISIBLE_MESSAGES, visibleList } from './visible';

const item = (id: number, hide: boolean) => ({ id, hide });

describe('visibleList', () => {
  it('keeps the server order and drops hidden items', () => {
    const r = visibleList('files', [item(3, false), item(2, true), item(1, false)]);
    expect(r.items.map((i) => i.id)).toEqual([3, 1]);
    expect(r.empty).toBeNull();
  });

  it.each([
    ['histories', [], MSG_NO_HISTORY],
    ['histories', [item(1, true)], MSG_NO_HISTORY],
    ['files', [], MSG_NO_FILES],
    ['files', [item(1, true), item(2, true)], MSG_NO_VISIBLE_FILES],
    ['messages', [], MSG_NO_MESSAGES],
    ['messages', [item(1, true)], MSG_NO_VISIBLE_MESSAGES],
  ] as const)('%s %o -> %s', (kind, list, message) => {
    const r = visibleList(kind, list);
    expect(r.items).toEqual([]);
    expect(r.empty).toBe(message);
  });

  it('treats a missing list as empty', () => {
    expect(visibleList('messages', null).empty).toBe(MSG_NO_MESSAGES);
  });

  it('lists hidden items too for staff who decide what appraisers see', () => {
    const r = visibleList('files', [item(1, true), item(2, false)], true);
    expect(r.items.map((i) => i.id)).toEqual([1, 2]);
    expect(r.empty).toBeNull();
  });
});
