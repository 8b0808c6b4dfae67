import { Card, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { CardField, CardList } from './CardList';

export interface FileColumn<T> {
  header: string;
  /** The label on a phone's card, when shorter than the table header. */
  cardLabel?: string;
  cell: (file: T) => ReactNode;
  /** The file name column: bold, wraps anywhere, and the card's title on a phone. */
  name?: boolean;
  nowrap?: boolean;
}

interface FileListProps<T> {
  files: T[];
  columns: FileColumn<T>[];
  actions: (file: T) => ReactNode;
  /** Accessible name of the table or card list. */
  label: string;
  /** Cards instead of a table (small screens). */
  mobile: boolean;
  minWidth: number;
}

/** A list of stored files: a table on large screens, a card per file on small ones. */
export function FileList<T extends { id: number }>({ files, columns, actions, label, mobile, minWidth }: FileListProps<T>) {
  const title = columns.find((c) => c.name);
  if (mobile) {
    return (
      <CardList label={label}>
        {files.map((f) => (
          <Card component="li" withBorder radius="md" padding="sm" key={f.id} data-file-id={f.id}>
            <Stack gap={6}>
              {title ? (
                <Text fw={700} size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {title.cell(f)}
                </Text>
              ) : null}
              {columns
                .filter((c) => !c.name)
                .map((c) => (
                  <CardField key={c.header} label={c.cardLabel ?? c.header}>
                    {c.cell(f)}
                  </CardField>
                ))}
              {actions(f)}
            </Stack>
          </Card>
        ))}
      </CardList>
    );
  }
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table striped verticalSpacing="sm" aria-label={label} styles={{ th: { whiteSpace: 'nowrap' } }}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => (
              <Table.Th key={c.header}>{c.header}</Table.Th>
            ))}
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {files.map((f) => (
            <Table.Tr key={f.id} data-file-id={f.id}>
              {columns.map((c) => (
                <Table.Td
                  key={c.header}
                  fz="sm"
                  fw={c.name ? 600 : undefined}
                  style={c.name ? { overflowWrap: 'anywhere' } : c.nowrap ? { whiteSpace: 'nowrap' } : undefined}
                >
                  {c.cell(f)}
                </Table.Td>
              ))}
              <Table.Td>{actions(f)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
