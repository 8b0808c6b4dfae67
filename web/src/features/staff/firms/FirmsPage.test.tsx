import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Providers } from '../../../app/Providers';
import { createQueryClient } from '../../../app/queryClient';
import { deactivateThenReactivate } from '../../../test/deactivate';
import { fillIn, submitAndWaitClosed } from '../../../test/forms';
import { expectCardsOnPhone } from '../../../test/media';
import { csrf, oklahomaAndTexas, server } from '../../../test/server';
import type { CompanyItem } from './api';
import { FirmsPage, officeLine } from './FirmsPage';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const prairie: CompanyItem = {
  id: 2,
  name: 'Prairie Valuation Partners',
  officeAddressLine1: '12 Main St',
  officeCity: 'Tulsa',
  officeStateCode: 'OK',
  officeZipCode: '74103',
  active: true,
};
const lone: CompanyItem = { id: 3, name: 'Lone Star Appraisals', officeAddressLine1: null, officeCity: null, officeStateCode: null, officeZipCode: null, active: false };

/** A fake server over `list`, recording what the page sends. */
function withFirms(list: CompanyItem[]) {
  const sent: { method: string; path: string; body: Record<string, unknown> }[] = [];
  const record = async (request: Request) => {
    const body = (await request.json()) as Record<string, unknown>;
    sent.push({ method: request.method, path: new URL(request.url).pathname, body });
    return body;
  };
  server.use(
    csrf,
    oklahomaAndTexas,
    http.get('*/api/staff/companies', () => HttpResponse.json([...list].sort((a, b) => a.name.localeCompare(b.name)))),
    http.post('*/api/staff/companies', async ({ request }) => {
      const body = await record(request);
      if (list.some((f) => f.name === body.name)) return HttpResponse.json({ message: `A firm named ${String(body.name)} already exists.` }, { status: 409 });
      list.push({ ...lone, id: 9, name: String(body.name), officeCity: (body.officeCity as string | null) ?? null, active: true });
      return HttpResponse.json({ id: 9 }, { status: 201 });
    }),
    http.put('*/api/staff/companies/:id', async ({ request, params }) => {
      const body = await record(request);
      const firm = list.find((f) => f.id === Number(params.id))!;
      if (list.some((f) => f.id !== firm.id && f.name === body.companyName))
        return HttpResponse.json({ message: `A firm named ${String(body.companyName)} already exists.` }, { status: 409 });
      if (typeof body.companyName === 'string') firm.name = body.companyName;
      if (typeof body.active === 'boolean') firm.active = body.active;
      for (const k of ['officeAddressLine1', 'officeCity', 'officeStateCode', 'officeZipCode'] as const) {
        if (typeof body[k] === 'string') firm[k] = (body[k] as string) || null;
      }
      return HttpResponse.json(firm);
    }),
  );
  render(
    <Providers queryClient={createQueryClient()}>
      <FirmsPage />
    </Providers>,
  );
  return { sent };
}

const row = async (name: string) => (await screen.findByText(name, { selector: 'td' })).closest('tr')!;

describe('officeLine', () => {
  it('joins the parts it has', () => {
    expect(officeLine(prairie)).toBe('12 Main St, Tulsa, OK 74103');
    expect(officeLine({ ...lone, officeCity: 'Austin', officeStateCode: 'TX' })).toBe('Austin, TX');
    expect(officeLine(lone)).toBe('None');
  });
});

describe('Firms page', () => {
  it('lists every firm with its office and status', async () => {
    withFirms([structuredClone(prairie), structuredClone(lone)]);
    expect(screen.getByRole('heading', { level: 1, name: 'Firms' })).toBeInTheDocument();
    await screen.findByRole('table', { name: 'Firms' });
    const first = await row('Prairie Valuation Partners');
    expect(within(first).getByText('12 Main St, Tulsa, OK 74103')).toBeInTheDocument();
    expect(within(first).getByText('Active')).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'Deactivate Prairie Valuation Partners' })).toBeInTheDocument();
    const second = await row('Lone Star Appraisals');
    expect(within(second).getByText('Deactivated')).toBeInTheDocument();
    expect(within(second).getByRole('button', { name: 'Reactivate Lone Star Appraisals' })).toBeInTheDocument();
  });

  it('Add Firm checks the name, shows a taken name, then adds and refreshes', async () => {
    const { sent } = withFirms([structuredClone(prairie)]);
    await row('Prairie Valuation Partners');
    fireEvent.click(screen.getByRole('button', { name: 'Add Firm' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Firm' });
    await within(dialog).findByRole('option', { name: 'Texas' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Firm' }));
    expect(await within(dialog).findByText('Company name is required.')).toBeInTheDocument();
    expect(sent).toEqual([]);

    const fill = fillIn(dialog);
    fill(/^Company Name/, 'Prairie Valuation Partners');
    fill(/^Office City/, ' Austin ');
    fill(/^Office State/, 'TX');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Firm' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('A firm named Prairie Valuation Partners already exists.');

    fill(/^Company Name/, ' Hill Country Appraisals ');
    await submitAndWaitClosed(dialog, 'Add Firm', 'Add Firm');
    expect(await screen.findByText('Hill Country Appraisals was added.')).toBeInTheDocument();
    expect(await row('Hill Country Appraisals')).toBeInTheDocument();
    expect(sent[1]).toEqual({
      method: 'POST',
      path: '/api/staff/companies',
      body: { name: 'Hill Country Appraisals', officeAddressLine1: null, officeCity: 'Austin', officeStateCode: 'TX', officeZipCode: null },
    });
  });

  it('Edit prefills the firm, checks the zip, shows a taken name, then renames and corrects the office', async () => {
    const { sent } = withFirms([structuredClone(prairie), structuredClone(lone)]);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Prairie Valuation Partners' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Firm' });
    expect(within(dialog).getByLabelText(/^Company Name/)).toHaveValue('Prairie Valuation Partners');
    expect(within(dialog).getByLabelText(/^Office Address/)).toHaveValue('12 Main St');
    expect(await within(dialog).findByRole('option', { name: 'Oklahoma' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Office State/)).toHaveValue('OK');

    const fill = fillIn(dialog);
    fill(/^Office Zip/, 'abc');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Firm' }));
    expect(await within(dialog).findByText("Office zip must be 5 digits (got 'abc').")).toBeInTheDocument();
    expect(sent).toEqual([]);

    fill(/^Office Zip/, '74104');
    await waitFor(() => expect(within(dialog).queryByText(/got 'abc'/)).not.toBeInTheDocument());
    fill(/^Company Name/, 'Lone Star Appraisals');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Firm' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('A firm named Lone Star Appraisals already exists.');

    fill(/^Company Name/, 'Prairie Valuation Group');
    fill(/^Office Address/, '');
    await submitAndWaitClosed(dialog, 'Save Firm', 'Edit Firm');
    expect(await screen.findByText('Prairie Valuation Group was saved.')).toBeInTheDocument();
    expect(within(await row('Prairie Valuation Group')).getByText('Tulsa, OK 74104')).toBeInTheDocument();
    expect(sent[1]).toEqual({
      method: 'PUT',
      path: '/api/staff/companies/2',
      body: { companyName: 'Prairie Valuation Group', officeAddressLine1: '', officeCity: 'Tulsa', officeStateCode: 'OK', officeZipCode: '74104' },
    });
  });

  it('Deactivate asks first, then the row shows Deactivated and offers Reactivate', async () => {
    const { sent } = withFirms([structuredClone(prairie)]);
    await deactivateThenReactivate('Prairie Valuation Partners', 'Deactivate Firm', 'Deactivated', row);
    expect(sent.map((s) => s.body)).toEqual([{ active: false }, { active: true }]);
  });

  it('shows a card per firm on a phone-sized screen', () =>
    expectCardsOnPhone('Firms', 'Prairie Valuation Partners', 'Edit Prairie Valuation Partners', () => withFirms([structuredClone(prairie)])));
});
