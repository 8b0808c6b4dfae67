import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { mockMediaQueries } from '../../../test/media';
import { renderApp } from '../../../test/render';
import { loggedIn, runFakeServer, server } from '../../../test/server';
import type { AssignmentDecision } from './assignmentApi';
import { MSG_HANDED_BACK, TITLE_DECISION } from './AssignmentDecisionCard';
import { recordsServer, settled, staffUser } from './recordsFixtures';

runFakeServer();

const figures = { distanceMiles: 12.34, feeCents: 45000, offersLast30Days: 2, onTimeRate: 0.875, openOrders: 3, revisionsPerOrder: 0.25 };
const decision: AssignmentDecision = {
  mode: 'offer_in_turn',
  decidedAt: '2026-03-02T15:30:00Z',
  outcome: 'offered',
  offers: [
    { appraiserId: 11, name: 'Avery Appraiser', status: 'declined', offeredAt: '2026-03-02T15:30:00Z', expiresAt: '2026-03-03T15:30:00Z', closedAt: '2026-03-02T18:00:00Z' },
  ],
  candidates: [
    {
      appraiserId: 11,
      name: 'Avery Appraiser',
      rank: 1,
      score: 84.25,
      excludedBecause: [],
      figures,
      points: { onTime: 35, quality: 17.5, distance: 16.25, load: 7.5, rotation: 8 },
    },
    {
      appraiserId: 12,
      name: 'Blake Morgan',
      rank: null,
      score: 0,
      excludedBecause: ['Suspended from the panel.'],
      figures: { ...figures, distanceMiles: null, onTimeRate: null, revisionsPerOrder: null, feeCents: null },
    },
  ],
};

/** Staff on order 5, the decision answering `answer` (a 404 without one). */
function decisionServer(answer: AssignmentDecision | null) {
  server.use(loggedIn(staffUser));
  recordsServer();
  server.use(http.get('*/api/staff/orders/5/assignment-decision', () => (answer ? HttpResponse.json(answer) : HttpResponse.json(null))));
}

const card = () => screen.findByRole('region', { name: TITLE_DECISION });
const texts = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);

describe('Why this appraiser card', () => {
  it('shows the mode, the outcome, the offers and every candidate with their figures or why they were left out', async () => {
    decisionServer(decision);
    renderApp('/staff/orderdetails/5');
    const c = await card();
    expect(within(c).getByText('Offer in turn')).toBeInTheDocument();
    expect(within(c).getByText('Offered to appraisers')).toBeInTheDocument();
    expect(within(c).queryByText(MSG_HANDED_BACK)).not.toBeInTheDocument();

    const offers = within(c).getByRole('table', { name: 'Offers' });
    expect(within(offers).getByText('Declined')).toBeInTheDocument();

    const candidates = within(c).getByRole('table', { name: 'Candidates' });
    expect(
      within(candidates)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Rank', 'Appraiser', 'Score', 'Distance', 'On-time rate', 'Revisions per order', 'Open orders', 'Offers in 30 days', 'Fee', 'Excluded because']);
    const [, best, excluded] = within(candidates).getAllByRole('row');
    expect(texts(best!)).toEqual([
      '1',
      'Avery Appraiser',
      '84.3On time 35.0 of 40.0Quality 17.5 of 20.0Distance 16.3 of 20.0Load 7.5 of 10.0Rotation 8.0 of 10.0',
      '12.3 mi',
      '88%',
      '0.25',
      '3',
      '2',
      '$450.00',
      'Eligible',
    ]);
    expect(texts(excluded!)).toEqual(['Excluded', 'Blake Morgan', '0.0', 'Unknown', 'No record', 'No record', '3', '2', 'None', 'Suspended from the panel.']);
  });

  it("shows each candidate's points per part as a stacked bar whose numbers are text, and fits its card", async () => {
    decisionServer(decision);
    renderApp('/staff/orderdetails/5');
    const c = await card();
    const candidates = within(c).getByRole('table', { name: 'Candidates' });
    const [, best] = within(candidates).getAllByRole('row');
    const score = within(best!).getAllByRole('cell')[2]!;
    const bar = score.querySelector('[data-stacked-bar]')!;
    expect(bar).not.toBeNull();
    // The coloured parts repeat the numbers: hidden from assistive technology, which reads the text.
    const parts = bar.querySelectorAll<HTMLElement>('[data-part]');
    expect([...parts].map((p) => p.textContent)).toEqual(['On time 35.0 of 40.0', 'Quality 17.5 of 20.0', 'Distance 16.3 of 20.0', 'Load 7.5 of 10.0', 'Rotation 8.0 of 10.0']);
    expect(bar.firstElementChild).toHaveAttribute('aria-hidden', 'true');
    const widths = [...bar.firstElementChild!.children].map((s) => (s as HTMLElement).style.width);
    expect(widths).toEqual(['35%', '17.5%', '16.25%', '7.5%', '8%']);
    // No sideways scrolling: the table fits its card, the reasons wrap.
    expect(within(c).queryByRole('region', { name: 'Candidates' })).not.toBeInTheDocument();
    // A decision without the parts still shows its score.
    const [, , excluded] = within(candidates).getAllByRole('row');
    expect(within(excluded!).getAllByRole('cell')[2]).toHaveTextContent(/^0\.0$/);
  });

  it('says clearly when the order went back to staff', async () => {
    decisionServer({ ...decision, outcome: 'none', offers: [] });
    renderApp('/staff/orderdetails/5');
    const c = await card();
    expect(within(c).getByText('Went back to staff')).toBeInTheDocument();
    expect(within(c).getByText(MSG_HANDED_BACK)).toBeInTheDocument();
    expect(within(c).queryByRole('table', { name: 'Offers' })).not.toBeInTheDocument();
  });

  it('is not shown for an order automatic assignment never decided on', async () => {
    decisionServer(null);
    renderApp('/staff/orderdetails/5');
    expect(await screen.findByRole('region', { name: 'UCDP / EAD Submission' })).toBeInTheDocument();
    await settled();
    expect(screen.queryByRole('region', { name: TITLE_DECISION })).not.toBeInTheDocument();
  });

  it('shows the candidates as cards on a phone', async () => {
    const phone = mockMediaQueries(() => true);
    try {
      decisionServer(decision);
      renderApp('/staff/orderdetails/5');
      const cards = within(await card()).getByRole('list', { name: 'Candidates' });
      expect(within(cards).getByText('Suspended from the panel.')).toBeInTheDocument();
      expect(within(await card()).queryByRole('table')).not.toBeInTheDocument();
    } finally {
      phone.mockRestore();
    }
  });
});
