import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { todayIso } from '../../lib/dates';
import { renderApp } from '../../test/render';
import { TITLE_MONEY_OWED } from './ReceivablesPage';
import { appConfig, csrf, loggedIn, runFakeServer, server } from '../../test/server';
import { staff } from '../../test/users';

runFakeServer();

const invoice = (id: number, over: Record<string, unknown> = {}) => ({
  id,
  number: `INV-2026-${String(id).padStart(6, '0')}`,
  orderId: 40 + id,
  fileNumber: `A00000${40 + id}`,
  clientId: 7,
  clientName: 'First Lender Bank',
  issuedOn: '2026-11-02',
  dueOn: '2026-12-02',
  amountCents: 62550,
  creditedCents: 0,
  paidCents: 0,
  balanceCents: 62550,
  status: 'open',
  daysOverdue: 0,
  ...over,
});

type Sent = { path: string; body: unknown }[];

function withInvoices(list: ReturnType<typeof invoice>[], sent: Sent, answer?: { status: number; body: unknown }) {
  const asked: (string | null)[] = [];
  server.use(
    loggedIn(staff),
    appConfig(),
    csrf,
    http.get('*/api/staff/clients', () => HttpResponse.json([{ id: 7, companyName: 'First Lender Bank', paymentTermsDays: 30 }])),
    http.get('*/api/staff/invoices', ({ request }) => {
      const status = new URL(request.url).searchParams.get('status');
      asked.push(status);
      return HttpResponse.json(status ? list.filter((i) => i.status === status) : list);
    }),
    http.post('*/api/staff/invoices/:id/:kind', async ({ params, request }) => {
      const body = await request.json();
      sent.push({ path: `${String(params.id)}/${String(params.kind)}`, body });
      if (answer) return HttpResponse.json(answer.body as object, { status: answer.status });
      const paid = list.find((i) => i.id === Number(params.id))!;
      Object.assign(paid, { status: 'paid', balanceCents: 0 });
      return HttpResponse.json({ ...paid, payments: [], creditNotes: [] }, { status: 201 });
    }),
  );
  return asked;
}

describe('Receivables page', () => {
  it('lists the open invoices by default with their order link, money and PDF', async () => {
    withInvoices([invoice(1), invoice(2, { status: 'overdue', daysOverdue: 12, balanceCents: 10000 }), invoice(3, { status: 'paid', balanceCents: 0 })], []);
    renderApp('/staff/receivables');
    expect(await screen.findByRole('heading', { level: 1, name: 'Receivables' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Invoices' });
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(within(table).getByText('INV-2026-000001')).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'A0000041' })).toHaveAttribute('href', '/staff/orderdetails/41');
    expect(within(table).getAllByText('$625.50')).toHaveLength(2);
    expect(within(table).getByText('11/02/2026')).toBeInTheDocument();
    expect(within(table).getByText('Open')).toBeInTheDocument();
    const pdf = within(table).getByRole('link', { name: 'PDF of INV-2026-000001' });
    expect(pdf).toHaveAttribute('href', '/api/staff/invoices/1/pdf');
    expect(pdf).toHaveAttribute('target', '_blank');
  });

  it('shows the money owed over every invoice whatever the filter: outstanding, overdue and the ageing by days past due', async () => {
    withInvoices(
      [
        invoice(1),
        invoice(2, { status: 'overdue', daysOverdue: 12, balanceCents: 10000 }),
        invoice(3, { status: 'overdue', daysOverdue: 45, paidCents: 20000, balanceCents: 42550 }),
        invoice(4, { status: 'overdue', daysOverdue: 120, balanceCents: 125000 }),
        invoice(5, { status: 'paid', balanceCents: 0 }),
      ],
      [],
    );
    renderApp('/staff/receivables');
    const picture = await screen.findByRole('region', { name: TITLE_MONEY_OWED });
    const stat = (label: string, within_: HTMLElement = picture) => within(within_).getByText(label, { selector: 'dt' }).parentElement!;
    await waitFor(() => expect(stat('Outstanding')).toHaveTextContent('Outstanding$2,401.004 invoices'));
    expect(stat('Overdue')).toHaveTextContent('Overdue$1,775.503 invoices');
    const ageing = within(picture).getByRole('group', { name: 'Ageing by days past due' });
    expect(['Current', '1-30 days', '31-60 days', '61-90 days', 'Over 90 days'].map((l) => stat(l, ageing).textContent)).toEqual([
      'Current$625.501 invoice',
      '1-30 days$100.001 invoice',
      '31-60 days$425.501 invoice',
      '61-90 days$0.000 invoices',
      'Over 90 days$1,250.001 invoice',
    ]);
    // The filter narrows the list, not the totals.
    fireEvent.click(within(screen.getByRole('radiogroup', { name: 'Invoice status' })).getByLabelText('Paid'));
    await screen.findByText('INV-2026-000005');
    expect(stat('Outstanding')).toHaveTextContent('$2,401.00');
  });

  it('filters by status; paid invoices have no payment or credit buttons; each filter has its empty message', async () => {
    const asked = withInvoices([invoice(2, { status: 'overdue', daysOverdue: 12 }), invoice(3, { status: 'paid', balanceCents: 0 })], []);
    renderApp('/staff/receivables');
    expect(await screen.findByText('No open invoices.')).toBeInTheDocument();
    const filter = screen.getByRole('radiogroup', { name: 'Invoice status' });

    fireEvent.click(within(filter).getByLabelText('Overdue'));
    const table = await screen.findByRole('table', { name: 'Invoices' });
    expect(within(table).getByText('Overdue 12 days')).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'Record payment for INV-2026-000002' })).toBeInTheDocument();

    fireEvent.click(within(filter).getByLabelText('Paid'));
    await screen.findByText('INV-2026-000003');
    const paid = screen.getByRole('table', { name: 'Invoices' });
    expect(within(paid).getAllByText('Paid')).toHaveLength(1);
    expect(within(paid).queryByRole('button', { name: /Record payment/ })).not.toBeInTheDocument();
    expect(within(paid).queryByRole('button', { name: /Credit note/ })).not.toBeInTheDocument();
    expect(within(paid).getByRole('link', { name: 'PDF of INV-2026-000003' })).toBeInTheDocument();

    fireEvent.click(within(filter).getByLabelText('All'));
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Invoices' })).getAllByRole('row')).toHaveLength(3));
    // Each filter asks for its own status; the money picture asks for every invoice (null).
    expect(asked.filter((status) => status !== null)).toEqual(['open', 'overdue', 'paid']);
    expect(asked).toContain(null);
  });

  it('records a payment in exact cents, checks the fields first, and refreshes the list', async () => {
    const sent: Sent = [];
    withInvoices([invoice(1)], sent);
    renderApp('/staff/receivables');
    fireEvent.click(await screen.findByRole('button', { name: 'Record payment for INV-2026-000001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record Payment' });
    expect(within(dialog).getByLabelText(/^Amount/)).toHaveValue('625.50');
    expect(within(dialog).getByLabelText(/^Received On/)).toHaveValue(todayIso('America/Chicago'));
    fireEvent.change(within(dialog).getByLabelText(/^Amount/), { target: { value: '1.234' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record Payment' }));
    expect(await within(dialog).findByText('Amount can have at most 2 decimal places.')).toBeInTheDocument();
    expect(within(dialog).getByText('Method is required.')).toBeInTheDocument();
    expect(sent).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText(/^Amount/), { target: { value: '$1,200.29' } });
    fireEvent.change(within(dialog).getByLabelText(/^Method/), { target: { value: 'ach' } });
    fireEvent.change(within(dialog).getByLabelText(/^Reference/), { target: { value: ' TRX-88 ' } });
    fireEvent.change(within(dialog).getByLabelText(/^Received On/), { target: { value: '2026-11-20' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record Payment' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Record Payment' })).not.toBeInTheDocument());
    expect(sent).toEqual([{ path: '1/payments', body: { amountCents: 120029, method: 'ach', reference: 'TRX-88', receivedOn: '2026-11-20' } }]);
    expect(await screen.findByText('No open invoices.')).toBeInTheDocument();
  });

  it("shows the server's refusal on the fields it names", async () => {
    const sent: Sent = [];
    const refusal = { message: 'Amount cannot be more than the balance ($625.50).', fields: { amountCents: 'Amount cannot be more than the balance ($625.50).' } };
    withInvoices([invoice(1)], sent, { status: 422, body: refusal });
    renderApp('/staff/receivables');
    fireEvent.click(await screen.findByRole('button', { name: 'Record payment for INV-2026-000001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record Payment' });
    fireEvent.change(within(dialog).getByLabelText(/^Amount/), { target: { value: '700' } });
    fireEvent.change(within(dialog).getByLabelText(/^Method/), { target: { value: 'check' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record Payment' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(refusal.message);
    expect(within(dialog).getByLabelText(/^Amount/)).toHaveAccessibleDescription(refusal.fields.amountCents);
    expect(sent).toEqual([{ path: '1/payments', body: { amountCents: 70000, method: 'check', reference: null, receivedOn: todayIso('America/Chicago') } }]);
  });

  it('issues a credit note with an amount and a reason', async () => {
    const sent: Sent = [];
    withInvoices([invoice(1)], sent);
    renderApp('/staff/receivables');
    fireEvent.click(await screen.findByRole('button', { name: 'Credit note for INV-2026-000001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Credit Note' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Issue Credit Note' }));
    expect(await within(dialog).findByText('Amount is required.')).toBeInTheDocument();
    expect(within(dialog).getByText('Reason is required.')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText(/^Amount/), { target: { value: '25.10' } });
    fireEvent.change(within(dialog).getByLabelText(/^Reason/), { target: { value: 'Rush fee waived.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Issue Credit Note' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Credit Note' })).not.toBeInTheDocument());
    expect(sent).toEqual([{ path: '1/credit-notes', body: { amountCents: 2510, reason: 'Rush fee waived.' } }]);
  });

  it("links a client's statement of the chosen month as PDF and CSV", async () => {
    withInvoices([], []);
    renderApp('/staff/receivables');
    const section = await screen.findByRole('region', { name: 'Statements' });
    expect(within(section).getByLabelText('Month')).toHaveValue(todayIso('America/Chicago').slice(0, 7));
    await within(section).findByRole('option', { name: 'First Lender Bank' });
    fireEvent.change(within(section).getByLabelText('Client'), { target: { value: '7' } });
    fireEvent.change(within(section).getByLabelText('Month'), { target: { value: '2026-10' } });
    expect(within(section).getByRole('link', { name: 'Download PDF' })).toHaveAttribute('href', '/api/staff/clients/7/statement?month=2026-10&format=pdf');
    expect(within(section).getByRole('link', { name: 'Download CSV' })).toHaveAttribute('href', '/api/staff/clients/7/statement?month=2026-10&format=csv');
  });
});
