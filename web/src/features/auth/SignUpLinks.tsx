import { Anchor, Group } from '@mantine/core';
import { Link } from 'react-router';
import { SIGN_UP_FALLBACK_URL, useAppConfig } from '../../lib/appConfig';

/** Under a sign-in form: Sign Up (the company's page, in a new tab) and a link to the other form. */
export function SignUpLinks({ to, children }: { to: string; children: string }) {
  const { data: config } = useAppConfig();
  return (
    <Group justify="space-between">
      <Anchor href={config?.signUpUrl || SIGN_UP_FALLBACK_URL} target="_blank" rel="noopener noreferrer">
        Sign Up
      </Anchor>
      <Anchor component={Link} to={to}>
        {children}
      </Anchor>
    </Group>
  );
}
