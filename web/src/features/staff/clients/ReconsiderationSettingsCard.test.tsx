import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Schemas } from '../../../lib/api';
import { renderApp } from '../../../test/render';
import { appConfig, csrf, loggedIn, runFakeServer, server } from '../../../test/server';
import { staff } from '../../../test/users';
import { MSG_NO_DISCLOSURE, MSG_SETTINGS_SAVED, RECONSIDERATION_SETTINGS_TITLE } from './ReconsiderationSettingsCard';

runFakeServer();

const acme = { id: 3, companyName: 'Acme Lending', officeAddressLine: null, mainContactName: null, mainContactEmailAddress: null, mainContactPhone: null };
const saved: Schemas['ReconsiderationSettings'] = {
  clientId: 3,
  borrowerRovOffered: true,
  turnTimeBusinessDays: 5,
  disclosure: { version: 2, text: 'You may ask us to reconsider the value.', createdAt: '2026-03-02T15:00:00Z' },
};

/** Acme's page, its settings answering `settings`; PUTs are kept, the first answered `firstPut` when given. */
function clientPage(settings: Schemas['ReconsiderationSettings'], firstPut?: Response) {
  const puts: unknown[] = [];
  let current = settings;
  server.use(
    loggedIn(staff),
    appConfig(),
    csrf,
    http.get('*/api/staff/clients', () => HttpResponse.json([acme])),
    http.get('*/api/staff/clients/3/users', () => HttpResponse.json([])),
    http.get('*/api/staff/clients/3/api-keys', () => HttpResponse.json([])),
    http.get('*/api/staff/clients/3/reconsideration-settings', () => HttpResponse.json(current)),
    http.put('*/api/staff/clients/3/reconsideration-settings', async ({ request }) => {
      const body = (await request.json()) as Schemas['SettingsBody'];
      puts.push(body);
      if (puts.length === 1 && firstPut) return firstPut;
      const text = body.disclosure ?? null;
      const changed = text !== null && text !== current.disclosure?.text;
      current = {
        clientId: 3,
        borrowerRovOffered: body.borrowerRovOffered,
        turnTimeBusinessDays: body.turnTimeBusinessDays,
        disclosure: changed ? { version: (current.disclosure?.version ?? 0) + 1, text, createdAt: '2026-03-05T16:00:00Z' } : current.disclosure,
      };
      return HttpResponse.json(current);
    }),
  );
  return puts;
}

const section = () => screen.findByRole('region', { name: RECONSIDERATION_SETTINGS_TITLE });

describe("a client's reconsideration of value settings (staff)", () => {
  it('shows the settings with the current disclosure version, and saves a new text as the next version', async () => {
    const puts = clientPage(saved);
    renderApp('/staff/clients/3');
    const s = await section();
    const offered = await within(s).findByRole('switch', { name: 'Borrowers may request a reconsideration of value' });
    expect(offered).toBeChecked();
    expect(within(s).getByRole('textbox', { name: 'Turn time (business days)' })).toHaveValue('5');
    const disclosure = within(s).getByRole('textbox', { name: 'Disclosure' });
    expect(disclosure).toHaveValue('You may ask us to reconsider the value.');
    expect(disclosure).toHaveAccessibleDescription(/^Version 2, saved 03\/02\/2026/);

    fireEvent.click(offered);
    fireEvent.change(within(s).getByRole('textbox', { name: 'Turn time (business days)' }), { target: { value: ' 7 ' } });
    fireEvent.change(disclosure, { target: { value: 'You may ask us, once, to reconsider the value. ' } });
    fireEvent.click(within(s).getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText(MSG_SETTINGS_SAVED)).toBeInTheDocument();
    expect(puts).toEqual([{ borrowerRovOffered: false, turnTimeBusinessDays: 7, disclosure: 'You may ask us, once, to reconsider the value.' }]);
    await waitFor(() => expect(within(s).getByRole('textbox', { name: 'Disclosure' })).toHaveAccessibleDescription(/^Version 3, saved 03\/05\/2026/));
    expect(within(s).getByRole('switch', { name: 'Borrowers may request a reconsideration of value' })).not.toBeChecked();
  });

  it('checks the turn time before saving and shows the refused field the server names', async () => {
    const refusal = { message: 'Disclosure can be at most 8000 characters long.', fields: { disclosure: 'Disclosure can be at most 8000 characters long.' } };
    const puts = clientPage({ ...saved, disclosure: null }, HttpResponse.json(refusal, { status: 422 }));
    renderApp('/staff/clients/3');
    const s = await section();
    const days = await within(s).findByRole('textbox', { name: 'Turn time (business days)' });
    expect(within(s).getByRole('textbox', { name: 'Disclosure' })).toHaveAccessibleDescription(MSG_NO_DISCLOSURE);
    fireEvent.change(days, { target: { value: '31' } });
    fireEvent.click(within(s).getByRole('button', { name: 'Save Settings' }));
    await waitFor(() => expect(days).toHaveAccessibleDescription(/Turn time is 1 to 30 business days\./));
    expect(puts).toEqual([]);

    fireEvent.change(days, { target: { value: '30' } });
    fireEvent.change(within(s).getByRole('textbox', { name: 'Disclosure' }), { target: { value: 'A long text.' } });
    fireEvent.click(within(s).getByRole('button', { name: 'Save Settings' }));
    await waitFor(() => expect(within(s).getByRole('textbox', { name: 'Disclosure' })).toHaveAccessibleDescription(/Disclosure can be at most 8000 characters long\./));
    expect(within(s).getByRole('alert')).toHaveTextContent(refusal.message);
    expect(puts).toEqual([{ borrowerRovOffered: true, turnTimeBusinessDays: 30, disclosure: 'A long text.' }]);
  });
});
