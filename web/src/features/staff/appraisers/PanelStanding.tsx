import { Badge, Button, Textarea } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { FormDialog, mutationState } from '../../../components/FormDialog';
import { useFields } from '../../../components/useFields';
import { appraiserKeys } from '../../../lib/appraiserMe';
import { notify } from '../../../lib/notify';
import { APPRAISERS_KEY, reinstateAppraiser, suspendAppraiser, type AppraiserItem } from './api';

/** The server's words for a suspension without a reason, so the dialog can say it before sending. */
export const MSG_REASON_REQUIRED = 'Please enter a reason.';
const MSG_CHANGE_FAILED = 'The panel could not be changed. Please try again.';

/** Where staff read an appraiser's panel history: the Panel tab of their profile. */
const panelHistoryPath = (securityUserId: number) => `/staff/appraisers/${securityUserId}/profile/panel`;

/** "Suspended" beside a suspended appraiser's status. */
export function SuspendedBadge({ suspended }: { suspended: boolean }) {
  return suspended ? (
    <Badge color="red.9" variant="filled" radius="sm" tt="none" fw={600} display="block" w="fit-content" mt={4}>
      Suspended
    </Badge>
  ) : null;
}

export type PanelChange = 'suspend' | 'reinstate';

/** A row's Suspend or Reinstate and the way to its panel history. */
export function PanelButtons({ appraiser, onChange }: { appraiser: AppraiserItem; onChange: (change: PanelChange) => void }) {
  const change: PanelChange = appraiser.suspended ? 'reinstate' : 'suspend';
  return (
    <>
      <Button size="compact-sm" variant="default" onClick={() => onChange(change)} aria-label={`${change === 'suspend' ? 'Suspend' : 'Reinstate'} ${appraiser.name}`}>
        {change === 'suspend' ? 'Suspend' : 'Reinstate'}
      </Button>
      <Button size="compact-sm" variant="default" component={Link} to={panelHistoryPath(appraiser.id)} aria-label={`Panel history of ${appraiser.name}`}>
        Panel History
      </Button>
    </>
  );
}

/** Suspends an appraiser from the panel (a reason required, e-mailed to them) or reinstates them (a note if wanted). */
export function PanelDialog({ appraiser, change, onClose }: { appraiser: AppraiserItem; change: PanelChange; onClose: () => void }) {
  const queryClient = useQueryClient();
  const suspending = change === 'suspend';
  const f = useFields({ reason: '' });
  const save = useMutation({
    mutationFn: () => (suspending ? suspendAppraiser(appraiser.id, f.values.reason.trim()) : reinstateAppraiser(appraiser.id, f.values.reason.trim() || null)),
    onSuccess: async (done) => {
      notify('success', done.message);
      await Promise.all([queryClient.invalidateQueries({ queryKey: appraiserKeys.appraiser(appraiser.id) }), queryClient.invalidateQueries({ queryKey: APPRAISERS_KEY })]);
      onClose();
    },
  });
  const submit = () => {
    if (f.accept(suspending && !f.values.reason.trim() ? { reason: MSG_REASON_REQUIRED } : {})) save.mutate();
  };
  return (
    <FormDialog
      title={suspending ? `Suspend ${appraiser.name}` : `Reinstate ${appraiser.name}`}
      opened
      onClose={onClose}
      onSubmit={submit}
      submitLabel={suspending ? 'Suspend' : 'Reinstate'}
      danger={suspending}
      {...mutationState(save, MSG_CHANGE_FAILED)}
    >
      <Textarea
        label={suspending ? 'Reason' : 'Note'}
        description={
          suspending
            ? 'E-mailed to the appraiser and kept in their panel history. No work is offered or assigned to them until reinstated.'
            : 'Kept in their panel history (optional).'
        }
        required={suspending}
        autosize
        minRows={3}
        data-autofocus
        {...f.input('reason')}
      />
    </FormDialog>
  );
}
