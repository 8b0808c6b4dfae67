import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fillIn } from '../../test/forms';
import { runFakeServer } from '../../test/server';
import { MSG_BAD_TAX_ID } from '../../lib/taxId';
import { MSG_TAX_SAVED, TAX_CARD_TITLE, TAX_ID_NOTE } from './TaxInfoCard';
import { APPRAISER_ID, renderProfile, staffUser, type ProfileServerOptions } from './testServer';

runFakeServer();

const MSG_NO_DATA_KEY = 'Tax numbers cannot be stored: no data key is configured (PORTAL_DATA_KEY).';

async function open(options: ProfileServerOptions = {}) {
  const { h } = renderProfile('/profile/me/settings', options);
  const card = await screen.findByRole('region', { name: TAX_CARD_TITLE });
  await within(card).findByLabelText(/^Legal Name/);
  const save = () => fireEvent.click(within(card).getByRole('button', { name: 'Save Tax Information' }));
  return { h, card, fill: fillIn(card), save };
}

describe('Settings: Tax information (1099-NEC)', () => {
  it('checks the tax ID, then sends the name, address and number and shows it masked', async () => {
    const { h, card, fill, save } = await open();
    expect(within(card).getByTestId('tax-id-on-file')).toHaveTextContent('Tax ID on file: No tax ID on file');
    const taxId = within(card).getByRole('textbox', { name: /^Tax ID/ });
    expect(taxId).toHaveAttribute('autocomplete', 'off');
    expect(taxId).toHaveAccessibleDescription(TAX_ID_NOTE);

    fill(/^Tax ID/, '900-12-3456');
    save();
    expect(await within(card).findByText(MSG_BAD_TAX_ID)).toBeInTheDocument();
    expect(taxId).toHaveAttribute('aria-invalid', 'true');
    expect(h.calls.tax).toEqual([]);

    fill(/^Legal Name/, ' Avery Appraiser LLC ');
    fill(/^Tax Address/, '100 Congress Avenue\nAustin, TX 78701');
    fill(/^Tax ID/, ' 123-45-6789 ');
    save();
    expect(await screen.findByText(MSG_TAX_SAVED)).toBeInTheDocument();
    expect(h.calls.tax).toEqual([{ legalName: 'Avery Appraiser LLC', taxAddress: '100 Congress Avenue\nAustin, TX 78701', taxId: '123-45-6789' }]);
    await waitFor(() => expect(within(card).getByTestId('tax-id-on-file')).toHaveTextContent('Tax ID on file: SSN ending 6789'));
    expect(within(card).getByRole('textbox', { name: /^New Tax ID/ })).toHaveValue('');
    expect(within(card).queryByText('123-45-6789')).not.toBeInTheDocument();
  });

  it('starts from the saved record and sends only what changed', async () => {
    const tax = { legalName: 'Avery Appraiser LLC', taxAddress: 'PO Box 12, Austin, TX 78701', taxIdKind: 'EIN', taxIdLast4: '6789' };
    const { h, card, fill, save } = await open({ state: { tax } });
    expect(within(card).getByTestId('tax-id-on-file')).toHaveTextContent('EIN ending 6789');
    expect(within(card).getByLabelText(/^Legal Name/)).toHaveValue('Avery Appraiser LLC');
    fill(/^Tax Address/, '');
    save();
    expect(await screen.findByText(MSG_TAX_SAVED)).toBeInTheDocument();
    expect(h.calls.tax).toEqual([{ taxAddress: '' }]);
  });

  it('shows the server’s refusal of the tax ID under the field', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const refuseTax = { status: 422, message: 'The server refused it.', fields: { taxId: 'The server refused it.' } };
    const { card, fill, save } = await open({ refuseTax });
    fill(/^Tax ID/, '12-3456789');
    save();
    expect(await within(card).findByText('The server refused it.')).toBeInTheDocument();
    expect(within(card).getByRole('textbox', { name: /^Tax ID/ })).toHaveAttribute('aria-invalid', 'true');
    expect(within(card).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows a deployment without a data key as an alert', async () => {
    const { card, fill, save } = await open({ refuseTax: { status: 409, message: MSG_NO_DATA_KEY } });
    fill(/^Tax ID/, '12-3456789');
    save();
    expect(await within(card).findByRole('alert')).toHaveTextContent(MSG_NO_DATA_KEY);
  });

  it('is not on another appraiser’s profile (staff keep it in the record dialog)', async () => {
    renderProfile(`/staff/appraisers/${APPRAISER_ID}/profile/settings`, { user: staffUser });
    await screen.findByRole('region', { name: 'Capacity' });
    expect(screen.queryByRole('region', { name: TAX_CARD_TITLE })).not.toBeInTheDocument();
  });
});
