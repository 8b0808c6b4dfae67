import { queryOptions } from '@tanstack/react-query';
import { api, call, type Schemas } from '../../../lib/api';

/** Secure links staff send (/api/staff/secure-links), and the files of an order they can attach. */
export type SentSecureLink = Schemas['SentSecureLink'];
export type SecureLinkForm = Schemas['SecureLinkForm'];

/** This feature's query keys. */
export const staffLinkKeys = {
  sent: () => ['staff', 'secure-links'] as const,
  orderFiles: (orderId: number) => ['staff', 'order-files', orderId] as const,
};
export const SENT_LINKS_KEY = staffLinkKeys.sent();
const quiet = { notify: false } as const;

export const sentLinksQuery = () => queryOptions({ queryKey: SENT_LINKS_KEY, queryFn: () => call(api.GET('/api/staff/secure-links')) });

/** The files of an order (hidden ones included, as staff see them); the order must exist. */
export const orderFilesQuery = (orderId: number) =>
  queryOptions({
    queryKey: staffLinkKeys.orderFiles(orderId),
    queryFn: async () => (await call(api.GET('/api/order-details/{id}', { params: { path: { id: orderId } } }), quiet)).files,
    retry: false,
  });

export const sendSecureLink = (body: SecureLinkForm) => call(api.POST('/api/staff/secure-links', { body }), quiet);
