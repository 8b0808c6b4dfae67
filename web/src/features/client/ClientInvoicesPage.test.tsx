import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { mockMediaQueries } from '../../test/media';
import { renderApp } from '../../test/render';
import { appConfig, loggedIn, runFakeServer, server } from '../../test/server';
import { MSG_NO_INVOICES, MSG_NO_INVOICES_FOUND } from './ClientInvoicesPage';

runFakeServer();

const clientUser = { securityUserId: 30, userType: 0, firstName: 'Finley', lastName: 'Client' };

const invoice = (id: number, more: Record<string, unknown> = {}) => ({
  id,
  number: `INV-2026-00000${id}`,
  clientId: 3,
  clientName: 'Acme Lending',
  orderId: 100 + id,
  fileNumber: `2600${id}`,
  issuedOn: '2026-03-02',
  dueOn: '2026-04-01',
  amountCents: 125000,
  creditedCents: 0,
  paidCents: 0,
  balanceCents: 125000,
  status: 'open',
  daysOverdue: 0,
  ...more,
});

const TWO = [
  invoice(1, { status: 'overdue', daysOverdue: 12, dueOn: '2026-02-15', paidCents: 25000, balanceCents: 100000 }),
  invoice(2, { status: 'paid', amountCents: 47550, paidCents: 47550, balanceCents: 0 }),
];

function withInvoices(asked: URL[], answer = (url: URL) => ({ items: TWO, total: 60, page: Number(url.searchParams.get('page')), pageSize: 25, balanceCents: 1234567 })) {
  server.use(
    loggedIn(clientUser),
    appConfig(),
    http.get('*/api/client/invoices', ({ request }) => {
      const url = new URL(request.url);
      asked.push(url);
      return HttpResponse.json(answer(url));
    }),
  );
}

describe('client Invoices page', () => {
  it('lists the invoices with every column, the PDF of each, and the balance due of the listed ones', async () => {
    const asked: URL[] = [];
    withInvoices(asked);
    renderApp('/client/invoices');
    expect(await screen.findByRole('heading', { level: 1, name: 'Invoices' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Invoices' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Invoice', 'File Number', 'Issued', 'Due', 'Amount', 'Paid', 'Balance', 'Status', 'Actions']);
    const row = (id: number) => table.querySelector(`[data-invoice-id="${id}"]`) as HTMLElement;
    expect(
      within(row(1))
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['INV-2026-000001', '26001', '03/02/2026', '02/15/2026', '$1,250.00', '$250.00', '$1,000.00', 'Overdue 12 days', 'PDF']);
    expect(
      within(row(2))
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['INV-2026-000002', '26002', '03/02/2026', '04/01/2026', '$475.50', '$475.50', '$0.00', 'Paid', 'PDF']);
    expect(within(row(1)).getByRole('link', { name: '26001' })).toHaveAttribute('href', '/client/orders/101');
    expect(within(row(1)).getByRole('link', { name: 'PDF of INV-2026-000001' })).toHaveAttribute('href', '/api/client/orders/101/invoice');
    // What the server says the listed invoices owe, not a sum of this page.
    expect(screen.getByText('Balance due: $12,345.67')).toBeInTheDocument();
    expect(screen.getByText('Showing 1 - 25 of 60 results')).toBeInTheDocument();
    // Every invoice at first: no status asked for.
    expect(asked[0]!.searchParams.has('status')).toBe(false);
    expect(asked[0]!.searchParams.get('page')).toBe('1');
    expect(asked[0]!.searchParams.get('pageSize')).toBe('25');
  });

  it('the status filter, the search and paging ask the server again and stay in the address; Download CSV follows them', async () => {
    const asked: URL[] = [];
    withInvoices(asked);
    const { router } = renderApp('/client/invoices');
    await screen.findByRole('table', { name: 'Invoices' });
    const csv = () => screen.getByRole('link', { name: 'Download CSV' });
    expect(csv()).toHaveAttribute('download');
    expect(csv()).toHaveAttribute('href', '/api/client/invoices/export?format=csv');
    const status = screen.getByRole('radiogroup', { name: 'Status' });
    expect(
      within(status)
        .getAllByRole('radio')
        .map((r) => r.closest('div')!.textContent),
    ).toEqual(['All', 'Open', 'Overdue', 'Paid']);

    fireEvent.click(within(status).getByLabelText('Overdue'));
    await waitFor(() => expect(asked.at(-1)!.searchParams.get('status')).toBe('overdue'));
    expect(csv()).toHaveAttribute('href', '/api/client/invoices/export?format=csv&status=overdue');
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'INV 26' } });
    expect(screen.getByLabelText('Search')).toHaveAttribute('placeholder', 'Invoice or file number');
    await waitFor(() => expect(asked.at(-1)!.searchParams.get('search')).toBe('INV 26'));
    expect(asked.at(-1)!.searchParams.get('status')).toBe('overdue');
    expect(csv()).toHaveAttribute('href', '/api/client/invoices/export?format=csv&status=overdue&search=INV+26');
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(asked.at(-1)!.searchParams.get('page')).toBe('2'));
    expect(router.state.location.search).toBe('?status=overdue&search=INV+26&page=2');

    fireEvent.click(within(status).getByLabelText('All'));
    await waitFor(() => expect(asked.at(-1)!.searchParams.has('status')).toBe(false));
    expect(asked.at(-1)!.searchParams.get('page')).toBe('1');
    expect(csv()).toHaveAttribute('href', '/api/client/invoices/export?format=csv&search=INV+26');
  });

  it('opens with the filter of the address', async () => {
    const asked: URL[] = [];
    withInvoices(asked);
    renderApp('/client/invoices?status=paid&search=2600');
    await screen.findByRole('table', { name: 'Invoices' });
    expect(asked[0]!.searchParams.get('status')).toBe('paid');
    expect(asked[0]!.searchParams.get('search')).toBe('2600');
    expect(within(screen.getByRole('radiogroup', { name: 'Status' })).getByLabelText('Paid')).toBeChecked();
    expect(screen.getByLabelText('Search')).toHaveValue('2600');
  });

  it('no invoices yet: says when one is issued, and no balance line', async () => {
    withInvoices([], () => ({ items: [], total: 0, page: 1, pageSize: 25, balanceCents: 0 }));
    renderApp('/client/invoices');
    expect(await screen.findByText(MSG_NO_INVOICES)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByText(/^Balance due/)).not.toBeInTheDocument();
  });

  it('nothing matches the filter: not "yet"', async () => {
    withInvoices([], () => ({ items: [], total: 0, page: 1, pageSize: 25, balanceCents: 0 }));
    renderApp('/client/invoices?status=overdue');
    expect(await screen.findByText(MSG_NO_INVOICES_FOUND)).toBeInTheDocument();
    expect(screen.queryByText(MSG_NO_INVOICES)).not.toBeInTheDocument();
  });

  it('on a phone each invoice is a card, with its PDF', async () => {
    withInvoices([]);
    mockMediaQueries(() => true);
    renderApp('/client/invoices');
    const cards = await screen.findByRole('list', { name: 'Invoices' });
    const card = cards.querySelector('[data-invoice-id="1"]') as HTMLElement;
    expect(card).toHaveTextContent('INV-2026-000001');
    expect(card).toHaveTextContent('Balance$1,000.00');
    expect(card).toHaveTextContent('StatusOverdue 12 days');
    expect(within(card).getByRole('link', { name: 'PDF of INV-2026-000001' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
