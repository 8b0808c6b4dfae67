import { queryOptions } from '@tanstack/react-query';
import { api, call, type Schemas } from '../../../lib/api';
import type { Reconsideration } from '../../../lib/reconsiderations';
import { orderKeys } from '../keys';

/**
 * An order's reconsiderations of value (docs/domain.md#reconsideration-of-value): staff's steps on a
 * case and its examiner's file, and the appraiser's answer. Staff read the cases with the queue's
 * query (lib/reconsiderations). Failures are shown by the card and its dialogs.
 */
const quiet = { notify: false } as const;
const onCase = (rid: number) => ({ params: { path: { rid } } });

export type ResolveBody = Schemas['ResolveBody'];

/** POST .../review: the lender's review is done (409 unless the case is requested). */
export const reviewReconsideration = (rid: number, note: string): Promise<Reconsideration> =>
  call(api.POST('/api/staff/reconsiderations/{rid}/review', { ...onCase(rid), body: { note } }), quiet);

/** POST .../send: to the appraiser, screened (409 before the review, while header fields are missing, or for a discrimination basis). */
export const sendReconsideration = (rid: number): Promise<Reconsideration> => call(api.POST('/api/staff/reconsiderations/{rid}/send', onCase(rid)), quiet);

/** POST .../resolve: the outcome and a note (a changed or unchanged value only once answered: 409). */
export const resolveReconsideration = (rid: number, body: ResolveBody): Promise<Reconsideration> =>
  call(api.POST('/api/staff/reconsiderations/{rid}/resolve', { ...onCase(rid), body }), quiet);

/** The examiner's file of a case: the request, the disclosures shown, every step, the messages and every report version. */
export const examinerFileUrl = (rid: number, format: 'json' | 'pdf') => `/api/staff/reconsiderations/${rid}/export?format=${format}`;

/** GET /api/appraiser/orders/{id}/reconsiderations: the cases sent to the order's appraiser, as sent. */
export const sentReconsiderationsQuery = (orderId: number) =>
  queryOptions({
    queryKey: orderKeys.sentReconsiderations(orderId),
    queryFn: () => call(api.GET('/api/appraiser/orders/{id}/reconsiderations', { params: { path: { id: orderId } } }), quiet),
  });

export interface Answer {
  outcome: 'no_change' | 'revised';
  /** One per deficiency, in their order. */
  commentary: string[];
  /** With `revised`: the revised report (PDF) and, optionally, its data file (XML or ZIP). */
  report: File | null;
  dataFile: File | null;
}

/** POST /api/appraiser/reconsiderations/{rid}/answer, a form: 422 names `commentary[i]`, `report` or `outcome`; 409 once answered. */
export function answerReconsideration(rid: number, answer: Answer): Promise<Reconsideration> {
  const form = new FormData();
  form.append('outcome', answer.outcome);
  form.append('commentary', JSON.stringify(answer.commentary));
  if (answer.outcome === 'revised' && answer.report) form.append('report', answer.report, answer.report.name);
  if (answer.outcome === 'revised' && answer.dataFile) form.append('dataFile', answer.dataFile, answer.dataFile.name);
  return call(api.POST('/api/appraiser/reconsiderations/{rid}/answer', { ...onCase(rid), body: form }), quiet);
}
