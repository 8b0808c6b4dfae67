import { Checkbox, Group, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { FormDialog } from '../../../../components/FormDialog';
import type { ActionDialogProps } from './types';
import { rejectWithConditions } from './api';
import { checkConditions, type ConditionsForm } from './rules';
import { useOrderAction } from './useOrderAction';

const FLAGS = [
  { key: 'standardFee', label: 'Standard Fee' },
  { key: 'complexity', label: 'Complexity' },
  { key: 'distance', label: 'Distance' },
  { key: 'other', label: 'Other' },
] as const;

/** The terms on which the appraiser would take the order; staff approve or decline them. */
export function RejectWithConditionsDialog({ order, opened, onClose, onDone }: ActionDialogProps) {
  const [form, setForm] = useState<ConditionsForm>({ comments: '', fee: '', dueDate: '' });
  const [flags, setFlags] = useState<string[]>([]);
  const [errors, setErrors] = useState<Partial<Record<keyof ConditionsForm, string>>>({});
  const { busy, failure, run } = useOrderAction(order.id, onDone);
  const set = (field: keyof ConditionsForm) => (value: string) => setForm((f) => ({ ...f, [field]: value }));

  const submit = () => {
    const found = checkConditions(form);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    void run(() =>
      rejectWithConditions({
        orderId: order.id,
        forAppraiser: order.assignedAppraiserSecurityUser || null,
        acceptConditions: form.comments,
        fee: form.fee.trim() || null,
        dueDate: form.dueDate || null,
        standardFee: flags.includes('standardFee'),
        complexity: flags.includes('complexity'),
        distance: flags.includes('distance'),
        other: flags.includes('other'),
      }),
    );
  };

  return (
    <FormDialog title="Reject With Conditions" opened={opened} onClose={onClose} onSubmit={submit} submitLabel="Send Conditions" busy={busy} failure={failure} size="lg">
      <Textarea
        label="Comments"
        description="The conditions on which you would take this order."
        required
        rows={3}
        value={form.comments}
        onChange={(e) => set('comments')(e.currentTarget.value)}
        error={errors.comments}
        data-autofocus
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label="Fee"
          description="Digits and a dot only, e.g. 550.00"
          inputMode="decimal"
          leftSection={<span aria-hidden="true">$</span>}
          value={form.fee}
          onChange={(e) => set('fee')(e.currentTarget.value)}
          error={errors.fee}
        />
        <TextInput type="date" label="Due Date" description="Optional" value={form.dueDate} onChange={(e) => set('dueDate')(e.currentTarget.value)} />
      </SimpleGrid>
      <Checkbox.Group label="Because of" value={flags} onChange={setFlags}>
        <Group gap="md" mt={6}>
          {FLAGS.map((f) => (
            <Checkbox key={f.key} value={f.key} label={f.label} />
          ))}
        </Group>
      </Checkbox.Group>
    </FormDialog>
  );
}
