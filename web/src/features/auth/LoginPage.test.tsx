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

  it('bad credentials show the login failure message', async () => {
    server.use(
      loggedIn(null),
      appConfig(),
      csrf,
      http.post('*/api/auth/login', () => HttpResponse.json({ message: 'Invalid username or password' }, { status: 401 })),
    );
    renderApp('/login');
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    fill('someone', 'wrong');
    expect(await screen.findByText('Login failed. Please check your credentials.')).toBeInTheDocument();
  });

  it('rate limiting shows the server message', async () => {
    server.use(
      loggedIn(null),
      appConfig(),
      csrf,
      http.post('*/api/auth/login', () => HttpResponse.json({ message: 'Too many attempts, try later' }, { status: 429 })),
    );
    renderApp('/login');
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    fill('someone', 'wrong');
    expect(await screen.findByText('Too many attempts, try later')).toBeInTheDocument();
  });

  it('a returned user without securityUserId is rejected', async () => {
    server.use(
      loggedIn(null),
      appConfig(),
      csrf,
      http.post('*/api/auth/login', () => HttpResponse.json({ userType: 1, firstName: null, lastName: null })),
    );
    renderApp('/login');
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    fill('someone', 'pw');
    expect(await screen.findByText('securityUserId is missing')).toBeInTheDocument();
  });

  it('success goes to the role dashboard', async () => {
    server.use(
      loggedIn(null),
      appConfig(),
      csrf,
      http.post('*/api/auth/login', () => HttpResponse.json({ securityUserId: 4, userType: 2, firstName: 'Sam', lastName: 'Staff' })),
    );
    const { router } = renderApp('/login');
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    fill('demo.staff', 'pw');
    expect(await screen.findByRole('heading', { level: 1, name: 'Orders Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/staff/dashboard');
    expect(screen.getByRole('button', { name: /Sam Staff/ })).toBeInTheDocument();
  });
});

describe('Sign in that needs verification', () => {
  it('goes to Verify Your Identity with the token and the remembered target', async () => {
    server.use(
      loggedIn(null),
      appConfig(),
      csrf,
      http.post('*/api/auth/login', () => HttpResponse.json({ verificationToken: 'tok-1' })),
    );
    const { router } = renderApp('/login');
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    fill('demo.staff', 'pw');
    expect(await screen.findByRole('heading', { level: 1, name: 'Verify Your Identity' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dual-auth');
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('token')).toBe('tok-1');
    expect(params.get('redirect')).toBe('/dashboard');
  });

  it('keeps the page the guard remembered as the redirect', async () => {
    server.use(
      loggedIn(null),
      appConfig(),
      csrf,
      http.post('*/api/auth/login', () => HttpResponse.json({ verificationToken: 'tok-2' })),
    );
    const { router } = renderApp('/appraiser/quotes');
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    fill('demo.appraiser', 'pw');
    await screen.findByRole('heading', { level: 1, name: 'Verify Your Identity' });
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/appraiser/quotes');
  });
});
