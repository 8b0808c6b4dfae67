import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render';
import { loggedIn, runFakeServer, server } from '../../../test/server';
import { appraiserUser, recordsServer, settled, staffUser, twoRounds } from './recordsFixtures';
import { MSG_NOT_ANSWERED } from './RevisionsCard';

runFakeServer();

describe('Revision Requests card', () => {
  it.each([
    ['staff', staffUser],
    ['appraiser', appraiserUser],
  ] as const)('shows %s every round with its items, answers and days with the appraiser', async (area, user) => {
    server.use(loggedIn(user));
    recordsServer({ revisions: twoRounds });
    renderApp(`/${area}/orderdetails/5`);
    const card = await screen.findByRole('region', { name: 'Revision Requests' });
    const first = within(card).getByRole('region', { name: 'Round 1' });
    expect(within(first).getByText('Requested by Sam Staff on 03/02/2026, 9:00 AM')).toBeInTheDocument();
    expect(within(first).getByText('A few things before we send it on.')).toBeInTheDocument();
    expect(within(first).getByRole('listitem')).toHaveTextContent('Page 3: Explain the view adjustment.The view adjustment is explained on page 3.');
    expect(within(first).getByText('Answered by Dana Reed on 03/04/2026, 11:00 AM')).toBeInTheDocument();
    expect(within(first).getByText('2 business days with the appraiser')).toBeInTheDocument();
    const second = within(card).getByRole('region', { name: 'Round 2' });
    expect(within(second).getAllByText(MSG_NOT_ANSWERED)).toHaveLength(2);
    expect(within(second).getByText('1 business day with the appraiser')).toBeInTheDocument();
  });

  it('is hidden while there are no rounds', async () => {
    server.use(loggedIn(appraiserUser));
    const loads = recordsServer();
    renderApp('/appraiser/orderdetails/5');
    expect(await screen.findByRole('tab', { name: 'Order Details' })).toBeInTheDocument();
    await waitFor(() => expect(loads.revisions).toBe(1));
    await settled();
    expect(screen.queryByRole('region', { name: 'Revision Requests' })).toBeNull();
  });
});
