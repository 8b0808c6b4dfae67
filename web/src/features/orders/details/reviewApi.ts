import { queryOptions } from '@tanstack/react-query';
import { api, ApiError, call, type Schemas } from '../../../lib/api';
import { orderKeys } from '../keys';

/**
 * The quality review and the delivery records of an order (docs/domain.md#quality-review-and-revisions,
 * #delivery-records): the checklist, the revision rounds, the lender's revision requests, the UCDP /
 * EAD record and the borrower's copy. Failures are shown by the cards and dialogs themselves.
 */
const onOrder = (id: number) => ({ params: { path: { id } } });
const quiet = { notify: false } as const;

export type Review = Schemas['Review'];
export type ReviewItem = Schemas['ReviewItem'];
export type ReviewAnswer = Schemas['ReviewAnswerInput'];
export type RevisionRound = Schemas['RevisionRound'];
export type RevisionItemInput = Schemas['RevisionItemInput'];
export type Ucdp = Schemas['Ucdp'];
export type UcdpBody = Schemas['UcdpBody'];
export type BorrowerCopies = Schemas['BorrowerCopies'];

export const reviewQuery = (orderId: number) =>
  queryOptions({ queryKey: orderKeys.review(orderId), queryFn: () => call(api.GET('/api/staff/orders/{id}/review', onOrder(orderId)), quiet) });

/** PUT /api/staff/orders/{id}/review: the answers given (others keep theirs); the review as it now stands. */
export const saveReview = (orderId: number, items: ReviewAnswer[]): Promise<Review> =>
  call(api.PUT('/api/staff/orders/{id}/review', { ...onOrder(orderId), body: { items } }), quiet);

export const revisionsQuery = (orderId: number) =>
  queryOptions({ queryKey: orderKeys.revisions(orderId), queryFn: () => call(api.GET('/api/orders/{id}/revisions', onOrder(orderId)), quiet) });

/** GET /api/staff/orders/{id}/revision-requests: the lender's revision requests, oldest first. */
export const lenderRevisionsQuery = (orderId: number) =>
  queryOptions({
    queryKey: orderKeys.lenderRevisions(orderId),
    queryFn: () => call(api.GET('/api/staff/orders/{id}/revision-requests', onOrder(orderId)), quiet),
  });

/** POST .../revision-requests/{requestId}/forward: the items become the appraiser's next revision round (409 once forwarded, or when the order no longer waits for them). */
export const forwardLenderRevision = (orderId: number, requestId: number) =>
  call(api.POST('/api/staff/orders/{id}/revision-requests/{requestId}/forward', { params: { path: { id: orderId, requestId } } }), quiet);

/** The round the appraiser answers with the revised report: the last one, while it is unanswered. */
export function openRound(rounds: readonly RevisionRound[] | undefined): RevisionRound | null {
  const last = rounds?.at(-1);
  return last && !last.answeredAt ? last : null;
}

export const ucdpQuery = (orderId: number) =>
  queryOptions({ queryKey: orderKeys.ucdp(orderId), queryFn: () => call(api.GET('/api/staff/orders/{id}/ucdp', onOrder(orderId)), quiet) });

export const saveUcdp = (orderId: number, body: UcdpBody): Promise<Ucdp> => call(api.PUT('/api/staff/orders/{id}/ucdp', { ...onOrder(orderId), body }), quiet);

export const borrowerCopyQuery = (orderId: number) =>
  queryOptions({ queryKey: orderKeys.borrowerCopy(orderId), queryFn: () => call(api.GET('/api/staff/orders/{id}/borrower-copy', onOrder(orderId)), quiet) });

/** POST /api/staff/orders/{id}/borrower-copy: a link to the report for the borrower (409 before the report passed review). */
export const sendBorrowerCopy = (orderId: number, email: string): Promise<BorrowerCopies> =>
  call(api.POST('/api/staff/orders/{id}/borrower-copy', { ...onOrder(orderId), body: { email } }), quiet);

export const recordWaiver = (orderId: number, reason: string): Promise<BorrowerCopies> =>
  call(api.POST('/api/staff/orders/{id}/borrower-copy/waiver', { ...onOrder(orderId), body: { reason } }), quiet);

/** What Complete's 409 lists: the checklist items still unanswered (none for any other failure). */
export function unansweredItems(error: unknown): { id: number; text: string }[] {
  if (!(error instanceof ApiError) || error.status !== 409) return [];
  const items = (error.body as { unansweredItems?: unknown } | null)?.unansweredItems;
  return Array.isArray(items) ? (items as { id: number; text: string }[]) : [];
}
