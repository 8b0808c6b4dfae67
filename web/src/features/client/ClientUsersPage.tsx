import { Alert, Badge, Button, Group, NativeSelect, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ActiveToggle } from '../../components/ActiveToggle';
import { DeactivateDialog } from '../../components/DeactivateDialog';
import { FormDialog } from '../../components/FormDialog';
import { ListTable, type ListSpec } from '../../components/ListTable';
import { type Column } from '../../components/ResponsiveTable';
import { useFields, type FieldBinding } from '../../components/useFields';
import { failureText, formFailure, isSharedFailure } from '../../lib/api';
import { CLIENT_ROLES, CLIENT_SEAT_KEY, clientRoleLabel, MSG_BRANCH_NEEDED, roleNeedsBranch, type ClientRole } from '../../lib/clientSeat';
import { emailError, onlyFailed, requiredTextError } from '../../lib/fieldRules';
import { notify } from '../../lib/notify';
import { branchesQuery, changeUser, clientKeys, clientUsersQuery, inviteUser, type Branch, type ClientUserChange, type ClientUserForm, type ClientUserItem } from './api';

export const MSG_NO_USERS = 'No users yet.';
const MSG_INVITE_FAILED = 'The invitation could not be sent. Please try again.';
const MSG_CHANGE_FAILED = 'The user could not be changed. Please try again.';
/** What deactivating a user does, as the confirmation says it. */
export const MSG_DEACTIVATE_CONSEQUENCE = 'Their sessions end at once and the API keys they made stop working.';
export const BRANCH_HINT = 'Required for a branch manager or processor.';
/** The branch select's empty choice. */
const NO_BRANCH = { value: '', label: 'No branch' };

/** A user of the list, with the name its buttons and dialogs call them by. */
type UserRow = ClientUserItem & { name: string };

const rowOf = (u: ClientUserItem): UserRow => ({ ...u, name: [u.firstName, u.lastName].filter(Boolean).join(' ') || u.username });

function columns(branches: Branch[] | undefined): Column<UserRow>[] {
  return [
    { header: 'Name', cell: (u) => u.name, name: true, nowrap: true },
    { header: 'Username', cell: (u) => u.username },
    { header: 'E-mail', cell: (u) => u.email },
    { header: 'Role', cell: (u) => clientRoleLabel(u.role), nowrap: true },
    { header: 'Branch', cell: (u) => (u.branchId ? (branches?.find((b) => b.id === u.branchId)?.name ?? '') : '—') },
    {
      header: 'Status',
      nowrap: true,
      cell: (u) => (
        <Badge size="sm" variant="filled" tt="none" miw="max-content" color={u.active ? 'teal.9' : 'gray.8'}>
          {u.active ? 'Active' : 'Deactivated'}
        </Badge>
      ),
    },
  ];
}

/** The branches a user may be given: the active ones, and `current` even when inactive (it stays as it is). */
function branchChoices(branches: Branch[] | undefined, current?: number | null) {
  const offered = (branches ?? []).filter((b) => b.active || b.id === current);
  return [NO_BRANCH, ...offered.map((b) => ({ value: String(b.id), label: b.active ? b.name : `${b.name} (inactive)` }))];
}

function RoleAndBranch({ fields, branches, current }: { fields: FieldBinding<{ role: string; branchId: string }>; branches: Branch[] | undefined; current?: number | null }) {
  return (
    <>
      <NativeSelect label="Role" data={CLIENT_ROLES} {...fields.input('role')} />
      <NativeSelect label="Branch" description={BRANCH_HINT} required={roleNeedsBranch(fields.values.role)} data={branchChoices(branches, current)} {...fields.input('branchId')} />
    </>
  );
}

/** The branch rule, before the server says it. */
const branchError = (v: { role: string; branchId: string }) => (roleNeedsBranch(v.role) && !v.branchId ? MSG_BRANCH_NEEDED : undefined);

const EMPTY_INVITE = { firstName: '', lastName: '', username: '', email: '', role: 'loan_officer', branchId: '' };
type InviteFields = typeof EMPTY_INVITE;

/** The server's rules for an invitation (NewPerson and the branch rule), in its words. */
export function inviteErrors(v: InviteFields) {
  return onlyFailed({
    firstName: requiredTextError('First name', v.firstName, 100),
    lastName: requiredTextError('Last name', v.lastName, 100),
    username: requiredTextError('Username', v.username, 100),
    email: requiredTextError('E-mail', v.email) ?? emailError('E-mail', v.email),
    branchId: branchError(v),
  });
}

/** The body of POST /api/client/users: the branch only when one is chosen. */
export function inviteBody(v: InviteFields): ClientUserForm {
  return {
    username: v.username.trim(),
    email: v.email.trim(),
    firstName: v.firstName.trim(),
    lastName: v.lastName.trim(),
    role: v.role as ClientRole,
    ...(v.branchId ? { branchId: Number(v.branchId) } : {}),
  };
}

/** Invite User: a new user of the lender with a role and a branch, opened by an e-mail to choose a password. */
function InviteDialog({ branches, onClose }: { branches: Branch[] | undefined; onClose: () => void }) {
  const queryClient = useQueryClient();
  const fields = useFields(EMPTY_INVITE);
  const invite = useMutation({
    mutationFn: (v: InviteFields) => inviteUser(inviteBody(v)),
    onSuccess: async (_, v) => {
      notify('success', `The invitation was sent to ${v.email.trim()}.`);
      onClose();
      await queryClient.invalidateQueries({ queryKey: clientKeys.users() });
      await queryClient.invalidateQueries({ queryKey: clientKeys.loanOfficers() });
    },
    onError: fields.showRefusal,
  });
  const underField = Object.values(fields.errors).some(Boolean);
  return (
    <FormDialog
      title="Invite User"
      opened
      onClose={onClose}
      onSubmit={() => fields.accept(inviteErrors(fields.values)) && invite.mutate(fields.values)}
      submitLabel="Send Invitation"
      busy={invite.isPending}
      failure={underField ? null : formFailure(invite.error, MSG_INVITE_FAILED)}
      size="lg"
    >
      <Text size="sm" c="gray.8">
        The new user gets an e-mail with a link to choose a password.
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="First Name" required autoComplete="off" data-autofocus {...fields.input('firstName')} />
        <TextInput label="Last Name" required autoComplete="off" {...fields.input('lastName')} />
        <TextInput label="Username" required autoComplete="off" {...fields.input('username')} />
        <TextInput label="E-mail" required type="email" autoComplete="off" {...fields.input('email')} />
        <RoleAndBranch fields={fields} branches={branches} />
      </SimpleGrid>
    </FormDialog>
  );
}

/** The body of PUT /api/client/users/{id}: the role, and the branch when it changed (0: none). */
export function changeBody(user: ClientUserItem, v: { role: string; branchId: string }): ClientUserChange {
  const branchId = v.branchId ? Number(v.branchId) : null;
  return { role: v.role as ClientRole, ...(branchId !== (user.branchId ?? null) ? { branchId: branchId ?? 0 } : {}) };
}

/** Change Role and Branch of one user (the last administrator stays: the server's 409 shows above the fields). */
function ChangeDialog({ user, branches, onClose }: { user: UserRow; branches: Branch[] | undefined; onClose: () => void }) {
  const queryClient = useQueryClient();
  const fields = useFields({ role: user.role as string, branchId: user.branchId ? String(user.branchId) : '' });
  const save = useMutation({
    mutationFn: (v: { role: string; branchId: string }) => changeUser(user.id, changeBody(user, v)),
    onSuccess: async (answer) => {
      notify('success', answer.message);
      onClose();
      await queryClient.invalidateQueries({ queryKey: clientKeys.users() });
      await queryClient.invalidateQueries({ queryKey: clientKeys.loanOfficers() });
      // Administrators may change their own seat.
      await queryClient.invalidateQueries({ queryKey: CLIENT_SEAT_KEY });
    },
    onError: fields.showRefusal,
  });
  const underField = Object.values(fields.errors).some(Boolean);
  return (
    <FormDialog
      title={`Change Role and Branch of ${user.name}`}
      opened
      onClose={onClose}
      onSubmit={() => fields.accept(onlyFailed({ branchId: branchError(fields.values) })) && save.mutate(fields.values)}
      submitLabel="Save"
      busy={save.isPending}
      failure={underField ? null : formFailure(save.error, MSG_CHANGE_FAILED)}
    >
      <RoleAndBranch fields={fields} branches={branches} current={user.branchId} />
    </FormDialog>
  );
}

function ConfirmDeactivate({ user, onClose }: { user: UserRow; onClose: () => void }) {
  const queryClient = useQueryClient();
  const deactivate = async () => {
    const answer = await changeUser(user.id, { active: false });
    await queryClient.invalidateQueries({ queryKey: clientKeys.loanOfficers() });
    return answer.message;
  };
  return (
    <DeactivateDialog
      title="Deactivate User"
      consequence={`${user.name} can no longer sign in. ${MSG_DEACTIVATE_CONSEQUENCE}`}
      deactivate={deactivate}
      listKey={clientKeys.users()}
      failure={MSG_CHANGE_FAILED}
      onClose={onClose}
    />
  );
}

const LIST: ListSpec<UserRow> = { noun: 'users', empty: MSG_NO_USERS, label: 'Users', minWidth: 1180, idAttribute: 'data-user-id' };

/**
 * /client/users, for the lender's administrators: its users with their roles and branches, Invite
 * User, and on each Change (role and branch) and Deactivate (asked first) or Reactivate. Anyone else
 * reads the server's refusal.
 */
export function ClientUsersPage() {
  const queryClient = useQueryClient();
  const users = useQuery(clientUsersQuery());
  const branches = useQuery(branchesQuery());
  const [inviting, setInviting] = useState(false);
  const [changing, setChanging] = useState<UserRow | null>(null);
  const [deactivating, setDeactivating] = useState<UserRow | null>(null);
  const reactivate = useMutation({
    mutationFn: (u: UserRow) => changeUser(u.id, { active: true }),
    onSuccess: (answer) => notify('success', answer.message),
    onError: (e) => {
      if (!isSharedFailure(e)) notify('error', failureText(e, MSG_CHANGE_FAILED));
    },
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: clientKeys.users() });
      await queryClient.invalidateQueries({ queryKey: clientKeys.loanOfficers() });
    },
  });
  const actions = (u: UserRow) => (
    <Group gap="xs" wrap="nowrap">
      <Button size="compact-sm" variant="default" onClick={() => setChanging(u)} aria-label={`Change role and branch of ${u.name}`} aria-haspopup="dialog">
        Change
      </Button>
      <ActiveToggle item={u} reactivate={reactivate} onDeactivate={() => setDeactivating(u)} />
    </Group>
  );

  return (
    <Stack gap="md" maw={1200}>
      <Group justify="space-between">
        <Title order={1}>Users</Title>
        {users.data ? (
          <Button onClick={() => setInviting(true)} aria-haspopup="dialog">
            Invite User
          </Button>
        ) : null}
      </Group>
      {users.isError ? (
        <Alert color="red.9" variant="filled" role="alert">
          {users.error.message}
        </Alert>
      ) : (
        <>
          <Text c="gray.8">
            Your lender&apos;s people and what each may do: administrators manage users, branches, API keys and invoices and see every order; branch managers and processors work on
            their branch&apos;s orders; loan officers on the orders they placed or are named on; viewers read orders but change nothing.
          </Text>
          <ListTable {...LIST} columns={columns(branches.data)} rows={users.data?.map(rowOf)} loading={users.isPending} actions={actions} />
        </>
      )}
      {inviting ? <InviteDialog branches={branches.data} onClose={() => setInviting(false)} /> : null}
      {changing ? <ChangeDialog user={changing} branches={branches.data} onClose={() => setChanging(null)} /> : null}
      {deactivating ? <ConfirmDeactivate user={deactivating} onClose={() => setDeactivating(null)} /> : null}
    </Stack>
  );
}
