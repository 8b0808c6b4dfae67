import type { InvoiceSummary } from './api';

/** An ageing bucket: invoices this many days past their due date (`to` null: no upper end). */
export interface AgeingBucket {
  label: string;
  from: number;
  to: number | null;
  totalCents: number;
  count: number;
}

export interface MoneyOwed {
  outstanding: { totalCents: number; count: number };
  overdue: { totalCents: number; count: number };
  /** Current (not yet due), 1-30, 31-60, 61-90 and over 90 days past due. */
  ageing: AgeingBucket[];
}

const BUCKETS: Omit<AgeingBucket, 'totalCents' | 'count'>[] = [
  { label: 'Current', from: 0, to: 0 },
  { label: '1-30 days', from: 1, to: 30 },
  { label: '31-60 days', from: 31, to: 60 },
  { label: '61-90 days', from: 61, to: 90 },
  { label: 'Over 90 days', from: 91, to: null },
];

/**
 * What the lenders owe, from their invoices: every unpaid balance (an invoice that owes the client
 * money back counts for nothing), the part past its due date, and the balances by days past due.
 */
export function moneyOwed(invoices: InvoiceSummary[]): MoneyOwed {
  const ageing = BUCKETS.map((b) => ({ ...b, totalCents: 0, count: 0 }));
  const outstanding = { totalCents: 0, count: 0 };
  const overdue = { totalCents: 0, count: 0 };
  for (const i of invoices) {
    if (i.status === 'paid' || i.balanceCents <= 0) continue;
    outstanding.totalCents += i.balanceCents;
    outstanding.count += 1;
    const days = Math.max(0, i.daysOverdue);
    if (days > 0) {
      overdue.totalCents += i.balanceCents;
      overdue.count += 1;
    }
    const bucket = ageing.find((b) => days >= b.from && (b.to === null || days <= b.to))!;
    bucket.totalCents += i.balanceCents;
    bucket.count += 1;
  }
  return { outstanding, overdue, ageing };
}
