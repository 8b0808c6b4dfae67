import { Card, Skeleton, Stack, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';

/** A list of cards that fills the width: as many columns of at least `minWidth` as fit, one on a phone. */
export function CardGrid({ label, minWidth = '18rem', busy, children }: { label: string; minWidth?: string; busy?: boolean; children: ReactNode }) {
  const style = {
    listStyle: 'none',
    padding: 0,
    margin: 0,
    display: 'grid',
    gap: 'var(--mantine-spacing-md)',
    gridTemplateColumns: `repeat(auto-fill, minmax(min(100%, ${minWidth}), 1fr))`,
  } as const;
  return (
    <ul style={style} aria-label={label} aria-busy={busy || undefined}>
      {children}
    </ul>
  );
}

/** The grid while its cards load: `count` placeholder cards of `lines` text lines and a button. */
export function SkeletonCardGrid({ label, count = 3, lines = 2, minWidth, itemTestId }: { label: string; count?: number; lines?: number; minWidth?: string; itemTestId?: string }) {
  return (
    <CardGrid label={label} minWidth={minWidth} busy>
      <VisuallyHidden component="li" role="status">
        {label}
      </VisuallyHidden>
      {Array.from({ length: count }, (_, i) => (
        <li key={i} data-testid={itemTestId}>
          <Card withBorder radius="md" padding="md">
            <Stack gap="sm">
              <Skeleton height={22} width="65%" />
              {Array.from({ length: lines }, (_, l) => (
                <Skeleton key={l} height={14} width={l === 0 ? undefined : `${80 - 10 * (l - 1)}%`} />
              ))}
              <Skeleton height={34} width={125} mt="xs" />
            </Stack>
          </Card>
        </li>
      ))}
    </CardGrid>
  );
}
