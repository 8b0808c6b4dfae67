import { Alert, Anchor, Badge, Button, Group, SimpleGrid, Stack, Text, Textarea, Timeline, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { AttachmentsInput, attachmentsError } from '../../components/AttachmentsInput';
import { Field, Fields, InfoCard } from '../../components/DataDisplay';
import { FileActions } from '../../components/FileActions';
import { FAIR_LANGUAGE_TITLE, FairLanguageFindings, MSG_FAIR_LANGUAGE_FAILED } from '../../components/FairLanguageFindings';
import { FormDialog } from '../../components/FormDialog';
import { BackIcon } from '../../components/icons';
import { MessageForm, MessageList } from '../../components/MessageThread';
import { StatusBadge, StatusIcon } from '../../components/OrderBadges';
import { ReportDataView } from '../../components/ReportDataView';
import { ResponsiveTable, type Column } from '../../components/ResponsiveTable';
import { ApiError, failureText, formFailure, isSharedFailure } from '../../lib/api';
import { useAppConfig } from '../../lib/appConfig';
import { formatDateAndTime, formatDateTime, formatDay } from '../../lib/dates';
import { requiredTextError } from '../../lib/fieldRules';
import { formatFileSize } from '../../lib/fileSize';
import { formatUsd } from '../../lib/money';
import { notify } from '../../lib/notify';
import { isClosedStatus, lenderBadge, lenderStatus } from '../../lib/orderStatus';
import {
  attachDocuments,
  clientDocumentsQuery,
  clientFairLanguageQuery,
  clientKeys,
  clientMessagesQuery,
  clientOrderQuery,
  clientReportDataQuery,
  downloadDocument,
  requestCancellation,
  viewDocument,
  writeToStaff,
  type ClientDocument,
  type ClientInvoice,
  type ClientOrder,
} from './api';
import { ListStatus, OutcomePage, PageLoadFailed, PageSkeleton } from '../../components/LoadStates';
import { OrderHeading } from '../../components/OrderHeading';
import { ClientContactsCard } from './ClientContactsCard';
import { ClientReconsiderationCard } from './ClientReconsiderationCard';
import { ClientRevisionRequestsCard } from './ClientRevisionRequestsCard';

export const MSG_ORDER_NOT_FOUND = 'Order Not Found';
export const MSG_NO_MESSAGES = 'No messages yet. Write to staff about this order below.';
export const MSG_NO_DOCUMENTS = 'No documents yet. The report appears here once the order is delivered.';
/** The server's limit of a reason (crates/server/src/client/orders.rs MAX_REASON). */
const MAX_REASON = 2000;
const MSG_CANCEL_FAILED = 'The request could not be sent. Please try again.';
const MSG_ATTACH_FAILED = 'The files could not be attached. Please try again.';

/** Where an order came from, in words. */
export const SOURCE_LABELS: Record<string, string> = { staff: 'Staff', client_portal: 'Client portal', api: 'API' };

function BackToOrders() {
  return (
    <Button component={Link} to="/client/orders" variant="subtle" leftSection={<BackIcon />} px="xs" w="fit-content">
      Back to Orders
    </Button>
  );
}

/** Each status the order reached in the lender's words, oldest first, with its date; the current one last. */
function StatusTimeline({ order, timeZone }: { order: ClientOrder; timeZone: string | null }) {
  // Two internal steps in a row that read the same to a lender (two review stages) show once.
  const steps = order.timeline.map((step) => ({ ...step, words: lenderStatus(step.statusId, step.status) })).filter((step, i, all) => i === 0 || all[i - 1]!.words !== step.words);
  return (
    <InfoCard title="Status Timeline">
      <Timeline
        active={steps.length - 1}
        bulletSize={18}
        lineWidth={2}
        color="blue.8"
        aria-label="Status timeline"
        component="ol"
        style={{ listStyle: 'none', margin: 0, padding: 0 }}
      >
        {steps.map((step) => (
          <Timeline.Item key={`${step.statusId}-${step.at}`} component="li" title={step.words} bullet={<StatusIcon name="check" size={12} />}>
            <Text size="xs" c="gray.8" component="time" dateTime={step.at}>
              {formatDateAndTime(step.at, timeZone)}
            </Text>
          </Timeline.Item>
        ))}
      </Timeline>
    </InfoCard>
  );
}

function OrderDetailsCard({ order, timeZone }: { order: ClientOrder; timeZone: string | null }) {
  return (
    <InfoCard title="Order Details">
      <Fields>
        <Field label="File #">{order.fileNumber}</Field>
        <Field label="Property">{order.propertyAddress}</Field>
        <Field label="Property Type">{order.propertyType}</Field>
        <Field label="Intended Use">{order.intendedUse}</Field>
        <Field label="Product">{order.product}</Field>
        <Field label="Borrower">{order.borrowerName}</Field>
        <Field label="Loan #">{order.loanNumber}</Field>
        <Field label="FHA Case Number">{order.fhaCaseNumber}</Field>
        <Field label="Ordered">{formatDateTime(order.orderedAt, timeZone)}</Field>
        <Field label="Requested Due Date">{formatDay(order.requestedDueDate)}</Field>
        <Field label="Closing Date">{formatDay(order.closingDate)}</Field>
        <Field label="Due">{formatDay(order.dueDate)}</Field>
        <Field label="Delivered">{formatDateTime(order.deliveredAt, timeZone)}</Field>
        {order.appraiserName ? <Field label="Appraiser">{order.appraiserName}</Field> : null}
        <Field label="Source">{SOURCE_LABELS[order.source] ?? order.source}</Field>
      </Fields>
    </InfoCard>
  );
}

/** What an order without an appraiser waits for now, in the lender's words. */
function WaitingNotice({ text }: { text: string }) {
  return (
    <Alert color="blue.9" variant="outline" title="What happens next" role="status">
      <Text size="sm">{text}</Text>
    </Alert>
  );
}

/** The cancel request once made: when, and why. */
function CancelRequestNotice({ order, timeZone }: { order: ClientOrder; timeZone: string | null }) {
  return (
    <Alert color="red.9" variant="outline" title="Cancellation requested" role="status">
      <Text size="sm">You asked to cancel this order on {formatDateTime(order.cancelRequestedAt, timeZone)}. Staff will confirm it.</Text>
      {order.cancelReason ? (
        <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          Reason: {order.cancelReason}
        </Text>
      ) : null}
    </Alert>
  );
}

/** Request Cancellation, with a reason in a dialog: for an open order without a request yet. */
function CancelRequestButton({ order }: { order: ClientOrder }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const send = useMutation({
    mutationFn: (text: string) => requestCancellation(order.id, text),
    onSuccess: async (answer) => {
      setOpen(false);
      notify('success', answer.message);
      await queryClient.invalidateQueries({ queryKey: clientKeys.orders() });
    },
  });
  const submit = () => {
    const found = requiredTextError('Reason', reason, MAX_REASON);
    setError(found);
    if (!found) send.mutate(reason.trim());
  };
  const failure = formFailure(send.error, MSG_CANCEL_FAILED);
  return (
    <>
      <Button variant="default" color="red.9" onClick={() => setOpen(true)} aria-haspopup="dialog">
        Request Cancellation
      </Button>
      <FormDialog
        title="Request Cancellation"
        opened={open}
        onClose={() => {
          setOpen(false);
          send.reset();
        }}
        onSubmit={submit}
        submitLabel="Send Request"
        busy={send.isPending}
        failure={failure}
      >
        <Text size="sm" c="gray.8">
          Staff decide: work may already be under way. Tell them why the order should be cancelled.
        </Text>
        <Textarea
          label="Reason"
          required
          autosize
          minRows={3}
          maxRows={8}
          data-autofocus
          value={reason}
          onChange={(e) => {
            setReason(e.currentTarget.value);
            setError(undefined);
          }}
          error={error}
        />
      </FormDialog>
    </>
  );
}

/** How each invoice status reads, and its badge colour. */
const INVOICE_STATUS: Record<ClientInvoice['status'], { label: string; color: string }> = {
  open: { label: 'Open', color: 'blue.8' },
  overdue: { label: 'Overdue', color: 'red.9' },
  paid: { label: 'Paid', color: 'teal.9' },
};

/** The invoice issued when the order was delivered: its amounts, due date, status and the PDF. */
function InvoiceCard({ orderId, invoice }: { orderId: number; invoice: ClientInvoice }) {
  const status = INVOICE_STATUS[invoice.status];
  return (
    <InfoCard title="Invoice">
      <Fields>
        <Field label="Invoice #">{invoice.number}</Field>
        <Field label="Issued">{formatDay(invoice.issuedOn)}</Field>
        <Field label="Amount">{formatUsd(invoice.amountCents / 100)}</Field>
        <Field label="Due date">{formatDay(invoice.dueOn)}</Field>
        <Field label="Balance">{formatUsd(invoice.balanceCents / 100)}</Field>
        <Field label="Status">
          <Badge color={status.color}>{status.label}</Badge>
        </Field>
      </Fields>
      <Anchor href={`/api/client/orders/${orderId}/invoice`} target="_blank" rel="noopener noreferrer" fw={600} w="fit-content">
        Download invoice (PDF)
        <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
      </Anchor>
    </InfoCard>
  );
}

function MessagesCard({ orderId, timeZone }: { orderId: number; timeZone: string | null }) {
  const queryClient = useQueryClient();
  const messages = useQuery(clientMessagesQuery(orderId));
  return (
    <InfoCard title="Messages with Staff">
      <MessageList
        label="Messages with staff"
        thread={messages}
        failure="The messages could not be loaded."
        emptyText={MSG_NO_MESSAGES}
        timeZone={timeZone}
        tagOf={(m) => (m.fromClient ? undefined : 'Staff')}
      />
      <MessageForm
        label="Write to staff"
        fieldLabel="Write to staff"
        submitLabel="Send Message"
        send={(text) => writeToStaff(orderId, text)}
        onSent={() => void queryClient.invalidateQueries({ queryKey: clientKeys.messages(orderId) })}
      />
    </InfoCard>
  );
}

function documentColumns(timeZone: string | null): Column<ClientDocument>[] {
  return [
    { header: 'Name', cell: (d) => d.fileName, name: true },
    { header: 'Kind', cell: (d) => (d.kind === 'report' ? 'Report' : 'Attachment') },
    { header: 'Size', cell: (d) => formatFileSize(d.sizeBytes), nowrap: true },
    { header: 'Uploaded', cell: (d) => formatDateAndTime(d.uploadedAt, timeZone), nowrap: true },
  ];
}

/** Attaches more files to the order (a purchase contract, say). */
function AttachForm({ orderId }: { orderId: number }) {
  const queryClient = useQueryClient();
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string>();
  const attach = useMutation({
    mutationFn: (chosen: File[]) => attachDocuments(orderId, chosen),
    onSuccess: async (saved) => {
      setFiles([]);
      notify('success', saved.length === 1 ? `${saved[0]!.fileName} was attached.` : `${saved.length} files were attached.`);
      await queryClient.invalidateQueries({ queryKey: clientKeys.documents(orderId) });
    },
    onError: (e) => {
      if (!isSharedFailure(e)) setError(failureText(e, MSG_ATTACH_FAILED));
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (attach.isPending) return;
    const found = files.length === 0 ? 'Please choose a file to upload.' : attachmentsError(files);
    setError(found);
    if (!found) attach.mutate(files);
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Attach files">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <div style={{ flex: '1 1 16rem' }}>
          <AttachmentsInput
            label="Attach files"
            value={files}
            onChange={(next) => {
              setFiles(next);
              setError(undefined);
            }}
            error={error}
          />
        </div>
        <Button type="submit" variant="default" loading={attach.isPending}>
          Attach
        </Button>
      </Group>
    </form>
  );
}

function DocumentsCard({ orderId, timeZone }: { orderId: number; timeZone: string | null }) {
  const documents = useQuery(clientDocumentsQuery(orderId));
  const mobile = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  return (
    <InfoCard title="Documents">
      <ListStatus
        query={documents}
        noun="documents"
        empty={
          <Text size="sm" c="gray.8">
            {MSG_NO_DOCUMENTS}
          </Text>
        }
      />
      {documents.data?.length ? (
        <ResponsiveTable
          items={documents.data}
          columns={documentColumns(timeZone)}
          actions={(d) => <FileActions fileName={d.fileName} onView={() => viewDocument(orderId, d)} onDownload={() => downloadDocument(orderId, d)} />}
          label="Documents"
          mobile={mobile}
          minWidth={720}
          idAttribute="data-document-id"
        />
      ) : null}
      <AttachForm orderId={orderId} />
    </InfoCard>
  );
}

/** What the delivered report's data file says (nothing when none came with it). */
function ReportDataCard({ orderId }: { orderId: number }) {
  const data = useQuery(clientReportDataQuery(orderId));
  if (data.isError) {
    return (
      <Text size="sm" c="red.9" role="alert">
        The report data could not be loaded.
      </Text>
    );
  }
  return data.data ? (
    <InfoCard title="Report Data">
      <ReportDataView data={data.data} />
    </InfoCard>
  ) : null;
}

/** The delivered report's fair-language findings and how staff disposed of them (nothing when there are none). */
function FairLanguageCard({ orderId, timeZone }: { orderId: number; timeZone: string | null }) {
  const findings = useQuery(clientFairLanguageQuery(orderId));
  if (findings.isError) {
    return (
      <Text size="sm" c="red.9" role="alert">
        {MSG_FAIR_LANGUAGE_FAILED}
      </Text>
    );
  }
  return findings.data?.length ? (
    <InfoCard title={FAIR_LANGUAGE_TITLE}>
      <FairLanguageFindings findings={findings.data} timeZone={timeZone} />
    </InfoCard>
  ) : null;
}

function OrderView({ order }: { order: ClientOrder }) {
  const timeZone = useAppConfig().data?.companyTimeZone ?? null;
  return (
    <Stack gap="md">
      <BackToOrders />
      <OrderHeading
        fileNumber={order.fileNumber}
        details={
          <>
            <Group gap="sm" wrap="wrap">
              <StatusBadge statusId={order.statusId} {...lenderBadge(order.statusId, order.status)} />
              <Text size="sm" c="gray.8">
                {order.propertyAddress}
              </Text>
            </Group>
            {order.inspectionLabel ? (
              <Text size="sm" fw={600}>
                Inspection: {order.inspectionLabel}
              </Text>
            ) : null}
          </>
        }
      >
        {order.cancelRequestedAt || isClosedStatus(order.statusId) ? null : <CancelRequestButton order={order} />}
      </OrderHeading>
      {order.cancelRequestedAt ? <CancelRequestNotice order={order} timeZone={timeZone} /> : null}
      {order.waitingForText && !order.cancelRequestedAt ? <WaitingNotice text={order.waitingForText} /> : null}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" style={{ alignItems: 'start' }}>
        <OrderDetailsCard order={order} timeZone={timeZone} />
        <StatusTimeline order={order} timeZone={timeZone} />
      </SimpleGrid>
      <ClientContactsCard contacts={order.contacts} />
      {order.invoice ? <InvoiceCard orderId={order.id} invoice={order.invoice} /> : null}
      {order.deliveredAt ? <ReportDataCard orderId={order.id} /> : null}
      {order.deliveredAt ? <FairLanguageCard orderId={order.id} timeZone={timeZone} /> : null}
      {order.deliveredAt ? <ClientReconsiderationCard orderId={order.id} timeZone={timeZone} /> : null}
      {order.deliveredAt ? <ClientRevisionRequestsCard order={order} timeZone={timeZone} /> : null}
      <MessagesCard orderId={order.id} timeZone={timeZone} />
      <DocumentsCard orderId={order.id} timeZone={timeZone} />
    </Stack>
  );
}

/**
 * /client/orders/:id: one of the client's orders with its timeline, details, messages with staff,
 * documents and a cancel request; once delivered, its reconsiderations of value and revision requests.
 */
export function ClientOrderPage() {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const query = useQuery({ ...clientOrderQuery(id), enabled: valid });
  if (!valid || (query.error instanceof ApiError && query.error.status === 404)) {
    return (
      <OutcomePage title={MSG_ORDER_NOT_FOUND}>
        <Text c="gray.8">This order could not be found among your orders.</Text>
        <BackToOrders />
      </OutcomePage>
    );
  }
  if (query.isError) {
    return (
      <PageLoadFailed title="Order" query={query}>
        <BackToOrders />
      </PageLoadFailed>
    );
  }
  if (query.isPending) return <PageSkeleton label="Loading order" />;
  return <OrderView order={query.data} />;
}
