import { useState } from 'react';
import { ApiError } from '../../../../lib/api';
import { notify } from '../../../../lib/notify';
import type { ActionOutcome } from '../actionDialogs';
import { MSG_ACTION_FAILED } from './rules';

/**
 * What a failed action tells the user. The catalogue only logs most action failures; we log them
 * too, and also say in the dialog what went wrong: the server's words when it refused the input or
 * the order changed (400, 404, 409, 422), otherwise `fallback`. 401 and 403 have the shared handling.
 */
export function failureText(error: unknown, fallback: string): string {
  return error instanceof ApiError && [400, 404, 409, 422].includes(error.status) ? error.message : fallback;
}

/** Busy state, failure text and a runner that sends an action, notifies success and reports back. */
export function useActionSubmit(onDone: (outcome?: ActionOutcome) => void, fallback = MSG_ACTION_FAILED) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const run = async (send: () => Promise<{ message: string }>, outcome?: ActionOutcome) => {
    setBusy(true);
    setFailure(null);
    try {
      const done = await send();
      notify('success', done.message);
      onDone(outcome);
    } catch (e) {
      console.error('order action failed', e);
      const shared = e instanceof ApiError && (e.status === 401 || e.status === 403);
      if (!shared) setFailure(failureText(e, fallback));
    } finally {
      setBusy(false);
    }
  };
  return { busy, failure, setFailure, run };
}
