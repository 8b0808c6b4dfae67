import { useMutation } from '@tanstack/react-query';
import { ApiError } from '../lib/api';
import { notify } from '../lib/notify';

interface DialogSaveOptions {
  /** The notice once saved. */
  done: string;
  /** The dialog's fields: a refusal's messages go under the ones it names. */
  fields: { showRefusal: (error: unknown) => void };
  /** Refreshes the list the dialog changes. */
  onDone: () => void;
  onClose: () => void;
}

/**
 * A dialog's `save` of something on a list: once saved it says `done`, refreshes the list and closes; a refusal shows under the fields, and a 409 (the list is out of date) refreshes it too.
 */
export function useDialogSave(save: () => Promise<unknown>, { done, fields, onDone, onClose }: DialogSaveOptions) {
  return useMutation({
    mutationFn: save,
    onSuccess: () => {
      notify('success', done);
      onDone();
      onClose();
    },
    onError: (e) => {
      fields.showRefusal(e);
      if (e instanceof ApiError && e.status === 409) onDone();
    },
  });
}
