import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render';
import { appConfig, loggedIn, runFakeServer, server } from '../../../test/server';
import { MSG_NOTHING_PENDING, MSG_REASON_REQUIRED } from './CoverageReviewPage';
import { staff } from '../../../test/users';

runFakeServer();

const area = (id: number, county: string) => ({
  id,
  appraiserId: 1,
  appraiserName: 'Avery Appraiser',
  company: 'Prairie Valuation Partners',
  stateCode: 'TX',
  county,
  verified: false,
  createdAt: '2026-11-20T15:00:00Z',
});

describe('Coverage Review page', () => {
  it('lists the pending areas; Verify and Reject (a reason is required) call the server and refresh', async () => {
    let pending = [area(7, 'Williamson County'), area(8, 'Bastrop County')];
    const calls: string[] = [];
    server.use(
      loggedIn(staff),
      appConfig(),
      http.get('*/api/auth/csrf', () => HttpResponse.json({ token: 't' })),
      http.get('*/api/staff/coverage-areas', () => HttpResponse.json(pending)),
      http.post('*/api/staff/coverage-areas/7/verify', () => {
        calls.push('verify 7');
        pending = pending.filter((a) => a.id !== 7);
        return HttpResponse.json({ message: 'Williamson County, TX is verified for Avery Appraiser.' });
      }),
      http.post('*/api/staff/coverage-areas/8/reject', async ({ request }) => {
        calls.push(`reject 8 ${JSON.stringify(await request.json())}`);
        pending = [];
        return HttpResponse.json({ message: 'Bastrop County, TX was rejected and Avery Appraiser was told why.' });
      }),
    );
    renderApp('/staff/coverage-review');
    await screen.findByRole('heading', { level: 1, name: 'Coverage Review' });
    const table = await screen.findByRole('table', { name: 'Coverage areas waiting for review' });
    expect(within(table).getByText('Williamson County')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Verify Williamson County, TX for Avery Appraiser' }));
    await waitFor(() => expect(screen.queryByText('Williamson County')).not.toBeInTheDocument());

    fireEvent.click(screen.getByRole('button', { name: 'Reject Bastrop County, TX for Avery Appraiser' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject Coverage Area' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText(MSG_REASON_REQUIRED)).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText(/^Reason/), { target: { value: 'No licence there' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText(MSG_NOTHING_PENDING)).toBeInTheDocument();
    expect(calls).toEqual(['verify 7', 'reject 8 {"reason":"No licence there"}']);
  });
});
