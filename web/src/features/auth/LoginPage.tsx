import { Alert, Anchor, Button, Group, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { SIGN_UP_FALLBACK_URL, useAppConfig } from '../../lib/appConfig';
import { notify } from '../../lib/notify';
import { useLogin, verificationPath } from './api';
import { PasswordField } from '../../components/PasswordField';
import { FormCard } from '../../components/FormCard';

export function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const { data: config } = useAppConfig();
  const loginMutation = useLogin();
  const [error, setError] = useState<string | null>(null);

  const form = useForm({
    mode: 'controlled',
    initialValues: { username: '', password: '' },
    validate: {
      username: (v) => (v.trim() ? null : 'Username is required'),
      password: (v) => (v ? null : 'Password is required'),
    },
  });

  const from = (location.state as { from?: unknown } | null)?.from;
  const target = typeof from === 'string' && from.startsWith('/') && !from.startsWith('/login') ? from : '/dashboard';

  const onSubmit = form.onSubmit((values) => {
    setError(null);
    loginMutation.mutate(
      { username: values.username.trim(), password: values.password },
      {
        onSuccess: (result) => {
          if (result.kind === 'verify') {
            navigate(verificationPath(result.token, target));
            return;
          }
          notify('success', 'Logged in successfully');
          navigate(target, { replace: true });
        },
        onError: (e) => setError(e.message),
      },
    );
  });

  const pending = loginMutation.isPending;

  return (
    <FormCard title="Sign in" onSubmit={onSubmit}>
        {error ? (
          <Alert color="red" variant="light" role="alert" title="Error">
            {error}
          </Alert>
        ) : null}
        <TextInput label="Username" autoComplete="username" withAsterisk {...form.getInputProps('username')} />
        <PasswordField label="Password" autoComplete="current-password" {...form.getInputProps('password')} />
        <Button type="submit" fullWidth loading={false} disabled={pending}>
          {pending ? 'Signing in...' : 'Sign in'}
        </Button>
        <Group justify="space-between">
          <Anchor href={config?.signUpUrl || SIGN_UP_FALLBACK_URL} target="_blank" rel="noopener noreferrer">
            Sign Up
          </Anchor>
          <Anchor component={Link} to="/reset-password">
            Forgot your password?
          </Anchor>
        </Group>
    </FormCard>
  );
}
