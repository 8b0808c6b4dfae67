import { Alert, Button, Checkbox, List, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Field, Fields, InfoCard } from '../../../components/DataDisplay';
import { failureText } from '../../../lib/api';
import { formatDateAndTime, formatDay } from '../../../lib/dates';
import { formatUsd } from '../../../lib/money';
import { notify } from '../../../lib/notify';
import { orderKeys } from '../keys';
import { acknowledgeWarnings, reportDataQuery, type ReportData } from './api';

export const MSG_REPORT_DATA_FAILED = 'The report data could not be loaded.';
export const MSG_WARNINGS_ACKNOWLEDGED = 'The warnings were acknowledged.';
const MSG_ACKNOWLEDGE_FAILED = 'The warnings could not be acknowledged. Please try again.';

const joined = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join(', ');

/**
 * What the order's data file (UAD 2.6 or 3.6) says, its hard stops (Deliver is refused while there
 * are any) and its warnings; staff acknowledge warnings here. Nothing shows when no data file was
 * uploaded.
 */
export function ReportDataCard({ orderId, staff }: { orderId: number; staff: boolean }) {
  const data = useQuery(reportDataQuery(orderId));
  if (data.isError) {
    return (
      <Text size="sm" c="red.8">
        {MSG_REPORT_DATA_FAILED}
      </Text>
    );
  }
  if (!data.data) return null;
  const r = data.data;
  return (
    <InfoCard title="Report Data" testId="card-report-data">
      <Fields>
        <Field label="Data file">{`UAD ${r.version}: ${r.fileName}`}</Field>
        <Field label="Appraised value">{r.appraisedValue != null ? formatUsd(r.appraisedValue) : r.appraisedValueText}</Field>
        <Field label="Effective date">{r.effectiveDate ? formatDay(r.effectiveDate) : null}</Field>
        <Field label="Subject">{r.subjectAddress}</Field>
        <Field label="Basis">{r.basis}</Field>
        <Field label="Condition / quality">{joined(r.conditionRating, r.qualityRating)}</Field>
        <Field label="Appraiser">{r.appraiserName}</Field>
        <Field label="Licence">{joined(r.licenseNumber, r.licenseState, r.licenseExpires ? `expires ${formatDay(r.licenseExpires)}` : null)}</Field>
        {r.supervisorName ? <Field label="Supervisor">{joined(r.supervisorName, r.supervisorLicenseNumber)}</Field> : null}
        <Field label={r.version === '2.6' ? 'Form' : 'Property'}>{r.version === '2.6' ? r.form : r.propertyKind}</Field>
        <Field label="SHA-256">
          <Text component="span" size="xs" ff="monospace">
            {r.sha256}
          </Text>
        </Field>
      </Fields>
      {r.hardStops.length ? (
        <Alert color="red" title="Hard stops: the report cannot be delivered" role="alert">
          <List size="sm">
            {r.hardStops.map((s) => (
              <List.Item key={s.code}>{`${s.code}: ${s.message}`}</List.Item>
            ))}
          </List>
        </Alert>
      ) : null}
      {r.warnings.length ? <Warnings orderId={orderId} data={r} staff={staff} /> : null}
    </InfoCard>
  );
}

function Warnings({ orderId, data, staff }: { orderId: number; data: ReportData; staff: boolean }) {
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
    <Stack gap="xs">
      <Text fw={600} size="sm">
        Warnings
      </Text>
      {data.warnings.map((w) =>
        w.acknowledgedAt ? (
          <Text key={w.code} size="sm">{`${w.code}: ${w.message} Acknowledged by ${w.acknowledgedBy ?? 'staff'}, ${formatDateAndTime(w.acknowledgedAt)}.`}</Text>
        ) : staff ? (
          <Checkbox
            key={w.code}
            label={`${w.code}: ${w.message}`}
            checked={chosen.includes(w.code)}
            onChange={(e) => setChosen((cur) => (e.currentTarget.checked ? [...cur, w.code] : cur.filter((c) => c !== w.code)))}
          />
        ) : (
          <Text key={w.code} size="sm">{`${w.code}: ${w.message}`}</Text>
        ),
      )}
      {staff && open.length ? (
        <Button variant="light" w="fit-content" disabled={!chosen.length} loading={acknowledge.isPending} onClick={() => acknowledge.mutate()}>
          Acknowledge
        </Button>
      ) : null}
      {acknowledge.isError ? (
        <Alert color="red" role="alert">
          {failureText(acknowledge.error, MSG_ACKNOWLEDGE_FAILED)}
        </Alert>
      ) : null}
    </Stack>
  );
}
