import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { appConfig, csrf, loggedIn, runFakeServer, server } from '../../test/server';
import { renderApp } from '../../test/render';
import type { OrderDashboardItem } from './api';
import type { SearchFilter } from './dashboardParams';

runFakeServer();

const appraiser = { securityUserId: 10, userType: 1, firstName: 'Dana', lastName: 'Reed' };
const lookups = [
  http.get('*/api/constants/states', () => HttpResponse.json([{ label: 'Texas', value: 'TX' }])),
  http.get('*/api/constants/search-statuses', () =>
    HttpResponse.json([
      { label: 'Open', value: '-1', id: -1 },
      { label: 'All', value: '0', id: 0 },
      { label: 'Inspected', value: '13', id: 13 },
    ]),
  ),
];

function order(n: number, extra: Partial<OrderDashboardItem> = {}): OrderDashboardItem {
  return {
    id: n,
    usaFileNumber: `2600000${n}`,
    orderStatus: 'Inspected',
    statusId: 13,
    attentionIndicator: null,
    appraiserUnreadMessages: 0,
    assignmentActualDate: '2026-01-05T15:00:00Z',
    inspectionActualDate: null,
    appraiserDueDate: '2999-01-01',
    propertyAddressLine1: `${n} Main St`,
    propertyCity: 'Austin',
    propertyStateCode: 'TX',
    propertyZip: '78701',
    borrowerName: `Borrower ${n}`,
    appraiserName: 'Dana Reed',
    ...extra,
  };
}

/** Answers POST /api/dashboard with `answer(body)` and records the bodies. */
function dashboard(answer: (body: SearchFilter) => Response | Promise<Response>) {
  const bodies: SearchFilter[] = [];
  const handler = http.post('*/api/dashboard', async ({ request }) => {
    const body = (await request.json()) as SearchFilter;
    bodies.push(body);
    return answer(body);
  });
  return { handler, bodies };
}

describe('Orders Dashboard', () => {
  it('shows the empty state', async () => {
    const d = dashboard(() => HttpResponse.json({ items: [], totalItems: 0, totalPages: 0 }));
    server.use(loggedIn(appraiser), appConfig(), csrf, d.handler, ...lookups);
    renderApp('/appraiser/dashboard');
    expect(await screen.findByText('No orders found')).toBeInTheDocument();
    expect(screen.getByText(/adjusting or clearing the filters/)).toBeInTheDocument();
    expect(screen.getByText('Showing 0 - 0 of 0 results')).toBeInTheDocument();
    expect(d.bodies[0]).toMatchObject({ page: 1, limit: 25, statusRefIds: [-1], sortField: null });
  });

  it('shows the server message in a red banner', async () => {
    const d = dashboard(() => HttpResponse.json({ message: 'limit must be one of 10, 25, 50 or 100' }, { status: 422 }));
    server.use(loggedIn(appraiser), appConfig(), csrf, d.handler, ...lookups);
    renderApp('/appraiser/dashboard');
    expect(await screen.findByRole('alert')).toHaveTextContent('limit must be one of 10, 25, 50 or 100');
  });

  it('shows Failed to fetch data when the server sends no message', async () => {
    const d = dashboard(() => new HttpResponse('oops', { status: 500 }));
    server.use(loggedIn(appraiser), appConfig(), csrf, d.handler, ...lookups);
    renderApp('/appraiser/dashboard');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch data');
  });

  it('lists orders with badges and pages through them via the URL', async () => {
    const d = dashboard((body) =>
      HttpResponse.json({
        items: [order((body.page ?? 1) * 10 + 1, { appraiserUnreadMessages: 2, attentionIndicator: 'order overdue', appraiserDueDate: '2020-01-01' })],
        totalItems: 60,
        totalPages: 3,
      }),
    );
    server.use(loggedIn(appraiser), appConfig(), csrf, d.handler, ...lookups);
    const { router } = renderApp('/appraiser/dashboard?limit=25');
    expect(await screen.findByText('Borrower 11')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '2 unread messages' })).toBeInTheDocument();
    expect(screen.getByText('order overdue')).toBeInTheDocument();
    expect(screen.getByText('Past due')).toBeInTheDocument();
    expect(screen.getByText('01/01/2020')).toBeInTheDocument();
    expect(screen.getByText('Showing 1 - 25 of 60 results')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Borrower 21')).toBeInTheDocument();
    expect(new URLSearchParams(router.state.location.search).get('page')).toBe('2');
    expect(d.bodies.at(-1)).toMatchObject({ page: 2 });
    fireEvent.change(screen.getByLabelText('Rows per page'), { target: { value: '50' } });
    await waitFor(() => expect(d.bodies.at(-1)).toMatchObject({ page: 1, limit: 50 }));
  });

  it('reads an order offered to the appraiser as Offered, until when, rather than its unassigned status', async () => {
    const offered = order(7, { statusId: 3, orderStatus: 'default', assignmentActualDate: null, appraiserName: null, offeredUntil: '2026-03-04T22:00:00Z' });
    const d = dashboard(() => HttpResponse.json({ items: [offered, order(8)], totalItems: 2, totalPages: 1 }));
    server.use(loggedIn(appraiser), appConfig(), csrf, d.handler, ...lookups);
    renderApp('/appraiser/dashboard');
    const row = (await screen.findByText('Borrower 7')).closest<HTMLElement>('[data-order-id]')!;
    expect(within(row).getByText('Offered')).toBeInTheDocument();
    expect(within(row).getByText('until 03/04/2026, 4:00 PM')).toBeInTheDocument();
    expect(within(row).queryByText('default')).not.toBeInTheDocument();
    const other = screen.getByText('Borrower 8').closest<HTMLElement>('[data-order-id]')!;
    expect(within(other).getByText('Inspected')).toBeInTheDocument();
    expect(within(other).queryByText('Offered')).not.toBeInTheDocument();
  });

  it('shows a capped total as 10,000+ and offers no last page', async () => {
    const d = dashboard(() => HttpResponse.json({ items: [order(1)], totalItems: 10000, totalIsLowerBound: true, totalPages: 400 }));
    server.use(loggedIn(appraiser), appConfig(), csrf, d.handler, ...lookups);
    renderApp('/appraiser/dashboard?status=0');
    expect(await screen.findByText('Showing 1 - 25 of 10,000+ results')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Last page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeEnabled();
  });

  it('filters through the modal, counts active filters and clears to All', async () => {
    const d = dashboard(() => HttpResponse.json({ items: [order(1)], totalItems: 1, totalPages: 1 }));
    server.use(loggedIn(appraiser), appConfig(), csrf, d.handler, ...lookups);
    const { router } = renderApp('/appraiser/dashboard?page=1');
    await screen.findByText('Borrower 1');
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    const dialog = await screen.findByRole('dialog', { name: 'Filter Orders' });
    fireEvent.change(within(dialog).getByLabelText('Borrower Name'), { target: { value: 'smi' } });
    fireEvent.change(within(dialog).getByLabelText('ZIP Code'), { target: { value: '787' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Search' }));
    expect(await screen.findByRole('button', { name: 'Clear (2)' })).toBeInTheDocument();
    const sp = new URLSearchParams(router.state.location.search);
    expect(sp.get('borrowerName')).toBe('smi');
    expect(sp.get('propertyZip')).toBe('787');
    expect(d.bodies.at(-1)).toMatchObject({ page: 1, borrowerName: 'smi', propertyZip: '787', statusRefIds: [-1] });
    fireEvent.click(screen.getByRole('button', { name: 'Clear (2)' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Clear \(/ })).not.toBeInTheDocument());
    expect(d.bodies.at(-1)).toMatchObject({ page: 1, borrowerName: null, propertyZip: null, statusRefIds: [0] });
    expect(new URLSearchParams(router.state.location.search).get('status')).toBe('0');
  });

  it('sorts by a header: ascending, descending, none', async () => {
    const d = dashboard(() => HttpResponse.json({ items: [order(1)], totalItems: 1, totalPages: 1 }));
    server.use(loggedIn(appraiser), appConfig(), csrf, d.handler, ...lookups);
    renderApp('/appraiser/dashboard');
    await screen.findByText('Borrower 1');
    const header = () => screen.getByRole('columnheader', { name: /Borrower/ });
    expect(header()).toHaveAttribute('aria-sort', 'none');
    fireEvent.click(within(header()).getByRole('button'));
    await waitFor(() => expect(header()).toHaveAttribute('aria-sort', 'ascending'));
    expect(d.bodies.at(-1)).toMatchObject({ sortField: 'borrowerName', sortDirection: 'asc' });
    fireEvent.click(within(header()).getByRole('button'));
    await waitFor(() => expect(header()).toHaveAttribute('aria-sort', 'descending'));
    fireEvent.click(within(header()).getByRole('button'));
    await waitFor(() => expect(header()).toHaveAttribute('aria-sort', 'none'));
    expect(d.bodies.at(-1)).toMatchObject({ sortField: null, sortDirection: null });
  });

  it('opens the order details on row click and Enter', async () => {
    const d = dashboard(() => HttpResponse.json({ items: [order(7)], totalItems: 1, totalPages: 1 }));
    server.use(loggedIn(appraiser), appConfig(), csrf, d.handler, ...lookups);
    const { router } = renderApp('/appraiser/dashboard');
    fireEvent.click(await screen.findByText('Borrower 7'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/appraiser/orderdetails/7'));
    await act(() => router.navigate('/appraiser/dashboard'));
    const row = (await screen.findByText('Borrower 7')).closest('tr')!;
    fireEvent.keyDown(row, { key: 'Enter' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/appraiser/orderdetails/7'));
  });
});
