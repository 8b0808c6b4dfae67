import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { clientSeat, clientUser, seatOf } from '../../test/clientOrder';
import { expectCardsOnPhone } from '../../test/media';
import { renderApp } from '../../test/render';
import { appConfig, csrf, loggedIn, runFakeServer, server } from '../../test/server';
import { BRANCH_HINT, MSG_DEACTIVATE_CONSEQUENCE } from './ClientUsersPage';

runFakeServer();

interface Call {
  method: string;
  url: string;
  body: unknown;
}

const BRANCHES = [
  { id: 5, name: 'Downtown', active: true, createdAt: '2026-03-01T15:00:00Z' },
  { id: 6, name: 'Old Town', active: false, createdAt: '2026-03-01T15:00:00Z' },
  { id: 7, name: 'Uptown', active: true, createdAt: '2026-03-02T15:00:00Z' },
];

const person = (id: number, username: string, firstName: string, lastName: string, role: string, branchId: number | null, active = true) => ({
  id,
  username,
  email: `${username}@acme.example`,
  firstName,
  lastName,
  active,
  createdAt: '2026-03-01T15:00:00Z',
  role,
  branchId,
});

/** The fake lender: its users (changed by the calls), branches, and the refusals `refuse` gives instead. */
function withLender(calls: Call[], refuse: (call: Call) => Response | null = () => null) {
  const users = [
    person(30, 'demo.client', 'Finley', 'Client', 'lender_admin', null),
    person(31, 'demo.lo', 'Logan', 'Officer', 'loan_officer', 5),
    person(32, 'demo.processor', 'Parker', 'Processor', 'processor', 5),
    person(33, 'gone', 'Gail', 'Gone', 'viewer', null, false),
  ];
  server.use(
    loggedIn(clientUser),
    appConfig(),
    csrf,
    clientSeat(),
    http.get('*/api/client/orders', () => HttpResponse.json({ items: [], total: 0, page: 1, pageSize: 25 })),
    http.get('*/api/client/branches', () => HttpResponse.json(BRANCHES)),
    http.get('*/api/client/users', () => HttpResponse.json(users)),
    http.post('*/api/client/users', async ({ request }) => {
      const call = { method: 'POST', url: new URL(request.url).pathname, body: await request.json() };
      calls.push(call);
      const refusal = refuse(call);
      if (refusal) return refusal;
      const b = call.body as Record<string, string | number>;
      users.push(person(40, String(b.username), String(b.firstName), String(b.lastName), String(b.role), (b.branchId as number) ?? null));
      return HttpResponse.json({ id: 40 }, { status: 201 });
    }),
    http.put('*/api/client/users/:id', async ({ request, params }) => {
      const call = { method: 'PUT', url: new URL(request.url).pathname, body: await request.json() };
      calls.push(call);
      const refusal = refuse(call);
      if (refusal) return refusal;
      const user = users.find((u) => u.id === Number(params.id))!;
      const change = call.body as { role?: string; branchId?: number; active?: boolean };
      Object.assign(user, change.role ? { role: change.role } : {}, change.branchId !== undefined ? { branchId: change.branchId || null } : {});
      if (change.active !== undefined) user.active = change.active;
      const name = `${user.firstName} ${user.lastName}`;
      return HttpResponse.json({ message: change.active === false ? `${name} was deactivated: their sessions ended.` : `${name} was saved.` });
    }),
  );
}

const row = (id: number) => screen.getByRole('table', { name: 'Users' }).querySelector(`[data-user-id="${id}"]`) as HTMLElement;
const cells = (id: number) =>
  within(row(id))
    .getAllByRole('cell')
    .map((c) => c.textContent);
const choose = (scope: HTMLElement, label: RegExp, value: string) => fireEvent.change(within(scope).getByLabelText(label), { target: { value } });
const type = (scope: HTMLElement, label: RegExp, value: string) => fireEvent.change(within(scope).getByLabelText(label), { target: { value } });

async function openInvite() {
  fireEvent.click(await screen.findByRole('button', { name: 'Invite User' }));
  return screen.findByRole('dialog', { name: 'Invite User' });
}

function fillPerson(dialog: HTMLElement) {
  type(dialog, /^First Name/, ' Robin ');
  type(dialog, /^Last Name/, 'Reyes');
  type(dialog, /^Username/, 'robin.reyes');
  type(dialog, /^E-mail/, 'robin@acme.example');
}

describe("the lender's Users page", () => {
  it('lists every user with their role, branch by name and status, each with Change and Deactivate or Reactivate', async () => {
    withLender([]);
    renderApp('/client/users');
    expect(await screen.findByRole('heading', { level: 1, name: 'Users' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Users' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'Username', 'E-mail', 'Role', 'Branch', 'Status', 'Actions']);
    await waitFor(() => expect(cells(32)).toContain('Downtown'));
    expect(cells(30)).toEqual(['Finley Client', 'demo.client', 'demo.client@acme.example', 'Lender administrator', '—', 'Active', 'ChangeDeactivate']);
    expect(cells(31).slice(3, 6)).toEqual(['Loan officer', 'Downtown', 'Active']);
    expect(cells(32).slice(3, 6)).toEqual(['Processor', 'Downtown', 'Active']);
    expect(cells(33).slice(3, 6)).toEqual(['Viewer', '—', 'Deactivated']);
    expect(within(row(33)).getByRole('button', { name: 'Reactivate Gail Gone' })).toBeInTheDocument();
    expect(within(row(31)).getByRole('button', { name: 'Change role and branch of Logan Officer' })).toBeInTheDocument();
  });

  it('invites a user with a role and a branch: a processor needs one, and only active branches are offered', async () => {
    const calls: Call[] = [];
    withLender(calls);
    renderApp('/client/users');
    const dialog = await openInvite();
    // A loan officer unless chosen otherwise; the branch optional then, and the rule said beside it.
    expect(within(dialog).getByLabelText(/^Role/)).toHaveValue('loan_officer');
    const branch = within(dialog).getByLabelText(/^Branch/);
    expect(branch).not.toBeRequired();
    expect(within(dialog).getByText(BRANCH_HINT)).toBeInTheDocument();
    await waitFor(() =>
      expect(
        within(branch)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['No branch', 'Downtown', 'Uptown']),
    );

    fillPerson(dialog);
    choose(dialog, /^Role/, 'processor');
    expect(within(dialog).getByLabelText(/^Branch/)).toBeRequired();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));
    expect(await within(dialog).findByText('A branch manager or processor needs a branch.')).toBeInTheDocument();
    expect(calls).toEqual([]);

    choose(dialog, /^Branch/, '7');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Invite User' })).not.toBeInTheDocument());
    expect(calls).toEqual([
      {
        method: 'POST',
        url: '/api/client/users',
        body: { username: 'robin.reyes', email: 'robin@acme.example', firstName: 'Robin', lastName: 'Reyes', role: 'processor', branchId: 7 },
      },
    ]);
    expect(await screen.findByText('The invitation was sent to robin@acme.example.')).toBeInTheDocument();
    await waitFor(() => expect(cells(40).slice(0, 6)).toEqual(['Robin Reyes', 'robin.reyes', 'robin.reyes@acme.example', 'Processor', 'Uptown', 'Active']));
  });

  it('invites without a branch: none is sent', async () => {
    const calls: Call[] = [];
    withLender(calls);
    renderApp('/client/users');
    const dialog = await openInvite();
    fillPerson(dialog);
    choose(dialog, /^Role/, 'viewer');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toEqual({ username: 'robin.reyes', email: 'robin@acme.example', firstName: 'Robin', lastName: 'Reyes', role: 'viewer' });
  });

  it("shows the server's 409 above the fields and its 422 under the field it names", async () => {
    const calls: Call[] = [];
    withLender(calls, (call) => {
      const b = call.body as { username: string };
      if (b.username === 'taken') return HttpResponse.json({ message: "The username 'taken' is already in use." }, { status: 409 });
      return HttpResponse.json(
        { message: "Branch 7 is not one of this lender's active branches.", fields: { branchId: "Branch 7 is not one of this lender's active branches." } },
        { status: 422 },
      );
    });
    renderApp('/client/users');
    const dialog = await openInvite();
    fillPerson(dialog);
    type(dialog, /^Username/, 'taken');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent("The username 'taken' is already in use.");

    type(dialog, /^Username/, 'robin.reyes');
    await waitFor(() => expect(within(dialog).getByLabelText(/^Branch/)).toHaveTextContent('Uptown'));
    choose(dialog, /^Branch/, '7');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));
    const branch = within(dialog).getByLabelText(/^Branch/);
    await waitFor(() => expect(branch).toHaveAccessibleDescription(expect.stringContaining("Branch 7 is not one of this lender's active branches.")));
    // Under the field only: nothing above the fields any more.
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(calls).toHaveLength(2);
  });

  it("changes a user's role and branch; the last administrator's 409 and the branch rule's 422 show in the dialog", async () => {
    const calls: Call[] = [];
    withLender(calls, (call) => {
      if (call.url !== '/api/client/users/30') return null;
      const change = call.body as { role?: string; branchId?: number };
      if (change.branchId)
        return HttpResponse.json(
          { message: 'A branch manager or processor needs a branch.', fields: { branchId: 'A branch manager or processor needs a branch.' } },
          { status: 422 },
        );
      return HttpResponse.json({ message: 'The lender needs at least one active administrator: make another user one first.' }, { status: 409 });
    });
    renderApp('/client/users');
    await screen.findByRole('table', { name: 'Users' });

    // The loan officer becomes a branch manager of Uptown.
    fireEvent.click(within(row(31)).getByRole('button', { name: 'Change role and branch of Logan Officer' }));
    let dialog = await screen.findByRole('dialog', { name: 'Change Role and Branch of Logan Officer' });
    expect(within(dialog).getByLabelText(/^Role/)).toHaveValue('loan_officer');
    await waitFor(() => expect(within(dialog).getByLabelText(/^Branch/)).toHaveValue('5'));
    choose(dialog, /^Role/, 'branch_manager');
    choose(dialog, /^Branch/, '7');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /^Change Role/ })).not.toBeInTheDocument());
    expect(calls.at(-1)).toEqual({ method: 'PUT', url: '/api/client/users/31', body: { role: 'branch_manager', branchId: 7 } });
    expect(await screen.findByText('Logan Officer was saved.')).toBeInTheDocument();
    await waitFor(() => expect(cells(31).slice(3, 5)).toEqual(['Branch manager', 'Uptown']));

    // The only administrator cannot stop being one.
    fireEvent.click(within(row(30)).getByRole('button', { name: 'Change role and branch of Finley Client' }));
    dialog = await screen.findByRole('dialog', { name: 'Change Role and Branch of Finley Client' });
    choose(dialog, /^Role/, 'viewer');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The lender needs at least one active administrator: make another user one first.');
    // Unchanged, the branch is not sent.
    expect(calls.at(-1)).toEqual({ method: 'PUT', url: '/api/client/users/30', body: { role: 'viewer' } });

    // A processor needs a branch: said before sending, and the server's 422 under Branch too.
    choose(dialog, /^Role/, 'processor');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('A branch manager or processor needs a branch.')).toBeInTheDocument();
    expect(calls).toHaveLength(2);
    choose(dialog, /^Branch/, '5');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls).toHaveLength(3));
    expect(calls.at(-1)!.body).toEqual({ role: 'processor', branchId: 5 });
    await waitFor(() => expect(within(dialog).getByLabelText(/^Branch/)).toHaveAccessibleDescription(expect.stringContaining('A branch manager or processor needs a branch.')));
  });

  it('Deactivate asks first, saying what it does, then sends active false; Reactivate sends active true', async () => {
    const calls: Call[] = [];
    withLender(calls);
    renderApp('/client/users');
    await screen.findByRole('table', { name: 'Users' });
    fireEvent.click(within(row(32)).getByRole('button', { name: 'Deactivate Parker Processor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate User' });
    expect(dialog).toHaveTextContent(`Parker Processor can no longer sign in. ${MSG_DEACTIVATE_CONSEQUENCE}`);
    expect(MSG_DEACTIVATE_CONSEQUENCE).toBe('Their sessions end at once and the API keys they made stop working.');
    expect(calls).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('Parker Processor was deactivated: their sessions ended.')).toBeInTheDocument();
    expect(calls).toEqual([{ method: 'PUT', url: '/api/client/users/32', body: { active: false } }]);
    await waitFor(() => expect(cells(32)[5]).toBe('Deactivated'));

    fireEvent.click(within(row(32)).getByRole('button', { name: 'Reactivate Parker Processor' }));
    await waitFor(() => expect(cells(32)[5]).toBe('Active'));
    expect(calls.at(-1)).toEqual({ method: 'PUT', url: '/api/client/users/32', body: { active: true } });
  });

  it("opened by anyone but an administrator: the server's refusal, no list and no Invite User, and no trip to /forbidden", async () => {
    withLender([]);
    server.use(
      clientSeat(seatOf('loan_officer', { branchId: 5 })),
      http.get('*/api/client/users', () => HttpResponse.json({ message: "Only the lender's administrators can do this." }, { status: 403 })),
    );
    const { router } = renderApp('/client/users');
    expect(await screen.findByRole('alert')).toHaveTextContent("Only the lender's administrators can do this.");
    expect(screen.getByRole('heading', { level: 1, name: 'Users' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Invite User' })).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/client/users');
  });

  it('on a phone each user is a card with its buttons', async () => {
    withLender([]);
    await expectCardsOnPhone('Users', 'Parker Processor', 'Deactivate Parker Processor', () => renderApp('/client/users'));
  });
});
