import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { api, call, type Schemas } from '../../lib/api';

export type SecureLink = Schemas['SecureLink'];
export type SecureLinkAttachment = Schemas['SecureLinkAttachment'];

export const MSG_LINKS_FAILED = 'Failed to load secure links.';
export const MSG_NO_LINKS = 'No secure links found.';
export const MSG_LINK_NOT_FOUND = 'Secure link not found';

export const LINKS_KEY = ['secure-links'] as const;

export function secureLinksQuery() {
  return queryOptions({
    queryKey: LINKS_KEY,
    queryFn: () => call(api.GET('/api/appraiser/secure-links'), { notify: false, errorMessage: MSG_LINKS_FAILED }),
  });
}

/** Opens a link: the server sets viewDateTime the first time; the list is updated in place. */
export async function markViewed(queryClient: QueryClient, id: number): Promise<SecureLink> {
  const link = await call(api.POST('/api/appraiser/secure-links/{id}/viewed', { params: { path: { id } } }), { notify: false, errorMessage: MSG_LINK_NOT_FOUND });
  queryClient.setQueryData<SecureLink[]>(LINKS_KEY, (list) => list?.map((l) => (l.id === link.id ? link : l)));
  return link;
}
