import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { appConfig, csrf, loggedIn, runFakeServer, server } from '../../test/server';
import { renderApp } from '../../test/render';

runFakeServer();

function fill(username: string, password: string) {
  fireEvent.change(screen.getByLabelText(/^Username/), { target: { value: username } });
  fireEvent.change(screen.getByLabelText(/^Password/, { selector: 'input' }), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

/** Opens `path` signed out and waits for the sign-in form; the server answers a sign-in with `answer`. */
async function atSignIn(answer: object, { status = 200, path = '/login' } = {}) {
  server.use(
    loggedIn(null),
    appConfig(),
    csrf,
    http.post('*/api/auth/login', () => HttpResponse.json(answer, { status })),
  );
  const rendered = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'Sign in' });
  return rendered;
}

describe('Sign in page', () => {
  it('shows the links and requires both fields', async () => {
    server.use(loggedIn(null), appConfig());
    renderApp('/login');
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute('href', '/reset-password');
    await waitFor(() => expect(screen.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', 'https://careers.example.com/join'));
    fill('', '');
    expect(await screen.findByText('Username is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
  });

  it.each([
    ['bad credentials show the login failure message', { message: 'Invalid username or password' }, 401, 'Login failed. Please check your credentials.'],
    ['rate limiting shows the server message', { message: 'Too many attempts, try later' }, 429, 'Too many attempts, try later'],
    ['a returned user without securityUserId is rejected', { userType: 1, firstName: null, lastName: null }, 200, 'securityUserId is missing'],
  ])('%s', async (_case, answer, status, shown) => {
    await atSignIn(answer, { status });
    fill('someone', 'wrong');
    expect(await screen.findByText(shown)).toBeInTheDocument();
  });

  it('success goes to the role dashboard', async () => {
    const { router } = await atSignIn({ securityUserId: 4, userType: 2, firstName: 'Sam', lastName: 'Staff' });
    fill('demo.staff', 'pw');
    expect(await screen.findByRole('heading', { level: 1, name: 'Orders Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/staff/dashboard');
    expect(screen.getByRole('button', { name: /Sam Staff/ })).toBeInTheDocument();
  });
});

describe('Sign in that needs verification', () => {
  it('goes to Verify Your Identity with the token and the remembered target', async () => {
    const { router } = await atSignIn({ verificationToken: 'tok-1' });
    fill('demo.staff', 'pw');
    expect(await screen.findByRole('heading', { level: 1, name: 'Verify Your Identity' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dual-auth');
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('token')).toBe('tok-1');
    expect(params.get('redirect')).toBe('/dashboard');
  });

  it('keeps the page the guard remembered as the redirect', async () => {
    const { router } = await atSignIn({ verificationToken: 'tok-2' }, { path: '/appraiser/quotes' });
    fill('demo.appraiser', 'pw');
    await screen.findByRole('heading', { level: 1, name: 'Verify Your Identity' });
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/appraiser/quotes');
  });
});

describe('Sign in with single sign-on', () => {
  /** Opens `path` signed out with single sign-on through `provider` (null: off); waits for the settings to arrive. */
  async function atSignInWith(provider: string | null, path = '/login') {
    server.use(loggedIn(null), appConfig({ singleSignOn: provider }));
    renderApp(path);
    await waitFor(() => expect(screen.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', 'https://careers.example.com/join'));
  }

  it('is not offered when the server has it off', async () => {
    await atSignInWith(null);
    expect(screen.queryByRole('link', { name: /^Sign in with/ })).not.toBeInTheDocument();
    expect(screen.queryByText('or')).not.toBeInTheDocument();
  });

  it('is a link to its start at the server, under "or", with no page to come back to on a plain visit', async () => {
    await atSignInWith('Contoso ID');
    expect(screen.getByText('or')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in with Contoso ID' })).toHaveAttribute('href', '/api/auth/oidc/start');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });

  it('comes back to the page the guard remembered', async () => {
    await atSignInWith('Contoso ID', '/appraiser/quotes?status=open');
    expect(screen.getByRole('link', { name: 'Sign in with Contoso ID' })).toHaveAttribute('href', '/api/auth/oidc/start?returnTo=%2Fappraiser%2Fquotes%3Fstatus%3Dopen');
  });
});

describe('A single sign-on the server refused', () => {
  it.each([
    ['unavailable', 'Single sign-on is not available right now. Please sign in with your username and password.'],
    ['failed', 'Single sign-on did not complete. Please try again.'],
    ['unverified', 'Your identity provider did not confirm your e-mail address, so you cannot sign in with it here.'],
    ['no-account', 'No portal account uses the e-mail address you signed in with. Ask your administrator for an invitation, or sign in with your username and password.'],
    ['not-offered', 'Single sign-on is for staff and lender users. Appraisers sign in with their username and password.'],
    ['expired', 'Single sign-on did not complete. Please try again.'],
    ['constructor', 'Single sign-on did not complete. Please try again.'],
  ])('sso=%s says why above the form', async (reason, shown) => {
    await atSignIn({}, { path: `/login?sso=${reason}` });
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(shown);
    expect(alert.compareDocumentPosition(screen.getByLabelText(/^Username/)) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('says nothing without a reason', async () => {
    await atSignIn({});
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
