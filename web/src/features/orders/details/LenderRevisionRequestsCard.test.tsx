import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Schemas } from '../../../lib/api';
import { MSG_NOT_FORWARDED } from '../../../components/LenderRevisionRequestView';
import { renderApp } from '../../../test/render';
import { loggedIn, runFakeServer, server } from '../../../test/server';
import { LENDER_REVISIONS_TITLE } from './LenderRevisionRequestsCard';
import { recordsServer, reportedOrder, settled, staffUser } from './recordsFixtures';

runFakeServer();

type Request = Schemas['LenderRevisionRequest'];

const forwarded: Request = {
  id: 3,
  orderId: 5,
  items: [{ reference: 'Page 3', text: 'The sketch leaves out the garage.' }],
  message: null,
  requester: 'Finley Client',
  createdAt: '2026-03-02T15:00:00Z',
  forwardedAt: '2026-03-03T15:00:00Z',
};
const waiting: Request = {
  id: 4,
  orderId: 5,
  items: [
    { reference: 'Comparable 2', text: 'The GLA is 1,980 sq ft.' },
    { reference: 'Addendum', text: 'Name the HOA.' },
  ],
  message: 'Before closing, please.',
  requester: 'Finley Client',
  createdAt: '2026-03-07T15:00:00Z',
  forwardedAt: null,
};

const waitingOrder: Partial<Schemas['OrderDetails']> = { ...reportedOrder, statusId: 23, orderStatus: 'lender revision request' };
const forwardedMessage = () => HttpResponse.json({ message: "The lender's revision request was sent to the appraiser." });

/** Staff on order 5 (by default waiting for the lender's revisions) with `requests`; Forward is answered by `answer`. */
function staffOrderWith(requests: Request[], answer: () => Response = forwardedMessage, order = waitingOrder) {
  const forwards: string[] = [];
  let listLoads = 0;
  server.use(loggedIn(staffUser));
  const loads = recordsServer({ order });
  server.use(
    http.get('*/api/staff/orders/:id/revision-requests', () => {
      listLoads += 1;
      return HttpResponse.json(requests);
    }),
    http.post('*/api/staff/orders/:id/revision-requests/:requestId/forward', ({ request }) => {
      forwards.push(new URL(request.url).pathname);
      return answer();
    }),
  );
  renderApp('/staff/orderdetails/5');
  return { loads, forwards, listLoads: () => listLoads };
}

const card = () => screen.findByRole('region', { name: LENDER_REVISIONS_TITLE });

describe("staff's Lender Revision Requests card", () => {
  it('shows each request: who asked and when, whether it was forwarded, the message and the items; Forward only for one not yet forwarded', async () => {
    staffOrderWith([forwarded, waiting]);
    const c = await card();
    const first = within(c).getByRole('region', { name: 'Request 1' });
    expect(first).toHaveTextContent('Requested by Finley Client on 03/02/2026, 9:00 AM');
    expect(first).toHaveTextContent('Sent to the appraiser on 03/03/2026, 9:00 AM');
    expect(within(first).queryByRole('button', { name: 'Forward to Appraiser' })).not.toBeInTheDocument();
    const second = within(c).getByRole('region', { name: 'Request 2' });
    expect(second).toHaveTextContent(MSG_NOT_FORWARDED);
    expect(second).toHaveTextContent('Before closing, please.');
    expect(
      within(within(second).getByRole('list'))
        .getAllByRole('listitem')
        .map((i) => i.textContent),
    ).toEqual(['Comparable 2: The GLA is 1,980 sq ft.', 'Addendum: Name the HOA.']);
    expect(within(second).getByRole('button', { name: 'Forward to Appraiser' })).toBeInTheDocument();
  });

  it('is not there without a request', async () => {
    const { listLoads } = staffOrderWith([]);
    await screen.findByRole('region', { name: 'Property Information' });
    await waitFor(() => expect(listLoads()).toBe(1));
    await settled();
    expect(screen.queryByRole('region', { name: LENDER_REVISIONS_TITLE })).not.toBeInTheDocument();
  });

  it('Forward to Appraiser sends that request, then the order and the list are read again', async () => {
    const { loads, forwards, listLoads } = staffOrderWith([forwarded, waiting]);
    const second = within(await card()).getByRole('region', { name: 'Request 2' });
    const before = { details: loads.details, revisions: loads.revisions, list: listLoads() };
    fireEvent.click(within(second).getByRole('button', { name: 'Forward to Appraiser' }));
    expect(await screen.findByText("The lender's revision request was sent to the appraiser.")).toBeInTheDocument();
    expect(forwards).toEqual(['/api/staff/orders/5/revision-requests/4/forward']);
    await waitFor(() => expect(loads.details).toBeGreaterThan(before.details));
    await waitFor(() => expect(loads.revisions).toBeGreaterThan(before.revisions));
    await waitFor(() => expect(listLoads()).toBeGreaterThan(before.list));
  });

  it('a refusal shows under the button, and the list is read again', async () => {
    const { listLoads } = staffOrderWith([waiting], () => HttpResponse.json({ message: 'This revision request was already forwarded.' }, { status: 409 }));
    const c = await card();
    const before = listLoads();
    fireEvent.click(within(c).getByRole('button', { name: 'Forward to Appraiser' }));
    expect(await within(c).findByRole('alert')).toHaveTextContent('This revision request was already forwarded.');
    await waitFor(() => expect(listLoads()).toBeGreaterThan(before));
  });

  it('asks nothing for an order without a report', async () => {
    const { listLoads } = staffOrderWith([waiting], forwardedMessage, { statusId: 11, files: [] });
    await screen.findByRole('region', { name: 'Property Information' });
    await settled();
    expect(listLoads()).toBe(0);
    expect(screen.queryByRole('region', { name: LENDER_REVISIONS_TITLE })).not.toBeInTheDocument();
  });
});
