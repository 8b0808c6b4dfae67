import { queryOptions } from '@tanstack/react-query';
import { api, call, type Schemas } from '../../../lib/api';
import { orderKeys } from '../keys';

export type AssignmentDecision = Schemas['AssignmentDecision'];
export type RankedCandidate = Schemas['RankedCandidate'];
export type OfferItem = Schemas['OfferItem'];

/** GET /api/staff/orders/{id}/assignment-decision; null when automatic assignment never decided on the order. */
export const assignmentDecisionQuery = (orderId: number) =>
  queryOptions({
    queryKey: orderKeys.assignmentDecision(orderId),
    queryFn: () => call(api.GET('/api/staff/orders/{id}/assignment-decision', { params: { path: { id: orderId } } }), { notify: false }),
  });
