import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { InfoCard } from '../../../components/DataDisplay';
import { formatDateAndTime } from '../../../lib/dates';
import { revisionsQuery, type RevisionRound } from './reviewApi';
import { CardLoadFailed } from './parts';

export const MSG_REVISIONS_FAILED = 'The revision requests could not be loaded.';
export const MSG_NOT_ANSWERED = 'Not answered yet';

const daysWithAppraiser = (n: number) => `${n} business ${n === 1 ? 'day' : 'days'} with the appraiser`;

function Round({ round, timeZone }: { round: RevisionRound; timeZone: string | null }) {
  const title = `Round ${round.round}`;
  return (
    <Card withBorder radius="md" padding="sm" component="section" aria-label={title}>
      <Stack gap="xs">
        <Title order={3} size="h5">
          {title}
        </Title>
        <Text size="sm" c="gray.8">{`Requested by ${round.requestedBy} on ${formatDateAndTime(round.requestedAt, timeZone)}`}</Text>
        {round.message ? (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {round.message}
          </Text>
        ) : null}
        <Stack component="ol" gap="xs" m={0} pl="md">
          {round.items.map((item) => (
            <Text component="li" size="sm" key={item.id} style={{ overflowWrap: 'anywhere' }}>
              <Text span fw={600} size="sm">{`${item.reference}: `}</Text>
              {item.text}
              <Text size="sm" c={item.answer ? undefined : 'gray.7'} fs={item.answer ? undefined : 'italic'} style={{ whiteSpace: 'pre-wrap' }}>
                {item.answer ?? MSG_NOT_ANSWERED}
              </Text>
            </Text>
          ))}
        </Stack>
        {round.answeredAt ? <Text size="sm" c="gray.8">{`Answered by ${round.answeredBy ?? 'the appraiser'} on ${formatDateAndTime(round.answeredAt, timeZone)}`}</Text> : null}
        <Text size="sm" fw={600}>
          {daysWithAppraiser(round.businessDaysWithAppraiser)}
        </Text>
      </Stack>
    </Card>
  );
}

/** The order's revision requests, oldest first, side by side (staff and the order's appraiser); nothing before the first. */
export function RevisionsCard({ orderId, timeZone }: { orderId: number; timeZone: string | null }) {
  const rounds = useQuery(revisionsQuery(orderId));
  if (rounds.isError) return <CardLoadFailed message={MSG_REVISIONS_FAILED} />;
  if (!rounds.data?.length) return null;
  return (
    <InfoCard title="Revision Requests" testId="card-revisions">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {rounds.data.map((round) => (
          <Round key={round.round} round={round} timeZone={timeZone} />
        ))}
      </SimpleGrid>
    </InfoCard>
  );
}
