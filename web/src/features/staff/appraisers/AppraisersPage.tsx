import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { type Column } from '../../../components/ResponsiveTable';
import { failureText, isSharedFailure } from '../../../lib/api';
import { formatDay } from '../../../lib/dates';
import { notify } from '../../../lib/notify';
import { APPRAISERS_KEY, searchAppraisersQuery, setActive, type AppraiserItem } from './api';
import { LicenseEditor } from './LicenseEditor';
import { NewAppraiserDialog } from './NewAppraiserDialog';
import { PanelButtons, PanelDialog, SuspendedBadge, type PanelChange } from './PanelStanding';
import { RecordDialog } from './RecordDialog';
import { ActiveToggle } from '../../../components/ActiveToggle';
import { ListTable, type ListSpec } from '../../../components/ListTable';
import { SearchField } from '../../../components/SearchField';
import { DeactivateDialog } from '../../../components/DeactivateDialog';

export const MSG_NO_APPRAISERS = 'No appraisers yet.';
export const MSG_NO_MATCHES = 'No appraisers match the search.';
const MSG_STATUS_FAILED = 'The appraiser could not be changed. Please try again.';

const COLUMNS: Column<AppraiserItem>[] = [
  {
    header: 'Name',
    cell: (a) => (
      <>
        <Text span inherit display="block" style={{ whiteSpace: 'nowrap' }}>
          {a.name}
        </Text>
        <Text span size="xs" fw={400} c="gray.8" display="block">
          {a.username}
        </Text>
      </>
    ),
    name: true,
  },
  { header: 'E-mail', cell: (a) => a.email },
  { header: 'Firm', cell: (a) => a.company ?? 'Independent' },
  {
    header: 'Licences',
    cell: (a) =>
      a.licenses.length === 0
        ? 'None'
        : a.licenses.map((l) => (
            <Text span key={l.id} size="sm" display="block" style={{ whiteSpace: 'nowrap' }}>
              {l.type}, {l.stateCode}, expires {formatDay(l.expirationDate)}
            </Text>
          )),
  },
  { header: 'Open Orders', cardLabel: 'Open orders', cell: (a) => a.openOrders },
  {
    header: 'Status',
    cell: (a) => (
      <>
        <Text span size="sm" fw={600} c={a.active ? undefined : 'gray.8'}>
          {a.active ? 'Active' : 'Inactive'}
        </Text>
        <SuspendedBadge suspended={a.suspended} />
      </>
    ),
  },
];

function ConfirmDeactivate({ appraiser, onClose }: { appraiser: AppraiserItem; onClose: () => void }) {
  const consequence = `${appraiser.name} will be signed out and cannot sign in again until reactivated.`;
  const deactivate = () => setActive(appraiser.id, false).then((done) => done.message);
  return <DeactivateDialog title="Deactivate Appraiser" consequence={consequence} deactivate={deactivate} listKey={APPRAISERS_KEY} failure={MSG_STATUS_FAILED} onClose={onClose} />;
}

const LIST: ListSpec<AppraiserItem> = { noun: 'appraisers', empty: MSG_NO_APPRAISERS, label: 'Appraisers', minWidth: 1000, idAttribute: 'data-appraiser-id' };

/** Where staff open an appraiser's profile (documents and E&O file among its tabs). */
export const staffProfilePath = (securityUserId: number) => `/staff/appraisers/${securityUserId}/profile`;

/** Every firm's appraisers for staff: search, New Appraiser, profile, record, licences, deactivate and reactivate, suspend from the panel and reinstate. */
export function StaffAppraisersPage() {
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const list = useQuery({ ...searchAppraisersQuery(q), placeholderData: keepPreviousData });
  const rows = list.data ?? [];
  const [adding, setAdding] = useState(false);
  /** The appraiser whose licences are open, read from the list so the dialog shows each change. */
  const [licencesOf, setLicencesOf] = useState<number | null>(null);
  const editing = rows.find((a) => a.id === licencesOf);
  const [deactivating, setDeactivating] = useState<AppraiserItem | null>(null);
  const [recordOf, setRecordOf] = useState<AppraiserItem | null>(null);
  const [panelChange, setPanelChange] = useState<{ appraiser: AppraiserItem; change: PanelChange } | null>(null);
  const reactivate = useMutation({
    mutationFn: (a: AppraiserItem) => setActive(a.id, true),
    onSuccess: (done) => notify('success', done.message),
    onError: (e) => {
      if (!isSharedFailure(e)) notify('error', failureText(e, MSG_STATUS_FAILED));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: APPRAISERS_KEY }),
  });
  const actions = (a: AppraiserItem) => (
    // Rows of two, so the table keeps its width.
    <Stack gap={6}>
      <Group gap="xs" wrap="nowrap">
        <Button size="compact-sm" variant="default" component={Link} to={staffProfilePath(a.id)} aria-label={`Profile of ${a.name}`}>
          Profile
        </Button>
        <Button size="compact-sm" variant="default" onClick={() => setRecordOf(a)} aria-label={`Edit record of ${a.name}`}>
          Edit Record
        </Button>
      </Group>
      <Group gap="xs" wrap="nowrap">
        <Button size="compact-sm" variant="default" onClick={() => setLicencesOf(a.id)} aria-label={`Licences of ${a.name}`}>
          Licences
        </Button>
        <ActiveToggle item={a} reactivate={reactivate} onDeactivate={() => setDeactivating(a)} />
      </Group>
      <Group gap="xs" wrap="nowrap">
        <PanelButtons appraiser={a} onChange={(change) => setPanelChange({ appraiser: a, change })} />
      </Group>
    </Stack>
  );
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1}>Appraisers</Title>
        <Button onClick={() => setAdding(true)}>New Appraiser</Button>
      </Group>
      <SearchField label="Search appraisers" description="Part of a name, username or e-mail" value={search} onChange={setSearch} maw={480} />
      <ListTable
        {...LIST}
        empty={q ? MSG_NO_MATCHES : MSG_NO_APPRAISERS}
        header={
          <Text size="sm" c="gray.8" role="status">
            {rows.length === 1 ? '1 appraiser' : `${rows.length} appraisers`}
          </Text>
        }
        columns={COLUMNS}
        rows={list.data}
        loading={list.isPending}
        actions={actions}
      />
      {adding ? <NewAppraiserDialog onClose={() => setAdding(false)} /> : null}
      {editing ? <LicenseEditor appraiser={editing} onClose={() => setLicencesOf(null)} /> : null}
      {recordOf ? <RecordDialog appraiser={recordOf} onClose={() => setRecordOf(null)} /> : null}
      {deactivating ? <ConfirmDeactivate appraiser={deactivating} onClose={() => setDeactivating(null)} /> : null}
      {panelChange ? <PanelDialog {...panelChange} onClose={() => setPanelChange(null)} /> : null}
    </Stack>
  );
}
