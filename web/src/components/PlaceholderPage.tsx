import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A page with its one h1; used by screens whose feature is not built yet. */
export function PlaceholderPage({ title, description, children }: { title: string; description?: string; children?: ReactNode }) {
  return (
    <Stack gap="sm">
      <Title order={1}>{title}</Title>
      {description ? <Text c="gray.8">{description}</Text> : null}
      {children}
    </Stack>
  );
}
