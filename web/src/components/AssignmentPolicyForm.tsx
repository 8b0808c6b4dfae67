import { Button, Group, Radio, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import type { FormEvent, ReactNode } from 'react';
import { formFailure, type Schemas } from '../lib/api';
import { MSG_FIX_FIELDS, onlyFailed, type FieldError } from '../lib/fieldRules';
import { notify } from '../lib/notify';
import { FailureAlert } from './LoadStates';
import { useFields } from './useFields';

export type Policy = Schemas['AssignmentPolicy'];
type Mode = Policy['mode'];

export const MSG_POLICY_SAVED = 'Assignment policy saved.';
const MSG_SAVE_FAILED = 'The assignment policy could not be saved. Please try again.';

/** Each way of assigning a new order, with its label and what it does. */
export const MODES: { value: Mode; label: string; description: string }[] = [
  { value: 'manual', label: 'Manual', description: 'Staff assign every order.' },
  { value: 'offer_in_turn', label: 'Offer in turn', description: 'The order is offered to the best candidate, then the next, one at a time.' },
  { value: 'broadcast', label: 'Broadcast', description: 'The order is offered to the best candidates at once; the first to accept gets it.' },
];

export const modeLabel = (mode: string) => MODES.find((m) => m.value === mode)?.label ?? mode;

type PolicyText = { mode: string; offerHours: string; broadcastSize: string };

/** A whole number typed, from `min` to `max`, in the server's words (`unit` after the range). */
function rangeError(label: string, text: string, min: number, max: number, unit = ''): FieldError {
  const n = Number(text.trim());
  return /^\d+$/.test(text.trim()) && n >= min && n <= max ? undefined : `${label} must be from ${min} to ${max}${unit}.`;
}

interface AssignmentPolicyFormProps {
  policy: Policy;
  /** Sends the policy; once saved the form says so. */
  save: (policy: Policy) => Promise<unknown>;
  /** Buttons beside Save Policy. */
  children?: ReactNode;
}

/** An assignment policy's form (the company's or a client's): the mode, how long an offer stays open and how many a broadcast reaches. */
export function AssignmentPolicyForm({ policy, save, children }: AssignmentPolicyFormProps) {
  const f = useFields<PolicyText>({ mode: policy.mode, offerHours: String(policy.offerHours), broadcastSize: String(policy.broadcastSize) });
  const saving = useMutation({
    mutationFn: save,
    onSuccess: () => notify('success', MSG_POLICY_SAVED),
    onError: (e) => f.showRefusal(e),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const ok = f.accept(
      onlyFailed({
        offerHours: rangeError('Offer hours', f.values.offerHours, 1, 72),
        broadcastSize: rangeError('Broadcast size', f.values.broadcastSize, 2, 20, ' appraisers'),
      }),
    );
    if (ok && !saving.isPending) saving.mutate({ mode: f.values.mode as Mode, offerHours: Number(f.values.offerHours), broadcastSize: Number(f.values.broadcastSize) });
  };
  const marked = Object.values(f.errors).some(Boolean);
  const failure = formFailure(saving.error, MSG_SAVE_FAILED) ?? (marked ? MSG_FIX_FIELDS : null);
  return (
    <form onSubmit={submit} noValidate aria-label="Assignment policy">
      <Stack gap="md">
        <FailureAlert message={failure} />
        <Radio.Group label="Mode" value={f.values.mode} onChange={(mode) => f.change('mode', mode)}>
          <Stack gap="xs" mt="xs">
            {MODES.map((m) => (
              <Radio key={m.value} value={m.value} label={m.label} description={m.description} />
            ))}
          </Stack>
        </Radio.Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label="Offer hours" description="Business hours an offer stays open, 1 to 72" inputMode="numeric" {...f.input('offerHours')} />
          <TextInput label="Broadcast size" description="Appraisers a broadcast reaches at once, 2 to 20" inputMode="numeric" {...f.input('broadcastSize')} />
        </SimpleGrid>
        <Group gap="sm">
          <Button type="submit" loading={saving.isPending}>
            Save Policy
          </Button>
          {children}
        </Group>
      </Stack>
    </form>
  );
}
