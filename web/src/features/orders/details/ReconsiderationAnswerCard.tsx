import { Button, Fieldset, Radio, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ChangeEvent } from 'react';
import { FormDialog, mutationState } from '../../../components/FormDialog';
import { useFields } from '../../../components/useFields';
import { fieldErrors } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import type { Reconsideration } from '../../../lib/reconsiderations';
import { orderKeys } from '../keys';
import { ReconsiderationsCard } from './ReconsiderationCase';
import { answerReconsideration, sentReconsiderationsQuery, type Answer } from './reconsiderationApi';

export const MSG_ANSWER_SENT = 'Your answer was sent.';
export const MSG_TO_ANSWER = 'The lender asks you to reconsider the value of your report. Answer every deficiency: no change, with your commentary, or a revised report.';
export const MSG_REPORT_REQUIRED = 'Attach the revised report (PDF).';
/** The server's words for an unanswered deficiency (`n` from 1). */
export const answerRequired = (n: number) => `Answer deficiency ${n} with your commentary.`;

/** The 422 field of deficiency `i`'s answer. */
const commentaryField = (i: number) => `commentary[${i}]`;

type Files = { report: File | null; dataFile: File | null };
type FileErrors = Partial<Record<keyof Files, string>>;

/** The appraiser's answer to one case: the outcome, an answer per deficiency and, when revised, the report and its data file. */
function AnswerDialog({ rov, onClose }: { rov: Reconsideration; onClose: () => void }) {
  const queryClient = useQueryClient();
  const fields = useFields<Record<string, string>>({ outcome: 'no_change', ...Object.fromEntries(rov.deficiencies.map((_, i) => [commentaryField(i), ''])) });
  const [files, setFiles] = useState<Files>({ report: null, dataFile: null });
  const [fileErrors, setFileErrors] = useState<FileErrors>({});
  const revised = fields.values.outcome === 'revised';
  const answer = (): Answer => ({
    outcome: revised ? 'revised' : 'no_change',
    commentary: rov.deficiencies.map((_, i) => fields.values[commentaryField(i)]!.trim()),
    ...files,
  });
  const save = useMutation({
    mutationFn: (a: Answer) => answerReconsideration(rov.id, a),
    onSuccess: () => {
      notify('success', MSG_ANSWER_SENT);
      void queryClient.invalidateQueries({ queryKey: orderKeys.sentReconsiderations(rov.orderId) });
      void queryClient.invalidateQueries({ queryKey: orderKeys.details(rov.orderId) });
      onClose();
    },
    onError: (e) => {
      fields.showRefusal(e);
      const named = fieldErrors(e);
      setFileErrors({ report: named.report, dataFile: named.dataFile });
    },
  });
  const choose = (name: keyof Files) => (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.currentTarget.files?.[0] ?? null;
    setFiles((f) => ({ ...f, [name]: file }));
    setFileErrors((f) => ({ ...f, [name]: undefined }));
  };
  const submit = () => {
    const unanswered = Object.fromEntries(rov.deficiencies.flatMap((_, i) => (fields.values[commentaryField(i)]!.trim() ? [] : [[commentaryField(i), answerRequired(i + 1)]])));
    const report = revised && !files.report ? MSG_REPORT_REQUIRED : undefined;
    setFileErrors({ report });
    if (fields.accept(unanswered) && !report) save.mutate(answer());
  };
  return (
    <FormDialog
      title="Answer Reconsideration"
      opened
      onClose={onClose}
      onSubmit={submit}
      submitLabel="Send Answer"
      size="lg"
      {...mutationState(save, 'Your answer could not be sent. Please try again.')}
    >
      <Radio.Group label="Outcome" required value={fields.values.outcome} onChange={(v) => fields.change('outcome', v)} error={fields.errors.outcome}>
        <Stack gap="xs" mt="xs">
          <Radio value="no_change" label="No change" description="The value stands: your commentary explains why." />
          <Radio value="revised" label="Revised" description="You attach the revised report." />
        </Stack>
      </Radio.Group>
      {rov.deficiencies.map((d, i) => (
        <Fieldset key={i} legend={`Deficiency ${i + 1}`} variant="filled" p="sm">
          <Stack gap="xs">
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {d.text}
            </Text>
            {d.reportField ? (
              <Text size="sm" c="gray.8">
                {`Report field: ${d.reportField}`}
              </Text>
            ) : null}
            <Textarea label={`Answer to deficiency ${i + 1}`} required autosize minRows={2} data-autofocus={i === 0 || undefined} {...fields.input(commentaryField(i))} />
          </Stack>
        </Fieldset>
      ))}
      {revised ? (
        <>
          <TextInput type="file" label="Revised report (PDF)" required accept="application/pdf,.pdf" onChange={choose('report')} error={fileErrors.report} />
          <TextInput type="file" label="Data file (XML or ZIP)" description="Optional" accept=".xml,.zip" onChange={choose('dataFile')} error={fileErrors.dataFile} />
        </>
      ) : null}
    </FormDialog>
  );
}

/** Answer, for a case waiting for the appraiser's answer. */
function AnswerButton({ rov }: { rov: Reconsideration }) {
  const [answering, setAnswering] = useState(false);
  return (
    <>
      <Button w="fit-content" onClick={() => setAnswering(true)} aria-haspopup="dialog">
        Answer
      </Button>
      {answering ? <AnswerDialog rov={rov} onClose={() => setAnswering(false)} /> : null}
    </>
  );
}

/**
 * The appraiser: the reconsiderations of value sent to them on this order, as sent, and the way to
 * answer one (docs/domain.md#reconsideration-of-value). Nothing without one.
 */
export function ReconsiderationAnswerCard({ orderId, timeZone }: { orderId: number; timeZone: string | null }) {
  const cases = useQuery(sentReconsiderationsQuery(orderId));
  const intro = cases.data?.some((rov) => rov.status === 'sent') ? <Text size="sm">{MSG_TO_ANSWER}</Text> : null;
  return <ReconsiderationsCard cases={cases} staff={false} timeZone={timeZone} intro={intro} actions={(rov) => (rov.status === 'sent' ? <AnswerButton rov={rov} /> : null)} />;
}
