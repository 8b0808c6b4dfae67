import { failureText, isSharedFailure } from '../../lib/api';
import { notify } from '../../lib/notify';

/**
 * The failure notice of a profile change: titled with the fixed failure text,
 * carrying the server's reason when it refused the input (e.g. a duplicate), otherwise the failure
 * text alone. 401 and 403 already had the shared notice, so nothing more is said for them.
 */
export function notifyFailure(error: unknown, failure: string): void {
  console.error(failure, error);
  if (isSharedFailure(error)) return;
  const reason = failureText(error, failure);
  if (reason === failure) notify('error', failure);
  else notify('error', reason, failure);
}
