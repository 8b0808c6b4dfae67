export const CSRF_COOKIE = 'XSRF-TOKEN';
export const CSRF_HEADER = 'X-XSRF-TOKEN';
export const CSRF_ERROR = 'Failed to obtain CSRF token';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function needsCsrf(method: string): boolean {
  return !SAFE_METHODS.has(method.toUpperCase());
}

export function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) {
      const raw = part.slice(eq + 1).trim();
      try {
        return decodeURIComponent(raw);
      } catch {
        return raw;
      }
    }
  }
  return null;
}

/** Asks the server for a token (it also sets the XSRF-TOKEN cookie); prefers the fresh cookie. */
export async function fetchCsrfToken(): Promise<string> {
  try {
    const res = await globalThis.fetch(new Request(`${window.location.origin}/api/auth/csrf`, { credentials: 'include' }));
    if (!res.ok) throw new Error(`status ${res.status}`);
    const body = (await res.json().catch(() => null)) as { token?: unknown } | null;
    const token = readCookie(CSRF_COOKIE) ?? (typeof body?.token === 'string' ? body.token : null);
    if (!token) throw new Error('no token');
    return token;
  } catch {
    throw new Error(CSRF_ERROR);
  }
}

/** The token to send now: the cookie read at call time, or a freshly obtained one. */
export async function getCsrfToken(): Promise<string> {
  return readCookie(CSRF_COOKIE) ?? fetchCsrfToken();
}
