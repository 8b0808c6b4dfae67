import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { MSG_PASSWORD_REQUIREMENTS, MSG_PASSWORDS_DO_NOT_MATCH } from '../../lib/passwordRules';
import { appraiserInfo } from '../../test/appraiser';
import { runFakeServer, server } from '../../test/server';
import { MSG_FEED_NOTE } from './CalendarFeedCard';
import { MSG_OOO_SAVED } from './OutOfOfficeDialog';
import { MSG_OOO_DATES_REQUIRED, MSG_OOO_END_BEFORE_START } from './rules';
import { MSG_TRAINEE_SAVED } from './SettingsTab';
import { hourLabel, MSG_NO_CELL_PHONE, MSG_NOTIFICATIONS_SAVED } from '../../components/NotificationsCard';
import { MSG_PASSWORD_CHANGED } from '../../lib/passwordRules';
import { adminUser, APPRAISER_ID, renderProfile, type ProfileServerOptions } from './testServer';

runFakeServer();

async function open(options: ProfileServerOptions = {}, path = '/profile/me/settings') {
  const { h } = renderProfile(path, options);
  await screen.findByRole('heading', { level: 2, name: 'Trainees' });
  return h;
}

const GOOD = 'Correct-Horse-42-Battery!';

describe('Settings: trainees', () => {
  it('shows "has trainees" as the opposite of noTrainee and sends hasTrainee', async () => {
    const h = await open();
    const toggle = screen.getByRole('switch', { name: 'Has trainees' });
    expect(toggle).not.toBeChecked();
    fireEvent.click(toggle);
    expect(await screen.findByText(MSG_TRAINEE_SAVED)).toBeInTheDocument();
    expect(h.calls.trainee).toEqual([{ appraiserId: APPRAISER_ID, hasTrainee: true }]);
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Has trainees' })).toBeChecked());
    fireEvent.click(screen.getByRole('switch', { name: 'Has trainees' }));
    await waitFor(() =>
      expect(h.calls.trainee).toEqual([
        { appraiserId: APPRAISER_ID, hasTrainee: true },
        { appraiserId: APPRAISER_ID, hasTrainee: false },
      ]),
    );
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Has trainees' })).not.toBeChecked());
  });

  it('is on when noTrainee is false', async () => {
    await open({ state: { appraiser: appraiserInfo({ noTrainee: false }) } });
    expect(screen.getByRole('switch', { name: 'Has trainees' })).toBeChecked();
  });

  it('goes back when the change fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await open({ refuse: { trainee: { status: 500, message: 'boom' } } });
    fireEvent.click(screen.getByRole('switch', { name: 'Has trainees' }));
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Has trainees' })).toBeEnabled());
    expect(screen.getByRole('switch', { name: 'Has trainees' })).not.toBeChecked();
  });
});

async function openPasswordDialog(options: ProfileServerOptions = {}) {
  const h = await open(options);
  fireEvent.click(screen.getByRole('button', { name: 'Change Password' }));
  const dialog = await screen.findByRole('dialog', { name: 'Change Password' });
  const input = (label: string) => within(dialog).getByLabelText(new RegExp(`^${label}`), { selector: 'input' });
  const submit = () => within(dialog).getByRole('button', { name: 'Change Password' });
  return { h, dialog, input, submit };
}

const ruleStates = (dialog: HTMLElement) =>
  Object.fromEntries([...dialog.querySelectorAll('[data-rule]')].map((li) => [li.getAttribute('data-rule'), li.getAttribute('data-met')]));

describe('Settings: Change Password', () => {
  it('checks the rules live, says when the passwords differ and enables submit only when all hold', async () => {
    const { dialog, input, submit } = await openPasswordDialog();
    expect(submit()).toBeDisabled();
    expect(ruleStates(dialog)).toEqual({ length: 'false', lowercase: 'false', uppercase: 'false', digit: 'false', special: 'false' });
    fireEvent.change(input('New Password'), { target: { value: 'short1A' } });
    expect(ruleStates(dialog)).toEqual({ length: 'false', lowercase: 'true', uppercase: 'true', digit: 'true', special: 'false' });
    fireEvent.change(input('New Password'), { target: { value: GOOD } });
    expect(ruleStates(dialog)).toEqual({ length: 'true', lowercase: 'true', uppercase: 'true', digit: 'true', special: 'true' });
    fireEvent.change(input('Confirm Password'), { target: { value: `${GOOD}x` } });
    expect(within(dialog).getByText(MSG_PASSWORDS_DO_NOT_MATCH)).toBeInTheDocument();
    expect(submit()).toBeDisabled();
    fireEvent.change(input('Confirm Password'), { target: { value: GOOD } });
    expect(within(dialog).queryByText(MSG_PASSWORDS_DO_NOT_MATCH)).not.toBeInTheDocument();
    // The current password is needed too.
    expect(submit()).toBeDisabled();
    fireEvent.change(input('Current Password'), { target: { value: 'old-password' } });
    expect(submit()).toBeEnabled();
  });

  it('sends old and new password and shows the server’s message', async () => {
    const { h, input, submit } = await openPasswordDialog({ passwordAnswer: { message: 'Your password was changed.' } });
    fireEvent.change(input('Current Password'), { target: { value: 'Demo!Password2026' } });
    fireEvent.change(input('New Password'), { target: { value: GOOD } });
    fireEvent.change(input('Confirm Password'), { target: { value: GOOD } });
    fireEvent.click(submit());
    expect(await screen.findByText('Your password was changed.')).toBeInTheDocument();
    expect(h.calls.password).toEqual([{ oldPassword: 'Demo!Password2026', newPassword: GOOD }]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Change Password' })).not.toBeInTheDocument());
  });

  it('shows Password changed successfully when the server says nothing', async () => {
    const { input, submit } = await openPasswordDialog({ passwordAnswer: {} });
    fireEvent.change(input('Current Password'), { target: { value: 'x' } });
    fireEvent.change(input('New Password'), { target: { value: GOOD } });
    fireEvent.change(input('Confirm Password'), { target: { value: GOOD } });
    fireEvent.click(submit());
    expect(await screen.findByText(MSG_PASSWORD_CHANGED)).toBeInTheDocument();
  });

  it('a refused change shows the requirements message, never the server’s words', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { dialog, input, submit } = await openPasswordDialog({ refuse: { password: { status: 400, message: 'The current password is incorrect.' } } });
    fireEvent.change(input('Current Password'), { target: { value: 'wrong' } });
    fireEvent.change(input('New Password'), { target: { value: GOOD } });
    fireEvent.change(input('Confirm Password'), { target: { value: GOOD } });
    fireEvent.click(submit());
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(MSG_PASSWORD_REQUIREMENTS);
    expect(screen.queryByText('The current password is incorrect.')).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Change Password' })).toBeInTheDocument();
  });

  it('hides and shows each password with a named toggle', async () => {
    const { dialog, input } = await openPasswordDialog();
    expect(input('New Password')).toHaveAttribute('type', 'password');
    fireEvent.mouseDown(within(dialog).getByRole('button', { name: 'Show new password' }));
    expect(input('New Password')).toHaveAttribute('type', 'text');
    expect(within(dialog).getByRole('button', { name: 'Hide new password' })).toBeInTheDocument();
    expect(input('Current Password')).toHaveAttribute('type', 'password');
  });

  it('is not offered on another appraiser’s profile', async () => {
    await open({ user: adminUser }, `/appraiser/profile/${APPRAISER_ID}/settings`);
    expect(screen.queryByRole('button', { name: 'Change Password' })).not.toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Has trainees' })).toBeInTheDocument();
  });
});

async function openOoo(options: ProfileServerOptions = {}) {
  const h = await open(options);
  fireEvent.click(screen.getByRole('button', { name: 'Set Out of Office' }));
  const dialog = await screen.findByRole('dialog', { name: 'Out of Office' });
  const input = (label: string) => within(dialog).getByLabelText(new RegExp(`^${label}`));
  const save = () => fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  return { h, dialog, input, save };
}

describe('Settings: Out of Office', () => {
  it('needs both dates, and the end not before the start', async () => {
    const { h, dialog, input, save } = await openOoo();
    save();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(MSG_OOO_DATES_REQUIRED);
    fireEvent.change(input('Start Date'), { target: { value: '2026-07-10' } });
    save();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(MSG_OOO_DATES_REQUIRED);
    fireEvent.change(input('End Date'), { target: { value: '2026-07-09' } });
    expect(input('End Date')).toHaveAttribute('min', '2026-07-10');
    save();
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent(MSG_OOO_END_BEFORE_START));
    expect(h.calls.ooo).toEqual([]);
  });

  it('saves the dates and refreshes the profile', async () => {
    const h = await open();
    let loads = 0;
    server.use(
      http.get('*/api/appraiser/me', () => {
        loads += 1;
        return HttpResponse.json(h.state.appraiser);
      }),
    );
    expect(screen.getByTestId('ooo-dates')).toHaveTextContent('No out of office dates are set.');
    fireEvent.click(screen.getByRole('button', { name: 'Set Out of Office' }));
    const dialog = await screen.findByRole('dialog', { name: 'Out of Office' });
    fireEvent.change(within(dialog).getByLabelText(/^Start Date/), { target: { value: '2026-07-10' } });
    fireEvent.change(within(dialog).getByLabelText(/^End Date/), { target: { value: '2026-07-10' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MSG_OOO_SAVED)).toBeInTheDocument();
    expect(h.calls.ooo).toEqual([{ appraiserId: APPRAISER_ID, startDate: '2026-07-10', endDate: '2026-07-10' }]);
    await waitFor(() => expect(loads).toBeGreaterThan(0));
    await waitFor(() => expect(screen.getByTestId('ooo-dates')).toHaveTextContent('Out of office from 07/10/2026 to 07/10/2026.'));
  });

  it('starts from the dates already set and shows the server’s refusal', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { dialog, input, save } = await openOoo({
      state: { appraiser: appraiserInfo({ oooStartDate: '2026-08-01', oooEndDate: '2026-08-05' }) },
      refuse: { ooo: { status: 400, message: 'The end date cannot be before the start date.' } },
    });
    expect(input('Start Date')).toHaveValue('2026-08-01');
    expect(input('End Date')).toHaveValue('2026-08-05');
    save();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(MSG_OOO_END_BEFORE_START);
  });
});

describe('Settings: calendar feed', () => {
  it('shows the private calendar link on request, and makes a new one that replaces it', async () => {
    let token = 1;
    const calls: string[] = [];
    const feed = () => HttpResponse.json({ url: `http://127.0.0.1:8080/ical/token${token}.ics`, createdAt: '2026-11-25T15:00:00Z' });
    server.use(
      http.get('*/api/me/calendar-feed', () => {
        calls.push('show');
        return feed();
      }),
      http.post('*/api/me/calendar-feed/regenerate', () => {
        calls.push('regenerate');
        token += 1;
        return feed();
      }),
    );
    await open();
    await screen.findByRole('heading', { level: 2, name: 'Calendar Feed' });
    expect(calls).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Show My Calendar Link' }));
    expect(await screen.findByDisplayValue('http://127.0.0.1:8080/ical/token1.ics')).toBeInTheDocument();
    expect(screen.getByText(MSG_FEED_NOTE)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Make a New Link' }));
    expect(await screen.findByDisplayValue('http://127.0.0.1:8080/ical/token2.ics')).toBeInTheDocument();
    expect(calls).toEqual(['show', 'regenerate']);
  });
});

describe('Settings: notifications', () => {
  const events = [
    { event: 'newAssignment', label: 'New assignment', delivery: 'email' },
    { event: 'staffMessage', label: 'Message from staff', delivery: 'email' },
  ];

  it('shows each event with its channel and saves the choices and the digest hour', async () => {
    const sent: unknown[] = [];
    server.use(
      http.get('*/api/me/notification-preferences', () => HttpResponse.json({ events, digestHour: null, timeZone: 'America/Chicago', smsAvailable: false })),
      http.put('*/api/me/notification-preferences', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        sent.push(body);
        return HttpResponse.json({ ...body, timeZone: 'America/Chicago', smsAvailable: false });
      }),
    );
    await open();
    const card = await screen.findByRole('region', { name: 'Notifications' });
    const staffMessage = await within(card).findByRole('combobox', { name: 'How you are told: Message from staff' });
    expect(staffMessage).toHaveValue('email');
    expect(within(card).getByText(MSG_NO_CELL_PHONE)).toBeInTheDocument();
    fireEvent.change(staffMessage, { target: { value: 'none' } });
    fireEvent.click(within(card).getByRole('switch', { name: 'Send my e-mails as one daily digest' }));
    fireEvent.change(within(card).getByRole('combobox', { name: 'Digest time (America/Chicago)' }), { target: { value: '17' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Save Notifications' }));
    expect(await screen.findByText(MSG_NOTIFICATIONS_SAVED)).toBeInTheDocument();
    expect(sent).toEqual([
      expect.objectContaining({
        digestHour: 17,
        events: [events[0], { ...events[1], delivery: 'none' }],
      }),
    ]);
  });

  it('names the hours of the day', () => {
    expect([0, 7, 12, 17].map(hourLabel)).toEqual(['12:00 AM', '7:00 AM', '12:00 PM', '5:00 PM']);
  });
});
