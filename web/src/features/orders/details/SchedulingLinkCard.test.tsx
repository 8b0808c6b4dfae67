import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Schemas } from '../../../lib/api';
import { fillIn } from '../../../test/forms';
import { renderApp } from '../../../test/render';
import { loggedIn, runFakeServer, server } from '../../../test/server';
import { MSG_END_AFTER_START, MSG_LATE_INSPECTION_REASON, MSG_RESCHEDULE_REASON } from './actions/rules';
import { appraiserUser, recordsServer, settled, staffUser } from './recordsFixtures';
import { MSG_NO_LINK } from './SchedulingLinkCard';
import type { OfferedWindow, SchedulingLinkView } from './schedulingApi';
import { MSG_DATE_REQUIRED, MSG_EMAIL_OR_PHONE, MSG_END_TIME_REQUIRED, MSG_START_TIME_REQUIRED } from './schedulingLinkForm';
import { MSG_LINK_SENT } from './SendSchedulingLinkDialog';

runFakeServer();

const access = { id: 4, name: 'Alex Access', email: 'alex@example.com', cellPhone: '5125550123', workPhone: null, homePhone: null, type: 'ACCESS' };
const borrower = { id: 3, name: 'Jordan Buyer', email: 'jordan@example.com', cellPhone: null, workPhone: null, homePhone: null, type: 'BORROWER' };
/** An order that may be scheduled, with its borrower and access contacts. */
const OFFERED: Partial<Schemas['OrderDetails']> = { availableActions: ['SCHEDULE_INSPECTION', 'SEND_MESSAGE'], otherContacts: [borrower, access] };
const tuesday: OfferedWindow = {
  start: '2999-01-04T15:00:00Z',
  end: '2999-01-04T16:00:00Z',
  label: 'Friday 01/04/2999, 9:00am to 10:00am',
  available: true,
  unavailableBecause: null,
};
const sent: SchedulingLinkView = {
  contactName: 'Alex Access',
  contactEmail: 'alex@example.com',
  contactPhone: '5125550123',
  windows: [tuesday, { ...tuesday, start: '2999-01-04T19:00:00Z', end: '2999-01-04T20:00:00Z', label: 'Friday 01/04/2999, 1:00pm to 2:00pm' }],
  state: 'open',
  chosen: null,
  sentBy: 'Dana Reed',
  sentAt: '2026-11-20T15:00:00Z',
  expiresAt: '2026-11-27T15:00:00Z',
};

/** The order page of order 5 (`order` over the fixture) signed in as `user`; the link GET answers `link`, the POST `answer`. */
function linkServer(order: Partial<Schemas['OrderDetails']>, link: SchedulingLinkView | null, answer: () => Response = () => HttpResponse.json(sent), user = appraiserUser) {
  server.use(loggedIn(user));
  const loads = recordsServer({ order });
  const calls = { loads: 0, posted: [] as unknown[] };
  let latest = link;
  server.use(
    http.get('*/api/orders/5/scheduling-link', () => {
      calls.loads += 1;
      return HttpResponse.json(latest);
    }),
    http.post('*/api/orders/5/scheduling-link', async ({ request }) => {
      calls.posted.push(await request.json());
      const answered = answer();
      if (answered.ok) latest = sent;
      return answered;
    }),
  );
  return { calls, loads };
}

const card = () => screen.findByRole('region', { name: 'Self-Scheduling' });

async function openDialog() {
  fireEvent.click(within(await card()).getByRole('button', { name: 'Send Scheduling Link' }));
  return screen.findByRole('dialog', { name: 'Send Scheduling Link' });
}

const windowRow = (dialog: HTMLElement, n: number) => within(dialog).getByRole('group', { name: `Window ${n}` });

/** Fills window `n` of the dialog: its date and times (hh:mm). */
function fillWindow(dialog: HTMLElement, n: number, date: string, start: string, end: string) {
  const fill = fillIn(windowRow(dialog, n));
  fill(/^Date/, date);
  fill(/^Start Time/, start);
  fill(/^End Time/, end);
}

const sendLink = (dialog: HTMLElement) => fireEvent.click(within(dialog).getByRole('button', { name: 'Send Link' }));

describe('the Self-Scheduling card', () => {
  it('is left out when the order may not be scheduled and has no link', async () => {
    const { calls } = linkServer({ availableActions: ['SEND_MESSAGE'] }, null);
    renderApp('/appraiser/orderdetails/5');
    await screen.findByRole('region', { name: 'Property Information' });
    await waitFor(() => expect(calls.loads).toBe(1));
    await settled();
    expect(screen.queryByRole('region', { name: 'Self-Scheduling' })).not.toBeInTheDocument();
  });

  it('shows the latest link once there is one, chosen window and all, without Send when the order may not be scheduled (staff too)', async () => {
    linkServer({ availableActions: [] }, { ...sent, state: 'scheduled', chosen: tuesday }, undefined, staffUser);
    renderApp('/staff/orderdetails/5');
    const c = await card();
    await within(c).findByText('Scheduled', { selector: '.mantine-Badge-label' });
    const field = (label: string) => within(c).getByText(label, { selector: 'dt' }).nextElementSibling;
    expect(field('Contact')).toHaveTextContent('Alex Access');
    expect(field('E-mail')).toHaveTextContent('alex@example.com');
    expect(field('Mobile Phone')).toHaveTextContent('(512) 555-0123');
    expect(field('Chosen Time')).toHaveTextContent(tuesday.label);
    const windows = within(within(c).getByRole('list', { name: 'Windows offered' })).getAllByRole('listitem');
    expect(windows.map((w) => w.textContent)).toEqual(sent.windows.map((w) => w.label));
    expect(within(c).getByText('Sent by Dana Reed on 11/20/2026')).toBeInTheDocument();
    expect(within(c).queryByRole('button', { name: 'Send Scheduling Link' })).not.toBeInTheDocument();
  });

  it('prefills the access contact, says what is missing, then sends the windows and contact, tells, closes and shows the new link', async () => {
    const { calls, loads } = linkServer(OFFERED, null);
    renderApp('/appraiser/orderdetails/5');
    expect(await within(await card()).findByText(MSG_NO_LINK)).toBeInTheDocument();
    const dialog = await openDialog();
    expect(within(dialog).getByRole('textbox', { name: /^Contact Name/ })).toHaveValue('Alex Access');
    expect(within(dialog).getByRole('textbox', { name: /^Contact E-mail/ })).toHaveValue('alex@example.com');
    expect(within(dialog).getByRole('textbox', { name: /^Mobile Phone/ })).toHaveValue('5125550123');
    expect(within(dialog).getByRole('combobox', { name: /^Scheduled With/ })).toHaveValue('Entry Contact');
    expect(within(dialog).queryByRole('textbox', { name: /^Reason/ })).not.toBeInTheDocument();

    const fill = fillIn(dialog);
    fill(/^Contact Name/, ' ');
    fill(/^Contact E-mail/, '');
    fill(/^Mobile Phone/, '');
    sendLink(dialog);
    const row1 = windowRow(dialog, 1);
    expect(await within(row1).findByText(MSG_DATE_REQUIRED)).toBeInTheDocument();
    expect(within(row1).getByText(MSG_START_TIME_REQUIRED)).toBeInTheDocument();
    expect(within(row1).getByText(MSG_END_TIME_REQUIRED)).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /^Contact Name/ })).toHaveAccessibleDescription('Contact Name is required.');
    expect(within(dialog).getByRole('textbox', { name: /^Contact E-mail/ })).toHaveAccessibleDescription(MSG_EMAIL_OR_PHONE);

    fillWindow(dialog, 1, '2999-01-04', '10:00', '09:30');
    fill(/^Contact Name/, 'Alex Access');
    fill(/^Mobile Phone/, '512-555-0123');
    sendLink(dialog);
    expect(await within(row1).findByText(MSG_END_AFTER_START)).toBeInTheDocument();
    expect(calls.posted).toEqual([]);

    fillWindow(dialog, 1, '2999-01-04', '09:00', '10:00');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Window' }));
    fillWindow(dialog, 2, '2999-01-04', '13:00', '14:00');
    fireEvent.change(within(dialog).getByRole('combobox', { name: /^Scheduled With/ }), { target: { value: 'Tenant' } });
    sendLink(dialog);
    expect(await screen.findByText(MSG_LINK_SENT)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Send Scheduling Link' })).not.toBeInTheDocument());
    expect(calls.posted).toEqual([
      {
        windows: [
          { start: '2999-01-04T09:00', end: '2999-01-04T10:00' },
          { start: '2999-01-04T13:00', end: '2999-01-04T14:00' },
        ],
        contact: { name: 'Alex Access', email: null, phone: '512-555-0123' },
        scheduledWith: 'Tenant',
        reason: null,
      },
    ]);
    expect(await within(await card()).findByText('Open', { selector: '.mantine-Badge-label' })).toBeInTheDocument();
    expect(calls.loads).toBe(2);
    expect(loads.details).toBe(2);
  });

  it('asks the Reason for Late Inspection once a window is after the inspection due date, and sends it', async () => {
    const { calls } = linkServer({ ...OFFERED, inspectionDueDate: '2999-01-05' }, null);
    renderApp('/appraiser/orderdetails/5');
    const dialog = await openDialog();
    fillWindow(dialog, 1, '2999-01-05', '09:00', '10:00');
    expect(within(dialog).queryByRole('textbox', { name: /^Reason/ })).not.toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Window' }));
    fillWindow(dialog, 2, '2999-01-06', '09:00', '10:00');
    const reason = await within(dialog).findByRole('textbox', { name: /^Reason for Late Inspection/ });
    sendLink(dialog);
    expect(await within(dialog).findByText(MSG_LATE_INSPECTION_REASON)).toBeInTheDocument();
    fireEvent.change(reason, { target: { value: '  Tenant away until then.  ' } });
    sendLink(dialog);
    await waitFor(() => expect(calls.posted).toHaveLength(1));
    expect(calls.posted[0]).toMatchObject({ reason: 'Tenant away until then.', contact: { name: 'Alex Access' } });
  });

  it('asks the Reason for Rescheduling of an order scheduled before', async () => {
    const { calls } = linkServer({ ...OFFERED, wasPreviouslyScheduled: true }, sent);
    renderApp('/appraiser/orderdetails/5');
    const dialog = await openDialog();
    fillWindow(dialog, 1, '2999-01-02', '09:00', '10:00');
    sendLink(dialog);
    expect(await within(dialog).findByText(MSG_RESCHEDULE_REASON)).toBeInTheDocument();
    fillIn(dialog)(/^Reason for Rescheduling/, 'The owner asked for another day.');
    sendLink(dialog);
    await waitFor(() => expect(calls.posted).toHaveLength(1));
    expect(calls.posted[0]).toMatchObject({ reason: 'The owner asked for another day.' });
  });

  it("shows the server's refusal as it words it, and keeps the dialog open", async () => {
    const refusal = 'Window 2: the end must be after the start.';
    linkServer(OFFERED, null, () => HttpResponse.json({ message: refusal }, { status: 422 }));
    renderApp('/appraiser/orderdetails/5');
    const dialog = await openDialog();
    fillWindow(dialog, 1, '2999-01-04', '09:00', '10:00');
    sendLink(dialog);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(refusal);
    expect(screen.getByRole('dialog', { name: 'Send Scheduling Link' })).toBeInTheDocument();
  });

  it('offers up to ten windows, each but a lone one with its Remove', async () => {
    linkServer(OFFERED, null);
    renderApp('/appraiser/orderdetails/5');
    const dialog = await openDialog();
    expect(within(dialog).queryByRole('button', { name: 'Remove window 1' })).not.toBeInTheDocument();
    for (let n = 2; n <= 10; n++) fireEvent.click(within(dialog).getByRole('button', { name: 'Add Window' }));
    expect(within(dialog).getAllByRole('group', { name: /^Window \d+$/ })).toHaveLength(10);
    expect(within(dialog).queryByRole('button', { name: 'Add Window' })).not.toBeInTheDocument();
    fillIn(windowRow(dialog, 3))(/^Date/, '2999-01-03');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove window 2' }));
    expect(within(windowRow(dialog, 2)).getByLabelText(/^Date/)).toHaveValue('2999-01-03');
    expect(within(dialog).getByRole('button', { name: 'Add Window' })).toBeInTheDocument();
  });

  it('prefills the borrower when the order has no access contact', async () => {
    linkServer({ ...OFFERED, otherContacts: [borrower] }, null);
    renderApp('/appraiser/orderdetails/5');
    const dialog = await openDialog();
    expect(within(dialog).getByRole('textbox', { name: /^Contact Name/ })).toHaveValue('Jordan Buyer');
    expect(within(dialog).getByRole('textbox', { name: /^Contact E-mail/ })).toHaveValue('jordan@example.com');
    expect(within(dialog).getByRole('textbox', { name: /^Mobile Phone/ })).toHaveValue('');
  });
});
