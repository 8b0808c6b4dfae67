import { Button, Group, Skeleton, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { InfoCard } from '../../../components/DataDisplay';
import { FailureAlert } from '../../../components/LoadStates';
import { useFields } from '../../../components/useFields';
import { formFailure } from '../../../lib/api';
import { formatDateAndTime } from '../../../lib/dates';
import { MSG_FIX_FIELDS, onlyFailed, type FieldError } from '../../../lib/fieldRules';
import { notify } from '../../../lib/notify';
import { reconsiderationSettingsKey, reconsiderationSettingsQuery, saveReconsiderationSettings, type ClientItem, type ReconsiderationSettings } from './api';

export const RECONSIDERATION_SETTINGS_TITLE = 'Reconsideration of Value';
export const MSG_SETTINGS_SAVED = 'Reconsideration of value settings saved.';
export const MSG_SETTINGS_FAILED = 'The reconsideration of value settings could not be loaded.';
export const MSG_NO_DISCLOSURE = 'No disclosure yet: borrowers are shown none.';
const MSG_SAVE_FAILED = 'The reconsideration of value settings could not be saved. Please try again.';
/** The longest turn time and disclosure (crates/server/src/features/reconsiderations/settings.rs). */
const MAX_TURN_DAYS = 30;
const MAX_DISCLOSURE = 8000;

/** The turn time typed: a whole number of business days from 1 to 30, in the server's words. */
export function turnTimeError(text: string): FieldError {
  const days = Number(text.trim());
  return /^\d+$/.test(text.trim()) && days >= 1 && days <= MAX_TURN_DAYS ? undefined : `Turn time is 1 to ${MAX_TURN_DAYS} business days.`;
}

function SettingsForm({ client, settings, timeZone }: { client: ClientItem; settings: ReconsiderationSettings; timeZone: string | null }) {
  const queryClient = useQueryClient();
  const [offered, setOffered] = useState(settings.borrowerRovOffered);
  const f = useFields({ turnTimeBusinessDays: String(settings.turnTimeBusinessDays), disclosure: settings.disclosure?.text ?? '' });
  const save = useMutation({
    mutationFn: () =>
      saveReconsiderationSettings(client.id, {
        borrowerRovOffered: offered,
        turnTimeBusinessDays: Number(f.values.turnTimeBusinessDays.trim()),
        disclosure: f.values.disclosure.trim() || null,
      }),
    onSuccess: (fresh) => {
      queryClient.setQueryData(reconsiderationSettingsKey(client.id), fresh);
      notify('success', MSG_SETTINGS_SAVED);
    },
    onError: (e) => f.showRefusal(e),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (f.accept(onlyFailed({ turnTimeBusinessDays: turnTimeError(f.values.turnTimeBusinessDays) })) && !save.isPending) save.mutate();
  };
  const marked = Object.values(f.errors).some(Boolean);
  const current = settings.disclosure;
  return (
    <form onSubmit={submit} noValidate aria-label={`Reconsideration of value settings of ${client.companyName}`}>
      <Stack gap="md">
        <FailureAlert message={formFailure(save.error, MSG_SAVE_FAILED) ?? (marked ? MSG_FIX_FIELDS : null)} />
        <Switch label="Borrowers may request a reconsideration of value" checked={offered} onChange={(e) => setOffered(e.currentTarget.checked)} />
        <TextInput
          label="Turn time (business days)"
          description="From the request, 1 to 30"
          inputMode="numeric"
          w={{ base: '100%', sm: 240 }}
          {...f.input('turnTimeBusinessDays')}
        />
        <Textarea
          label="Disclosure"
          description={current ? `Version ${current.version}, saved ${formatDateAndTime(current.createdAt, timeZone)}. A changed text becomes a new version.` : MSG_NO_DISCLOSURE}
          autosize
          minRows={4}
          maxRows={12}
          {...f.input('disclosure', MAX_DISCLOSURE)}
        />
        <Group>
          <Button type="submit" loading={save.isPending}>
            Save Settings
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** A client's reconsideration of value settings: whether its borrowers may ask, the turn time of a case, and the disclosure of the process, kept in versions. */
export function ReconsiderationSettingsCard({ client, timeZone }: { client: ClientItem; timeZone: string | null }) {
  const settings = useQuery(reconsiderationSettingsQuery(client.id));
  return (
    <InfoCard title={RECONSIDERATION_SETTINGS_TITLE}>
      <Text size="sm" c="gray.8">
        Borrowers ask from the link to their copy of the appraisal; a lender of FHA loans may turn this off. Every request is due within the turn time, and borrowers are shown the
        disclosure before they ask.
      </Text>
      {settings.isPending ? <Skeleton h={200} aria-label="Loading the reconsideration of value settings" /> : null}
      {settings.isError ? (
        <Text size="sm" c="red.9" role="alert">
          {MSG_SETTINGS_FAILED}
        </Text>
      ) : null}
      {/* A fresh form for each answer: after a save it shows the version now current. */}
      {settings.data ? <SettingsForm key={settings.dataUpdatedAt} client={client} settings={settings.data} timeZone={timeZone} /> : null}
    </InfoCard>
  );
}
