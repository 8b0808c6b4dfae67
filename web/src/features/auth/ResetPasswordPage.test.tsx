import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { answerPost, appConfig, csrf, loggedIn, runFakeServer, server } from '../../test/server';
import { renderApp } from '../../test/render';

runFakeServer();

const GOOD = 'Fresh!Password2027';

describe('Reset Password request', () => {
  it('shows the links, requires a username and confirms the request', async () => {
    const reset = answerPost('*/api/auth/reset-password', 'Check your email for a reset link');
    server.use(loggedIn(null), appConfig(), csrf, reset.handler);
    renderApp('/reset-password');
    await screen.findByRole('heading', { level: 1, name: 'Reset Password' });
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');
    await waitFor(() => expect(screen.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', 'https://careers.example.com/join'));
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Username is required')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(/^Username/), { target: { value: ' demo.appraiser2 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect((await screen.findAllByText('Check your email for a reset link')).length).toBeGreaterThan(0);
    expect(reset.sent.body).toEqual({ username: 'demo.appraiser2' });
  });
});

function fillNew(username: string, password: string, confirm: string) {
  fireEvent.change(screen.getByLabelText(/^Username/), { target: { value: username } });
  fireEvent.change(screen.getByLabelText(/^New Password/, { selector: 'input' }), { target: { value: password } });
  fireEvent.change(screen.getByLabelText(/^Confirm Password/, { selector: 'input' }), { target: { value: confirm } });
}

function rule(id: string) {
  return document.querySelector(`[data-rule="${id}"]`)?.getAttribute('data-met');
}

describe('Create New Password', () => {
  it('without a token shows the notice and goes to /reset-password', async () => {
    server.use(loggedIn(null), appConfig());
    const { router } = renderApp('/perform-reset-password');
    await screen.findByRole('heading', { level: 1, name: 'Reset Password' });
    expect(router.state.location.pathname).toBe('/reset-password');
    expect(await screen.findByText('Invalid or missing reset token, resend email link or contact I.T.')).toBeInTheDocument();
  });

  it('checks the rules live, the match, and keeps submit disabled until valid', async () => {
    server.use(loggedIn(null), appConfig());
    renderApp('/perform-reset-password?token=abc');
    await screen.findByRole('heading', { level: 1, name: 'Create New Password' });
    expect(screen.getByRole('link', { name: 'Go to Login' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeInTheDocument();
    const submit = screen.getByRole('button', { name: 'Reset Password' });
    expect(submit).toBeDisabled();
    expect(rule('length')).toBe('false');

    fillNew('demo.appraiser2', 'abc', '');
    expect(rule('lowercase')).toBe('true');
    expect(rule('uppercase')).toBe('false');
    expect(submit).toBeDisabled();

    fillNew('demo.appraiser2', GOOD, 'Fresh!Password202');
    for (const id of ['length', 'lowercase', 'uppercase', 'digit', 'special']) expect(rule(id), id).toBe('true');
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(submit).toBeDisabled();

    fillNew('demo.appraiser2', GOOD, GOOD);
    expect(screen.queryByText('Passwords do not match')).not.toBeInTheDocument();
    expect(submit).toBeEnabled();
  });

  it('success notifies and goes to /login after 2 seconds', async () => {
    const reset = answerPost('*/api/auth/perform-reset-password', 'Password reset successfully');
    server.use(loggedIn(null), appConfig(), csrf, reset.handler);
    const { router } = renderApp('/perform-reset-password?token=abc');
    await screen.findByRole('heading', { level: 1, name: 'Create New Password' });
    fillNew('demo.appraiser2', GOOD, GOOD);
    fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Password reset successfully')).toBeInTheDocument();
    expect(reset.sent.body).toEqual({ token: 'abc', username: 'demo.appraiser2', password: GOOD });
    expect(router.state.location.pathname).toBe('/perform-reset-password');
    await act(async () => {
      await new Promise((r) => setTimeout(r, 2100));
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('failure shows Password Reset failed with the server message', async () => {
    server.use(
      loggedIn(null),
      appConfig(),
      csrf,
      http.post('*/api/auth/perform-reset-password', () => HttpResponse.json({ message: 'This reset link is invalid or has expired.' }, { status: 400 })),
    );
    const { router } = renderApp('/perform-reset-password?token=abc');
    await screen.findByRole('heading', { level: 1, name: 'Create New Password' });
    fillNew('demo.appraiser2', GOOD, GOOD);
    fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect((await screen.findAllByText('Password Reset failed')).length).toBeGreaterThan(0);
    expect(screen.getAllByText('This reset link is invalid or has expired.').length).toBeGreaterThan(0);
    expect(router.state.location.pathname).toBe('/perform-reset-password');
  });
});
