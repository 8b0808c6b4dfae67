import { Text } from '@mantine/core';
import { formatCents } from '../../lib/cents';
import type { InvoiceSummary } from './api';

/** Which invoice a dialog is about, and what is still owed on it. */
export function InvoiceBalance({ invoice }: { invoice: InvoiceSummary }) {
  return (
    <Text size="sm">
      {invoice.number}, {invoice.clientName}: balance {formatCents(invoice.balanceCents)}.
    </Text>
  );
}
