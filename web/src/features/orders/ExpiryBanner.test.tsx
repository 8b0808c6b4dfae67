import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render';
import { appConfig, csrf, loggedIn, runFakeServer, server } from '../../test/server';
import { expiredItems, MSG_EXPIRED_CONSEQUENCE } from './ExpiryBanner';
import { emptyDashboardPage } from './testDashboard';
import { staff } from '../../test/users';

runFakeServer();

const appraiser = { securityUserId: 5, userType: 1, firstName: 'Avery', lastName: 'Appraiser' };
const license = (stateCode: string, expirationDate: string) => ({ id: stateCode.length, type: 'Certified Residential', stateCode, ogNumber: 'X', expirationDate });
const records = (enoExpirationDate: string | null, licenses: ReturnType<typeof license>[]) => [
  http.get('*/api/appraiser/me', () => HttpResponse.json({ id: 1, securityUser: { id: 5 }, eppPartyData: {}, readyForEppOnboarding: false, enoExpirationDate })),
  http.get('*/api/appraiser/5/license-info', () => HttpResponse.json(licenses)),
];

describe('expired insurance and licences', () => {
  it('counts what ended before today (the last day itself still counts as valid)', () => {
    const lines = expiredItems({ enoExpirationDate: '2026-11-24' }, [license('TX', '2026-11-25'), license('OK', '2026-01-31')], '2026-11-25');
    expect(lines).toEqual(['Your E&O insurance expired on 11/24/2026.', 'Your Certified Residential licence in OK expired on 01/31/2026.']);
    expect(expiredItems({ enoExpirationDate: null }, [], '2026-11-25')).toEqual([]);
  });

  it('shows a red banner on the appraiser dashboard', async () => {
    server.use(loggedIn(appraiser), appConfig(), csrf, emptyDashboardPage, ...records('2020-01-01', [license('TX', '2030-12-31'), license('OK', '2020-06-30')]));
    renderApp('/appraiser/dashboard');
    const banner = await screen.findByRole('alert', { name: /Expired insurance or licence/ });
    expect(within(banner).getByText('Your E&O insurance expired on 01/01/2020.')).toBeInTheDocument();
    expect(within(banner).getByText('Your Certified Residential licence in OK expired on 06/30/2020.')).toBeInTheDocument();
    expect(within(banner).queryByText(/in TX/)).toBeNull();
    expect(within(banner).getByText(MSG_EXPIRED_CONSEQUENCE, { exact: false })).toBeInTheDocument();
  });

  it('is not shown when everything is current, nor to staff', async () => {
    server.use(loggedIn(appraiser), appConfig(), csrf, emptyDashboardPage, ...records('2030-01-01', [license('TX', '2030-12-31')]));
    const first = renderApp('/appraiser/dashboard');
    await screen.findByText('No orders found');
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('alert', { name: /Expired/ })).toBeNull();
    first.unmount();
    server.use(loggedIn(staff), ...records('2020-01-01', []));
    renderApp('/staff/dashboard');
    await screen.findByText('No orders found');
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('alert', { name: /Expired/ })).toBeNull();
  });
});
