import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { clientSeat, clientUser, seatOf } from '../../test/clientOrder';
import { expectCardsOnPhone } from '../../test/media';
import { renderApp } from '../../test/render';
import { appConfig, csrf, loggedIn, runFakeServer, server } from '../../test/server';
import { MSG_NO_BRANCHES } from './ClientBranchesPage';

runFakeServer();

interface Call {
  method: string;
  url: string;
  body: unknown;
}

/** The fake lender's branches (changed by the calls); a name already taken is refused as the server does. */
function withBranches(calls: Call[], start = [{ id: 5, name: 'Downtown', active: true, createdAt: '2026-03-01T15:00:00Z' }]) {
  const branches = start.map((b) => ({ ...b }));
  const taken = (name: string, except?: number) => branches.some((b) => b.name === name && b.id !== except);
  const refusal = (name: string) =>
    HttpResponse.json({ message: `This lender already has a branch named ${name}.`, fields: { name: `This lender already has a branch named ${name}.` } }, { status: 422 });
  server.use(
    loggedIn(clientUser),
    appConfig(),
    csrf,
    clientSeat(),
    http.get('*/api/client/branches', () => HttpResponse.json(branches)),
    http.post('*/api/client/branches', async ({ request }) => {
      const body = (await request.json()) as { name: string };
      calls.push({ method: 'POST', url: new URL(request.url).pathname, body });
      if (taken(body.name)) return refusal(body.name);
      branches.push({ id: 9, name: body.name, active: true, createdAt: '2026-03-05T15:00:00Z' });
      return HttpResponse.json({ id: 9 }, { status: 201 });
    }),
    http.put('*/api/client/branches/:id', async ({ request, params }) => {
      const body = (await request.json()) as { name: string; active: boolean };
      calls.push({ method: 'PUT', url: new URL(request.url).pathname, body });
      if (taken(body.name, Number(params.id))) return refusal(body.name);
      Object.assign(
        branches.find((b) => b.id === Number(params.id))!,
        body,
      );
      return HttpResponse.json({ message: `Branch ${body.name} was saved.` });
    }),
  );
}

const row = (id: number) => screen.getByRole('table', { name: 'Branches' }).querySelector(`[data-branch-id="${id}"]`) as HTMLElement;
const cells = (id: number) =>
  within(row(id))
    .getAllByRole('cell')
    .map((c) => c.textContent);

describe("the lender's Branches page", () => {
  it('adds a branch by name; a name the lender has already is refused under the field', async () => {
    const calls: Call[] = [];
    withBranches(calls);
    renderApp('/client/branches');
    expect(await screen.findByRole('heading', { level: 1, name: 'Branches' })).toBeInTheDocument();
    await screen.findByRole('table', { name: 'Branches' });
    expect(cells(5)).toEqual(['Downtown', 'Active', 'RenameMake inactive']);

    fireEvent.click(screen.getByRole('button', { name: 'Add Branch' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Branch' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Branch' }));
    expect(await within(dialog).findByText('Branch name is required.')).toBeInTheDocument();
    expect(calls).toEqual([]);

    const name = within(dialog).getByLabelText(/^Branch name/);
    fireEvent.change(name, { target: { value: 'Downtown' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Branch' }));
    await waitFor(() => expect(name).toHaveAccessibleDescription(expect.stringContaining('This lender already has a branch named Downtown.')));

    fireEvent.change(name, { target: { value: ' Uptown ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Branch' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Branch' })).not.toBeInTheDocument());
    expect(calls.at(-1)).toEqual({ method: 'POST', url: '/api/client/branches', body: { name: 'Uptown' } });
    expect(await screen.findByText('Branch Uptown was added.')).toBeInTheDocument();
    await waitFor(() => expect(cells(9)).toEqual(['Uptown', 'Active', 'RenameMake inactive']));
  });

  it('renames a branch, keeping whether it is active', async () => {
    const calls: Call[] = [];
    withBranches(calls);
    renderApp('/client/branches');
    fireEvent.click(await screen.findByRole('button', { name: 'Rename Downtown' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename Branch' });
    const name = within(dialog).getByLabelText(/^Branch name/);
    expect(name).toHaveValue('Downtown');
    fireEvent.change(name, { target: { value: 'Downtown East' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Name' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Rename Branch' })).not.toBeInTheDocument());
    expect(calls).toEqual([{ method: 'PUT', url: '/api/client/branches/5', body: { name: 'Downtown East', active: true } }]);
    expect(await screen.findByText('Branch Downtown East was saved.')).toBeInTheDocument();
    await waitFor(() => expect(cells(5)[0]).toBe('Downtown East'));
  });

  it('makes a branch inactive, and active again', async () => {
    const calls: Call[] = [];
    withBranches(calls);
    renderApp('/client/branches');
    fireEvent.click(await screen.findByRole('button', { name: 'Make inactive: Downtown' }));
    await waitFor(() => expect(cells(5)).toEqual(['Downtown', 'Inactive', 'RenameMake active']));
    expect(calls).toEqual([{ method: 'PUT', url: '/api/client/branches/5', body: { name: 'Downtown', active: false } }]);
    expect(screen.getByText('Downtown is inactive now.')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Make active: Downtown' }));
    await waitFor(() => expect(cells(5)[1]).toBe('Active'));
    expect(calls.at(-1)).toEqual({ method: 'PUT', url: '/api/client/branches/5', body: { name: 'Downtown', active: true } });
  });

  it('no branches yet: says so', async () => {
    withBranches([], []);
    renderApp('/client/branches');
    expect(await screen.findByText(MSG_NO_BRANCHES)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Branch' })).toBeInTheDocument();
  });

  it("opened by anyone but an administrator: the server's words, and nothing to change", async () => {
    withBranches([]);
    server.use(clientSeat(seatOf('processor', { branchId: 5 })));
    renderApp('/client/branches');
    expect(await screen.findByRole('alert')).toHaveTextContent("Only the lender's administrators can do this.");
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Branch' })).not.toBeInTheDocument();
  });

  it('on a phone each branch is a card with its buttons', async () => {
    withBranches([]);
    await expectCardsOnPhone('Branches', 'Downtown', 'Rename Downtown', () => renderApp('/client/branches'));
  });
});
