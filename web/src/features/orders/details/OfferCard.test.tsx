import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { OrderStatus } from '../../../lib/api-enums';
import { orderDetailsFixture } from '../../../test/orderDetails';
import { renderApp } from '../../../test/render';
import { appConfig, csrf, loggedIn, runFakeServer, server } from '../../../test/server';
import { offerReasons } from './OfferCard';
import type { OrderDetails } from './types';

runFakeServer();

const appraiser = { securityUserId: 10, userType: 1, firstName: 'Avery', lastName: 'Appraiser' };

const OFFER: NonNullable<OrderDetails['offer']> = {
  expiresAt: '2026-03-04T22:00:00Z',
  rank: 2,
  eligible: 5,
  score: 81.6,
  figures: { distanceMiles: 12.43, onTimeRate: 0.92, revisionsPerOrder: 0.25, openOrders: 1, offersLast30Days: 3, feeCents: 42500 },
};

/** An unassigned order offered to the signed-in appraiser. */
const offered = (extra: Partial<OrderDetails> = {}) =>
  orderDetailsFixture({
    statusId: OrderStatus.Default,
    orderStatus: 'default',
    assignedAppraiserSecurityUser: 0,
    availableActions: ['ACCEPT', 'REJECT'],
    offer: OFFER,
    ...extra,
  });

function serve(load: () => OrderDetails, accept: () => Response) {
  const calls = { details: 0, accept: [] as unknown[] };
  server.use(
    csrf,
    appConfig(),
    loggedIn(appraiser),
    http.get('*/api/order-details/:id', () => {
      calls.details += 1;
      return HttpResponse.json(load());
    }),
    http.post('*/api/order-details/accept', async ({ request }) => {
      calls.accept.push(await request.json());
      return accept();
    }),
  );
  return calls;
}

async function acceptFromMenu() {
  fireEvent.click(await screen.findByRole('button', { name: 'Actions' }));
  fireEvent.click(await screen.findByRole('menuitem', { name: 'Accept' }));
  const dialog = await screen.findByRole('dialog', { name: 'Accept' });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Accept Order' }));
  return dialog;
}

describe('Order page: an order offered to the appraiser', () => {
  it('says until when to answer and why the appraiser was offered it', async () => {
    serve(offered, () => HttpResponse.json({ message: 'Order accepted.' }));
    renderApp('/appraiser/orderdetails/5');
    const card = await screen.findByTestId('order-offer');
    expect(card).toHaveTextContent('Offered to you: accept or reject by 03/04/2026, 4:00 PM');
    expect(
      within(card)
        .getAllByRole('listitem')
        .map((i) => i.textContent),
    ).toEqual([
      'Rank 2 of 5 eligible',
      'Score 82 of 100',
      '12.4 miles from your office',
      '92% on time over 90 days',
      '0.3 revisions per order over 90 days',
      '1 open order now',
      '3 orders offered to you in the last 30 days',
      'Your fee for its products: $425.00',
    ]);
  });

  it('offers Accept and Reject at the unassigned status', async () => {
    serve(offered, () => HttpResponse.json({ message: 'Order accepted.' }));
    renderApp('/appraiser/orderdetails/5');
    fireEvent.click(await screen.findByRole('button', { name: 'Actions' }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual(['Accept', 'Reject']);
  });

  it('reloads the order after Accept: the offer is gone', async () => {
    let accepted = false;
    const calls = serve(
      () => (accepted ? orderDetailsFixture({ statusId: OrderStatus.Accepted, orderStatus: 'Accepted', availableActions: [] }) : offered()),
      () => {
        accepted = true;
        return HttpResponse.json({ message: 'Order accepted.' });
      },
    );
    renderApp('/appraiser/orderdetails/5');
    await screen.findByTestId('order-offer');
    await acceptFromMenu();
    expect(await screen.findByText('Order accepted.')).toBeInTheDocument();
    expect(calls.accept).toEqual([{ orderId: 5, forAppraiser: null }]);
    await waitFor(() => expect(screen.queryByTestId('order-offer')).not.toBeInTheDocument());
    expect(calls.details).toBeGreaterThan(1);
  });

  it('shows a lost race as the server’s message in the dialog', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    serve(offered, () => HttpResponse.json({ message: 'Another appraiser accepted this order first.' }, { status: 409 }));
    renderApp('/appraiser/orderdetails/5');
    const dialog = await acceptFromMenu();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Another appraiser accepted this order first.');
  });

  it('marks a rush order', async () => {
    serve(
      () => offered({ rush: true }),
      () => HttpResponse.json({ message: 'Order accepted.' }),
    );
    renderApp('/appraiser/orderdetails/5');
    expect(await screen.findByTestId('order-rush')).toHaveTextContent('Rush');
  });

  it('has no offer card or rush badge for an order without them', async () => {
    serve(
      () => orderDetailsFixture(),
      () => HttpResponse.json({ message: 'Order accepted.' }),
    );
    renderApp('/appraiser/orderdetails/5');
    await screen.findByRole('heading', { level: 1, name: 'Order #26000005' });
    expect(screen.queryByTestId('order-offer')).not.toBeInTheDocument();
    expect(screen.queryByTestId('order-rush')).not.toBeInTheDocument();
  });
});

describe('offerReasons', () => {
  it('words figures without a record', () => {
    const reasons = offerReasons({
      ...OFFER,
      rank: null,
      figures: { distanceMiles: null, onTimeRate: null, revisionsPerOrder: null, openOrders: 0, offersLast30Days: 1, feeCents: null },
    });
    expect(reasons).toEqual([
      'One of 5 eligible',
      'Score 82 of 100',
      'Distance from your office unknown',
      'No on-time record over 90 days yet',
      'No revision record over 90 days yet',
      '0 open orders now',
      '1 order offered to you in the last 30 days',
    ]);
  });
});
