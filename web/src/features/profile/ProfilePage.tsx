import { Alert, Badge, Group, Skeleton, Stack, Tabs, Text, Title, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { useCurrentUser } from '../../lib/session';
import { ChangePasswordButton } from '../../components/ChangePasswordDialog';
import { userAccountQuery } from '../../lib/myAccount';
import { ownProfilePathFor } from '../../lib/roles';
import { appraiserQuery, type AppraiserInfo } from './api';
import { CertificationsTab } from './CertificationsTab';
import { CoverageAreaTab } from './CoverageAreaTab';
import { DocumentsTab } from './DocumentsTab';
import { PanelTab } from './PanelTab';
import { PersonalInfoTab } from './PersonalInfoTab';
import { ACCOUNT_ONLY_TYPES, FHA_CERTIFIED, fullName, mayReadPanelHistory, MSG_APPRAISER_NOT_FOUND, parseProfileRef, profileBasePath, tabFor, visibleTabs } from './rules';
import type { TabSlug } from './tabs';
import { SettingsTab } from './SettingsTab';

function LoadingSkeleton() {
  return (
    <Stack gap="sm" aria-busy="true" data-testid="profile-skeleton">
      <VisuallyHidden role="status">Loading profile</VisuallyHidden>
      <Skeleton height={28} width="40%" />
      <Skeleton height={36} />
      <Skeleton height={160} />
    </Stack>
  );
}

/** No appraiser record: "Appraiser Not Found"; the own page still lets the user change their password. */
function NotFound({ own }: { own: boolean }) {
  return (
    <Stack gap="md" align="flex-start">
      <Alert color="red" variant="light" role="alert" w="100%">
        {MSG_APPRAISER_NOT_FOUND}
      </Alert>
      {own ? <ChangePasswordButton /> : null}
    </Stack>
  );
}

function FailedLoad({ error }: { error: Error }) {
  return (
    <Alert color="red" variant="light" role="alert">
      {error.message}
    </Alert>
  );
}

/** A user without an appraiser record by role (staff, a client): their personal info and password. */
function OwnAccount({ securityUserId }: { securityUserId: number }) {
  const query = useQuery(userAccountQuery(securityUserId));
  if (query.isPending) return <LoadingSkeleton />;
  if (query.isError) return <FailedLoad error={query.error} />;
  const u = query.data;
  return (
    <Stack gap="md">
      <Text fw={700} size="lg">
        {fullName(u.firstName, u.lastName) || u.loginId}
      </Text>
      <PersonalInfoTab user={u} />
      <Group>
        <ChangePasswordButton />
      </Group>
    </Stack>
  );
}

function ProfileTabs({ appraiser, tabName, base }: { appraiser: AppraiserInfo; tabName: string | undefined; base: string }) {
  const navigate = useNavigate();
  const tabs = visibleTabs(mayReadPanelHistory(useCurrentUser().data, appraiser.securityUser.id));
  const tab = tabFor(tabName, tabs);
  const mobile = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  const u = appraiser.securityUser;
  const panel = (slug: TabSlug) => {
    switch (slug) {
      case 'personal-info':
        return <PersonalInfoTab user={appraiser.securityUser} appraiser={appraiser} />;
      case 'coverage-area':
        return <CoverageAreaTab appraiser={appraiser} mobile={mobile} />;
      case 'certifications':
        return <CertificationsTab appraiser={appraiser} mobile={mobile} />;
      case 'documents':
        return <DocumentsTab appraiser={appraiser} mobile={mobile} />;
      case 'settings':
        return <SettingsTab appraiser={appraiser} />;
      case 'panel':
        return <PanelTab appraiser={appraiser} />;
    }
  };
  return (
    <Stack gap="md">
      <Group gap="sm" wrap="wrap">
        <Text fw={700} size="lg">
          {fullName(u.firstName, u.lastName) || u.loginId}
        </Text>
        {appraiser.isFhaCertified ? (
          <Badge color="blue.9" variant="filled" tt="none">
            {FHA_CERTIFIED}
          </Badge>
        ) : null}
      </Group>
      <Tabs value={tab} onChange={(v) => v && void navigate(`${base}/${v}`)} keepMounted={false}>
        <Tabs.List aria-label="Profile sections">
          {tabs.map((t) => (
            <Tabs.Tab key={t.slug} value={t.slug} data-slug={t.slug}>
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {tabs.map((t) => (
          <Tabs.Panel key={t.slug} value={t.slug} pt="md">
            {panel(t.slug)}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}

/**
 * Profile Settings (docs/domain.md#appraiser-profile): /profile/me[/:tabName], /staff/profile[/:tabName],
 * /appraiser/profile/:securityUserId[/:tabName] and, for staff, /staff/appraisers/:securityUserId/profile[/:tabName],
 * where securityUserId is me or a number.
 */
export function ProfilePage() {
  const { securityUserId, tabName } = useParams();
  const { pathname } = useLocation();
  const { data: user } = useCurrentUser();
  const ref = parseProfileRef(securityUserId);
  const accountOnly = ref === 'me' && !!user && ACCOUNT_ONLY_TYPES.includes(user.userType);
  const query = useQuery({ ...appraiserQuery(ref ?? 'me'), enabled: ref !== null && !accountOnly });
  // A lender's own profile is a page of their area.
  const ownElsewhere = ref === 'me' && !!user && ownProfilePathFor(user) !== '/profile/me';
  if (ownElsewhere) return <Navigate to={ownProfilePathFor(user)} replace />;

  return (
    <Stack gap="md">
      <Title order={1}>Profile Settings</Title>
      {ref === null ? (
        <NotFound own={false} />
      ) : accountOnly ? (
        <OwnAccount securityUserId={user.securityUserId} />
      ) : query.isPending ? (
        <LoadingSkeleton />
      ) : query.isError ? (
        <FailedLoad error={query.error} />
      ) : query.data === null ? (
        <NotFound own={ref === 'me'} />
      ) : (
        <ProfileTabs appraiser={query.data} tabName={tabName} base={profileBasePath(pathname, tabName)} />
      )}
    </Stack>
  );
}
