import { Alert, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { PlaceholderPage } from '../../components/PlaceholderPage';
import { PageLoader } from '../../components/PageLoader';
import { api, call } from '../../lib/api';
import { roleLabel } from '../../lib/roles';
import { useCurrentUser } from '../../lib/session';

function useSecurityUser(id: number | null) {
  return useQuery({
    queryKey: ['user', id],
    enabled: id !== null,
    queryFn: () => call(api.GET('/api/user/{id}', { params: { path: { id: id as number } } }), { notify: false }),
  });
}

/** /profile/me, /appraiser/profile/:securityUserId[/:tabName], /staff/profile (full settings come later). */
export function ProfilePage() {
  const { securityUserId } = useParams();
  const { data: me } = useCurrentUser();
  const parsed = securityUserId && securityUserId !== 'me' ? Number(securityUserId) : null;
  const id = parsed !== null && Number.isFinite(parsed) ? parsed : (me?.securityUserId ?? null);
  const { data: user, isPending, error } = useSecurityUser(id);

  return (
    <PlaceholderPage title="Profile Settings">
      {id === null ? null : isPending ? (
        <PageLoader />
      ) : error ? (
        <Alert color="red" role="alert">
          {error.message}
        </Alert>
      ) : user ? (
        <Stack gap="xs">
          <Table variant="vertical" withTableBorder maw={560}>
            <Table.Tbody>
              <Table.Tr>
                <Table.Th w={160}>Name</Table.Th>
                <Table.Td>{[user.firstName, user.lastName].filter(Boolean).join(' ') || 'Not provided'}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>Login</Table.Th>
                <Table.Td>{user.loginId}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>E-mail</Table.Th>
                <Table.Td>{user.email || 'Not provided'}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>Work phone</Table.Th>
                <Table.Td>{user.workPhone || 'Not provided'}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>Cell phone</Table.Th>
                <Table.Td>{user.cellPhone || 'Not provided'}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>Role</Table.Th>
                <Table.Td>{roleLabel(user.userType)}</Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
          <Text size="sm" c="gray.8">
            More profile settings are coming soon.
          </Text>
        </Stack>
      ) : null}
    </PlaceholderPage>
  );
}
