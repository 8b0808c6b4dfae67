import { Anchor, Button, Group, NativeSelect, Stack, Text, Textarea } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormDialog, mutationState } from '../../../components/FormDialog';
import { withPrompt } from '../../../components/FormSection';
import { caseTitle } from '../../../components/ReconsiderationCaseView';
import { useFields } from '../../../components/useFields';
import { chosenError, MAX_TEXT, onlyFailed, requiredTextError } from '../../../lib/fieldRules';
import { notify } from '../../../lib/notify';
import { labelOf, OUTCOME_LABELS, RECONSIDERATIONS_KEY, reconsiderationsQuery, type Reconsideration } from '../../../lib/reconsiderations';
import { orderKeys } from '../keys';
import { ReconsiderationsCard } from './ReconsiderationCase';
import { examinerFileUrl, resolveReconsideration, reviewReconsideration, sendReconsideration } from './reconsiderationApi';

type Step = 'review' | 'send' | 'resolve';

/** The outcomes staff may choose now: a changed or unchanged value only once the appraiser has answered. */
const outcomesAt = (status: string) =>
  status === 'answered' ? ['value_changed', 'value_unchanged', 'second_appraisal', 'rejected_incomplete'] : ['second_appraisal', 'rejected_incomplete'];

/** Each step's dialog: its words, whether it takes an outcome and a note, and its call. */
const STEPS: Record<Step, { title: string; submit: string; intro: (rov: Reconsideration) => string; note: boolean; done: string }> = {
  review: {
    title: 'Review Request',
    submit: 'Record Review',
    intro: () => "The lender's review: the request is complete and may go to the appraiser.",
    note: true,
    done: 'The review was recorded.',
  },
  send: {
    title: 'Send to Appraiser',
    submit: 'Send',
    intro: (rov) => `The deficiencies and comparables go to ${rov.appraiserName ?? "the order's appraiser"}, with any value pressure and contact details held back.`,
    note: false,
    done: 'The request was sent to the appraiser.',
  },
  resolve: {
    title: 'Resolve Request',
    submit: 'Resolve',
    intro: () => 'The outcome is told to the lender. A second appraisal itself is ordered from the Second Appraisals card.',
    note: true,
    done: 'The reconsideration was resolved.',
  },
};

function run(step: Step, rov: Reconsideration, values: { outcome: string; note: string }): Promise<Reconsideration> {
  if (step === 'review') return reviewReconsideration(rov.id, values.note.trim());
  if (step === 'send') return sendReconsideration(rov.id);
  return resolveReconsideration(rov.id, { outcome: values.outcome, note: values.note.trim() });
}

/** Review, Send or Resolve one case; a refusal (409, 422) shows in the dialog, on its field when it names one. */
function StepDialog({ rov, step, onClose }: { rov: Reconsideration; step: Step; onClose: () => void }) {
  const queryClient = useQueryClient();
  const words = STEPS[step];
  const fields = useFields({ outcome: '', note: '' });
  const save = useMutation({
    mutationFn: () => run(step, rov, fields.values),
    onSuccess: () => {
      notify('success', words.done);
      void queryClient.invalidateQueries({ queryKey: RECONSIDERATIONS_KEY });
      void queryClient.invalidateQueries({ queryKey: orderKeys.details(rov.orderId) });
      onClose();
    },
    onError: (e) => fields.showRefusal(e),
  });
  const submit = () => {
    const found = onlyFailed({
      outcome: step === 'resolve' ? chosenError('Outcome', fields.values.outcome) : undefined,
      note: words.note ? requiredTextError('Note', fields.values.note, MAX_TEXT) : undefined,
    });
    if (fields.accept(found)) save.mutate();
  };
  const outcomes = outcomesAt(rov.status).map((value) => ({ value, label: labelOf(OUTCOME_LABELS, value) }));
  return (
    <FormDialog title={words.title} opened onClose={onClose} onSubmit={submit} submitLabel={words.submit} {...mutationState(save, `${words.title} failed. Please try again.`)}>
      <Text size="sm">{words.intro(rov)}</Text>
      {step === 'resolve' ? <NativeSelect label="Outcome" required data={withPrompt('Choose an outcome', outcomes)} data-autofocus {...fields.input('outcome')} /> : null}
      {words.note ? <Textarea label="Note" required autosize minRows={3} data-autofocus={step === 'review' || undefined} {...fields.input('note', MAX_TEXT)} /> : null}
    </FormDialog>
  );
}

/** The buttons of a case's status, and its examiner's file. */
function CaseActions({ rov }: { rov: Reconsideration }) {
  const [step, setStep] = useState<Step | null>(null);
  const open = (s: Step) => () => setStep(s);
  const file = (format: 'json' | 'pdf') => ({ href: examinerFileUrl(rov.id, format), download: `reconsideration-${rov.fileNumber}-${rov.id}.${format}` });
  return (
    <Stack gap="xs">
      <Group gap="sm">
        {rov.status === 'requested' ? <Button onClick={open('review')}>Review</Button> : null}
        {rov.status === 'reviewed' ? <Button onClick={open('send')}>Send to Appraiser</Button> : null}
        {rov.status !== 'resolved' ? (
          <Button variant="default" onClick={open('resolve')}>
            Resolve
          </Button>
        ) : null}
      </Group>
      <Group gap="xs" role="group" aria-label={`Examiner's file: ${caseTitle(rov)}`}>
        <Text size="sm" fw={600} c="gray.8">
          {"Examiner's file:"}
        </Text>
        <Anchor size="sm" {...file('json')}>
          Export JSON
        </Anchor>
        <Anchor size="sm" {...file('pdf')}>
          Export PDF
        </Anchor>
      </Group>
      {step ? <StepDialog rov={rov} step={step} onClose={() => setStep(null)} /> : null}
    </Stack>
  );
}

/**
 * Staff: the order's reconsiderations of value (docs/domain.md#reconsideration-of-value), each
 * worked here: review, send to the appraiser, resolve; and its examiner's file. Nothing without one.
 */
export function ReconsiderationCard({ orderId, timeZone }: { orderId: number; timeZone: string | null }) {
  const cases = useQuery(reconsiderationsQuery({ orderId }));
  return <ReconsiderationsCard cases={cases} staff timeZone={timeZone} actions={(rov) => <CaseActions rov={rov} />} />;
}
