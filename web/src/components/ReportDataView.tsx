import { Alert, List, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Schemas } from '../lib/api';
import { formatDateAndTime, formatDay } from '../lib/dates';
import { formatUsd } from '../lib/money';
import { Field, Fields } from './DataDisplay';

type ReportData = Schemas['ReportData'];
type Warning = ReportData['warnings'][number];

const joined = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join(', ');

/** A warning in words: its code and message, and who acknowledged it when. */
export function warningText(w: Warning): string {
  const text = `${w.code}: ${w.message}`;
  return w.acknowledgedAt ? `${text} Acknowledged by ${w.acknowledgedBy ?? 'staff'}, ${formatDateAndTime(w.acknowledgedAt)}.` : text;
}

function ReportFields({ data: r }: { data: ReportData }) {
  return (
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
  );
}

/** A data file's hard stops in a red alert; nothing when there are none. */
export function HardStops({ stops }: { stops: readonly Schemas['Check'][] }) {
  if (!stops.length) return null;
  return (
    <Alert color="red" title="Hard stops: the report cannot be delivered" role="alert">
      <List size="sm">
        {stops.map((s) => (
          <List.Item key={s.code}>{`${s.code}: ${s.message}`}</List.Item>
        ))}
      </List>
    </Alert>
  );
}

/**
 * What an order's data file (UAD 2.6 or 3.6) says, its hard stops and its warnings, read-only.
 * `children`, when given, stand in for the list of warnings (staff acknowledge them there).
 */
export function ReportDataView({ data, children }: { data: ReportData; children?: ReactNode }) {
  return (
    <>
      <ReportFields data={data} />
      <HardStops stops={data.hardStops} />
      {data.warnings.length ? (
        <Stack gap="xs">
          <Text fw={600} size="sm">
            Warnings
          </Text>
          {children ??
            data.warnings.map((w) => (
              <Text key={w.code} size="sm">
                {warningText(w)}
              </Text>
            ))}
        </Stack>
      ) : null}
    </>
  );
}
