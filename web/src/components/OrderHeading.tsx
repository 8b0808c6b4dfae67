import { Group, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** An order page's heading: "Order #…" with what the page shows under it (`details`), and the page's buttons (`children`) beside it. */
export function OrderHeading({ fileNumber, details, children }: { fileNumber: string | null | undefined; details: ReactNode; children?: ReactNode }) {
  return (
    <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
      <Stack gap={4}>
        <Title order={1} style={{ overflowWrap: 'anywhere' }}>
          Order #{fileNumber}
        </Title>
        {details}
      </Stack>
      {children}
    </Group>
  );
}
