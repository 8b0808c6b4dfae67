import { Alert, Anchor, List } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { formatDay } from '../../lib/dates';
import { borrowerCopiesDueQuery } from './api';
import { orderArea } from './details/paths';

export const TITLE_COPY_DUE = "Borrower's copy due";

/**
 * Staff's compliance flag on the dashboard: each order closing within three business days (or past
 * closing) whose borrower has neither a copy of the appraisal nor a waiver. Nothing when there is none.
 */
export function BorrowerCopiesDue() {
  const due = useQuery(borrowerCopiesDueQuery());
  if (!due.data?.length) return null;
  const staff = orderArea('/staff');
  return (
    <Alert color="orange" variant="light" title={TITLE_COPY_DUE} role="region" aria-label={TITLE_COPY_DUE} styles={{ title: { color: 'var(--mantine-color-orange-9)' } }}>
      <List size="sm" spacing={4}>
        {due.data.map((o) => (
          <List.Item key={o.orderId}>
            <Anchor component={Link} to={staff.order(o.orderId)} size="sm" c="blue.9" underline="always">
              {`${o.fileNumber} (${o.borrowerName})`}
            </Anchor>
            {`, closing ${formatDay(o.closingDate)}`}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
