import { Badge } from '@mantine/core';
import type { Schemas } from '../lib/api';

/** The whole label, never cut off. */
const BADGE = { label: { overflow: 'visible' } } as const;

/** An invoice's status (open, overdue, paid): Overdue names the days past the due date. */
export function InvoiceStatusBadge({ invoice }: { invoice: Pick<Schemas['InvoiceSummary'], 'status' | 'daysOverdue'> }) {
  if (invoice.status === 'paid') {
    return (
      <Badge color="teal.9" tt="none" styles={BADGE}>
        Paid
      </Badge>
    );
  }
  if (invoice.status === 'overdue') {
    const days = invoice.daysOverdue === 1 ? '1 day' : `${invoice.daysOverdue} days`;
    return <Badge color="red.9" tt="none" styles={BADGE}>{`Overdue ${days}`}</Badge>;
  }
  return (
    <Badge color="blue.8" tt="none" styles={BADGE}>
      Open
    </Badge>
  );
}
