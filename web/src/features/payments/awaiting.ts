import type { PayableOrder } from './api';

/** Why an order has no pay-by date yet, in words. */
export const MSG_PAY_BY_NOT_STARTED =
  "Not started means the time to pay you has not begun yet: it starts at the step your state's rule counts from (by default, delivery to the lender), and the pay-by date shows then.";

export type PayGroupKey = 'late' | 'dueSoon' | 'later' | 'notStarted';

/** The groups of the orders awaiting payment, most urgent first. */
export const PAY_GROUPS: readonly { key: PayGroupKey; title: string; description: string }[] = [
  { key: 'late', title: 'Late', description: 'Past the pay-by date and not paid yet.' },
  { key: 'dueSoon', title: 'Due this week', description: 'The pay-by date is within 5 business days.' },
  { key: 'later', title: 'Due later', description: 'The pay-by date is more than 5 business days away.' },
  { key: 'notStarted', title: 'Pay-by not started', description: MSG_PAY_BY_NOT_STARTED },
];

export function payGroupOf(o: PayableOrder): PayGroupKey {
  if (o.late) return 'late';
  if (!o.payBy) return 'notStarted';
  return o.dueSoon ? 'dueSoon' : 'later';
}

export interface Owed {
  count: number;
  /** The fees of the orders that have one, in dollars. */
  total: number;
}

function owed(orders: PayableOrder[]): Owed {
  return { count: orders.length, total: orders.reduce((sum, o) => sum + (o.appraiserFee ?? 0), 0) };
}

export interface AwaitingSummary {
  late: Owed;
  dueSoon: Owed;
  all: Owed;
  /** Orders with no fee set yet (not in the totals). */
  withoutFee: number;
  /** The earliest pay-by date still ahead (not late), and its order. */
  next: { payBy: string; fileNumber: string } | null;
}

/** The figures above the list: what is late, what is due this week, what is owed in all, and the next pay-by date. */
export function awaitingSummary(orders: PayableOrder[]): AwaitingSummary {
  const ahead = orders.filter((o) => !o.late && o.payBy).sort((a, b) => (a.payBy! < b.payBy! ? -1 : a.payBy! > b.payBy! ? 1 : 0));
  return {
    late: owed(orders.filter((o) => payGroupOf(o) === 'late')),
    dueSoon: owed(orders.filter((o) => payGroupOf(o) === 'dueSoon')),
    all: owed(orders),
    withoutFee: orders.filter((o) => o.appraiserFee == null).length,
    next: ahead[0] ? { payBy: ahead[0].payBy!, fileNumber: ahead[0].fileNumber } : null,
  };
}

/** The orders of each group that has any, in PAY_GROUPS' order (each group keeps the server's order). */
export function groupAwaiting(orders: PayableOrder[]) {
  return PAY_GROUPS.map((group) => ({ ...group, orders: orders.filter((o) => payGroupOf(o) === group.key) })).filter((g) => g.orders.length > 0);
}
