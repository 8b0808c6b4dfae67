import { fireEvent, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Schemas } from '../../../lib/api';
import { orderDetailsFixture } from '../../../test/orderDetails';
import { renderApp } from '../../../test/render';
import { appConfig, csrf, loggedIn, runFakeServer, server } from '../../../test/server';
import { MSG_NO_CLIENT_MESSAGES } from './ClientMessages';

runFakeServer();

const staff = { securityUserId: 20, userType: 2, firstName: 'Sam', lastName: 'Staff' };
const appraiser = { securityUserId: 10, userType: 1, firstName: 'Dana', lastName: 'Reed' };

type Message = Schemas['ClientMessage'];

function orderServer(order: Schemas['OrderDetails'], messages: Message[], posted: unknown[], answers: Response[] = []) {
  server.use(
    csrf,
    appConfig(),
    http.get('*/api/order-details/:id', () => HttpResponse.json(order)),
    http.get('*/api/staff/orders/:id/notes', () => HttpResponse.json([])),
    http.get('*/api/staff/orders/5/client-messages', () => HttpResponse.json(messages)),
    http.post('*/api/staff/orders/5/client-messages', async ({ request }) => {
      const body = (await request.json()) as { body: string };
      posted.push(body);
      const answer = answers.shift();
      if (answer) return answer;
      const saved = { id: messages.length + 1, body: body.body, from: 'Sam Staff', fromClient: false, createdAt: '2026-01-06T16:00:00Z' };
      messages.push(saved);
      return HttpResponse.json(saved, { status: 201 });
    }),
  );
}

const fromClient: Message = { id: 1, body: 'Can the inspection be on Monday?', from: 'Finley Client', fromClient: true, createdAt: '2026-01-05T15:00:00Z' };

describe('staff order page: the client side', () => {
  it("shows the order's source and the client's cancel request with its reason", async () => {
    server.use(loggedIn(staff));
    orderServer(orderDetailsFixture({ source: 'Client portal', clientCancelRequest: 'The borrower withdrew.' }), [], []);
    renderApp('/staff/orderdetails/5');
    expect(await screen.findByText('Source: Client portal')).toBeInTheDocument();
    const alert = screen.getByRole('alert', { name: 'Cancellation requested by the client' });
    expect(alert).toHaveTextContent('Reason: The borrower withdrew.');
  });

  it('Client Messages: reads the thread and answers the client with the body the API expects', async () => {
    const posted: unknown[] = [];
    server.use(loggedIn(staff));
    orderServer(orderDetailsFixture({ source: 'API' }), [fromClient], posted, [HttpResponse.json({ message: 'This order has no client to write to.' }, { status: 409 })]);
    renderApp('/staff/orderdetails/5');
    const card = await screen.findByRole('region', { name: 'Client Messages' });
    const thread = await within(card).findByRole('list', { name: 'Client messages' });
    expect(within(thread).getByText('Can the inspection be on Monday?')).toBeInTheDocument();
    expect(within(thread).getByText('Client')).toBeInTheDocument();
    const field = within(card).getByRole('textbox', { name: 'Write to the client' });
    fireEvent.change(field, { target: { value: ' Yes, Monday at 10. ' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Send to Client' }));
    expect(await within(card).findByText('This order has no client to write to.')).toBeInTheDocument();
    fireEvent.click(within(card).getByRole('button', { name: 'Send to Client' }));
    expect(await within(thread).findByText('Yes, Monday at 10.')).toBeInTheDocument();
    expect(posted).toEqual([{ body: 'Yes, Monday at 10.' }, { body: 'Yes, Monday at 10.' }]);
    expect(field).toHaveValue('');
  });

  it('no Client Messages card for an order without a client', async () => {
    server.use(loggedIn(staff));
    orderServer(orderDetailsFixture({ clientId: null }), [], []);
    renderApp('/staff/orderdetails/5');
    await screen.findByRole('region', { name: 'Internal Notes' });
    expect(screen.queryByRole('region', { name: 'Client Messages' })).not.toBeInTheDocument();
    expect(screen.queryByText(MSG_NO_CLIENT_MESSAGES)).not.toBeInTheDocument();
  });

  it('appraisers see neither the source nor the client messages', async () => {
    server.use(loggedIn(appraiser));
    orderServer(orderDetailsFixture({ clientId: null, source: null }), [fromClient], []);
    renderApp('/appraiser/orderdetails/5');
    await screen.findByRole('heading', { level: 1, name: 'Order #26000005' });
    expect(screen.queryByText(/^Source:/)).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Client Messages' })).not.toBeInTheDocument();
  });
});
