import { Button, NativeSelect, Textarea } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { InfoCard } from '../../../components/DataDisplay';
import { DISPOSITIONS, FAIR_LANGUAGE_TITLE, FairLanguageFindings, MSG_FAIR_LANGUAGE_FAILED } from '../../../components/FairLanguageFindings';
import { FormDialog, mutationState } from '../../../components/FormDialog';
import { useFields } from '../../../components/useFields';
import { chosenError, onlyFailed, requiredTextError } from '../../../lib/fieldRules';
import { notify } from '../../../lib/notify';
import { orderKeys } from '../keys';
import { disposeFinding, fairLanguageQuery, type FairLanguageFinding } from './api';
import { CardLoadFailed } from './parts';

export const MSG_FINDING_DISPOSED = 'The finding was disposed of.';
export const MSG_BLOCK_ONLY_PROPER_NOUN = 'A blocking finding clears only as a proper noun; otherwise the appraiser revises the report.';
const MSG_DISPOSE_FAILED = 'The finding could not be disposed of. Please try again.';
/** The server's longest disposition note. */
const MAX_NOTE = 2000;

/** The dispositions a finding may take: a block clears only as a proper noun. */
export const dispositionsFor = (severity: string) => DISPOSITIONS.filter((d) => severity !== 'block' || d.value === 'proper_noun');

function DisposeDialog({ orderId, finding, onClose }: { orderId: number; finding: FairLanguageFinding; onClose: () => void }) {
  const queryClient = useQueryClient();
  const options = dispositionsFor(finding.severity);
  const fields = useFields({ disposition: options.length === 1 ? options[0]!.value : '', note: '' });
  const { values } = fields;
  const save = useMutation({
    mutationFn: () => disposeFinding(orderId, finding.id!, { disposition: values.disposition, note: values.note.trim() }),
    onSuccess: (fresh) => {
      queryClient.setQueryData(orderKeys.fairLanguage(orderId), fresh);
      notify('success', MSG_FINDING_DISPOSED);
      onClose();
    },
    onError: (e) => fields.showRefusal(e),
  });
  const submit = () => {
    const errors = onlyFailed({ disposition: chosenError('Disposition', values.disposition), note: requiredTextError('Note', values.note, MAX_NOTE) });
    if (fields.accept(errors)) save.mutate();
  };
  const choices = options.length === 1 ? options : [{ value: '', label: 'Choose a disposition' }, ...options];
  return (
    <FormDialog title="Dispose of Finding" opened onClose={onClose} onSubmit={submit} submitLabel="Dispose" {...mutationState(save, MSG_DISPOSE_FAILED)}>
      <FairLanguageFindings findings={[finding]} />
      <NativeSelect
        label="Disposition"
        required
        data={choices}
        description={finding.severity === 'block' ? MSG_BLOCK_ONLY_PROPER_NOUN : undefined}
        {...fields.input('disposition')}
      />
      <Textarea label="Note" required autosize minRows={3} data-autofocus {...fields.input('note', MAX_NOTE)} />
    </FormDialog>
  );
}

/**
 * The fair-language findings of the order's current report PDF and data file, most serious first
 * (staff and the order's appraiser); staff dispose of each open one. Nothing shows without findings.
 */
export function FairLanguageCard({ orderId, staff, timeZone }: { orderId: number; staff: boolean; timeZone: string | null }) {
  const findings = useQuery(fairLanguageQuery(orderId));
  const [disposing, setDisposing] = useState<FairLanguageFinding | null>(null);
  if (findings.isError) return <CardLoadFailed message={MSG_FAIR_LANGUAGE_FAILED} />;
  if (!findings.data?.length) return null;
  const dispose = (f: FairLanguageFinding) =>
    staff && f.id != null && !f.disposition ? (
      <Button size="compact-sm" variant="default" w="fit-content" onClick={() => setDisposing(f)} aria-label={`Dispose: ${f.label || f.ruleId}`}>
        Dispose
      </Button>
    ) : null;
  return (
    <InfoCard title={FAIR_LANGUAGE_TITLE} testId="card-fair-language">
      <FairLanguageFindings findings={findings.data} timeZone={timeZone} action={dispose} />
      {disposing ? <DisposeDialog orderId={orderId} finding={disposing} onClose={() => setDisposing(null)} /> : null}
    </InfoCard>
  );
}
