import { Button, Group, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/DataDisplay';
import { PaginationBar } from '../../../components/PaginationBar';
import { usePagedRows } from '../../../components/usePagedRows';
import { FormDialog } from '../../../components/FormDialog';
import { ResponsiveTable, type Column } from '../../../components/ResponsiveTable';
import { failureText, isSharedFailure } from '../../../lib/api';
import { formatDay } from '../../../lib/dates';
import { notify } from '../../../lib/notify';
import { APPRAISERS_KEY, searchAppraisersQuery, setActive, type AppraiserItem } from './api';
import { LicenseEditor } from './LicenseEditor';
import { NewAppraiserDialog } from './NewAppraiserDialog';
import { RecordDialog } from './RecordDialog';

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
      <Text span size="sm" fw={600} c={a.active ? undefined : 'gray.8'}>
        {a.active ? 'Active' : 'Inactive'}
      </Text>
    ),
  },
];

function DeactivateDialog({ appraiser, onClose }: { appraiser: AppraiserItem; onClose: () => void }) {
  const queryClient = useQueryClient();
  const deactivate = useMutation({
    mutationFn: () => setActive(appraiser.id, false),
    onSuccess: async (done) => {
      notify('success', done.message);
      await queryClient.invalidateQueries({ queryKey: APPRAISERS_KEY });
      onClose();
    },
  });
  return (
    <FormDialog
      title="Deactivate Appraiser"
      opened
      onClose={onClose}
      onSubmit={() => deactivate.mutate()}
      submitLabel="Deactivate"
      danger
      busy={deactivate.isPending}
      failure={deactivate.error ? failureText(deactivate.error, MSG_STATUS_FAILED) : null}
    >
      <Text size="sm">{appraiser.name} will be signed out and cannot sign in again until reactivated.</Text>
    </FormDialog>
  );
}

/** Where staff open an appraiser's profile (documents and E&O file among its tabs). */
export const staffProfilePath = (securityUserId: number) => `/staff/appraisers/${securityUserId}/profile`;

/** Every firm's appraisers for staff: search, New Appraiser, profile, record, licences, deactivate and reactivate. */
export function StaffAppraisersPage() {
  const queryClient = useQueryClient();
  const mobile = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const list = useQuery({ ...searchAppraisersQuery(q), placeholderData: keepPreviousData });
  const rows = list.data ?? [];
  const pages = usePagedRows(rows);
  const [adding, setAdding] = useState(false);
  /** The appraiser whose licences are open, read from the list so the dialog shows each change. */
  const [licencesOf, setLicencesOf] = useState<number | null>(null);
  const editing = rows.find((a) => a.id === licencesOf);
  const [deactivating, setDeactivating] = useState<AppraiserItem | null>(null);
  const [recordOf, setRecordOf] = useState<AppraiserItem | null>(null);
  const reactivate = useMutation({
    mutationFn: (a: AppraiserItem) => setActive(a.id, true),
    onSuccess: (done) => notify('success', done.message),
    onError: (e) => {
      if (!isSharedFailure(e)) notify('error', failureText(e, MSG_STATUS_FAILED));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: APPRAISERS_KEY }),
  });
  const actions = (a: AppraiserItem) => (
    // Two rows of two, so the table keeps its width.
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
        {a.active ? (
          <Button size="compact-sm" variant="default" onClick={() => setDeactivating(a)} aria-label={`Deactivate ${a.name}`}>
            Deactivate
          </Button>
        ) : (
          <Button
            size="compact-sm"
            variant="default"
            loading={reactivate.isPending && reactivate.variables.id === a.id}
            onClick={() => reactivate.mutate(a)}
            aria-label={`Reactivate ${a.name}`}
          >
            Reactivate
          </Button>
        )}
      </Group>
    </Stack>
  );
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1}>Appraisers</Title>
        <Button onClick={() => setAdding(true)}>New Appraiser</Button>
      </Group>
      <TextInput
        label="Search appraisers"
        description="Part of a name, username or e-mail"
        type="search"
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        maw={480}
      />
      {list.isPending ? <Skeleton h={160} aria-label="Loading appraisers" /> : null}
      {list.isSuccess && rows.length === 0 ? <EmptyState message={q ? MSG_NO_MATCHES : MSG_NO_APPRAISERS} /> : null}
      {rows.length > 0 ? (
        <>
          <Text size="sm" c="gray.8" role="status">
            {rows.length === 1 ? '1 appraiser' : `${rows.length} appraisers`}
          </Text>
          <ResponsiveTable items={pages.visible} columns={COLUMNS} actions={actions} label="Appraisers" mobile={mobile} minWidth={1000} idAttribute="data-appraiser-id" />
        </>
      ) : null}
      {pages.paged ? <PaginationBar {...pages.bar} label="Appraisers pages" /> : null}
      {adding ? <NewAppraiserDialog onClose={() => setAdding(false)} /> : null}
      {editing ? <LicenseEditor appraiser={editing} onClose={() => setLicencesOf(null)} /> : null}
      {recordOf ? <RecordDialog appraiser={recordOf} onClose={() => setRecordOf(null)} /> : null}
      {deactivating ? <DeactivateDialog appraiser={deactivating} onClose={() => setDeactivating(null)} /> : null}
    </Stack>
  );
}
