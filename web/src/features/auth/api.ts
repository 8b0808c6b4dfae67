import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ApiError, call } from '../../lib/api';
import { clearSession, setCurrentUser, validateLoggedInUser, type LoggedInUser } from '../../lib/session';

export const MSG_LOGIN_FAILED = 'Login failed. Please check your credentials.';

export interface Credentials {
  username: string;
  password: string;
}

/** Signs in and validates the returned user; errors carry the message to show. */
export async function login(credentials: Credentials): Promise<LoggedInUser> {
  let body: unknown;
  try {
    body = await call(api.POST('/api/auth/login', { body: credentials }), { skip401: true, notify: false });
  } catch (e) {
    if (e instanceof ApiError && e.status === 429) throw e;
    throw new Error(MSG_LOGIN_FAILED);
  }
  return validateLoggedInUser(body);
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => {
      clearSession(queryClient);
      setCurrentUser(queryClient, user);
    },
  });
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
