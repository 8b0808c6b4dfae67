import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { runFakeServer } from '../../test/server';
import type { PanelHistory } from './api';
import { MSG_ANSWER_REQUIRED, MSG_NO_PANEL_EVENTS } from './PanelTab';
import { adminUser, APPRAISER_ID, renderProfile, staffUser, type ProfileServerOptions } from './testServer';

runFakeServer();

const SUSPENDED: PanelHistory = {
  suspended: true,
  suspendedAt: '2026-03-02T15:30:00Z',
  suspensionReason: 'Three late reports in a row.',
  events: [
    { id: 1, kind: 'suspended', text: 'Late reports.', by: 'Dana Staff', at: '2026-01-05T15:00:00Z' },
    { id: 2, kind: 'reinstated', text: 'Back on time.', by: 'Dana Staff', at: '2026-02-01T15:00:00Z' },
    { id: 3, kind: 'suspended', text: 'Three late reports in a row.', by: 'Dana Staff', at: '2026-03-02T15:30:00Z' },
  ],
};

async function open(options: ProfileServerOptions = {}, path = '/profile/me/panel') {
  const rendered = renderProfile(path, options);
  await screen.findByRole('heading', { level: 2, name: 'Panel History' });
  return rendered;
}

const historyRows = () =>
  within(screen.getByRole('table', { name: 'Panel history' }))
    .getAllByRole('row')
    .slice(1)
    .map((r) =>
      within(r)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    );

describe('Profile: Panel', () => {
  it('the e-mail’s /profile?tab=panel opens the Panel tab of the own profile', async () => {
    const { router } = await open({}, '/profile?tab=panel');
    expect(router.state.location.pathname).toBe('/profile/me/panel');
    expect(screen.getByRole('tab', { selected: true })).toHaveTextContent('Panel');
  });

  it('says why and since when the appraiser is suspended, and lists the history oldest first', async () => {
    await open({ state: { panel: SUSPENDED } });
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('You are suspended from the panel');
    expect(alert).toHaveTextContent('Reason: Three late reports in a row.');
    expect(alert).toHaveTextContent('Since 03/02/2026, 9:30 AM');
    expect(historyRows()).toEqual([
      ['01/05/2026, 9:00 AM', 'Suspended', 'Dana Staff', 'Late reports.'],
      ['02/01/2026, 9:00 AM', 'Reinstated', 'Dana Staff', 'Back on time.'],
      ['03/02/2026, 9:30 AM', 'Suspended', 'Dana Staff', 'Three late reports in a row.'],
    ]);
  });

  it('says when the appraiser is on the panel with nothing in the history', async () => {
    await open();
    expect(screen.getByText('You are on the panel.')).toBeInTheDocument();
    expect(screen.getByText(MSG_NO_PANEL_EVENTS)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('asks for an answer before sending, then sends it and shows it in the history', async () => {
    const { h } = await open({ state: { panel: SUSPENDED } });
    const answer = screen.getByRole('textbox', { name: /^Your answer/ });
    fireEvent.change(answer, { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send Answer' }));
    expect(await screen.findByText(MSG_ANSWER_REQUIRED)).toBeInTheDocument();
    expect(h.calls.answer).toEqual([]);
    fireEvent.change(answer, { target: { value: 'My office was closed by the flood.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send Answer' }));
    expect(await screen.findByText('Your answer was sent.')).toBeInTheDocument();
    expect(h.calls.answer).toEqual([{ text: 'My office was closed by the flood.' }]);
    await waitFor(() => expect(historyRows()).toContainEqual(['03/03/2026, 9:00 AM', 'Your answer', 'Avery Appraiser', 'My office was closed by the flood.']));
    expect(answer).toHaveValue('');
  });

  it('shows the server’s refusal under the answer', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await open({ refuse: { answer: { status: 422, message: 'Texts can be at most 4000 characters long.' } } });
    fireEvent.change(screen.getByRole('textbox', { name: /^Your answer/ }), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send Answer' }));
    expect(await screen.findByText('Texts can be at most 4000 characters long.')).toBeInTheDocument();
  });

  it('staff read the history but have no answer form', async () => {
    await open({ user: staffUser, state: { panel: SUSPENDED } }, `/staff/appraisers/${APPRAISER_ID}/profile/panel`);
    expect(screen.getByText('Avery Appraiser is suspended from the panel')).toBeInTheDocument();
    expect(historyRows()).toHaveLength(3);
    expect(screen.queryByRole('textbox', { name: /^Your answer/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send Answer' })).not.toBeInTheDocument();
  });

  it('an appraiser administrator, who may not read it, has no Panel tab', async () => {
    renderProfile(`/appraiser/profile/${APPRAISER_ID}/panel`, { user: adminUser });
    expect(await screen.findByRole('tab', { selected: true })).toHaveTextContent('Personal Info');
    expect(screen.queryByRole('tab', { name: 'Panel' })).not.toBeInTheDocument();
  });
});
