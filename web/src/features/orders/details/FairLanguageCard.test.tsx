import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Schemas } from '../../../lib/api';
import { FINDINGS } from '../../../test/fairLanguage';
import { fillIn } from '../../../test/forms';
import { orderDetailsFixture } from '../../../test/orderDetails';
import { renderApp } from '../../../test/render';
import { appConfig, csrf, loggedIn, runFakeServer, server } from '../../../test/server';
import { dispositionsFor, MSG_FINDING_DISPOSED } from './FairLanguageCard';

runFakeServer();

const staff = { securityUserId: 20, userType: 2, firstName: 'Sam', lastName: 'Staff' };
const appraiser = { securityUserId: 10, userType: 1, firstName: 'Dana', lastName: 'Reed' };
const MSG_BLOCK = 'A blocking finding clears only as a proper noun; otherwise the appraiser revises the report.';

type Finding = Schemas['FairLanguageFinding'];

/** Order 5 with `findings`; a PUT is recorded in `sent` and refused like the server when a block is not a proper noun. */
function orderServer(findings: Finding[], sent: { path: string; body: unknown }[] = []) {
  let current = findings;
  server.use(
    csrf,
    appConfig(),
    http.get('*/api/order-details/:id', () => HttpResponse.json(orderDetailsFixture({}))),
    http.get('*/api/staff/orders/:id/notes', () => HttpResponse.json([])),
    http.get('*/api/orders/5/report-data', () => HttpResponse.json({ message: 'No data file was uploaded for this order.' }, { status: 404 })),
    http.get('*/api/orders/5/fair-language', () => HttpResponse.json(current)),
    http.put('*/api/staff/orders/5/fair-language/:findingId', async ({ request, params }) => {
      const body = (await request.json()) as { disposition: string; note: string };
      sent.push({ path: new URL(request.url).pathname, body });
      const finding = current.find((f) => f.id === Number(params.findingId))!;
      if (finding.severity === 'block' && body.disposition !== 'proper_noun') {
        return HttpResponse.json({ message: MSG_BLOCK, fields: { disposition: MSG_BLOCK } }, { status: 422 });
      }
      const disposed = { ...finding, disposition: body.disposition, dispositionNote: body.note, disposedBy: 'Sam Staff', disposedAt: '2026-11-22T15:00:00Z' };
      current = current.map((f) => (f.id === finding.id ? disposed : f));
      return HttpResponse.json(current);
    }),
  );
}

const card = () => screen.findByRole('region', { name: 'Fair Language' });

describe('Fair Language card', () => {
  it('lists the findings most serious first; staff dispose of the open ones', async () => {
    server.use(loggedIn(staff));
    orderServer(FINDINGS);
    renderApp('/staff/orderdetails/5');
    const region = await card();
    const items = within(region).getAllByRole('listitem');
    expect(items.map((i) => i.getAttribute('data-finding-id'))).toEqual(['1', '2', '3']);
    expect(within(items[0]!).getByRole('button', { name: 'Dispose: Pride of ownership (or its lack)' })).toBeInTheDocument();
    expect(within(items[1]!).queryByRole('button', { name: /^Dispose/ })).not.toBeInTheDocument();
    expect(within(items[1]!).getByText(/^Disposition: Factual/)).toBeInTheDocument();
    expect(within(items[2]!).getByRole('button', { name: /^Dispose/ })).toBeInTheDocument();
  });

  it('a block is disposed of only as a proper noun, with a required note', async () => {
    const sent: { path: string; body: unknown }[] = [];
    server.use(loggedIn(staff));
    orderServer(FINDINGS, sent);
    renderApp('/staff/orderdetails/5');
    fireEvent.click(within(await card()).getByRole('button', { name: 'Dispose: Pride of ownership (or its lack)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Dispose of Finding' });
    const select = within(dialog).getByLabelText(/^Disposition/);
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Proper noun']);
    expect(select).toHaveAccessibleDescription(MSG_BLOCK);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Dispose' }));
    expect(await within(dialog).findByText('Note is required.')).toBeInTheDocument();
    expect(sent).toEqual([]);

    fillIn(dialog)(/^Note/, ' The subdivision is named Pride Acres. ');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Dispose' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Dispose of Finding' })).not.toBeInTheDocument());
    expect(sent).toEqual([{ path: '/api/staff/orders/5/fair-language/1', body: { disposition: 'proper_noun', note: 'The subdivision is named Pride Acres.' } }]);
    expect(await screen.findByText(MSG_FINDING_DISPOSED)).toBeInTheDocument();
    const first = within(await card()).getAllByRole('listitem')[0]!;
    expect(first).toHaveTextContent('Disposition: Proper noun (Sam Staff, 11/22/2026, 9:00 AM). Note: The subdivision is named Pride Acres.');
    expect(within(first).queryByRole('button', { name: /^Dispose/ })).not.toBeInTheDocument();
  });

  it("shows a 422's field messages under the fields it names", async () => {
    server.use(loggedIn(staff));
    // An open warning: every disposition is offered; the server's 422 names both fields.
    orderServer([{ ...FINDINGS[2]!, severity: 'warn' }]);
    server.use(
      http.put('*/api/staff/orders/5/fair-language/1', () =>
        HttpResponse.json({ message: 'Note is too long.', fields: { note: 'Note can be at most 2000 characters long.', disposition: MSG_BLOCK } }, { status: 422 }),
      ),
    );
    renderApp('/staff/orderdetails/5');
    fireEvent.click(within(await card()).getByRole('button', { name: /^Dispose/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Dispose of Finding' });
    const select = within(dialog).getByLabelText(/^Disposition/);
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a disposition', 'Factual', 'Proper noun', 'Removed by appraiser']);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Dispose' }));
    expect(await within(dialog).findByText('Disposition is required.')).toBeInTheDocument();
    fillIn(dialog)(/^Disposition/, 'factual');
    fillIn(dialog)(/^Note/, 'Fine.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Dispose' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Note is too long.');
    expect(within(dialog).getByLabelText(/^Note/)).toHaveAccessibleDescription(/Note can be at most 2000 characters long\./);
    expect(within(dialog).getByText(MSG_BLOCK, { selector: '.mantine-InputWrapper-error' })).toBeInTheDocument();
  });

  it('shows the appraiser the findings without Dispose, and nothing without findings', async () => {
    server.use(loggedIn(appraiser));
    orderServer(FINDINGS);
    const { unmount } = renderApp('/appraiser/orderdetails/5');
    const region = await card();
    expect(within(region).getAllByRole('listitem')).toHaveLength(3);
    expect(within(region).queryByRole('button')).not.toBeInTheDocument();
    unmount();
    orderServer([]);
    renderApp('/appraiser/orderdetails/5');
    expect(await screen.findByRole('tab', { name: 'Order Details' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Fair Language' })).not.toBeInTheDocument());
  });

  it('dispositionsFor offers a block only Proper noun', () => {
    expect(dispositionsFor('block').map((d) => d.value)).toEqual(['proper_noun']);
    expect(dispositionsFor('warn').map((d) => d.value)).toEqual(['factual', 'proper_noun', 'removed_by_appraiser']);
  });
});
