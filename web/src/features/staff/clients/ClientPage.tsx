import { Button, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { BackIcon } from '../../../components/icons';
import { clientsQuery } from './api';

/** The client the route's :id names, looked up in the clients list; `client` is undefined while loading or when there is none. */
export function useRouteClient() {
  const rawId = useParams().id;
  const id = Number(rawId);
  const clients = useQuery(clientsQuery());
  return { rawId, id, loading: clients.isPending, client: clients.data?.find((c) => c.id === id) };
}

function BackToClients() {
  return (
    <Button component={Link} to="/staff/clients" variant="subtle" leftSection={<BackIcon />} px="xs" w="fit-content">
      Back to Clients
    </Button>
  );
}

/** A client page's top: the way back to Clients, the title and what the page is for. */
export function ClientPageHeading({ title, description }: { title: ReactNode; description: string }) {
  return (
    <>
      <BackToClients />
      <Stack gap={4}>
        <Title order={1} style={{ overflowWrap: 'anywhere' }}>
          {title}
        </Title>
        <Text c="gray.8">{description}</Text>
      </Stack>
    </>
  );
}

/** What a client page shows when the route's :id names no client. */
export function ClientNotFound({ rawId }: { rawId: string | undefined }) {
  return (
    <Stack gap="md">
      <Title order={1}>Client Not Found</Title>
      <Text c="gray.8">There is no client {rawId}.</Text>
      <BackToClients />
    </Stack>
  );
}
