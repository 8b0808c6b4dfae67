import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { todayIso } from '../../../lib/dates';
import { payableOrder } from '../../../test/payments';
import { renderApp } from '../../../test/render';
import { appConfig, csrf, loggedIn, runFakeServer, server } from '../../../test/server';
import type { PayableOrder } from './api';
import { MSG_NOTHING_PAYABLE } from './StaffPaymentsPage';
import { MSG_WITHHOLD_REASON } from './WithholdDialog';
import { staff } from '../../../test/users';

runFakeServer();

function withPayable(list: PayableOrder[], sent: unknown[], paidAlready = new Set<number>()) {
  server.use(
    loggedIn(staff),
    appConfig(),
    csrf,
    http.get('*/api/staff/payments/payable', () => HttpResponse.json(list)),
    http.post('*/api/staff/payments', async ({ request }) => {
      const body = (await request.json()) as { orderId: number };
      sent.push(body);
      if (paidAlready.has(body.orderId)) return HttpResponse.json({ message: 'This order has already been paid.' }, { status: 409 });
      list.splice(
        list.findIndex((o) => o.orderId === body.orderId),
        1,
      );
      return HttpResponse.json({ id: 1 }, { status: 201 });
    }),
    http.post('*/api/staff/payments/:id/withhold', async ({ params, request }) => {
      const { reason } = (await request.json()) as { reason: string };
      sent.push({ withhold: Number(params.id), reason });
      const held = list.find((o) => o.orderId === Number(params.id));
      if (held) held.withheldBecause = reason;
      return HttpResponse.json({ message: 'The payment is withheld; the appraiser was told why.' });
    }),
  );
}

describe('Staff Payments page', () => {
  it('shows the empty state when nothing is payable', async () => {
    withPayable([], []);
    renderApp('/staff/payments');
    expect(await screen.findByText(MSG_NOTHING_PAYABLE)).toBeInTheDocument();
  });

  it('links the year-end totals CSV of the chosen year', async () => {
    withPayable([], []);
    renderApp('/staff/payments');
    const download = await screen.findByRole('link', { name: 'Download CSV' });
    const thisYear = new Date().getFullYear();
    expect(download).toHaveAttribute('href', `/api/staff/reports/appraiser-year-totals?year=${thisYear}`);
    fireEvent.change(screen.getByLabelText('Year'), { target: { value: String(thisYear - 2) } });
    expect(download).toHaveAttribute('href', `/api/staff/reports/appraiser-year-totals?year=${thisYear - 2}`);
  });

  it('lists payable orders linking to their order page; Record Payment checks, posts and refreshes', async () => {
    const sent: unknown[] = [];
    withPayable([payableOrder(41, 'A0000041'), payableOrder(42, 'A0000042')], sent);
    renderApp('/staff/payments');
    const table = await screen.findByRole('table', { name: 'Orders waiting for payment' });
    expect(within(table).getByRole('link', { name: 'A0000041' })).toHaveAttribute('href', '/staff/orderdetails/41');
    expect(within(table).getAllByText('$450.00')).toHaveLength(2);

    fireEvent.click(screen.getByRole('button', { name: 'Record payment for A0000041' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record Payment' });
    expect(within(dialog).getByLabelText(/^Amount/)).toHaveValue('450.00');
    expect(within(dialog).getByLabelText(/^Payment Date/)).toHaveValue(todayIso('America/Chicago'));
    fireEvent.change(within(dialog).getByLabelText(/^Amount/), { target: { value: '0' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record Payment' }));
    expect(await within(dialog).findByText('Amount must be a positive amount.')).toBeInTheDocument();
    expect(sent).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText(/^Amount/), { target: { value: '$475.50' } });
    fireEvent.change(within(dialog).getByLabelText(/^Payment Date/), { target: { value: '2026-11-20' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record Payment' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Record Payment' })).not.toBeInTheDocument());
    expect(sent).toEqual([{ orderId: 41, amount: 475.5, paymentDate: '2026-11-20' }]);
    await waitFor(() => expect(screen.queryByRole('link', { name: 'A0000041' })).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'A0000042' })).toBeInTheDocument();
  });

  it('shows each pay-by date with Late or Due soon, and withholds a payment only with a reason', async () => {
    const sent: unknown[] = [];
    const list = [
      { ...payableOrder(51, 'A0000051'), late: true, payBy: '2026-11-02' },
      { ...payableOrder(52, 'A0000052'), dueSoon: true },
    ];
    withPayable(list, sent);
    renderApp('/staff/payments');
    const table = await screen.findByRole('table', { name: 'Orders waiting for payment' });
    const late = within(table).getByRole('link', { name: 'A0000051' }).closest('tr')!;
    expect(within(late as HTMLElement).getByText('11/02/2026')).toBeInTheDocument();
    expect(within(late as HTMLElement).getByText('Late')).toBeInTheDocument();
    expect(within(within(table).getByRole('link', { name: 'A0000052' }).closest('tr') as HTMLElement).getByText('Due soon')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Withhold payment for A0000051' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withhold Payment' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Withhold Payment' }));
    expect(await within(dialog).findByText(MSG_WITHHOLD_REASON)).toBeInTheDocument();
    expect(sent).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText(/^Reason/), { target: { value: 'The sketch is missing.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Withhold Payment' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Withhold Payment' })).not.toBeInTheDocument());
    expect(sent).toEqual([{ withhold: 51, reason: 'The sketch is missing.' }]);
    expect(await within(table).findByText('Withheld: The sketch is missing.')).toBeInTheDocument();
  });

  it('pages a long list, 25 rows at a time', async () => {
    withPayable(
      Array.from({ length: 30 }, (_, i) => payableOrder(100 + i, `A${String(100 + i).padStart(7, '0')}`)),
      [],
    );
    renderApp('/staff/payments');
    const table = await screen.findByRole('table', { name: 'Orders waiting for payment' });
    expect(within(table).getAllByRole('button', { name: /^Record payment for/ })).toHaveLength(25);
    const pages = screen.getByRole('navigation', { name: 'Payable orders pages' });
    expect(within(pages).getByText('Showing 1 - 25 of 30 results')).toBeInTheDocument();
    fireEvent.click(within(pages).getByRole('button', { name: /page 2/i }));
    expect(await within(table).findByRole('link', { name: 'A0000129' })).toBeInTheDocument();
    expect(within(table).getAllByRole('button', { name: /^Record payment for/ })).toHaveLength(5);
  });

  it('shows the server refusal of an order paid twice and refreshes the list', async () => {
    const list = [payableOrder(42, 'A0000042')];
    let listed = 0;
    withPayable(list, [], new Set([42]));
    server.use(
      http.get('*/api/staff/payments/payable', () => {
        listed += 1;
        return HttpResponse.json(list);
      }),
    );
    renderApp('/staff/payments');
    fireEvent.click(await screen.findByRole('button', { name: 'Record payment for A0000042' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record Payment' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record Payment' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This order has already been paid.');
    await waitFor(() => expect(listed).toBe(2));
  });
});
