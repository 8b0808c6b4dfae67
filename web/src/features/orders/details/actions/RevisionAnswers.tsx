import { Fieldset, Stack, Text, Textarea } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { fieldErrors } from '../../../../lib/api';
import { openRound, revisionsQuery, type RevisionRound } from '../reviewApi';

export const MSG_ANSWER_REQUIRED = 'Please answer this item.';
/** The file types of a report: uploading one answers the open revision round. */
export const REPORT_FILE_TYPES: readonly string[] = ['Appraisal Report', 'Revised Appraisal Report'];

type ByItem = Record<number, string>;

interface AnswerInputsProps {
  round: RevisionRound;
  answers: ByItem;
  errors: ByItem;
  onChange: (itemId: number, answer: string) => void;
}

function AnswerInputs({ round, answers, errors, onChange }: AnswerInputsProps) {
  return (
    <Stack gap="xs">
      <Text fw={600} size="sm">{`Revision request, round ${round.round}: answer each item with the revised report`}</Text>
      {round.items.map((item, i) => (
        <Fieldset key={item.id} legend={`${item.reference}: ${item.text}`} variant="filled" p="sm">
          <Textarea label="Your answer" required autosize minRows={2} value={answers[item.id] ?? ''} onChange={(e) => onChange(item.id, e.currentTarget.value)} error={errors[i]} />
        </Fieldset>
      ))}
    </Stack>
  );
}

/**
 * The answers to the open revision round that go with a revised report (`enabled` while the order
 * waits for one): `form(needed)` is the upload form's extra part, `fieldsFor(needed)` the multipart
 * fields (null, with the messages shown, while an item is unanswered), `showRefusal` puts a 422's
 * `revisionAnswers[i]` under item i.
 */
export function useRevisionAnswers(orderId: number, enabled: boolean) {
  const rounds = useQuery({ ...revisionsQuery(orderId), enabled });
  const round = enabled ? openRound(rounds.data) : null;
  const [answers, setAnswers] = useState<ByItem>({});
  const [errors, setErrors] = useState<ByItem>({});
  const change = (itemId: number, answer: string) => {
    setAnswers((all) => ({ ...all, [itemId]: answer }));
    const index = round?.items.findIndex((item) => item.id === itemId) ?? -1;
    setErrors(({ [index]: _gone, ...rest }) => rest);
  };
  const fieldsFor = (needed: boolean): Record<string, string> | null => {
    if (!round || !needed) return {};
    const missing: ByItem = Object.fromEntries(round.items.flatMap((item, i) => (answers[item.id]?.trim() ? [] : [[i, MSG_ANSWER_REQUIRED]])));
    setErrors(missing);
    if (Object.keys(missing).length) return null;
    return { revisionAnswers: JSON.stringify(round.items.map((item) => ({ id: item.id, answer: answers[item.id]!.trim() }))) };
  };
  const showRefusal = (error: unknown) => {
    const fields = fieldErrors(error);
    setErrors(Object.fromEntries((round?.items ?? []).flatMap((_, i) => (fields[`revisionAnswers[${i}]`] ? [[i, fields[`revisionAnswers[${i}]`]]] : []))));
  };
  const form = (needed: boolean) => (round && needed ? <AnswerInputs round={round} answers={answers} errors={errors} onChange={change} /> : null);
  return { form, fieldsFor, showRefusal };
}
