import { Badge, Button, Group, NativeSelect, SimpleGrid, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ActiveToggle } from '../../../components/ActiveToggle';
import { ApiKeysPanel } from '../../../components/ApiKeysPanel';
import { DeactivateDialog } from '../../../components/DeactivateDialog';
import { EmptyState, InfoCard } from '../../../components/DataDisplay';
import { FormDialog } from '../../../components/FormDialog';
import { ResponsiveTable, type Column } from '../../../components/ResponsiveTable';
import { useFields } from '../../../components/useFields';
import { failureText, formFailure, isSharedFailure } from '../../../lib/api';
import { useAppConfig } from '../../../lib/appConfig';
import { CLIENT_ROLES, clientRoleLabel, roleNeedsBranch, type ClientRole } from '../../../lib/clientSeat';
import { formatDateAndTime } from '../../../lib/dates';
import { emailError, onlyFailed, requiredTextError } from '../../../lib/fieldRules';
import { notify } from '../../../lib/notify';
import {
  changeClientUser,
  clientAccessKeys,
  clientUsersQuery,
  createClientApiKey,
  inviteClientUser,
  listClientApiKeys,
  revokeClientApiKey,
  type ClientItem,
  type ClientUserItem,
} from './api';
import { ListStatus } from '../../../components/LoadStates';
import { ClientNotFound, ClientPageHeading, useRouteClient } from './ClientPage';
import { ReconsiderationSettingsCard } from './ReconsiderationSettingsCard';

export const MSG_NO_USERS = 'No users yet. Invite the lender’s people so they can order and follow their work in the portal.';
const MSG_INVITE_FAILED = 'The invitation could not be sent. Please try again.';
const MSG_CHANGE_FAILED = 'The user could not be changed. Please try again.';
/** What deactivating a client user does, as the confirmation says it. */
export const MSG_DEACTIVATE_CONSEQUENCE = 'Their sessions end at once and the API keys they made stop working.';

/**
 * The roles staff may invite with: those that need no branch (staff do not see the lender's branches;
 * its administrators give branch managers and processors theirs).
 */
export const INVITE_ROLES = CLIENT_ROLES.filter((r) => !roleNeedsBranch(r.value));

const EMPTY_INVITE = { username: '', email: '', firstName: '', lastName: '', role: 'lender_admin' };
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

/** A user of the list, with the name its buttons and dialogs call them by. */
type UserRow = ClientUserItem & { name: string };

const rowOf = (u: ClientUserItem): UserRow => ({ ...u, name: [u.firstName, u.lastName].filter(Boolean).join(' ') || u.username });

function userColumns(timeZone: string | null): Column<UserRow>[] {
  return [
    { header: 'Name', cell: (u) => u.name, name: true },
    { header: 'Username', cell: (u) => u.username },
    { header: 'E-mail', cell: (u) => u.email },
    { header: 'Role', cell: (u) => clientRoleLabel(u.role), nowrap: true },
    // The lender's branches are its own (the client area names them): staff read the number.
    { header: 'Branch', cell: (u) => (u.branchId ? `#${u.branchId}` : '—'), nowrap: true },
    {
      header: 'Status',
      cell: (u) => (
        <Badge size="sm" variant="filled" tt="none" color={u.active ? 'teal.9' : 'gray.8'}>
          {u.active ? 'Active' : 'Deactivated'}
        </Badge>
      ),
    },
    { header: 'Invited', cell: (u) => formatDateAndTime(u.createdAt, timeZone), nowrap: true },
  ];
}

/** Invite User: an account of the client, opened by an e-mail to choose a password. */
function InviteDialog({ client, opened, onClose }: { client: ClientItem; opened: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const fields = useFields(EMPTY_INVITE);
  const invite = useMutation({
    mutationFn: (v: InviteFields) =>
      inviteClientUser(client.id, {
        username: v.username.trim(),
        email: v.email.trim(),
        firstName: v.firstName.trim(),
        lastName: v.lastName.trim(),
        role: v.role as ClientRole,
      }),
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
        <NativeSelect label="Role" description="Branch managers and processors get their branch from the lender's administrators." data={INVITE_ROLES} {...fields.input('role')} />
      </SimpleGrid>
    </FormDialog>
  );
}

function ConfirmDeactivate({ client, user, onClose }: { client: ClientItem; user: UserRow; onClose: () => void }) {
  const deactivate = () => changeClientUser(client.id, user.id, { active: false }).then((answer) => answer.message);
  return (
    <DeactivateDialog
      title="Deactivate User"
      consequence={`${user.name} can no longer sign in. ${MSG_DEACTIVATE_CONSEQUENCE}`}
      deactivate={deactivate}
      listKey={clientAccessKeys.users(client.id)}
      failure={MSG_CHANGE_FAILED}
      onClose={onClose}
    />
  );
}

function UsersCard({ client, timeZone }: { client: ClientItem; timeZone: string | null }) {
  const queryClient = useQueryClient();
  const users = useQuery(clientUsersQuery(client.id));
  const mobile = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  const [inviting, setInviting] = useState(false);
  const [deactivating, setDeactivating] = useState<UserRow | null>(null);
  const reactivate = useMutation({
    mutationFn: (u: UserRow) => changeClientUser(client.id, u.id, { active: true }),
    onSuccess: (answer) => notify('success', answer.message),
    onError: (e) => {
      if (!isSharedFailure(e)) notify('error', failureText(e, MSG_CHANGE_FAILED));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: clientAccessKeys.users(client.id) }),
  });
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
        <ResponsiveTable
          items={users.data.map(rowOf)}
          columns={userColumns(timeZone)}
          actions={(u) => <ActiveToggle item={u} reactivate={reactivate} onDeactivate={() => setDeactivating(u)} />}
          label={`Users of ${client.companyName}`}
          mobile={mobile}
          minWidth={960}
          idAttribute="data-user-id"
        />
      ) : null}
      <InviteDialog client={client} opened={inviting} onClose={() => setInviting(false)} />
      {deactivating ? <ConfirmDeactivate client={client} user={deactivating} onClose={() => setDeactivating(null)} /> : null}
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
