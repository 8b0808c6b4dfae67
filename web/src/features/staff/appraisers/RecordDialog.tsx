import { Button, Checkbox, Modal, NativeSelect, SimpleGrid, Skeleton, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { FormDialog } from '../../../components/FormDialog';
import { TaxFields } from '../../../components/TaxFields';
import { failureText, fieldErrors } from '../../../lib/api';
import { appraiserKeys } from '../../../lib/appraiserMe';
import { MSG_FIX_FIELDS } from '../../../lib/fieldRules';
import { useStates } from '../../../lib/lookups';
import { notify } from '../../../lib/notify';
import { MAX_LEGAL_NAME, MAX_TAX_ADDRESS, taxIdError, type TaxInfo } from '../../../lib/taxId';
import { APPRAISERS_KEY, appraiserRecordQuery, appraiserTaxInfoQuery, staffAppraiserKeys, updateRecord, type AppraiserChange, type AppraiserInfo, type AppraiserItem } from './api';
import { RevealTaxIdDialog } from './RevealTaxIdDialog';

const MSG_LOAD_FAILED = 'The record could not be loaded. Please try again.';
const MSG_SAVE_FAILED = 'The record could not be saved. Please try again.';
export const MSG_NOTHING_CHANGED = 'Nothing was changed.';
export const STAFF_TAX_ID_NOTE = "Used only for the appraiser's year-end 1099-NEC. Stored encrypted; shown only as its last four digits.";

type TextField = 'officeAddressLine1' | 'officeAddressLine2' | 'officeCity' | 'officeStateCode' | 'officeZipCode' | 'cellPhone' | 'legalName' | 'taxAddress' | 'taxId';
type RecordFields = Record<TextField, string> & { isFhaCertified: boolean; readyForEppOnboarding: boolean };

/** The fields as the record and its 1099-NEC details stand; the tax ID starts blank (a new one replaces it, blank keeps it). */
const fieldsOf = (a: AppraiserInfo, tax: TaxInfo): RecordFields => ({
  officeAddressLine1: a.officeAddressLine1 ?? '',
  officeAddressLine2: a.officeAddressLine2 ?? '',
  officeCity: a.officeCity ?? '',
  officeStateCode: a.officeStateCode ?? '',
  officeZipCode: a.officeZipCode ?? '',
  cellPhone: a.securityUser.cellPhone ?? '',
  isFhaCertified: a.isFhaCertified,
  readyForEppOnboarding: a.readyForEppOnboarding,
  legalName: tax.legalName ?? '',
  taxAddress: tax.taxAddress ?? '',
  taxId: '',
});

/** The fields that differ from the record: texts trimmed (blank clears one), flags as they are. */
export function changedFields(before: RecordFields, after: RecordFields): AppraiserChange {
  const change: AppraiserChange = {};
  for (const key of Object.keys(after) as (keyof RecordFields)[]) {
    const value = after[key];
    const next = typeof value === 'string' ? value.trim() : value;
    const was = before[key];
    if (next !== (typeof was === 'string' ? was.trim() : was)) Object.assign(change, { [key]: next });
  }
  return change;
}

/** The server's rules (crates/server/src/staff/appraisers.rs), in its words, checked before sending. */
const tooLong = (label: string, max: number) => (v: string) => ([...v.trim()].length > max ? `${label} can be at most ${max} characters long.` : null);
function phoneError(v: string): string | null {
  const phone = v.trim();
  if (!phone) return null;
  let digits = phone.replace(/\D/g, '');
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
  return /^[\d .\-()+]*$/.test(phone) && digits.length === 10 ? null : `Cell phone must be a 10-digit phone number (got '${phone}').`;
}

const EMPTY: RecordFields = {
  officeAddressLine1: '',
  officeAddressLine2: '',
  officeCity: '',
  officeStateCode: '',
  officeZipCode: '',
  cellPhone: '',
  isFhaCertified: false,
  readyForEppOnboarding: false,
  legalName: '',
  taxAddress: '',
  taxId: '',
};

/**
 * Corrects an appraiser's record: office, cell phone, FHA roster, EPP readiness and 1099-NEC details;
 * only changed fields are sent. The tax ID shows masked; Show full number asks why first.
 */
export function RecordDialog({ appraiser, onClose }: { appraiser: AppraiserItem; onClose: () => void }) {
  const queryClient = useQueryClient();
  const states = useStates();
  const record = useQuery(appraiserRecordQuery(appraiser.id));
  const tax = useQuery(appraiserTaxInfoQuery(appraiser.id));
  // Once Show full number was used, the record dialog focuses it again (not its first field) when the number's dialog closes.
  const [revealing, setRevealing] = useState<'never' | 'open' | 'closed'>('never');
  const wasRevealing = revealing !== 'never';
  const form = useForm<RecordFields>({
    mode: 'controlled',
    initialValues: EMPTY,
    validate: {
      officeAddressLine1: tooLong('Office address', 200),
      officeAddressLine2: tooLong('Office address line 2', 200),
      officeCity: tooLong('Office city', 100),
      officeZipCode: (v) => (v.trim() === '' || /^\d{5}$/.test(v.trim()) ? null : `Office zip must be 5 digits (got '${v.trim()}').`),
      cellPhone: phoneError,
      legalName: tooLong('Legal name', MAX_LEGAL_NAME),
      taxAddress: tooLong('Tax address', MAX_TAX_ADDRESS),
      taxId: (v) => taxIdError(v) ?? null,
    },
  });
  // The fields start from the record as first loaded (a later refetch does not overwrite typing).
  const { initialize } = form;
  useEffect(() => {
    if (record.data && tax.data) initialize(fieldsOf(record.data, tax.data));
  }, [record.data, tax.data, initialize]);
  const save = useMutation({
    mutationFn: (change: AppraiserChange) => updateRecord(appraiser.id, change),
    onSuccess: async (saved) => {
      notify('success', `The record of ${appraiser.name} was saved.`);
      queryClient.setQueryData(staffAppraiserKeys.record(appraiser.id), saved);
      // The profile pages' copies and the list (its cell phone) follow.
      await Promise.all([queryClient.invalidateQueries({ queryKey: appraiserKeys.all }), queryClient.invalidateQueries({ queryKey: APPRAISERS_KEY })]);
      onClose();
    },
    // A refusal that names a field shows under it.
    onError: (e) => form.setErrors(fieldErrors(e)),
  });
  const loaded = form.initialized;
  const submit = form.onSubmit((v) => {
    const change = changedFields(form.getInitialValues(), v);
    if (Object.keys(change).length === 0) {
      notify('info', MSG_NOTHING_CHANGED);
      onClose();
    } else {
      save.mutate(change);
    }
  });
  const stateCode = form.getInitialValues().officeStateCode;
  const stateOptions = [{ label: 'None', value: '' }, ...(states.data ?? []).map((s) => ({ label: s.label, value: s.value }))];
  if (stateCode && !stateOptions.some((s) => s.value === stateCode)) stateOptions.push({ label: stateCode, value: stateCode });
  const loadError = record.error ?? tax.error;
  const underField = Object.keys(fieldErrors(save.error)).some((f) => f in EMPTY);
  const failure = !loaded && loadError ? failureText(loadError, MSG_LOAD_FAILED) : underField ? MSG_FIX_FIELDS : save.error ? failureText(save.error, MSG_SAVE_FAILED) : null;
  const reload = () => Promise.all([record.isError && record.refetch(), tax.isError && tax.refetch()]);
  return (
    <Modal.Stack>
      <FormDialog
        title={`Record of ${appraiser.name}`}
        opened
        onClose={onClose}
        onSubmit={loaded ? submit : () => void reload()}
        submitLabel={!loaded && loadError ? 'Try Again' : 'Save Record'}
        submitDisabled={!loaded && !loadError}
        busy={save.isPending || (!loaded && (record.isFetching || tax.isFetching))}
        failure={failure}
        size="lg"
        stackId="record"
      >
        {loaded ? (
          <>
            <TextInput label="Office Address" autoComplete="off" data-autofocus={!wasRevealing || undefined} {...form.getInputProps('officeAddressLine1')} />
            <TextInput label="Office Address Line 2" autoComplete="off" {...form.getInputProps('officeAddressLine2')} />
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <TextInput label="Office City" {...form.getInputProps('officeCity')} />
              <NativeSelect label="Office State" data={stateOptions} {...form.getInputProps('officeStateCode')} />
              <TextInput label="Office Zip" inputMode="numeric" {...form.getInputProps('officeZipCode')} />
            </SimpleGrid>
            <TextInput label="Cell Phone" type="tel" maw={280} {...form.getInputProps('cellPhone')} />
            <Checkbox label="On the FHA roster" {...form.getInputProps('isFhaCertified', { type: 'checkbox' })} />
            <Checkbox
              label="Ready for EPP onboarding"
              description="Set up for onboarding to the enterprise payment platform"
              {...form.getInputProps('readyForEppOnboarding', { type: 'checkbox' })}
            />
            <Title order={3} size="h5" mt="sm">
              Tax information (1099-NEC)
            </Title>
            <TaxFields
              saved={tax.data!}
              legalName={form.getInputProps('legalName')}
              taxAddress={form.getInputProps('taxAddress')}
              taxId={form.getInputProps('taxId')}
              note={STAFF_TAX_ID_NOTE}
              action={
                <Button size="compact-sm" variant="default" onClick={() => setRevealing('open')} data-autofocus={wasRevealing || undefined}>
                  Show full number
                </Button>
              }
            />
          </>
        ) : loadError ? null : (
          <Stack gap="sm" aria-busy="true">
            <Skeleton h={56} aria-label="Loading the record" />
            <Skeleton h={56} />
            <Skeleton h={56} />
          </Stack>
        )}
      </FormDialog>
      <RevealTaxIdDialog appraiser={appraiser} opened={revealing === 'open'} onClose={() => setRevealing('closed')} stackId="reveal-tax-id" />
    </Modal.Stack>
  );
}
