import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ApiError, call } from '../../lib/api';
import { AUTH_KEY, clearSession, fetchLoggedInUser, setCurrentUser, validateLoggedInUser, type LoggedInUser } from '../../lib/session';

export const MSG_LOGIN_FAILED = 'Login failed. Please check your credentials.';

export const MSG_CODE_SENT = 'Verification code sent successfully';
export const MSG_SEND_FAILED = 'Failed to send verification code';
export const MSG_VERIFIED = 'Verification successful';
export const MSG_VERIFICATION_FAILED = 'Verification failed';
export const MSG_VERIFY_FAILED = 'Failed to verify code';

export const MSG_RESET_LINK_SENT = 'Check your email for a reset link';
export const MSG_RESET_DONE = 'Password reset successfully';
export const MSG_RESET_FAILED = 'Password Reset failed';
export const MSG_RESET_TOKEN_MISSING = 'Invalid or missing reset token, resend email link or contact I.T.';

export interface Credentials {
  username: string;
  password: string;
}

/** A sign-in either opens a session (user) or asks for verification first (token). */
export type LoginResult = { kind: 'user'; user: LoggedInUser } | { kind: 'verify'; token: string };

/** Reads the login answer: a verification token, or a user that must carry an id and a known type. */
export function parseLoginAnswer(body: unknown): LoginResult {
  if (body && typeof body === 'object' && 'verificationToken' in body) {
    const token = (body as { verificationToken?: unknown }).verificationToken;
    if (typeof token === 'string' && token) return { kind: 'verify', token };
  }
  return { kind: 'user', user: validateLoggedInUser(body) };
}

/** Signs in; errors carry the message to show. */
export async function login(credentials: Credentials): Promise<LoginResult> {
  let body: unknown;
  try {
    body = await call(api.POST('/api/auth/login', { body: credentials }), { skip401: true, notify: false });
  } catch (e) {
    if (e instanceof ApiError && e.status === 429) throw e;
    throw new Error(MSG_LOGIN_FAILED, { cause: e });
  }
  return parseLoginAnswer(body);
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (result) => {
      if (result.kind !== 'user') return;
      clearSession(queryClient);
      setCurrentUser(queryClient, result.user);
    },
  });
}

/** The verification page address for a token and the page to go to afterwards. */
export function verificationPath(token: string, redirect: string): string {
  return `/dual-auth?${new URLSearchParams({ token, redirect }).toString()}`;
}

/** Only same-site paths are followed after verification; anything else goes to the default. */
export function safeRedirect(value: string | null | undefined, fallback = '/'): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  if (/^\/(dual-auth|login)(?=$|[/?#])/.test(value)) return fallback;
  return value;
}

export type Destination = { emailAddress: string } | { phoneNumber: string };

/** Asks the server to send a code; throws with the message to show when it is not sent. */
export async function sendCode(token: string, destination: Destination): Promise<string> {
  let answer: { ok: boolean; message: string };
  try {
    answer = await call(api.POST('/api/auth/send-code', { body: { token, ...destination } }), {
      skip401: true,
      notify: false,
      errorMessage: MSG_SEND_FAILED,
    });
  } catch (e) {
    throw new Error(e instanceof ApiError && e.status !== 0 && e.message ? e.message : MSG_SEND_FAILED, { cause: e });
  }
  if (!answer?.ok) throw new Error(answer?.message || MSG_SEND_FAILED);
  return answer.message || MSG_CODE_SENT;
}

/** Checks a code; on success the session exists and the signed-in user is returned. */
export async function verifyCode(token: string, code: string): Promise<LoggedInUser | null> {
  let answer: { ok: boolean; message: string };
  try {
    answer = await call(api.POST('/api/auth/verify-code', { body: { token, code } }), {
      skip401: true,
      notify: false,
      errorMessage: MSG_VERIFY_FAILED,
    });
  } catch (e) {
    throw new Error(e instanceof ApiError && e.status !== 0 && e.message ? e.message : MSG_VERIFY_FAILED, { cause: e });
  }
  if (!answer?.ok) throw new Error(answer?.message || MSG_VERIFICATION_FAILED);
  return fetchLoggedInUser();
}

export function useSendCode() {
  return useMutation({ mutationFn: (v: { token: string; destination: Destination }) => sendCode(v.token, v.destination) });
}

export function useVerifyCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { token: string; code: string }) => verifyCode(v.token, v.code),
    onSuccess: (user) => {
      clearSession(queryClient);
      if (user) setCurrentUser(queryClient, user);
      else void queryClient.invalidateQueries({ queryKey: AUTH_KEY });
    },
  });
}

/** Requests a reset e-mail; the server answers the same for unknown users. */
export async function requestPasswordReset(username: string): Promise<string> {
  const answer = await call(api.POST('/api/auth/reset-password', { body: { username } }), { skip401: true, notify: false });
  return answer?.message || MSG_RESET_LINK_SENT;
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}

export interface PerformReset {
  token: string;
  username: string;
  password: string;
}

export async function performPasswordReset(body: PerformReset): Promise<string> {
  const answer = await call(api.POST('/api/auth/perform-reset-password', { body }), { skip401: true, notify: false });
  return answer?.message || MSG_RESET_DONE;
}

export function usePerformPasswordReset() {
  return useMutation({ mutationFn: performPasswordReset });
}

export async function logout(): Promise<void> {
  await call(api.POST('/api/auth/logout'), { skip401: true, notify: false });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onError: (e) => console.error('logout failed', e),
    onSettled: () => clearSession(queryClient),
  });
}
