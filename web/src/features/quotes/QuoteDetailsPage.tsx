import { Alert, Button, Card, Center, Group, Loader, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { FormDialog } from '../../components/FormDialog';
import { PropertyMap } from '../../components/map/PropertyMap';
import { formatDay, todayIso } from '../../lib/dates';
import { formatUsd } from '../../lib/money';
import { ApiError } from '../../lib/api';
import { useAppConfig } from '../../lib/appConfig';
import { notify } from '../../lib/notify';
import {
  acceptQuote,
  isFee,
  MSG_COMMENT_REQUIRED,
  MSG_DATE_PAST,
  MSG_DATE_REQUIRED,
  MSG_FEE_FORMAT,
  MSG_FEE_REQUIRED,
  MSG_INVALID_QUOTE_ID,
  MSG_QUOTE_FAILED,
  MSG_REASON_REQUIRED,
  MSG_REJECT_FAILED,
  parseQuoteId,
  QUOTES_KEY,
  quoteDetailQuery,
  rejectQuote,
  type QuoteDetail,
} from './api';
import { BackIcon } from '../../components/icons';

const QUOTES = '/appraiser/quotes';

function InfoCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label={title}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      <Stack gap={8}>{children}</Stack>
    </Card>
  );
}

function Row({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div>
      <Text size="xs" fw={700} c="gray.7" tt="uppercase">
        {label}
      </Text>
      <Text style={{ overflowWrap: 'anywhere' }}>{value}</Text>
    </div>
  );
}

function MapCard({ quote }: { quote: QuoteDetail['quote'] }) {
  const tileUrl = useAppConfig().data?.mapTileUrl;
  return (
    <InfoCard title="Location">
      <PropertyMap latitude={quote.latitude} longitude={quote.longitude} tileUrl={tileUrl} label={`Satellite map of ${quote.propertyAddressLine1}`} />
    </InfoCard>
  );
}

function AnswerNotice({ detail }: { detail: QuoteDetail }) {
  const a = detail.answer;
  if (a.status === 'responded') {
    return (
      <Alert color="green" variant="light" title="You responded to this quote" role="status">
        <Text size="sm">
          Appraiser fee {formatUsd(a.appraiserFee)}, estimated delivery {formatDay(a.estimatedDeliveryDate)}.
        </Text>
        {a.comment ? (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            Comment: {a.comment}
          </Text>
        ) : null}
      </Alert>
    );
  }
  if (a.status === 'rejected') {
    return (
      <Alert color="gray" variant="light" title="You rejected this quote" role="status">
        {a.rejectReason ? <Text size="sm">Reason: {a.rejectReason}</Text> : null}
      </Alert>
    );
  }
  if (a.status === 'closed') {
    return (
      <Alert color="gray" variant="light" title="This quote request has been closed" role="status">
        <Text size="sm">It can no longer be answered.</Text>
      </Alert>
    );
  }
  return null;
}

interface RespondErrors {
  date?: string;
  fee?: string;
  comment?: string;
}

function RespondDialog({ detail, opened, onClose }: { detail: QuoteDetail; opened: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const timeZone = useAppConfig().data?.companyTimeZone;
  const today = todayIso(timeZone);
  const offered = detail.quote.appraiserFee;
  const [date, setDate] = useState('');
  const [fee, setFee] = useState(typeof offered === 'number' ? offered.toFixed(2) : '');
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<RespondErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const next: RespondErrors = {};
    if (!date) next.date = MSG_DATE_REQUIRED;
    else if (date < today) next.date = MSG_DATE_PAST;
    if (!fee.trim()) next.fee = MSG_FEE_REQUIRED;
    else if (!isFee(fee)) next.fee = MSG_FEE_FORMAT;
    if (!comment.trim()) next.comment = MSG_COMMENT_REQUIRED;
    setErrors(next);
    setFailure(null);
    if (Object.keys(next).length > 0) return;
    setBusy(true);
    try {
      const updated = await acceptQuote({ quoteId: detail.quote.id, estimatedDeliveryDate: date, appraiserFee: fee, comment });
      queryClient.setQueryData(quoteDetailQuery(detail.quote.id).queryKey, updated);
      await queryClient.invalidateQueries({ queryKey: QUOTES_KEY });
      notify('success', 'Your response was sent.');
      onClose();
    } catch (err) {
      setFailure(err instanceof ApiError ? err.message : 'Failed to respond to the quote. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormDialog title="Respond to Quote" opened={opened} onClose={onClose} onSubmit={() => void submit()} submitLabel="Submit Response" busy={busy} failure={failure}>
      <TextInput
        type="date"
        label="Estimated Delivery Date"
        required
        min={today}
        value={date}
        onChange={(e) => setDate(e.currentTarget.value)}
        error={errors.date}
        data-autofocus
      />
      <TextInput
        label="Appraiser Fee"
        required
        inputMode="decimal"
        leftSection={<span aria-hidden="true">$</span>}
        value={fee}
        onChange={(e) => setFee(e.currentTarget.value.replace(/[^\d.]/g, ''))}
        error={errors.fee}
        description="Digits and a dot only, e.g. 450.00"
      />
      <Textarea label="Comment" required autosize minRows={3} maxRows={8} value={comment} onChange={(e) => setComment(e.currentTarget.value)} error={errors.comment} />
    </FormDialog>
  );
}

function RejectDialog({ quoteId, opened, onClose }: { quoteId: number; opened: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    setFailure(null);
    if (!reason.trim()) {
      setError(MSG_REASON_REQUIRED);
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      await rejectQuote(quoteId, reason);
      await queryClient.invalidateQueries({ queryKey: QUOTES_KEY });
      notify('success', 'The quote was rejected.');
      onClose();
      void navigate(QUOTES);
    } catch (err) {
      // A conflict (already answered, closed) says why; anything else gets the catalogue's words.
      setFailure(err instanceof ApiError && err.status === 409 ? err.message : MSG_REJECT_FAILED);
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormDialog title="Reject Quote" opened={opened} onClose={onClose} onSubmit={() => void submit()} submitLabel="Reject Quote" danger busy={busy} failure={failure}>
      <Textarea
        label="Reason for rejection"
        required
        autosize
        minRows={3}
        maxRows={8}
        value={reason}
        onChange={(e) => setReason(e.currentTarget.value)}
        error={error}
        data-autofocus
      />
    </FormDialog>
  );
}

function QuoteDetails({ detail }: { detail: QuoteDetail }) {
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<'respond' | 'reject' | null>(null);
  const q = detail.quote;
  const client = detail.client;
  const open = detail.answer.status === 'open';
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Group gap="sm" align="flex-start" wrap="nowrap">
          <Button variant="default" px="xs" onClick={() => void navigate(QUOTES)} aria-label="Back to Open Quotes">
            <BackIcon />
          </Button>
          <div>
            <Title order={1}>Loan # {q.loanId || 'Not provided'}</Title>
            <Text c="gray.8">Quote ID: {q.id}</Text>
          </div>
        </Group>
        {open ? (
          <Group gap="sm">
            <Button variant="outline" color="red.9" onClick={() => setDialog('reject')} aria-haspopup="dialog">
              Reject Quote
            </Button>
            <Button onClick={() => setDialog('respond')} aria-haspopup="dialog">
              Respond to Quote
            </Button>
          </Group>
        ) : null}
      </Group>

      <AnswerNotice detail={detail} />

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <InfoCard title="Property Information">
          <Row label="Address" value={q.propertyAddressLine1} />
          {q.propertyCounty ? <Row label="County" value={q.propertyCounty} /> : null}
          <Row label="Property Type" value={detail.propertyType.description} />
          <Row label="Intended Use" value={detail.intendedUse.description} />
          <Row label="Report Type" value={detail.reportType?.productDescription || 'Not specified'} />
          <Row label="Loan Number" value={q.loanId || 'Not provided'} />
        </InfoCard>
        <InfoCard title="Financial & Timeline">
          <Row label="Appraiser Fee" value={formatUsd(q.appraiserFee)} />
          <Row label="Expected Due Date" value={formatDay(q.dueDate) || 'Not specified'} />
        </InfoCard>
        <InfoCard title="Client Information">
          <Row label="Company Name" value={client?.companyName || 'Not provided'} />
          <Row label="Office Address" value={client?.officeAddressLine || 'Not provided'} />
          <Row label="Main Contact" value={client?.mainContactName || 'Not provided'} />
          <Row
            label="Contact Email"
            value={client?.mainContactEmailAddress ? <a href={`mailto:${client.mainContactEmailAddress}`}>{client.mainContactEmailAddress}</a> : 'Not provided'}
          />
        </InfoCard>
        <MapCard quote={q} />
      </SimpleGrid>

      {dialog === 'respond' ? <RespondDialog detail={detail} opened onClose={() => setDialog(null)} /> : null}
      {dialog === 'reject' ? <RejectDialog quoteId={q.id} opened onClose={() => setDialog(null)} /> : null}
    </Stack>
  );
}

function QuoteLoaded({ id }: { id: number }) {
  const navigate = useNavigate();
  const query = useQuery(quoteDetailQuery(id));
  if (query.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading quote details" />
      </Center>
    );
  }
  if (query.isError) {
    return (
      <Stack gap="md" align="flex-start">
        <Title order={1}>Quote</Title>
        <Alert color="red" variant="light" role="alert" title={MSG_QUOTE_FAILED} w="100%">
          <Group gap="sm" mt="xs">
            <Button variant="default" onClick={() => void query.refetch()} loading={query.isFetching}>
              Try Again
            </Button>
            <Button variant="subtle" onClick={() => (window.history.length > 1 ? void navigate(-1) : void navigate(QUOTES))}>
              Go Back
            </Button>
          </Group>
        </Alert>
      </Stack>
    );
  }
  return <QuoteDetails detail={query.data} />;
}

/** A quote request (/appraiser/quote/:id; docs/domain.md#quotes). */
export function QuoteDetailsPage() {
  const { id: raw } = useParams();
  if (!raw) return <Navigate to={QUOTES} replace />;
  const id = parseQuoteId(raw);
  if (id === null) {
    return (
      <Stack gap="md" align="flex-start">
        <Title order={1}>Quote</Title>
        <Alert color="red" variant="light" role="alert" w="100%">
          {MSG_INVALID_QUOTE_ID}
        </Alert>
        <Button variant="default" onClick={() => window.history.back()}>
          Go Back
        </Button>
      </Stack>
    );
  }
  return <QuoteLoaded key={id} id={id} />;
}
