import { Badge, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { EmptyState } from '../../../components/DataDisplay';
import { FormDialog } from '../../../components/FormDialog';
import { PaginationBar } from '../../../components/PaginationBar';
import { usePagedRows } from '../../../components/usePagedRows';
import { ResponsiveTable, type Column } from '../../../components/ResponsiveTable';
import { failureText, isSharedFailure } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { companiesQuery } from '../../../lib/staffLists';
import { COMPANIES_KEY, updateCompany, type CompanyItem } from './api';
import { FirmDialog } from './FirmDialog';

export const MSG_NO_FIRMS = 'No firms yet. Add the first appraisal firm.';
const MSG_STATUS_FAILED = 'The firm could not be changed. Please try again.';

/** The office on one line: "12 Main St, Tulsa, OK 74103", or "None" when none is on file. */
export function officeLine(f: Pick<CompanyItem, 'officeAddressLine1' | 'officeCity' | 'officeStateCode' | 'officeZipCode'>): string {
  const stateZip = [f.officeStateCode, f.officeZipCode].filter(Boolean).join(' ');
  return [f.officeAddressLine1, f.officeCity, stateZip].filter(Boolean).join(', ') || 'None';
}

const COLUMNS: Column<CompanyItem>[] = [
  { header: 'Name', cell: (f) => f.name, name: true },
  { header: 'Office', cell: officeLine },
  {
    header: 'Status',
    cell: (f) => (
      <Badge size="sm" variant="filled" tt="none" color={f.active ? 'teal.9' : 'gray.8'}>
        {f.active ? 'Active' : 'Deactivated'}
      </Badge>
    ),
  },
];

function DeactivateDialog({ firm, onClose }: { firm: CompanyItem; onClose: () => void }) {
  const queryClient = useQueryClient();
  const deactivate = useMutation({
    mutationFn: () => updateCompany(firm.id, { active: false }),
    onSuccess: async () => {
      notify('success', `${firm.name} was deactivated.`);
      await queryClient.invalidateQueries({ queryKey: COMPANIES_KEY });
      onClose();
    },
  });
  return (
    <FormDialog
      title="Deactivate Firm"
      opened
      onClose={onClose}
      onSubmit={() => deactivate.mutate()}
      submitLabel="Deactivate"
      danger
      busy={deactivate.isPending}
      failure={deactivate.error ? failureText(deactivate.error, MSG_STATUS_FAILED) : null}
    >
      <Text size="sm">{firm.name} will take no new accounts and leave the firm pickers. Its appraisers keep their accounts and orders.</Text>
    </FormDialog>
  );
}

/** The appraisal firms for staff: a list, Add Firm, and Edit, Deactivate or Reactivate on each. */
export function FirmsPage() {
  const queryClient = useQueryClient();
  const mobile = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  const firms = useQuery(companiesQuery());
  const pages = usePagedRows(firms.data ?? []);
  /** The firm being edited; null while adding one; undefined with no dialog open. */
  const [editing, setEditing] = useState<CompanyItem | null | undefined>(undefined);
  const [deactivating, setDeactivating] = useState<CompanyItem | null>(null);
  const reactivate = useMutation({
    mutationFn: (f: CompanyItem) => updateCompany(f.id, { active: true }),
    onSuccess: (_, f) => notify('success', `${f.name} was reactivated.`),
    onError: (e) => {
      if (!isSharedFailure(e)) notify('error', failureText(e, MSG_STATUS_FAILED));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: COMPANIES_KEY }),
  });
  const actions = (f: CompanyItem) => (
    <Group gap="xs" wrap="nowrap">
      <Button size="compact-sm" variant="default" onClick={() => setEditing(f)} aria-label={`Edit ${f.name}`}>
        Edit
      </Button>
      {f.active ? (
        <Button size="compact-sm" variant="default" onClick={() => setDeactivating(f)} aria-label={`Deactivate ${f.name}`}>
          Deactivate
        </Button>
      ) : (
        <Button
          size="compact-sm"
          variant="default"
          loading={reactivate.isPending && reactivate.variables.id === f.id}
          onClick={() => reactivate.mutate(f)}
          aria-label={`Reactivate ${f.name}`}
        >
          Reactivate
        </Button>
      )}
    </Group>
  );
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1}>Firms</Title>
        <Button onClick={() => setEditing(null)}>Add Firm</Button>
      </Group>
      {firms.isPending ? <Skeleton h={160} aria-label="Loading firms" /> : null}
      {firms.isSuccess && firms.data.length === 0 ? <EmptyState message={MSG_NO_FIRMS} /> : null}
      {firms.isSuccess && firms.data.length > 0 ? (
        <ResponsiveTable items={pages.visible} columns={COLUMNS} actions={actions} label="Firms" mobile={mobile} minWidth={720} idAttribute="data-firm-id" />
      ) : null}
      {pages.paged ? <PaginationBar {...pages.bar} label="Firms pages" /> : null}
      {editing !== undefined ? <FirmDialog firm={editing} onClose={() => setEditing(undefined)} /> : null}
      {deactivating ? <DeactivateDialog firm={deactivating} onClose={() => setDeactivating(null)} /> : null}
    </Stack>
  );
}
