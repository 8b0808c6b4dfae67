import { queryOptions } from '@tanstack/react-query';
import { api, call, type Schemas } from '../../lib/api';

export type PaymentHistoryItem = Schemas['PaymentHistoryItem'];
export type EppPartyData = Schemas['EppPartyData'];
export type PayableOrder = Schemas['PayableOrder'];

export const MSG_APPRAISER_NOT_FOUND = 'Appraiser Not Found - The requested appraiser could not be found.';
export const MSG_NO_PAYMENTS = 'No payments found';
export const MSG_TECH_FEE = 'Payment amounts shown here do not reflect the $4 Technology Fee stated in your engagement letter.';
export const MSG_PAYMENTS_FAILED = 'Failed to load payments.';
export const MSG_NOTHING_AWAITING = 'No orders are awaiting payment.';
export const MSG_UNPAID_FAILED = 'Failed to load the orders awaiting payment.';

export interface DateRange {
  from: string;
  to: string;
}

/** The payments feature's query keys. */
export const paymentKeys = {
  /** Every payment history query: one invalidation refreshes them all. */
  all: ['payments'] as const,
  history: (securityUserId: number, range: DateRange) => ['payments', securityUserId, range.from, range.to] as const,
  unpaid: (securityUserId: number) => ['payments', securityUserId, 'unpaid'] as const,
  eppAccessUrl: (securityUserId: number) => ['epp', 'access-url', securityUserId] as const,
};

export function paymentHistoryQuery(securityUserId: number, range: DateRange) {
  return queryOptions({
    queryKey: paymentKeys.history(securityUserId, range),
    queryFn: () =>
      call(
        api.POST('/api/appraiser/{id}/payment-history', {
          params: { path: { id: securityUserId } },
          body: { createDateFrom: range.from || null, createDateTo: range.to || null },
        }),
        { notify: false, errorMessage: MSG_PAYMENTS_FAILED },
      ),
  });
}

/** The appraiser's completed or delivered orders not paid yet, each with its pay-by date. */
export function unpaidOrdersQuery(securityUserId: number) {
  return queryOptions({
    queryKey: paymentKeys.unpaid(securityUserId),
    queryFn: () => call(api.GET('/api/appraiser/{id}/unpaid-orders', { params: { path: { id: securityUserId } } }), { notify: false, errorMessage: MSG_UNPAID_FAILED }),
  });
}

export function eppAccessUrlQuery(securityUserId: number) {
  return queryOptions({
    queryKey: paymentKeys.eppAccessUrl(securityUserId),
    queryFn: () => call(api.GET('/api/appraiser/{id}/epp-party-access-url', { params: { path: { id: securityUserId } } }), { notify: false }),
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/** Party information from the platform (kept on the profile by the server). */
export function fetchPartyInformation(securityUserId: number) {
  return call(api.GET('/api/appraiser/{id}/epp-party-information', { params: { path: { id: securityUserId } } }), { notify: false });
}

export function fetchOnboardToken(securityUserId: number) {
  return call(api.GET('/api/appraiser/{id}/onboard-token', { params: { path: { id: securityUserId } } }), { notify: false });
}

/** Today (yyyy-mm-dd) in the company's time zone, and a date some months earlier. */
export function defaultRange(timeZone?: string | null, months = 6): DateRange {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: timeZone || undefined, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(new Date());
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value);
  const [y, m, d] = [get('year'), get('month'), get('day')];
  const start = new Date(Date.UTC(y, m - 1 - months, 1));
  const iso = (dt: Date) => dt.toISOString().slice(0, 10);
  return { from: iso(start), to: iso(new Date(Date.UTC(y, m - 1, d))) };
}

export const TABS = [
  { slug: 'payment-history', label: 'Payment History' },
  { slug: 'epp', label: 'Stewart Enterprise Payments (EPP)' },
] as const;
export type TabSlug = (typeof TABS)[number]['slug'];

/** The tab a route's slug names, case-insensitively; the first tab otherwise. */
export function tabFor(slug: string | undefined): TabSlug {
  const wanted = (slug ?? '').toLowerCase();
  return TABS.find((t) => t.slug === wanted)?.slug ?? TABS[0].slug;
}

export function orNA(value: string | null | undefined): string {
  return value && value.trim() ? value : 'N/A';
}
