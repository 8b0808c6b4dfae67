import { Alert, Group, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ChangePasswordButton } from '../../components/ChangePasswordDialog';
import { InfoCard } from '../../components/DataDisplay';
import { NotificationsCard } from '../../components/NotificationsCard';
import { PersonalInfo } from '../../components/PersonalInfo';
import { failureText } from '../../lib/api';
import { userAccountQuery } from '../../lib/myAccount';
import { useCurrentUser } from '../../lib/session';

export const TITLE_CLIENT_PROFILE = 'Profile';
export const MSG_PROFILE_FAILED = 'Your profile could not be loaded. Please try again later.';

/** The lender's own profile (/client/profile): their name, e-mail and phones (read-only), their password and their notification choices. */
export function ClientProfilePage() {
  const me = useCurrentUser().data;
  const account = useQuery({ ...userAccountQuery(me?.securityUserId ?? 0), enabled: !!me });
  return (
    <Stack gap="md">
      <Title order={1}>{TITLE_CLIENT_PROFILE}</Title>
      {account.isPending ? (
        <Stack gap="sm" aria-busy="true">
          <VisuallyHidden role="status">Loading profile</VisuallyHidden>
          <Skeleton h={220} />
        </Stack>
      ) : account.isError ? (
        <Alert color="red" variant="light" role="alert">
          {failureText(account.error, MSG_PROFILE_FAILED)}
        </Alert>
      ) : (
        <PersonalInfo user={account.data} />
      )}
      <InfoCard title="Password">
        <Text size="sm">Change the password you sign in with. You will need your current one.</Text>
        <Group>
          <ChangePasswordButton />
        </Group>
      </InfoCard>
      <NotificationsCard />
    </Stack>
  );
}
