import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { MSG_SHOWN_ONCE } from '../../components/SecretOnceDialog';
import { renderApp } from '../../test/render';
import { appConfig, csrf, loggedIn, runFakeServer, server } from '../../test/server';

runFakeServer();

const clientUser = { securityUserId: 30, userType: 0, firstName: 'Finley', lastName: 'Client' };

interface Call {
  method: string;
  url: string;
  body?: unknown;
}

function withApi(calls: Call[]) {
  const keys = [{ id: 5, name: 'LOS', prefix: 'apk_abcdefgh', createdAt: '2026-03-02T15:00:00Z', lastUsedAt: null as string | null }];
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
      keys.push({ id: 6, name: 'Servicing', prefix: 'apk_zyxwvuts', createdAt: '2026-03-03T15:00:00Z', lastUsedAt: null });
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
      { method: 'POST', url: '/api/client/api-keys', body: { name: 'Servicing' } },
      { method: 'DELETE', url: '/api/client/api-keys/5', body: undefined },
    ]);
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
