import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Schemas } from '../../../lib/api';
import { mockMediaQueries } from '../../../test/media';
import { renderApp } from '../../../test/render';
import { loggedIn, runFakeServer, server } from '../../../test/server';
import { MSG_COPY_DUE, MSG_COPY_SENT, MSG_NONE_SENT, MSG_WAIVER_REASON_REQUIRED, MSG_WAIVER_RECORDED } from './BorrowerCopyCard';
import { recordsServer, reportedOrder, staffUser } from './recordsFixtures';

runFakeServer();

const due: Schemas['BorrowerCopies'] = { borrowerEmail: 'jordan@example.com', closingDate: '2026-03-10', sent: [], waiver: null, due: true };
const link: Schemas['SentCopy'] = {
  email: 'jordan@example.com',
  sentBy: 'Sam Staff',
  sentAt: '2026-03-06T15:00:00Z',
  expiresAt: '2026-04-05T15:00:00Z',
  downloads: ['2026-03-06T18:00:00Z', '2026-03-07T14:30:00Z'],
};

function copiesServer(copies: Schemas['BorrowerCopies']) {
  server.use(loggedIn(staffUser));
  recordsServer({ order: reportedOrder, borrowerCopy: copies });
  const posts = { send: [] as unknown[], waiver: [] as unknown[] };
  server.use(
    http.post('*/api/staff/orders/5/borrower-copy', async ({ request }) => {
      posts.send.push(await request.json());
      if (posts.send.length === 1) return HttpResponse.json({ message: 'The report has not passed review yet.' }, { status: 409 });
      return HttpResponse.json({ ...copies, due: false, sent: [link] });
    }),
    http.post('*/api/staff/orders/5/borrower-copy/waiver', async ({ request }) => {
      const body = (await request.json()) as { reason: string };
      posts.waiver.push(body);
      return HttpResponse.json({ ...copies, due: false, waiver: { reason: body.reason, recordedBy: 'Sam Staff', recordedAt: '2026-03-06T16:00:00Z' } });
    }),
  );
  return posts;
}

const card = () => screen.findByRole('region', { name: "Borrower's Copy" });

describe("Borrower's Copy card", () => {
  it('warns while a copy is due, and tells why a link could not be sent', async () => {
    const posts = copiesServer(due);
    renderApp('/staff/orderdetails/5');
    const c = await card();
    expect(within(c).getByRole('alert')).toHaveTextContent(MSG_COPY_DUE);
    expect(within(c).getByText('03/10/2026')).toBeInTheDocument();
    expect(within(c).getByText(MSG_NONE_SENT)).toBeInTheDocument();
    fireEvent.click(within(c).getByRole('button', { name: "Send the borrower's copy" }));
    const dialog = await screen.findByRole('dialog', { name: "Send the borrower's copy" });
    expect(within(dialog).getByRole('textbox', { name: /^Borrower e-mail/ })).toHaveValue('jordan@example.com');
    fireEvent.click(within(dialog).getByRole('button', { name: "Send the borrower's copy" }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The report has not passed review yet.');
    expect(posts.send).toEqual([{ email: 'jordan@example.com' }]);
  });

  it('sends a link to the e-mail given and lists it with its downloads', async () => {
    const posts = copiesServer(due);
    posts.send.push('refused first: not this time');
    renderApp('/staff/orderdetails/5');
    const c = await card();
    fireEvent.click(within(c).getByRole('button', { name: "Send the borrower's copy" }));
    const dialog = await screen.findByRole('dialog', { name: "Send the borrower's copy" });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Borrower e-mail/ }), { target: { value: 'jordan.rivera@example.com' } });
    fireEvent.click(within(dialog).getByRole('button', { name: "Send the borrower's copy" }));
    expect(await screen.findByText(MSG_COPY_SENT)).toBeInTheDocument();
    expect(posts.send[1]).toEqual({ email: 'jordan.rivera@example.com' });
    const table = await within(c).findByRole('table', { name: 'Links sent to the borrower' });
    expect(within(table).getByText('Downloaded 2 times: 03/06/2026, 12:00 PM; 03/07/2026, 8:30 AM')).toBeInTheDocument();
    expect(within(table).getByText('04/05/2026, 10:00 AM')).toBeInTheDocument();
    expect(within(c).queryByRole('alert')).toBeNull();
  });

  it('records the waiver with its reason, then offers it no more', async () => {
    const posts = copiesServer(due);
    renderApp('/staff/orderdetails/5');
    const c = await card();
    fireEvent.click(within(c).getByRole('button', { name: 'Record waiver' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record waiver' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record waiver' }));
    expect(await within(dialog).findByText(MSG_WAIVER_REASON_REQUIRED)).toBeInTheDocument();
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Reason/ }), { target: { value: 'Borrower waived in writing.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record waiver' }));
    expect(await screen.findByText(MSG_WAIVER_RECORDED)).toBeInTheDocument();
    expect(posts.waiver).toEqual([{ reason: 'Borrower waived in writing.' }]);
    expect(await within(c).findByText(/^Borrower waived in writing\. \(recorded by Sam Staff on 03\/06\/2026/)).toBeInTheDocument();
    await waitFor(() => expect(within(c).queryByRole('button', { name: 'Record waiver' })).toBeNull());
  });

  it('lists the links sent as cards on a phone', async () => {
    const phone = mockMediaQueries(() => true);
    try {
      copiesServer({ ...due, due: false, sent: [link] });
      renderApp('/staff/orderdetails/5');
      const c = await card();
      const cards = await within(c).findByRole('list', { name: 'Links sent to the borrower' });
      expect(within(cards).getByText('Downloaded 2 times: 03/06/2026, 12:00 PM; 03/07/2026, 8:30 AM')).toBeInTheDocument();
      expect(within(c).queryByRole('table')).toBeNull();
    } finally {
      phone.mockRestore();
    }
  });
});
