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

function withClient(calls: Call[]) {
  const users: unknown[] = [];
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
      users.push({ id: 40, username: body.username, email: body.email, firstName: body.firstName, lastName: body.lastName, active: true, createdAt: '2026-03-05T15:00:00Z' });
      return HttpResponse.json({ id: 40 }, { status: 201 });
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
      body: { username: 'pat.lee', email: 'pat@acme.example', firstName: 'Pat', lastName: 'Lee' },
    });
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
