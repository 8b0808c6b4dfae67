import { Alert, Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { ApiError } from '../lib/api';
import { LoadFailed } from './LoadStates';

/** A page opened from an e-mailed or texted link without signing in: its heading above `children`, in one card. */
export function PublicLinkCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack align="center" py="xl">
      <Paper withBorder shadow="sm" p={{ base: 'md', sm: 'xl' }} radius="md" w="100%" maw={800}>
        <Stack gap="md">
          <Title order={1} size="h2">
            {title}
          </Title>
          {children}
        </Stack>
      </Paper>
    </Stack>
  );
}

/** Why the link's page did not load: the server's words for an unknown or expired link (404), else the failure with Try Again. */
export function LinkLoadFailed({ query }: { query: { error: Error; refetch: () => unknown; isFetching: boolean } }) {
  if (query.error instanceof ApiError && query.error.status === 404) {
    return (
      <Alert color="red" variant="light" role="alert">
        {query.error.message}
      </Alert>
    );
  }
  return <LoadFailed error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
}
