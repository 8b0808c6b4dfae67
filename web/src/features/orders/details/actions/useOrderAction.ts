import { useMutation, useMutationState, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { failureText, isSharedFailure } from '../../../../lib/api';
import { notify } from '../../../../lib/notify';
import { orderKeys } from '../../keys';
import type { ActionOutcome } from './types';
import { setVisibility } from './api';
import { MSG_ACTION_FAILED, MSG_VISIBILITY_FAILED } from './rules';

/**
 * What an order action changed: the order and its row on the dashboard. An action that takes the
 * order away (reject) only marks the order stale: reloading it now would be refused.
 */
function reloadChanged(queryClient: QueryClient, orderId: number, outcome?: ActionOutcome): Promise<void> {
  void queryClient.invalidateQueries({ queryKey: orderKeys.dashboard() });
  const refetchType = outcome?.leaveTo ? 'none' : 'active';
  // The review and delivery records follow the order's status (a revision round opened or answered, a copy due).
  for (const queryKey of [orderKeys.review(orderId), orderKeys.revisions(orderId), orderKeys.borrowerCopy(orderId)]) void queryClient.invalidateQueries({ queryKey, refetchType });
  return queryClient.invalidateQueries({ queryKey: orderKeys.details(orderId), refetchType });
}

type Done = { message: string };

interface Submission {
  send: () => Promise<Done>;
  outcome?: ActionOutcome;
}

/**
 * The mutation of every order action dialog: busy state, failure text and a runner that sends the
 * action, notifies success, reloads what the action changed, then reports back to the page.
 */
export function useOrderAction(orderId: number, onDone: (outcome?: ActionOutcome) => void, fallback = MSG_ACTION_FAILED) {
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const mutation = useMutation({
    mutationKey: orderKeys.action(orderId),
    mutationFn: ({ send }: Submission) => send(),
    onSuccess: async (done, { outcome }) => {
      notify('success', done.message);
      await reloadChanged(queryClient, orderId, outcome);
    },
  });

  /** Sends the action; answers why it failed (the error, for a dialog that shows what it names), undefined on success. */
  const run = async (send: () => Promise<Done>, outcome?: ActionOutcome): Promise<unknown> => {
    setFailure(null);
    try {
      await mutation.mutateAsync({ send, outcome });
    } catch (e) {
      console.error('order action failed', e);
      if (!isSharedFailure(e)) setFailure(failureText(e, fallback));
      return e;
    }
    onDone(outcome);
    return undefined;
  };
  return { busy: mutation.isPending, failure, setFailure, run };
}

/** How long after it was sent an action that takes the order away still decides where the page goes. */
const LEAVING_MS = 60_000;

/**
 * Whether an action that takes the order away from the caller (a rejection) is under way or just
 * answered: the order may stop being theirs before the answer arrives, and the answer, not the
 * live update that came first, decides where the page goes (the dashboard, once its page loads).
 */
export function useLeavingOrder(orderId: number): boolean {
  const leaving = useMutationState({
    filters: {
      mutationKey: orderKeys.action(orderId),
      predicate: (m) => m.state.status !== 'error' && Date.now() - m.state.submittedAt < LEAVING_MS,
    },
    select: (m) => Boolean((m.state.variables as Submission | undefined)?.outcome?.leaveTo),
  });
  return leaving.some(Boolean);
}

/**
 * SET_VISIBILITY: staff hide an item of the order from appraisers or show it again. Success or
 * failure is told; the order is reloaded either way.
 */
export function useSetVisibility(orderId: number) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (body: Parameters<typeof setVisibility>[1]) => setVisibility(orderId, body),
    onSuccess: (done) => notify('success', done.message),
    onError: (e) => notify('error', failureText(e, MSG_VISIBILITY_FAILED)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.details(orderId) }),
  });
  return (body: Parameters<typeof setVisibility>[1]) => mutation.mutateAsync(body).catch(() => undefined);
}
