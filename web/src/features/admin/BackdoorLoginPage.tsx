import { Alert, Button, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { notify } from '../../lib/notify';
import { useBackDoorLogin } from './api';
import { MSG_BACKDOOR_FAILURE, MSG_BACKDOOR_SUCCESS } from './constants';
import { FormCard } from '../../components/FormCard';

/** /admin/backdoor-login (secret only): signs in as an appraiser by username. */
export function BackdoorLoginPage() {
  const navigate = useNavigate();
  const backDoor = useBackDoorLogin();
  const [username, setUsername] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const value = username.trim();
    if (!value) {
      setFieldError('Username is required');
      return;
    }
    setFieldError(null);
    setError(null);
    backDoor.mutate(value, {
      onSuccess: () => {
        notify('success', MSG_BACKDOOR_SUCCESS);
        navigate('/appraiser/dashboard', { replace: true });
      },
      onError: (err) => {
        const message = err.message || MSG_BACKDOOR_FAILURE;
        setError(message);
        if (message === MSG_BACKDOOR_FAILURE) notify('error', message);
      },
    });
  };

  return (
    <FormCard title="Sign In As Appraiser" onSubmit={onSubmit}>
      <Text size="sm" c="gray.8">
        Your session becomes the appraiser&apos;s. The sign-in and every call in it are written to the audit log.
      </Text>
      {error ? (
        <Alert color="red" variant="light" role="alert" title="Error">
          {error}
        </Alert>
      ) : null}
      <TextInput label="Username" withAsterisk autoComplete="off" value={username} error={fieldError} onChange={(e) => setUsername(e.currentTarget.value)} />
      <Button type="submit" fullWidth disabled={backDoor.isPending}>
        {backDoor.isPending ? 'Signing in...' : 'Sign In'}
      </Button>
    </FormCard>
  );
}
