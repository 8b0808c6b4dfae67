import { queryOptions } from '@tanstack/react-query';
import { api, call, type Schemas } from './api';

/**
 * Reconsiderations of value (docs/domain.md#reconsideration-of-value): the case as the API sends it,
 * the words each of its codes is shown in, and staff's queue, which the queue screen, the
 * dashboard's flag and the order page all read.
 */
export type Reconsideration = Schemas['Reconsideration'];

/** What the borrower's and the lender's request sends (docs/domain.md#reconsideration-of-value). */
export type ReconsiderationBody = Schemas['ReconsiderationBody'];

/** Deficiencies and alternative comparables one request may list (the server's request.rs). */
export const MAX_DEFICIENCIES = 20;
export const MAX_COMPARABLES = 5;

/** A case's status, or `open` (every status but resolved) in the queue's filter. */
export type QueueStatus = 'open' | 'requested' | 'reviewed' | 'sent' | 'answered' | 'resolved';

export const STATUS_LABELS: Readonly<Record<string, string>> = {
  requested: 'Requested',
  reviewed: 'Reviewed',
  sent: 'Sent to appraiser',
  answered: 'Answered',
  resolved: 'Resolved',
};

/** The grounds a request may give, in the order the request form offers them. */
export const BASIS_LABELS: Readonly<Record<string, string>> = {
  unsupported: 'Unsupported value',
  unacceptable_practice: 'Unacceptable appraisal practice',
  discrimination: 'Discrimination',
  factual_error: 'Factual error',
};

export const INITIATED_BY_LABELS: Readonly<Record<string, string>> = { borrower: 'Borrower', lender: 'Lender' };

/** The appraiser's answer. */
export const ANSWER_LABELS: Readonly<Record<string, string>> = { no_change: 'No change', revised: 'Revised' };

/** How staff resolved the case. */
export const OUTCOME_LABELS: Readonly<Record<string, string>> = {
  value_changed: 'Value changed',
  value_unchanged: 'Value unchanged',
  second_appraisal: 'Second appraisal',
  rejected_incomplete: 'Rejected as incomplete',
};

/** The words of a code (the code itself when it is new to the web app). */
export const labelOf = (labels: Readonly<Record<string, string>>, code: string) => labels[code] ?? code;

export interface QueueFilter {
  status?: QueueStatus;
  orderId?: number;
  /** Only the open cases past their due date. */
  overdue?: boolean;
}

/** Every query of staff's queue starts with this key: an action on a case refreshes them all. */
export const RECONSIDERATIONS_KEY = ['staff', 'reconsiderations'] as const;

/** GET /api/staff/reconsiderations: the cases the filter picks, oldest due first (failures are shown by the screen). */
export const reconsiderationsQuery = (filter: QueueFilter) =>
  queryOptions({
    queryKey: [...RECONSIDERATIONS_KEY, filter] as const,
    queryFn: () => call(api.GET('/api/staff/reconsiderations', { params: { query: filter } }), { notify: false }),
  });
