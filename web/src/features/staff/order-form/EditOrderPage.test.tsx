import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Schemas } from '../../../lib/api';
import { orderDetailsFixture, PROPERTY_DETAILS } from '../../../test/orderDetails';
import { renderApp } from '../../../test/render';
import { runFakeServer, server } from '../../../test/server';
import { orderFormLookups } from './testServer';
import { htmlToPlainText } from './orderForm';
import { MSG_FIX_FIELDS } from '../../../lib/fieldRules';

runFakeServer();

/** The edit page's calls for `order`; PUT answers come from `answers` in turn. */
function editServer(order: Schemas['OrderDetails'], answers: Response[] = []) {
  const put: unknown[] = [];
  server.use(
    ...orderFormLookups([
      { id: 3, companyName: 'Acme Lending' },
      { id: 4, companyName: 'Other Bank' },
    ]),
    http.get('*/api/order-details/:id', () => HttpResponse.json(order)),
    http.get('*/api/staff/orders/:id/notes', () => HttpResponse.json([])),
    http.put('*/api/staff/orders/:id', async ({ request, params }) => {
      put.push({ id: params.id, body: await request.json() });
      return answers.shift() ?? HttpResponse.json({ message: 'The order was saved.' });
    }),
  );
  return put;
}

const field = (label: string) => screen.getByLabelText(new RegExp(`^${label.replace(/[()$]/g, '\\$&')}\\s*\\*?$`));
const form = () => screen.getByRole('form', { name: 'Edit order' });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));

/** Opens the edit page and waits until the form is filled. */
async function openEdit() {
  const rendered = renderApp('/staff/orders/5/edit');
  expect(await screen.findByRole('heading', { level: 1, name: 'Edit Order #26000005' })).toBeInTheDocument();
  await waitFor(() => expect(field('Client')).toHaveValue('3'));
  await screen.findByRole('option', { name: 'Travis County' });
  return rendered;
}

describe('Filling the form from an order', () => {
  it('turns stored notes into the text the form edits', () => {
    expect(htmlToPlainText('<p>Gate code 1234<br>Call &lt;first&gt;</p><p>Then <strong>knock</strong>.</p>')).toBe('Gate code 1234\nCall <first>\n\nThen knock.');
    expect(htmlToPlainText('<ul><li>One</li><li>Two</li></ul>')).toBe('One\n\nTwo');
    expect(htmlToPlainText(null)).toBe('');
  });
});

describe('Edit Order page', () => {
  it('starts from the order', async () => {
    editServer(orderDetailsFixture());
    await openEdit();
    const expected: [string, string][] = [
      ['Borrower Name', 'Jordan Buyer'],
      ['Loan Number', 'LN-1'],
      ['Property Address', '123 Main St'],
      ['Address Line 2', 'Unit 4'],
      ['City', 'Austin'],
      ['State', 'TX'],
      ['County', 'Travis County'],
      ['Zip', '78701'],
      ['Property Type', '1'],
      ['Intended Use', '2'],
      ['Purchase Price', '325000.00'],
      ['Year Built', '1998'],
      ['Living Area (sq ft)', '1850'],
      ['Lot Area (sq ft)', '7000'],
      ['County Use', 'Residential'],
      ['Assessed Value', '300000.00'],
      ['Appraiser Fee', '450.00'],
      ['Tech Fee', '4.00'],
      ['Appraiser Due Date', '2999-01-10'],
      ['Inspection Due Date', '2999-01-05'],
      ['Notes and Special Instructions', 'Call before visiting.\n\nGate code 1234\nDog & cat'],
    ];
    for (const [label, value] of expected) expect([label, (field(label) as HTMLInputElement).value]).toEqual([label, value]);
    const reportTypes = screen.getByRole('combobox', { name: /^Report Types/ }).closest('.mantine-MultiSelect-root') ?? document.body;
    expect(within(reportTypes as HTMLElement).getByText(/^1004 Single Family Residential/)).toBeInTheDocument();
    expect(within(reportTypes as HTMLElement).getByText(/^1007 Rent Schedule/)).toBeInTheDocument();
    const contact1 = screen.getByRole('group', { name: 'Contact 1' });
    expect(within(contact1).getByLabelText(/^Name/)).toHaveValue('Pat Owner');
    expect(within(contact1).getByLabelText(/^Type/)).toHaveValue('PROPERTY_CONTACT');
    expect(within(screen.getByRole('group', { name: 'Contact 2' })).getByLabelText(/^Work Phone/)).toHaveValue('512-555-0199');
    expect(within(screen.getByRole('region', { name: 'Alerts' })).getByLabelText('Alert 1')).toHaveValue('Rush order');
  });

  it('checks the fields as on New Order and sends nothing while one is wrong', async () => {
    const put = editServer(orderDetailsFixture());
    await openEdit();
    fireEvent.change(field('Borrower Name'), { target: { value: ' ' } });
    fireEvent.change(field('Year Built'), { target: { value: 'old' } });
    save();
    expect(await screen.findByText('Borrower name is required.')).toBeInTheDocument();
    expect(screen.getByText('Year built must be a whole number.')).toBeInTheDocument();
    expect(within(form()).getByRole('alert')).toHaveTextContent(MSG_FIX_FIELDS);
    expect(put).toEqual([]);
  });

  it('saves with PUT, shows the server refusal, then the notice and the order page', async () => {
    const put = editServer(orderDetailsFixture(), [HttpResponse.json({ message: 'The order was changed meanwhile. Please reload it.' }, { status: 409 })]);
    const { router } = await openEdit();
    fireEvent.change(field('Borrower Name'), { target: { value: 'Jordan Q. Buyer' } });
    fireEvent.change(field('Appraiser Fee'), { target: { value: '475' } });
    save();
    expect(await within(form()).findByRole('alert')).toHaveTextContent('The order was changed meanwhile. Please reload it.');
    expect(router.state.location.pathname).toBe('/staff/orders/5/edit');
    expect(put[0]).toEqual({
      id: '5',
      body: {
        clientId: 3,
        loanNumber: 'LN-1',
        fhaCaseId: null,
        borrowerName: 'Jordan Q. Buyer',
        propertyAddressLine1: '123 Main St',
        propertyAddressLine2: 'Unit 4',
        propertyCity: 'Austin',
        propertyStateCode: 'TX',
        propertyCounty: 'Travis County',
        propertyZip: '78701',
        propertyTypeId: 1,
        intendedUseId: 2,
        reportTypeIds: [1, 2],
        appraiserFee: 475,
        techFee: 4,
        purchasePrice: 325000,
        appraiserDueDate: '2999-01-10',
        inspectionDueDate: '2999-01-05',
        estimatedClosingDate: null,
        // Left alone: sent back as stored, formatting and all.
        notesAndSpecialInstructions: '<p>Call <strong>before</strong> visiting.</p><p>Gate code 1234<br>Dog &amp; cat</p>',
        contacts: [
          { name: 'Pat Owner', type: 'PROPERTY_CONTACT', email: 'pat@example.com', cellPhone: '5125550110', workPhone: null, homePhone: null },
          { name: 'Lee Loans', type: 'LOAN_OFFICER', email: null, cellPhone: null, workPhone: '512-555-0199', homePhone: null },
        ],
        alerts: ['Rush order'],
        ...PROPERTY_DETAILS,
      },
    });

    fireEvent.change(field('Notes and Special Instructions'), { target: { value: 'Call first.' } });
    save();
    expect(await screen.findByText('The order was saved.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/staff/orderdetails/5'));
    expect((put[1] as { body: { notesAndSpecialInstructions: string } }).body.notesAndSpecialInstructions).toBe('<p>Call first.</p>');
  });

  it('fills the client fee from the order and sends a change in whole cents', async () => {
    const put = editServer(orderDetailsFixture({ clientFeeCents: 62550 }));
    await openEdit();
    expect(field('Client Fee')).toHaveValue('625.50');
    fireEvent.change(field('Client Fee'), { target: { value: '700.1' } });
    save();
    expect(await screen.findByText('The order was saved.')).toBeInTheDocument();
    expect((put[0] as { body: Record<string, unknown> }).body).toMatchObject({ clientFeeCents: 70010 });
  });

  it('says a closed order can no longer be changed, and offers no form', async () => {
    editServer(orderDetailsFixture({ statusId: 18, orderStatus: 'Delivered To Client' }));
    renderApp('/staff/orders/5/edit');
    expect(await screen.findByText('This order is Delivered To Client and can no longer be changed.')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Edit order' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Order' })).toHaveAttribute('href', '/staff/orderdetails/5');
  });

  it('says so for an order that does not exist', async () => {
    editServer(orderDetailsFixture());
    server.use(http.get('*/api/order-details/:id', () => HttpResponse.json({ message: 'No such order.' }, { status: 404 })));
    renderApp('/staff/orders/404/edit');
    expect(await screen.findByRole('heading', { level: 1, name: 'Order Not Found' })).toBeInTheDocument();
  });
});
