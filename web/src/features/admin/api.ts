import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError, call, handleFailure, type Schemas } from '../../lib/api';
import { notify } from '../../lib/notify';
import { clearSession, setCurrentUser, validateLoggedInUser, type LoggedInUser } from '../../lib/session';
import { AUDIT_PAGE_SIZE, MSG_BACKDOOR_FAILURE, MSG_DEVREF_CREATE_FAILED, MSG_DEVREF_LOAD_FAILED, MSG_DEVREF_UPDATE_FAILED } from './constants';

export type DevRef = Schemas['DevRef'];
export type AuditPage = Schemas['AuditPage'];
export type AuditEntry = Schemas['AuditEntryView'];

/** The admin feature's query keys. */
export const adminKeys = {
  devRefs: () => ['admin', 'dev-refs'] as const,
  audit: (filter: AuditFilter) => ['admin', 'audit', filter] as const,
};
const DEV_REFS_KEY = adminKeys.devRefs();

/** 401 and 403 already got the shared notice; other failures get the feature's own. */
function notifyUnlessShared(e: unknown, message: string): void {
  if (e instanceof ApiError && (e.status === 401 || e.status === 403)) return;
  notify('error', message);
}

export function useDevRefs() {
  return useQuery({
    queryKey: DEV_REFS_KEY,
    queryFn: async () => {
      try {
        return await call(api.GET('/api/dev/dev-refs'), { notify: false });
      } catch (e) {
        notifyUnlessShared(e, MSG_DEVREF_LOAD_FAILED);
        throw e;
      }
    },
    retry: false,
  });
}

export interface DevRefInput {
  name: string;
  url: string;
}

export function useCreateDevRef() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DevRefInput) => call(api.POST('/api/dev/dev-refs/create', { body: input }), { notify: false }),
    onSuccess: (created) => {
      queryClient.setQueryData<DevRef[]>(DEV_REFS_KEY, (old) => [...(old ?? []), created]);
      void queryClient.invalidateQueries({ queryKey: DEV_REFS_KEY });
    },
    onError: (e) => notifyUnlessShared(e, MSG_DEVREF_CREATE_FAILED),
  });
}

export function useUpdateDevRef() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DevRef) => call(api.POST('/api/dev/dev-refs/update', { body: input }), { notify: false }),
    onSuccess: (updated) => {
      queryClient.setQueryData<DevRef[]>(DEV_REFS_KEY, (old) => (old ?? []).map((r) => (r.id === updated.id ? updated : r)));
      void queryClient.invalidateQueries({ queryKey: DEV_REFS_KEY });
    },
    onError: (e) => notifyUnlessShared(e, MSG_DEVREF_UPDATE_FAILED),
  });
}

export interface AuditFilter {
  userId: number | null;
  action: string | null;
  page: number;
}

export function useAuditLog(filter: AuditFilter) {
  return useQuery({
    queryKey: adminKeys.audit(filter),
    queryFn: () =>
      call(
        api.GET('/api/admin/audit', {
          params: {
            query: {
              userId: filter.userId ?? undefined,
              action: filter.action || undefined,
              page: filter.page,
              limit: AUDIT_PAGE_SIZE,
            },
          },
        }),
        { notify: false },
      ),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/**
 * Back-door sign-in: the session becomes the appraiser's. Any refusal (unknown user, not an
 * appraiser) is the one failure message; only an expired own session gets the shared handling.
 */
export async function backDoorLogin(username: string): Promise<LoggedInUser> {
  let result;
  try {
    result = await api.POST('/api/auth/back-door', { body: { username } });
  } catch {
    throw new Error(MSG_BACKDOOR_FAILURE);
  }
  if (!result.response.ok) {
    if (result.response.status === 401) throw handleFailure(401, result.error);
    throw new Error(MSG_BACKDOOR_FAILURE);
  }
  try {
    return validateLoggedInUser(result.data);
  } catch {
    throw new Error(MSG_BACKDOOR_FAILURE);
  }
}

export function useBackDoorLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: backDoorLogin,
    onSuccess: (user) => {
      // Nothing cached for the secret administrator belongs to the appraiser's session.
      clearSession(queryClient);
      setCurrentUser(queryClient, user);
    },
  });
}
