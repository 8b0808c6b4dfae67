import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MSG_VIEWER_READS_ONLY } from '../../lib/clientSeat';
import { todayIso } from '../../lib/dates';
import { MSG_FIX_FIELDS } from '../../lib/fieldRules';
import { namedFile, useNodeMultipart } from '../../test/multipart';
import { clientSeat, seatOf } from '../../test/clientOrder';
import { renderApp } from '../../test/render';
import { appConfig, csrf, loggedIn, server } from '../../test/server';

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'bypass' });
  await useNodeMultipart();
});
afterEach(() => server.resetHandlers());
afterAll(() => {
  server.close();
  vi.unstubAllGlobals();
});

const clientUser = { securityUserId: 30, userType: 0, firstName: 'Finley', lastName: 'Client' };
const options = (labels: string[]) => labels.map((label, i) => ({ label, value: String(i + 1), id: i + 1 }));
const product = (id: number, label: string) => ({ id, label, value: String(id), productDescription: label, desktop: false, defaultFee: 450 });

/** yyyy-mm-dd `days` after the company's today. */
function day(days: number): string {
  const d = new Date(`${todayIso('America/Chicago')}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

const BRANCHES = [
  { id: 5, name: 'Downtown', active: true, createdAt: '2026-03-01T15:00:00Z' },
  { id: 6, name: 'Old Town', active: false, createdAt: '2026-03-01T15:00:00Z' },
  { id: 7, name: 'Uptown', active: true, createdAt: '2026-03-02T15:00:00Z' },
];
const LOAN_OFFICERS = [
  { id: 31, name: 'Logan Officer', branchId: 5 },
  { id: 35, name: 'Una Uptown', branchId: 7 },
];

interface Seen {
  orders: unknown[];
  uploads: { url: string; names: string[]; fields: string[] }[];
}

function withForm(seen: Seen, answer: () => Response = () => HttpResponse.json({ id: 70, fileNumber: '26000070' }, { status: 201 })) {
  server.use(
    loggedIn(clientUser),
    appConfig(),
    csrf,
    http.get('*/api/constants/states', () => HttpResponse.json([{ label: 'Texas', value: 'TX' }])),
    http.get('*/api/constants/counties/TX', () => HttpResponse.json([{ label: 'Travis County', value: 'Travis County' }])),
    http.get('*/api/constants/property-types', () => HttpResponse.json(options(['Single Family Residence', 'Condominium']))),
    http.get('*/api/constants/intended-uses', () => HttpResponse.json(options(['Purchase', 'Refinance']))),
    http.get('*/api/constants/report-products', () => HttpResponse.json([product(1, '1004 Single Family Residential'), product(2, '1073 Condominium')])),
    clientSeat(),
    http.get('*/api/client/branches', () => HttpResponse.json(BRANCHES)),
    http.get('*/api/client/loan-officers', () => HttpResponse.json(LOAN_OFFICERS)),
    http.post('*/api/client/orders', async ({ request }) => {
      seen.orders.push(await request.json());
      return answer();
    }),
    http.post('*/api/client/orders/70/documents', async ({ request }) => {
      const form = await request.formData();
      seen.uploads.push({ url: request.url, names: form.getAll('files').map((f) => (f as File).name), fields: [...form.keys()] });
      return HttpResponse.json([], { status: 201 });
    }),
    http.get('*/api/client/orders/70', () => HttpResponse.json({ message: 'Order not found.' }, { status: 404 })),
  );
}

/** The input labelled `label` (a required one's label ends in an asterisk). */
const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}\\s*\\*?$`));
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
/** The field's label, input and what is under it. */
const fieldBox = (label: string) => field(label).closest<HTMLElement>('.mantine-TextInput-root, .mantine-Textarea-root')!;
const placeOrder = () => fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));

async function fillRequired() {
  await screen.findByRole('option', { name: 'Texas' });
  type('Property Address', '12 Oak St');
  type('City', 'Austin');
  type('State', 'TX');
  await screen.findByRole('option', { name: 'Travis County' });
  type('County', 'Travis County');
  type('Zip', '78701');
  type('Property Type', '2');
  type('Intended Use', '1');
  await screen.findByRole('option', { name: '1073 Condominium' });
  type('Product', '2');
  type('Requested Due Date', day(7));
  type('Borrower Name', ' Ann Lee ');
}

/** The body fillRequired's form sends. */
const REQUIRED_BODY = {
  propertyAddressLine1: '12 Oak St',
  propertyAddressLine2: null,
  propertyCity: 'Austin',
  propertyStateCode: 'TX',
  propertyCounty: 'Travis County',
  propertyZip: '78701',
  propertyTypeId: 2,
  intendedUseId: 1,
  productId: 2,
  loanNumber: null,
  borrowerName: 'Ann Lee',
  borrowerEmail: null,
  borrowerPhone: null,
  fhaCaseNumber: null,
  requestedDueDate: day(7),
  closingDate: null,
  notes: null,
  contacts: [],
};

describe('client New Order page', () => {
  it('checks the fields as the server does, in its words, and sends nothing while one is wrong', async () => {
    const seen: Seen = { orders: [], uploads: [] };
    withForm(seen);
    renderApp('/client/orders/new');
    await screen.findByRole('heading', { level: 1, name: 'New Order' });
    placeOrder();
    expect(await screen.findByText('Property address is required.')).toBeInTheDocument();
    for (const message of ['Property county is required.', 'Product is required.', 'Borrower name is required.']) {
      expect(screen.getByText(message)).toBeInTheDocument();
    }
    // The requested due date is optional: the product's standard date holds without one.
    expect(screen.queryByText('Requested due date is required.')).not.toBeInTheDocument();
    expect(within(screen.getByRole('form', { name: 'New order' })).getByRole('alert')).toHaveTextContent(MSG_FIX_FIELDS);
    type('FHA Case Number', '1234567');
    type('Borrower E-mail', 'ann@');
    placeOrder();
    expect(await screen.findByText("FHA case number must be three digits, a dash and seven digits, e.g. 123-1234567 (got '1234567').")).toBeInTheDocument();
    expect(screen.getByText("Borrower e-mail must be an e-mail address (got 'ann@').")).toBeInTheDocument();
    expect(seen.orders).toEqual([]);
  });

  it("bounds every text field to the server's limit with a counter beside it; the ZIP box takes five digits only", async () => {
    withForm({ orders: [], uploads: [] });
    renderApp('/client/orders/new');
    await screen.findByRole('heading', { level: 1, name: 'New Order' });
    const limits: [string, number, string][] = [
      ['Property Address', 200, '0 / 200 characters'],
      ['Address Line 2', 200, '0 / 200 characters'],
      ['City', 100, '0 / 100 characters'],
      ['FHA Case Number', 11, '0 / 11 characters'],
      ['Loan Number', 30, '0 / 30 characters'],
      ['Borrower Name', 200, '0 / 200 characters'],
      ['Borrower E-mail', 200, '0 / 200 characters'],
      ['Borrower Phone', 30, '0 / 30 characters'],
      ['Notes', 5000, '0 / 5,000 characters'],
    ];
    for (const [label, max, counter] of limits) {
      expect(field(label), label).toHaveAttribute('maxlength', String(max));
      expect(within(fieldBox(label)).getByText(counter)).toBeInTheDocument();
    }
    type('Notes', 'Gate code 1234');
    expect(within(fieldBox('Notes')).getByText('14 / 5,000 characters')).toBeInTheDocument();
    type('Loan Number', 'L'.repeat(30));
    expect(within(fieldBox('Loan Number')).getByText('30 / 30 characters (limit reached)')).toBeInTheDocument();
    type('Zip', '78a70-1');
    expect(field('Zip')).toHaveValue('78701');
    type('Zip', '78701-1234');
    expect(field('Zip')).toHaveValue('78701');
    type('Zip', '787 01');
    expect(field('Zip')).toHaveValue('78701');
  });

  it('sends the body the API expects, uploads the attachments as multipart `files`, then opens the order', async () => {
    const seen: Seen = { orders: [], uploads: [] };
    withForm(seen);
    const { router } = renderApp('/client/orders/new');
    await fillRequired();
    type('FHA Case Number', '123-1234567');
    type('Loan Number', 'LN-1');
    type('Borrower Phone', '512 555 0110');
    type('Notes', 'Gate code 1234');
    fireEvent.change(document.querySelector('input[type="file"]')!, { target: { files: [namedFile('contract.pdf')] } });
    placeOrder();
    await waitFor(() => expect(router.state.location.pathname).toBe('/client/orders/70'));
    expect(seen.orders).toEqual([{ ...REQUIRED_BODY, loanNumber: 'LN-1', borrowerPhone: '512 555 0110', fhaCaseNumber: '123-1234567', notes: 'Gate code 1234' }]);
    expect(seen.uploads).toEqual([{ url: expect.stringMatching(/\/api\/client\/orders\/70\/documents$/), names: ['contract.pdf'], fields: ['files'] }]);
  });

  it("shows the server's 422 message", async () => {
    const seen: Seen = { orders: [], uploads: [] };
    withForm(seen, () => HttpResponse.json({ message: 'Product 2 does not exist.' }, { status: 422 }));
    renderApp('/client/orders/new');
    await fillRequired();
    placeOrder();
    expect(await within(screen.getByRole('form', { name: 'New order' })).findByRole('alert')).toHaveTextContent('Product 2 does not exist.');
    expect(seen.uploads).toEqual([]);
  });
});

describe("the new order's contacts", () => {
  const contact = (n: number) => screen.getByRole('group', { name: `Contact ${n}` });
  const typeIn = (n: number, label: string, value: string) => fireEvent.change(within(contact(n)).getByLabelText(new RegExp(`^${label}`)), { target: { value } });

  it('adds an Access contact in one click and sends every contact with its role, without a removed one', async () => {
    const seen: Seen = { orders: [], uploads: [] };
    withForm(seen);
    const { router } = renderApp('/client/orders/new');
    await fillRequired();
    const section = screen.getByRole('region', { name: 'Contacts' });
    fireEvent.click(within(section).getByRole('button', { name: 'Add Access Contact' }));
    expect(within(contact(1)).getByLabelText(/^Role/)).toHaveValue('access');
    expect(within(contact(1)).getByLabelText(/^Name/)).toHaveFocus();
    // One Access contact is usual: its button goes once there is one.
    expect(within(section).queryByRole('button', { name: 'Add Access Contact' })).not.toBeInTheDocument();
    typeIn(1, 'Name', ' Gail Gate ');
    typeIn(1, 'Phone', '(512) 555-0111');
    typeIn(1, 'Notes', 'Gate code 1234');
    for (const n of [2, 3]) {
      fireEvent.click(within(section).getByRole('button', { name: 'Add Contact' }));
      typeIn(n, 'Role', n === 2 ? 'buyer_agent' : 'other');
      typeIn(n, 'Name', n === 2 ? 'Bo Agent' : 'Not Needed');
    }
    typeIn(2, 'E-mail', 'bo@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Remove contact 3' }));
    placeOrder();
    await waitFor(() => expect(router.state.location.pathname).toBe('/client/orders/70'));
    expect(seen.orders).toEqual([
      {
        ...REQUIRED_BODY,
        contacts: [
          { role: 'access', name: 'Gail Gate', phone: '(512) 555-0111', email: null, notes: 'Gate code 1234' },
          { role: 'buyer_agent', name: 'Bo Agent', phone: null, email: 'bo@example.com', notes: null },
        ],
      },
    ]);
  });

  it('refuses a contact without a name or role, or with a wrong phone or e-mail, under its fields, and sends nothing', async () => {
    const seen: Seen = { orders: [], uploads: [] };
    withForm(seen);
    renderApp('/client/orders/new');
    await fillRequired();
    fireEvent.click(screen.getByRole('button', { name: 'Add Contact' }));
    typeIn(1, 'Phone', '555-0110');
    typeIn(1, 'E-mail', 'bo@');
    placeOrder();
    expect(await within(contact(1)).findByText('Contact 1 name is required.')).toBeInTheDocument();
    expect(within(contact(1)).getByText('Contact 1 role is required.')).toBeInTheDocument();
    expect(within(contact(1)).getByText("Contact 1 phone must be a 10-digit phone number (got '555-0110').")).toBeInTheDocument();
    expect(within(contact(1)).getByText("Contact 1 e-mail must be an e-mail address (got 'bo@').")).toBeInTheDocument();
    expect(within(screen.getByRole('form', { name: 'New order' })).getByRole('alert')).toHaveTextContent(MSG_FIX_FIELDS);
    expect(seen.orders).toEqual([]);
  });

  it("shows the server's 422 about the contacts under them", async () => {
    const message = 'An order can have at most 9 contacts beside the borrower.';
    withForm({ orders: [], uploads: [] }, () => HttpResponse.json({ message, fields: { contacts: message } }, { status: 422 }));
    renderApp('/client/orders/new');
    await fillRequired();
    fireEvent.click(screen.getByRole('button', { name: 'Add Access Contact' }));
    typeIn(1, 'Name', 'Gail Gate');
    placeOrder();
    expect(await within(screen.getByRole('region', { name: 'Contacts' })).findByText(message)).toBeInTheDocument();
    expect(within(screen.getByRole('form', { name: 'New order' })).getByRole('alert')).toHaveTextContent(MSG_FIX_FIELDS);
  });
});

describe("the new order's branch and loan officer", () => {
  /** The select labelled `label` and its choices' labels. */
  const select = (label: string) => field(label) as HTMLSelectElement;
  const choices = (label: string) => [...select(label).options].map((o) => o.textContent);

  it("an administrator (no branch of their own) chooses both among the active branches and the lender's loan officers: both are sent", async () => {
    const seen: Seen = { orders: [], uploads: [] };
    withForm(seen);
    const { router } = renderApp('/client/orders/new');
    await fillRequired();
    await waitFor(() => expect(choices('Branch')).toEqual(['No branch', 'Downtown', 'Uptown']));
    await waitFor(() => expect(choices('Loan Officer')).toEqual(['None', 'Logan Officer', 'Una Uptown']));
    expect(select('Branch')).toHaveValue('');
    expect(select('Branch')).toBeEnabled();
    expect(select('Loan Officer')).toHaveValue('');
    fireEvent.change(select('Branch'), { target: { value: '7' } });
    fireEvent.change(select('Loan Officer'), { target: { value: '35' } });
    placeOrder();
    await waitFor(() => expect(router.state.location.pathname).toBe('/client/orders/70'));
    expect(seen.orders[0]).toMatchObject({ productId: 2, branchId: 7, loanOfficerId: 35 });
  });

  it("a processor's branch is their own, shown and fixed; no loan officer unless chosen", async () => {
    const seen: Seen = { orders: [], uploads: [] };
    withForm(seen);
    server.use(clientSeat(seatOf('processor', { branchId: 5 })));
    renderApp('/client/orders/new');
    await fillRequired();
    await waitFor(() => expect(choices('Branch')).toEqual(['Downtown', 'Uptown']));
    expect(select('Branch')).toHaveValue('5');
    expect(select('Branch')).toBeDisabled();
    expect(select('Branch')).toHaveAccessibleDescription('You can place orders for your own branch only.');
    placeOrder();
    await waitFor(() => expect(seen.orders).toHaveLength(1));
    expect(seen.orders[0]).toMatchObject({ branchId: 5 });
    expect(seen.orders[0]).not.toHaveProperty('loanOfficerId');
  });

  it("a loan officer is the order's loan officer (the session's user), in their branch, unless they choose otherwise", async () => {
    const seen: Seen = { orders: [], uploads: [] };
    withForm(seen);
    server.use(loggedIn({ ...clientUser, securityUserId: 31, firstName: 'Logan', lastName: 'Officer' }), clientSeat(seatOf('loan_officer', { branchId: 5 })));
    renderApp('/client/orders/new');
    await fillRequired();
    await waitFor(() => expect(choices('Loan Officer')).toEqual(['None', 'Logan Officer', 'Una Uptown']));
    expect(select('Loan Officer')).toHaveValue('31');
    expect(select('Branch')).toHaveValue('5');
    // Not fixed for a loan officer.
    expect(select('Branch')).toBeEnabled();
    placeOrder();
    await waitFor(() => expect(seen.orders).toHaveLength(1));
    expect(seen.orders[0]).toMatchObject({ branchId: 5, loanOfficerId: 31 });
  });

  it("shows the server's 422 about the branch under Branch", async () => {
    const seen: Seen = { orders: [], uploads: [] };
    const message = 'You can place orders for your own branch only.';
    withForm(seen, () => HttpResponse.json({ message, fields: { branchId: message } }, { status: 422 }));
    renderApp('/client/orders/new');
    await fillRequired();
    await waitFor(() => expect(choices('Branch')).toContain('Uptown'));
    fireEvent.change(select('Branch'), { target: { value: '7' } });
    placeOrder();
    await waitFor(() => expect(select('Branch')).toHaveAccessibleDescription(message));
    expect(within(screen.getByRole('form', { name: 'New order' })).getByRole('alert')).toHaveTextContent(MSG_FIX_FIELDS);
  });

  it('a viewer is told they place no orders, with no form', async () => {
    withForm({ orders: [], uploads: [] });
    server.use(clientSeat(seatOf('viewer')));
    renderApp('/client/orders/new');
    expect(await screen.findByRole('heading', { level: 1, name: 'New Order' })).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('alert')).toHaveTextContent(MSG_VIEWER_READS_ONLY);
    expect(screen.queryByRole('form', { name: 'New order' })).not.toBeInTheDocument();
  });
});
