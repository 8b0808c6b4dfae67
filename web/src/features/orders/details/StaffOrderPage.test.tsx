import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Schemas } from '../../../lib/api';
import { namedFile, setUpMultipartServer } from '../../../test/multipart';
import { orderDetailsFixture } from '../../../test/orderDetails';
import { renderApp } from '../../../test/render';
import { appConfig, csrf, loggedIn, server } from '../../../test/server';

setUpMultipartServer();

const appraiser = { securityUserId: 10, userType: 1, firstName: 'Dana', lastName: 'Reed' };
const staff = { securityUserId: 20, userType: 2, firstName: 'Sam', lastName: 'Staff' };

/** The order page's calls for `order`; counts loads and keeps each upload as [name, value or file name] pairs. */
function orderServer(order: Schemas['OrderDetails']) {
  const calls = { details: 0, uploads: [] as [string, string][][] };
  server.use(
    csrf,
    appConfig(),
    http.get('*/api/order-details/:id', () => {
      calls.details += 1;
      return HttpResponse.json(order);
    }),
    http.get('*/api/staff/orders/:id/notes', () => HttpResponse.json([])),
    http.get('*/api/constants/order-file-types/:id', () =>
      HttpResponse.json([
        { label: 'Engagement Letter', value: '7' },
        { label: 'Purchase Contract', value: '8' },
      ]),
    ),
    http.post('*/api/file/upload', async ({ request }) => {
      const form = await request.formData();
      calls.uploads.push([...form.entries()].map(([k, v]) => [k, typeof v === 'string' ? v : (v as File).name]));
      return HttpResponse.json([]);
    }),
  );
  return calls;
}

const header = async () => {
  await screen.findByRole('heading', { level: 1, name: 'Order #26000005' });
};

describe('Attach Files', () => {
  it('is there for staff at any status, uploads with the order id and reloads the order', async () => {
    const calls = orderServer(orderDetailsFixture({ statusId: 18, orderStatus: 'Delivered To Client', availableActions: [] }));
    server.use(loggedIn(staff));
    const { router } = renderApp('/staff/orderdetails/5');
    await header();
    expect(screen.queryByRole('button', { name: 'Actions' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Attach Files' }));
    const dialog = await screen.findByRole('dialog', { name: 'Attach Files' });
    const type = within(dialog).getByRole('combobox', { name: /File type/ });
    await waitFor(() => expect(within(type).getByRole('option', { name: 'Purchase Contract' })).toBeInTheDocument());
    fireEvent.change(type, { target: { value: '8' } });
    fireEvent.change(within(dialog).getByLabelText(/^File/, { selector: 'input[type=file]' }), { target: { files: [namedFile('contract.pdf')] } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));

    expect(await screen.findByText('File attached.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Attach Files' })).not.toBeInTheDocument());
    expect(calls.uploads).toEqual([
      [
        ['orderId', '5'],
        ['files', 'contract.pdf'],
        ['fileTypes', '8'],
      ],
    ]);
    await waitFor(() => expect(calls.details).toBe(2));
    await waitFor(() => expect(router.state.location.pathname).toBe('/staff/orderdetails/5/files'));
  });

  it('replaces Upload Files in the staff Actions menu', async () => {
    orderServer(orderDetailsFixture({ availableActions: ['UPLOAD_FILES', 'SEND_MESSAGE'] }));
    server.use(loggedIn(staff));
    renderApp('/staff/orderdetails/5');
    await header();
    fireEvent.click(screen.getByRole('button', { name: 'Actions' }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual(['Send Message']);
    expect(screen.getByRole('button', { name: 'Attach Files' })).toBeInTheDocument();
  });

  it('appraisers keep Upload Files, only when the server offers it', async () => {
    orderServer(orderDetailsFixture({ availableActions: ['UPLOAD_FILES'] }));
    server.use(loggedIn(appraiser));
    const { unmount } = renderApp('/appraiser/orderdetails/5');
    await header();
    expect(screen.queryByRole('button', { name: 'Attach Files' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Actions' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Upload Files' }));
    expect(await screen.findByRole('dialog', { name: 'Upload Files' })).toBeInTheDocument();
    unmount();

    orderServer(orderDetailsFixture({ availableActions: [] }));
    renderApp('/appraiser/orderdetails/5');
    await header();
    expect(screen.queryByRole('button', { name: 'Attach Files' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Actions' })).not.toBeInTheDocument();
  });
});

describe('Edit Order', () => {
  it('is offered to staff for an open order', async () => {
    orderServer(orderDetailsFixture({ statusId: 4, orderStatus: 'Assigned' }));
    server.use(loggedIn(staff));
    renderApp('/staff/orderdetails/5');
    await header();
    expect(screen.getByRole('link', { name: 'Edit Order' })).toHaveAttribute('href', '/staff/orders/5/edit');
  });

  it.each([15, 17, 18, 19, 21, 22] as const)('is not offered for a closed order (status %i)', async (statusId) => {
    orderServer(orderDetailsFixture({ statusId }));
    server.use(loggedIn(staff));
    renderApp('/staff/orderdetails/5');
    await header();
    expect(screen.getByRole('button', { name: 'Attach Files' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit Order' })).not.toBeInTheDocument();
  });

  it('is never offered to an appraiser', async () => {
    orderServer(orderDetailsFixture());
    server.use(loggedIn(appraiser));
    renderApp('/appraiser/orderdetails/5');
    await header();
    expect(screen.queryByRole('link', { name: 'Edit Order' })).not.toBeInTheDocument();
  });
});

describe('Client fee and invoice', () => {
  const invoice = {
    id: 9,
    number: 'INV-2026-000009',
    orderId: 5,
    fileNumber: '26000005',
    clientId: 3,
    clientName: 'First Lender Bank',
    issuedOn: '2026-11-02',
    dueOn: '2026-12-02',
    amountCents: 62550,
    creditedCents: 0,
    paidCents: 10000,
    balanceCents: 52550,
    status: 'overdue' as const,
    daysOverdue: 3,
  };

  it('shows staff the client fee, the margin and the invoice card with its PDF and the way to Receivables', async () => {
    orderServer(orderDetailsFixture({ statusId: 18, orderStatus: 'Delivered To Client', clientFeeCents: 62550, marginCents: 17550, invoice }));
    server.use(loggedIn(staff));
    renderApp('/staff/orderdetails/5');
    await header();
    const financial = screen.getByRole('region', { name: 'Financial Information' });
    expect(within(financial).getByText('Client Fee').nextSibling).toHaveTextContent('$625.50');
    expect(within(financial).getByText('Margin').nextSibling).toHaveTextContent('$175.50');
    expect(within(financial).queryByRole('button', { name: 'Change client fee' })).not.toBeInTheDocument();
    const card = screen.getByRole('region', { name: 'Invoice' });
    expect(within(card).getByText('INV-2026-000009')).toBeInTheDocument();
    expect(within(card).getByText('Overdue 3 days')).toBeInTheDocument();
    expect(within(card).getByText('$525.50')).toBeInTheDocument();
    expect(within(card).getByText('12/02/2026')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'PDF of INV-2026-000009' })).toHaveAttribute('href', '/api/staff/invoices/9/pdf');
    expect(within(card).getByRole('link', { name: 'Receivables' })).toHaveAttribute('href', '/staff/receivables');
  });

  it('shows neither the client fee nor an invoice when the server sends none', async () => {
    orderServer(orderDetailsFixture());
    server.use(loggedIn(appraiser));
    renderApp('/appraiser/orderdetails/5');
    await header();
    const financial = screen.getByRole('region', { name: 'Financial Information' });
    expect(within(financial).queryByText('Client Fee')).not.toBeInTheDocument();
    expect(within(financial).queryByText('Margin')).not.toBeInTheDocument();
    expect(within(financial).queryByRole('button', { name: 'Change client fee' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Invoice' })).not.toBeInTheDocument();
  });

  it('Change client fee sends whole cents and reloads the order; a refusal shows on the field', async () => {
    const calls = orderServer(orderDetailsFixture({ statusId: 4, orderStatus: 'Assigned', clientFeeCents: 50000, marginCents: 5000 }));
    const sent: unknown[] = [];
    server.use(
      loggedIn(staff),
      http.put('*/api/staff/orders/5/client-fee', async ({ request }) => {
        const body = (await request.json()) as { clientFeeCents: number };
        sent.push(body);
        if (body.clientFeeCents > 100_000_00) {
          const message = 'Client fee must be from $0.00 to $1,000,000.00.';
          return HttpResponse.json({ message, fields: { clientFeeCents: message } }, { status: 422 });
        }
        return HttpResponse.json({ message: 'Client fee saved.' });
      }),
    );
    renderApp('/staff/orderdetails/5');
    await header();
    fireEvent.click(screen.getByRole('button', { name: 'Change client fee' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change Client Fee' });
    const input = within(dialog).getByLabelText(/^Client Fee/);
    expect(input).toHaveValue('500.00');
    fireEvent.change(input, { target: { value: '150000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(input).toHaveAccessibleDescription('Client fee must be from $0.00 to $1,000,000.00.'));
    fireEvent.change(input, { target: { value: '$550.10' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Client fee saved.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Change Client Fee' })).not.toBeInTheDocument());
    expect(sent).toEqual([{ clientFeeCents: 15000000 }, { clientFeeCents: 55010 }]);
    await waitFor(() => expect(calls.details).toBe(2));
  });

  it('an order invoiced meanwhile: the 409 shows and the order reloads', async () => {
    const calls = orderServer(orderDetailsFixture({ statusId: 18, orderStatus: 'Delivered To Client', clientFeeCents: 50000, marginCents: 5000 }));
    const message = 'The order is invoiced already: correct the invoice with a credit note.';
    server.use(
      loggedIn(staff),
      http.put('*/api/staff/orders/5/client-fee', () => HttpResponse.json({ message }, { status: 409 })),
    );
    renderApp('/staff/orderdetails/5');
    await header();
    fireEvent.click(screen.getByRole('button', { name: 'Change client fee' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change Client Fee' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
    await waitFor(() => expect(calls.details).toBe(2));
  });
});

describe("Borrower's payment", () => {
  const payment = { status: 'pending', amountCents: 60000, email: 'ann@example.com', sentAt: '2026-11-20T15:00:00Z', expiresAt: '2026-12-04T15:00:00Z' };

  it('shows where the payment stands and sends the link again to the address given', async () => {
    const calls = orderServer(orderDetailsFixture({ statusId: 3, orderStatus: 'Default', borrowerPayment: payment }));
    const sent: unknown[] = [];
    server.use(
      loggedIn(staff),
      http.post('*/api/staff/orders/5/borrower-payment-link', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ message: 'The payment link was sent to pat@example.com.' });
      }),
    );
    renderApp('/staff/orderdetails/5');
    await header();
    const card = screen.getByRole('region', { name: "Borrower's Payment" });
    expect(within(card).getByText('Awaiting payment')).toBeInTheDocument();
    expect(within(card).getByText('$600.00')).toBeInTheDocument();
    expect(within(card).getByText('ann@example.com')).toBeInTheDocument();
    fireEvent.click(within(card).getByRole('button', { name: 'Send payment link again' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send Payment Link' });
    const email = within(dialog).getByLabelText(/^E-mail/);
    expect(email).toHaveValue('ann@example.com');
    fireEvent.change(email, { target: { value: 'not an address' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(email).toHaveAccessibleDescription(/must be an e-mail address/));
    fireEvent.change(email, { target: { value: 'pat@example.com' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('The payment link was sent to pat@example.com.')).toBeInTheDocument();
    expect(sent).toEqual([{ email: 'pat@example.com' }]);
    await waitFor(() => expect(calls.details).toBe(2));
  });

  it('a paid payment offers no new link', async () => {
    orderServer(orderDetailsFixture({ statusId: 3, orderStatus: 'Default', borrowerPayment: { ...payment, status: 'paid', paidAt: '2026-11-21T15:00:00Z' } }));
    server.use(loggedIn(staff));
    renderApp('/staff/orderdetails/5');
    await header();
    const card = screen.getByRole('region', { name: "Borrower's Payment" });
    expect(within(card).getByText('Status').nextSibling).toHaveTextContent('Paid');
    expect(within(card).queryByRole('button', { name: 'Send payment link again' })).not.toBeInTheDocument();
  });
});

describe('status badge', () => {
  it('shows the proper label of the unassigned status, never the raw name "default"', async () => {
    // The order page's answer carries the stored name ("default", "in review").
    orderServer(orderDetailsFixture({ statusId: 3, orderStatus: 'default' }));
    server.use(loggedIn(staff));
    renderApp('/staff/orderdetails/5');
    await header();
    expect(document.querySelector('[data-status-id="3"]')).toHaveTextContent(/^Default$/);
    expect(screen.queryByText('default')).not.toBeInTheDocument();
  });

  it('shows every other stored name as its label too', async () => {
    orderServer(orderDetailsFixture({ statusId: 14, orderStatus: 'in review' }));
    server.use(loggedIn(staff));
    renderApp('/staff/orderdetails/5');
    await header();
    expect(document.querySelector('[data-status-id="14"]')).toHaveTextContent(/^In Review$/);
  });
});
