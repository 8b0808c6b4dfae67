import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { reconsiderationFixture } from '../../test/reconsiderations';
import { renderApp } from '../../test/render';
import { runFakeServer, server } from '../../test/server';
import { TITLE_OVERDUE_RECONSIDERATIONS } from './OverdueReconsiderationsFlag';
import { dashboardSession, emptyDashboardPage } from './testDashboard';

runFakeServer();

const staff = { securityUserId: 20, userType: 2, firstName: 'Sam', lastName: 'Staff' };
const appraiser = { securityUserId: 10, userType: 1, firstName: 'Dana', lastName: 'Reed' };
const late = (id: number) => reconsiderationFixture({ id, overdue: true });

/** The dashboard for `user`, the queue answering `cases`; returns the queries the queue was asked with. */
function dashboardFor(user: Record<string, unknown>, cases: ReturnType<typeof late>[]) {
  const asked: string[] = [];
  server.use(
    ...dashboardSession(user),
    emptyDashboardPage,
    http.get('*/api/staff/compliance/borrower-copies', () => HttpResponse.json([])),
    http.get('*/api/staff/assignment/handed-back', () => HttpResponse.json([])),
    http.get('*/api/staff/reconsiderations', ({ request }) => {
      asked.push(new URL(request.url).search);
      return HttpResponse.json(new URL(request.url).searchParams.get('overdue') === 'true' ? cases : []);
    }),
  );
  return asked;
}

describe("the dashboard's flag of overdue reconsiderations", () => {
  it('counts the overdue cases and leads to the queue with Overdue only', async () => {
    const asked = dashboardFor(staff, [late(7), late(8)]);
    const { router } = renderApp('/staff/dashboard');
    const flag = await screen.findByRole('region', { name: TITLE_OVERDUE_RECONSIDERATIONS });
    expect(asked[0]).toBe('?overdue=true');
    expect(flag).toHaveTextContent("2 reconsiderations of value are past the lender's turn time.");
    fireEvent.click(within(flag).getByRole('link', { name: 'See the overdue reconsiderations' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/staff/reconsiderations'));
    expect(router.state.location.search).toBe('?overdue=true');
    expect(await screen.findByRole('switch', { name: 'Overdue only' })).toBeChecked();
  });

  it('says one case in the singular', async () => {
    dashboardFor(staff, [late(7)]);
    renderApp('/staff/dashboard');
    expect(await screen.findByRole('region', { name: TITLE_OVERDUE_RECONSIDERATIONS })).toHaveTextContent("1 reconsideration of value is past the lender's turn time.");
  });

  it('shows nothing when none is overdue', async () => {
    const asked = dashboardFor(staff, []);
    renderApp('/staff/dashboard');
    expect(await screen.findByText('No orders found')).toBeInTheDocument();
    await waitFor(() => expect(asked).toEqual(['?overdue=true']));
    expect(screen.queryByText(TITLE_OVERDUE_RECONSIDERATIONS)).not.toBeInTheDocument();
  });

  it('is not asked for on the appraiser’s dashboard', async () => {
    const asked = dashboardFor(appraiser, [late(7)]);
    renderApp('/appraiser/dashboard');
    expect(await screen.findByText('No orders found')).toBeInTheDocument();
    expect(asked).toEqual([]);
  });
});
