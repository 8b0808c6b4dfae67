import { Anchor, Badge, Button, Group, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { Field, Fields, InfoCard } from '../../../components/DataDisplay';
import { FormDialog, mutationState } from '../../../components/FormDialog';
import { InvoiceStatusBadge } from '../../../components/InvoiceStatusBadge';
import { useFields } from '../../../components/useFields';
import { ApiError } from '../../../lib/api';
import { centsError, centsText, formatCents, parseCents } from '../../../lib/cents';
import { formatDateAndTime, formatDay } from '../../../lib/dates';
import { emailError, onlyFailed, textOrNull } from '../../../lib/fieldRules';
import { notify } from '../../../lib/notify';
import { orderKeys } from '../keys';
import { changeClientFee, sendPaymentLink } from './api';
import type { OrderDetails } from './types';

const MSG_CLIENT_FEE_FAILED = 'The client fee could not be saved. Please try again.';

/** Staff's lines of the financial card: what the client is charged and the margin over the appraiser's fee (each only when the server sends it). */
export function ClientFeeFields({ order }: { order: OrderDetails }) {
  return (
    <>
      {order.clientFeeCents != null ? <Field label="Client Fee">{formatCents(order.clientFeeCents)}</Field> : null}
      {order.marginCents != null ? <Field label="Margin">{formatCents(order.marginCents)}</Field> : null}
    </>
  );
}

/** Change client fee (staff, while the order has no invoice): a correction after invoicing is a credit note. */
export function ChangeClientFeeButton({ order }: { order: OrderDetails }) {
  const [open, setOpen] = useState(false);
  if (order.invoice) return null;
  return (
    <>
      <Button size="compact-sm" variant="default" w="fit-content" onClick={() => setOpen(true)}>
        Change client fee
      </Button>
      {open ? <ClientFeeDialog order={order} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function ClientFeeDialog({ order, onClose }: { order: OrderDetails; onClose: () => void }) {
  const queryClient = useQueryClient();
  const fields = useFields({ clientFeeCents: centsText(order.clientFeeCents) });
  const reload = () => void queryClient.invalidateQueries({ queryKey: orderKeys.details(order.id) });
  const save = useMutation({
    mutationFn: (cents: number) => changeClientFee(order.id, cents),
    onSuccess: (answer) => {
      notify('success', answer.message);
      reload();
      onClose();
    },
    onError: (e) => {
      fields.showRefusal(e);
      if (e instanceof ApiError && e.status === 409) reload();
    },
  });
  const submit = () => {
    if (fields.accept(onlyFailed({ clientFeeCents: centsError('Client Fee', fields.values.clientFeeCents, { zeroAllowed: true }) })))
      save.mutate(parseCents(fields.values.clientFeeCents)!);
  };
  return (
    <FormDialog title="Change Client Fee" opened onClose={onClose} onSubmit={submit} submitLabel="Save" size="sm" {...mutationState(save, MSG_CLIENT_FEE_FAILED)}>
      <TextInput label="Client Fee" required inputMode="decimal" leftSection="$" data-autofocus {...fields.input('clientFeeCents')} />
    </FormDialog>
  );
}

/** The invoice issued when the order was delivered (staff): its number, status, amounts, the PDF and the way to Receivables. */
export function OrderInvoiceCard({ order }: { order: OrderDetails }) {
  const invoice = order.invoice;
  if (!invoice) return null;
  return (
    <InfoCard title="Invoice" testId="card-invoice">
      <Fields>
        <Field label="Number">{invoice.number}</Field>
        <Field label="Status">
          <InvoiceStatusBadge invoice={invoice} />
        </Field>
        <Field label="Amount">{formatCents(invoice.amountCents)}</Field>
        <Field label="Balance">{formatCents(invoice.balanceCents)}</Field>
        <Field label="Due Date">{formatDay(invoice.dueOn)}</Field>
      </Fields>
      <Group gap="md">
        <Anchor href={`/api/staff/invoices/${invoice.id}/pdf`} target="_blank" rel="noopener" aria-label={`PDF of ${invoice.number}`} fw={600}>
          PDF
        </Anchor>
        <Anchor component={Link} to="/staff/receivables" fw={600}>
          Receivables
        </Anchor>
      </Group>
    </InfoCard>
  );
}

/** How the borrower's payment reads, with its badge colour. */
const PAYMENT_STATUS: Record<string, [string, string]> = {
  pending: ['Awaiting payment', 'blue.8'],
  paid: ['Paid', 'teal.9'],
  refunded: ['Refunded', 'gray.8'],
  replaced: ['Link replaced', 'gray.8'],
};

/** The borrower's card payment (staff, once a payment link was sent): where it stands, and sending the link again. */
export function BorrowerPaymentCard({ order, timeZone }: { order: OrderDetails; timeZone: string | null }) {
  const [open, setOpen] = useState(false);
  const payment = order.borrowerPayment;
  if (!payment) return null;
  const [label, color] = PAYMENT_STATUS[payment.status] ?? [payment.status, 'gray.8'];
  return (
    <InfoCard title="Borrower's Payment" testId="card-borrower-payment">
      <Fields>
        <Field label="Status">
          <Badge color={color}>{label}</Badge>
        </Field>
        <Field label="Amount">{formatCents(payment.amountCents)}</Field>
        <Field label="Sent To">{payment.email}</Field>
        <Field label="Link Sent">{formatDateAndTime(payment.sentAt, timeZone)}</Field>
        {payment.paidAt ? <Field label="Paid">{formatDateAndTime(payment.paidAt, timeZone)}</Field> : null}
        {payment.refundedAt ? <Field label="Refunded">{formatDateAndTime(payment.refundedAt, timeZone)}</Field> : null}
      </Fields>
      {payment.status === 'pending' || payment.status === 'replaced' ? (
        <Button size="compact-sm" variant="default" w="fit-content" onClick={() => setOpen(true)}>
          Send payment link again
        </Button>
      ) : null}
      {open ? <PaymentLinkDialog order={order} email={payment.email} onClose={() => setOpen(false)} /> : null}
    </InfoCard>
  );
}

function PaymentLinkDialog({ order, email, onClose }: { order: OrderDetails; email: string; onClose: () => void }) {
  const queryClient = useQueryClient();
  const fields = useFields({ email });
  const send = useMutation({
    mutationFn: (to: string | null) => sendPaymentLink(order.id, to),
    onSuccess: (answer) => {
      notify('success', answer.message);
      void queryClient.invalidateQueries({ queryKey: orderKeys.details(order.id) });
      onClose();
    },
    onError: fields.showRefusal,
  });
  const submit = () => {
    if (fields.accept(onlyFailed({ email: emailError('E-mail', fields.values.email) }))) send.mutate(textOrNull(fields.values.email));
  };
  return (
    <FormDialog
      title="Send Payment Link"
      opened
      onClose={onClose}
      onSubmit={submit}
      submitLabel="Send"
      size="sm"
      {...mutationState(send, 'The payment link could not be sent. Please try again.')}
    >
      <TextInput label="E-mail" type="email" description="The older link stops working." data-autofocus {...fields.input('email')} />
    </FormDialog>
  );
}
