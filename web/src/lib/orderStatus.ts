import type { Schemas } from './api';

/**
 * The finished order statuses (crates/server/src/orders/status.rs CLOSED): completed, reviewed,
 * delivered to client, cancelled, rejected, invoice created. A closed order can no longer be
 * corrected; the server answers 409 for one all the same.
 */
export const CLOSED_STATUSES: readonly Schemas['OrderStatus'][] = [15, 17, 18, 19, 21, 22];

export function isClosedStatus(statusId: number): boolean {
  return (CLOSED_STATUSES as readonly number[]).includes(statusId);
}
