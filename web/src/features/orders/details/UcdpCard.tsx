import { Button, NativeSelect, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { InfoCard } from '../../../components/DataDisplay';
import { FailureAlert } from '../../../components/LoadStates';
import { useFields } from '../../../components/useFields';
import { fieldErrors, formFailure } from '../../../lib/api';
import { formatDateAndTime } from '../../../lib/dates';
import { notify } from '../../../lib/notify';
import { orderKeys } from '../keys';
import { saveUcdp, ucdpQuery, type Ucdp, type UcdpBody } from './reviewApi';
import { CardLoadFailed } from './parts';

export const UCDP_TITLE = 'UCDP / EAD Submission';
export const MSG_UCDP_AFTER_REPORT = "Nothing to submit yet: the UCDP / EAD submission follows the appraiser's report.";
export const MSG_UCDP_FAILED = 'The UCDP / EAD record could not be loaded.';
export const MSG_UCDP_SAVED = 'The submission was recorded.';
export const MSG_SUBMISSION_STATUS_REQUIRED = 'Please select the submission status.';
export const MSG_SUMMARY_HINT = 'Upload the submission summary report with Attach Files, as a file of type "UCDP Submission Summary Report".';
const MSG_SAVE_FAILED = 'The submission could not be recorded. Please try again.';

const STATUSES: { value: UcdpBody['status']; label: string }[] = [
  { value: 'submitted', label: 'Submitted' },
  { value: 'successful', label: 'Successful' },
  { value: 'hard_stop', label: 'Hard stop' },
];

type UcdpFields = { fannieDocFileId: string; freddieDocFileId: string; status: string; fhaCaseNumber: string };

const fieldsOf = (u: Ucdp): UcdpFields => ({
  fannieDocFileId: u.fannieDocFileId ?? '',
  freddieDocFileId: u.freddieDocFileId ?? '',
  status: u.status ?? '',
  fhaCaseNumber: u.fhaCaseNumber ?? '',
});

const bodyOf = (v: UcdpFields, isFha: boolean): UcdpBody => ({
  fannieDocFileId: v.fannieDocFileId.trim() || null,
  freddieDocFileId: v.freddieDocFileId.trim() || null,
  status: v.status as UcdpBody['status'],
  fhaCaseNumber: isFha ? v.fhaCaseNumber.trim() || null : null,
});

function UcdpForm({ orderId, ucdp, timeZone }: { orderId: number; ucdp: Ucdp; timeZone: string | null }) {
  const queryClient = useQueryClient();
  const f = useFields(fieldsOf(ucdp));
  const save = useMutation({
    mutationFn: (body: UcdpBody) => saveUcdp(orderId, body),
    onSuccess: (fresh) => {
      queryClient.setQueryData(orderKeys.ucdp(orderId), fresh);
      // The history notes the record, and an FHA case number lands on the order.
      void queryClient.invalidateQueries({ queryKey: orderKeys.details(orderId) });
      notify('success', MSG_UCDP_SAVED);
    },
    onError: (error) => f.accept(fieldErrors(error)),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (f.accept(f.values.status ? {} : { status: MSG_SUBMISSION_STATUS_REQUIRED })) save.mutate(bodyOf(f.values, ucdp.isFha));
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label="Fannie Mae Doc File ID" maxLength={10} {...f.input('fannieDocFileId')} />
          <TextInput label="Freddie Mac Doc File ID" maxLength={10} {...f.input('freddieDocFileId')} />
          <NativeSelect label="Submission status" required data={[{ value: '', label: 'Select a status' }, ...STATUSES]} {...f.input('status')} />
          {ucdp.isFha ? <TextInput label="FHA case number" required placeholder="###-#######" maxLength={11} {...f.input('fhaCaseNumber')} /> : null}
        </SimpleGrid>
        <Text size="xs" c="gray.7">
          {MSG_SUMMARY_HINT}
        </Text>
        {ucdp.updatedAt ? <Text size="xs" c="gray.7">{`Recorded by ${ucdp.updatedBy ?? 'staff'} on ${formatDateAndTime(ucdp.updatedAt, timeZone)}`}</Text> : null}
        <FailureAlert message={formFailure(save.error, MSG_SAVE_FAILED)} />
        <Button type="submit" w="fit-content" loading={save.isPending}>
          Save Submission
        </Button>
      </Stack>
    </form>
  );
}

/** The order's UCDP / EAD submission (staff): the Doc File IDs, its status and, for FHA, the case number. */
export function UcdpCard({ orderId, timeZone }: { orderId: number; timeZone: string | null }) {
  const ucdp = useQuery(ucdpQuery(orderId));
  if (ucdp.isError) return <CardLoadFailed message={MSG_UCDP_FAILED} />;
  if (!ucdp.data) return null;
  return (
    <InfoCard title={UCDP_TITLE} testId="card-ucdp">
      <UcdpForm key={ucdp.dataUpdatedAt} orderId={orderId} ucdp={ucdp.data} timeZone={timeZone} />
    </InfoCard>
  );
}
