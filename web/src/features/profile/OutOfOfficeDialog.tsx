import { TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormDialog } from '../../components/FormDialog';
import { failureText, isSharedFailure } from '../../lib/api';
import { notify } from '../../lib/notify';
import { profileKeys, updateOutOfOffice, type AppraiserInfo } from './api';
import { checkOutOfOffice, MSG_SAVE_FAILED } from './rules';

export const MSG_OOO_SAVED = 'Out of office dates saved.';

/** Out of Office: start and end required, the end not before the start. */
export function OutOfOfficeDialog({ appraiser, onClose }: { appraiser: AppraiserInfo; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [startDate, setStartDate] = useState(appraiser.oooStartDate ?? '');
  const [endDate, setEndDate] = useState(appraiser.oooEndDate ?? '');
  const [failure, setFailure] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: updateOutOfOffice,
    onSuccess: () => {
      notify('success', MSG_OOO_SAVED);
      // Section 4.4: setting the dates is followed by a refresh of the profile.
      void queryClient.invalidateQueries({ queryKey: profileKeys.all });
      onClose();
    },
    onError: (e) => {
      console.error('out of office update failed', e);
      if (!isSharedFailure(e)) setFailure(failureText(e, MSG_SAVE_FAILED));
    },
  });

  const submit = () => {
    const problem = checkOutOfOffice(startDate, endDate);
    setFailure(problem);
    if (!problem) save.mutate({ appraiserId: appraiser.securityUser.id, startDate, endDate });
  };

  return (
    <FormDialog title="Out of Office" opened onClose={onClose} onSubmit={submit} submitLabel="Save" busy={save.isPending} failure={failure}>
      <TextInput type="date" label="Start Date" withAsterisk value={startDate} onChange={(e) => setStartDate(e.currentTarget.value)} data-autofocus />
      <TextInput type="date" label="End Date" withAsterisk value={endDate} min={startDate || undefined} onChange={(e) => setEndDate(e.currentTarget.value)} />
    </FormDialog>
  );
}
