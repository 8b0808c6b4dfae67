import { OrderStatus } from './api-enums';

/**
 * The finished order statuses (crates/db/src/status.rs CLOSED). A closed order can no longer be
 * corrected; the server answers 409 for one all the same.
 */
export const CLOSED_STATUSES: readonly OrderStatus[] = [
  OrderStatus.Completed,
  OrderStatus.Reviewed,
  OrderStatus.DeliveredToClient,
  OrderStatus.Cancelled,
  OrderStatus.Rejected,
  OrderStatus.InvoiceCreated,
];

export function isClosedStatus(statusId: number): boolean {
  return (CLOSED_STATUSES as readonly number[]).includes(statusId);
}
