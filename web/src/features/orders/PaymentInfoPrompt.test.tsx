import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render';
import { appConfig, csrf, loggedIn, runFakeServer, server } from '../../test/server';
import { needsPaymentUpdate, PROMPT_SEEN_KEY, PROMPT_TITLE } from './PaymentInfoPrompt';
import { emptyDashboardPage } from './testDashboard';

runFakeServer();
beforeEach(() => window.sessionStorage.clear());

const appraiser = { securityUserId: 5, userType: 1, firstName: 'Avery', lastName: 'Appraiser' };
const me = (info: Record<string, unknown>) =>
  http.get('*/api/appraiser/me', () => HttpResponse.json({ id: 1, securityUser: { id: 5 }, eppPartyData: null, readyForEppOnboarding: false, ...info }));

describe('Please Update Payment Information', () => {
  it('applies only when ready for onboarding without party data', () => {
    expect(needsPaymentUpdate({ eppPartyData: null, readyForEppOnboarding: true })).toBe(true);
    expect(needsPaymentUpdate({ eppPartyData: null, readyForEppOnboarding: false })).toBe(false);
    expect(needsPaymentUpdate({ eppPartyData: { partyId: 'P', isLinked: false }, readyForEppOnboarding: true })).toBe(false);
    expect(needsPaymentUpdate(null)).toBe(false);
  });

  it('shows once per session and leads to the EPP tab', async () => {
    server.use(loggedIn(appraiser), appConfig(), csrf, emptyDashboardPage, me({ readyForEppOnboarding: true }));
    const { router } = renderApp('/appraiser/dashboard');
    expect(await screen.findByRole('dialog', { name: PROMPT_TITLE })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Update Payment Information' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/appraiser/payments/epp'));
    expect(window.sessionStorage.getItem(PROMPT_SEEN_KEY)).toBe('1');
  });

  it('stays away when onboarded, not ready, or already seen', async () => {
    server.use(loggedIn(appraiser), appConfig(), csrf, emptyDashboardPage, me({ readyForEppOnboarding: true, eppPartyData: { partyId: 'P', isLinked: false } }));
    renderApp('/appraiser/dashboard');
    await screen.findByText('No orders found');
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('dialog', { name: PROMPT_TITLE })).toBeNull();
  });

  it('is not shown again in the same session', async () => {
    window.sessionStorage.setItem(PROMPT_SEEN_KEY, '1');
    server.use(loggedIn(appraiser), appConfig(), csrf, emptyDashboardPage, me({ readyForEppOnboarding: true }));
    renderApp('/appraiser/dashboard');
    await screen.findByText('No orders found');
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('dialog', { name: PROMPT_TITLE })).toBeNull();
  });
});
