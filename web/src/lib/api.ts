import createClient, { type Middleware } from 'openapi-fetch';
import type { components, paths } from './api-schema';
import { CSRF_ERROR, CSRF_HEADER, fetchCsrfToken, getCsrfToken, needsCsrf } from './csrf';
import { notify } from './notify';

export type Schemas = components['schemas'];

export const MSG_FORBIDDEN = 'You are not authorized to perform this action';
export const MSG_SESSION_EXPIRED = 'Session expired. Please log in again.';
export const MSG_GENERIC = 'An error occurred';

export class ApiError extends Error {
  readonly status: number;
  /** The answer's JSON body, when it had one (a 422's field map, a 409's list of what blocks). */
  readonly body: unknown;
  constructor(status: number, message: string, body?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

/** Per-call options for the shared error handling (docs/architecture.md#failed-calls-in-the-web-app). */
export interface CallOptions {
  /** Do not treat 401 as an expired session (login, logged-in check, reset calls). */
  skip401?: boolean;
  /** On 403 still notify, but do not navigate to /forbidden (e.g. order details load). */
  skip403Redirect?: boolean;
  /** Message used when the server sends none. */
  errorMessage?: string;
  /** Set false to not show an error notice for "other" failures (the caller shows it). */
  notify?: boolean;
}

interface ApiHandlers {
  onUnauthorized?: () => void;
  onForbidden?: () => void;
}

let handlers: ApiHandlers = {};

/** The app wires session clearing and navigation here (see app/providers). */
export function setApiHandlers(next: ApiHandlers): void {
  handlers = next;
}

const csrfMiddleware: Middleware = {
  async onRequest({ request }) {
    if (!needsCsrf(request.method)) return undefined;
    const token = await getCsrfToken();
    request.headers.set(CSRF_HEADER, token);
    return request;
  },
};

async function isCsrfRejection(res: Response): Promise<boolean> {
  if (res.status !== 403) return false;
  const body = (await res
    .clone()
    .json()
    .catch(() => null)) as { message?: unknown } | null;
  return typeof body?.message === 'string' && /csrf/i.test(body.message);
}

/** fetch used by the client: on a CSRF rejection (stale token) get a fresh token and retry once. */
async function portalFetch(request: Request): Promise<Response> {
  const retry = needsCsrf(request.method) ? request.clone() : null;
  const res = await globalThis.fetch(request);
  if (retry && (await isCsrfRejection(res))) {
    retry.headers.set(CSRF_HEADER, await fetchCsrfToken());
    return globalThis.fetch(retry);
  }
  return res;
}

export const api = createClient<paths>({
  baseUrl: typeof window !== 'undefined' ? window.location.origin : '',
  credentials: 'include',
  fetch: (r) => portalFetch(r),
});
api.use(csrfMiddleware);

function messageOf(body: unknown): string | null {
  if (body && typeof body === 'object' && 'message' in body) {
    const m = (body as { message?: unknown }).message;
    if (typeof m === 'string' && m.trim()) return m;
  }
  return null;
}

/** Maps a failed response to an ApiError, with the shared notices and side effects (401, 403, others). */
export function handleFailure(status: number, body: unknown, opts: CallOptions = {}): ApiError {
  if (status === 401 && !opts.skip401) {
    notify('error', MSG_SESSION_EXPIRED);
    handlers.onUnauthorized?.();
    return new ApiError(401, MSG_SESSION_EXPIRED);
  }
  if (status === 403) {
    notify('error', MSG_FORBIDDEN);
    if (!opts.skip403Redirect) handlers.onForbidden?.();
    return new ApiError(403, MSG_FORBIDDEN);
  }
  const message = messageOf(body) ?? opts.errorMessage ?? MSG_GENERIC;
  if (opts.notify !== false) notify('error', message);
  return new ApiError(status, message, body);
}

type ClientResult<T> = { data?: T; error?: unknown; response: Response };

/**
 * Awaits an openapi-fetch call and returns its data, or throws an ApiError after the shared handling.
 * Usage: `await call(api.GET('/api/user/{id}', { params: { path: { id } } }))`.
 */
export async function call<T>(pending: Promise<ClientResult<T>>, opts: CallOptions = {}): Promise<T> {
  let result: ClientResult<T>;
  try {
    result = await pending;
  } catch (e) {
    const message = e instanceof Error && e.message === CSRF_ERROR ? CSRF_ERROR : (opts.errorMessage ?? MSG_GENERIC);
    if (opts.notify !== false) notify('error', message);
    throw new ApiError(0, message);
  }
  if (result.response.ok) return result.data as T;
  throw handleFailure(result.response.status, result.error, opts);
}

/**
 * What a failed call tells the user in a form: the server's words when it refused the input or the
 * record changed (400, 404, 409, 413, 415, 422), otherwise `fallback`.
 */
export function failureText(error: unknown, fallback: string): string {
  return error instanceof ApiError && [400, 404, 409, 413, 415, 422].includes(error.status) ? error.message : fallback;
}

/** 401 and 403 have the shared handling (notice, session or /forbidden): callers say nothing more. */
export function isSharedFailure(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 401 || error.status === 403);
}

/** What a form shows for its call's `error`: nothing without one or when the shared handling speaks (401, 403), else failureText. */
export function formFailure(error: unknown, fallback: string): string | null {
  return error && !isSharedFailure(error) ? failureText(error, fallback) : null;
}

/** A 422's field map: each refused field (by its wire name, e.g. `items[0].note`) and what is wrong; empty otherwise. */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || error.status !== 422) return {};
  const fields = (error.body as { fields?: unknown } | null)?.fields;
  if (!fields || typeof fields !== 'object') return {};
  return Object.fromEntries(Object.entries(fields).filter((e): e is [string, string] => typeof e[1] === 'string'));
}
