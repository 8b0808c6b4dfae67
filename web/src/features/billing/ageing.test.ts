import { describe, expect, it } from 'vitest';
import type { InvoiceSummary } from './api';
import { moneyOwed } from './ageing';

const invoice = (id: number, balanceCents: number, daysOverdue: number, status: InvoiceSummary['status'] = daysOverdue > 0 ? 'overdue' : 'open'): InvoiceSummary => ({
  id,
  number: `INV-${id}`,
  orderId: id,
  fileNumber: `A${id}`,
  clientId: 7,
  clientName: 'First Lender Bank',
  issuedOn: '2026-10-01',
  dueOn: '2026-10-31',
  amountCents: balanceCents,
  creditedCents: 0,
  paidCents: 0,
  balanceCents,
  status,
  daysOverdue,
});

describe('moneyOwed', () => {
  it('totals the unpaid balances, the overdue part and the ageing buckets at their edges', () => {
    const owed = moneyOwed([
      invoice(1, 10000, 0),
      invoice(2, 2000, 1),
      invoice(3, 3000, 30),
      invoice(4, 4000, 31),
      invoice(5, 5000, 60),
      invoice(6, 6000, 61),
      invoice(7, 7000, 90),
      invoice(8, 8000, 91),
      invoice(9, 0, 0, 'paid'),
      invoice(10, -500, 0, 'paid'),
    ]);
    expect(owed.outstanding).toEqual({ totalCents: 45000, count: 8 });
    expect(owed.overdue).toEqual({ totalCents: 35000, count: 7 });
    expect(owed.ageing.map((b) => [b.label, b.totalCents, b.count])).toEqual([
      ['Current', 10000, 1],
      ['1-30 days', 5000, 2],
      ['31-60 days', 9000, 2],
      ['61-90 days', 13000, 2],
      ['Over 90 days', 8000, 1],
    ]);
  });

  it('is all zeros without invoices, and a part-paid invoice counts what is left', () => {
    expect(moneyOwed([]).outstanding).toEqual({ totalCents: 0, count: 0 });
    const partPaid = { ...invoice(1, 2500, 12), amountCents: 10000, paidCents: 7500 };
    expect(moneyOwed([partPaid]).overdue).toEqual({ totalCents: 2500, count: 1 });
  });
});
