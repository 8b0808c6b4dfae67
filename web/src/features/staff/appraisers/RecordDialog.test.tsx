import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { Providers } from '../../../app/Providers';
import { createQueryClient } from '../../../app/queryClient';
import { MSG_BAD_TAX_ID, type TaxInfo } from '../../../lib/taxId';
import { appraiserInfo } from '../../../test/appraiser';
import { fillIn } from '../../../test/forms';
import { csrf, oklahomaAndTexas, runFakeServer, server } from '../../../test/server';
import type { AppraiserItem } from './api';
import { MSG_REASON_REQUIRED } from './PanelStanding';
import { RecordDialog, STAFF_TAX_ID_NOTE } from './RecordDialog';
import { MSG_VIEWING_RECORDED } from './RevealTaxIdDialog';

runFakeServer();

const avery = { id: 10, name: 'Avery Appraiser' } as AppraiserItem;
const ON_FILE: TaxInfo = { legalName: 'Avery Appraiser LLC', taxAddress: 'PO Box 12\nAustin, TX 78701', taxIdKind: 'SSN', taxIdLast4: '6789' };

/** The record dialog of Avery over a fake server that records what it is sent; `refuse` answers the next save instead. */
async function openRecord(tax: TaxInfo = ON_FILE, refuse?: { status: number; message: string; fields?: Record<string, string> }) {
  const sent: { path: string; body: unknown }[] = [];
  const keep = async (request: Request) => {
    const body = await request.json();
    sent.push({ path: new URL(request.url).pathname, body });
    return body as { reason?: string };
  };
  server.use(
    csrf,
    oklahomaAndTexas,
    http.get('*/api/appraiser/:id', () => HttpResponse.json(appraiserInfo())),
    http.get('*/api/staff/appraisers/:id/tax-info', () => HttpResponse.json(tax)),
    http.put('*/api/staff/appraisers/:id', async ({ request }) => {
      await keep(request);
      return refuse ? HttpResponse.json({ message: refuse.message, fields: refuse.fields }, { status: refuse.status }) : HttpResponse.json(appraiserInfo());
    }),
    http.post('*/api/staff/appraisers/:id/tax-id', async ({ request }) => {
      const { reason } = await keep(request);
      return reason ? HttpResponse.json({ taxId: '123-45-6789' }) : HttpResponse.json({ message: 'Please enter a reason.' }, { status: 422 });
    }),
  );
  const onClose = vi.fn();
  render(
    <Providers queryClient={createQueryClient()}>
      <RecordDialog appraiser={avery} onClose={onClose} />
    </Providers>,
  );
  const dialog = await screen.findByRole('dialog', { name: 'Record of Avery Appraiser' });
  await within(dialog).findByLabelText(/^Legal Name/);
  return { dialog, sent, onClose, fill: fillIn(dialog) };
}

describe('Staff record dialog: tax information (1099-NEC)', () => {
  it('shows the number masked and saves the legal name, address and a new number with the record', async () => {
    const { dialog, sent, onClose, fill } = await openRecord();
    expect(within(dialog).getByTestId('tax-id-on-file')).toHaveTextContent('Tax ID on file: SSN ending 6789');
    expect(within(dialog).getByLabelText(/^Legal Name/)).toHaveValue('Avery Appraiser LLC');
    expect(within(dialog).getByLabelText(/^Tax Address/)).toHaveValue('PO Box 12\nAustin, TX 78701');
    const taxId = within(dialog).getByRole('textbox', { name: /^New Tax ID/ });
    expect(taxId).toHaveValue('');
    expect(taxId).toHaveAccessibleDescription(STAFF_TAX_ID_NOTE);

    fill(/^New Tax ID/, '12-345');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Record' }));
    expect(await within(dialog).findByText(MSG_BAD_TAX_ID)).toBeInTheDocument();
    expect(sent).toEqual([]);

    fill(/^Legal Name/, 'Avery Appraisals Inc.');
    fill(/^New Tax ID/, '12-3456789');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Record' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent).toEqual([{ path: '/api/staff/appraisers/10', body: { legalName: 'Avery Appraisals Inc.', taxId: '12-3456789' } }]);
  });

  it('shows the server’s refusal of the tax ID under the field', async () => {
    const { dialog, fill } = await openRecord(ON_FILE, { status: 422, message: 'Refused by the server.', fields: { taxId: 'Refused by the server.' } });
    fill(/^New Tax ID/, '123-45-6789');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Record' }));
    expect(await within(dialog).findByText('Refused by the server.')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /^New Tax ID/ })).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows the full number only after a reason, and says the viewing is recorded', async () => {
    const { dialog, sent } = await openRecord();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Show full number' }));
    const reveal = await screen.findByRole('dialog', { name: 'Full tax ID of Avery Appraiser' });
    fireEvent.click(within(reveal).getByRole('button', { name: 'Show Number' }));
    expect(await within(reveal).findByText(MSG_REASON_REQUIRED)).toBeInTheDocument();
    expect(sent).toEqual([]);

    fillIn(reveal)(/^Reason/, ' 1099-NEC filing for 2026 ');
    fireEvent.click(within(reveal).getByRole('button', { name: 'Show Number' }));
    expect(await within(reveal).findByDisplayValue('123-45-6789')).toBeInTheDocument();
    expect(within(reveal).getByText(MSG_VIEWING_RECORDED)).toBeInTheDocument();
    expect(sent).toEqual([{ path: '/api/staff/appraisers/10/tax-id', body: { reason: '1099-NEC filing for 2026' } }]);

    fireEvent.click(within(reveal).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Full tax ID of Avery Appraiser' })).not.toBeInTheDocument());
    expect(screen.getByRole('dialog', { name: 'Record of Avery Appraiser' })).toBeInTheDocument();
    expect(screen.queryByDisplayValue('123-45-6789')).not.toBeInTheDocument();
  });

  it('offers no Show full number without a number on file', async () => {
    const { dialog } = await openRecord({ legalName: null, taxAddress: null, taxIdKind: null, taxIdLast4: null });
    expect(within(dialog).getByTestId('tax-id-on-file')).toHaveTextContent('No tax ID on file');
    expect(within(dialog).getByRole('textbox', { name: /^Tax ID/ })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Show full number' })).not.toBeInTheDocument();
  });
});
