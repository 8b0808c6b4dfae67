import { Button, Group, SimpleGrid, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiKeysPanel } from '../../../components/ApiKeysPanel';
import { EmptyState, InfoCard } from '../../../components/DataDisplay';
import { FormDialog } from '../../../components/FormDialog';
import { ResponsiveTable, type Column } from '../../../components/ResponsiveTable';
import { useFields } from '../../../components/useFields';
import { formFailure } from '../../../lib/api';
import { useAppConfig } from '../../../lib/appConfig';
import { formatDateAndTime } from '../../../lib/dates';
import { emailError, onlyFailed, requiredTextError } from '../../../lib/fieldRules';
import { notify } from '../../../lib/notify';
import { clientAccessKeys, clientUsersQuery, createClientApiKey, inviteClientUser, listClientApiKeys, revokeClientApiKey, type ClientItem, type ClientUserItem } from './api';
import { ListStatus } from '../../../components/LoadStates';
import { ClientNotFound, ClientPageHeading, useRouteClient } from './ClientPage';
import { ReconsiderationSettingsCard } from './ReconsiderationSettingsCard';

export const MSG_NO_USERS = 'No users yet. Invite the lender’s people so they can order and follow their work in the portal.';
const MSG_INVITE_FAILED = 'The invitation could not be sent. Please try again.';

const EMPTY_INVITE = { username: '', email: '', firstName: '', lastName: '' };
type InviteFields = typeof EMPTY_INVITE;

/** The server's rules for an invitation (crates/server/src/users/accounts.rs NewPerson), in its words. */
export function inviteErrors(v: InviteFields) {
  return onlyFailed({
    username: requiredTextError('Username', v.username, 100),
    email: requiredTextError('E-mail', v.email) ?? emailError('E-mail', v.email),
    firstName: requiredTextError('First name', v.firstName, 100),
    lastName: requiredTextError('Last name', v.lastName, 100),
  });
}

function userColumns(timeZone: string | null): Column<ClientUserItem>[] {
  return [
    { header: 'Name', cell: (u) => [u.firstName, u.lastName].filter(Boolean).join(' '), name: true },
    { header: 'Username', cell: (u) => u.username },
    { header: 'E-mail', cell: (u) => u.email },
    { header: 'Status', cell: (u) => (u.active ? 'Active' : 'Inactive') },
    { header: 'Invited', cell: (u) => formatDateAndTime(u.createdAt, timeZone), nowrap: true },
  ];
}

/** Invite User: an account of the client, opened by an e-mail to choose a password. */
function InviteDialog({ client, opened, onClose }: { client: ClientItem; opened: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const fields = useFields(EMPTY_INVITE);
  const invite = useMutation({
    mutationFn: (v: InviteFields) =>
      inviteClientUser(client.id, { username: v.username.trim(), email: v.email.trim(), firstName: v.firstName.trim(), lastName: v.lastName.trim() }),
    onSuccess: async () => {
      notify('success', `The invitation was sent to ${fields.values.email.trim()}.`);
      fields.setValues(EMPTY_INVITE);
      onClose();
      await queryClient.invalidateQueries({ queryKey: clientAccessKeys.users(client.id) });
    },
  });
  const failure = formFailure(invite.error, MSG_INVITE_FAILED);
  return (
    <FormDialog
      title="Invite User"
      opened={opened}
      onClose={() => {
        onClose();
        invite.reset();
      }}
      onSubmit={() => fields.accept(inviteErrors(fields.values)) && invite.mutate(fields.values)}
      submitLabel="Send Invitation"
      busy={invite.isPending}
      failure={failure}
    >
      <Text size="sm" c="gray.8">
        {client.companyName}’s new user gets an e-mail with a link to choose a password.
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="Username" required autoComplete="off" data-autofocus {...fields.input('username')} />
        <TextInput label="E-mail" required type="email" autoComplete="off" {...fields.input('email')} />
        <TextInput label="First Name" required autoComplete="off" {...fields.input('firstName')} />
        <TextInput label="Last Name" required autoComplete="off" {...fields.input('lastName')} />
      </SimpleGrid>
    </FormDialog>
  );
}

function UsersCard({ client, timeZone }: { client: ClientItem; timeZone: string | null }) {
  const users = useQuery(clientUsersQuery(client.id));
  const mobile = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  const [inviting, setInviting] = useState(false);
  return (
    <InfoCard title="Users">
      <Text size="sm" c="gray.8">
        The lender’s people who order and follow their work in the client portal.
      </Text>
      <Group>
        <Button onClick={() => setInviting(true)} aria-haspopup="dialog">
          Invite User
        </Button>
      </Group>
      <ListStatus query={users} noun="users" empty={<EmptyState message={MSG_NO_USERS} />} />
      {users.data?.length ? (
        <ResponsiveTable items={users.data} columns={userColumns(timeZone)} label={`Users of ${client.companyName}`} mobile={mobile} minWidth={720} idAttribute="data-user-id" />
      ) : null}
      <InviteDialog client={client} opened={inviting} onClose={() => setInviting(false)} />
    </InfoCard>
  );
}

/** /staff/clients/:id: a client's users (Invite User), API keys (create, shown once; revoke) and reconsideration of value settings. */
export function ClientAccessPage() {
  const { rawId, loading, client } = useRouteClient();
  const timeZone = useAppConfig().data?.companyTimeZone ?? null;
  if (loading) return <Skeleton h={200} />;
  if (!client) return <ClientNotFound rawId={rawId} />;
  return (
    <Stack gap="md" maw={1100}>
      <ClientPageHeading title={client.companyName} description="Users and API keys of the client portal, and how its borrowers ask for a reconsideration of value." />
      <UsersCard client={client} timeZone={timeZone} />
      <ApiKeysPanel
        queryKey={clientAccessKeys.apiKeys(client.id)}
        list={() => listClientApiKeys(client.id)}
        create={(form) => createClientApiKey(client.id, form)}
        revoke={(keyId) => revokeClientApiKey(client.id, keyId)}
        owner={client.companyName}
        timeZone={timeZone}
      />
      <ReconsiderationSettingsCard client={client} timeZone={timeZone} />
    </Stack>
  );
}
