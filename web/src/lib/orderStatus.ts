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

/**
 * A status's label from its stored name, as the server makes it (status.rs label): each word
 * capitalised, acronyms such as UCDP and QC kept ("default" -> "Default", "in review" -> "In Review").
 */
export function statusLabel(name: string): string {
  return name
    .split(' ')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/**
 * How a lender reads each status: the client area's one table of status words. The company's
 * internal steps (its review and QC stages, the appraiser's calls to schedule) read as the stage
 * the lender cares about; an order nobody has been assigned to yet (3 default) was "Received".
 */
export const LENDER_STATUS_WORDS: Readonly<Record<OrderStatus, string>> = {
  [OrderStatus.UcdpReadyToUpload]: 'In Review',
  [OrderStatus.PendingPayment]: 'Awaiting Payment',
  [OrderStatus.Default]: 'Received',
  [OrderStatus.Assigned]: 'Appraiser Assigned',
  [OrderStatus.Accepted]: 'Accepted by Appraiser',
  [OrderStatus.InProgress]: 'In Progress',
  [OrderStatus.ReferToComments]: 'In Progress',
  [OrderStatus.LeftMessage]: 'Scheduling Inspection',
  [OrderStatus.NoAnswer]: 'Scheduling Inspection',
  [OrderStatus.OnHold]: 'On Hold',
  [OrderStatus.Scheduled]: 'Inspection Scheduled',
  [OrderStatus.Rescheduled]: 'Inspection Rescheduled',
  [OrderStatus.Inspected]: 'Inspected',
  [OrderStatus.InReview]: 'In Review',
  [OrderStatus.Completed]: 'Completed',
  [OrderStatus.RevisionRequested]: 'In Review',
  [OrderStatus.Reviewed]: 'Completed',
  [OrderStatus.DeliveredToClient]: 'Delivered',
  [OrderStatus.Cancelled]: 'Cancelled',
  [OrderStatus.UcdpFail]: 'In Review',
  [OrderStatus.Rejected]: 'Assigning Appraiser',
  [OrderStatus.InvoiceCreated]: 'Invoiced',
  [OrderStatus.LenderRevisionRequest]: 'Revision Requested',
  [OrderStatus.RevisionRequestedResponse]: 'Revision in Review',
  [OrderStatus.Level2Qc]: 'In Review',
  [OrderStatus.WaitingApproval]: 'Awaiting Approval',
  [OrderStatus.Delayed]: 'Delayed',
  [OrderStatus.Draft]: 'Draft',
  [OrderStatus.Quote]: 'Quote',
  [OrderStatus.PendingLevel2]: 'In Review',
  [OrderStatus.CancelPending]: 'Cancellation Pending',
  [OrderStatus.ReviewEscalation]: 'In Review',
  [OrderStatus.PossibleRevision]: 'In Review',
  [OrderStatus.SpotHire]: 'Assigning Appraiser',
  [OrderStatus.AppraiserDelay]: 'Delayed',
  [OrderStatus.Level3Qc]: 'In Review',
  [OrderStatus.DocumentReview]: 'In Review',
  [OrderStatus.PendingDelivery]: 'Preparing Delivery',
  [OrderStatus.DuplicateReview]: 'In Review',
  [OrderStatus.ChaseEscalation]: 'In Review',
  [OrderStatus.LeadershipQc]: 'In Review',
};

/** The lender's word for a status; a status this app does not know yet keeps the server's label. */
export function lenderStatus(statusId: number, label: string): string {
  return (LENDER_STATUS_WORDS as Readonly<Record<number, string>>)[statusId] ?? statusLabel(label);
}

/** A word several statuses share takes one status's badge colour and icon, so "In Review" always looks the same. */
const LENDER_WORD_STYLE: Readonly<Record<string, OrderStatus>> = {
  'In Review': OrderStatus.InReview,
  'In Progress': OrderStatus.InProgress,
  'Scheduling Inspection': OrderStatus.LeftMessage,
  Completed: OrderStatus.Completed,
  'Assigning Appraiser': OrderStatus.SpotHire,
  Delayed: OrderStatus.Delayed,
};

/** A status badge's props in the lender's words: the word, and the status whose colour and icon it shows. */
export function lenderBadge(statusId: number, label: string): { label: string; styleAs: number } {
  const words = lenderStatus(statusId, label);
  return { label: words, styleAs: LENDER_WORD_STYLE[words] ?? statusId };
}
