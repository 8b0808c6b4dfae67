import { queryOptions } from '@tanstack/react-query';
import { api, ApiError, call, type Schemas } from './api';

export type AppraiserInfo = Schemas['AppraiserInfo'];

/**
 * The keys of the appraiser queries, shared by the features: every one starts with `all`, so one
 * invalidation refreshes them all (the profile's too, which build on these).
 */
export const appraiserKeys = {
  all: ['appraiser'] as const,
  /** The signed-in appraiser's record: the Payments page and the dashboard's payment prompt share it. */
  me: () => [...appraiserKeys.all, 'me'] as const,
  /** Every query about one appraiser (by appraiser id). */
  appraiser: (id: number) => [...appraiserKeys.all, id] as const,
  licences: (id: number) => [...appraiserKeys.appraiser(id), 'licences'] as const,
};

export function appraiserMeQuery() {
  return queryOptions({
    queryKey: appraiserKeys.me(),
    // No appraiser record (404) is an answer, not an error: the page says so.
    queryFn: async (): Promise<AppraiserInfo | null> => {
      try {
        return await call(api.GET('/api/appraiser/me'), { notify: false, skip403Redirect: true });
      } catch (e) {
        if (e instanceof ApiError && e.status === 404) return null;
        throw e;
      }
    },
  });
}

/** An appraiser's licences by state and type (their profile and their dashboard's expiry banner). */
export function licencesQuery(id: number) {
  return queryOptions({
    queryKey: appraiserKeys.licences(id),
    queryFn: () => call(api.GET('/api/appraiser/{id}/license-info', { params: { path: { id } } }), { notify: false }),
  });
}
