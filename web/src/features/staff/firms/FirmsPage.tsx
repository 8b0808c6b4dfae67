import { Badge, Button, Group, Stack, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type Column } from '../../../components/ResponsiveTable';
import { failureText, isSharedFailure } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { companiesQuery } from '../../../lib/staffLists';
import { COMPANIES_KEY, updateCompany, type CompanyItem } from './api';
import { FirmDialog } from './FirmDialog';
import { ActiveToggle } from '../../../components/ActiveToggle';
import { ListTable, type ListSpec } from '../../../components/ListTable';
import { DeactivateDialog } from '../../../components/DeactivateDialog';

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

function ConfirmDeactivate({ firm, onClose }: { firm: CompanyItem; onClose: () => void }) {
  const consequence = `${firm.name} will take no new accounts and leave the firm pickers. Its appraisers keep their accounts and orders.`;
  const deactivate = () => updateCompany(firm.id, { active: false }).then(() => `${firm.name} was deactivated.`);
  return <DeactivateDialog title="Deactivate Firm" consequence={consequence} deactivate={deactivate} listKey={COMPANIES_KEY} failure={MSG_STATUS_FAILED} onClose={onClose} />;
}

const LIST: ListSpec<CompanyItem> = { noun: 'firms', empty: MSG_NO_FIRMS, label: 'Firms', minWidth: 720, idAttribute: 'data-firm-id' };

/** The appraisal firms for staff: a list, Add Firm, and Edit, Deactivate or Reactivate on each. */
export function FirmsPage() {
  const queryClient = useQueryClient();
  const firms = useQuery(companiesQuery());
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
      <ActiveToggle item={f} reactivate={reactivate} onDeactivate={() => setDeactivating(f)} />
    </Group>
  );
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1}>Firms</Title>
        <Button onClick={() => setEditing(null)}>Add Firm</Button>
      </Group>
      <ListTable {...LIST} columns={COLUMNS} rows={firms.data} loading={firms.isPending} actions={actions} />
      {editing !== undefined ? <FirmDialog firm={editing} onClose={() => setEditing(undefined)} /> : null}
      {deactivating ? <ConfirmDeactivate firm={deactivating} onClose={() => setDeactivating(null)} /> : null}
    </Stack>
  );
}
