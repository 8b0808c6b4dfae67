import type { SearchFilter } from './dashboardParams';

/**
 * Every query key of the orders feature, in one place: the dashboard, an order's details and the
 * lists its action dialogs load. Invalidate with these, never with literal keys.
 */
export const orderKeys = {
  /** Every dashboard page (any filter): an order action changes its order's row. */
  dashboard: () => ['dashboard'] as const,
  dashboardPage: (filter: SearchFilter) => [...orderKeys.dashboard(), filter] as const,
  searchStatuses: () => ['constants', 'search-statuses'] as const,
  /** Staff's compliance flag: orders whose borrower's copy is due (read again each time the dashboard shows). */
  borrowerCopiesDue: () => ['staff', 'compliance', 'borrower-copies'] as const,
  details: (orderId: number) => ['order-details', orderId] as const,
  /** The mutations of the order's action dialogs (a mutation key: which of them is in flight). */
  action: (orderId: number) => ['order-action', orderId] as const,
  /** The order's latest self-scheduling link: under the details' key, so whatever reloads the order reloads it too. */
  schedulingLink: (orderId: number) => [...orderKeys.details(orderId), 'scheduling-link'] as const,
  /** Staff's internal notes on an order (never asked for by anyone else). */
  notes: (orderId: number) => ['staff', 'order-notes', orderId] as const,
  /** What the order's data file says, with its hard stops and warnings. */
  reportData: (orderId: number) => ['orders', 'report-data', orderId] as const,
  /** The fair-language findings of the order's current report PDF and data file. */
  fairLanguage: (orderId: number) => ['orders', 'fair-language', orderId] as const,
  /** The reviewer's checklist answers (staff only). */
  review: (orderId: number) => ['staff', 'review', orderId] as const,
  /** The revision rounds with the appraiser's answers (staff and the order's appraiser). */
  revisions: (orderId: number) => ['orders', 'revisions', orderId] as const,
  /** The lender's revision requests, for staff to forward to the appraiser (staff only). */
  lenderRevisions: (orderId: number) => ['staff', 'lender-revisions', orderId] as const,
  /** The UCDP / EAD record (staff only). */
  ucdp: (orderId: number) => ['staff', 'ucdp', orderId] as const,
  /** The borrower's copy: links sent, downloads, a waiver (staff only). */
  borrowerCopy: (orderId: number) => ['staff', 'borrower-copy', orderId] as const,
  /** How automatic assignment chose the order's appraiser (staff only). */
  assignmentDecision: (orderId: number) => ['staff', 'assignment-decision', orderId] as const,
  /** The messages between staff and the order's client (staff only). */
  clientMessages: (orderId: number) => ['staff', 'client-messages', orderId] as const,
  /** The reconsiderations of value sent to the order's appraiser (the appraiser's card; staff read the queue's). */
  sentReconsiderations: (orderId: number) => ['orders', 'reconsiderations', orderId] as const,
  // The action dialogs' lists.
  assignableAppraisers: (orderId: number) => ['order-actions', 'assignable', orderId] as const,
  candidates: (orderId: number) => ['staff', 'candidates', orderId] as const,
  fileTypes: (orderId: number) => ['constants', 'order-file-types', orderId] as const,
  manualStatuses: () => ['constants', 'status-message-options'] as const,
};
