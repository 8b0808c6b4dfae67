import { Button, Group, Stack, Switch, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ChangePasswordButton } from '../../components/ChangePasswordDialog';
import { InfoCard } from '../../components/DataDisplay';
import { NotificationsCard } from '../../components/NotificationsCard';
import { formatDay } from '../../lib/dates';
import { notify } from '../../lib/notify';
import { useCurrentUser } from '../../lib/session';
import { showUpdatedAppraiser, updateTrainee, type AppraiserInfo } from './api';
import { CalendarFeedCard } from './CalendarFeedCard';
import { CapacityForm } from './CapacityForm';
import { FeeScheduleCard } from './FeeScheduleCard';
import { notifyFailure } from './feedback';
import { OutOfOfficeDialog } from './OutOfOfficeDialog';
import { MSG_SAVE_FAILED } from './rules';
import { TaxInfoCard } from './TaxInfoCard';

export const MSG_TRAINEE_SAVED = 'Trainee information updated.';

/** Section 4.4: the toggle reads "has trainees", the opposite of noTrainee. */
function TraineeToggle({ appraiser }: { appraiser: AppraiserInfo }) {
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (hasTrainee: boolean) => updateTrainee(appraiser.securityUser.id, hasTrainee),
    onSuccess: (updated) => {
      notify('success', MSG_TRAINEE_SAVED);
      showUpdatedAppraiser(queryClient, updated);
    },
    onError: (e) => notifyFailure(e, MSG_SAVE_FAILED),
  });
  const hasTrainees = save.isPending ? save.variables : !appraiser.noTrainee;
  return (
    <Stack gap={4}>
      <Switch label="Has trainees" aria-describedby="trainee-help" checked={hasTrainees} disabled={save.isPending} onChange={(e) => save.mutate(e.currentTarget.checked)} />
      <Text size="sm" c="gray.8" id="trainee-help">
        On when trainees work with this appraiser on orders.
      </Text>
    </Stack>
  );
}

function OutOfOffice({ appraiser }: { appraiser: AppraiserInfo }) {
  const [open, setOpen] = useState(false);
  const { oooStartDate: start, oooEndDate: end } = appraiser;
  return (
    <Stack gap="sm">
      <Text size="sm" data-testid="ooo-dates">
        {start && end ? `Out of office from ${formatDay(start)} to ${formatDay(end)}.` : 'No out of office dates are set.'}
      </Text>
      <Group>
        <Button variant="default" onClick={() => setOpen(true)}>
          Set Out of Office
        </Button>
      </Group>
      {open ? <OutOfOfficeDialog appraiser={appraiser} onClose={() => setOpen(false)} /> : null}
    </Stack>
  );
}

/**
 * Settings (profile tab 5): trainees, Change Password, Out of Office, capacity, the fee schedule, and
 * on one's own profile the 1099-NEC tax information (only the appraiser reads it here; staff use the
 * record dialog), notifications and the calendar feed.
 */
export function SettingsTab({ appraiser }: { appraiser: AppraiserInfo }) {
  // change-my-password changes the signed-in user's own password: offered on their own profile only.
  const own = useCurrentUser().data?.securityUserId === appraiser.securityUser.id;
  return (
    <Stack gap="md">
      <InfoCard title="Trainees">
        <TraineeToggle appraiser={appraiser} />
      </InfoCard>
      {own ? (
        <InfoCard title="Password">
          <Group>
            <ChangePasswordButton />
          </Group>
        </InfoCard>
      ) : null}
      {own ? <TaxInfoCard securityUserId={appraiser.securityUser.id} /> : null}
      <InfoCard title="Out of Office">
        <OutOfOffice appraiser={appraiser} />
      </InfoCard>
      <InfoCard title="Capacity">
        <CapacityForm appraiser={appraiser} />
      </InfoCard>
      <FeeScheduleCard securityUserId={appraiser.securityUser.id} />
      {own ? <NotificationsCard /> : null}
      {own ? <CalendarFeedCard /> : null}
    </Stack>
  );
}
