import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render';
import { appConfig, csrf, loggedIn, runFakeServer, server } from '../../../test/server';
import { MSG_PRICES_SAVED } from './ClientPricesPage';
import { staff } from '../../../test/users';

runFakeServer();

const client = { id: 7, companyName: 'First Lender Bank', paymentTermsDays: 30 };
const prices = () => [
  { productId: 1, productName: '1004 Full Appraisal', feeCents: 62550, defaultFeeCents: 60000, own: true },
  { productId: 2, productName: 'Desktop Appraisal', feeCents: 35000, defaultFeeCents: 35000, own: false },
  { productId: 3, productName: 'Field Review', feeCents: null, defaultFeeCents: null, own: false },
];

function withPrices(sent: unknown[], answer?: { status: number; body: unknown }) {
  server.use(
    loggedIn(staff),
    appConfig(),
    csrf,
    http.get('*/api/staff/clients', () => HttpResponse.json([client])),
    http.get('*/api/staff/clients/7/prices', () => HttpResponse.json(prices())),
    http.put('*/api/staff/clients/7/prices', async ({ request }) => {
      sent.push(await request.json());
      return answer ? HttpResponse.json(answer.body as object, { status: answer.status }) : HttpResponse.json({ message: 'Prices saved.' });
    }),
  );
}

describe('Client prices page', () => {
  it('opens from Prices on the Clients page', async () => {
    withPrices([]);
    const { router } = renderApp('/staff/clients');
    fireEvent.click(await screen.findByRole('link', { name: 'Prices for First Lender Bank' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Prices for First Lender Bank' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/staff/clients/7/prices');
  });

  it('shows each product with its default price and the client price; saves the filled-in rows as cents', async () => {
    const sent: unknown[] = [];
    withPrices(sent);
    renderApp('/staff/clients/7/prices');
    const table = await screen.findByRole('table', { name: 'Prices' });
    const full = within(table).getByText('1004 Full Appraisal').closest('tr')!;
    expect(within(full).getByText('$600.00')).toBeInTheDocument();
    expect(within(table).getByLabelText('Client Price for 1004 Full Appraisal')).toHaveValue('625.50');
    expect(within(table).getByLabelText('Client Price for Desktop Appraisal')).toHaveValue('');
    expect(within(within(table).getByText('Field Review').closest('tr')!).getByText('None')).toBeInTheDocument();

    fireEvent.change(within(table).getByLabelText('Client Price for Field Review'), { target: { value: '1.999' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Prices' }));
    expect(await screen.findByText('Client Price can have at most 2 decimal places.')).toBeInTheDocument();
    expect(sent).toEqual([]);

    fireEvent.change(within(table).getByLabelText('Client Price for Field Review'), { target: { value: '$1,200.10' } });
    fireEvent.change(within(table).getByLabelText('Client Price for 1004 Full Appraisal'), { target: { value: '' } });
    fireEvent.change(within(table).getByLabelText('Client Price for Desktop Appraisal'), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Prices' }));
    expect(await screen.findByText(MSG_PRICES_SAVED)).toBeInTheDocument();
    expect(sent).toEqual([
      [
        { productId: 2, feeCents: 0 },
        { productId: 3, feeCents: 120010 },
      ],
    ]);
  });

  it("puts the server's refusal of an entry on that product's input", async () => {
    const sent: unknown[] = [];
    const message = 'A price must be from $0.00 to $1,000,000.00.';
    withPrices(sent, { status: 422, body: { message, fields: { '[1].feeCents': message } } });
    renderApp('/staff/clients/7/prices');
    const table = await screen.findByRole('table', { name: 'Prices' });
    fireEvent.change(within(table).getByLabelText('Client Price for Field Review'), { target: { value: '900' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Prices' }));
    await waitFor(() => expect(within(table).getByLabelText('Client Price for Field Review')).toHaveAccessibleDescription(message));
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(within(table).getByLabelText('Client Price for 1004 Full Appraisal')).not.toHaveAccessibleDescription(message);
  });
});
