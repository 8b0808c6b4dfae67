import { Alert, Button, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { InfoCard } from '../../../components/DataDisplay';
import { FairLanguageFindings } from '../../../components/FairLanguageFindings';
import { FailureAlert } from '../../../components/LoadStates';
import { HardStops } from '../../../components/ReportDataView';
import { formFailure } from '../../../lib/api';
import { precheckReport, type Precheck } from './api';

export const PRECHECK_TITLE = 'Check a report before sending';
export const MSG_NOTHING_STORED = 'Choose a report PDF or a data file (.pdf, .xml or .zip) to see its hard stops and fair-language findings. Nothing is stored.';
export const MSG_TEXT_NOT_READ = 'No text could be read from this PDF.';
export const MSG_CHOOSE_FILE_TO_CHECK = 'Please choose a file to check.';
const MSG_PRECHECK_FAILED = 'The file could not be checked. Please try again.';

const count = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** One line on what the check found, read out when it arrives. */
export function precheckSummary(r: Precheck): string {
  const found = [r.hardStops.length ? count(r.hardStops.length, 'hard stop') : null, r.fairLanguage.length ? count(r.fairLanguage.length, 'fair-language finding') : null].filter(
    Boolean,
  );
  if (found.length) return `Checked ${r.fileName}: ${found.join(' and ')}.`;
  return r.textRead ? `Checked ${r.fileName}: no hard stops and no fair-language findings.` : `Checked ${r.fileName}.`;
}

function Result({ result }: { result: Precheck }) {
  return (
    <Stack gap="xs">
      <Text size="sm" fw={600} role="status" style={{ overflowWrap: 'anywhere' }}>
        {precheckSummary(result)}
      </Text>
      {result.textRead ? null : (
        <Alert color="yellow" variant="light">
          {MSG_TEXT_NOT_READ}
        </Alert>
      )}
      <HardStops stops={result.hardStops} />
      {result.fairLanguage.length ? <FairLanguageFindings findings={result.fairLanguage} /> : null}
    </Stack>
  );
}

/** The appraiser checks a report PDF or data file before uploading it: its hard stops and fair-language findings; the server keeps nothing. */
export function PrecheckCard() {
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string>();
  const check = useMutation({ mutationFn: precheckReport });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (check.isPending) return;
    setError(file ? undefined : MSG_CHOOSE_FILE_TO_CHECK);
    if (file) check.mutate(file);
  };
  return (
    <InfoCard title={PRECHECK_TITLE} testId="card-precheck">
      <Text size="sm" c="gray.8">
        {MSG_NOTHING_STORED}
      </Text>
      <form onSubmit={submit} noValidate aria-label="Check a report">
        <Stack gap="sm" align="flex-start">
          <TextInput
            type="file"
            label="Report PDF or data file"
            accept=".pdf,.xml,.zip"
            required
            error={error}
            w="100%"
            onChange={(e) => {
              setFile(e.currentTarget.files?.[0] ?? null);
              setError(undefined);
              check.reset();
            }}
          />
          <Button type="submit" variant="default" loading={check.isPending}>
            Check
          </Button>
        </Stack>
      </form>
      <FailureAlert message={formFailure(check.error, MSG_PRECHECK_FAILED)} />
      {check.data ? <Result result={check.data} /> : null}
    </InfoCard>
  );
}
