import { Alert, Anchor, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { handedBackQuery } from '../../lib/staffLists';

export const TITLE_HANDED_BACK = 'Orders without an appraiser';

/** Staff's flag on the dashboard for the orders automatic assignment gave back, leading to the Assignment page. Nothing when there is none. */
export function HandedBackFlag() {
  const count = useQuery(handedBackQuery()).data?.length ?? 0;
  if (count === 0) return null;
  return (
    <Alert color="red" variant="light" title={TITLE_HANDED_BACK} role="region" aria-label={TITLE_HANDED_BACK} styles={{ title: { color: 'var(--mantine-color-red-9)' } }}>
      <Text size="sm">
        {`${count === 1 ? '1 order needs' : `${count} orders need`} an appraiser: automatic assignment found no one. `}
        <Anchor component={Link} to="/staff/assignment" size="sm">
          Assign them on the Assignment page
        </Anchor>
      </Text>
    </Alert>
  );
}
