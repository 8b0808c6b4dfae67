import { Anchor, Badge, Group, Stack, Text, Title } from '@mantine/core';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import { containsBackdoorWord, roleLabel } from '../../lib/roles';
import { useCurrentUser } from '../../lib/session';

/** /unauthorized and /forbidden: the attempted URL (on /unauthorized) and the caller's role label. */
export function AccessDeniedPage({ showAttemptedUrl = true }: { showAttemptedUrl?: boolean }) {
  const [params] = useSearchParams();
  const location = useLocation();
  const { data: user } = useCurrentUser();
  const stateFrom = (location.state as { from?: unknown } | null)?.from;
  const attempted = params.get('from') ?? (typeof stateFrom === 'string' ? stateFrom : null);

  if (containsBackdoorWord(attempted)) return <Navigate to="/dashboard" replace />;

  return (
    <Stack gap="md" maw={640}>
      <Title order={1}>Access Denied</Title>
      <Text>You don&apos;t have permission to access this page.</Text>
      {showAttemptedUrl && attempted ? (
        <Text>
          Attempted URL:{' '}
          <Text component="code" ff="monospace">
            {attempted}
          </Text>
        </Text>
      ) : null}
      <Group gap="xs">
        <Text>Current role:</Text>
        <Badge variant="filled" size="lg" data-testid="role-label">
          {roleLabel(user?.userType)}
        </Badge>
      </Group>
      <Anchor component={Link} to="/dashboard">
        Go to Dashboard
      </Anchor>
    </Stack>
  );
}

export function UnauthorizedPage() {
  return <AccessDeniedPage showAttemptedUrl />;
}

export function ForbiddenPage() {
  return <AccessDeniedPage showAttemptedUrl={false} />;
}
