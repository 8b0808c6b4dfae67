import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render';
import { appConfig, csrf, loggedIn, runFakeServer, server } from '../../test/server';
import type { OfferedWindow, SchedulingPage } from './api';
import { bookedLine, MSG_CHOOSE_A_TIME, MSG_ENDED, TITLE } from './ChooseInspectionTimePage';

runFakeServer();

const offered = (start: string, label: string, unavailableBecause: OfferedWindow['unavailableBecause'] = null): OfferedWindow => ({
  start,
  end: start.replace(/T(\d\d)/, (_, h: string) => `T${String(Number(h) + 1).padStart(2, '0')}`),
  label,
  available: unavailableBecause === null,
  unavailableBecause,
});
const TUESDAY_9 = offered('2026-12-01T15:00:00Z', 'Tuesday 12/01/2026, 9:00am to 10:00am');
const TUESDAY_1 = offered('2026-12-01T19:00:00Z', 'Tuesday 12/01/2026, 1:00pm to 2:00pm', 'taken');
const WEDNESDAY_9 = offered('2026-12-02T15:00:00Z', 'Wednesday 12/02/2026, 9:00am to 10:00am');
const MONDAY_9 = offered('2026-11-30T15:00:00Z', 'Monday 11/30/2026, 9:00am to 10:00am', 'past');

const open: SchedulingPage = {
  company: 'Lone Star Appraisals',
  propertyAddress: '123 Main St Unit 4, Austin, TX 78701',
  contactName: 'Pat Owner',
  state: 'open',
  windows: [MONDAY_9, TUESDAY_9, TUESDAY_1, WEDNESDAY_9],
  chosen: null,
  expiresAt: '2026-12-08T15:00:00Z',
  timeZone: 'America/Chicago',
};

/** A signed-out visitor on the link `tok`; the page answers `page()` each time it is asked, a choice `answer(start)`. */
function openLink(page: () => Response, answer: (start: string) => Response = () => HttpResponse.json(open)) {
  const calls = { loads: 0, posted: [] as unknown[] };
  server.use(
    loggedIn(null),
    appConfig(),
    csrf,
    http.get('*/api/scheduling/tok', () => {
      calls.loads += 1;
      return page();
    }),
    http.post('*/api/scheduling/tok', async ({ request }) => {
      const body = (await request.json()) as { start: string };
      calls.posted.push(body);
      return answer(body.start);
    }),
  );
  renderApp('/schedule/tok');
  return calls;
}

const times = () => screen.findByRole('radiogroup', { name: /^Times offered/ });
const confirm = () => fireEvent.click(screen.getByRole('button', { name: 'Confirm This Time' }));

describe("the contact's scheduling page", () => {
  it('lists the windows, a taken or past one disabled with why; confirms the chosen one by its start and says when the inspection is', async () => {
    const calls = openLink(
      () => HttpResponse.json(open),
      () => HttpResponse.json({ ...open, state: 'scheduled', chosen: WEDNESDAY_9 }),
    );
    const group = await times();
    expect(screen.getByRole('heading', { level: 1, name: TITLE })).toBeInTheDocument();
    expect(screen.getByText('Company', { selector: 'dt' }).nextElementSibling).toHaveTextContent('Lone Star Appraisals');
    expect(screen.getByText('Property', { selector: 'dt' }).nextElementSibling).toHaveTextContent('123 Main St Unit 4, Austin, TX 78701');
    const radio = (w: OfferedWindow) => within(group).getByRole('radio', { name: w.label });
    const listed = [MONDAY_9, TUESDAY_9, TUESDAY_1, WEDNESDAY_9];
    expect(within(group).getAllByRole('radio')).toEqual(listed.map(radio));
    expect(listed.map((w) => radio(w).hasAttribute('disabled'))).toEqual([true, false, true, false]);
    expect(within(group).getByRole('radio', { name: TUESDAY_1.label })).toHaveAccessibleDescription('Already taken');
    expect(within(group).getByRole('radio', { name: MONDAY_9.label })).toHaveAccessibleDescription('This time has passed');
    expect(within(group).getByRole('radio', { name: WEDNESDAY_9.label })).not.toHaveAccessibleDescription();

    confirm();
    expect(await screen.findByText(MSG_CHOOSE_A_TIME)).toBeInTheDocument();
    expect(calls.posted).toEqual([]);

    fireEvent.click(within(group).getByRole('radio', { name: WEDNESDAY_9.label }));
    confirm();
    const booked = await screen.findByRole('status');
    expect(booked).toHaveTextContent(bookedLine(WEDNESDAY_9.label));
    await waitFor(() => expect(booked).toHaveFocus());
    expect(calls.posted).toEqual([{ start: '2026-12-02T15:00:00Z' }]);
    expect(screen.queryByRole('radiogroup')).not.toBeInTheDocument();
  });

  it("a window taken meanwhile: the server's words, and the windows asked again so that it shows as taken", async () => {
    let page = open;
    const taken = 'That time was just taken. Please choose another one.';
    const calls = openLink(
      () => HttpResponse.json(page),
      () => {
        page = { ...open, windows: [MONDAY_9, { ...TUESDAY_9, available: false, unavailableBecause: 'taken' }, TUESDAY_1, WEDNESDAY_9] };
        return HttpResponse.json({ message: taken }, { status: 409 });
      },
    );
    fireEvent.click(within(await times()).getByRole('radio', { name: TUESDAY_9.label }));
    confirm();
    expect(await screen.findByRole('alert')).toHaveTextContent(taken);
    await waitFor(() => expect(screen.getByRole('radio', { name: TUESDAY_9.label })).toBeDisabled());
    expect(screen.getByRole('radio', { name: TUESDAY_9.label })).toHaveAccessibleDescription('Already taken');
    expect(screen.getByRole('radio', { name: TUESDAY_9.label })).not.toBeChecked();
    expect(calls.loads).toBe(2);
    expect(calls.posted).toEqual([{ start: '2026-12-01T15:00:00Z' }]);
  });

  it('a refusal other than a conflict is shown as the server words it, without asking the windows again', async () => {
    const past = 'That time has passed. Please choose another one.';
    const calls = openLink(
      () => HttpResponse.json(open),
      () => HttpResponse.json({ message: past }, { status: 422 }),
    );
    fireEvent.click(within(await times()).getByRole('radio', { name: TUESDAY_9.label }));
    confirm();
    expect(await screen.findByRole('alert')).toHaveTextContent(past);
    expect(calls.loads).toBe(1);
  });

  it('a link already used shows the time booked, and no choice', async () => {
    openLink(() => HttpResponse.json({ ...open, state: 'scheduled', chosen: TUESDAY_9 }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(bookedLine(TUESDAY_9.label)));
    expect(screen.queryByRole('radiogroup')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirm This Time' })).not.toBeInTheDocument();
  });

  it('an ended link says so, and offers no choice', async () => {
    openLink(() => HttpResponse.json({ ...open, state: 'ended' }));
    expect(await screen.findByText(MSG_ENDED)).toBeInTheDocument();
    expect(screen.queryByRole('radiogroup')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirm This Time' })).not.toBeInTheDocument();
  });

  it("an unknown link shows the server's message under the heading", async () => {
    const unknown = 'This scheduling link is not valid.';
    openLink(() => HttpResponse.json({ message: unknown }, { status: 404 }));
    expect(await screen.findByRole('alert')).toHaveTextContent(unknown);
    expect(screen.getByRole('heading', { level: 1, name: TITLE })).toBeInTheDocument();
    expect(screen.queryByRole('radiogroup')).not.toBeInTheDocument();
  });
});
