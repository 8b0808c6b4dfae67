import { Paper, SimpleGrid, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface Stat {
  label: string;
  value: ReactNode;
  /** A line under the value (a count, a file number). */
  detail?: ReactNode;
  /** A figure that needs attention reads in this colour (e.g. red for late). */
  color?: string;
}

/** A page's key figures at its top: two a row on a phone (or `phoneCols`), four on a desktop (or `desktopCols`), each a label and its value. */
export function StatGrid({ stats, desktopCols = 4, phoneCols = 2 }: { stats: Stat[]; desktopCols?: number; phoneCols?: number }) {
  return (
    <SimpleGrid cols={{ base: phoneCols, sm: desktopCols }} spacing="sm" data-stat-grid>
      {stats.map((s) => (
        <Paper key={s.label} withBorder radius="md" p="sm" component="dl" m={0}>
          <Text component="dt" size="xs" fw={600} c="gray.8">
            {s.label}
          </Text>
          <Text component="dd" m={0} fz="lg" fw={700} c={s.color} style={{ overflowWrap: 'anywhere' }}>
            {s.value}
          </Text>
          {s.detail ? (
            <Text component="dd" m={0} size="xs" c="gray.8">
              {s.detail}
            </Text>
          ) : null}
        </Paper>
      ))}
    </SimpleGrid>
  );
}
