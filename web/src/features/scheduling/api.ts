import { queryOptions } from '@tanstack/react-query';
import type { Client } from 'openapi-fetch';
import { api, call } from '../../lib/api';

// Written by hand until the API document has the scheduling calls (server features/scheduling.rs).

/** A window on the contact's page: `label` is its day and times in the company's time zone. */
export interface OfferedWindow {
  start: string;
  end: string;
  label: string;
  available: boolean;
  unavailableBecause: 'past' | 'taken' | null;
}

/** What the contact's page shows (no sign-in). */
export interface SchedulingPage {
  company: string;
  propertyAddress: string;
  contactName: string;
  state: 'open' | 'scheduled' | 'ended';
  windows: OfferedWindow[];
  chosen: OfferedWindow | null;
  expiresAt: string;
  timeZone: string;
}

type Answer<T> = { 200: { content: { 'application/json': T } } };
type OnToken = { parameters: { path: { token: string } } };
type SchedulingPaths = {
  '/api/scheduling/{token}': {
    get: OnToken & { responses: Answer<SchedulingPage> };
    post: OnToken & { requestBody: { content: { 'application/json': { start: string } } }; responses: Answer<SchedulingPage> };
  };
};
const client = api as unknown as Client<SchedulingPaths>;

const onToken = (token: string) => ({ params: { path: { token } } });
const quiet = { notify: false, skip401: true } as const;

export const schedulingPageKey = (token: string) => ['scheduling', token] as const;

/** GET /api/scheduling/{token}: the windows offered and whether each can still be chosen; 404 for an unknown link. */
export const schedulingPageQuery = (token: string) =>
  queryOptions({
    queryKey: schedulingPageKey(token),
    queryFn: () => call(client.GET('/api/scheduling/{token}', onToken(token)), quiet),
    retry: false,
  });

/** POST /api/scheduling/{token}: the contact's choice, by the window's `start` as listed (409 taken or ended, 422 past or not offered). */
export const chooseWindow = (token: string, start: string) => call(client.POST('/api/scheduling/{token}', { ...onToken(token), body: { start } }), quiet);
