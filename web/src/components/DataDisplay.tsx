import { Box, Card, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export const NOT_PROVIDED = 'Not provided';

/** One titled card of read-only information, titled with an h2. */
export function InfoCard({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label={title} data-testid={testId}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}

/** A definition list of label/value pairs. */
export function Fields({ children }: { children: ReactNode }) {
  return (
    <Box component="dl" m={0} style={{ display: 'grid', gap: 'var(--mantine-spacing-xs)' }}>
      {children}
    </Box>
  );
}

/** One label/value pair; an empty value reads 'Not provided'. */
export function Field({ label, children }: { label: string; children?: ReactNode }) {
  const empty = children === null || children === undefined || children === '';
  return (
    <Box style={{ display: 'grid', gridTemplateColumns: 'minmax(8rem, 40%) 1fr', gap: 'var(--mantine-spacing-sm)' }}>
      <Text component="dt" size="sm" fw={600} c="gray.8">
        {label}
      </Text>
      <Text component="dd" size="sm" m={0} c={empty ? 'gray.7' : undefined} style={{ overflowWrap: 'anywhere' }}>
        {empty ? NOT_PROVIDED : children}
      </Text>
    </Box>
  );
}

/** The line an empty list shows instead. */
export function EmptyState({ message }: { message: string }) {
  return (
    <Text role="status" c="gray.8" ta="center" py="xl">
      {message}
    </Text>
  );
}
