import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { MSG_EXPIRY_NOT_AFTER_TODAY, MSG_SCOPES_REQUIRED } from '../../components/ApiKeysPanel';
import { MSG_SHOWN_ONCE } from '../../components/SecretOnceDialog';
import { todayIso } from '../../lib/dates';
import { mockMediaQueries } from '../../test/media';
import { renderApp } from '../../test/render';
import { appConfig, csrf, loggedIn, runFakeServer, server } from '../../test/server';

runFakeServer();

const clientUser = { securityUserId: 30, userType: 0, firstName: 'Finley', lastName: 'Client' };

interface Call {
  method: string;
  url: string;
  body?: unknown;
}

const ALL_SCOPES = ['orders:read', 'orders:write', 'documents:read', 'documents:write', 'webhooks:manage', 'invoices:read'];

const apiKey = (id: number, name: string, prefix: string, more: Record<string, unknown> = {}) => ({
  id,
  name,
  prefix,
  createdAt: '2026-03-02T15:00:00Z',
  lastUsedAt: null as string | null,
  scopes: ALL_SCOPES,
  expiresOn: null as string | null,
  expired: false,
  createdBy: 'Finley Client' as string | null,
  ...more,
});

/** The fake server; `refuseKey` answers the next POST of a key with that 422 instead. */
function withApi(calls: Call[], refuseKey?: { message: string; fields: Record<string, string> }) {
  const keys = [apiKey(5, 'LOS', 'apk_abcdefgh')];
  const endpoints = [{ id: 8, url: 'https://lender.example/hooks', eventTypes: [] as string[], createdAt: '2026-03-02T15:00:00Z', failingSince: null, disabledAt: null }];
  const record = async (request: Request) => {
    const text = await request.text();
    calls.push({ method: request.method, url: new URL(request.url).pathname, body: text ? JSON.parse(text) : undefined });
  };
  server.use(
    loggedIn(clientUser),
    appConfig(),
    csrf,
    http.get('*/api/client/api-keys', () => HttpResponse.json(keys)),
    http.post('*/api/client/api-keys', async ({ request }) => {
      await record(request);
      if (refuseKey) {
        const answer = refuseKey;
        refuseKey = undefined;
        return HttpResponse.json(answer, { status: 422 });
      }
      keys.push(apiKey(6, 'Servicing', 'apk_zyxwvuts', { createdAt: '2026-03-03T15:00:00Z' }));
      return HttpResponse.json({ id: 6, key: 'apk_zyxwvutsSECRETSECRET', prefix: 'apk_zyxwvuts' }, { status: 201 });
    }),
    http.delete('*/api/client/api-keys/:id', async ({ request }) => {
      await record(request);
      keys.splice(0, 1);
      return HttpResponse.json({ message: 'The key was revoked. Calls made with it are refused from now on.' });
    }),
    http.get('*/api/client/webhook-endpoints', () => HttpResponse.json(endpoints)),
    http.post('*/api/client/webhook-endpoints', async ({ request }) => {
      await record(request);
      const body = calls.at(-1)!.body as { url: string; eventTypes: string[] };
      if (!body.url.startsWith('https://')) return HttpResponse.json({ message: 'URL must start with https://.' }, { status: 422 });
      const made = { id: 9, url: body.url, eventTypes: body.eventTypes, createdAt: '2026-03-03T15:00:00Z', failingSince: null, disabledAt: null };
      endpoints.push(made);
      return HttpResponse.json({ ...made, secret: 'whsec_c2VjcmV0' }, { status: 201 });
    }),
    http.post('*/api/client/webhook-endpoints/8/test', async ({ request }) => {
      await record(request);
      return HttpResponse.json({ ok: false, statusCode: 500, durationMs: 42, error: null });
    }),
    http.get('*/api/client/webhook-endpoints/8/attempts', () =>
      HttpResponse.json([
        { id: 3, deliveryId: 77, eventId: 12, eventType: 'order.delivered', attemptedAt: '2026-03-04T15:00:00Z', statusCode: 503, durationMs: 120, error: null, delivered: false },
      ]),
    ),
    http.post('*/api/client/webhook-deliveries/:id/redeliver', async ({ request }) => {
      await record(request);
      return HttpResponse.json({ message: 'The event will be sent again in a moment.' });
    }),
  );
}

describe('API & Webhooks page', () => {
  it('lists the keys by prefix; a new key is shown once with a copy button; Revoke asks first', async () => {
    const calls: Call[] = [];
    withApi(calls);
    renderApp('/client/api');
    const table = await screen.findByRole('table', { name: 'API keys' });
    const row = table.querySelector('[data-key-id="5"]') as HTMLElement;
    expect(row).toHaveTextContent('apk_abcdefgh…');
    expect(row).toHaveTextContent('Never');

    fireEvent.click(screen.getByRole('button', { name: 'Create Key' }));
    const create = await screen.findByRole('dialog', { name: 'Create API Key' });
    fireEvent.change(within(create).getByLabelText(/^Name/), { target: { value: ' Servicing ' } });
    fireEvent.click(within(create).getByRole('button', { name: 'Create Key' }));
    const shown = await screen.findByRole('dialog', { name: 'Your New API Key' });
    expect(within(shown).getByLabelText('API key')).toHaveValue('apk_zyxwvutsSECRETSECRET');
    expect(within(shown).getByText(MSG_SHOWN_ONCE)).toBeInTheDocument();
    expect(within(shown).getByRole('button', { name: 'Copy API key' })).toBeInTheDocument();
    fireEvent.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Your New API Key' })).not.toBeInTheDocument());
    expect(await within(screen.getByRole('table', { name: 'API keys' })).findByText('Servicing')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Revoke LOS (apk_abcdefgh…)' }));
    const confirm = await screen.findByRole('dialog', { name: 'Revoke API Key' });
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([]);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Revoke Key' }));
    await waitFor(() => expect(screen.queryByText('LOS')).not.toBeInTheDocument());
    expect(calls).toEqual([
      // Every scope, as the form starts, and no last day.
      { method: 'POST', url: '/api/client/api-keys', body: { name: 'Servicing', scopes: ALL_SCOPES, expiresOn: null } },
      { method: 'DELETE', url: '/api/client/api-keys/5', body: undefined },
    ]);
  });

  it("each key's scopes, expiry (Never, or the day; Expired when past), last use and maker", async () => {
    const calls: Call[] = [];
    withApi(calls);
    server.use(
      http.get('*/api/client/api-keys', () =>
        HttpResponse.json([
          apiKey(5, 'LOS', 'apk_abcdefgh', { lastUsedAt: '2026-03-04T15:00:00Z' }),
          apiKey(7, 'Reports', 'apk_reports1', { scopes: ['orders:read', 'invoices:read'], expiresOn: '2026-01-31', expired: true, createdBy: null }),
          apiKey(8, 'Uploads', 'apk_uploads1', { scopes: ['documents:write'], expiresOn: '2099-06-30' }),
        ]),
      ),
    );
    renderApp('/client/api');
    const table = await screen.findByRole('table', { name: 'API keys' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'Key', 'Scopes', 'Expires', 'Last used', 'Created', 'Created by', 'Actions']);
    const cells = (id: number) =>
      within(table.querySelector(`[data-key-id="${id}"]`) as HTMLElement)
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(cells(5)).toEqual(['LOS', 'apk_abcdefgh…', ALL_SCOPES.join(''), 'Never', '03/04/2026, 9:00 AM', '03/02/2026, 9:00 AM', 'Finley Client', 'Revoke']);
    expect(cells(7)).toEqual(['Reports', 'apk_reports1…', 'orders:readinvoices:read', '01/31/2026Expired', 'Never', '03/02/2026, 9:00 AM', '—', 'Revoke']);
    expect(cells(8)).toEqual(['Uploads', 'apk_uploads1…', 'documents:write', '06/30/2099', 'Never', '03/02/2026, 9:00 AM', 'Finley Client', 'Revoke']);
    // Each scope its own badge; Expired only on the key past its last day.
    const reports = table.querySelector('[data-key-id="7"]') as HTMLElement;
    expect(within(reports).getByText('orders:read').closest('.mantine-Badge-root')).not.toBeNull();
    expect(within(reports).getByText('Expired').closest('.mantine-Badge-root')).not.toBeNull();
    expect(within(table).getAllByText('Expired')).toHaveLength(1);
  });

  it('on a phone each key is a card with the same fields', async () => {
    withApi([]);
    server.use(
      http.get('*/api/client/api-keys', () =>
        HttpResponse.json([apiKey(7, 'Reports', 'apk_reports1', { scopes: ['invoices:read'], expiresOn: '2026-01-31', expired: true, createdBy: null })]),
      ),
    );
    mockMediaQueries(() => true);
    renderApp('/client/api');
    const cards = await screen.findByRole('list', { name: 'API keys' });
    const card = cards.querySelector('[data-key-id="7"]') as HTMLElement;
    expect(card).toHaveTextContent('Reports');
    expect(card).toHaveTextContent('Scopesinvoices:read');
    expect(card).toHaveTextContent('Expires01/31/2026Expired');
    expect(card).toHaveTextContent('Last usedNever');
    expect(card).toHaveTextContent('Created by—');
    expect(within(card).getByRole('button', { name: 'Revoke Reports (apk_reports1…)' })).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'API keys' })).not.toBeInTheDocument();
  });

  it('Create Key sends the scopes chosen and the last day; it checks both first and shows the server’s refusal under its field', async () => {
    const calls: Call[] = [];
    withApi(calls, { message: MSG_EXPIRY_NOT_AFTER_TODAY, fields: { expiresOn: MSG_EXPIRY_NOT_AFTER_TODAY } });
    renderApp('/client/api');
    await screen.findByRole('table', { name: 'API keys' });
    fireEvent.click(screen.getByRole('button', { name: 'Create Key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create API Key' });
    const scopes = within(dialog).getByRole('group', { name: 'Scopes' });
    // Every scope is offered by its name with what it allows, and every one starts checked.
    const boxes = within(scopes).getAllByRole('checkbox');
    expect(boxes.map((b) => (b as HTMLInputElement).value)).toEqual(ALL_SCOPES);
    expect(boxes.every((b) => (b as HTMLInputElement).checked)).toBe(true);
    expect(within(scopes).getByLabelText('orders:read')).toHaveAccessibleDescription('List and read orders and their events');
    expect(within(scopes).getByLabelText('orders:write')).toHaveAccessibleDescription('Place, cancel and message orders');
    expect(within(scopes).getByLabelText('documents:read')).toHaveAccessibleDescription('Download order documents');
    expect(within(scopes).getByLabelText('documents:write')).toHaveAccessibleDescription('Upload order documents');
    expect(within(scopes).getByLabelText('webhooks:manage')).toHaveAccessibleDescription('Manage webhook endpoints');
    expect(within(scopes).getByLabelText('invoices:read')).toHaveAccessibleDescription('Read invoices');

    // No scope at all, and today as the last day: both refused before anything is sent.
    for (const box of boxes) fireEvent.click(box);
    const expires = within(dialog).getByLabelText(/^Expires on/);
    fireEvent.change(expires, { target: { value: todayIso('America/Chicago') } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Key' }));
    expect(await within(dialog).findByText(MSG_SCOPES_REQUIRED)).toBeInTheDocument();
    expect(within(dialog).getByText(MSG_EXPIRY_NOT_AFTER_TODAY)).toBeInTheDocument();
    expect(calls).toEqual([]);

    // Two scopes (in the list's order whatever the clicks') and a later day: sent; the server refuses the day.
    fireEvent.click(within(scopes).getByLabelText('invoices:read'));
    fireEvent.click(within(scopes).getByLabelText('orders:read'));
    expect(within(dialog).queryByText(MSG_SCOPES_REQUIRED)).not.toBeInTheDocument();
    fireEvent.change(expires, { target: { value: '2099-12-31' } });
    expect(within(dialog).queryByText(MSG_EXPIRY_NOT_AFTER_TODAY)).not.toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Reports' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Key' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toEqual({ method: 'POST', url: '/api/client/api-keys', body: { name: 'Reports', scopes: ['orders:read', 'invoices:read'], expiresOn: '2099-12-31' } });
    // The server's words under the date, once (not again above the fields).
    await waitFor(() => expect(expires).toHaveAttribute('aria-invalid', 'true'));
    expect(expires).toHaveAccessibleDescription(expect.stringContaining(MSG_EXPIRY_NOT_AFTER_TODAY));
    expect(within(dialog).getAllByText(MSG_EXPIRY_NOT_AFTER_TODAY)).toHaveLength(1);

    fireEvent.change(expires, { target: { value: '2099-12-30' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Key' }));
    expect(await screen.findByRole('dialog', { name: 'Your New API Key' })).toBeInTheDocument();
    expect(calls.at(-1)!.body).toEqual({ name: 'Reports', scopes: ['orders:read', 'invoices:read'], expiresOn: '2099-12-30' });
  });

  it("adds an endpoint with the chosen event types (the server's 422 shown), the secret once", async () => {
    const calls: Call[] = [];
    withApi(calls);
    renderApp('/client/api');
    const list = await screen.findByRole('list', { name: 'Webhook endpoints' });
    expect(within(list).getByText('All event types')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Add Endpoint' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Webhook Endpoint' });
    expect(within(dialog).getAllByRole('checkbox')).toHaveLength(13);
    fireEvent.change(within(dialog).getByLabelText(/^URL/), { target: { value: 'http://lender.example/in' } });
    fireEvent.click(within(dialog).getByLabelText('order.delivered'));
    fireEvent.click(within(dialog).getByLabelText('message.created'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Endpoint' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('URL must start with https://.');
    fireEvent.change(within(dialog).getByLabelText(/^URL/), { target: { value: 'https://lender.example/in' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Endpoint' }));
    const secret = await screen.findByRole('dialog', { name: "Your Endpoint's Signing Secret" });
    expect(within(secret).getByLabelText('Signing secret')).toHaveValue('whsec_c2VjcmV0');
    expect(calls.at(-1)).toEqual({
      method: 'POST',
      url: '/api/client/webhook-endpoints',
      body: { url: 'https://lender.example/in', eventTypes: ['order.delivered', 'message.created'] },
    });
    fireEvent.click(within(secret).getByRole('button', { name: 'Done' }));
    const added = (await within(list).findByText('https://lender.example/in')).closest('li')!;
    expect(within(added as HTMLElement).getByText('order.delivered')).toBeInTheDocument();
  });

  it('Send Test shows the result; the delivery log lists each attempt with Redeliver', async () => {
    const calls: Call[] = [];
    withApi(calls);
    renderApp('/client/api');
    fireEvent.click(await screen.findByRole('button', { name: 'Send Test to https://lender.example/hooks' }));
    expect(await screen.findByText('Test failed: HTTP 500 after 42 ms.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Show Deliveries of https://lender.example/hooks' }));
    const log = await screen.findByRole('table', { name: 'Delivery log of https://lender.example/hooks' });
    const row = log.querySelector('[data-attempt-id="3"]') as HTMLElement;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['03/04/2026, 9:00 AM', 'order.delivered', '503', '120 ms', 'No', 'Redeliver']);
    fireEvent.click(within(row).getByRole('button', { name: /^Redeliver order.delivered/ }));
    await waitFor(() => expect(calls.at(-1)).toEqual({ method: 'POST', url: '/api/client/webhook-deliveries/77/redeliver', body: undefined }));
  });
});
