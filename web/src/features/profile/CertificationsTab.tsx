import { Alert, Anchor, Badge, Button, Card, Group, SimpleGrid, Skeleton, Stack, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { CardField, CardList } from '../../components/CardList';
import { EmptyState, InfoCard } from '../../components/DataDisplay';
import { formatDateAndTime, formatDay } from '../../lib/dates';
import { useAppConfig } from '../../lib/appConfig';
import { licencesQuery } from '../../lib/appraiserMe';
import { formatUsd } from '../../lib/money';
import { notify } from '../../lib/notify';
import { downloadProfileFile, enoFileQuery, profileKeys, updateEno, type AppraiserInfo, type EnoFileRef, type EnoUpdated, type Licence } from './api';
import { notifyFailure } from './feedback';
import { amountText, checkEno, ENO_FILE_ACCEPT, FHA_CERTIFIED, MSG_ENO_UPDATE_FAILED, MSG_ENO_UPDATED, type EnoDraft, type EnoErrors } from './rules';

export const MSG_NO_LICENCES = 'No licenses are on file.';
export const MSG_NO_ENO_FILE = 'No policy file on file.';
export const ENO_FIELDS_HINT = 'Choose the policy file first (.pdf, .doc or .docx); the other fields can then be edited.';

function draftOf(a: AppraiserInfo): EnoDraft {
  return {
    provider: a.enoProvider ?? '',
    perIncident: amountText(a.enoPerIncidentAmount),
    aggregate: amountText(a.enoAggregateAmount),
    expirationDate: a.enoExpirationDate ?? '',
    policyFile: null,
  };
}

function CurrentPolicyFile({ appraiserId }: { appraiserId: number }) {
  const timeZone = useAppConfig().data?.companyTimeZone;
  const query = useQuery(enoFileQuery(appraiserId));
  const [busy, setBusy] = useState(false);
  const download = async (file: EnoFileRef) => {
    setBusy(true);
    try {
      await downloadProfileFile(file);
    } finally {
      setBusy(false);
    }
  };
  if (query.isPending) return <Skeleton height={20} width={220} />;
  const file = query.data;
  return (
    <Text size="sm" data-testid="eno-current-file">
      <Text span fw={600}>
        Current policy file:{' '}
      </Text>
      {file ? (
        <>
          <Anchor component="button" type="button" size="sm" onClick={() => void download(file)} disabled={busy} aria-label={`Download ${file.fileName}`}>
            {file.fileName}
          </Anchor>
          <Text span size="sm" c="gray.8">
            {' '}
            (uploaded {formatDateAndTime(file.uploadDate, timeZone)})
          </Text>
        </>
      ) : (
        <Text span size="sm" c="gray.8">
          {query.isError ? query.error.message : MSG_NO_ENO_FILE}
        </Text>
      )}
    </Text>
  );
}

/** The dollar sign before an amount. */
const DOLLAR = <span aria-hidden="true">$</span>;

type TextKey = 'provider' | 'expirationDate' | 'perIncident' | 'aggregate';

function EnoForm({ appraiser }: { appraiser: AppraiserInfo }) {
  const appraiserId = appraiser.securityUser.id;
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<EnoDraft>(() => draftOf(appraiser));
  const [errors, setErrors] = useState<EnoErrors>({});
  // A new key clears the file input after a successful update.
  const [fileKey, setFileKey] = useState(0);
  const locked = draft.policyFile === null;

  const save = useMutation({
    mutationFn: updateEno,
    onSuccess: (updated: EnoUpdated) => {
      notify('success', MSG_ENO_UPDATED);
      // The displayed fields take the server's values at once; then everything is read again.
      queryClient.setQueriesData<AppraiserInfo | null>({ queryKey: profileKeys.profiles() }, (old) =>
        old && old.securityUser.id === appraiserId ? { ...old, ...withoutFile(updated) } : old,
      );
      queryClient.setQueryData(enoFileQuery(appraiserId).queryKey, updated.enoFile ?? null);
      setDraft({ ...draftOf({ ...appraiser, ...withoutFile(updated) }), policyFile: null });
      setFileKey((k) => k + 1);
      void queryClient.invalidateQueries({ queryKey: profileKeys.all });
    },
    onError: (e) => notifyFailure(e, MSG_ENO_UPDATE_FAILED),
  });

  const set = <K extends keyof EnoDraft>(key: K, value: EnoDraft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  /** A text field of the E&O draft: locked until a policy file is chosen. */
  const text = (key: TextKey) => ({ disabled: locked, value: draft[key], onChange: (e: ChangeEvent<HTMLInputElement>) => set(key, e.currentTarget.value), error: errors[key] });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const checked = checkEno(draft);
    setErrors(checked.errors);
    if (checked.values) save.mutate({ appraiserId, ...checked.values });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Update E&O information">
      <Stack gap="sm">
        <TextInput
          key={fileKey}
          type="file"
          label="Policy File"
          withAsterisk
          accept={ENO_FILE_ACCEPT}
          description={ENO_FIELDS_HINT}
          onChange={(e) => set('policyFile', e.currentTarget.files?.[0] ?? null)}
          error={errors.policyFile}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label="Provider" withAsterisk {...text('provider')} />
          <TextInput type="date" label="Expiration Date" withAsterisk {...text('expirationDate')} />
          <TextInput label="Per Incident Amount" inputMode="decimal" leftSection={DOLLAR} {...text('perIncident')} />
          <TextInput label="Aggregate Amount" inputMode="decimal" leftSection={DOLLAR} {...text('aggregate')} />
        </SimpleGrid>
        <Group>
          <Button type="submit" loading={save.isPending}>
            Update E&amp;O Information
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function withoutFile(updated: EnoUpdated): Partial<AppraiserInfo> {
  const { enoFile: _file, ...fields } = updated;
  return fields;
}

function EnoSummary({ appraiser }: { appraiser: AppraiserInfo }) {
  return (
    <Text size="sm" c="gray.8" data-testid="eno-summary">
      {appraiser.enoProvider ? `${appraiser.enoProvider}: ` : ''}
      {formatUsd(appraiser.enoPerIncidentAmount)} per incident, {formatUsd(appraiser.enoAggregateAmount)} aggregate
      {appraiser.enoExpirationDate ? `, expires ${formatDay(appraiser.enoExpirationDate)}` : ''}
    </Text>
  );
}

function Licences({ appraiserId, mobile }: { appraiserId: number; mobile: boolean }) {
  const query = useQuery(licencesQuery(appraiserId));
  if (query.isPending) {
    return (
      <Stack gap={6} aria-busy="true">
        <VisuallyHidden role="status">Loading licenses</VisuallyHidden>
        <Skeleton height={36} />
      </Stack>
    );
  }
  if (query.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        {query.error.message}
      </Alert>
    );
  }
  const licences: Licence[] = query.data;
  if (licences.length === 0) return <EmptyState message={MSG_NO_LICENCES} />;
  if (mobile) {
    return (
      <CardList label="Licenses">
        {licences.map((l) => (
          <Card component="li" withBorder radius="md" padding="sm" key={l.id}>
            <Stack gap={6}>
              <CardField label="Type">{l.type}</CardField>
              <CardField label="State">{l.stateCode}</CardField>
              <CardField label="Number">{l.ogNumber}</CardField>
              <CardField label="Expiration">{formatDay(l.expirationDate)}</CardField>
            </Stack>
          </Card>
        ))}
      </CardList>
    );
  }
  return (
    <Table striped verticalSpacing="sm" aria-label="Licenses">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Type</Table.Th>
          <Table.Th>State</Table.Th>
          <Table.Th>Number</Table.Th>
          <Table.Th>Expiration</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {licences.map((l) => (
          <Table.Tr key={l.id}>
            <Table.Td>{l.type}</Table.Td>
            <Table.Td>{l.stateCode}</Table.Td>
            <Table.Td>{l.ogNumber}</Table.Td>
            <Table.Td>{formatDay(l.expirationDate)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** Certifications (profile tab 3): the E&O form, licences and FHA, read-only but E&O. */
export function CertificationsTab({ appraiser, mobile }: { appraiser: AppraiserInfo; mobile: boolean }) {
  const appraiserId = appraiser.securityUser.id;
  return (
    <Stack gap="md">
      <InfoCard title="Errors & Omissions (E&O) Insurance">
        <EnoSummary appraiser={appraiser} />
        <CurrentPolicyFile appraiserId={appraiserId} />
        <EnoForm appraiser={appraiser} />
      </InfoCard>
      <InfoCard title="Licenses">
        <Licences appraiserId={appraiserId} mobile={mobile} />
      </InfoCard>
      <InfoCard title="FHA Certification">
        {appraiser.isFhaCertified ? (
          <Group>
            <Badge color="blue.9" variant="filled" tt="none" size="lg">
              {FHA_CERTIFIED}
            </Badge>
          </Group>
        ) : (
          <Text size="sm">Not FHA certified</Text>
        )}
      </InfoCard>
    </Stack>
  );
}
