import { Button, Skeleton, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AssignmentPolicyForm } from '../../../components/AssignmentPolicyForm';
import { InfoCard } from '../../../components/DataDisplay';
import { FailureAlert, LoadFailed } from '../../../components/LoadStates';
import { formFailure } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { clearClientPolicy, clientPolicyKey, clientPolicyQuery, saveClientPolicy, type ClientItem, type ClientPolicy, type Policy } from './api';
import { ClientNotFound, ClientPageHeading, useRouteClient } from './ClientPage';

export const MSG_FOLLOWS_COMPANY = "Follows the company's policy";
export const MSG_OWN_POLICY = 'Has its own policy';
export const MSG_BACK_TO_COMPANY = "The client now follows the company's policy.";
const MSG_CLEAR_FAILED = "The client's policy could not be removed. Please try again.";

function PolicyCard({ client, policy }: { client: ClientItem; policy: ClientPolicy }) {
  const queryClient = useQueryClient();
  const show = (fresh: ClientPolicy) => queryClient.setQueryData(clientPolicyKey(client.id), fresh);
  const followCompany = useMutation({
    mutationFn: () => clearClientPolicy(client.id),
    onSuccess: (fresh) => {
      show(fresh);
      notify('success', MSG_BACK_TO_COMPANY);
    },
  });
  const save = (body: Policy) => saveClientPolicy(client.id, body).then(show);
  return (
    <InfoCard title="Policy">
      <Text size="sm" fw={600} role="status">
        {policy.inherited ? MSG_FOLLOWS_COMPANY : MSG_OWN_POLICY}
      </Text>
      {policy.inherited ? (
        <Text size="sm" c="gray.8">
          Saving gives the client its own policy.
        </Text>
      ) : null}
      <FailureAlert message={formFailure(followCompany.error, MSG_CLEAR_FAILED)} />
      <AssignmentPolicyForm policy={policy} save={save}>
        {policy.inherited ? null : (
          <Button variant="default" loading={followCompany.isPending} onClick={() => followCompany.mutate()}>
            Use the company&apos;s policy
          </Button>
        )}
      </AssignmentPolicyForm>
    </InfoCard>
  );
}

/** /staff/clients/:id/assignment: how the client's new orders find an appraiser, its own policy or the company's. */
export function ClientAssignmentPage() {
  const { rawId, id, loading, client } = useRouteClient();
  const policy = useQuery(clientPolicyQuery(id));
  if (loading || policy.isPending) return <Skeleton h={200} aria-label="Loading the assignment policy" />;
  if (!client) return <ClientNotFound rawId={rawId} />;
  return (
    <Stack gap="md" maw={900}>
      <ClientPageHeading title={`Assignment policy of ${client.companyName}`} description="How the client's new orders find an appraiser." />
      {policy.isError ? (
        <LoadFailed error={policy.error} onRetry={() => void policy.refetch()} retrying={policy.isFetching} />
      ) : (
        // A fresh form for each answer: after a save or a return to the company's policy it shows what now holds.
        <PolicyCard key={policy.dataUpdatedAt} client={client} policy={policy.data} />
      )}
    </Stack>
  );
}
