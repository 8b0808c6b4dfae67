import { Alert, Badge, Button, Group, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormDialog } from '../../components/FormDialog';
import { ListTable, type ListSpec } from '../../components/ListTable';
import { type Column } from '../../components/ResponsiveTable';
import { useFields } from '../../components/useFields';
import { failureText, formFailure, isSharedFailure } from '../../lib/api';
import { MSG_ADMINS_ONLY, useClientSeat } from '../../lib/clientSeat';
import { onlyFailed, requiredTextError } from '../../lib/fieldRules';
import { notify } from '../../lib/notify';
import { addBranch, branchesQuery, changeBranch, clientKeys, type Branch } from './api';

export const MSG_NO_BRANCHES = 'No branches yet. Add the first one.';
const MSG_SAVE_FAILED = 'The branch could not be saved. Please try again.';
/** The server's limit (crates/server/src/areas/client/branches.rs MAX_NAME). */
export const MAX_BRANCH_NAME = 100;

const COLUMNS: Column<Branch>[] = [
  { header: 'Name', cell: (b) => b.name, name: true },
  {
    header: 'Status',
    cell: (b) => (
      <Badge size="sm" variant="filled" tt="none" color={b.active ? 'teal.9' : 'gray.8'}>
        {b.active ? 'Active' : 'Inactive'}
      </Badge>
    ),
  },
];

const LIST: ListSpec<Branch> = { noun: 'branches', empty: MSG_NO_BRANCHES, label: 'Branches', idAttribute: 'data-branch-id' };

/** Add Branch (`branch` null) or Rename Branch: the name, unique in the lender (the server's 422 shows under it). */
function BranchDialog({ branch, onClose }: { branch: Branch | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const fields = useFields({ name: branch?.name ?? '' });
  const save = useMutation({
    /** The notice once saved: the server's words for a rename. */
    mutationFn: async (name: string): Promise<string> => {
      if (branch) return (await changeBranch(branch.id, { name, active: branch.active })).message;
      await addBranch({ name });
      return `Branch ${name} was added.`;
    },
    onSuccess: async (done) => {
      notify('success', done);
      await queryClient.invalidateQueries({ queryKey: clientKeys.branches() });
      onClose();
    },
    onError: fields.showRefusal,
  });
  const named = !!fields.errors.name;
  return (
    <FormDialog
      title={branch ? 'Rename Branch' : 'Add Branch'}
      opened
      onClose={onClose}
      onSubmit={() => fields.accept(onlyFailed({ name: requiredTextError('Branch name', fields.values.name, MAX_BRANCH_NAME) })) && save.mutate(fields.values.name.trim())}
      submitLabel={branch ? 'Save Name' : 'Add Branch'}
      busy={save.isPending}
      failure={named ? null : formFailure(save.error, MSG_SAVE_FAILED)}
    >
      <TextInput label="Branch name" required autoComplete="off" data-autofocus {...fields.input('name', MAX_BRANCH_NAME)} />
    </FormDialog>
  );
}

/**
 * /client/branches, for the lender's administrators: its branches, Add Branch, and on each Rename and
 * Make inactive or Make active (a branch is never deleted: its orders and users keep its name).
 */
export function ClientBranchesPage() {
  const queryClient = useQueryClient();
  const seat = useClientSeat();
  const administers = seat.data?.administers ?? false;
  const branches = useQuery({ ...branchesQuery(), enabled: administers });
  /** The branch being renamed; null while adding one; undefined with no dialog open. */
  const [editing, setEditing] = useState<Branch | null | undefined>(undefined);
  const status = useMutation({
    mutationFn: (b: Branch) => changeBranch(b.id, { name: b.name, active: !b.active }),
    onSuccess: (_, b) => notify('success', b.active ? `${b.name} is inactive now.` : `${b.name} is active again.`),
    onError: (e) => {
      if (!isSharedFailure(e)) notify('error', failureText(e, MSG_SAVE_FAILED));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: clientKeys.branches() }),
  });
  const actions = (b: Branch) => (
    <Group gap="xs" wrap="nowrap">
      <Button size="compact-sm" variant="default" onClick={() => setEditing(b)} aria-label={`Rename ${b.name}`} aria-haspopup="dialog">
        Rename
      </Button>
      <Button
        size="compact-sm"
        variant="default"
        loading={status.isPending && status.variables?.id === b.id}
        onClick={() => status.mutate(b)}
        aria-label={`${b.active ? 'Make inactive' : 'Make active'}: ${b.name}`}
      >
        {b.active ? 'Make inactive' : 'Make active'}
      </Button>
    </Group>
  );

  return (
    <Stack gap="md" maw={900}>
      <Group justify="space-between">
        <Title order={1}>Branches</Title>
        {administers ? (
          <Button onClick={() => setEditing(null)} aria-haspopup="dialog">
            Add Branch
          </Button>
        ) : null}
      </Group>
      {seat.isPending ? <Skeleton h={160} /> : null}
      {seat.isError ? (
        <Alert color="red.9" variant="filled" role="alert">
          {seat.error.message}
        </Alert>
      ) : null}
      {seat.data && !administers ? (
        <Alert color="red.9" variant="filled" role="alert">
          {MSG_ADMINS_ONLY}
        </Alert>
      ) : null}
      {administers ? (
        <>
          <Text c="gray.8">
            Each order can name a branch, and each branch manager and processor works for one. A branch is never deleted: an inactive branch takes no new orders or users, and the
            ones it has keep its name.
          </Text>
          {branches.isError ? (
            <Alert color="red.9" variant="filled" role="alert">
              {branches.error.message}
            </Alert>
          ) : null}
          <ListTable {...LIST} columns={COLUMNS} rows={branches.data} loading={branches.isPending} actions={actions} />
        </>
      ) : null}
      {editing !== undefined ? <BranchDialog branch={editing} onClose={() => setEditing(undefined)} /> : null}
    </Stack>
  );
}
