import { queryOptions } from '@tanstack/react-query';
import { api, call, type Schemas } from '../../lib/api';

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
