import { fireEvent, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { appraiserInfo } from '../../test/appraiser';
import { mockMediaQueries } from '../../test/media';
import { payableOrder } from '../../test/payments';
import { renderApp } from '../../test/render';
import { appConfig, csrf, loggedIn, runFakeServer, server } from '../../test/server';
import { MSG_NOTHING_AWAITING } from './api';
import { MSG_PAY_BY_NOT_STARTED } from './awaiting';

runFakeServer();

const appraiser = { securityUserId: 10, userType: 1, firstName: 'Avery', lastName: 'Appraiser' };

const paid = (usaFileNumber: string, extra: Record<string, unknown> = {}) => ({
  usaFileNumber,
  address: '9 Elm St, Austin, TX 78701',
  borrower: 'Sam Owner',
  paymentAmount: 375,
  paymentDate: '2026-11-02',
  payBy: '2026-10-30' as string | null,
  late: false,
  ...extra,
});

function withPayments(unpaidOrders: unknown[] | 'fail', history: unknown[]) {
  server.use(
    loggedIn(appraiser),
    appConfig(),
    csrf,
    http.get('*/api/appraiser/me', () => HttpResponse.json(appraiserInfo())),
    http.get('*/api/appraiser/10/epp-party-information', () => HttpResponse.json({})),
    http.get('*/api/appraiser/10/unpaid-orders', () => (unpaidOrders === 'fail' ? HttpResponse.json({ message: 'Boom' }, { status: 500 }) : HttpResponse.json(unpaidOrders))),
    http.post('*/api/appraiser/10/payment-history', () => HttpResponse.json(history)),
  );
}

describe('Payments page: awaiting payment and history', () => {
  it('lists the orders awaiting payment in groups with fee, pay-by date, Late, Due soon and the withheld reason', async () => {
    withPayments(
      [
        payableOrder(41, 'A0000041', { late: true, payBy: '2026-11-01' }),
        payableOrder(42, 'A0000042', { dueSoon: true, withheldBecause: 'The report is missing its sketch' }),
        payableOrder(43, 'A0000043', { payBy: null, appraiserFee: 1250 }),
        payableOrder(44, 'A0000044', { appraiserFee: null }),
      ],
      [],
    );
    renderApp('/appraiser/payments');
    const section = await screen.findByRole('region', { name: 'Awaiting Payment' });
    // The urgent groups are open.
    const lateTable = await within(section).findByRole('table', { name: 'Late: orders awaiting payment' });
    expect(within(lateTable).getByRole('link', { name: 'A0000041' })).toHaveAttribute('href', '/appraiser/orderdetails/41');
    const late = lateTable.querySelector('[data-order-id="41"]') as HTMLElement;
    expect(within(late).getByText('11/01/2026')).toBeInTheDocument();
    expect(within(late).getByText('Late')).toBeInTheDocument();
    expect(within(late).getByText('$450.00')).toBeInTheDocument();
    const soon = within(section).getByRole('table', { name: 'Due this week: orders awaiting payment' }).querySelector('[data-order-id="42"]') as HTMLElement;
    expect(within(soon).getByText('Due soon')).toBeInTheDocument();
    expect(within(soon).getByText('Withheld: The report is missing its sketch')).toBeInTheDocument();
    expect(within(soon).queryByText('Late')).toBeNull();
    // The others open on demand; "Not started" is said in words.
    expect(within(section).queryByRole('table', { name: 'Pay-by not started: orders awaiting payment' })).toBeNull();
    fireEvent.click(within(section).getByRole('button', { name: /^Pay-by not started/ }));
    const notStartedTable = await within(section).findByRole('table', { name: 'Pay-by not started: orders awaiting payment' });
    expect(within(section).getByText(MSG_PAY_BY_NOT_STARTED)).toBeVisible();
    const notStarted = notStartedTable.querySelector('[data-order-id="43"]') as HTMLElement;
    expect(within(notStarted).getByText('Not started')).toBeInTheDocument();
    expect(within(notStarted).getByText('$1,250.00')).toBeInTheDocument();
    expect(within(notStarted).queryByText('Due soon')).toBeNull();
    fireEvent.click(within(section).getByRole('button', { name: /^Due later/ }));
    const later = await within(section).findByRole('table', { name: 'Due later: orders awaiting payment' });
    expect(within(later.querySelector('[data-order-id="44"]') as HTMLElement).getByText('Not set')).toBeInTheDocument();
  });

  it('sums up first: late, due this week, owed in total and the next pay-by date', async () => {
    withPayments(
      [
        payableOrder(41, 'A0000041', { late: true, payBy: '2026-11-01', appraiserFee: 500 }),
        payableOrder(42, 'A0000042', { dueSoon: true, payBy: '2026-12-01' }),
        payableOrder(43, 'A0000043', { payBy: null, appraiserFee: 1250 }),
        payableOrder(44, 'A0000044', { appraiserFee: null, payBy: '2026-12-04' }),
        payableOrder(45, 'A0000045', { payBy: '2026-12-20' }),
      ],
      [],
    );
    renderApp('/appraiser/payments');
    const section = await screen.findByRole('region', { name: 'Awaiting Payment' });
    await within(section).findByRole('table', { name: 'Late: orders awaiting payment' });
    const figures = [...section.querySelectorAll('[data-stat-grid] dl')].map((dl) => [...dl.children].map((c) => c.textContent));
    expect(figures).toEqual([
      ['Late', '$500.00', '1 order'],
      ['Due this week', '$450.00', '1 order'],
      ['Owed in total', '$2,650.00', '5 orders, 1 without a fee yet'],
      ['Next pay-by', '12/01/2026', 'File # A0000042'],
    ]);
    // The summary comes before the groups.
    const grid = section.querySelector('[data-stat-grid]')!;
    expect(grid.compareDocumentPosition(section.querySelector('[data-pay-group]')!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect([...section.querySelectorAll('[data-pay-group]')].map((g) => g.getAttribute('data-pay-group'))).toEqual(['late', 'dueSoon', 'later', 'notStarted']);
  });

  it('says so when nothing awaits payment, and shows a failure', async () => {
    withPayments([], []);
    const first = renderApp('/appraiser/payments');
    expect(await screen.findByText(MSG_NOTHING_AWAITING)).toBeInTheDocument();
    first.unmount();
    withPayments('fail', []);
    renderApp('/appraiser/payments');
    expect(await screen.findByText('Boom')).toBeInTheDocument();
  });

  it('shows the history with its Pay By column and Late on a late payment', async () => {
    withPayments([], [paid('B0000007', { late: true }), paid('B0000008', { payBy: null, paymentDate: '2026-11-03' })]);
    renderApp('/appraiser/payments');
    const table = await screen.findByRole('table', { name: 'Payments' });
    expect(within(table).getByRole('columnheader', { name: 'Pay By' })).toBeInTheDocument();
    const [, lateRow, unknownRow] = within(table).getAllByRole('row');
    expect(within(lateRow!).getByText('10/30/2026')).toBeInTheDocument();
    expect(within(lateRow!).getByText('Late')).toBeInTheDocument();
    expect(within(unknownRow!).getByText('Unknown')).toBeInTheDocument();
    expect(within(unknownRow!).queryByText('Late')).toBeNull();
  });

  it('shows cards on a phone', async () => {
    const phone = mockMediaQueries(() => true);
    try {
      withPayments([payableOrder(41, 'A0000041', { late: true })], [paid('B0000007', { late: true })]);
      renderApp('/appraiser/payments');
      const cards = await screen.findByRole('list', { name: 'Late: orders awaiting payment' });
      expect(within(cards).getByText('41 Oak St, Austin, TX 78704')).toBeInTheDocument();
      expect(within(cards).getByRole('link', { name: 'A0000041' })).toBeInTheDocument();
      expect(within(cards).getByText('Late')).toBeInTheDocument();
      const history = await screen.findByRole('list', { name: 'Payments' });
      expect(within(history).getByText('Late')).toBeInTheDocument();
      expect(screen.queryByRole('table')).toBeNull();
    } finally {
      phone.mockRestore();
    }
  });

  it('pages a long list 10 at a time on a phone, the summary first', async () => {
    const phone = mockMediaQueries(() => true);
    try {
      const late = Array.from({ length: 23 }, (_, i) => payableOrder(100 + i, `A0000${100 + i}`, { late: true, payBy: '2026-11-01' }));
      withPayments(
        late,
        Array.from({ length: 12 }, (_, i) => paid(`B00000${10 + i}`)),
      );
      renderApp('/appraiser/payments');
      const cards = await screen.findByRole('list', { name: 'Late: orders awaiting payment' });
      expect(within(cards).getAllByRole('listitem')).toHaveLength(10);
      expect(screen.getByRole('navigation', { name: 'Late orders pages' })).toBeInTheDocument();
      expect(screen.getByText('Showing 1 - 10 of 23 results')).toBeInTheDocument();
      const history = await screen.findByRole('list', { name: 'Payments' });
      expect(within(history).getAllByRole('listitem')).toHaveLength(10);
      expect(screen.getByRole('navigation', { name: 'Payments pages' })).toBeInTheDocument();
    } finally {
      phone.mockRestore();
    }
  });
});
