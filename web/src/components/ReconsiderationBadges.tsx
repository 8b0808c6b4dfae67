import { Badge, Group, Text } from '@mantine/core';
import { formatDay } from '../lib/dates';
import { labelOf, STATUS_LABELS, type Reconsideration } from '../lib/reconsiderations';

/** The whole label, never cut off. */
const BADGE = { label: { overflow: 'visible' } } as const;

const STATUS_COLORS: Readonly<Record<string, string>> = {
  requested: 'blue.8',
  reviewed: 'violet.8',
  sent: 'cyan.9',
  answered: 'teal.9',
  resolved: 'gray.8',
};

/** A reconsideration's status in its words. */
export function ReconsiderationStatusBadge({ status }: { status: string }) {
  return (
    <Badge color={STATUS_COLORS[status] ?? 'gray.8'} tt="none" styles={BADGE}>
      {labelOf(STATUS_LABELS, status)}
    </Badge>
  );
}

/** Staff's flag: text pressing for a value (or contact details) was held back from the appraiser. */
export function ValuePressureBadge() {
  return (
    <Badge color="red.9" variant="outline" tt="none" styles={BADGE}>
      Value pressure
    </Badge>
  );
}

/** The day the lender's turn time ends, marked Overdue once past while the case is open. */
export function DueDay({ rov }: { rov: Pick<Reconsideration, 'dueDate' | 'overdue'> }) {
  return (
    <Group gap={6} component="span">
      <Text span size="sm" style={{ whiteSpace: 'nowrap' }}>
        {formatDay(rov.dueDate)}
      </Text>
      {rov.overdue ? (
        <Badge color="red.9" tt="none" styles={BADGE}>
          Overdue
        </Badge>
      ) : null}
    </Group>
  );
}
