import { Checkbox, NativeSelect, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { SEVERITIES } from '../../../components/FairLanguageFindings';
import { FormDialog, mutationState } from '../../../components/FormDialog';
import { useDialogSave } from '../../../components/useDialogSave';
import { useFields } from '../../../components/useFields';
import { chosenError, onlyFailed, requiredTextError } from '../../../lib/fieldRules';
import { addRule, changeRule, RULES_KEY, type FairLanguageRule } from './api';

const MSG_RULE_SAVE_FAILED = 'The rule could not be saved. Please try again.';
/** The server's limits (reports/fair_language/rules.rs). */
const MAX = { id: 60, label: 200, pattern: 300, source: 300 };

const SEVERITY_CHOICES = [{ value: '', label: 'Choose a severity' }, ...SEVERITIES.map(({ value, label }) => ({ value, label }))];

/** Adds a rule (`rule` null) or changes one; its id names it and stays. */
export function RuleDialog({ rule, onClose }: { rule: FairLanguageRule | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const fields = useFields({ id: rule?.id ?? '', label: rule?.label ?? '', pattern: rule?.pattern ?? '', severity: rule?.severity ?? '', source: rule?.source ?? '' });
  const [active, setActive] = useState(rule?.active ?? true);
  const { values } = fields;
  const body = () => ({ id: values.id.trim(), label: values.label.trim(), pattern: values.pattern, severity: values.severity, source: values.source.trim(), active });
  const save = useDialogSave(() => (rule ? changeRule(body()) : addRule(body())), {
    done: rule ? `Rule ${rule.id} was saved.` : `Rule ${values.id.trim()} was added.`,
    fields,
    onDone: () => void queryClient.invalidateQueries({ queryKey: RULES_KEY }),
    onClose,
  });
  const submit = () => {
    const errors = onlyFailed({
      id: requiredTextError('Rule id', values.id, MAX.id),
      label: requiredTextError('Label', values.label, MAX.label),
      pattern: requiredTextError('Pattern', values.pattern, MAX.pattern),
      severity: chosenError('Severity', values.severity),
      source: requiredTextError('Source', values.source, MAX.source),
    });
    if (fields.accept(errors)) save.mutate();
  };
  return (
    <FormDialog
      title={rule ? 'Edit Rule' : 'Add Rule'}
      opened
      onClose={onClose}
      onSubmit={submit}
      submitLabel={rule ? 'Save Rule' : 'Add Rule'}
      size="lg"
      {...mutationState(save, MSG_RULE_SAVE_FAILED)}
    >
      <TextInput
        label="Rule id"
        required
        disabled={!!rule}
        description={rule ? undefined : 'Lowercase letters, digits, dots, dashes or underscores; it cannot change later.'}
        data-autofocus={rule ? undefined : true}
        {...fields.input('id')}
      />
      <TextInput label="Label" required description="What the rule looks for, in words." data-autofocus={rule ? true : undefined} {...fields.input('label')} />
      <TextInput label="Pattern" required description="A case-insensitive regular expression." styles={{ input: { fontFamily: 'monospace' } }} {...fields.input('pattern')} />
      <NativeSelect
        label="Severity"
        required
        data={SEVERITY_CHOICES}
        description="Block holds delivery (only a proper noun clears it), Warning until staff dispose of it, Info never."
        {...fields.input('severity')}
      />
      <TextInput label="Source" required description="Where the rule comes from (an address)." {...fields.input('source')} />
      <Checkbox label="Active" description="Rules are never deleted: clear Active to retire one." checked={active} onChange={(e) => setActive(e.currentTarget.checked)} />
    </FormDialog>
  );
}
