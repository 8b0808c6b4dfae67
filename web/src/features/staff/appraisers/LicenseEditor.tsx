import { Autocomplete, Button, Fieldset, Group, NativeSelect, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormDialog } from '../../../components/FormDialog';
import { failureText } from '../../../lib/api';
import { formatDay } from '../../../lib/dates';
import { useStates } from '../../../lib/lookups';
import { notify } from '../../../lib/notify';
import { addLicense, APPRAISERS_KEY, deleteLicense, type AppraiserItem, type LicenseForm } from './api';

/** Suggestions only: the server takes any type name. */
const LICENCE_TYPES = ['Certified Residential', 'Certified General', 'Licensed Residential', 'Trainee'];
export const MSG_NO_LICENCES = 'No licences are on file.';
const MSG_FAILED = 'The licence could not be changed. Please try again.';

const required = (label: string) => (value: string) => (value.trim() ? null : `${label} is required.`);

/** An appraiser's licences: each with Delete, and a form adding one. */
export function LicenseEditor({ appraiser, onClose }: { appraiser: AppraiserItem; onClose: () => void }) {
  const queryClient = useQueryClient();
  const states = useStates();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { type: '', stateCode: '', ogNumber: '', expirationDate: '' },
    validate: { type: required('Type'), stateCode: required('State'), ogNumber: required('License number'), expirationDate: required('Expiration date') },
  });
  const changes = {
    onMutate: () => setFailure(null),
    onError: (e: Error) => setFailure(failureText(e, MSG_FAILED)),
  };
  const add = useMutation({
    ...changes,
    mutationFn: (body: LicenseForm) => addLicense(appraiser.id, body),
    onSuccess: async (_, body) => {
      notify('success', `The ${body.stateCode} licence of ${appraiser.name} was added.`);
      form.reset();
      await queryClient.invalidateQueries({ queryKey: APPRAISERS_KEY });
    },
  });
  const remove = useMutation({
    ...changes,
    mutationFn: (licenseId: number) => deleteLicense(appraiser.id, licenseId),
    onSuccess: async (done) => {
      notify('success', done.message);
      await queryClient.invalidateQueries({ queryKey: APPRAISERS_KEY });
    },
  });
  const submit = form.onSubmit((v) => add.mutate({ type: v.type.trim(), stateCode: v.stateCode, ogNumber: v.ogNumber.trim(), expirationDate: v.expirationDate }));
  return (
    <FormDialog title={`Licences of ${appraiser.name}`} opened onClose={onClose} onSubmit={submit} submitLabel="Add Licence" busy={add.isPending} failure={failure} size="lg">
      {appraiser.licenses.length === 0 ? (
        <Text size="sm" c="gray.8">
          {MSG_NO_LICENCES}
        </Text>
      ) : (
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Licences on file">
          {appraiser.licenses.map((l) => (
            <Group component="li" key={l.id} justify="space-between" wrap="nowrap">
              <Text size="sm">
                {l.type}, {l.stateCode}, No. {l.ogNumber}, expires {formatDay(l.expirationDate)}
              </Text>
              <Button
                size="compact-sm"
                variant="default"
                loading={remove.isPending && remove.variables === l.id}
                onClick={() => remove.mutate(l.id)}
                aria-label={`Delete licence ${l.ogNumber} (${l.stateCode}) of ${appraiser.name}`}
              >
                Delete
              </Button>
            </Group>
          ))}
        </Stack>
      )}
      <Fieldset legend="Add a licence" variant="unstyled">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Autocomplete label="Type" required data={LICENCE_TYPES} {...form.getInputProps('type')} />
          <NativeSelect label="State" required data={[{ label: 'Select a state', value: '' }, ...(states.data ?? [])]} {...form.getInputProps('stateCode')} />
          <TextInput label="License Number" required {...form.getInputProps('ogNumber')} />
          <TextInput label="Expiration Date" type="date" required {...form.getInputProps('expirationDate')} />
        </SimpleGrid>
      </Fieldset>
    </FormDialog>
  );
}
