import { Button, CloseButton, Fieldset, Group, Stack, Text } from '@mantine/core';
import { useEffect, useRef, type ReactNode } from 'react';
import type { useRows } from './useRows';

type Rows<R extends object> = ReturnType<typeof useRows<R>>;

interface RowsEditorProps<R extends object> {
  rows: Rows<R>;
  /** One row's name, from 1: "Item 1"; its Remove button says "Remove item 1". */
  legend: (n: number) => string;
  /** The add button's words ("Add item"). */
  addLabel: string;
  /** Rows that must stay (no Remove while there are no more than these). */
  min: number;
  /** Rows there may be at most (no add button once there are). */
  max: number;
  /** More add buttons beside it, each adding a row that starts with `values` (an Access contact). */
  presets?: { label: string; values: Partial<R> }[];
  /** What is wrong with the list as a whole. */
  error?: string;
  /** One row's inputs. */
  children: (row: Rows<R>['rows'][number], index: number) => ReactNode;
}

/**
 * Rows of a form the user adds and removes, each a fieldset named by `legend` with its inputs: after
 * Add the focus goes to the new row's first input, after Remove to the add button.
 */
export function RowsEditor<R extends object>({ rows, legend, addLabel, presets = [], min, max, error, children }: RowsEditorProps<R>) {
  const list = useRef<HTMLDivElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const moved = useRef<'added' | 'removed' | null>(null);
  const count = rows.rows.length;
  const add = (values: Partial<R> = {}) => {
    moved.current = 'added';
    rows.addWith(values);
  };
  useEffect(() => {
    if (moved.current === 'added') list.current?.querySelector<HTMLElement>(':scope > fieldset:last-of-type :is(input, textarea)')?.focus();
    if (moved.current === 'removed') addButton.current?.focus();
    moved.current = null;
  }, [count]);
  return (
    <Stack gap="xs" ref={list}>
      {rows.rows.map((row, i) => (
        <Fieldset key={row.key} legend={legend(i + 1)} variant="filled" p="sm">
          <Group align="flex-start" gap="xs" wrap="nowrap">
            <div style={{ flex: 1, minWidth: 0 }}>{children(row, i)}</div>
            {count > min ? (
              <CloseButton
                mt={26}
                aria-label={`Remove ${legend(i + 1).toLowerCase()}`}
                onClick={() => {
                  moved.current = 'removed';
                  rows.remove(row.key);
                }}
              />
            ) : null}
          </Group>
        </Fieldset>
      ))}
      {error ? (
        <Text size="sm" c="red.8">
          {error}
        </Text>
      ) : null}
      {count < max ? (
        <Group gap="xs">
          <Button ref={addButton} variant="subtle" onClick={() => add()}>
            {addLabel}
          </Button>
          {presets.map((preset) => (
            <Button key={preset.label} variant="subtle" onClick={() => add(preset.values)}>
              {preset.label}
            </Button>
          ))}
        </Group>
      ) : null}
    </Stack>
  );
}
