import { Alert, Button, Checkbox, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { InfoCard } from '../../../components/DataDisplay';
import { ReportDataView, warningText } from '../../../components/ReportDataView';
import { failureText } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { orderKeys } from '../keys';
import { acknowledgeWarnings, reportDataQuery, type ReportData } from './api';
import { CardLoadFailed } from './parts';

export const MSG_REPORT_DATA_FAILED = 'The report data could not be loaded.';
export const MSG_WARNINGS_ACKNOWLEDGED = 'The warnings were acknowledged.';
const MSG_ACKNOWLEDGE_FAILED = 'The warnings could not be acknowledged. Please try again.';

/**
 * What the order's data file (UAD 2.6 or 3.6) says, its hard stops (Deliver is refused while there
 * are any) and its warnings; staff acknowledge warnings here. Nothing shows when no data file was
 * uploaded.
 */
export function ReportDataCard({ orderId, staff }: { orderId: number; staff: boolean }) {
  const data = useQuery(reportDataQuery(orderId));
  if (data.isError) return <CardLoadFailed message={MSG_REPORT_DATA_FAILED} />;
  if (!data.data) return null;
  const r = data.data;
  return (
    <InfoCard title="Report Data" testId="card-report-data">
      <ReportDataView data={r}>{staff ? <Warnings orderId={orderId} data={r} /> : null}</ReportDataView>
    </InfoCard>
  );
}

function Warnings({ orderId, data }: { orderId: number; data: ReportData }) {
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<string[]>([]);
  const acknowledge = useMutation({
    mutationFn: () => acknowledgeWarnings(orderId, chosen),
    onSuccess: (fresh) => {
      queryClient.setQueryData(orderKeys.reportData(orderId), fresh);
      setChosen([]);
      notify('success', MSG_WARNINGS_ACKNOWLEDGED);
    },
  });
  const open = data.warnings.filter((w) => !w.acknowledgedAt);
  return (
    <>
      {data.warnings.map((w) =>
        w.acknowledgedAt ? (
          <Text key={w.code} size="sm">
            {warningText(w)}
          </Text>
        ) : (
          <Checkbox
            key={w.code}
            label={`${w.code}: ${w.message}`}
            checked={chosen.includes(w.code)}
            onChange={(e) => {
              // Read now: React clears the event's currentTarget before a state updater may run.
              const checked = e.currentTarget.checked;
              setChosen((cur) => (checked ? [...cur, w.code] : cur.filter((c) => c !== w.code)));
            }}
          />
        ),
      )}
      {open.length ? (
        <Button variant="light" w="fit-content" disabled={!chosen.length} loading={acknowledge.isPending} onClick={() => acknowledge.mutate()}>
          Acknowledge
        </Button>
      ) : null}
      {acknowledge.isError ? (
        <Alert color="red" role="alert">
          {failureText(acknowledge.error, MSG_ACKNOWLEDGE_FAILED)}
        </Alert>
      ) : null}
    </>
  );
}
