import type { QueryClient } from '@tanstack/react-query';
import { setApiHandlers } from '../lib/api';
import { LOGGED_IN_KEY, clearSession } from '../lib/session';

/** Connects the API client's 401/403 handling to the session and the router. */
export function wireApi(queryClient: QueryClient, navigate: (to: string) => unknown): void {
  setApiHandlers({
    onUnauthorized: () => {
      clearSession(queryClient);
      void queryClient.invalidateQueries({ queryKey: LOGGED_IN_KEY });
    },
    onForbidden: () => {
      void navigate('/forbidden');
    },
  });
}
