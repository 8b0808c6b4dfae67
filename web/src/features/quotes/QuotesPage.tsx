import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { CardGrid, SkeletonCardGrid } from '../../components/CardGrid';
import { formatDay } from '../../lib/dates';
import { formatUsd } from '../../lib/money';
import { MSG_NO_QUOTES, openQuotesQuery, type QuoteListItem } from './api';

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Group gap={6} wrap="nowrap" align="flex-start">
      <Text size="sm" fw={600} style={{ flex: '0 0 7.5rem' }}>
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Group>
  );
}

function QuoteCard({ quote }: { quote: QuoteListItem }) {
  const place = `${quote.propertyCity}, ${quote.propertyStateCode} ${quote.propertyZipCode}`;
  return (
    <Card component="article" withBorder shadow="xs" radius="md" padding="md" h="100%" aria-labelledby={`quote-${quote.id}-title`}>
      <Stack gap="xs" h="100%">
        <div>
          <Title order={2} size="h4" id={`quote-${quote.id}-title`} style={{ overflowWrap: 'anywhere' }}>
            {quote.propertyAddressLine1}
          </Title>
          <Text size="sm" c="gray.8">
            {place}
          </Text>
        </div>
        <Field label="Client">{quote.clientCompany || 'Not provided'}</Field>
        <Field label="Property Type">{quote.propertyType}</Field>
        <Field label="Report Type">{quote.reportType || 'Not specified'}</Field>
        <Field label="Intended Use">{quote.intendedUse}</Field>
        <Field label="Due Date">{formatDay(quote.dueDate) || 'Not specified'}</Field>
        <Field label="Appraiser Fee">{formatUsd(quote.appraiserFee)}</Field>
        <Group mt="auto" pt="xs">
          <Button component={Link} to={`/appraiser/quote/${quote.id}`} aria-label={`View Request for ${quote.propertyAddressLine1}`}>
            View Request
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** Open Quotes (/appraiser/quotes; docs/domain.md#quotes). */
export function QuotesPage() {
  const query = useQuery(openQuotesQuery());
  const quotes = query.data ?? [];
  return (
    <Stack gap="md">
      <Title order={1}>Open Quotes</Title>
      {query.isPending ? (
        <SkeletonCardGrid label="Loading quotes" lines={3} minWidth="20rem" />
      ) : query.isError ? (
        <Alert color="red" variant="light" role="alert" title={query.error.message}>
          <Button variant="default" mt="xs" onClick={() => void query.refetch()}>
            Try Again
          </Button>
        </Alert>
      ) : quotes.length === 0 ? (
        <Text c="gray.8" py="lg" role="status">
          {MSG_NO_QUOTES}
        </Text>
      ) : (
        <>
          <Text c="gray.8" size="sm" role="status">
            {quotes.length === 1 ? '1 open quote request' : `${quotes.length} open quote requests`}
          </Text>
          <CardGrid label="Open quotes" minWidth="20rem">
            {quotes.map((q) => (
              <li key={q.id}>
                <QuoteCard quote={q} />
              </li>
            ))}
          </CardGrid>
        </>
      )}
    </Stack>
  );
}
