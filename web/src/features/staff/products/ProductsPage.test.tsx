import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { mockMediaQueries } from '../../../test/media';
import { renderApp } from '../../../test/render';
import { appConfig, csrf, loggedIn, server, runFakeServer } from '../../../test/server';
import type { Product } from './api';
import { MSG_PRODUCT_SAVED } from './ProductsPage';
import { staff } from '../../../test/users';

runFakeServer();

const full: Product = { id: 1, name: '1004 Full Appraisal', isDesktop: false, defaultFee: 450, dataFileRequired: false, ownChecklist: true, borrowerPays: false };
const desktop: Product = { id: 2, name: 'Desktop Appraisal', isDesktop: true, defaultFee: null, dataFileRequired: true, ownChecklist: false, borrowerPays: false };

/** A fake server over `list`, recording the PUT bodies; `status` answers them. */
function withProducts(list: Product[], status = 200) {
  const sent: { path: string; body: unknown }[] = [];
  server.use(
    loggedIn(staff),
    appConfig(),
    csrf,
    http.get('*/api/staff/products', () => HttpResponse.json(list)),
    http.put('*/api/staff/products/:id', async ({ request }) => {
      sent.push({ path: new URL(request.url).pathname, body: await request.json() });
      return HttpResponse.json({ message: status === 200 ? 'Saved.' : 'The product could not be found.' }, { status });
    }),
  );
  return { sent, ...renderApp('/staff/products') };
}

const row = async (name: string) => (await screen.findByText(name, { selector: 'td' })).closest('tr')!;

describe('Products page', () => {
  it('lists each product with its settings and a way to its checklist', async () => {
    withProducts([full, desktop]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Products' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Products' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Product', 'Desktop', 'Default fee', 'Client Fee', 'Data file required', 'Borrower pays', 'Checklist', 'Actions']);
    const first = await row('1004 Full Appraisal');
    expect(within(first).getByText('No')).toBeInTheDocument();
    expect(within(first).getByText('$450.00')).toBeInTheDocument();
    expect(within(first).getByRole('switch', { name: 'Data file required for 1004 Full Appraisal' })).not.toBeChecked();
    expect(within(first).getByText('Own list')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'Edit Checklist of 1004 Full Appraisal' })).toHaveAttribute('href', '/staff/products/1/checklist');
    const second = await row('Desktop Appraisal');
    expect(within(second).getByText('Yes')).toBeInTheDocument();
    expect(within(second).getByText('$0.00')).toBeInTheDocument();
    expect(within(second).getByRole('switch', { name: 'Data file required for Desktop Appraisal' })).toBeChecked();
    expect(within(second).getByText('Default list')).toBeInTheDocument();
  });

  it('the switch saves the setting at once and says so', async () => {
    const { sent } = withProducts([{ ...full }]);
    const toggle = within(await row('1004 Full Appraisal')).getByRole('switch', { name: 'Data file required for 1004 Full Appraisal' });
    fireEvent.click(toggle);
    expect(await screen.findByText(MSG_PRODUCT_SAVED)).toBeInTheDocument();
    expect(sent).toEqual([{ path: '/api/staff/products/1', body: { dataFileRequired: true } }]);
    await waitFor(() => expect(toggle).toBeChecked());
  });

  it('Borrower pays saves at once, keeping the data-file setting', async () => {
    const { sent } = withProducts([{ ...desktop }]);
    const toggle = within(await row('Desktop Appraisal')).getByRole('switch', { name: 'Borrower pays for Desktop Appraisal' });
    expect(toggle).not.toBeChecked();
    fireEvent.click(toggle);
    expect(await screen.findByText(MSG_PRODUCT_SAVED)).toBeInTheDocument();
    expect(sent).toEqual([{ path: '/api/staff/products/2', body: { dataFileRequired: true, borrowerPays: true } }]);
    await waitFor(() => expect(toggle).toBeChecked());
  });

  it('a refused change leaves the switch as it was and shows why', async () => {
    withProducts([{ ...full }], 404);
    const toggle = within(await row('1004 Full Appraisal')).getByRole('switch', { name: 'Data file required for 1004 Full Appraisal' });
    fireEvent.click(toggle);
    expect(await screen.findByText('The product could not be found.')).toBeInTheDocument();
    expect(screen.queryByText(MSG_PRODUCT_SAVED)).not.toBeInTheDocument();
    await waitFor(() => expect(toggle).not.toBeChecked());
  });

  it("Client Fee saves the default price list's price in cents, keeping the data-file setting", async () => {
    const { sent } = withProducts([{ ...full, clientFeeCents: 60000 }, { ...desktop }]);
    const input = within(await row('1004 Full Appraisal')).getByLabelText('Client Fee for 1004 Full Appraisal');
    expect(input).toHaveValue('600.00');
    fireEvent.change(input, { target: { value: '6.255' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Client Fee for 1004 Full Appraisal' }));
    expect(await screen.findByText('Client Fee can have at most 2 decimal places.')).toBeInTheDocument();
    expect(sent).toEqual([]);
    fireEvent.change(input, { target: { value: '$625.29' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Client Fee for 1004 Full Appraisal' }));
    expect(await screen.findByText(MSG_PRODUCT_SAVED)).toBeInTheDocument();
    const other = within(await row('Desktop Appraisal')).getByLabelText('Client Fee for Desktop Appraisal');
    fireEvent.change(other, { target: { value: '350' } });
    fireEvent.submit(other.closest('form')!);
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent).toEqual([
      { path: '/api/staff/products/1', body: { dataFileRequired: false, clientFeeCents: 62529 } },
      { path: '/api/staff/products/2', body: { dataFileRequired: true, clientFeeCents: 35000 } },
    ]);
  });

  it('a refused Client Fee shows why under the input', async () => {
    withProducts([{ ...full }], 404);
    const input = within(await row('1004 Full Appraisal')).getByLabelText('Client Fee for 1004 Full Appraisal');
    expect(input).toHaveValue('');
    fireEvent.change(input, { target: { value: '10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Client Fee for 1004 Full Appraisal' }));
    await waitFor(() => expect(input).toHaveAccessibleDescription('The product could not be found.'));
  });

  it('Edit Checklist opens the product’s checklist', async () => {
    server.use(http.get('*/api/staff/products/1/checklist', () => HttpResponse.json({ productId: 1, product: full.name, usesDefault: false, items: [] })));
    const { router } = withProducts([full]);
    fireEvent.click(within(await row('1004 Full Appraisal')).getByRole('link', { name: 'Edit Checklist of 1004 Full Appraisal' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Checklist: 1004 Full Appraisal' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/staff/products/1/checklist');
  });

  it('shows a card per product on a phone-sized screen', async () => {
    const phone = mockMediaQueries((q) => q.includes('max-width'));
    try {
      withProducts([full]);
      const cards = await screen.findByRole('list', { name: 'Products' });
      expect(within(cards).getByText('1004 Full Appraisal')).toBeInTheDocument();
      expect(within(cards).getByText('Data file required')).toBeInTheDocument();
      expect(within(cards).getByRole('switch', { name: 'Data file required for 1004 Full Appraisal' })).toBeInTheDocument();
      expect(within(cards).getByRole('link', { name: 'Edit Checklist of 1004 Full Appraisal' })).toBeInTheDocument();
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
    } finally {
      phone.mockRestore();
    }
  });
});
