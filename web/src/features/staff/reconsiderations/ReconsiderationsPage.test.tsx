import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { mockMediaQueries } from '../../../test/media';
import { reconsiderationFixture } from '../../../test/reconsiderations';
import { renderApp } from '../../../test/render';
import { appConfig, csrf, loggedIn, runFakeServer, server } from '../../../test/server';
import { staff } from '../../../test/users';
import { MSG_NONE_OVERDUE, MSG_QUEUE_FAILED } from './ReconsiderationsPage';

runFakeServer();

const overdue = reconsiderationFixture({
  id: 8,
  orderId: 12,
  fileNumber: '26000012',
  initiatedBy: 'borrower',
  status: 'requested',
  overdue: true,
  valuePressure: true,
  propertyAddress: '9 Oak Ln, Austin, TX',
});
const onTime = reconsiderationFixture();

/** The queue answering `cases` to every filter; returns the filters asked for, as query strings. */
function queue(cases = [overdue, onTime]) {
  const asked: string[] = [];
  server.use(
    loggedIn(staff),
    appConfig(),
    csrf,
    http.post('*/api/dashboard', () => HttpResponse.json({ items: [], totalItems: 0, totalPages: 0 })),
    http.get('*/api/staff/reconsiderations', ({ request }) => {
      asked.push(new URL(request.url).search);
      return HttpResponse.json(cases);
    }),
  );
  return asked;
}

describe("staff's reconsiderations queue", () => {
  it('opens from the staff menu with the open cases: file, property, who asked, status, due date, overdue and value pressure', async () => {
    const asked = queue();
    const { router } = renderApp('/staff/dashboard');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    fireEvent.click(within(nav).getByRole('link', { name: 'Reconsiderations' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Reconsiderations' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/staff/reconsiderations');
    const table = await screen.findByRole('table', { name: 'Reconsiderations' });
    expect(asked.at(-1)).toBe('?status=open');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('open');
    expect(screen.getByRole('switch', { name: 'Overdue only' })).not.toBeChecked();

    const first = within(table).getAllByRole('row')[1]!;
    expect(within(first).getByRole('link', { name: '26000012' })).toHaveAttribute('href', '/staff/orderdetails/12');
    expect(first).toHaveTextContent('9 Oak Ln, Austin, TX');
    expect(first).toHaveTextContent('Borrower');
    expect(first).toHaveTextContent('Requested');
    expect(first).toHaveTextContent('03/09/2026');
    expect(within(first).getByText('Overdue')).toBeInTheDocument();
    expect(within(first).getByText('Value pressure')).toBeInTheDocument();
    const second = within(table).getAllByRole('row')[2]!;
    expect(second).toHaveTextContent('Lender');
    expect(second).toHaveTextContent('Reviewed');
    expect(within(second).queryByText('Overdue')).not.toBeInTheDocument();
    expect(within(second).queryByText('Value pressure')).not.toBeInTheDocument();
  });

  it('filters by status (All asks for every case) and by Overdue only, kept in the address', async () => {
    const asked = queue();
    const { router } = renderApp('/staff/reconsiderations');
    await screen.findByRole('table', { name: 'Reconsiderations' });
    fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), { target: { value: 'answered' } });
    await waitFor(() => expect(asked.at(-1)).toBe('?status=answered'));
    expect(router.state.location.search).toBe('?status=answered');
    fireEvent.click(screen.getByRole('switch', { name: 'Overdue only' }));
    await waitFor(() => expect(asked.at(-1)).toBe('?status=answered&overdue=true'));
    fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), { target: { value: 'all' } });
    await waitFor(() => expect(asked.at(-1)).toBe('?overdue=true'));
    expect(router.state.location.search).toBe('?status=all&overdue=true');
  });

  it('opens with Overdue only from a link, and says when nothing is overdue', async () => {
    const asked = queue([]);
    renderApp('/staff/reconsiderations?overdue=true');
    expect(await screen.findByText(MSG_NONE_OVERDUE)).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Overdue only' })).toBeChecked();
    expect(asked).toEqual(['?status=open&overdue=true']);
  });

  it('says so when the queue cannot be loaded', async () => {
    queue();
    server.use(http.get('*/api/staff/reconsiderations', () => HttpResponse.json({ message: 'Down' }, { status: 500 })));
    renderApp('/staff/reconsiderations');
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG_QUEUE_FAILED);
  });

  it('is a card per case on a phone', async () => {
    queue();
    const phone = mockMediaQueries(() => true);
    try {
      renderApp('/staff/reconsiderations');
      const cards = await screen.findByRole('list', { name: 'Reconsiderations' });
      expect(within(cards).getAllByRole('listitem')).toHaveLength(2);
      expect(within(cards).getByText('9 Oak Ln, Austin, TX')).toBeInTheDocument();
      expect(within(cards).getByRole('link', { name: '26000012' })).toBeInTheDocument();
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
    } finally {
      phone.mockRestore();
    }
  });
});
