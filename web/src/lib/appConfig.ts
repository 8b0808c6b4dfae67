import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, call, type Schemas } from './api';

export type AppConfig = Schemas['AppConfig'];

export const SIGN_UP_FALLBACK_URL = 'https://careers.example.com';
export const SUPPORT_HOURS = 'Monday to Friday, 8:00 AM to 5:00 PM CST';

/** mailto: with a subject, encoded. */
export function mailto(address: string, subject?: string): string {
  return `mailto:${address}${subject ? `?subject=${encodeURIComponent(subject)}` : ''}`;
}

/** tel: with the digits (and a leading +) of a phone number as people write it. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^0-9+]/g, '')}`;
}

/** Public runtime configuration; failures are only logged, with no notice. */
export const appConfigQuery = queryOptions({
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

export function useAppConfig() {
  return useQuery(appConfigQuery);
}
