import { Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** The list a table becomes on small screens: one card (an <li>) per row. */
export function CardList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label={label}>
      {children}
    </Stack>
  );
}

/** One labelled value of such a card (a table cell with its column name). */
export function CardField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group gap={6} wrap="nowrap" align="flex-start">
      <Text span size="sm" fw={600} miw={92} c="gray.8">
        {label}
      </Text>
      <Text span size="sm" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
        {children}
      </Text>
    </Group>
  );
}
