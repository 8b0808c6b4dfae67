import { queryOptions } from '@tanstack/react-query';
import { api, call, type Schemas } from '../../lib/api';

export type OfferedWindow = Schemas['OfferedWindow'];
export type SchedulingPage = Schemas['SchedulingPage'];

const onToken = (token: string) => ({ params: { path: { token } } });
const quiet = { notify: false, skip401: true } as const;

export const schedulingPageKey = (token: string) => ['scheduling', token] as const;

/** GET /api/scheduling/{token}: the windows offered and whether each can still be chosen; 404 for an unknown link. */
export const schedulingPageQuery = (token: string) =>
  queryOptions({
    queryKey: schedulingPageKey(token),
    queryFn: () => call(api.GET('/api/scheduling/{token}', onToken(token)), quiet),
    retry: false,
  });

/** POST /api/scheduling/{token}: the contact's choice, by the window's `start` as listed (409 taken or ended, 422 past or not offered). */
export const chooseWindow = (token: string, start: string) => call(api.POST('/api/scheduling/{token}', { ...onToken(token), body: { start } }), quiet);
