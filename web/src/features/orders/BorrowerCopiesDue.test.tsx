import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render';
import { runFakeServer, server } from '../../test/server';
import type { DueCopy } from './api';
import { TITLE_COPY_DUE } from './BorrowerCopiesDue';
import { dashboardSession } from './testDashboard';

runFakeServer();

const staff = { securityUserId: 20, userType: 2, firstName: 'Sam', lastName: 'Staff' };
const appraiser = { securityUserId: 10, userType: 1, firstName: 'Dana', lastName: 'Reed' };
const due: DueCopy[] = [
  { orderId: 54, fileNumber: '26000054', borrowerName: 'Paul Taylor', closingDate: '2026-12-01' },
  { orderId: 61, fileNumber: '26000061', borrowerName: 'Ana Ruiz', closingDate: '2026-11-27' },
];

/** The dashboard for `user`, the compliance list answering `list`; `calls` records the order of the calls. */
function dashboardFor(user: Record<string, unknown>, list: DueCopy[]) {
  const calls: string[] = [];
  server.use(
    ...dashboardSession(user),
    http.post('*/api/dashboard', () => {
      calls.push('dashboard');
      return HttpResponse.json({ items: [], totalItems: 0, totalPages: 0 });
    }),
    http.get('*/api/staff/compliance/borrower-copies', () => {
      calls.push('compliance');
      return HttpResponse.json(list);
    }),
    http.get('*/api/order-details/:id', () => HttpResponse.json({ message: 'gone' }, { status: 404 })),
  );
  return calls;
}

describe("the dashboard's borrower's copy flag", () => {
  it('lists, after the orders, each order whose copy is due as a link to its page with its closing date', async () => {
    const calls = dashboardFor(staff, due);
    const { router } = renderApp('/staff/dashboard');
    const flag = await screen.findByRole('region', { name: TITLE_COPY_DUE });
    expect(calls).toEqual(['dashboard', 'compliance']);
    const items = within(flag).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual(['26000054 (Paul Taylor), closing 12/01/2026', '26000061 (Ana Ruiz), closing 11/27/2026']);
    const link = within(flag).getByRole('link', { name: '26000054 (Paul Taylor)' });
    expect(link).toHaveAttribute('href', '/staff/orderdetails/54');
    fireEvent.click(link);
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/staff\/orderdetails\/54/));
  });

  it('shows nothing when no copy is due', async () => {
    const calls = dashboardFor(staff, []);
    renderApp('/staff/dashboard');
    expect(await screen.findByText('No orders found')).toBeInTheDocument();
    await waitFor(() => expect(calls).toContain('compliance'));
    expect(screen.queryByText(TITLE_COPY_DUE)).not.toBeInTheDocument();
  });

  it('is not asked for on the appraiser’s dashboard', async () => {
    const calls = dashboardFor(appraiser, due);
    renderApp('/appraiser/dashboard');
    expect(await screen.findByText('No orders found')).toBeInTheDocument();
    expect(calls).toEqual(['dashboard']);
    expect(screen.queryByText(TITLE_COPY_DUE)).not.toBeInTheDocument();
  });
});
