import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { clientOrderFixture, clientUser, deliveredClientOrder } from '../../test/clientOrder';
import { FINDINGS } from '../../test/fairLanguage';
import { renderApp } from '../../test/render';
import { mockMediaQueries } from '../../test/media';
import { reportDataFixture } from '../../test/reportData';
import { appConfig, csrf, loggedIn, runFakeServer, server } from '../../test/server';
import { MSG_NO_MESSAGES, MSG_ORDER_NOT_FOUND } from './ClientOrderPage';

runFakeServer();

const order = clientOrderFixture();

interface Sent {
  url: string;
  body: unknown;
}

function withOrder(sent: Sent[], current = { ...order }) {
  const messages: unknown[] = [];
  server.use(
    loggedIn(clientUser),
    appConfig(),
    csrf,
    http.get('*/api/client/orders/54', () => HttpResponse.json(current)),
    http.get('*/api/client/orders/99', () => HttpResponse.json({ message: 'Order not found.' }, { status: 404 })),
    http.get('*/api/client/orders/54/messages', () => HttpResponse.json(messages)),
    http.get('*/api/client/orders/54/reconsiderations', () => HttpResponse.json([])),
    http.get('*/api/client/orders/54/revision-requests', () => HttpResponse.json([])),
    http.get('*/api/client/orders/54/documents', () =>
      HttpResponse.json([{ id: 7, fileName: 'report.pdf', contentType: 'application/pdf', sizeBytes: 2048, uploadedAt: '2026-03-06T15:00:00Z', kind: 'report' }]),
    ),
    http.post('*/api/client/orders/54/messages', async ({ request }) => {
      const body = (await request.json()) as { body: string };
      sent.push({ url: request.url, body });
      const saved = { id: 1, body: body.body, from: 'Finley Client', fromClient: true, createdAt: '2026-03-07T15:00:00Z' };
      messages.push(saved);
      return HttpResponse.json(saved, { status: 201 });
    }),
    http.post('*/api/client/orders/54/cancel', async ({ request }) => {
      const body = (await request.json()) as { reason: string };
      sent.push({ url: request.url, body });
      current.cancelRequestedAt = '2026-03-07T15:00:00Z';
      current.cancelReason = body.reason;
      return HttpResponse.json({ message: 'Your cancellation request was sent. Staff will confirm it.' });
    }),
  );
}

describe('client order page', () => {
  it('shows the details, the status timeline with dates and the documents', async () => {
    withOrder([]);
    renderApp('/client/orders/54');
    expect(await screen.findByRole('heading', { level: 1, name: 'Order #26000054' })).toBeInTheDocument();
    const details = screen.getByRole('region', { name: 'Order Details' });
    expect(within(details).getByText('2055 Exterior-Only Inspection')).toBeInTheDocument();
    expect(within(details).getByText('709-5096454')).toBeInTheDocument();
    expect(within(details).getByText('Client portal')).toBeInTheDocument();
    const steps = within(screen.getByRole('list', { name: 'Status timeline' })).getAllByRole('listitem');
    // In the lender's words: the unassigned status ("Default") was "Received".
    expect(steps.map((s) => s.textContent)).toEqual(['Received03/02/2026, 9:00 AM', 'Appraiser Assigned03/03/2026, 9:00 AM', 'Inspected03/05/2026, 9:00 AM']);
    const documents = await screen.findByRole('table', { name: 'Documents' });
    expect(within(documents).getByText('report.pdf')).toBeInTheDocument();
    expect(within(documents).getByText('Report')).toBeInTheDocument();
    expect(within(documents).getByRole('button', { name: 'Download report.pdf' })).toBeInTheDocument();
  });

  it("names statuses in the lender's words: a new order was Received; two review stages in a row show once", async () => {
    withOrder([], {
      ...order,
      status: 'Level 2 QC',
      statusId: 25,
      timeline: [
        { status: 'Default', statusId: 3, at: '2026-03-02T15:00:00Z' },
        { status: 'In Review', statusId: 14, at: '2026-03-05T15:00:00Z' },
        { status: 'Level 2 QC', statusId: 25, at: '2026-03-06T15:00:00Z' },
      ],
    });
    renderApp('/client/orders/54');
    await screen.findByRole('heading', { level: 1, name: 'Order #26000054' });
    expect(document.querySelector('[data-status-id="25"]')).toHaveTextContent(/^In Review$/);
    const steps = within(screen.getByRole('list', { name: 'Status timeline' })).getAllByRole('listitem');
    expect(steps.map((s) => s.textContent)).toEqual(['Received03/02/2026, 9:00 AM', 'In Review03/05/2026, 9:00 AM']);
    expect(screen.queryByText(/Default|Level 2 QC/)).not.toBeInTheDocument();
  });

  it('says what an order without an appraiser waits for, as the server words it', async () => {
    const text = 'Offered to an appraiser automatically: waiting for them to accept.';
    withOrder([], { ...order, status: 'Default', statusId: 3, waitingFor: 'appraiser_offer', waitingForText: text });
    renderApp('/client/orders/54');
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.getByText('What happens next')).toBeInTheDocument();
  });

  it('writes to staff: the body the API expects, then the message in the thread', async () => {
    const sent: Sent[] = [];
    withOrder(sent);
    renderApp('/client/orders/54');
    expect(await screen.findByText(MSG_NO_MESSAGES)).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Write to staff' });
    fireEvent.click(within(form).getByRole('button', { name: 'Send Message' }));
    expect(await within(form).findByText('Message is required.')).toBeInTheDocument();
    expect(sent).toEqual([]);
    fireEvent.change(within(form).getByLabelText('Write to staff'), { target: { value: '  Gate code is 1234.  ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send Message' }));
    const thread = await screen.findByRole('list', { name: 'Messages with staff' });
    expect(within(thread).getByText('Gate code is 1234.')).toBeInTheDocument();
    expect(sent).toEqual([{ url: expect.stringMatching(/\/api\/client\/orders\/54\/messages$/), body: { body: 'Gate code is 1234.' } }]);
  });

  it('requests cancellation with a reason in a dialog, then shows the request', async () => {
    const sent: Sent[] = [];
    withOrder(sent);
    renderApp('/client/orders/54');
    fireEvent.click(await screen.findByRole('button', { name: 'Request Cancellation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request Cancellation' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send Request' }));
    expect(await within(dialog).findByText('Reason is required.')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText(/^Reason/), { target: { value: 'The borrower withdrew.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send Request' }));
    await waitFor(() => expect(screen.getByText('Cancellation requested')).toBeInTheDocument());
    expect(screen.getByText('Reason: The borrower withdrew.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Request Cancellation' })).not.toBeInTheDocument();
    expect(sent).toEqual([{ url: expect.stringMatching(/\/api\/client\/orders\/54\/cancel$/), body: { reason: 'The borrower withdrew.' } }]);
  });

  it('no Request Cancellation on a closed order', async () => {
    withOrder([], deliveredClientOrder());
    renderApp('/client/orders/54');
    await screen.findByRole('heading', { level: 1, name: 'Order #26000054' });
    expect(screen.queryByRole('button', { name: 'Request Cancellation' })).not.toBeInTheDocument();
  });

  it('another client’s or an unknown order reads Order Not Found', async () => {
    withOrder([]);
    renderApp('/client/orders/99');
    expect(await screen.findByRole('heading', { level: 1, name: MSG_ORDER_NOT_FOUND })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Orders' })).toHaveAttribute('href', '/client/orders');
  });

  it('shows a delivered order’s report data, read-only; nothing before delivery or without a data file', async () => {
    const asked: string[] = [];
    const delivered = deliveredClientOrder();
    const answerWith = (data: ReturnType<typeof reportDataFixture> | null) =>
      http.get('*/api/orders/54/report-data', ({ request }) => {
        asked.push(new URL(request.url).pathname);
        return data ? HttpResponse.json(data) : HttpResponse.json(null);
      });
    withOrder([], delivered);
    server.use(answerWith(reportDataFixture({ hardStops: [] })));
    const first = renderApp('/client/orders/54');
    const card = await screen.findByRole('region', { name: 'Report Data' });
    expect(within(card).getByText('$650,000.00')).toBeInTheDocument();
    expect(within(card).getByText('LICENSE: The licence differs.')).toBeInTheDocument();
    expect(within(card).queryByRole('checkbox')).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Acknowledge' })).not.toBeInTheDocument();
    first.unmount();

    server.use(answerWith(null));
    renderApp('/client/orders/54');
    await screen.findByRole('region', { name: 'Documents' });
    await waitFor(() => expect(asked).toHaveLength(2));
    expect(screen.queryByRole('region', { name: 'Report Data' })).not.toBeInTheDocument();
    expect(screen.queryByText('The report data could not be loaded.')).not.toBeInTheDocument();
  });

  it('asks for no report data before delivery', async () => {
    let asked = false;
    withOrder([]);
    server.use(http.get('*/api/orders/54/report-data', () => ((asked = true), HttpResponse.json(reportDataFixture()))));
    renderApp('/client/orders/54');
    await screen.findByText('report.pdf');
    expect(screen.queryByRole('region', { name: 'Report Data' })).not.toBeInTheDocument();
    expect(asked).toBe(false);
  });

  it('shows a delivered order’s fair-language findings and their dispositions, read-only; asks for none before delivery', async () => {
    let asked = 0;
    const findings = http.get('*/api/orders/54/fair-language', () => ((asked += 1), HttpResponse.json(FINDINGS)));
    withOrder([]);
    server.use(findings);
    const first = renderApp('/client/orders/54');
    await screen.findByText('report.pdf');
    expect(screen.queryByRole('region', { name: 'Fair Language' })).not.toBeInTheDocument();
    expect(asked).toBe(0);
    first.unmount();

    withOrder([], deliveredClientOrder());
    server.use(
      findings,
      http.get('*/api/orders/54/report-data', () => HttpResponse.json(null)),
    );
    renderApp('/client/orders/54');
    const card = await screen.findByRole('region', { name: 'Fair Language' });
    const items = within(card).getAllByRole('listitem');
    expect(items.map((i) => i.getAttribute('data-finding-id'))).toEqual(['1', '2', '3']);
    expect(items[1]).toHaveTextContent('Disposition: Factual (Sam Staff, 11/21/2026');
    expect(within(card).queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows the invoice once issued: number, amounts, due date, status and the PDF link', async () => {
    const invoice = { number: 'INV-2026-000123', issuedOn: '2026-03-06', dueOn: '2026-04-05', amountCents: 52500, balanceCents: 12550, status: 'overdue' as const };
    const delivered = deliveredClientOrder({ invoice });
    withOrder([], delivered);
    server.use(http.get('*/api/orders/54/report-data', () => HttpResponse.json(null)));
    const first = renderApp('/client/orders/54');
    const card = await screen.findByRole('region', { name: 'Invoice' });
    expect(within(card).getByText('INV-2026-000123')).toBeInTheDocument();
    expect(within(card).getByText('$525.00')).toBeInTheDocument();
    expect(within(card).getByText('$125.50')).toBeInTheDocument();
    expect(within(card).getByText('04/05/2026')).toBeInTheDocument();
    expect(within(card).getByText('Overdue')).toBeInTheDocument();
    const link = within(card).getByRole('link', { name: /Download invoice \(PDF\)/ });
    expect(link).toHaveAttribute('href', '/api/client/orders/54/invoice');
    expect(link).toHaveAttribute('target', '_blank');
    first.unmount();

    withOrder([], { ...delivered, invoice: { ...invoice, balanceCents: 0, status: 'paid' as const } });
    const second = renderApp('/client/orders/54');
    expect(await within(await screen.findByRole('region', { name: 'Invoice' })).findByText('Paid')).toBeInTheDocument();
    expect(screen.getByText('$0.00')).toBeInTheDocument();
    second.unmount();

    withOrder([], { ...delivered, invoice: { ...invoice, status: 'open' as const } });
    renderApp('/client/orders/54');
    expect(await within(await screen.findByRole('region', { name: 'Invoice' })).findByText('Open')).toBeInTheDocument();
  });

  it('shows no invoice section before one is issued', async () => {
    withOrder([], { ...order, invoice: null });
    renderApp('/client/orders/54');
    await screen.findByRole('region', { name: 'Order Details' });
    expect(screen.queryByRole('region', { name: 'Invoice' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Download invoice/ })).not.toBeInTheDocument();
  });
});

describe("the client order's contacts and inspection", () => {
  const contacts = [
    { role: 'borrower', name: 'Paul Taylor', phone: '5125550199', email: 'paul@example.com', notes: null },
    { role: 'access', name: 'Gail Gate', phone: '512-555-0111', email: null, notes: 'Gate code 1234' },
  ];
  const inspectionLabel = 'Tuesday 12/01/2026, 9:00am to 10:00am';
  const scheduled = { ...order, contacts, inspectionAt: '2026-12-01T15:00:00Z', inspectionEndsAt: '2026-12-01T16:00:00Z', inspectionLabel };

  it('shows each contact with its role, a phone to call and an address to write to, and the inspection as the server words it', async () => {
    withOrder([], scheduled);
    renderApp('/client/orders/54');
    expect(await screen.findByText(`Inspection: ${inspectionLabel}`)).toBeInTheDocument();
    const rows = within(screen.getByRole('table', { name: 'Contacts' })).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'RoleNamePhoneE-mailNotes',
      'BorrowerPaul Taylor(512) 555-0199paul@example.com—',
      'AccessGail Gate(512) 555-0111—Gate code 1234',
    ]);
    expect(within(rows[1]!).getByRole('link', { name: '(512) 555-0199' })).toHaveAttribute('href', 'tel:+15125550199');
    expect(within(rows[1]!).getByRole('link', { name: 'paul@example.com' })).toHaveAttribute('href', 'mailto:paul@example.com');
    expect(within(rows[2]!).getByRole('link', { name: '(512) 555-0111' })).toHaveAttribute('href', 'tel:+15125550111');
  });

  it('shows no inspection line before the inspection is set', async () => {
    withOrder([], { ...scheduled, inspectionAt: null, inspectionEndsAt: null, inspectionLabel: null });
    renderApp('/client/orders/54');
    await screen.findByRole('table', { name: 'Contacts' });
    expect(screen.queryByText(/^Inspection:/)).not.toBeInTheDocument();
  });

  it('shows the contacts as cards on a phone', async () => {
    const phone = mockMediaQueries(() => true);
    try {
      withOrder([], scheduled);
      renderApp('/client/orders/54');
      const cards = within(await screen.findByRole('list', { name: 'Contacts' })).getAllByRole('listitem');
      expect(cards.map((c) => c.textContent)).toEqual([
        'Paul TaylorRoleBorrowerPhone(512) 555-0199E-mailpaul@example.comNotes—',
        'Gail GateRoleAccessPhone(512) 555-0111E-mail—NotesGate code 1234',
      ]);
      expect(screen.queryByRole('table', { name: 'Contacts' })).not.toBeInTheDocument();
    } finally {
      phone.mockRestore();
    }
  });
});
