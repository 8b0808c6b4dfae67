import { OrderStatus } from '../../../lib/api-enums';
import type { OrderDetails } from './types';

/**
 * The report file types by the name the order's files carry (the server's REPORT_FILE_TYPES in
 * reports/data.rs: the appraisal report and the revised report).
 */
const REPORT_FILE_TYPES = ['Appraisal Report', 'Revised Appraisal Report'];

/** The statuses an order reaches only once a report was uploaded: review, revisions, UCDP and the finished ones but cancelled. */
const REPORTED_STATUSES: readonly number[] = [
  OrderStatus.UcdpReadyToUpload,
  OrderStatus.InReview,
  OrderStatus.Completed,
  OrderStatus.RevisionRequested,
  OrderStatus.Reviewed,
  OrderStatus.DeliveredToClient,
  OrderStatus.UcdpFail,
  OrderStatus.InvoiceCreated,
  OrderStatus.LenderRevisionRequest,
  OrderStatus.RevisionRequestedResponse,
  OrderStatus.Level2Qc,
  OrderStatus.PendingLevel2,
  OrderStatus.ReviewEscalation,
  OrderStatus.PossibleRevision,
  OrderStatus.Level3Qc,
  OrderStatus.DocumentReview,
  OrderStatus.PendingDelivery,
  OrderStatus.DuplicateReview,
  OrderStatus.ChaseEscalation,
  OrderStatus.LeadershipQc,
];

/** Whether the order has a report yet: a report file not hidden, or a status only a report leads to. */
export function hasReport(order: Pick<OrderDetails, 'statusId' | 'files'>): boolean {
  return REPORTED_STATUSES.includes(order.statusId) || (order.files ?? []).some((f) => !f.hide && REPORT_FILE_TYPES.includes(f.fileTypeDescription));
}
