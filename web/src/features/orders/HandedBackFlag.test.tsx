import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render';
import { runFakeServer, server } from '../../test/server';
import { TITLE_HANDED_BACK } from './HandedBackFlag';
import { dashboardSession, emptyDashboardPage } from './testDashboard';

runFakeServer();

const staff = { securityUserId: 20, userType: 2, firstName: 'Sam', lastName: 'Staff' };
const appraiser = { securityUserId: 10, userType: 1, firstName: 'Dana', lastName: 'Reed' };
const order = (orderId: number) => ({ orderId, fileNumber: `260000${orderId}`, propertyAddress: '12 Elm St, Austin, TX 78701', decidedAt: '2026-03-02T15:30:00Z' });

/** The dashboard for `user`, the handed-back list answering `list`; `calls` records the lists asked for. */
function dashboardFor(user: Record<string, unknown>, list: ReturnType<typeof order>[]) {
  const calls: string[] = [];
  server.use(
    ...dashboardSession(user),
    emptyDashboardPage,
    http.get('*/api/staff/compliance/borrower-copies', () => HttpResponse.json([])),
    http.get('*/api/staff/assignment/handed-back', () => {
      calls.push('handed-back');
      return HttpResponse.json(list);
    }),
    http.get('*/api/staff/assignment-policy', () => HttpResponse.json({ mode: 'broadcast', offerHours: 8, broadcastSize: 3 })),
  );
  return calls;
}

describe("the dashboard's flag of orders handed back", () => {
  it('counts the orders automatic assignment found no one for and leads to the Assignment page', async () => {
    dashboardFor(staff, [order(54), order(61)]);
    const { router } = renderApp('/staff/dashboard');
    const flag = await screen.findByRole('region', { name: TITLE_HANDED_BACK });
    expect(flag).toHaveTextContent('2 orders need an appraiser: automatic assignment found no one.');
    fireEvent.click(within(flag).getByRole('link', { name: 'Assign them on the Assignment page' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/staff/assignment'));
  });

  it('says one order in the singular', async () => {
    dashboardFor(staff, [order(54)]);
    renderApp('/staff/dashboard');
    expect(await screen.findByRole('region', { name: TITLE_HANDED_BACK })).toHaveTextContent('1 order needs an appraiser: automatic assignment found no one.');
  });

  it('shows nothing when no order was handed back', async () => {
    const calls = dashboardFor(staff, []);
    renderApp('/staff/dashboard');
    expect(await screen.findByText('No orders found')).toBeInTheDocument();
    await waitFor(() => expect(calls).toEqual(['handed-back']));
    expect(screen.queryByText(TITLE_HANDED_BACK)).not.toBeInTheDocument();
  });

  it('is not asked for on the appraiser’s dashboard', async () => {
    const calls = dashboardFor(appraiser, [order(54)]);
    renderApp('/appraiser/dashboard');
    expect(await screen.findByText('No orders found')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });
});
