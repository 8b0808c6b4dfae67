import { useRef, useState } from 'react';

/** The messages of one row's fields. */
export type RowErrors<R> = Partial<Record<keyof R, string>>;

/**
 * Rows of a form that the user adds, removes and reorders (one blank row to start, or `initial`),
 * each with a stable key and its fields' messages: changing a field clears its message, removing
 * or moving a row takes its messages along.
 */
export function useRows<R extends object>(blank: () => R, initial?: readonly R[]) {
  const [rows, setRows] = useState<(R & { key: number })[]>(() => (initial ?? [blank()]).map((r, key) => ({ ...r, key })));
  const next = useRef(rows.length);
  const [errors, setErrors] = useState<RowErrors<R>[]>([]);
  const update = <K extends keyof R>(index: number, field: K, value: R[K]) => {
    setRows((all) => all.map((r, i) => (i === index ? { ...r, [field]: value } : r)));
    setErrors((all) => all.map((e, i) => (i === index ? { ...e, [field]: undefined } : e)));
  };
  /** Adds a row that starts with `values`, the rest blank. */
  const addWith = (values: Partial<R>) => setRows((all) => [...all, { ...blank(), ...values, key: next.current++ }]);
  const add = () => addWith({});
  const remove = (key: number) => {
    const index = rows.findIndex((r) => r.key === key);
    setRows((all) => all.filter((r) => r.key !== key));
    setErrors((all) => all.filter((_, i) => i !== index));
  };
  /** Swaps row `index` with its neighbour `by` places away; nothing at either end. */
  const move = (index: number, by: -1 | 1) => {
    const to = index + by;
    if (to < 0 || to >= rows.length) return;
    const swap = <T>(all: T[]) => all.map((item, i) => (i === index ? all[to]! : i === to ? all[index]! : item));
    setRows(swap);
    setErrors((all) => swap(Array.from(rows, (_, i) => all[i] ?? {})));
  };
  return { rows, errors, setErrors, update, add, addWith, remove, move };
}

/** Whether any row has a message. */
export const anyRowError = <R>(errors: readonly RowErrors<R>[]) => errors.some((e) => Object.values(e).some(Boolean));

/**
 * A 422's messages about the rows of the list `list` (`list[i].field`), row by row; `renamed` maps a
 * wire field to the row's own where they differ (`salePriceCents` to `salePrice`).
 */
export function rowErrorsOf<R>(fields: Readonly<Record<string, string>>, list: string, count: number, renamed: Readonly<Record<string, keyof R>> = {}): RowErrors<R>[] {
  const rows: RowErrors<R>[] = Array.from({ length: count }, () => ({}));
  for (const [name, message] of Object.entries(fields)) {
    const hit = /^(\w+)\[(\d+)\]\.(\w+)$/.exec(name);
    const row = hit?.[1] === list ? rows[Number(hit[2])] : undefined;
    if (row) row[renamed[hit![3]!] ?? (hit![3] as keyof R)] = message;
  }
  return rows;
}

/** A 422's message about the list `list` as a whole: `list` itself, or one of its places (`comparables[5]`: one too many). */
export function listErrorOf(fields: Readonly<Record<string, string>>, list: string): string | undefined {
  return Object.entries(fields).find(([name]) => name === list || new RegExp(`^${list}\\[\\d+\\]$`).test(name))?.[1];
}
