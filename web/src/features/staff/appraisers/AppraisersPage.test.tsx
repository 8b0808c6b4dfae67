import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Providers } from '../../../app/Providers';
import { createQueryClient } from '../../../app/queryClient';
import { appraiserInfo } from '../../../test/appraiser';
import { deactivateThenReactivate } from '../../../test/deactivate';
import { fillIn, submitAndWaitClosed } from '../../../test/forms';
import { expectCardsOnPhone } from '../../../test/media';
import { csrf, oklahomaAndTexas, server } from '../../../test/server';
import type { AppraiserInfo, AppraiserItem } from './api';
import { StaffAppraisersPage } from './AppraisersPage';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const licence = { id: 11, type: 'Certified Residential', stateCode: 'TX', ogNumber: 'TX-1380421-R', expirationDate: '2027-12-31' };
const avery: AppraiserItem = {
  id: 5,
  username: 'avery',
  name: 'Avery Appraiser',
  email: 'avery@prairie.example',
  cellPhone: null,
  company: 'Prairie Valuation Partners',
  companyId: 2,
  type: 'appraiser',
  active: true,
  licenses: [licence],
  openOrders: 3,
  suspended: false,
};
const blake: AppraiserItem = { ...avery, id: 6, username: 'blake', name: 'Blake Morgan', email: 'blake@example.com', company: null, companyId: null, licenses: [], openOrders: 0 };

/** Avery's record as GET /api/appraiser/5 answers it. */
const averyRecord = (): AppraiserInfo =>
  appraiserInfo({
    securityUser: { id: 5, firstName: 'Avery', lastName: 'Appraiser', email: 'avery@prairie.example', loginId: 'avery', cellPhone: '512-555-0110', userType: 1 },
    enoPerIncidentAmount: 0,
    enoAggregateAmount: 0,
  });

/** A fake server over `list`, recording what the page sends; the appraisers in `suspended` are suspended from the panel. */
function withAppraisers(list: AppraiserItem[], records: Record<number, AppraiserInfo> = { 5: averyRecord() }, refuseNextChange?: string, suspended = new Set<number>()) {
  const sent: { method: string; path: string; body?: unknown }[] = [];
  const queries: string[] = [];
  const record = async (request: Request) => {
    const body = ['POST', 'PUT'].includes(request.method) && request.headers.get('content-type')?.includes('json') ? await request.json() : undefined;
    sent.push({ method: request.method, path: new URL(request.url).pathname, ...(body === undefined ? {} : { body }) });
    return body as Record<string, unknown> | undefined;
  };
  const find = (id: unknown) => list.find((a) => a.id === Number(id))!;
  server.use(
    csrf,
    oklahomaAndTexas,
    http.get('*/api/staff/companies', () =>
      HttpResponse.json([
        { id: 3, name: 'Lone Star Appraisals', active: false },
        { id: 2, name: 'Prairie Valuation Partners', active: true },
      ]),
    ),
    http.get('*/api/staff/appraisers', ({ request }) => {
      const q = new URL(request.url).searchParams.get('q') ?? '';
      queries.push(q);
      const found = list.filter((a) => a.name.toLowerCase().includes(q.toLowerCase()));
      return HttpResponse.json(found.map((a) => ({ ...a, suspended: suspended.has(a.id) })));
    }),
    http.post('*/api/staff/appraisers', async ({ request }) => {
      const body = (await record(request))!;
      if (body.username === 'avery') return HttpResponse.json({ message: "The username 'avery' is taken." }, { status: 409 });
      list.push({ ...blake, id: 7, username: String(body.username), name: `${body.firstName} ${body.lastName}` });
      return HttpResponse.json({ id: 7 }, { status: 201 });
    }),
    http.post('*/api/staff/appraisers/:id/licenses', async ({ request, params }) => {
      const body = (await record(request)) as Omit<typeof licence, 'id'>;
      find(params.id).licenses.push({ ...body, id: 12 });
      return HttpResponse.json({ id: 12 }, { status: 201 });
    }),
    http.delete('*/api/staff/appraisers/:id/licenses/:licenseId', async ({ request, params }) => {
      await record(request);
      const a = find(params.id);
      a.licenses = a.licenses.filter((l) => l.id !== Number(params.licenseId));
      return HttpResponse.json({ message: 'The licence was deleted.' });
    }),
    http.get('*/api/appraiser/:id', ({ params }) =>
      records[Number(params.id)] ? HttpResponse.json(records[Number(params.id)]) : HttpResponse.json({ message: 'Appraiser Not Found' }, { status: 404 }),
    ),
    http.get('*/api/staff/appraisers/:id/tax-info', () => HttpResponse.json({ legalName: null, taxAddress: null, taxIdKind: null, taxIdLast4: null })),
    http.put('*/api/staff/appraisers/:id', async ({ request, params }) => {
      const body = (await record(request))!;
      if (refuseNextChange) {
        const message = refuseNextChange;
        refuseNextChange = undefined;
        return HttpResponse.json({ message }, { status: 422 });
      }
      const r = records[Number(params.id)]!;
      const { cellPhone, ...rest } = body as Partial<AppraiserInfo> & { cellPhone?: string };
      Object.assign(r, rest);
      if (cellPhone !== undefined) r.securityUser.cellPhone = cellPhone.replace(/\D/g, '').replace(/^(\d{3})(\d{3})(\d{4})$/, '$1-$2-$3') || null;
      return HttpResponse.json(r);
    }),
    http.post('*/api/staff/appraisers/:id/deactivate', async ({ request, params }) => {
      await record(request);
      find(params.id).active = false;
      return HttpResponse.json({ message: `${find(params.id).name} was deactivated.` });
    }),
    http.post('*/api/staff/appraisers/:id/reactivate', async ({ request, params }) => {
      await record(request);
      find(params.id).active = true;
      return HttpResponse.json({ message: `${find(params.id).name} was reactivated.` });
    }),
    http.get('*/api/appraiser/:id/panel-history', ({ params }) =>
      HttpResponse.json({ suspended: suspended.has(Number(params.id)), events: [], suspensionReason: suspended.has(Number(params.id)) ? 'Late reports.' : null }),
    ),
    http.post('*/api/staff/appraisers/:id/suspend', async ({ request, params }) => {
      const body = (await record(request)) as { reason: string };
      if (!body.reason) return HttpResponse.json({ message: 'Please enter a reason.' }, { status: 422 });
      suspended.add(Number(params.id));
      return HttpResponse.json({ message: `${find(params.id).name} was suspended.` });
    }),
    http.post('*/api/staff/appraisers/:id/reinstate', async ({ request, params }) => {
      await record(request);
      suspended.delete(Number(params.id));
      return HttpResponse.json({ message: `${find(params.id).name} was reinstated.` });
    }),
  );
  render(
    <Providers queryClient={createQueryClient()}>
      <MemoryRouter>
        <StaffAppraisersPage />
      </MemoryRouter>
    </Providers>,
  );
  return { sent, queries };
}

const row = async (name: string) => (await screen.findByText(name, { selector: 'td span' })).closest('tr')!;

describe('Staff Appraisers page', () => {
  it('lists every firm’s appraisers and searches with q', async () => {
    const { queries } = withAppraisers([structuredClone(avery), structuredClone(blake)]);
    expect(screen.getByRole('heading', { level: 1, name: 'Appraisers' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Appraisers' });
    const first = await row('Avery Appraiser');
    for (const text of ['avery', 'avery@prairie.example', 'Prairie Valuation Partners', 'Certified Residential, TX, expires 12/31/2027', '3', 'Active']) {
      expect(within(first).getByText(text)).toBeInTheDocument();
    }
    expect(within(await row('Blake Morgan')).getByText('Independent')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText(/^Search appraisers/), { target: { value: ' blake ' } });
    await waitFor(() => expect(within(table).queryByText('Avery Appraiser')).not.toBeInTheDocument());
    expect(queries).toEqual(['', 'blake']);
  });

  it('New Appraiser posts the form, shows a taken username, then invites and refreshes', async () => {
    const { sent } = withAppraisers([structuredClone(avery)]);
    await row('Avery Appraiser');
    fireEvent.click(screen.getByRole('button', { name: 'New Appraiser' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Appraiser' });
    await within(dialog).findByRole('option', { name: 'Prairie Valuation Partners' });
    // A deactivated firm takes no new accounts: the picker leaves it out.
    expect(within(dialog).queryByRole('option', { name: 'Lone Star Appraisals' })).not.toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText(/^Role/), { target: { value: 'appraiser-admin' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Appraiser' }));
    expect(await within(dialog).findByText('Username is required.')).toBeInTheDocument();
    expect(within(dialog).getByText("A firm's administrator needs a firm.")).toBeInTheDocument();
    expect(sent).toEqual([]);

    const fill = fillIn(dialog);
    fill(/^Username/, 'avery');
    fill(/^First Name/, ' Casey ');
    fill(/^Last Name/, 'Nguyen');
    fill(/^E-mail/, 'casey@prairie.example');
    fill(/^Firm/, '2');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Appraiser' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent("The username 'avery' is taken.");

    fill(/^Username/, 'casey');
    await submitAndWaitClosed(dialog, 'Add Appraiser', 'New Appraiser');
    expect(await screen.findByText('Casey Nguyen was added. The invitation e-mail was sent to casey@prairie.example.')).toBeInTheDocument();
    expect(await row('Casey Nguyen')).toBeInTheDocument();
    expect(sent[1]).toEqual({
      method: 'POST',
      path: '/api/staff/appraisers',
      body: { username: 'casey', firstName: 'Casey', lastName: 'Nguyen', email: 'casey@prairie.example', cellPhone: null, companyId: 2, type: 'appraiser-admin' },
    });
  });

  it('Licences adds and deletes a licence, and the list follows', async () => {
    const { sent } = withAppraisers([structuredClone(avery)]);
    fireEvent.click(await screen.findByRole('button', { name: 'Licences of Avery Appraiser' }));
    const dialog = await screen.findByRole('dialog', { name: 'Licences of Avery Appraiser' });
    await within(dialog).findByRole('option', { name: 'Oklahoma' });
    fireEvent.change(within(dialog).getByLabelText(/^Type/), { target: { value: 'Certified General' } });
    fireEvent.change(within(dialog).getByLabelText(/^State/), { target: { value: 'OK' } });
    fireEvent.change(within(dialog).getByLabelText(/^License Number/), { target: { value: ' OK-13012-CG ' } });
    fireEvent.change(within(dialog).getByLabelText(/^Expiration Date/), { target: { value: '2028-06-30' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Licence' }));
    expect(await within(dialog).findByText('Certified General, OK, No. OK-13012-CG, expires 06/30/2028')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^License Number/)).toHaveValue('');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete licence TX-1380421-R (TX) of Avery Appraiser' }));
    await waitFor(() => expect(within(dialog).queryByText(/TX-1380421-R/)).not.toBeInTheDocument());
    expect(within(await row('Avery Appraiser')).queryByText(/^Certified Residential/)).not.toBeInTheDocument();
    expect(sent).toEqual([
      { method: 'POST', path: '/api/staff/appraisers/5/licenses', body: { type: 'Certified General', stateCode: 'OK', ogNumber: 'OK-13012-CG', expirationDate: '2028-06-30' } },
      { method: 'DELETE', path: '/api/staff/appraisers/5/licenses/11' },
    ]);
  });

  it('Deactivate asks first, then the row shows Inactive and offers Reactivate', async () => {
    const { sent } = withAppraisers([structuredClone(avery)]);
    await deactivateThenReactivate('Avery Appraiser', 'Deactivate Appraiser', 'Inactive', row);
    expect(sent.map((s) => s.path)).toEqual(['/api/staff/appraisers/5/deactivate', '/api/staff/appraisers/5/reactivate']);
  });

  it('Profile opens the appraiser’s profile on the staff path', async () => {
    withAppraisers([structuredClone(avery)]);
    expect(await screen.findByRole('link', { name: 'Profile of Avery Appraiser' })).toHaveAttribute('href', '/staff/appraisers/5/profile');
  });

  it('Edit Record prefills the record, checks the fields, shows a refusal, then sends only the changes', async () => {
    const { sent } = withAppraisers([structuredClone(avery)], { 5: averyRecord() }, 'Office state and zip do not match.');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit record of Avery Appraiser' }));
    let dialog = await screen.findByRole('dialog', { name: 'Record of Avery Appraiser' });
    const field = (label: RegExp) => within(dialog).getByLabelText(label);
    expect(await within(dialog).findByLabelText(/^Office Address$/)).toHaveValue('100 Congress Avenue');
    expect(field(/^Office Address Line 2/)).toHaveValue('');
    expect(field(/^Office City/)).toHaveValue('Austin');
    await within(dialog).findByRole('option', { name: 'Texas' });
    expect(field(/^Office State/)).toHaveValue('TX');
    expect(field(/^Office Zip/)).toHaveValue('78701');
    expect(field(/^Cell Phone/)).toHaveValue('512-555-0110');
    expect(field(/^On the FHA roster/)).toBeChecked();
    expect(field(/^Ready for EPP onboarding/)).not.toBeChecked();

    const fill = fillIn(dialog);
    fill(/^Office Zip/, '7870');
    fill(/^Cell Phone/, '555-0199');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Record' }));
    expect(await within(dialog).findByText("Office zip must be 5 digits (got '7870').")).toBeInTheDocument();
    expect(within(dialog).getByText("Cell phone must be a 10-digit phone number (got '555-0199').")).toBeInTheDocument();
    expect(sent).toEqual([]);

    fill(/^Office Zip/, '78702');
    fill(/^Cell Phone/, '(512) 555-0199');
    fill(/^Office Address Line 2/, ' Suite 300 ');
    fireEvent.click(field(/^On the FHA roster/));
    fireEvent.click(field(/^Ready for EPP onboarding/));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Record' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Office state and zip do not match.');

    await submitAndWaitClosed(dialog, 'Save Record', 'Record of Avery Appraiser');
    expect(await screen.findByText('The record of Avery Appraiser was saved.')).toBeInTheDocument();
    const change = { officeAddressLine2: 'Suite 300', officeZipCode: '78702', cellPhone: '(512) 555-0199', isFhaCertified: false, readyForEppOnboarding: true };
    expect(sent).toEqual([
      { method: 'PUT', path: '/api/staff/appraisers/5', body: change },
      { method: 'PUT', path: '/api/staff/appraisers/5', body: change },
    ]);

    // Opened again, it shows the saved record; saving it unchanged sends nothing.
    fireEvent.click(screen.getByRole('button', { name: 'Edit record of Avery Appraiser' }));
    dialog = await screen.findByRole('dialog', { name: 'Record of Avery Appraiser' });
    expect(await within(dialog).findByLabelText(/^Cell Phone/)).toHaveValue('512-555-0199');
    expect(field(/^On the FHA roster/)).not.toBeChecked();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Record' }));
    expect(await screen.findByText('Nothing was changed.')).toBeInTheDocument();
    expect(sent).toHaveLength(2);
  });

  it('Edit Record says so when the appraiser has no record', async () => {
    withAppraisers([structuredClone(avery)], {});
    fireEvent.click(await screen.findByRole('button', { name: 'Edit record of Avery Appraiser' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record of Avery Appraiser' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Appraiser Not Found');
    expect(within(dialog).queryByLabelText(/^Office City/)).not.toBeInTheDocument();
  });

  it('Suspend asks for a reason, then suspends and shows the badge; Reinstate sends the note', async () => {
    const { sent } = withAppraisers([structuredClone(avery)]);
    const first = await row('Avery Appraiser');
    expect(within(first).queryByText('Suspended')).not.toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'Panel history of Avery Appraiser' })).toHaveAttribute('href', '/staff/appraisers/5/profile/panel');
    fireEvent.click(await within(first).findByRole('button', { name: 'Suspend Avery Appraiser' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suspend Avery Appraiser' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect(await within(dialog).findByText('Please enter a reason.')).toBeInTheDocument();
    expect(sent).toEqual([]);

    fillIn(dialog)(/^Reason/, ' Three late reports. ');
    await submitAndWaitClosed(dialog, 'Suspend', 'Suspend Avery Appraiser');
    expect(await screen.findByText('Avery Appraiser was suspended.')).toBeInTheDocument();
    expect(await within(first).findByText('Suspended')).toBeInTheDocument();

    fireEvent.click(await within(first).findByRole('button', { name: 'Reinstate Avery Appraiser' }));
    const reinstate = await screen.findByRole('dialog', { name: 'Reinstate Avery Appraiser' });
    await submitAndWaitClosed(reinstate, 'Reinstate', 'Reinstate Avery Appraiser');
    expect(await screen.findByText('Avery Appraiser was reinstated.')).toBeInTheDocument();
    await waitFor(() => expect(within(first).queryByText('Suspended')).not.toBeInTheDocument());
    expect(sent).toEqual([
      { method: 'POST', path: '/api/staff/appraisers/5/suspend', body: { reason: 'Three late reports.' } },
      { method: 'POST', path: '/api/staff/appraisers/5/reinstate', body: { reason: null } },
    ]);
  });

  it("shows the server's refusal of a suspension in the dialog", async () => {
    withAppraisers([structuredClone(avery)]);
    fireEvent.click(await screen.findByRole('button', { name: 'Suspend Avery Appraiser' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suspend Avery Appraiser' });
    fillIn(dialog)(/^Reason/, 'x');
    server.use(http.post('*/api/staff/appraisers/:id/suspend', () => HttpResponse.json({ message: 'Please enter a reason.' }, { status: 422 })));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Please enter a reason.');
  });

  it('shows the suspended badge of an appraiser already suspended', async () => {
    withAppraisers([structuredClone(avery), structuredClone(blake)], undefined, undefined, new Set([6]));
    expect(await within(await row('Blake Morgan')).findByText('Suspended')).toBeInTheDocument();
    expect(within(await row('Blake Morgan')).getByRole('button', { name: 'Reinstate Blake Morgan' })).toBeInTheDocument();
    expect(within(await row('Avery Appraiser')).queryByText('Suspended')).not.toBeInTheDocument();
  });

  it('shows a card per appraiser on a phone-sized screen', () =>
    expectCardsOnPhone('Appraisers', 'Avery Appraiser', 'Licences of Avery Appraiser', () => withAppraisers([structuredClone(avery)])));
});
