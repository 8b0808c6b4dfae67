import { Card, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { CardField, CardList } from './CardList';

export interface Column<T> {
  header: string;
  /** The label on a phone's card, when shorter than the table header. */
  cardLabel?: string;
  cell: (item: T) => ReactNode;
  /** The naming column (a file name, say): bold, wraps anywhere, and the card's title on a phone. */
  name?: boolean;
  nowrap?: boolean;
}

export interface ResponsiveTableProps<T> {
  items: T[];
  columns: Column<T>[];
  /** Each row's buttons (none: no actions column). */
  actions?: (item: T) => ReactNode;
  /** Accessible name of the table or card list. */
  label: string;
  /** Cards instead of a table (small screens). */
  mobile: boolean;
  /** Below this width the table scrolls sideways (none: it fits). */
  minWidth?: number;
  /** The data attribute carrying each row's id, for tests and styling. */
  idAttribute: `data-${string}`;
  /** Headers may wrap onto two lines (a table of many narrow columns that must fit its card). */
  wrapHeaders?: boolean;
}

/** A table on large screens that becomes a card per row on small ones (with the row's actions). */
export function ResponsiveTable<T extends { id: number | string }>({ items, columns, actions, label, mobile, minWidth, idAttribute, wrapHeaders }: ResponsiveTableProps<T>) {
  const title = columns.find((c) => c.name);
  if (mobile) {
    return (
      <CardList label={label}>
        {items.map((item) => (
          <Card component="li" withBorder radius="md" padding="sm" key={item.id} {...{ [idAttribute]: item.id }}>
            <Stack gap={6}>
              {title ? (
                <Text fw={700} size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {title.cell(item)}
                </Text>
              ) : null}
              {columns
                .filter((c) => !c.name)
                .map((c) => (
                  <CardField key={c.header} label={c.cardLabel ?? c.header}>
                    {c.cell(item)}
                  </CardField>
                ))}
              {actions?.(item)}
            </Stack>
          </Card>
        ))}
      </CardList>
    );
  }
  const table = (
    <Table striped verticalSpacing="sm" aria-label={label} styles={{ th: wrapHeaders ? { verticalAlign: 'bottom' } : { whiteSpace: 'nowrap' } }}>
      <Table.Thead>
        <Table.Tr>
          {columns.map((c) => (
            <Table.Th key={c.header}>{c.header}</Table.Th>
          ))}
          {actions ? (
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          ) : null}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((item) => (
          <Table.Tr key={item.id} {...{ [idAttribute]: item.id }}>
            {columns.map((c) => (
              <Table.Td key={c.header} fz="sm" fw={c.name ? 600 : undefined} style={c.nowrap ? { whiteSpace: 'nowrap' } : c.name ? { overflowWrap: 'anywhere' } : undefined}>
                {c.cell(item)}
              </Table.Td>
            ))}
            {actions ? <Table.Td>{actions(item)}</Table.Td> : null}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
  // A table wider than the screen scrolls: its viewport takes the keyboard focus so it can be scrolled without a mouse.
  const viewport = { tabIndex: 0, role: 'region', 'aria-label': label };
  return minWidth ? (
    <Table.ScrollContainer minWidth={minWidth} scrollAreaProps={{ viewportProps: viewport }}>
      {table}
    </Table.ScrollContainer>
  ) : (
    table
  );
}
