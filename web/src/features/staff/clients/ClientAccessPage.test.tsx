import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render';
import { appConfig, csrf, loggedIn, runFakeServer, server } from '../../../test/server';
import { MSG_NO_USERS } from './ClientAccessPage';
import { staff } from '../../../test/users';

runFakeServer();

const acme = { id: 3, companyName: 'Acme Lending', officeAddressLine: null, mainContactName: null, mainContactEmailAddress: null, mainContactPhone: null };

interface Call {
  method: string;
  url: string;
  body: unknown;
}

function withClient(calls: Call[], users: Record<string, unknown>[] = []) {
  const keys = [
    {
      id: 11,
      name: 'LOS',
      prefix: 'apk_12345678',
      createdAt: '2026-03-02T15:00:00Z',
      lastUsedAt: '2026-03-04T15:00:00Z',
      scopes: ['orders:read'],
      expiresOn: '2026-12-31',
      expired: false,
      createdBy: 'Sam Staff',
    },
  ];
  server.use(
    loggedIn(staff),
    appConfig(),
    csrf,
    http.get('*/api/staff/clients', () => HttpResponse.json([acme])),
    http.get('*/api/staff/clients/3/users', () => HttpResponse.json(users)),
    http.post('*/api/staff/clients/3/users', async ({ request }) => {
      const body = (await request.json()) as Record<string, string>;
      calls.push({ method: 'POST', url: new URL(request.url).pathname, body });
      if (body.username === 'taken') return HttpResponse.json({ message: "The username 'taken' is already in use." }, { status: 409 });
      users.push({
        id: 40,
        username: body.username,
        email: body.email,
        firstName: body.firstName,
        lastName: body.lastName,
        active: true,
        createdAt: '2026-03-05T15:00:00Z',
        role: body.role,
        branchId: null,
      });
      return HttpResponse.json({ id: 40 }, { status: 201 });
    }),
    http.put('*/api/staff/clients/3/users/:userId', async ({ request, params }) => {
      const body = (await request.json()) as { active: boolean };
      calls.push({ method: 'PUT', url: new URL(request.url).pathname, body });
      const user = users.find((u) => u.id === Number(params.userId))!;
      if (user.role === 'lender_admin' && !body.active) {
        return HttpResponse.json({ message: 'The lender needs at least one active administrator: make another user one first.' }, { status: 409 });
      }
      user.active = body.active;
      const name = `${user.firstName} ${user.lastName}`;
      return HttpResponse.json({ message: body.active ? `${name} was saved.` : `${name} was deactivated: their sessions ended.` });
    }),
    http.get('*/api/staff/clients/3/api-keys', () => HttpResponse.json(keys)),
    http.post('*/api/staff/clients/3/api-keys', async ({ request }) => {
      calls.push({ method: 'POST', url: new URL(request.url).pathname, body: await request.json() });
      return HttpResponse.json({ id: 12, key: 'apk_newkeySECRET', prefix: 'apk_newkeySE' }, { status: 201 });
    }),
    http.delete('*/api/staff/clients/3/api-keys/:keyId', ({ request }) => {
      calls.push({ method: 'DELETE', url: new URL(request.url).pathname, body: null });
      return HttpResponse.json({ message: 'The key was revoked. Calls made with it are refused from now on.' });
    }),
  );
}

describe("a client's users and API keys (staff)", () => {
  it('opens from the Clients screen; Invite User checks the fields, shows the refusal, sends the body', async () => {
    const calls: Call[] = [];
    withClient(calls);
    const { router } = renderApp('/staff/clients');
    fireEvent.click(await screen.findByRole('link', { name: 'Users & Keys of Acme Lending' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Acme Lending' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/staff/clients/3');
    expect(await screen.findByText(MSG_NO_USERS)).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Invite User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite User' });
    fireEvent.change(within(dialog).getByLabelText(/^E-mail/), { target: { value: 'pat@acme' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));
    expect(await within(dialog).findByText('Username is required.')).toBeInTheDocument();
    expect(within(dialog).getByText("E-mail must be an e-mail address (got 'pat@acme').")).toBeInTheDocument();
    expect(within(dialog).getByText('First name is required.')).toBeInTheDocument();
    expect(calls).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText(/^Username/), { target: { value: 'taken' } });
    fireEvent.change(within(dialog).getByLabelText(/^E-mail/), { target: { value: 'pat@acme.example' } });
    fireEvent.change(within(dialog).getByLabelText(/^First Name/), { target: { value: 'Pat' } });
    fireEvent.change(within(dialog).getByLabelText(/^Last Name/), { target: { value: ' Lee ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent("The username 'taken' is already in use.");
    fireEvent.change(within(dialog).getByLabelText(/^Username/), { target: { value: 'pat.lee' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Invite User' })).not.toBeInTheDocument());
    const users = await screen.findByRole('table', { name: 'Users of Acme Lending' });
    expect(within(users).getByText('pat.lee')).toBeInTheDocument();
    expect(calls.at(-1)).toEqual({
      method: 'POST',
      url: '/api/staff/clients/3/users',
      body: { username: 'pat.lee', email: 'pat@acme.example', firstName: 'Pat', lastName: 'Lee', role: 'lender_admin' },
    });
    expect(within(users).getByText('Lender administrator')).toBeInTheDocument();
  });

  it('Invite User offers the roles that need no branch, a lender administrator first', async () => {
    const calls: Call[] = [];
    withClient(calls);
    renderApp('/staff/clients/3');
    fireEvent.click(await screen.findByRole('button', { name: 'Invite User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite User' });
    const role = within(dialog).getByLabelText(/^Role/) as HTMLSelectElement;
    expect(role).toHaveValue('lender_admin');
    expect([...role.options].map((o) => o.textContent)).toEqual(['Lender administrator', 'Loan officer', 'Viewer']);
    fireEvent.change(within(dialog).getByLabelText(/^Username/), { target: { value: 'vic.v' } });
    fireEvent.change(within(dialog).getByLabelText(/^E-mail/), { target: { value: 'vic@acme.example' } });
    fireEvent.change(within(dialog).getByLabelText(/^First Name/), { target: { value: 'Vic' } });
    fireEvent.change(within(dialog).getByLabelText(/^Last Name/), { target: { value: 'Viewer' } });
    fireEvent.change(role, { target: { value: 'viewer' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toEqual({ username: 'vic.v', email: 'vic@acme.example', firstName: 'Vic', lastName: 'Viewer', role: 'viewer' });
  });

  it("lists each user's role and branch; Deactivate asks first and sends active false, Reactivate active true; the last administrator's 409 shows", async () => {
    const calls: Call[] = [];
    const person = (id: number, firstName: string, role: string, branchId: number | null) => ({
      id,
      username: firstName.toLowerCase(),
      email: `${firstName.toLowerCase()}@acme.example`,
      firstName,
      lastName: 'Acme',
      active: true,
      createdAt: '2026-03-05T15:00:00Z',
      role,
      branchId,
    });
    withClient(calls, [person(30, 'Finley', 'lender_admin', null), person(32, 'Parker', 'processor', 5)]);
    renderApp('/staff/clients/3');
    const table = await screen.findByRole('table', { name: 'Users of Acme Lending' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'Username', 'E-mail', 'Role', 'Branch', 'Status', 'Invited', 'Actions']);
    const cells = (id: number) =>
      within(table.querySelector(`[data-user-id="${id}"]`) as HTMLElement)
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(cells(30).slice(3, 6)).toEqual(['Lender administrator', '—', 'Active']);
    expect(cells(32).slice(3, 6)).toEqual(['Processor', '#5', 'Active']);

    fireEvent.click(screen.getByRole('button', { name: 'Deactivate Parker Acme' }));
    let dialog = await screen.findByRole('dialog', { name: 'Deactivate User' });
    expect(dialog).toHaveTextContent('Parker Acme can no longer sign in. Their sessions end at once and the API keys they made stop working.');
    expect(calls).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('Parker Acme was deactivated: their sessions ended.')).toBeInTheDocument();
    expect(calls).toEqual([{ method: 'PUT', url: '/api/staff/clients/3/users/32', body: { active: false } }]);
    await waitFor(() => expect(cells(32)[5]).toBe('Deactivated'));
    fireEvent.click(screen.getByRole('button', { name: 'Reactivate Parker Acme' }));
    await waitFor(() => expect(cells(32)[5]).toBe('Active'));
    expect(calls.at(-1)).toEqual({ method: 'PUT', url: '/api/staff/clients/3/users/32', body: { active: true } });

    fireEvent.click(screen.getByRole('button', { name: 'Deactivate Finley Acme' }));
    dialog = await screen.findByRole('dialog', { name: 'Deactivate User' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The lender needs at least one active administrator: make another user one first.');
  });

  it("lists the client's keys, creates one (shown once) and revokes one, on the client's own paths", async () => {
    const calls: Call[] = [];
    withClient(calls);
    renderApp('/staff/clients/3');
    const keys = await screen.findByRole('table', { name: 'API keys of Acme Lending' });
    expect(keys.querySelector('[data-key-id="11"]')).toHaveTextContent('apk_12345678…');
    expect(keys.querySelector('[data-key-id="11"]')).toHaveTextContent('03/04/2026, 9:00 AM');
    expect(keys.querySelector('[data-key-id="11"]')).toHaveTextContent('orders:read');
    expect(keys.querySelector('[data-key-id="11"]')).toHaveTextContent('12/31/2026');
    expect(keys.querySelector('[data-key-id="11"]')).toHaveTextContent('Sam Staff');
    fireEvent.click(screen.getByRole('button', { name: 'Create Key' }));
    const create = await screen.findByRole('dialog', { name: 'Create API Key' });
    fireEvent.click(within(create).getByRole('button', { name: 'Create Key' }));
    const shown = await screen.findByRole('dialog', { name: 'Your New API Key' });
    expect(within(shown).getByLabelText('API key')).toHaveValue('apk_newkeySECRET');
    fireEvent.click(within(shown).getByRole('button', { name: 'Done' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke LOS (apk_12345678…)' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Revoke API Key' })).getByRole('button', { name: 'Revoke Key' }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls).toEqual([
      {
        method: 'POST',
        url: '/api/staff/clients/3/api-keys',
        body: { name: null, scopes: ['orders:read', 'orders:write', 'documents:read', 'documents:write', 'webhooks:manage', 'invoices:read'], expiresOn: null },
      },
      { method: 'DELETE', url: '/api/staff/clients/3/api-keys/11', body: null },
    ]);
  });
});
