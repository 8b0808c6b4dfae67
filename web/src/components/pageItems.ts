/** One entry of the page-number list: a page (1-based) or a gap. */
export type PageItem = { kind: 'page'; page: number } | { kind: 'ellipsis'; key: string };

/**
 * The page numbers the pagination bar shows: the first page, the last
 * page and the current page plus or minus 1, in order, with an ellipsis for every gap.
 * `current` is the screen's 0-based page index; the returned pages are 1-based.
 */
export function pageItems(current: number, totalPages: number): PageItem[] {
  if (totalPages < 1) return [];
  const cur = Math.min(Math.max(current, 0), totalPages - 1) + 1;
  const wanted = new Set([1, totalPages, cur - 1, cur, cur + 1].filter((p) => p >= 1 && p <= totalPages));
  const pages = [...wanted].sort((a, b) => a - b);
  const items: PageItem[] = [];
  pages.forEach((page, i) => {
    const prev = pages[i - 1];
    if (prev !== undefined && page - prev > 1) items.push({ kind: 'ellipsis', key: `gap-${prev}-${page}` });
    items.push({ kind: 'page', page });
  });
  return items;
}

/** The "Showing X - Y of N results" numbers (1-based, inclusive); 0 - 0 when there is nothing. */
export function shownRange(current: number, pageSize: number, totalItems: number): { from: number; to: number } {
  if (totalItems <= 0) return { from: 0, to: 0 };
  const from = Math.min(current * pageSize + 1, totalItems);
  return { from, to: Math.min((current + 1) * pageSize, totalItems) };
}
