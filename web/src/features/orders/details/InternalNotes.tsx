import { Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { InfoCard } from '../../../components/DataDisplay';
import { MessageForm, MessageList, type ThreadMessage } from '../../../components/MessageThread';
import { requiredTextError } from '../../../lib/fieldRules';
import { notify } from '../../../lib/notify';
import { orderKeys } from '../keys';
import { addOrderNote, orderNotesQuery, type Note } from './api';

export const MSG_NOTES_HINT = 'Staff only: never shown to appraisers or clients.';
export const MSG_NO_NOTES_YET = 'No internal notes yet.';
export const MSG_NOTES_LOAD_FAILED = 'The notes could not be loaded.';
export const MSG_NOTE_ADDED = 'The note was added.';
const MSG_NOTE_FAILED = 'The note could not be added. Please try again.';
/** The server's limit (crates/server/src/staff/notes.rs MAX_NOTE). */
export const MAX_NOTE = 4000;

/** The server's rule for a note, in its words: required, at most 4000 characters. */
export const noteError = (text: string) => requiredTextError('Note', text, MAX_NOTE);

const asThreadMessage = (n: Note): ThreadMessage => ({ id: n.id, body: n.text, from: n.author, createdAt: n.createdAt });

/**
 * Staff's internal notes on an order, oldest first, and a field to add one. Render it for STAFF and
 * SECRET only: the calls are theirs, and appraisers never see the notes.
 */
export function InternalNotes({ orderId, timeZone }: { orderId: number; timeZone: string | null }) {
  const queryClient = useQueryClient();
  const notes = useQuery({ ...orderNotesQuery(orderId), select: (list) => list.map(asThreadMessage) });
  return (
    <InfoCard title="Internal Notes" testId="card-internal-notes">
      <Text size="sm" c="gray.8">
        {MSG_NOTES_HINT}
      </Text>
      <MessageList label="Internal notes" thread={notes} failure={MSG_NOTES_LOAD_FAILED} emptyText={MSG_NO_NOTES_YET} timeZone={timeZone} idAttribute="data-note-id" />
      <MessageForm
        label="Add an internal note"
        fieldLabel="Add a note"
        submitLabel="Add Note"
        rule={noteError}
        failureFallback={MSG_NOTE_FAILED}
        send={(text) => addOrderNote(orderId, text)}
        onSent={() => {
          notify('success', MSG_NOTE_ADDED);
          void queryClient.invalidateQueries({ queryKey: orderKeys.notes(orderId) });
        }}
      />
    </InfoCard>
  );
}
