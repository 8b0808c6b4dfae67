import { Alert, Button, Divider } from '@mantine/core';
import { useAppConfig } from '../../lib/appConfig';

/** Why the server sent a single sign-on back to /login?sso=<reason>, as the sign-in page says it. */
const SSO_REFUSALS = {
  unavailable: 'Single sign-on is not available right now. Please sign in with your username and password.',
  failed: 'Single sign-on did not complete. Please try again.',
  unverified: 'Your identity provider did not confirm your e-mail address, so you cannot sign in with it here.',
  'no-account': 'No portal account uses the e-mail address you signed in with. Ask your administrator for an invitation, or sign in with your username and password.',
  'not-offered': 'Single sign-on is for staff and lender users. Appraisers sign in with their username and password.',
} as const;

/** The message for a refusal's reason; a reason this app does not know reads as `failed`. */
function ssoRefusal(reason: string): string {
  return Object.hasOwn(SSO_REFUSALS, reason) ? SSO_REFUSALS[reason as keyof typeof SSO_REFUSALS] : SSO_REFUSALS.failed;
}

/** The server's start of a single sign-on, which comes back to `returnTo` (a path) once signed in. */
function ssoStartUrl(returnTo: string | null): string {
  return `/api/auth/oidc/start${returnTo ? `?returnTo=${encodeURIComponent(returnTo)}` : ''}`;
}

/** The refusal named by the page address's `sso` parameter, if any. */
export function SsoRefusalAlert({ reason }: { reason: string | null }) {
  if (reason === null) return null;
  return (
    <Alert color="red" variant="light" role="alert">
      {ssoRefusal(reason)}
    </Alert>
  );
}

/** "Sign in with {provider}" under the sign-in form, when the server offers single sign-on. */
export function SingleSignOnButton({ returnTo }: { returnTo: string | null }) {
  const provider = useAppConfig().data?.singleSignOn;
  if (!provider) return null;
  return (
    <>
      <Divider label="or" labelPosition="center" />
      {/* A full-page navigation: the server redirects to the provider and sets the session on the way back. */}
      <Button component="a" href={ssoStartUrl(returnTo)} variant="default" fullWidth>
        Sign in with {provider}
      </Button>
    </>
  );
}
