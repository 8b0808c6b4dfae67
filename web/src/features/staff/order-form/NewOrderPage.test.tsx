import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { todayIso } from '../../../lib/dates';
import { PROPERTY_DETAILS } from '../../../test/orderDetails';
import { renderApp } from '../../../test/render';
import { runFakeServer, server } from '../../../test/server';
import { orderFormLookups } from './testServer';
import { MSG_FIX_FIELDS } from '../../../lib/fieldRules';

runFakeServer();

/** yyyy-mm-dd `days` after the company's today. */
function day(days: number): string {
  const d = new Date(`${todayIso('America/Chicago')}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

function withLookups(posted: unknown[], answers: Response[]) {
  server.use(
    ...orderFormLookups(),
    http.post('*/api/staff/orders', async ({ request }) => {
      posted.push(await request.json());
      return answers.shift() ?? HttpResponse.json({ message: 'unexpected' }, { status: 500 });
    }),
  );
}

/** The input labelled `label` (a required one's label ends in an asterisk). */
const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}\\s*\\*?$`));
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
/** The form (notices of earlier tests may still be on the screen). */
const form = () => screen.getByRole('form', { name: 'New order' });
const createOrder = () => fireEvent.click(screen.getByRole('button', { name: 'Create Order' }));

/** Fills every required field but the report types (State first: it loads the counties). */
async function fillRequiredFields() {
  for (const [label, value] of [
    ['Client', '3'],
    ['Borrower Name', 'Jordan Buyer'],
    ['Property Address', '12 Oak St'],
    ['City', 'Austin'],
    ['State', 'TX'],
  ]) {
    type(label!, value!);
  }
  await screen.findByRole('option', { name: 'Travis County' });
  for (const [label, value] of [
    ['County', 'Travis County'],
    ['Zip', '78704'],
    ['Property Type', '1'],
    ['Intended Use', '1'],
    ['Appraiser Fee', '450'],
    ['Appraiser Due Date', day(3)],
  ]) {
    type(label!, value!);
  }
}

/** Picks a report product (the dropdown is still in its opening transition in jsdom, so hidden). */
async function chooseProduct(name: RegExp) {
  fireEvent.click(screen.getByRole('combobox', { name: /^Report Types/ }));
  fireEvent.click(await screen.findByRole('option', { name, hidden: true }));
}

describe('New Order page', () => {
  it('checks the fields as the server does, in its words, and sends nothing while one is wrong', async () => {
    const posted: unknown[] = [];
    withLookups(posted, []);
    renderApp('/staff/new-order');
    await screen.findByRole('heading', { level: 1, name: 'New Order' });
    createOrder();
    expect(await screen.findByText('Client is required.')).toBeInTheDocument();
    for (const message of ['Borrower name is required.', 'Property zip is required.', 'Choose 1 to 4 report types.', 'Appraiser fee is required.']) {
      expect(screen.getByText(message)).toBeInTheDocument();
    }
    expect(screen.getByRole('alert')).toHaveTextContent(MSG_FIX_FIELDS);

    type('Zip', '7870');
    type('Appraiser Fee', '0');
    type('Appraiser Due Date', day(-1));
    type('Inspection Due Date', day(3));
    createOrder();
    expect(await screen.findByText("Property zip must be 5 digits (got '7870').")).toBeInTheDocument();
    expect(screen.getByText('Appraiser fee must be a positive amount.')).toBeInTheDocument();
    expect(screen.getByText('Appraiser due date cannot be in the past.')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(MSG_FIX_FIELDS);

    type('Appraiser Due Date', day(2));
    createOrder();
    expect(await screen.findByText('Inspection due date cannot be after the appraiser due date.')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Add Contact' }));
    const contact = screen.getByRole('group', { name: 'Contact 1' });
    fireEvent.change(within(contact).getByLabelText(/^Cell Phone/), { target: { value: '555-0110' } });
    createOrder();
    expect(await within(contact).findByText('Contact 1 name is required.')).toBeInTheDocument();
    expect(within(contact).getByText('Contact 1 type is required.')).toBeInTheDocument();
    expect(within(contact).getByText("Contact 1 cell phone must be a 10-digit phone number (got '555-0110').")).toBeInTheDocument();
    expect(posted).toEqual([]);
  });

  it('drops the "correct the fields" banner once every marked field is fixed', async () => {
    withLookups([], []);
    renderApp('/staff/new-order');
    await screen.findByRole('option', { name: 'Acme Lending' });
    createOrder();
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG_FIX_FIELDS);
    await fillRequiredFields();
    expect(screen.getByRole('alert')).toHaveTextContent(MSG_FIX_FIELDS);
    await chooseProduct(/^1007 Rent Schedule/);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('posts the order, shows a server refusal, and opens the new order', async () => {
    const posted: unknown[] = [];
    withLookups(posted, [
      HttpResponse.json({ message: "Property county 'Travis County' is not a county of Texas." }, { status: 422 }),
      HttpResponse.json({ id: 77, fileNumber: 'A0000077' }, { status: 201 }),
    ]);
    const { router } = renderApp('/staff/new-order');
    await screen.findByRole('option', { name: 'Acme Lending' });
    type('Client', '3');
    type('Borrower Name', 'Jordan Buyer');
    type('Loan Number', 'LN-1');
    type('Property Address', '12 Oak St');
    type('City', 'Austin');
    type('State', 'TX');
    await screen.findByRole('option', { name: 'Travis County' });
    type('County', 'Travis County');
    type('Zip', '78704');
    type('Property Type', '1');
    type('Intended Use', '2');
    await chooseProduct(/^1004 Single Family Residential \(\$450\.00\)/);
    expect(field('Appraiser Fee')).toHaveValue('450.00');
    await chooseProduct(/^1007 Rent Schedule/);
    expect(field('Appraiser Fee')).toHaveValue('450.00');
    type('Appraiser Due Date', day(7));
    type('Inspection Due Date', day(4));
    type('Notes and Special Instructions', 'Gate code 1234\nCall <first>');
    fireEvent.click(screen.getByRole('button', { name: 'Add Contact' }));
    const contact = screen.getByRole('group', { name: 'Contact 1' });
    fireEvent.change(within(contact).getByLabelText(/^Name/), { target: { value: 'Jordan Buyer' } });
    fireEvent.change(within(contact).getByLabelText(/^Type/), { target: { value: 'BORROWER' } });
    fireEvent.change(within(contact).getByLabelText(/^Cell Phone/), { target: { value: '(512) 555-0110' } });
    expect(within(contact).getByRole('option', { name: 'Co-Borrower' })).toBeInTheDocument();

    createOrder();
    expect(await screen.findByRole('alert')).toHaveTextContent("Property county 'Travis County' is not a county of Texas.");
    expect(posted[0]).toEqual({
      clientId: 3,
      loanNumber: 'LN-1',
      fhaCaseId: null,
      borrowerName: 'Jordan Buyer',
      propertyAddressLine1: '12 Oak St',
      propertyAddressLine2: null,
      propertyCity: 'Austin',
      propertyStateCode: 'TX',
      propertyCounty: 'Travis County',
      propertyZip: '78704',
      propertyTypeId: 1,
      intendedUseId: 2,
      reportTypeIds: [1, 2],
      appraiserFee: 450,
      techFee: null,
      purchasePrice: null,
      appraiserDueDate: day(7),
      inspectionDueDate: day(4),
      estimatedClosingDate: null,
      notesAndSpecialInstructions: '<p>Gate code 1234<br>Call &lt;first&gt;</p>',
      contacts: [{ name: 'Jordan Buyer', type: 'BORROWER', email: null, cellPhone: '(512) 555-0110', workPhone: null, homePhone: null }],
      alerts: [],
      yearBuilt: null,
      livingArea: null,
      lotArea: null,
      countyUse: null,
      assessedValue: null,
    });

    createOrder();
    await waitFor(() => expect(router.state.location.pathname).toBe('/staff/orderdetails/77'));
    expect(posted).toHaveLength(2);
  });

  it('checks and sends the property details and the alerts', async () => {
    const posted: Record<string, unknown>[] = [];
    withLookups(posted, [HttpResponse.json({ id: 78, fileNumber: 'A0000078' }, { status: 201 })]);
    const { router } = renderApp('/staff/new-order');
    await screen.findByRole('option', { name: 'Acme Lending' });
    await fillRequiredFields();
    await chooseProduct(/^1004 Single Family Residential/);

    const details = screen.getByRole('region', { name: 'Property Details' });
    const inDetails = (label: string) => within(details).getByLabelText(label);
    fireEvent.change(inDetails('Year Built'), { target: { value: '1500' } });
    fireEvent.change(inDetails('Living Area (sq ft)'), { target: { value: '12.5' } });
    fireEvent.change(inDetails('Lot Area (sq ft)'), { target: { value: '0' } });
    fireEvent.change(inDetails('Assessed Value'), { target: { value: 'lots' } });

    const alerts = screen.getByRole('region', { name: 'Alerts' });
    expect(within(alerts).getByText(/^No alerts\./)).toBeInTheDocument();
    const addAlert = within(alerts).getByRole('button', { name: 'Add Alert' });
    fireEvent.click(addAlert);
    fireEvent.click(addAlert);
    fireEvent.click(addAlert);
    fireEvent.change(within(alerts).getByLabelText('Alert 1'), { target: { value: 'Rush order' } });
    fireEvent.change(within(alerts).getByLabelText('Alert 2'), { target: { value: 'x'.repeat(501) } });
    fireEvent.change(within(alerts).getByLabelText('Alert 3'), { target: { value: ' Gate code 1234 ' } });

    createOrder();
    expect(await screen.findByText(`Year built must be between 1600 and ${Number(day(0).slice(0, 4)) + 1}.`)).toBeInTheDocument();
    expect(screen.getByText('Living area must be a whole number.')).toBeInTheDocument();
    expect(screen.getByText('Lot area must be between 1 and 100000000.')).toBeInTheDocument();
    expect(screen.getByText('Assessed value must be a positive amount.')).toBeInTheDocument();
    expect(within(alerts).getByText('Alert 2 can be at most 500 characters long.')).toBeInTheDocument();
    expect(within(form()).getByRole('alert')).toHaveTextContent(MSG_FIX_FIELDS);
    expect(posted).toEqual([]);

    fireEvent.change(inDetails('Year Built'), { target: { value: '1998' } });
    fireEvent.change(inDetails('Living Area (sq ft)'), { target: { value: '1,850' } });
    fireEvent.change(inDetails('Lot Area (sq ft)'), { target: { value: '7000' } });
    fireEvent.change(inDetails('County Use'), { target: { value: 'Residential' } });
    fireEvent.change(inDetails('Assessed Value'), { target: { value: '$300,000' } });
    fireEvent.click(within(alerts).getByRole('button', { name: 'Remove alert 2' }));
    expect(within(alerts).getByLabelText('Alert 2')).toHaveValue(' Gate code 1234 ');
    expect(within(alerts).queryByLabelText('Alert 3')).not.toBeInTheDocument();
    expect(within(form()).queryByRole('alert')).not.toBeInTheDocument();

    createOrder();
    await waitFor(() => expect(router.state.location.pathname).toBe('/staff/orderdetails/78'));
    expect(posted[0]).toMatchObject({ alerts: ['Rush order', 'Gate code 1234'], ...PROPERTY_DETAILS });
  });

  it('sends a typed client fee in whole cents, and none when it is left blank', async () => {
    const posted: Record<string, unknown>[] = [];
    withLookups(posted, [HttpResponse.json({ id: 79, fileNumber: 'A0000079' }, { status: 201 })]);
    const { router } = renderApp('/staff/new-order');
    await screen.findByRole('option', { name: 'Acme Lending' });
    await fillRequiredFields();
    await chooseProduct(/^1004 Single Family Residential/);
    const clientFee = screen.getByLabelText('Client Fee');
    expect(clientFee).toHaveValue('');
    fireEvent.change(clientFee, { target: { value: '1.234' } });
    createOrder();
    expect(await screen.findByText('Client fee can have at most 2 decimal places.')).toBeInTheDocument();
    expect(posted).toEqual([]);
    fireEvent.change(clientFee, { target: { value: '$1,025.29' } });
    createOrder();
    await waitFor(() => expect(router.state.location.pathname).toBe('/staff/orderdetails/79'));
    expect(posted[0]).toMatchObject({ appraiserFee: 450, clientFeeCents: 102529 });
  });

  it('leaves a blank due date to the turn time and sends the reason for another date', async () => {
    const posted: Record<string, unknown>[] = [];
    withLookups(posted, [HttpResponse.json({ id: 80, fileNumber: 'A0000080' }, { status: 201 })]);
    renderApp('/staff/new-order');
    await screen.findByRole('option', { name: 'Acme Lending' });
    await fillRequiredFields();
    await chooseProduct(/^1004 Single Family Residential/);
    type('Appraiser Due Date', '');
    createOrder();
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ appraiserDueDate: null });
    expect(posted[0]).not.toHaveProperty('dueDateReason');
  });

  it.each([
    ['dueDateReason', 'Reason for the due date', 'A due date other than the turn time (05/12/2026) needs a reason.'],
    ['appraiserDueDate', 'Appraiser Due Date', 'Appraiser due date is required: the products have no turn time.'],
  ])("shows the server's refusal of %s under its input", async (wire, label, message) => {
    const posted: Record<string, unknown>[] = [];
    withLookups(posted, [HttpResponse.json({ message, fields: { [wire]: message } }, { status: 422 })]);
    renderApp('/staff/new-order');
    await screen.findByRole('option', { name: 'Acme Lending' });
    await fillRequiredFields();
    await chooseProduct(/^1004 Single Family Residential/);
    type('Reason for the due date', ' The lender asked for it sooner. ');
    createOrder();
    await waitFor(() => expect(field(label)).toHaveAccessibleDescription(expect.stringContaining(message)));
    expect(posted[0]).toMatchObject({ appraiserDueDate: day(3), dueDateReason: 'The lender asked for it sooner.' });
  });

  it("bounds every text field to the server's limit with a counter beside it; the ZIP box takes five digits only", async () => {
    withLookups([], []);
    renderApp('/staff/new-order');
    await screen.findByRole('option', { name: 'Acme Lending' });
    const box = (input: HTMLElement) => input.closest<HTMLElement>('.mantine-TextInput-root, .mantine-Textarea-root')!;
    const expectLimit = (input: HTMLElement, max: number) => {
      expect(input).toHaveAttribute('maxlength', String(max));
      expect(within(box(input)).getByText(`0 / ${max.toLocaleString('en-US')} characters`)).toBeInTheDocument();
    };
    for (const [label, max] of [
      ['Borrower Name', 200],
      ['Loan Number', 30],
      ['FHA Case ID', 30],
      ['Property Address', 200],
      ['Address Line 2', 200],
      ['City', 100],
      ['County Use', 100],
      ['Reason for the due date', 4000],
      ['Notes and Special Instructions', 20_000],
    ] as const) {
      expectLimit(field(label), max);
    }
    fireEvent.click(screen.getByRole('button', { name: 'Add Alert' }));
    expectLimit(screen.getByLabelText('Alert 1'), 500);
    fireEvent.click(screen.getByRole('button', { name: 'Add Contact' }));
    const contact = screen.getByRole('group', { name: 'Contact 1' });
    for (const [label, max] of [
      [/^Name/, 200],
      [/^E-mail/, 200],
      [/^Cell Phone/, 30],
      [/^Work Phone/, 30],
      [/^Home Phone/, 30],
    ] as const) {
      expectLimit(within(contact).getByLabelText(label), max);
    }
    type('Notes and Special Instructions', 'Gate code 1234');
    expect(within(box(field('Notes and Special Instructions'))).getByText('14 / 20,000 characters')).toBeInTheDocument();
    type('Zip', '78a70-4');
    expect(field('Zip')).toHaveValue('78704');
  });

  it('offers at most 10 alerts', async () => {
    withLookups([], []);
    renderApp('/staff/new-order');
    const alerts = await screen.findByRole('region', { name: 'Alerts' });
    const addAlert = within(alerts).getByRole('button', { name: 'Add Alert' });
    for (let i = 0; i < 10; i++) fireEvent.click(addAlert);
    expect(within(alerts).getByLabelText('Alert 10')).toBeInTheDocument();
    expect(addAlert).toBeDisabled();
  });
});
