import { queryOptions } from '@tanstack/react-query';
import { api, call, type Schemas } from '../../lib/api';

export type QuoteListItem = Schemas['QuoteListItem'];
export type QuoteDetail = Schemas['QuoteDetailResponse'];

export const MSG_NO_QUOTES = 'No open quotes available at this time.';
export const MSG_QUOTE_FAILED = 'Failed to load quote details';
export const MSG_INVALID_QUOTE_ID = 'Invalid Quote Id';
export const MSG_REJECT_FAILED = 'Failed to reject quote. Please try again.';
export const MSG_QUOTES_FAILED = 'Failed to load quotes.';

/** Respond to Quote validation (docs/domain.md#quotes). */
export const MSG_DATE_REQUIRED = 'Please select an estimated delivery date.';
export const MSG_FEE_REQUIRED = 'Please enter an appraiser fee.';
export const MSG_COMMENT_REQUIRED = 'Please enter a comment.';
export const MSG_REASON_REQUIRED = 'Please enter a reason for rejection.';
export const MSG_FEE_FORMAT = 'The appraiser fee must be a number, such as 450 or 450.00.';
export const MSG_DATE_PAST = 'The estimated delivery date cannot be in the past.';

/** The appraiser's quote query keys (the staff quote desk has its own, features/staff/quotes). */
export const quoteKeys = {
  /** Every quote query of the appraiser's: one invalidation refreshes them all. */
  all: ['quotes'] as const,
  dash: () => [...quoteKeys.all, 'dash'] as const,
  details: (id: number) => [...quoteKeys.all, 'details', id] as const,
};
export const QUOTES_KEY = quoteKeys.all;

export function openQuotesQuery() {
  return queryOptions({
    queryKey: quoteKeys.dash(),
    queryFn: () => call(api.GET('/api/quotes/dash'), { notify: false, errorMessage: MSG_QUOTES_FAILED }),
  });
}

export function quoteDetailQuery(id: number) {
  return queryOptions({
    queryKey: quoteKeys.details(id),
    // A quote the caller did not receive is a 404: the page shows its own failure, no toast.
    queryFn: () => call(api.GET('/api/quotes/details/{id}', { params: { path: { id } } }), { notify: false, skip403Redirect: true, errorMessage: MSG_QUOTE_FAILED }),
    retry: false,
  });
}

export interface QuoteResponseInput {
  quoteId: number;
  estimatedDeliveryDate: string;
  appraiserFee: string;
  comment: string;
}

export function acceptQuote(input: QuoteResponseInput): Promise<QuoteDetail> {
  return call(
    api.POST('/api/quotes/accept', {
      body: { quoteId: input.quoteId, estimatedDeliveryDate: input.estimatedDeliveryDate, appraiserFee: Number(input.appraiserFee.trim()), comment: input.comment },
    }),
    { notify: false },
  );
}

export function rejectQuote(quoteId: number, rejectReason: string) {
  return call(api.POST('/api/quotes/reject', { body: { quoteId, rejectReason } }), { notify: false, errorMessage: MSG_REJECT_FAILED });
}

/** A fee as typed: digits with at most one dot and two decimals (the server checks it too). */
export function isFee(value: string): boolean {
  return /^(\d+(\.\d{0,2})?|\.\d{1,2})$/.test(value.trim());
}

/** A positive whole quote id from the route, or null. */
export function parseQuoteId(raw: string | undefined): number | null {
  if (!raw || !/^\d+$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 && id <= 2147483647 ? id : null;
}
