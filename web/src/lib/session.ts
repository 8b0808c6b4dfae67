import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api, ApiError, call, type Schemas } from './api';
import { isKnownUserType } from './roles';

export type LoggedInUser = Schemas['LoggedInUser'];

/** Every query of the session (kept when the session is cleared). */
export const AUTH_KEY = ['auth'] as const;
export const LOGGED_IN_KEY = [...AUTH_KEY, 'logged-in'] as const;

export const MSG_MISSING_ID = 'securityUserId is missing';
export const MSG_INVALID_USER_TYPE = 'invalid user type';

/** Login validation: the returned user must carry an id and a known type. */
export function validateLoggedInUser(value: unknown): LoggedInUser {
  const u = (value ?? {}) as Partial<Record<keyof LoggedInUser, unknown>>;
  if (typeof u.securityUserId !== 'number' || !Number.isFinite(u.securityUserId)) {
    throw new Error(MSG_MISSING_ID);
  }
  if (!isKnownUserType(u.userType)) {
    throw new Error(MSG_INVALID_USER_TYPE);
  }
  return value as LoggedInUser;
}

/**
 * The signed-in check that the page's first script started (index.html, made by vite.config.ts's
 * signInPagePreload): it knows sooner than this code whether to fetch the sign-in page. Its answer
 * is read here, once; later checks ask the server again.
 */
export const EARLY_LOGGED_IN_CHECK = 'portalLoggedInCheck';

function takeEarlyCheck(): Promise<Response> | undefined {
  if (typeof window === 'undefined') return undefined;
  const holder = window as unknown as Record<string, Promise<Response> | undefined>;
  const early = holder[EARLY_LOGGED_IN_CHECK];
  delete holder[EARLY_LOGGED_IN_CHECK];
  return early;
}

/** The signed-in user, or null when not signed in. */
export async function fetchLoggedInUser(): Promise<LoggedInUser | null> {
  try {
    const early = takeEarlyCheck();
    const session = await call(api.GET('/api/auth/session', early ? { fetch: () => early } : {}), { skip401: true, notify: false });
    return session.user ? validateLoggedInUser(session.user) : null;
  } catch (e) {
    if (e instanceof ApiError && e.status === 401) return null;
    console.error('session check failed', e);
    return null;
  }
}

export const currentUserQuery = queryOptions({
  queryKey: LOGGED_IN_KEY,
  queryFn: fetchLoggedInUser,
  staleTime: 5 * 60 * 1000,
  retry: false,
});

export function useCurrentUser() {
  return useQuery(currentUserQuery);
}

export function setCurrentUser(queryClient: QueryClient, user: LoggedInUser | null): void {
  queryClient.setQueryData(LOGGED_IN_KEY, user);
}

/** Clears the user and everything cached for them. */
export function clearSession(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== AUTH_KEY[0] && q.queryKey[0] !== 'app-config' });
  setCurrentUser(queryClient, null);
}

export function displayName(user: Pick<LoggedInUser, 'firstName' | 'lastName'> | null | undefined): string {
  const name = [user?.firstName, user?.lastName]
    .filter((p) => p && p.trim())
    .join(' ')
    .trim();
  return name || 'User';
}
