import { queryOptions } from '@tanstack/react-query';
import { api, call, type Schemas } from '../../../lib/api';

/** The staff quote desk's calls (/api/staff/quotes). */
export type StaffQuoteItem = Schemas['StaffQuoteItem'];
export type StaffQuoteDetail = Schemas['StaffQuoteDetail'];
export type QuoteAnswerRow = Schemas['QuoteAnswerRow'];
export type QuoteForm = Schemas['QuoteForm'];

/** The staff quote desk's query keys. */
export const staffQuoteKeys = {
  /** Every quote query of the staff desk: one invalidation refreshes them all. */
  all: ['staff', 'quotes'] as const,
  quote: (id: number) => [...staffQuoteKeys.all, id] as const,
};
export const STAFF_QUOTES_KEY = staffQuoteKeys.all;
const quiet = { notify: false } as const;

export const staffQuotesQuery = () => queryOptions({ queryKey: STAFF_QUOTES_KEY, queryFn: () => call(api.GET('/api/staff/quotes')) });
export const staffQuoteQuery = (id: number) =>
  queryOptions({ queryKey: staffQuoteKeys.quote(id), queryFn: () => call(api.GET('/api/staff/quotes/{id}', { params: { path: { id } } }), quiet) });

export const sendQuote = (body: QuoteForm) => call(api.POST('/api/staff/quotes', { body }), quiet);
export const awardQuote = (id: number, appraiserId: number) => call(api.POST('/api/staff/quotes/{id}/award', { params: { path: { id } }, body: { appraiserId } }), quiet);
export const closeQuote = (id: number) => call(api.POST('/api/staff/quotes/{id}/close', { params: { path: { id } } }), quiet);
