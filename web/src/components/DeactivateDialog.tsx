import { Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notify } from '../lib/notify';
import { FormDialog, mutationState } from './FormDialog';

interface DeactivateDialogProps {
  /** "Deactivate Firm". */
  title: string;
  /** What deactivating does, for the question. */
  consequence: string;
  /** Makes the call; answers the success notice. */
  deactivate: () => Promise<string>;
  /** The list to read again once deactivated. */
  listKey: readonly unknown[];
  /** The failure shown when the server gives no reason. */
  failure: string;
  onClose: () => void;
}

/** Asks before deactivating a list row's record; once done, says so, reads the list again and closes. */
export function DeactivateDialog({ title, consequence, deactivate, listKey, failure, onClose }: DeactivateDialogProps) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: deactivate,
    onSuccess: async (message) => {
      notify('success', message);
      await queryClient.invalidateQueries({ queryKey: listKey });
      onClose();
    },
  });
  return (
    <FormDialog title={title} opened onClose={onClose} onSubmit={() => mutation.mutate()} submitLabel="Deactivate" danger {...mutationState(mutation, failure)}>
      <Text size="sm">{consequence}</Text>
    </FormDialog>
  );
}
