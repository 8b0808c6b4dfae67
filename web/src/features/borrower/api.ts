import { queryOptions } from '@tanstack/react-query';
import { api, call, type Schemas } from '../../lib/api';
import type { ReconsiderationBody } from '../../lib/reconsiderations';

/** The borrower's side (no sign-in): the link to their copy of the appraisal (server reports/borrower_copy.rs). */
export type CopyLink = Schemas['CopyLink'];

/** GET /api/borrower/copy/{token}: the copy's property, lender and file; 404 with the reason once expired or unknown. */
export const borrowerCopyQuery = (token: string) =>
  queryOptions({
    queryKey: ['borrower', 'copy', token] as const,
    queryFn: () => call(api.GET('/api/borrower/copy/{token}', { params: { path: { token } } }), { notify: false, skip401: true }),
    retry: false,
  });

/** Where the browser saves the report from (a plain link: the server sends it as an attachment). */
export const downloadPath = (token: string) => `/api/borrower/copy/${encodeURIComponent(token)}/download`;

export type BorrowerReconsideration = Schemas['BorrowerReconsideration'];

export const borrowerReconsiderationKey = (token: string) => ['borrower', 'copy', token, 'reconsideration'] as const;

/**
 * GET /api/borrower/copy/{token}/reconsideration: whether the lender offers a request, its disclosure
 * and the borrower's request. Each answer records the disclosure as shown, so it is asked once a visit.
 */
export const borrowerReconsiderationQuery = (token: string) =>
  queryOptions({
    queryKey: borrowerReconsiderationKey(token),
    queryFn: () => call(api.GET('/api/borrower/copy/{token}/reconsideration', { params: { path: { token } } }), { notify: false, skip401: true }),
    retry: false,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

/** POST /api/borrower/copy/{token}/reconsideration: the borrower's one request (409 for a second, after closing, or when not offered). */
export const askReconsideration = (token: string, body: ReconsiderationBody) =>
  call(api.POST('/api/borrower/copy/{token}/reconsideration', { params: { path: { token } }, body }), { notify: false, skip401: true });
