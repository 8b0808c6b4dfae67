import { Anchor, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { CardGrid, SkeletonCardGrid } from '../../../components/CardGrid';
import { api, call } from '../../../lib/api';
import { useAppConfig } from '../../../lib/appConfig';
import { appraiserFullName, matchesAppraiser, type AppraiserListItem } from './match';
import { SearchField } from '../../../components/SearchField';

/** Skeleton cards while the list loads. */
export const APPRAISER_SKELETON_CARDS = 3;

export const MSG_NO_APPRAISERS = 'No Appraiser to manage';
export const MSG_NO_MATCHES = 'No appraisers match your filters';

/** This feature's query keys. */
export const companyAppraiserKeys = {
  list: () => ['company-appraisers'] as const,
};

/** The caller's company appraisers; a failed fetch shows an empty list. */
export async function fetchCompanyAppraisers(): Promise<AppraiserListItem[]> {
  try {
    const list = await call(api.GET('/api/admin-appraiser/company-appraisers'), { notify: false });
    return Array.isArray(list) ? list : [];
  } catch (e) {
    console.error('company appraisers load failed', e);
    return [];
  }
}

function AppraiserCard({ appraiser }: { appraiser: AppraiserListItem }) {
  const name = appraiserFullName(appraiser) || appraiser.securityUser.email || `Appraiser ${appraiser.securityUser.id}`;
  const email = appraiser.securityUser.email;
  return (
    <Card component="article" withBorder shadow="xs" radius="md" padding="md" h="100%" aria-label={name}>
      <Stack gap="xs" h="100%">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Title order={2} size="h4" style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Title>
          {appraiser.appraiserInfo.isFhaCertified ? (
            <Badge color="blue" variant="filled">
              FHA Certified
            </Badge>
          ) : null}
        </Group>
        <Text size="sm">
          <Text span fw={600}>
            Office:{' '}
          </Text>
          {appraiser.officeAddress || 'Not provided'}
        </Text>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          <Text span fw={600}>
            E-mail:{' '}
          </Text>
          {email ? <Anchor href={`mailto:${email}`}>{email}</Anchor> : 'Not provided'}
        </Text>
        <Group mt="auto" pt="xs">
          <Button component={Link} to={`/appraiser/profile/${appraiser.securityUser.id}`} variant="light" aria-label={`View Profile of ${name}`}>
            View Profile
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** /appraiser-admin/appraisers: the firm's appraisers as cards, with a search. */
export function AppraisersPage() {
  const { data: config } = useAppConfig();
  const { data: appraisers, isPending } = useQuery({
    queryKey: companyAppraiserKeys.list(),
    queryFn: fetchCompanyAppraisers,
  });
  const [search, setSearch] = useState('');

  const all = useMemo(() => appraisers ?? [], [appraisers]);
  const found = useMemo(() => all.filter((a) => matchesAppraiser(a, search)), [all, search]);
  const supportEmail = config?.supportEmail;

  return (
    <Stack gap="md">
      <Title order={1}>Appraisers</Title>
      <Text role="status" aria-live="polite" fw={500}>
        {isPending ? 'Loading appraisers...' : `${found.length} ${found.length === 1 ? 'appraiser' : 'appraisers'} found`}
      </Text>
      <Text size="sm" c="gray.8">
        To remove an appraiser from your company, e-mail{' '}
        {supportEmail ? (
          <Anchor href={`mailto:${supportEmail}`} underline="always">
            {supportEmail}
          </Anchor>
        ) : (
          'our support team'
        )}
        .
      </Text>

      <form role="search" aria-label="Filter appraisers" onSubmit={(e) => e.preventDefault()}>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <SearchField label="Search appraisers" description="Name, e-mail or office address" value={search} onChange={setSearch} style={{ flex: '1 1 16rem' }} maw={480} />
          <Button variant="default" onClick={() => setSearch('')}>
            Clear filters
          </Button>
        </Group>
      </form>

      {isPending ? (
        <SkeletonCardGrid label="Loading appraisers" count={APPRAISER_SKELETON_CARDS} itemTestId="appraiser-skeleton" />
      ) : all.length === 0 ? (
        <Text c="gray.8" py="lg">
          {MSG_NO_APPRAISERS}
        </Text>
      ) : found.length === 0 ? (
        <Text c="gray.8" py="lg">
          {MSG_NO_MATCHES}
        </Text>
      ) : (
        <CardGrid label="Appraisers">
          {found.map((a) => (
            <li key={a.securityUser.id}>
              <AppraiserCard appraiser={a} />
            </li>
          ))}
        </CardGrid>
      )}
    </Stack>
  );
}
