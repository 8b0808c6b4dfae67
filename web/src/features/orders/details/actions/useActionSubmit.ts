import { useState } from 'react';
import { failureText, isSharedFailure } from '../../../../lib/api';
import { notify } from '../../../../lib/notify';
import type { ActionOutcome } from '../actionDialogs';
import { MSG_ACTION_FAILED } from './rules';

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
      if (!isSharedFailure(e)) setFailure(failureText(e, fallback));
    } finally {
      setBusy(false);
    }
  };
  return { busy, failure, setFailure, run };
}
