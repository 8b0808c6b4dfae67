import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Schemas } from '../../../lib/api';
import { renderApp } from '../../../test/render';
import { loggedIn, runFakeServer, server } from '../../../test/server';
import { recordsServer, settled, staffUser } from './recordsFixtures';
import { MSG_FAIL_NOTE, MSG_REVIEW_SAVED } from './ReviewCard';

runFakeServer();

const review: Schemas['Review'] = {
  complete: false,
  items: [
    { id: 11, text: 'Comparables are within one mile.', answer: 'pass', note: null, answeredBy: 'Rae Reviewer', answeredAt: '2026-03-02T15:30:00Z' },
    { id: 12, text: 'The sketch matches the living area.', answer: null, note: null, answeredBy: null, answeredAt: null },
    { id: 13, text: 'Adjustments are explained.', answer: null, note: null, answeredBy: null, answeredAt: null },
  ],
};

const inReview = { statusId: 14 as const, orderStatus: 'In Review', availableActions: ['SEND_MESSAGE', 'REQUEST_REVISION', 'COMPLETE'] as Schemas['OrderAction'][] };

const card = () => screen.findByRole('region', { name: 'Review Checklist' });
const radios = (card: HTMLElement, item: string) => within(card).getByRole('radiogroup', { name: item });

/** Staff on order 5 in review; the first save is refused (a note too long), the next answers with the review saved. */
function reviewServer() {
  const sent: unknown[] = [];
  server.use(loggedIn(staffUser));
  recordsServer({ order: inReview, review });
  server.use(
    http.put('*/api/staff/orders/5/review', async ({ request }) => {
      const body = (await request.json()) as Schemas['ReviewBody'];
      sent.push(body);
      if (sent.length === 1) return HttpResponse.json({ message: 'The note is too long.', fields: { 'items[1].note': 'Note: at most 2000 characters.' } }, { status: 422 });
      const now = '2026-03-03T16:00:00Z';
      return HttpResponse.json({
        complete: true,
        items: review.items.map((i) => {
          const a = body.items.find((x) => x.id === i.id);
          return a ? { ...i, answer: a.answer, note: a.note ?? null, answeredBy: 'Sam Staff', answeredAt: now } : i;
        }),
      });
    }),
  );
  return sent;
}

describe('Review Checklist card', () => {
  it('counts the answers, and a failed item needs a note before anything is sent', async () => {
    const sent = reviewServer();
    renderApp('/staff/orderdetails/5');
    const c = await card();
    expect(within(c).getByText('1 of 3 answered')).toBeInTheDocument();
    expect(within(c).getByText(/^Answered by Rae Reviewer on 03\/02\/2026/)).toBeInTheDocument();
    const save = within(c).getByRole('button', { name: 'Save Review' });
    expect(save).toBeDisabled();
    fireEvent.click(within(radios(c, 'Adjustments are explained.')).getByRole('radio', { name: 'Fail' }));
    fireEvent.click(save);
    expect(within(c).getByRole('textbox', { name: 'Note: Adjustments are explained.' })).toHaveAccessibleDescription(MSG_FAIL_NOTE);
    await settled();
    expect(sent).toEqual([]);
  });

  it('sends the answers given or changed, and a refused note shows under its item', async () => {
    const sent = reviewServer();
    renderApp('/staff/orderdetails/5');
    const c = await card();
    fireEvent.click(within(radios(c, 'The sketch matches the living area.')).getByRole('radio', { name: 'Pass' }));
    fireEvent.click(within(radios(c, 'Adjustments are explained.')).getByRole('radio', { name: 'Fail' }));
    const note = within(c).getByRole('textbox', { name: 'Note: Adjustments are explained.' });
    fireEvent.change(note, { target: { value: 'Explain the view adjustment.' } });
    const save = within(c).getByRole('button', { name: 'Save Review' });
    fireEvent.click(save);
    await waitFor(() => expect(note).toHaveAccessibleDescription('Note: at most 2000 characters.'));
    expect(within(c).getByRole('textbox', { name: 'Note: The sketch matches the living area.' })).not.toHaveAccessibleDescription();
    expect(within(c).getByRole('alert')).toHaveTextContent('The note is too long.');

    fireEvent.click(save);
    expect(await screen.findByText(MSG_REVIEW_SAVED)).toBeInTheDocument();
    const answers = {
      items: [
        { id: 12, answer: 'pass', note: null },
        { id: 13, answer: 'fail', note: 'Explain the view adjustment.' },
      ],
    };
    expect(sent).toEqual([answers, answers]);
    expect(await within(c).findByText('3 of 3 answered')).toBeInTheDocument();
    expect(within(c).getAllByText(/^Answered by Sam Staff on 03\/03\/2026/)).toHaveLength(2);
    expect(within(c).getByRole('button', { name: 'Save Review' })).toBeDisabled();
  });

  it('is read-only once the order no longer offers Complete', async () => {
    server.use(loggedIn(staffUser));
    recordsServer({ order: { statusId: 15, orderStatus: 'Completed', availableActions: ['DELIVER'] }, review });
    renderApp('/staff/orderdetails/5');
    const c = await card();
    expect(within(c).getByText('1 of 3 answered')).toBeInTheDocument();
    expect(within(c).getByText('Comparables are within one mile.')).toBeInTheDocument();
    expect(within(c).getByText('Pass')).toBeInTheDocument();
    expect(within(c).getAllByText('Not answered')).toHaveLength(2);
    expect(within(c).queryByRole('radio')).toBeNull();
    expect(within(c).queryByRole('button', { name: 'Save Review' })).toBeNull();
  });

  it('is hidden outside review while nothing is answered', async () => {
    server.use(loggedIn(staffUser));
    const loads = recordsServer({
      order: { availableActions: ['SEND_MESSAGE'] },
      review: { complete: false, items: review.items.map((i) => ({ ...i, answer: null, answeredAt: null })) },
    });
    renderApp('/staff/orderdetails/5');
    expect(await screen.findByRole('tab', { name: 'Order Details' })).toBeInTheDocument();
    await waitFor(() => expect(loads.review).toBe(1));
    await settled();
    expect(screen.queryByRole('region', { name: 'Review Checklist' })).toBeNull();
  });
});
