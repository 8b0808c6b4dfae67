import { Alert, Anchor, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { reconsiderationsQuery } from '../../lib/reconsiderations';

export const TITLE_OVERDUE_RECONSIDERATIONS = 'Reconsiderations overdue';

/** Staff's flag on the dashboard for the open reconsiderations past their due date, leading to the queue's overdue ones. Nothing when there is none. */
export function OverdueReconsiderationsFlag() {
  const count = useQuery(reconsiderationsQuery({ overdue: true })).data?.length ?? 0;
  if (count === 0) return null;
  return (
    <Alert
      color="red"
      variant="light"
      title={TITLE_OVERDUE_RECONSIDERATIONS}
      role="region"
      aria-label={TITLE_OVERDUE_RECONSIDERATIONS}
      styles={{ title: { color: 'var(--mantine-color-red-9)' } }}
    >
      <Text size="sm">
        {`${count === 1 ? '1 reconsideration of value is' : `${count} reconsiderations of value are`} past the lender's turn time. `}
        <Anchor component={Link} to="/staff/reconsiderations?overdue=true" size="sm" c="blue.9" underline="always">
          See the overdue reconsiderations
        </Anchor>
      </Text>
    </Alert>
  );
}
