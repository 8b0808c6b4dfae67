import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render';
import { appConfig, csrf, loggedIn, server } from '../../test/server';
import { ACCESS_CODE, DECRYPTING_MS, DECRYPTING_TEXT, REMINDER_MS, REMINDER_TEXT } from './constants';

beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
afterEach(() => {
  server.resetHandlers();
  vi.useRealTimers();
});
afterAll(() => server.close());

const secret = { securityUserId: 99, userType: 5, firstName: 'Sec', lastName: 'Ret' };
const audit = http.get('*/api/admin/audit', () =>
  HttpResponse.json({
    items: [{ id: 5, at: '2026-01-02T03:04:05Z', actorUserId: 99, subjectUserId: 7, action: 'back_door_login', detail: null, ip: '127.0.0.1' }],
    totalItems: 1,
    totalPages: 1,
  }),
);

function devRefsStore(initial: { id: number; name: string; url: string }[]) {
  const refs = [...initial];
  return [
    http.get('*/api/dev/dev-refs', () => HttpResponse.json(refs)),
    http.post('*/api/dev/dev-refs/create', async ({ request }) => {
      const body = (await request.json()) as { name?: string; url?: string };
      if (!body.url?.startsWith('http')) return HttpResponse.json({ message: 'The URL must be a full http:// or https:// address' }, { status: 422 });
      const ref = { id: refs.length + 1, name: body.name ?? '', url: body.url ?? '' };
      refs.push(ref);
      return HttpResponse.json(ref);
    }),
    http.post('*/api/dev/dev-refs/update', async ({ request }) => {
      const body = (await request.json()) as { id: number; name: string; url: string };
      const i = refs.findIndex((r) => r.id === body.id);
      refs[i] = body;
      return HttpResponse.json(body);
    }),
  ];
}

describe('Admin dashboard', () => {
  it('shows the decrypting banner, then the code at 2.5 s and the reminder at 4 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    server.use(loggedIn(secret), appConfig(), audit, ...devRefsStore([]));
    renderApp('/admin/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Admin Dashboard' });
    expect(screen.getByText(DECRYPTING_TEXT)).toBeInTheDocument();
    expect(screen.queryByText(ACCESS_CODE)).toBeNull();
    await act(async () => {
      vi.advanceTimersByTime(DECRYPTING_MS);
    });
    expect(screen.getByText(ACCESS_CODE)).toBeInTheDocument();
    expect(screen.queryByText(DECRYPTING_TEXT)).toBeNull();
    expect(screen.queryByText(REMINDER_TEXT)).toBeNull();
    await act(async () => {
      vi.advanceTimersByTime(REMINDER_MS - DECRYPTING_MS);
    });
    expect(screen.getByText(REMINDER_TEXT)).toBeInTheDocument();
  });

  it('lists references as safe links, validates, adds and edits inline', async () => {
    server.use(
      loggedIn(secret),
      appConfig(),
      audit,
      csrf,
      ...devRefsStore([
        { id: 1, name: 'API docs', url: 'https://docs.example.com' },
        { id: 2, name: 'Sneaky', url: 'javascript:alert(1)' },
      ]),
    );
    renderApp('/admin/dashboard');
    const list = await screen.findByRole('list', { name: 'Developer references' });
    const link = within(list).getByRole('link', { name: /API docs/ });
    expect(link).toHaveAttribute('href', 'https://docs.example.com/');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(list).queryByRole('link', { name: /Sneaky/ })).toBeNull();
    expect(within(list).getByText('Sneaky')).toBeInTheDocument();

    const add = screen.getByRole('form', { name: 'Add a developer reference' });
    fireEvent.change(within(add).getByLabelText(/^URL/), { target: { value: 'https://wiki.example.com' } });
    fireEvent.click(within(add).getByRole('button', { name: 'Add reference' }));
    expect(await within(add).findByText('Name and URL are required')).toBeInTheDocument();

    fireEvent.change(within(add).getByLabelText(/^Name/), { target: { value: 'Bad' } });
    fireEvent.change(within(add).getByLabelText(/^URL/), { target: { value: 'ftp://x' } });
    fireEvent.click(within(add).getByRole('button', { name: 'Add reference' }));
    expect(await within(add).findByText('The URL must be a full http:// or https:// address')).toBeInTheDocument();
    expect(await screen.findByText('Failed to create developer reference.')).toBeInTheDocument();

    fireEvent.change(within(add).getByLabelText(/^Name/), { target: { value: 'Wiki' } });
    fireEvent.change(within(add).getByLabelText(/^URL/), { target: { value: 'https://wiki.example.com' } });
    fireEvent.click(within(add).getByRole('button', { name: 'Add reference' }));
    expect(await within(list).findByRole('link', { name: /Wiki/ })).toHaveAttribute('href', 'https://wiki.example.com/');
    expect(within(add).getByLabelText(/^Name/)).toHaveValue('');

    fireEvent.click(within(list).getByRole('button', { name: 'Edit Wiki' }));
    const edit = within(list).getByRole('form', { name: 'Edit Wiki' });
    const name = within(edit).getByLabelText(/^Name/);
    expect(name).toHaveFocus();
    fireEvent.change(name, { target: { value: '' } });
    fireEvent.click(within(edit).getByRole('button', { name: 'Save' }));
    expect(await within(edit).findByText('Name and URL are required')).toBeInTheDocument();
    fireEvent.change(name, { target: { value: 'Team wiki' } });
    fireEvent.click(within(edit).getByRole('button', { name: 'Save' }));
    expect(await within(list).findByRole('link', { name: /Team wiki/ })).toBeInTheDocument();
    await waitFor(() => expect(within(list).getByRole('button', { name: 'Edit Team wiki' })).toHaveFocus());
  });

  it('a load failure shows the failure message', async () => {
    server.use(
      loggedIn(secret),
      appConfig(),
      audit,
      http.get('*/api/dev/dev-refs', () => HttpResponse.json({ message: 'x' }, { status: 500 })),
    );
    renderApp('/admin/dashboard');
    expect((await screen.findAllByText('Failed to load developer references.')).length).toBeGreaterThanOrEqual(1);
  });

  it('the audit log lists entries', async () => {
    server.use(loggedIn(secret), appConfig(), audit, ...devRefsStore([]));
    renderApp('/admin/dashboard');
    const table = await screen.findByRole('table');
    expect(within(table).getByText('back_door_login')).toBeInTheDocument();
    expect(within(table).getByText('127.0.0.1')).toBeInTheDocument();
  });
});

describe('Backdoor sign-in', () => {
  it('success sets the appraiser session and goes to the appraiser dashboard', async () => {
    server.use(
      loggedIn(secret),
      appConfig(),
      csrf,
      http.post('*/api/auth/back-door', () => HttpResponse.json({ securityUserId: 7, userType: 1, firstName: 'Ann', lastName: 'Appraiser' })),
    );
    const { router } = renderApp('/admin/backdoor-login');
    await screen.findByRole('heading', { level: 1, name: 'Sign In As Appraiser' });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Username is required')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(/^Username/), { target: { value: 'demo.appraiser' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Logged in as Appraiser')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/appraiser/dashboard'));
    expect(screen.getByRole('button', { name: /Ann Appraiser/ })).toBeInTheDocument();
  });

  it('refusal shows the failure message and stays', async () => {
    server.use(
      loggedIn(secret),
      appConfig(),
      csrf,
      http.post('*/api/auth/back-door', () => HttpResponse.json({ message: 'Only appraiser accounts' }, { status: 403 })),
    );
    const { router } = renderApp('/admin/backdoor-login');
    await screen.findByRole('heading', { level: 1, name: 'Sign In As Appraiser' });
    fireEvent.change(screen.getByLabelText(/^Username/), { target: { value: 'demo.staff' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect((await screen.findAllByText('Login failed. Please check your credentials.')).length).toBeGreaterThanOrEqual(1);
    expect(screen.queryByText('You are not authorized to perform this action')).toBeNull();
    expect(router.state.location.pathname).toBe('/admin/backdoor-login');
  });
});
