import { Button } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { isSharedFailure } from '../lib/api';
import { changeMyPassword } from '../lib/myAccount';
import { notify } from '../lib/notify';
import { canSubmitPassword, confirmationError, MSG_PASSWORD_CHANGED, MSG_PASSWORD_REQUIREMENTS } from '../lib/passwordRules';
import { FormDialog } from './FormDialog';
import { PasswordChecklist } from './PasswordChecklist';
import { PasswordField } from './PasswordField';

/** The button that opens Change Password (every signed-in user's own). */
export function ChangePasswordButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="default" onClick={() => setOpen(true)}>
        Change Password
      </Button>
      {open ? <ChangePasswordDialog onClose={() => setOpen(false)} /> : null}
    </>
  );
}

/**
 * Change Password (docs/domain.md#passwords): the current password, a new one with the live
 * requirements checklist and its confirmation. Submit stays disabled until every rule holds, the
 * passwords match and nothing is pending. The server's error words are not shown; a
 * failing submit shows 'Please ensure your password meets all requirements.'.
 */
export function ChangePasswordDialog({ onClose }: { onClose: () => void }) {
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const change = useMutation({
    mutationFn: () => changeMyPassword(current, password),
    onSuccess: (message) => {
      notify('success', message ?? MSG_PASSWORD_CHANGED);
      onClose();
    },
    onError: (e) => {
      console.error('password change failed', e);
      if (!isSharedFailure(e)) setFailure(MSG_PASSWORD_REQUIREMENTS);
    },
  });
  const ready = current !== '' && canSubmitPassword(password, confirm, change.isPending);

  const submit = () => {
    setFailure(null);
    if (!ready) {
      setFailure(MSG_PASSWORD_REQUIREMENTS);
      return;
    }
    change.mutate();
  };

  return (
    <FormDialog title="Change Password" opened onClose={onClose} onSubmit={submit} submitLabel="Change Password" submitDisabled={!ready} busy={change.isPending} failure={failure}>
      <PasswordField label="Current Password" autoComplete="current-password" value={current} onChange={(e) => setCurrent(e.currentTarget.value)} data-autofocus />
      <PasswordField
        label="New Password"
        autoComplete="new-password"
        aria-describedby="change-password-rules"
        value={password}
        onChange={(e) => setPassword(e.currentTarget.value)}
      />
      <PasswordChecklist password={password} id="change-password-rules" />
      <PasswordField
        label="Confirm Password"
        autoComplete="new-password"
        value={confirm}
        onChange={(e) => setConfirm(e.currentTarget.value)}
        error={confirmationError(password, confirm)}
      />
    </FormDialog>
  );
}
