import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render';
import { runFakeServer, server } from '../../test/server';
import { MSG_APPRAISER_NOT_FOUND } from './rules';
import { adminUser, profileServer, renderProfile, staffUser } from './testServer';
import { PERSONAL_INFO_NOTE } from '../../components/PersonalInfo';
import { MSG_NO_SCORED_ORDERS, SCORECARD_TITLE } from './ScorecardCard';

runFakeServer();

const selectedTab = () => screen.getByRole('tab', { selected: true });

describe('Profile Settings: routes and tabs', () => {
  it('/profile/me opens the own profile on Personal Info', async () => {
    renderProfile('/profile/me');
    expect(await screen.findByRole('heading', { level: 1, name: 'Profile Settings' })).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'Personal Info' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Personal Info', 'Coverage Area', 'Certifications', 'Documents', 'Settings', 'Panel']);
    expect(within(screen.getByRole('main')).getByText('Avery Appraiser')).toBeInTheDocument();
  });

  it('/appraiser/profile redirects to /profile/me', async () => {
    const { router } = renderProfile('/appraiser/profile');
    await screen.findByRole('tab', { name: 'Personal Info' });
    expect(router.state.location.pathname).toBe('/profile/me');
  });

  it.each([
    ['coverage-area', 'Coverage Area'],
    ['certifications', 'Certifications'],
    ['documents', 'Documents'],
    ['settings', 'Settings'],
    ['personal-info', 'Personal Info'],
    ['no-such-tab', 'Personal Info'],
  ])('/appraiser/profile/10/%s selects %s', async (slug, label) => {
    renderProfile(`/appraiser/profile/10/${slug}`);
    await screen.findAllByRole('tab');
    expect(selectedTab()).toHaveTextContent(label);
  });

  it('choosing a tab puts its slug in the address, keeping the profile id', async () => {
    const { router } = renderProfile('/appraiser/profile/10', { user: adminUser });
    fireEvent.click(await screen.findByRole('tab', { name: 'Documents' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/appraiser/profile/10/documents'));
    await waitFor(() => expect(selectedTab()).toHaveTextContent('Documents'));
    fireEvent.click(screen.getByRole('tab', { name: 'Settings' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/appraiser/profile/10/settings'));
  });

  it('staff open an appraiser’s profile under /staff/appraisers, and its tabs stay there', async () => {
    const { router } = renderProfile('/staff/appraisers/10/profile', { user: staffUser });
    expect(await screen.findByRole('heading', { level: 1, name: 'Profile Settings' })).toBeInTheDocument();
    expect(await within(screen.getByRole('main')).findByText('Avery Appraiser')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('tab', { name: 'Documents' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/staff/appraisers/10/profile/documents'));
    expect(await screen.findByText('w9.pdf')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('tab', { name: 'Certifications' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/staff/appraisers/10/profile/certifications'));
    expect(await screen.findByText('eno-2025.pdf')).toBeInTheDocument();
    // Someone else's profile: no password change offered.
    fireEvent.click(screen.getByRole('tab', { name: 'Settings' }));
    await waitFor(() => expect(selectedTab()).toHaveTextContent('Settings'));
    expect(screen.queryByRole('button', { name: 'Change Password' })).not.toBeInTheDocument();
  });

  it('tabs of /profile/me stay under /profile/me', async () => {
    const { router } = renderProfile('/profile/me');
    fireEvent.click(await screen.findByRole('tab', { name: 'Coverage Area' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/me/coverage-area'));
    expect(await screen.findByRole('table', { name: 'Coverage areas' })).toBeInTheDocument();
  });

  it('the arrow keys move between tabs; the address follows and focus stays on the tab', async () => {
    const { router } = renderProfile('/profile/me');
    const first = await screen.findByRole('tab', { name: 'Personal Info' });
    first.focus();
    fireEvent.keyDown(first, { key: 'ArrowRight' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/me/coverage-area'));
    await waitFor(() => expect(selectedTab()).toHaveTextContent('Coverage Area'));
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Coverage Area' }));
  });

  it('says Appraiser Not Found when the server answers 404', async () => {
    renderProfile('/appraiser/profile/999/settings', { user: adminUser });
    expect(await screen.findByText(MSG_APPRAISER_NOT_FOUND)).toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    // Another user's record: no password change offered.
    expect(screen.queryByRole('button', { name: 'Change Password' })).not.toBeInTheDocument();
  });

  it('says Appraiser Not Found for an id that is no number, without asking', async () => {
    let asked = 0;
    const h = profileServer({ user: adminUser });
    server.use(
      http.get('*/api/appraiser/:id', () => {
        asked += 1;
        return HttpResponse.json({}, { status: 500 });
      }),
      ...h.handlers,
    );
    renderApp('/appraiser/profile/abc');
    expect(await screen.findByText(MSG_APPRAISER_NOT_FOUND)).toBeInTheDocument();
    expect(asked).toBe(0);
  });

  it('an appraiser without an appraiser record still gets Change Password on their own page', async () => {
    const h = profileServer();
    server.use(
      http.get('*/api/appraiser/me', () => HttpResponse.json({ message: 'Appraiser Not Found' }, { status: 404 })),
      ...h.handlers,
    );
    renderApp('/profile/me');
    expect(await screen.findByText(MSG_APPRAISER_NOT_FOUND)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByRole('dialog', { name: 'Change Password' })).toBeInTheDocument();
  });

  it.each([
    ['staff', '/staff/profile', staffUser],
    ['the secret administrator', '/profile/me', { securityUserId: 20, userType: 5, firstName: 'Dana', lastName: 'Staff' }],
  ])('%s on %s get their own account, not Appraiser Not Found', async (_, path, user) => {
    const asked: string[] = [];
    server.use(
      http.get('*/api/appraiser/me', () => {
        asked.push('appraiser/me');
        return HttpResponse.json({ message: 'Appraiser Not Found' }, { status: 404 });
      }),
      http.get('*/api/user/20', () =>
        HttpResponse.json({
          id: 20,
          firstName: 'Dana',
          lastName: 'Staff',
          email: 'dana@appraisalportal.example',
          loginId: 'dana.staff',
          workPhone: null,
          cellPhone: '5125550177',
          cellPhoneCarrier: null,
          userType: user.userType,
        }),
      ),
      ...profileServer({ user }).handlers,
    );
    renderApp(path);
    const card = await screen.findByRole('region', { name: 'Personal Information' });
    expect(within(screen.getByRole('main')).getByText('Dana Staff', { selector: 'p' })).toBeInTheDocument();
    const value = (label: string) => within(card).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(value('Email')).toBe('dana@appraisalportal.example');
    expect(value('Login ID')).toBe('dana.staff');
    expect(value('Cell Phone')).toBe('(512) 555-0177');
    expect(screen.queryByText(MSG_APPRAISER_NOT_FOUND)).not.toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByRole('dialog', { name: 'Change Password' })).toBeInTheDocument();
    expect(asked).toEqual([]);
  });

  it('a refused load (403) goes to /forbidden', async () => {
    const { router } = renderProfile('/appraiser/profile/10', { user: adminUser, refuse: { load: { status: 403, message: 'Forbidden' } } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/forbidden'));
  });

  it('another failure shows the server message', async () => {
    renderProfile('/profile/me', { refuse: { load: { status: 500, message: 'Database unavailable' } } });
    await screen.findByRole('heading', { level: 1, name: 'Profile Settings' });
    const alerts = await within(screen.getByRole('main')).findAllByRole('alert');
    expect(alerts.map((a) => a.textContent)).toContain('Database unavailable');
  });
});

describe('Personal Info', () => {
  it('shows every field read-only and the note about support', async () => {
    renderProfile('/profile/me/personal-info');
    const card = await screen.findByRole('region', { name: 'Personal Information' });
    const value = (label: string) => within(card).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(value('First Name')).toBe('Avery');
    expect(value('Last Name')).toBe('Appraiser');
    expect(value('Email')).toBe('demo.appraiser@appraisalportal.example');
    expect(value('Login ID')).toBe('demo.appraiser');
    expect(value('Work Phone')).toBe('(512) 555-0210');
    expect(value('Cell Phone')).toBe('(512) 555-0110');
    expect(value('Cell Phone Carrier')).toBe('Verizon');
    expect(value('Office Address')).toBe('100 Congress Avenue, Austin, TX 78701');
    expect(within(card).queryByRole('textbox')).not.toBeInTheDocument();
    const note = screen.getByText(PERSONAL_INFO_NOTE, { exact: false });
    await waitFor(() => expect(within(note).getByRole('link', { name: 'support@example.com' })).toHaveAttribute('href', 'mailto:support@example.com'));
  });

  it('shows the scorecard the company sees, or says there is nothing to score yet', async () => {
    const { h, unmount } = renderProfile('/profile/me/personal-info');
    const card = await screen.findByRole('region', { name: SCORECARD_TITLE });
    const value = (label: string) => within(card).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    await waitFor(() => expect(value('Orders')).toBe('4'));
    expect(value('On-Time Rate')).toBe('75%');
    expect(value('Average Turn Time')).toBe('4.5 business days');
    expect(value('Revisions Per Order')).toBe('0.3');
    expect(value('Fair-language blocks')).toBe('25%');
    expect(value('Fair-language warnings')).toBe('Not provided');
    unmount();
    h.state.scorecard = { orders: 0, onTimeRate: null, averageTurnTimeBusinessDays: null, revisionsPerOrder: null };
    renderApp('/profile/me/personal-info');
    expect(await screen.findByText(MSG_NO_SCORED_ORDERS)).toBeInTheDocument();
  });

  it('reads Not provided for missing values', async () => {
    const h = profileServer();
    h.state.appraiser = { ...h.state.appraiser, securityUser: { ...h.state.appraiser.securityUser, cellPhoneCarrier: null, workPhone: '' } };
    server.use(...h.handlers);
    renderApp('/profile/me');
    const card = await screen.findByRole('region', { name: 'Personal Information' });
    expect(within(card).getByText('Cell Phone Carrier').nextElementSibling).toHaveTextContent('Not provided');
    expect(within(card).getByText('Work Phone').nextElementSibling).toHaveTextContent('Not provided');
  });

  it('a client on /profile is sent to their own profile in the client area: personal info and Change Password, not /forbidden', async () => {
    const client = { securityUserId: 40, userType: 0, firstName: 'Cam', lastName: 'Client' };
    const asked: string[] = [];
    server.use(
      http.get('*/api/appraiser/me', () => {
        asked.push('appraiser/me');
        return HttpResponse.json({ message: 'You are not authorized to perform this action' }, { status: 403 });
      }),
      http.get('*/api/user/40', () =>
        HttpResponse.json({
          id: 40,
          firstName: 'Cam',
          lastName: 'Client',
          email: 'cam@lender.example',
          loginId: 'cam.client',
          workPhone: '5125550199',
          cellPhone: null,
          cellPhoneCarrier: null,
          userType: 0,
        }),
      ),
      ...profileServer({ user: client }).handlers,
    );
    const { router } = renderApp('/profile');
    const card = await screen.findByRole('region', { name: 'Personal Information' });
    const value = (label: string) => within(card).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(value('First Name')).toBe('Cam');
    expect(value('Email')).toBe('cam@lender.example');
    expect(value('Login ID')).toBe('cam.client');
    expect(value('Work Phone')).toBe('(512) 555-0199');
    expect(within(card).queryByText('Office Address')).not.toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change Password' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/client/profile');
    expect(asked).toEqual([]);
  });
});
