import { useRef, useState } from 'react';

/** The messages of one row's fields. */
export type RowErrors<R> = Partial<Record<keyof R, string>>;

/**
 * Rows of a form that the user adds and removes (at least one), each with a stable key and its
 * fields' messages: changing a field clears its message, removing a row removes its messages.
 */
export function useRows<R extends object>(blank: () => R) {
  const next = useRef(1);
  const [rows, setRows] = useState<(R & { key: number })[]>(() => [{ ...blank(), key: 0 }]);
  const [errors, setErrors] = useState<RowErrors<R>[]>([]);
  const update = <K extends keyof R>(index: number, field: K, value: R[K]) => {
    setRows((all) => all.map((r, i) => (i === index ? { ...r, [field]: value } : r)));
    setErrors((all) => all.map((e, i) => (i === index ? { ...e, [field]: undefined } : e)));
  };
  const add = () => setRows((all) => [...all, { ...blank(), key: next.current++ }]);
  const remove = (key: number) => {
    const index = rows.findIndex((r) => r.key === key);
    setRows((all) => all.filter((r) => r.key !== key));
    setErrors((all) => all.filter((_, i) => i !== index));
  };
  return { rows, errors, setErrors, update, add, remove };
}

/** Whether any row has a message. */
export const anyRowError = <R>(errors: readonly RowErrors<R>[]) => errors.some((e) => Object.values(e).some(Boolean));
