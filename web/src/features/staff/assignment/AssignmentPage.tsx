import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { AssignmentPolicyForm, type Policy } from '../../../components/AssignmentPolicyForm';
import { InfoCard } from '../../../components/DataDisplay';
import { ListTable, type ListSpec } from '../../../components/ListTable';
import { LoadFailed, PageSkeleton } from '../../../components/LoadStates';
import { type Column } from '../../../components/ResponsiveTable';
import { formatDateTime } from '../../../lib/dates';
import { companyPolicyKey, companyPolicyQuery, handedBackQuery, saveCompanyPolicy, type HandedBack } from './api';

export const MSG_NONE_HANDED_BACK = 'No orders are waiting for an appraiser.';
export const TITLE_HANDED_BACK = 'Handed back to staff';

type HandedBackRow = HandedBack & { id: number };

const COLUMNS: Column<HandedBackRow>[] = [
  {
    header: 'File Number',
    cell: (o) => (
      <Anchor component={Link} to={`/staff/orderdetails/${o.orderId}`} size="sm" fw={600}>
        {o.fileNumber}
      </Anchor>
    ),
    name: true,
  },
  { header: 'Property', cell: (o) => o.propertyAddress },
  { header: 'Handed back', cell: (o) => formatDateTime(o.decidedAt), nowrap: true },
];

const LIST: ListSpec<HandedBackRow> = { noun: 'orders handed back', empty: MSG_NONE_HANDED_BACK, label: TITLE_HANDED_BACK, idAttribute: 'data-order-id' };

function CompanyPolicy() {
  const queryClient = useQueryClient();
  const policy = useQuery(companyPolicyQuery());
  if (policy.isError) return <LoadFailed error={policy.error} onRetry={() => void policy.refetch()} retrying={policy.isFetching} />;
  if (policy.isPending) return <PageSkeleton label="Loading the assignment policy" />;
  const save = (body: Policy) => saveCompanyPolicy(body).then((saved) => queryClient.setQueryData(companyPolicyKey, saved));
  return <AssignmentPolicyForm key={policy.dataUpdatedAt} policy={policy.data} save={save} />;
}

/** /staff/assignment: how new orders find an appraiser (clients without their own policy follow it), and the orders it handed back. */
export function AssignmentPage() {
  const handedBack = useQuery(handedBackQuery());
  return (
    <Stack gap="md" maw={960}>
      <Stack gap={4}>
        <Title order={1}>Assignment</Title>
        <Text c="gray.8">How a new order finds its appraiser. Clients without their own policy follow this one.</Text>
      </Stack>
      <InfoCard title="Company policy">
        <CompanyPolicy />
      </InfoCard>
      <InfoCard title={TITLE_HANDED_BACK}>
        <Text size="sm" c="gray.8">
          Automatic assignment found no one for these orders: assign each by hand.
        </Text>
        {handedBack.isError ? (
          <Text size="sm" c="red.9" role="alert">
            The orders handed back could not be loaded.
          </Text>
        ) : null}
        <ListTable {...LIST} columns={COLUMNS} rows={handedBack.data?.map((o) => ({ ...o, id: o.orderId }))} loading={handedBack.isPending} />
      </InfoCard>
    </Stack>
  );
}
