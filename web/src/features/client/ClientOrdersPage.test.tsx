import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { clientSeat } from '../../test/clientOrder';
import { renderApp } from '../../test/render';
import { appConfig, loggedIn, runFakeServer, server } from '../../test/server';
import { MSG_NO_ORDERS } from './ClientOrdersPage';

runFakeServer();

const clientUser = { securityUserId: 30, userType: 0, firstName: 'Finley', lastName: 'Client' };

const order = (id: number, more: Record<string, unknown> = {}) => ({
  id,
  fileNumber: `2600${id}`,
  status: 'Assigned',
  statusId: 4,
  propertyAddress: `${id} Main St, Austin, TX 78701`,
  borrowerName: `Borrower ${id}`,
  loanNumber: `LN${id}`,
  orderedAt: '2026-03-02T15:00:00Z',
  dueDate: '2026-03-20',
  deliveredAt: null,
  updatedAt: '2026-03-02T15:00:00Z',
  source: 'client_portal',
  ...more,
});

function withOrders(
  asked: URL[],
  answer = (url: URL) => ({
    items: [order(1, { status: 'Default', statusId: 3 }), order(2, { status: 'Delivered to Client', statusId: 18, deliveredAt: '2026-03-10T16:00:00Z' })],
    total: 60,
    page: Number(url.searchParams.get('page')),
    pageSize: 25,
  }),
) {
  server.use(
    loggedIn(clientUser),
    appConfig(),
    clientSeat(),
    http.get('*/api/client/orders', ({ request }) => {
      const url = new URL(request.url);
      asked.push(url);
      return HttpResponse.json(answer(url));
    }),
  );
}

describe('client Orders page', () => {
  it('/dashboard sends a client user here; the rows the API answers, with every column', async () => {
    const asked: URL[] = [];
    withOrders(asked);
    const { router } = renderApp('/dashboard');
    const table = await screen.findByRole('table', { name: 'Orders' });
    expect(router.state.location.pathname).toBe('/client/orders');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['File #', 'Status', 'Property', 'Borrower', 'Loan #', 'Ordered', 'Due', 'Delivered']);
    const row = table.querySelector('[data-order-id="2"]') as HTMLElement;
    expect(within(row).getByRole('link', { name: '26002' })).toHaveAttribute('href', '/client/orders/2');
    // Statuses in the lender's words: the unassigned status reads Received.
    expect(row.querySelector('[data-status-id="18"]')).toHaveTextContent(/^Delivered$/);
    expect(table.querySelector('[data-order-id="1"] [data-status-id="3"]')).toHaveTextContent(/^Received$/);
    expect(within(table).queryByText('Default')).not.toBeInTheDocument();
    expect(row).toHaveTextContent('2 Main St, Austin, TX 78701');
    expect(row).toHaveTextContent('LN2');
    expect(row).toHaveTextContent('03/02/2026');
    expect(row).toHaveTextContent('03/20/2026');
    expect(row).toHaveTextContent('03/10/2026');
    expect(asked[0]!.searchParams.get('filter')).toBe('open');
    expect(asked[0]!.searchParams.get('page')).toBe('1');
    expect(screen.getByText('Showing 1 - 25 of 60 results')).toBeInTheDocument();
    // The client's own menu: an administrator's.
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    await waitFor(() =>
      expect(
        within(nav)
          .getAllByRole('link')
          .map((l) => l.textContent),
      ).toEqual(['Orders', 'New Order', 'Invoices', 'Insights', 'Users', 'Branches', 'API & Webhooks']),
    );
  });

  it('the filter, the search box and paging ask the server again', async () => {
    const asked: URL[] = [];
    withOrders(asked);
    const { router } = renderApp('/client/orders');
    await screen.findByRole('table', { name: 'Orders' });
    fireEvent.click(within(screen.getByRole('radiogroup', { name: 'Show' })).getByLabelText('Delivered'));
    await waitFor(() => expect(asked.at(-1)!.searchParams.get('filter')).toBe('delivered'));
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'Kennedy' } });
    await waitFor(() => expect(asked.at(-1)!.searchParams.get('search')).toBe('Kennedy'));
    expect(asked.at(-1)!.searchParams.get('filter')).toBe('delivered');
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(asked.at(-1)!.searchParams.get('page')).toBe('2'));
    expect(router.state.location.search).toBe('?filter=delivered&search=Kennedy&page=2');
  });

  it('Download CSV is a download link of the filter and search applied', async () => {
    const asked: URL[] = [];
    withOrders(asked);
    renderApp('/client/orders');
    await screen.findByRole('table', { name: 'Orders' });
    const csv = () => screen.getByRole('link', { name: 'Download CSV' });
    expect(csv()).toHaveAttribute('download');
    // The default filter, and no empty search.
    expect(csv()).toHaveAttribute('href', '/api/client/orders/export?format=csv&filter=open');
    fireEvent.click(within(screen.getByRole('radiogroup', { name: 'Show' })).getByLabelText('Cancelled'));
    await waitFor(() => expect(csv()).toHaveAttribute('href', '/api/client/orders/export?format=csv&filter=cancelled'));
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'Kennedy & Sons' } });
    // Once the search is applied (the list asks for it), the link carries it, encoded.
    await waitFor(() => expect(asked.at(-1)!.searchParams.get('search')).toBe('Kennedy & Sons'));
    const href = new URL(csv().getAttribute('href')!, 'http://portal.test');
    expect(href.pathname).toBe('/api/client/orders/export');
    expect([...href.searchParams]).toEqual([
      ['format', 'csv'],
      ['filter', 'cancelled'],
      ['search', 'Kennedy & Sons'],
    ]);
    expect(csv().getAttribute('href')).toContain('search=Kennedy+%26+Sons');
  });

  it('shows the empty state when nothing matches', async () => {
    withOrders([], () => ({ items: [], total: 0, page: 1, pageSize: 25 }));
    renderApp('/client/orders?filter=cancelled');
    expect(await screen.findByText(MSG_NO_ORDERS)).toBeInTheDocument();
  });
});
