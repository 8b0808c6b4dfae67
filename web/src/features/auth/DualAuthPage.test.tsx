import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { appConfig, csrf, loggedIn, server, runFakeServer } from '../../test/server';
import { renderApp } from '../../test/render';
import { formatPhone, isValidCode, sanitizeCode } from './DualAuthPage';

runFakeServer();

const STAFF = { securityUserId: 4, userType: 2, firstName: 'Sam', lastName: 'Staff' };

describe('verification helpers', () => {
  it('formats phone numbers 3-3-4, digits only, at most 10 digits', () => {
    expect(formatPhone('')).toBe('');
    expect(formatPhone('512')).toBe('512');
    expect(formatPhone('5125')).toBe('512-5');
    expect(formatPhone('512555')).toBe('512-555');
    expect(formatPhone('5125550')).toBe('512-555-0');
    expect(formatPhone('5125550113')).toBe('512-555-0113');
    expect(formatPhone('(512) 555-0113 ext 9')).toBe('512-555-0113');
    expect(formatPhone('abc')).toBe('');
  });
  it('keeps codes to 6 digits', () => {
    expect(sanitizeCode('12a3456789')).toBe('123456');
    expect(isValidCode('123456')).toBe(true);
    expect(isValidCode('12345')).toBe(false);
    expect(isValidCode('12345a')).toBe(false);
  });
});

describe('Verify Your Identity page', () => {
  it('without a token goes to /login', async () => {
    server.use(loggedIn(null), appConfig());
    const { router } = renderApp('/dual-auth');
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    expect(router.state.location.pathname).toBe('/login');
  });

  it('walks method, address and code with Back, validation and the server messages', async () => {
    let sent: unknown = null;
    server.use(
      loggedIn(null),
      appConfig(),
      csrf,
      http.post('*/api/auth/send-code', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ ok: true, message: 'Verification code sent successfully' });
      }),
      http.post('*/api/auth/verify-code', () => HttpResponse.json({ ok: false, message: 'The code is not correct.' })),
    );
    renderApp('/dual-auth?token=tok&redirect=/staff/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Verify Your Identity' });

    // Step 1: choose the phone.
    fireEvent.click(screen.getByRole('radio', { name: 'Phone' }));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    const phone = await screen.findByLabelText(/^Phone number/);
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('Please enter your phone number')).toBeInTheDocument();
    fireEvent.change(phone, { target: { value: '5125550113' } });
    expect(phone).toHaveValue('512-555-0113');

    // Back to the choice, then e-mail.
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    fireEvent.click(await screen.findByRole('radio', { name: 'E-mail' }));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    const email = await screen.findByLabelText(/^Email address/);
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('Please enter your email address')).toBeInTheDocument();
    fireEvent.change(email, { target: { value: 'demo.staff@appraisalportal.example' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));

    // Step 3: the code.
    const code = await screen.findByLabelText(/^Verification code/);
    expect(await screen.findByText('Verification code sent successfully')).toBeInTheDocument();
    expect(sent).toEqual({ token: 'tok', emailAddress: 'demo.staff@appraisalportal.example' });
    expect(screen.getByRole('button', { name: 'Resend' })).toBeDisabled();
    fireEvent.change(code, { target: { value: '12ab3' } });
    expect(code).toHaveValue('123');
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Please enter a valid 6-digit verification code')).toBeInTheDocument();
    fireEvent.change(code, { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('The code is not correct.')).toBeInTheDocument();

    // Back from the code returns to the address, with the address kept.
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByLabelText(/^Email address/)).toHaveValue('demo.staff@appraisalportal.example');
  });

  it('shows the send failure notice when the request fails', async () => {
    server.use(
      loggedIn(null),
      appConfig(),
      csrf,
      http.post('*/api/auth/send-code', () => HttpResponse.error()),
    );
    renderApp('/dual-auth?token=tok');
    await screen.findByRole('heading', { level: 1, name: 'Verify Your Identity' });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    fireEvent.change(await screen.findByLabelText(/^Email address/), { target: { value: 'a@b.example' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('Failed to send verification code')).toBeInTheDocument();
  });

  it('success stores the user and goes to the redirect target', async () => {
    let signedIn = false;
    server.use(
      http.get('*/api/auth/session', () => HttpResponse.json({ user: signedIn ? STAFF : null })),
      appConfig(),
      csrf,
      http.post('*/api/auth/send-code', () => HttpResponse.json({ ok: true, message: 'Verification code sent successfully' })),
      http.post('*/api/auth/verify-code', () => {
        signedIn = true;
        return HttpResponse.json({ ok: true, message: 'Verification successful' });
      }),
    );
    const { router } = renderApp('/dual-auth?token=tok&redirect=/staff/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Verify Your Identity' });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    fireEvent.change(await screen.findByLabelText(/^Email address/), { target: { value: 'demo.staff@appraisalportal.example' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    fireEvent.change(await screen.findByLabelText(/^Verification code/), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Verification successful')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Orders Dashboard' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/staff/dashboard'));
    expect(screen.getByRole('button', { name: /Sam Staff/ })).toBeInTheDocument();
  });

  it('a transport failure on verify shows Failed to verify code; ok:false without message shows Verification failed', async () => {
    let calls = 0;
    server.use(
      loggedIn(null),
      appConfig(),
      csrf,
      http.post('*/api/auth/send-code', () => HttpResponse.json({ ok: true, message: 'Verification code sent successfully' })),
      http.post('*/api/auth/verify-code', () => {
        calls += 1;
        return calls === 1 ? HttpResponse.error() : HttpResponse.json({ ok: false, message: '' });
      }),
    );
    renderApp('/dual-auth?token=tok');
    await screen.findByRole('heading', { level: 1, name: 'Verify Your Identity' });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    fireEvent.change(await screen.findByLabelText(/^Email address/), { target: { value: 'a@b.example' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    fireEvent.change(await screen.findByLabelText(/^Verification code/), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Failed to verify code')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Verification failed')).toBeInTheDocument();
  });
});
