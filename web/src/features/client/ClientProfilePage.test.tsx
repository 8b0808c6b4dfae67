import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { PERSONAL_INFO_NOTE } from '../../components/PersonalInfo';
import { renderApp } from '../../test/render';
import { appConfig, csrf, loggedIn, runFakeServer, server } from '../../test/server';
import { TITLE_CLIENT_PROFILE } from './ClientProfilePage';

runFakeServer();

const clientUser = { securityUserId: 30, userType: 0, firstName: 'Finley', lastName: 'Client' };
const account = {
  id: 30,
  loginId: 'demo.client',
  firstName: 'Finley',
  lastName: 'Client',
  email: 'demo.client@appraisalportal.example',
  workPhone: '5125550100',
  cellPhone: null,
  cellPhoneCarrier: null,
  userType: 0,
};
const events = [{ event: 'clientOrderDelivered', label: 'Report delivered', delivery: 'email' }];

/** A signed-in lender; `asked` collects the paths the page called. */
function asLender() {
  const asked: string[] = [];
  const sent: unknown[] = [];
  server.use(
    loggedIn(clientUser),
    appConfig(),
    csrf,
    http.get('*/api/user/30', ({ request }) => {
      asked.push(new URL(request.url).pathname);
      return HttpResponse.json(account);
    }),
    http.get('*/api/appraiser/me', ({ request }) => {
      asked.push(new URL(request.url).pathname);
      return HttpResponse.json({ message: 'Not found' }, { status: 404 });
    }),
    http.get('*/api/me/notification-preferences', () => HttpResponse.json({ events, digestHour: null, timeZone: 'America/Chicago', smsAvailable: false })),
    http.put('*/api/me/notification-preferences', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      sent.push(body);
      return HttpResponse.json({ ...body, timeZone: 'America/Chicago', smsAvailable: false });
    }),
  );
  return { asked, sent };
}

describe("The lender's own profile", () => {
  it('is where the user menu leads: name, e-mail and phone read-only, password and notifications', async () => {
    const { asked, sent } = asLender();
    renderApp('/client/orders');
    fireEvent.click(await screen.findByRole('button', { name: 'User menu: Finley Client' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Profile' }));
    expect(await screen.findByRole('heading', { level: 1, name: TITLE_CLIENT_PROFILE })).toBeInTheDocument();

    const info = await screen.findByRole('region', { name: 'Personal Information' });
    const value = (label: string) => within(info).getByText(label, { selector: 'dt' }).nextElementSibling;
    expect(value('First Name')).toHaveTextContent('Finley');
    expect(value('Email')).toHaveTextContent('demo.client@appraisalportal.example');
    expect(value('Work Phone')).toHaveTextContent('(512) 555-0100');
    expect(screen.getByText(PERSONAL_INFO_NOTE, { exact: false })).toBeInTheDocument();
    // Nothing of the appraiser's page: no tabs, no appraiser record asked for.
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    expect(asked).toEqual(['/api/user/30']);

    const password = screen.getByRole('region', { name: 'Password' });
    fireEvent.click(within(password).getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByRole('dialog', { name: 'Change Password' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));

    const notifications = screen.getByRole('region', { name: 'Notifications' });
    const delivered = await within(notifications).findByRole('combobox', { name: 'How you are told: Report delivered' });
    fireEvent.change(delivered, { target: { value: 'none' } });
    fireEvent.click(within(notifications).getByRole('button', { name: 'Save Notifications' }));
    await waitFor(() => expect(sent).toEqual([{ events: [{ ...events[0], delivery: 'none' }], digestHour: null, timeZone: 'America/Chicago', smsAvailable: false }]));
  });

  it('sends a lender who opens the shared profile link to their own page', async () => {
    asLender();
    const { router } = renderApp('/profile');
    expect(await screen.findByRole('heading', { level: 1, name: TITLE_CLIENT_PROFILE })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/client/profile');
  });
});
