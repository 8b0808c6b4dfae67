import { Button, Group, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Field, Fields, InfoCard } from '../../../components/DataDisplay';
import { FailureAlert } from '../../../components/LoadStates';
import { fieldErrors, formFailure, type Schemas } from '../../../lib/api';
import { formatDateAndTime } from '../../../lib/dates';
import { notify } from '../../../lib/notify';
import { orderKeys } from '../keys';
import { reviewQuery, saveReview, type Review, type ReviewAnswer, type ReviewItem } from './reviewApi';
import type { OrderDetails } from './types';
import { CardLoadFailed } from './parts';

export const MSG_REVIEW_FAILED = 'The review checklist could not be loaded.';
export const MSG_REVIEW_SAVED = 'The review was saved.';
export const MSG_FAIL_NOTE = 'Please say what failed, for the appraiser.';
const MSG_SAVE_FAILED = 'The review could not be saved. Please try again.';

type Answer = Schemas['Answer'];
const ANSWERS: { value: Answer; label: string }[] = [
  { value: 'pass', label: 'Pass' },
  { value: 'fail', label: 'Fail' },
  { value: 'n/a', label: 'N/A' },
];
const answerLabel = (a: Answer | null | undefined) => ANSWERS.find((x) => x.value === a)?.label ?? 'Not answered';

interface Draft {
  answer: Answer | null;
  note: string;
}
const draftOf = (item: ReviewItem): Draft => ({ answer: item.answer ?? null, note: item.note ?? '' });

/** The answers the reviewer gave or changed, in the order of the checklist. */
function changedAnswers(items: ReviewItem[], drafts: Record<number, Draft>): ReviewAnswer[] {
  return items.flatMap((item) => {
    const d = drafts[item.id]!;
    const was = draftOf(item);
    if (!d.answer || (d.answer === was.answer && d.note === was.note)) return [];
    return [{ id: item.id, answer: d.answer, note: d.note.trim() || null }];
  });
}

/** A 422 names `items[i].note` (i: the index in the request): each text goes to the item it was about. */
function errorsByItem(error: unknown, sent: ReviewAnswer[]): Record<number, string> {
  const found: Record<number, string> = {};
  for (const [field, text] of Object.entries(fieldErrors(error))) {
    const index = /^items\[(\d+)\]/.exec(field)?.[1];
    const item = index != null ? sent[Number(index)] : undefined;
    if (item) found[item.id] = text;
  }
  return found;
}

function AnsweredBy({ item, timeZone }: { item: ReviewItem; timeZone: string | null }) {
  if (!item.answeredAt) return null;
  return (
    <Text size="xs" c="gray.7">
      {`Answered by ${item.answeredBy ?? 'staff'} on ${formatDateAndTime(item.answeredAt, timeZone)}`}
    </Text>
  );
}

interface ItemInputProps {
  item: ReviewItem;
  draft: Draft;
  error?: string;
  timeZone: string | null;
  onChange: (draft: Draft) => void;
}

function ItemInput({ item, draft, error, timeZone, onChange }: ItemInputProps) {
  return (
    <Stack gap={6} data-testid="review-item">
      <Radio.Group label={item.text} value={draft.answer ?? ''} onChange={(v) => onChange({ ...draft, answer: v as Answer })}>
        <Group gap="lg" mt={4}>
          {ANSWERS.map((a) => (
            <Radio key={a.value} value={a.value} label={a.label} />
          ))}
        </Group>
      </Radio.Group>
      <TextInput
        label="Note"
        aria-label={`Note: ${item.text}`}
        required={draft.answer === 'fail'}
        value={draft.note}
        onChange={(e) => onChange({ ...draft, note: e.currentTarget.value })}
        error={error}
      />
      <AnsweredBy item={item} timeZone={timeZone} />
    </Stack>
  );
}

/** The checklist as radio groups and notes; Save Review sends what was answered or changed. */
function ReviewForm({ orderId, review, timeZone }: { orderId: number; review: Review; timeZone: string | null }) {
  const queryClient = useQueryClient();
  const [drafts, setDrafts] = useState(() => Object.fromEntries(review.items.map((i) => [i.id, draftOf(i)])));
  const [errors, setErrors] = useState<Record<number, string>>({});
  const save = useMutation({
    mutationFn: (items: ReviewAnswer[]) => saveReview(orderId, items),
    onSuccess: (fresh) => {
      queryClient.setQueryData(orderKeys.review(orderId), fresh);
      notify('success', MSG_REVIEW_SAVED);
    },
    onError: (error, sent) => setErrors(errorsByItem(error, sent)),
  });
  const changed = changedAnswers(review.items, drafts);
  const change = (id: number, draft: Draft) => {
    setDrafts((all) => ({ ...all, [id]: draft }));
    setErrors(({ [id]: _gone, ...rest }) => rest);
  };
  const submit = () => {
    const missing = Object.fromEntries(changed.filter((a) => a.answer === 'fail' && !a.note).map((a) => [a.id, MSG_FAIL_NOTE]));
    setErrors(missing);
    if (!Object.keys(missing).length) save.mutate(changed);
  };
  return (
    <Stack gap="md">
      {review.items.map((item) => (
        <ItemInput key={item.id} item={item} draft={drafts[item.id]!} error={errors[item.id]} timeZone={timeZone} onChange={(d) => change(item.id, d)} />
      ))}
      <FailureAlert message={formFailure(save.error, MSG_SAVE_FAILED)} />
      <Button w="fit-content" disabled={!changed.length} loading={save.isPending} onClick={submit}>
        Save Review
      </Button>
    </Stack>
  );
}

function ReviewList({ review, timeZone }: { review: Review; timeZone: string | null }) {
  return (
    <Fields>
      {review.items.map((item) => (
        <Field key={item.id} label={item.text}>
          <Stack gap={2} component="span">
            <Text span size="sm" fw={600}>
              {answerLabel(item.answer)}
            </Text>
            {item.note ? (
              <Text span size="sm">
                {item.note}
              </Text>
            ) : null}
            <AnsweredBy item={item} timeZone={timeZone} />
          </Stack>
        </Field>
      ))}
    </Fields>
  );
}

/**
 * The reviewer's checklist (staff): answered while the order offers Complete, read-only otherwise,
 * and not shown at all before the first answer outside review.
 */
export function ReviewCard({ order, timeZone }: { order: OrderDetails; timeZone: string | null }) {
  const review = useQuery(reviewQuery(order.id));
  const editable = !!order.availableActions?.includes('COMPLETE');
  if (review.isError) return <CardLoadFailed message={MSG_REVIEW_FAILED} />;
  const r = review.data;
  const answered = r?.items.filter((i) => i.answer).length ?? 0;
  if (!r || (!editable && answered === 0)) return null;
  return (
    <InfoCard title="Review Checklist" testId="card-review">
      <Text size="sm" c="gray.8">{`${answered} of ${r.items.length} answered`}</Text>
      {editable ? <ReviewForm key={review.dataUpdatedAt} orderId={order.id} review={r} timeZone={timeZone} /> : <ReviewList review={r} timeZone={timeZone} />}
    </InfoCard>
  );
}
