import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { PlaceholderPage } from '../../components/PlaceholderPage';

export function ResetPasswordPage() {
  return (
    <PlaceholderPage title="Reset Password" description="Password reset is coming soon.">
      <Anchor component={Link} to="/login">
        Back to Login
      </Anchor>
    </PlaceholderPage>
  );
}

export function PerformResetPasswordPage() {
  return (
    <PlaceholderPage title="Create New Password" description="Setting a new password is coming soon.">
      <Anchor component={Link} to="/login">
        Back to Login
      </Anchor>
    </PlaceholderPage>
  );
}
