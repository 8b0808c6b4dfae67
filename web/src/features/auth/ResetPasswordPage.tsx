import { Alert, Button, Group, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useRef, useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { notify } from '../../lib/notify';
import { MSG_RESET_DONE, MSG_RESET_FAILED, MSG_RESET_LINK_SENT, MSG_RESET_TOKEN_MISSING, usePerformPasswordReset, useRequestPasswordReset } from './api';
import { MSG_PASSWORD_REQUIREMENTS, canSubmitPassword, confirmationError, isPasswordValid } from '../../lib/passwordRules';
import { PasswordChecklist } from '../../components/PasswordChecklist';
import { PasswordField } from '../../components/PasswordField';
import { FormCard } from '../../components/FormCard';
import { SignUpLinks } from './SignUpLinks';

export const MSG_USERNAME_REQUIRED = 'Username is required';
/** Back to the sign-in page 2 seconds after a successful reset. */
export const RESET_REDIRECT_MS = 2000;

/** Reset Password request (/reset-password): a username, then the e-mailed link. */
export function ResetPasswordPage() {
  const mutation = useRequestPasswordReset();
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const form = useForm({
    mode: 'controlled',
    initialValues: { username: '' },
    validate: { username: (v) => (v.trim() ? null : MSG_USERNAME_REQUIRED) },
  });

  const onSubmit = form.onSubmit((values) => {
    setError(null);
    setSent(null);
    mutation.mutate(values.username.trim(), {
      onSuccess: (message) => {
        const text = message || MSG_RESET_LINK_SENT;
        notify('success', text);
        setSent(text);
      },
      onError: (e) => {
        notify('error', e.message);
        setError(e.message);
      },
    });
  });

  return (
    <FormCard title="Reset Password" onSubmit={onSubmit}>
      <Text>Enter your username and we will e-mail you a link to set a new password.</Text>
      <div role="status">
        {sent ? (
          <Alert color="green" variant="light" title="Reset link requested">
            {sent}
          </Alert>
        ) : null}
      </div>
      {error ? (
        <Alert color="red" variant="light" role="alert" title="Error">
          {error}
        </Alert>
      ) : null}
      <TextInput label="Username" autoComplete="username" withAsterisk {...form.getInputProps('username')} />
      <Button type="submit" fullWidth disabled={mutation.isPending}>
        {mutation.isPending ? 'Sending...' : 'Send reset link'}
      </Button>
      <SignUpLinks to="/login">Back to Login</SignUpLinks>
    </FormCard>
  );
}

/** Create New Password (/perform-reset-password?token=...; a missing token goes to /reset-password). */
export function PerformResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  if (!token) return <MissingToken />;
  return <NewPasswordForm token={token} />;
}

function MissingToken() {
  const shown = useRef(false);
  useEffect(() => {
    if (shown.current) return;
    shown.current = true;
    notify('error', MSG_RESET_TOKEN_MISSING);
  }, []);
  return <Navigate to="/reset-password" replace />;
}

function NewPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const mutation = usePerformPasswordReset();
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const form = useForm({
    mode: 'controlled',
    initialValues: { username: '', password: '', confirm: '' },
    validate: { username: (v) => (v.trim() ? null : MSG_USERNAME_REQUIRED) },
  });

  const { password, confirm } = form.values;
  const mismatch = confirmationError(password, confirm);
  const pending = mutation.isPending;
  const canSubmit = canSubmitPassword(password, confirm, pending) && !done;

  const onSubmit = form.onSubmit((values) => {
    setError(null);
    if (!isPasswordValid(values.password) || values.password !== values.confirm) {
      notify('error', MSG_PASSWORD_REQUIREMENTS);
      setError(MSG_PASSWORD_REQUIREMENTS);
      return;
    }
    mutation.mutate(
      { token, username: values.username.trim(), password: values.password },
      {
        onSuccess: (message) => {
          notify('success', message || MSG_RESET_DONE);
          setDone(true);
          timer.current = window.setTimeout(() => navigate('/login', { replace: true }), RESET_REDIRECT_MS);
        },
        onError: (e) => {
          notify('error', e.message, MSG_RESET_FAILED);
          setError(e.message);
        },
      },
    );
  });

  return (
    <FormCard title="Create New Password" onSubmit={onSubmit} maw={480}>
      {error ? (
        <Alert color="red" variant="light" role="alert" title={MSG_RESET_FAILED}>
          {error}
        </Alert>
      ) : null}
      <TextInput label="Username" autoComplete="username" withAsterisk {...form.getInputProps('username')} />
      <PasswordField label="New Password" autoComplete="new-password" aria-describedby="password-rules" {...form.getInputProps('password')} />
      <PasswordChecklist password={password} id="password-rules" />
      <PasswordField label="Confirm Password" autoComplete="new-password" {...form.getInputProps('confirm')} error={mismatch} />
      <Button type="submit" fullWidth disabled={!canSubmit}>
        {pending ? 'Resetting...' : 'Reset Password'}
      </Button>
      <Group justify="space-between">
        <Button variant="light" component={Link} to="/login">
          Go to Login
        </Button>
        <Button variant="default" onClick={() => navigate(-1)}>
          Go Back
        </Button>
      </Group>
    </FormCard>
  );
}
