import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Schemas } from '../../lib/api';
import { MSG_CHANGE_REQUIRED, MSG_REFERENCE_REQUIRED } from '../../components/RevisionItems';
import { MSG_NOT_FORWARDED } from '../../components/LenderRevisionRequestView';
import { clientOrderFixture, clientUser, deliveredClientOrder } from '../../test/clientOrder';
import { renderApp } from '../../test/render';
import { appConfig, csrf, loggedIn, runFakeServer, server } from '../../test/server';
import { MSG_NO_REVISION_REQUESTS, MSG_REVISIONS_SENT, REVISION_REQUESTS_TITLE } from './ClientRevisionRequestsCard';

runFakeServer();

type Request = Schemas['LenderRevisionRequest'];

const forwarded: Request = {
  id: 3,
  orderId: 54,
  items: [{ reference: 'Page 3', text: 'The sketch leaves out the garage.' }],
  message: 'Before closing, please.',
  requester: 'Finley Client',
  createdAt: '2026-03-07T15:00:00Z',
  forwardedAt: '2026-03-08T16:30:00Z',
};

/**
 * demo.client on order 54 (`order`, whose page is read again after a request), with the lender's
 * `requests`; a new request is answered by `answer`. Returns the order's loads and what was sent.
 */
function clientOrder(order: Schemas['ClientOrder'], requests: Request[], answer: () => Response = () => HttpResponse.json(forwarded)) {
  const orderLoads: string[] = [];
  const posted: unknown[] = [];
  server.use(
    loggedIn(clientUser),
    appConfig(),
    csrf,
    http.get('*/api/client/orders/54', ({ request }) => {
      orderLoads.push(new URL(request.url).pathname);
      return HttpResponse.json(order);
    }),
    http.get('*/api/client/orders/54/messages', () => HttpResponse.json([])),
    http.get('*/api/client/orders/54/documents', () => HttpResponse.json([])),
    http.get('*/api/client/orders/54/reconsiderations', () => HttpResponse.json([])),
    http.get('*/api/orders/54/report-data', () => HttpResponse.json(null)),
    http.get('*/api/orders/54/fair-language', () => HttpResponse.json([])),
    http.get('*/api/client/orders/54/revision-requests', () => HttpResponse.json(requests)),
    http.post('*/api/client/orders/54/revision-requests', async ({ request }) => {
      posted.push(await request.json());
      return answer();
    }),
  );
  renderApp('/client/orders/54');
  return { orderLoads, posted };
}

const card = () => screen.findByRole('region', { name: REVISION_REQUESTS_TITLE });

describe("the client's Revision Requests card", () => {
  it('lists the requests with who asked, when, and when staff sent them to the appraiser; no new one while the last is worked on', async () => {
    const waiting: Request = {
      ...forwarded,
      id: 4,
      message: null,
      forwardedAt: null,
      items: [{ reference: 'Comparable 2', text: 'The GLA is 1,980 sq ft.' }],
      createdAt: '2026-03-10T15:00:00Z',
    };
    clientOrder(deliveredClientOrder({ status: 'Lender Revision Request', statusId: 23 }), [forwarded, waiting]);
    const c = await card();
    const first = await within(c).findByRole('region', { name: 'Request 1' });
    expect(first).toHaveTextContent('Requested by Finley Client on 03/07/2026, 9:00 AM');
    expect(first).toHaveTextContent('Sent to the appraiser on 03/08/2026, 11:30 AM');
    expect(first).toHaveTextContent('Before closing, please.');
    expect(
      within(within(first).getByRole('list'))
        .getAllByRole('listitem')
        .map((i) => i.textContent),
    ).toEqual(['Page 3: The sketch leaves out the garage.']);
    const second = within(c).getByRole('region', { name: 'Request 2' });
    expect(second).toHaveTextContent(MSG_NOT_FORWARDED);
    expect(second).toHaveTextContent('Comparable 2: The GLA is 1,980 sq ft.');
    expect(within(c).queryByRole('button', { name: 'Request Revisions' })).not.toBeInTheDocument();
  });

  it('is not there before delivery', async () => {
    clientOrder(clientOrderFixture(), [forwarded]);
    await screen.findByRole('region', { name: 'Documents' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region', { name: REVISION_REQUESTS_TITLE })).not.toBeInTheDocument();
  });

  it('Request Revisions: items to add and remove and a message; each refusal on its input; then sent and the order read again', async () => {
    let answer = HttpResponse.json({ message: 'Item 2: what to change is required.', fields: { 'items[1].text': 'Item 2: what to change is required.' } }, { status: 422 });
    const { orderLoads, posted } = clientOrder(deliveredClientOrder(), [], () => answer);
    const c = await card();
    expect(await within(c).findByText(MSG_NO_REVISION_REQUESTS)).toBeInTheDocument();
    fireEvent.click(within(c).getByRole('button', { name: 'Request Revisions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request Revisions' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send Request' }));
    expect(await within(dialog).findByText(MSG_REFERENCE_REQUIRED)).toBeInTheDocument();
    expect(within(dialog).getByText(MSG_CHANGE_REQUIRED)).toBeInTheDocument();
    expect(posted).toEqual([]);

    const item = (n: number) => within(dialog).getByRole('group', { name: `Item ${n}` });
    const fill = (n: number, reference: string, text: string) => {
      fireEvent.change(within(item(n)).getByRole('textbox', { name: /^Page or field/ }), { target: { value: reference } });
      fireEvent.change(within(item(n)).getByRole('textbox', { name: /^What to change/ }), { target: { value: text } });
    };
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add item' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add item' }));
    fill(1, 'Page 3', 'The sketch leaves out the garage.');
    fill(2, 'Addendum', 'Typo.');
    fill(3, 'Comparable 2', ' The GLA is 1,980 sq ft. ');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove item 2' }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Message/ }), { target: { value: 'Before closing, please.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send Request' }));
    await waitFor(() => expect(within(item(2)).getByRole('textbox', { name: /^What to change/ })).toHaveAccessibleDescription('Item 2: what to change is required.'));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Item 2: what to change is required.');

    answer = HttpResponse.json(forwarded);
    const before = orderLoads.length;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send Request' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Request Revisions' })).not.toBeInTheDocument());
    expect(await screen.findByText(MSG_REVISIONS_SENT)).toBeInTheDocument();
    const sent = {
      items: [
        { reference: 'Page 3', text: 'The sketch leaves out the garage.' },
        { reference: 'Comparable 2', text: 'The GLA is 1,980 sq ft.' },
      ],
      message: 'Before closing, please.',
    };
    expect(posted).toEqual([sent, sent]);
    // The order moved (Lender Revision Request): its page is read again.
    await waitFor(() => expect(orderLoads.length).toBeGreaterThan(before));
  });
});
