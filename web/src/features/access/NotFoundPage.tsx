import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { useCurrentUser } from '../../lib/session';

export function NotFoundPage() {
  const navigate = useNavigate();
  const { data: user } = useCurrentUser();
  return (
    <Stack gap="md" maw={640}>
      <Title order={1}>Page Not Found</Title>
      <Text>The page you are looking for does not exist.</Text>
      <Group>
        {user ? (
          <Anchor component={Link} to="/dashboard">
            Dashboard
          </Anchor>
        ) : (
          <Anchor component={Link} to="/login">
            Login
          </Anchor>
        )}
        <Button variant="outline" onClick={() => navigate(-1)}>
          Go Back
        </Button>
      </Group>
    </Stack>
  );
}
