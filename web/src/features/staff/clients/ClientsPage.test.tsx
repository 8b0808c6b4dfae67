import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render';
import { appConfig, csrf, loggedIn, runFakeServer, server } from '../../../test/server';
import { MSG_NO_CLIENTS } from './ClientsPage';
import { staff } from '../../../test/users';

runFakeServer();

const acme = {
  id: 3,
  companyName: 'Acme Lending',
  officeAddressLine: '1 Main St, Austin TX',
  mainContactName: 'Pat Lee',
  mainContactEmailAddress: 'pat@acme.example',
  mainContactPhone: '512-555-0110',
  billingEmail: 'ap@acme.example',
  paymentTermsDays: 45,
  borrowerPays: false,
  ssoDomain: 'acme.example',
};

function withClients(list: unknown[], sent: { method: string; url: string; body: unknown }[]) {
  server.use(
    loggedIn(staff),
    appConfig(),
    csrf,
    http.get('*/api/staff/clients', () => HttpResponse.json(list)),
    http.post('*/api/staff/clients', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      sent.push({ method: 'POST', url: request.url, body });
      if (body.companyName === 'Acme Lending') {
        const taken = 'A client named Acme Lending already exists.';
        return HttpResponse.json({ message: taken, fields: { companyName: taken } }, { status: 422 });
      }
      list.push({ id: 9, ...body });
      return HttpResponse.json({ id: 9 }, { status: 201 });
    }),
    http.put('*/api/staff/clients/:id', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      sent.push({ method: 'PUT', url: request.url, body });
      if (body.ssoDomain === 'bluebonnet.example') {
        const taken = 'Another client already signs in with bluebonnet.example.';
        return HttpResponse.json({ message: taken, fields: { ssoDomain: taken } }, { status: 422 });
      }
      return HttpResponse.json({ message: 'Saved.' });
    }),
  );
}

describe('Clients page', () => {
  it('shows the empty state when there are no clients', async () => {
    withClients([], []);
    renderApp('/staff/clients');
    expect(await screen.findByText(MSG_NO_CLIENTS)).toBeInTheDocument();
  });

  it('lists clients; Add Client checks the fields, shows a server refusal, then adds', async () => {
    const sent: { method: string; url: string; body: unknown }[] = [];
    withClients([acme], sent);
    renderApp('/staff/clients');
    const table = await screen.findByRole('table', { name: 'Clients' });
    expect(within(table).getByText('Acme Lending')).toBeInTheDocument();
    expect(within(table).getByText('(512) 555-0110')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Add Client' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Client' });
    fireEvent.change(within(dialog).getByLabelText(/^Main Contact E-mail/), { target: { value: 'pat@acme' } });
    fireEvent.change(within(dialog).getByLabelText(/^Main Contact Phone/), { target: { value: '555-0110' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Client' }));
    expect(await within(dialog).findByText('Company name is required.')).toBeInTheDocument();
    expect(within(dialog).getByText("Main contact e-mail must be an e-mail address (got 'pat@acme').")).toBeInTheDocument();
    expect(within(dialog).getByText("Main contact phone must be a 10-digit phone number (got '555-0110').")).toBeInTheDocument();
    expect(sent).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText(/^Company Name/), { target: { value: 'Acme Lending' } });
    fireEvent.change(within(dialog).getByLabelText(/^Main Contact E-mail/), { target: { value: '' } });
    fireEvent.change(within(dialog).getByLabelText(/^Main Contact Phone/), { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Client' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('A client named Acme Lending already exists.');
    expect(within(dialog).getByLabelText(/^Company Name/)).toHaveAccessibleDescription('A client named Acme Lending already exists.');

    fireEvent.change(within(dialog).getByLabelText(/^Company Name/), { target: { value: '  Bluebonnet Bank ' } });
    fireEvent.change(within(dialog).getByLabelText(/^Main Contact Name/), { target: { value: 'Sam Ortiz' } });
    fireEvent.change(within(dialog).getByLabelText(/^Single Sign-On Domain/), { target: { value: ' bluebonnet.example ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Client' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Client' })).not.toBeInTheDocument());
    expect(await within(screen.getByRole('table', { name: 'Clients' })).findByText('Bluebonnet Bank')).toBeInTheDocument();
    expect(sent[1]).toEqual({
      method: 'POST',
      url: expect.stringMatching(/\/api\/staff\/clients$/),
      body: {
        companyName: 'Bluebonnet Bank',
        officeAddressLine: null,
        mainContactName: 'Sam Ortiz',
        mainContactEmailAddress: null,
        mainContactPhone: null,
        billingEmail: null,
        paymentTermsDays: 30,
        borrowerPays: false,
        ssoDomain: 'bluebonnet.example',
      },
    });
  });

  it('Edit opens the client filled in and PUTs the changes', async () => {
    const sent: { method: string; url: string; body: unknown }[] = [];
    withClients([acme], sent);
    renderApp('/staff/clients');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Acme Lending' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Client' });
    expect(within(dialog).getByLabelText(/^Company Name/)).toHaveValue('Acme Lending');
    fireEvent.change(within(dialog).getByLabelText(/^Main Contact Name/), { target: { value: 'Robin Lee' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Client' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      method: 'PUT',
      url: expect.stringMatching(/\/api\/staff\/clients\/3$/),
      body: { ...acme, id: undefined, mainContactName: 'Robin Lee' },
    });
  });

  it('Edit shows the single sign-on domain, shows the server refusing one, and clears it', async () => {
    const sent: { method: string; url: string; body: unknown }[] = [];
    withClients([acme], sent);
    renderApp('/staff/clients');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Acme Lending' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Client' });
    const domain = within(dialog).getByLabelText(/^Single Sign-On Domain/);
    expect(domain).toHaveValue('acme.example');

    fireEvent.change(domain, { target: { value: 'bluebonnet.example' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Client' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Another client already signs in with bluebonnet.example.');
    expect(domain).toHaveAccessibleDescription(expect.stringContaining('Another client already signs in with bluebonnet.example.'));

    fireEvent.change(domain, { target: { value: ' ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Client' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Client' })).not.toBeInTheDocument());
    expect(sent.map(({ body }) => (body as { ssoDomain: unknown }).ssoDomain)).toEqual(['bluebonnet.example', '']);
  });
});
