import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { orderDetailsFixture } from '../../../test/orderDetails';
import { renderApp } from '../../../test/render';
import { appConfig, csrf, loggedIn, runFakeServer, server } from '../../../test/server';
import { MSG_NO_NOTES_YET, MSG_NOTES_HINT, noteError } from './InternalNotes';

runFakeServer();

const appraiser = { securityUserId: 10, userType: 1, firstName: 'Dana', lastName: 'Reed' };
const staff = { securityUserId: 20, userType: 2, firstName: 'Sam', lastName: 'Staff' };
const secret = { securityUserId: 30, userType: 5, firstName: 'Ada', lastName: 'Admin' };

type Note = { id: number; text: string; author: string; createdAt: string };

/** The order page's calls, and the notes endpoint keeping `notes`; counts every notes call. */
function notesServer(notes: Note[], answers: Response[] = []) {
  const calls = { list: 0, posted: [] as unknown[] };
  server.use(
    csrf,
    appConfig(),
    http.get('*/api/order-details/:id', () => HttpResponse.json(orderDetailsFixture())),
    http.get('*/api/staff/orders/:id/notes', () => {
      calls.list += 1;
      return HttpResponse.json(notes);
    }),
    http.post('*/api/staff/orders/:id/notes', async ({ request }) => {
      const body = (await request.json()) as { text: string };
      calls.posted.push(body);
      const answer = answers.shift();
      if (answer) return answer;
      const note = { id: notes.length + 1, text: body.text, author: 'Sam Staff', createdAt: '2026-01-05T16:30:00Z' };
      notes.push(note);
      return HttpResponse.json(note, { status: 201 });
    }),
  );
  return calls;
}

describe('Internal notes', () => {
  it('follows the server rule for a note', () => {
    expect(noteError('  ')).toBe('Note is required.');
    expect(noteError('x'.repeat(4000))).toBeUndefined();
    expect(noteError('x'.repeat(4001))).toBe('Note can be at most 4000 characters long.');
  });

  it('lists the notes oldest first for staff, with author and time', async () => {
    notesServer([
      { id: 2, text: 'Client called back:\nkeep the fee.', author: 'Sam Staff', createdAt: '2026-01-04T15:00:00Z' },
      { id: 1, text: 'Asked the client about the fee.', author: 'Ada Admin', createdAt: '2026-01-03T15:00:00Z' },
    ]);
    server.use(loggedIn(staff));
    renderApp('/staff/orderdetails/5');
    const card = await screen.findByRole('region', { name: 'Internal Notes' });
    expect(within(card).getByRole('heading', { level: 2, name: 'Internal Notes' })).toBeInTheDocument();
    expect(within(card).getByText(MSG_NOTES_HINT)).toBeInTheDocument();
    const items = await within(card).findAllByRole('listitem');
    expect(items.map((i) => i.getAttribute('data-note-id'))).toEqual(['1', '2']);
    expect(items[0]).toHaveTextContent('Ada Admin');
    expect(items[0]).toHaveTextContent('01/03/2026, 9:00 AM');
    expect(items[1]).toHaveTextContent('Client called back: keep the fee.');
  });

  it('adds a note, shows the server refusal under the field, and refreshes the list', async () => {
    const calls = notesServer([], [HttpResponse.json({ message: 'Note can be at most 4000 characters long.' }, { status: 422 })]);
    server.use(loggedIn(secret));
    renderApp('/staff/orderdetails/5');
    const card = await screen.findByRole('region', { name: 'Internal Notes' });
    expect(await within(card).findByText(MSG_NO_NOTES_YET)).toBeInTheDocument();

    const field = within(card).getByRole('textbox', { name: 'Add a note' });
    const add = within(card).getByRole('button', { name: 'Add Note' });
    fireEvent.click(add);
    expect(await within(card).findByText('Note is required.')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(calls.posted).toEqual([]);

    fireEvent.change(field, { target: { value: '  Spoke to the lender.  ' } });
    expect(within(card).queryByText('Note is required.')).not.toBeInTheDocument();
    fireEvent.click(add);
    expect(await within(card).findByText('Note can be at most 4000 characters long.')).toBeInTheDocument();
    expect(calls.posted).toEqual([{ text: 'Spoke to the lender.' }]);

    fireEvent.click(add);
    expect(await within(card).findByText('Spoke to the lender.')).toBeInTheDocument();
    expect(within(card).queryByText('Note can be at most 4000 characters long.')).not.toBeInTheDocument();
    expect(field).toHaveValue('');
    expect(calls.list).toBe(2);
    expect(await screen.findByText('The note was added.')).toBeInTheDocument();
  });

  it('is never shown to an appraiser, nor asked for', async () => {
    const calls = notesServer([{ id: 1, text: 'Secret', author: 'Sam Staff', createdAt: '2026-01-03T15:00:00Z' }]);
    server.use(loggedIn(appraiser));
    renderApp('/appraiser/orderdetails/5');
    expect(await screen.findByRole('heading', { level: 1, name: 'Order #26000005' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Notes & Instructions' })).toBeInTheDocument();
    // Give a stray request the time to be made.
    await new Promise((r) => setTimeout(r, 50));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Internal Notes' })).not.toBeInTheDocument());
    expect(screen.queryByText(MSG_NOTES_HINT)).not.toBeInTheDocument();
    expect(calls.list).toBe(0);
    expect(calls.posted).toEqual([]);
  });
});
