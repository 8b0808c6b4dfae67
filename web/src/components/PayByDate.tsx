import { Badge, Group, Stack, Text } from '@mantine/core';
import { formatDay } from '../lib/dates';

/** What an order's pay-by cell shows: the date, whether it is late or due soon, and why it is withheld. */
export interface PayByFacts {
  payBy?: string | null;
  late: boolean;
  dueSoon?: boolean;
  withheldBecause?: string | null;
  /** Shown when there is no date yet; "Not started" unless given. */
  missing?: string;
}

/** The pay-by date with a red Late or an orange Due soon badge, and "Withheld: reason" when staff withhold the payment. */
export function PayByDate({ payBy, late, dueSoon, withheldBecause, missing = 'Not started' }: PayByFacts) {
  return (
    <Stack gap={2}>
      <Group gap={6} wrap="nowrap">
        <span>{payBy ? formatDay(payBy) : missing}</span>
        {late ? <Badge color="red.9">Late</Badge> : dueSoon ? <Badge color="orange.9">Due soon</Badge> : null}
      </Group>
      {withheldBecause ? <Text size="xs">{`Withheld: ${withheldBecause}`}</Text> : null}
    </Stack>
  );
}
