import { Button, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormDialog } from '../../../components/FormDialog';
import { type Column } from '../../../components/ResponsiveTable';
import { failureText } from '../../../lib/api';
import { useAppConfig } from '../../../lib/appConfig';
import { formatDateAndTime } from '../../../lib/dates';
import { notify } from '../../../lib/notify';
import { PENDING_KEY, pendingCoverageAreas, rejectArea, verifyArea, type CoverageReviewItem } from './api';
import { ListTable, type ListSpec } from '../../../components/ListTable';

export const MSG_NOTHING_PENDING = 'No coverage areas are waiting for review.';
export const MSG_REASON_REQUIRED = 'Please enter a reason.';
const MSG_FAILED = 'The coverage area could not be changed. Please try again.';

function columns(timeZone: string | null): Column<CoverageReviewItem>[] {
  return [
    { header: 'Appraiser', cell: (a) => a.appraiserName, name: true },
    { header: 'Firm', cell: (a) => a.company ?? 'Independent' },
    { header: 'County', cell: (a) => a.county },
    { header: 'State', cell: (a) => a.stateCode },
    { header: 'Requested', cell: (a) => formatDateAndTime(a.createdAt, timeZone), nowrap: true },
  ];
}

function RejectDialog({ area, onClose, onDone }: { area: CoverageReviewItem; onClose: () => void; onDone: () => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const submit = async () => {
    if (!reason.trim()) return setError(MSG_REASON_REQUIRED);
    setBusy(true);
    try {
      notify('success', (await rejectArea(area.id, reason)).message);
      onDone();
    } catch (e) {
      setFailure(failureText(e, MSG_FAILED));
    } finally {
      setBusy(false);
    }
  };
  return (
    <FormDialog title="Reject Coverage Area" opened onClose={onClose} onSubmit={() => void submit()} submitLabel="Reject" danger busy={busy} failure={failure}>
      <Text size="sm">
        {area.county}, {area.stateCode} will be removed from {area.appraiserName}&apos;s profile and they are e-mailed the reason.
      </Text>
      <Textarea label="Reason" required rows={3} value={reason} onChange={(e) => setReason(e.currentTarget.value)} error={error} data-autofocus />
    </FormDialog>
  );
}

const LIST: ListSpec<CoverageReviewItem> = {
  noun: 'coverage areas',
  empty: MSG_NOTHING_PENDING,
  label: 'Coverage areas waiting for review',
  minWidth: 720,
  idAttribute: 'data-area-id',
  unpaged: true,
};

/** Staff's queue of coverage areas appraisers asked for: Verify, or Reject with a reason. */
export function CoverageReviewPage() {
  const queryClient = useQueryClient();
  const timeZone = useAppConfig().data?.companyTimeZone ?? null;
  const pending = useQuery({ queryKey: PENDING_KEY, queryFn: pendingCoverageAreas });
  const [rejecting, setRejecting] = useState<CoverageReviewItem | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: PENDING_KEY });
  const verify = async (area: CoverageReviewItem) => {
    try {
      notify('success', (await verifyArea(area.id)).message);
    } catch (e) {
      notify('error', failureText(e, MSG_FAILED));
    }
    refresh();
  };
  const actions = (a: CoverageReviewItem) => (
    <Group gap="xs" wrap="nowrap">
      <Button size="compact-sm" onClick={() => void verify(a)} aria-label={`Verify ${a.county}, ${a.stateCode} for ${a.appraiserName}`}>
        Verify
      </Button>
      <Button size="compact-sm" variant="default" onClick={() => setRejecting(a)} aria-label={`Reject ${a.county}, ${a.stateCode} for ${a.appraiserName}`}>
        Reject
      </Button>
    </Group>
  );
  return (
    <Stack gap="md">
      <Title order={1}>Coverage Review</Title>
      <Text c="gray.8">Verified coverage ranks an appraiser higher among an order&apos;s candidates in that county.</Text>
      <ListTable {...LIST} columns={columns(timeZone)} rows={pending.data} loading={pending.isPending} actions={actions} />
      {rejecting ? (
        <RejectDialog
          area={rejecting}
          onClose={() => setRejecting(null)}
          onDone={() => {
            setRejecting(null);
            refresh();
          }}
        />
      ) : null}
    </Stack>
  );
}
