import { Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { InfoCard } from '../../components/DataDisplay';
import { FailureAlert } from '../../components/LoadStates';
import { TaxFields } from '../../components/TaxFields';
import { useFields } from '../../components/useFields';
import { fieldErrors, formFailure } from '../../lib/api';
import { onlyFailed } from '../../lib/fieldRules';
import { notify } from '../../lib/notify';
import { MAX_LEGAL_NAME, MAX_TAX_ADDRESS, taxIdError, type TaxForm, type TaxInfo } from '../../lib/taxId';
import { profileKeys, saveTaxInfo, taxInfoQuery } from './api';

export const TAX_CARD_TITLE = 'Tax information (1099-NEC)';
export const TAX_ID_NOTE = 'Used only for your year-end 1099-NEC. Stored encrypted; shown only as its last four digits.';
export const MSG_TAX_SAVED = 'Tax information saved.';
export const MSG_TAX_UNCHANGED = 'Nothing was changed.';
const MSG_TAX_LOAD_FAILED = 'Your tax information could not be loaded. Please try again later.';
const MSG_TAX_SAVE_FAILED = 'Your tax information could not be saved. Please try again.';

type TaxValues = { legalName: string; taxAddress: string; taxId: string };

const valuesOf = (saved: TaxInfo): TaxValues => ({ legalName: saved.legalName ?? '', taxAddress: saved.taxAddress ?? '', taxId: '' });

/** What to send: the name and the address when they differ from the saved ones (trimmed; blank clears one), a tax ID when one is typed. */
export function taxChange(saved: TaxInfo, typed: TaxValues): TaxForm {
  const change: TaxForm = {};
  const was = valuesOf(saved);
  if (typed.legalName.trim() !== was.legalName) change.legalName = typed.legalName.trim();
  if (typed.taxAddress.trim() !== was.taxAddress) change.taxAddress = typed.taxAddress.trim();
  if (typed.taxId.trim()) change.taxId = typed.taxId.trim();
  return change;
}

function TaxInfoForm({ securityUserId, saved }: { securityUserId: number; saved: TaxInfo }) {
  const queryClient = useQueryClient();
  const form = useFields(valuesOf(saved));
  const save = useMutation({
    mutationFn: (change: TaxForm) => saveTaxInfo(securityUserId, change),
    onSuccess: (answer) => {
      notify('success', MSG_TAX_SAVED);
      queryClient.setQueryData(profileKeys.taxInfo(securityUserId), answer);
      form.setValues(valuesOf(answer));
    },
    onError: (e) => form.showRefusal(e),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (save.isPending || !form.accept(onlyFailed({ taxId: taxIdError(form.values.taxId) }))) return;
    const change = taxChange(saved, form.values);
    if (Object.keys(change).length === 0) notify('info', MSG_TAX_UNCHANGED);
    else save.mutate(change);
  };
  // A refusal of a field shows under it; anything else (no data key: 409) above Save.
  const underField = Object.keys(fieldErrors(save.error)).some((f) => f in form.values);
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm" maw={640}>
        <TaxFields
          saved={saved}
          legalName={form.input('legalName', MAX_LEGAL_NAME)}
          taxAddress={form.input('taxAddress', MAX_TAX_ADDRESS)}
          taxId={form.input('taxId')}
          note={TAX_ID_NOTE}
        />
        <FailureAlert message={underField ? null : formFailure(save.error, MSG_TAX_SAVE_FAILED)} />
        <Group>
          <Button type="submit" loading={save.isPending}>
            Save Tax Information
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The appraiser's own year-end tax record: legal name, tax address and tax ID (shown masked; a new one replaces it). */
export function TaxInfoCard({ securityUserId }: { securityUserId: number }) {
  const info = useQuery(taxInfoQuery(securityUserId));
  return (
    <InfoCard title={TAX_CARD_TITLE}>
      {info.isPending ? <Skeleton h={240} aria-label="Loading your tax information" /> : null}
      {info.isError ? (
        <Text size="sm" c="red.9" role="alert">
          {MSG_TAX_LOAD_FAILED}
        </Text>
      ) : null}
      {info.isSuccess ? <TaxInfoForm securityUserId={securityUserId} saved={info.data} /> : null}
    </InfoCard>
  );
}
