import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render';
import { loggedIn, runFakeServer, server } from '../../../test/server';
import { recordsServer, reportedOrder, staffUser } from './recordsFixtures';

runFakeServer();

const card = () => screen.findByRole('region', { name: 'Second Appraisals' });

describe('Second Appraisals card', () => {
  it('links the orders both ways with their reasons', async () => {
    server.use(loggedIn(staffUser));
    recordsServer({
      order: {
        ...reportedOrder,
        assignedAppraiserSecurityUser: 10,
        linkedOrders: [{ id: 9, fileNumber: '26000009', kind: 'second_appraisal', reason: 'Value in dispute' }],
      },
    });
    renderApp('/staff/orderdetails/5');
    const c = await card();
    expect(within(c).getByRole('link', { name: '26000009' })).toHaveAttribute('href', '/staff/orderdetails/9');
    expect(within(c).getByText(/Value in dispute/)).toBeInTheDocument();
  });

  it('asks for a reason, orders the second appraisal and opens it', async () => {
    server.use(loggedIn(staffUser));
    recordsServer({ order: { ...reportedOrder, assignedAppraiserSecurityUser: 10, linkedOrders: [] } });
    const posted: unknown[] = [];
    server.use(
      http.post('*/api/staff/orders/5/second-appraisal', async ({ request }) => {
        posted.push(await request.json());
        return HttpResponse.json({ id: 12, fileNumber: '26000012' }, { status: 201 });
      }),
    );
    const { router } = renderApp('/staff/orderdetails/5');
    const c = await card();
    expect(within(c).getByText('None ordered.')).toBeInTheDocument();
    fireEvent.click(within(c).getByRole('button', { name: 'Order Second Appraisal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Order Second Appraisal' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Order' }));
    expect(await within(dialog).findByText('Reason is required.')).toBeInTheDocument();
    expect(posted).toEqual([]);
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Reason/ }), { target: { value: ' Factual error in the ROV ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Order' }));
    await waitFor(() => expect(posted).toEqual([{ reason: 'Factual error in the ROV' }]));
    await waitFor(() => expect(router.state.location.pathname).toBe('/staff/orderdetails/12'));
  });
});
