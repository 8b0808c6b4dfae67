import { Alert, Button, TextInput } from '@mantine/core';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { notify } from '../../lib/notify';
import { useLogin, verificationPath, type Credentials } from './api';
import { PasswordField } from '../../components/PasswordField';
import { FormCard } from '../../components/FormCard';
import { SignUpLinks } from './SignUpLinks';
import { SingleSignOnButton, SsoRefusalAlert } from './SingleSignOn';

export function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const loginMutation = useLogin();
  const [error, setError] = useState<string | null>(null);

  // Plain state rather than @mantine/form, whose code the first screen can do without.
  const [values, setValues] = useState<Credentials>({ username: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<keyof Credentials, string>>>({});
  const field = (name: keyof Credentials) => ({
    value: values[name],
    error: errors[name],
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      const value = e.currentTarget.value;
      setValues((v) => ({ ...v, [name]: value }));
      setErrors((errs) => ({ ...errs, [name]: undefined }));
    },
  });

  const from = (location.state as { from?: unknown } | null)?.from;
  const remembered = typeof from === 'string' && from.startsWith('/') && !from.startsWith('/login') ? from : null;
  const target = remembered ?? '/dashboard';

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = {
      username: values.username.trim() ? undefined : 'Username is required',
      password: values.password ? undefined : 'Password is required',
    };
    setErrors(found);
    if (found.username || found.password) return;
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
  };

  const pending = loginMutation.isPending;

  return (
    <FormCard title="Sign in" onSubmit={onSubmit}>
      <SsoRefusalAlert reason={new URLSearchParams(location.search).get('sso')} />
      {error ? (
        <Alert color="red" variant="light" role="alert" title="Error">
          {error}
        </Alert>
      ) : null}
      <TextInput label="Username" autoComplete="username" withAsterisk {...field('username')} />
      <PasswordField label="Password" autoComplete="current-password" {...field('password')} />
      <Button type="submit" fullWidth loading={false} disabled={pending}>
        {pending ? 'Signing in...' : 'Sign in'}
      </Button>
      <SignUpLinks to="/reset-password">Forgot your password?</SignUpLinks>
      <SingleSignOnButton returnTo={remembered} />
    </FormCard>
  );
}
