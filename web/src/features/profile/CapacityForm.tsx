import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useFields } from '../../components/useFields';
import { fieldErrors } from '../../lib/api';
import { notify } from '../../lib/notify';
import { showUpdatedAppraiser, updateCapacity, type AppraiserInfo } from './api';
import { notifyFailure } from './feedback';
import { checkCapacity, MAX_CAPACITY, MSG_SAVE_FAILED } from './rules';

export const MSG_CAPACITY_SAVED = 'Capacity saved.';

/** How many open orders the appraiser takes at most: automatic offers pass over an appraiser at capacity. */
export function CapacityForm({ appraiser }: { appraiser: AppraiserInfo }) {
  const queryClient = useQueryClient();
  const form = useFields({ capacity: appraiser.capacity == null ? '' : String(appraiser.capacity) });
  const save = useMutation({
    mutationFn: (capacity: number | null) => updateCapacity(appraiser.securityUser.id, capacity),
    onSuccess: (updated) => {
      notify('success', MSG_CAPACITY_SAVED);
      showUpdatedAppraiser(queryClient, updated);
    },
    onError: (e) => {
      form.showRefusal(e);
      if (!('capacity' in fieldErrors(e))) notifyFailure(e, MSG_SAVE_FAILED);
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const { error, capacity } = checkCapacity(form.values.capacity);
    if (form.accept(error ? { capacity: error } : {}) && !save.isPending) save.mutate(capacity);
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label="Open orders at most"
          description={`From 1 to ${MAX_CAPACITY}; leave blank for no limit. Orders are no longer offered once this many are open.`}
          inputMode="numeric"
          maw={320}
          {...form.input('capacity')}
        />
        <Group>
          <Button type="submit" loading={save.isPending}>
            Save Capacity
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
