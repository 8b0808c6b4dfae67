import { useQuery } from '@tanstack/react-query';
import { api, call, type Schemas } from './api';

export type AppConfig = Schemas['AppConfig'];

export const SIGN_UP_FALLBACK_URL = 'https://careers.example.com';
export const SUPPORT_HOURS = 'Monday to Friday, 8:00 AM to 5:00 PM CST';

/** Public runtime configuration; failures are only logged (section 8). */
export function useAppConfig() {
  return useQuery({
    queryKey: ['app-config'],
    queryFn: async (): Promise<AppConfig | null> => {
      try {
        return await call(api.GET('/api/app-config'), { skip401: true, skip403Redirect: true, notify: false });
      } catch (e) {
        console.error('app-config load failed', e);
        return null;
      }
    },
    staleTime: Infinity,
    retry: false,
  });
}
