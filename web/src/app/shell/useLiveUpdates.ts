import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect } from 'react';
import { clientKeys } from '../../features/client/api';
import { orderKeys } from '../../features/orders/keys';
import { paymentKeys } from '../../features/payments/api';
import { quoteKeys } from '../../features/quotes/api';
import { staffQuoteKeys } from '../../features/staff/quotes/api';
import { PAYABLE_KEY } from '../../features/staff/payments/api';

/** What an event says changed; the page asks for the rest itself. */
type Said = { orderId?: number | null; quoteId?: number | null };

function said(event: Event): Said {
  try {
    return JSON.parse((event as MessageEvent<string>).data) as Said;
  } catch {
    return {};
  }
}

/**
 * Refreshes what the signed-in user sees when the server says it changed (GET /api/events: the
 * dashboard, an order page, quotes, payments), without a reload. The browser reconnects a dropped
 * stream by itself, and the server replays what was missed (Last-Event-ID).
 */
export function useLiveUpdates(signedIn: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!signedIn || typeof EventSource === 'undefined') return;
    const source = new EventSource('/api/events');
    const refresh = (keys: QueryKey[]) => keys.forEach((queryKey) => void queryClient.invalidateQueries({ queryKey }));
    source.addEventListener('order', (e) => {
      const { orderId } = said(e);
      refresh(orderId ? [orderKeys.dashboard(), orderKeys.details(orderId), orderKeys.clientMessages(orderId), clientKeys.orders()] : [orderKeys.dashboard(), clientKeys.orders()]);
    });
    source.addEventListener('quote', () => refresh([quoteKeys.all, staffQuoteKeys.all]));
    source.addEventListener('payment', () => refresh([paymentKeys.all, PAYABLE_KEY, orderKeys.dashboard()]));
    return () => source.close();
  }, [signedIn, queryClient]);
}

/** The hook as a component, so the shell can load it (and the features' query keys) when signed in. */
export function LiveUpdates() {
  useLiveUpdates(true);
  return null;
}
