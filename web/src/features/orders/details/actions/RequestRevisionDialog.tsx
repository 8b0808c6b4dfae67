import { Textarea } from '@mantine/core';
import { useState } from 'react';
import { FormDialog } from '../../../../components/FormDialog';
import { RevisionItemsInput, useRevisionItems } from '../../../../components/RevisionItems';
import { requestRevision } from './api';
import type { ActionDialogProps } from './types';
import { useOrderAction } from './useOrderAction';

/** Staff send the report back: the items to change (a page or field and what to change), and a note. */
export function RequestRevisionDialog({ order, opened, onClose, onDone }: ActionDialogProps) {
  const request = useRevisionItems();
  const [note, setNote] = useState('');
  const { busy, failure, run } = useOrderAction(order.id, onDone);
  const submit = async () => {
    if (!request.check()) return;
    const failed = await run(() => requestRevision(order.id, { items: request.items(), message: note.trim() || null }), { tab: 'messages' });
    request.showRefusal(failed);
  };
  return (
    <FormDialog title="Request Revision" opened={opened} onClose={onClose} onSubmit={() => void submit()} submitLabel="Request Revision" busy={busy} failure={failure} size="lg">
      <RevisionItemsInput request={request} />
      <Textarea label="Note to the appraiser" rows={3} value={note} onChange={(e) => setNote(e.currentTarget.value)} />
    </FormDialog>
  );
}
