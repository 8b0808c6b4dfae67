import { Alert, Button, Group, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';

/** A page whose record is still loading: a title bar and a body, and "Loading ..." for screen readers. */
export function PageSkeleton({ label }: { label: string }) {
  return (
    <Stack gap="md" aria-busy="true">
      <VisuallyHidden role="status">{label}</VisuallyHidden>
      <Skeleton h={36} w={260} />
      <Skeleton h={240} />
    </Stack>
  );
}

/** Why a page's record could not be loaded, with Try Again and whatever else leads on (`children`: a way back). */
export function LoadFailed({ error, onRetry, retrying, children }: { error: Error; onRetry: () => void; retrying: boolean; children?: ReactNode }) {
  return (
    <>
      <Alert color="red.9" variant="filled" role="alert">
        {error.message}
      </Alert>
      <Group gap="sm">
        <Button onClick={onRetry} loading={retrying}>
          Try Again
        </Button>
        {children}
      </Group>
    </>
  );
}

/** A page-level outcome (invalid id, not found, load failure): its title and a way on. */
export function OutcomePage({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Stack gap="md" maw={640}>
      <Title order={1}>{title}</Title>
      {children}
    </Stack>
  );
}

/** A page whose record could not be loaded: its title, why, Try Again and `children` (a way back). */
export function PageLoadFailed({ title, query, children }: { title: string; query: { error: Error; refetch: () => unknown; isFetching: boolean }; children?: ReactNode }) {
  return (
    <OutcomePage title={title}>
      <LoadFailed error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching}>
        {children}
      </LoadFailed>
    </OutcomePage>
  );
}

/**
 * A small list's state above its table: a skeleton while it loads, "The <noun> could not be loaded."
 * when it failed, `empty` when it has no rows.
 */
export function ListStatus({ query, noun, empty }: { query: { isPending: boolean; isError: boolean; data?: readonly unknown[] }; noun: string; empty: ReactNode }) {
  return (
    <>
      {query.isPending ? <Skeleton h={60} /> : null}
      {query.isError ? (
        <Text size="sm" c="red.9" role="alert">
          {`The ${noun} could not be loaded.`}
        </Text>
      ) : null}
      {query.data?.length === 0 ? empty : null}
    </>
  );
}

/** Rows of a list still loading, and "Loading ..." for screen readers. */
export function LoadingRows({ label, rows = 2, height = 36, radius }: { label: string; rows?: number; height?: number; radius?: string }) {
  return (
    <Stack gap={6} aria-busy="true">
      <VisuallyHidden role="status">{label}</VisuallyHidden>
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} height={height} radius={radius} />
      ))}
    </Stack>
  );
}

/** Why something failed, in a light red alert; nothing when there is no `message`. */
export function FailureAlert({ message }: { message: string | null | undefined }) {
  return message ? (
    <Alert color="red" variant="light" role="alert">
      {message}
    </Alert>
  ) : null;
}
