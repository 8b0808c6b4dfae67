import { expect, test, type Browser, type Page } from '@playwright/test';
import {
  acknowledgeWarnings,
  apiGet,
  apiSend,
  assignAndInspect,
  checkBothWidths,
  completeOrder,
  day,
  deliverToClient,
  expectNotice,
  mailMarker,
  newPage,
  passChecklist,
  pdfWith,
  placeOrder,
  submit,
  uploadReport,
  waitForMail,
} from './helpers';
import { uad36 } from './uad';

/*
 * Billing from both ends: a lender's order is paid by its borrower by card before it is assigned,
 * then goes from placed to delivered; the client's order page
 * shows its invoice; staff record the lender's payment and the invoice reads paid; the appraiser's
 * Payments page lists the order as awaiting payment with its pay-by date until staff pay it, when it
 * moves to the payment history.
 */

/** yyyy-mm-dd as the pages show it. */
const shown = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

interface Lender {
  id: number;
  companyName: string;
}

/**
 * The lender is made "borrower pays" for the while: staff send the borrower the payment link, and
 * the borrower pays by the sandbox's test card on the page it opens.
 */
async function borrowerPays(browser: Browser, staff: Page, orderId: number): Promise<void> {
  const { clientId } = await apiGet<{ clientId: number }>(staff, `/api/order-details/${orderId}`);
  const lender = (await apiGet<Lender[]>(staff, '/api/staff/clients')).find((c) => c.id === clientId)!;
  await apiSend(staff, 'put', `/api/staff/clients/${clientId}`, { ...lender, borrowerPays: true });
  try {
    const since = mailMarker();
    await apiSend(staff, 'post', `/api/staff/orders/${orderId}/borrower-payment-link`, { email: 'robin.payer@example.com' });
    const mail = await waitForMail('robin.payer@example.com', since);
    const link = /\/pay\/[A-Za-z0-9_-]+/.exec(mail.text);
    expect(link, mail.text).not.toBeNull();
    const borrower = await newPage(browser);
    await borrower.goto(link![0]);
    await expect(borrower.getByText('88 Billing Way')).toBeVisible();
    await checkBothWidths(borrower, (v) => `billing-borrower-pay-${v.width}.png`, { axe: 'desktop only' });
    await borrower.getByRole('button', { name: /^Pay \$[\d,.]+ by card$/ }).click();
    await borrower.getByLabel('Card number').fill('4242 4242 4242 4242');
    await borrower.getByLabel('Expiry (MM/YY)').fill('12/30');
    await borrower.getByLabel('Security code').fill('123');
    await borrower.getByRole('button', { name: /^Pay \$/ }).click();
    await expect(borrower.getByRole('status')).toContainText('Paid on');
    await borrower.context().close();
  } finally {
    await apiSend(staff, 'put', `/api/staff/clients/${clientId}`, { ...lender, borrowerPays: false });
  }
}

interface Invoice {
  id: number;
  orderId: number;
  number: string;
  balanceCents: number;
}

test('an order delivered, invoiced and paid by the lender; the appraiser sees it awaiting payment, then paid', async ({ browser }) => {
  test.setTimeout(240_000);
  const staff = await newPage(browser, 'demo.staff');
  const client = await newPage(browser, 'demo.client');
  const appraiser = await newPage(browser, 'demo.appraiser');

  // The lender places an order; staff assign demo.appraiser, who accepts and inspects it.
  const id = await placeOrder(client, { propertyAddressLine1: '88 Billing Way', borrowerName: 'Robin Payer' });
  const { fileNumber } = await apiGet<{ fileNumber: string }>(client, `/api/client/orders/${id}`);
  const me = await apiGet<{ securityUserId: number }>(appraiser, '/api/auth/logged-in');
  await borrowerPays(browser, staff, id);
  await assignAndInspect(staff, appraiser, id);

  // The appraiser uploads the report with its data file.
  await appraiser.goto(`/appraiser/orderdetails/${id}`);
  const report = pdfWith('billing report');
  const data = uad36({
    value: '525,000',
    effectiveDate: day(0),
    street: '88 Billing Way',
    city: 'Austin',
    state: 'TX',
    zip: '78701',
    appraiserName: 'Avery Appraiser',
    licenseNumber: 'TX-1380001',
    pdf: report,
  });
  await uploadReport(appraiser, report, data);

  // Staff review, complete, set what the client is charged and deliver: the invoice is issued.
  await staff.goto(`/staff/orderdetails/${id}`);
  await expect(staff.getByTestId('card-report-data')).toBeVisible();
  await acknowledgeWarnings(staff);
  await passChecklist(staff);
  await completeOrder(staff);
  await apiSend(staff, 'put', `/api/staff/orders/${id}/client-fee`, { clientFeeCents: 52_500 });
  await deliverToClient(staff, false);
  await expectNotice(staff, 'Order delivered to the client.');

  // The lender's order page shows the invoice with its PDF.
  await client.goto(`/client/orders/${id}`);
  const invoiceCard = client.getByRole('region', { name: 'Invoice' });
  await expect(invoiceCard.getByText(/^INV-/)).toBeVisible();
  await expect(invoiceCard.getByText('$525.00').first()).toBeVisible();
  await expect(invoiceCard.getByText('Open', { exact: true })).toBeVisible();
  await expect(invoiceCard.getByRole('link', { name: /Download invoice \(PDF\)/ })).toHaveAttribute('href', `/api/client/orders/${id}/invoice`);
  const pdfAnswer = await client.request.get(`/api/client/orders/${id}/invoice`);
  expect(pdfAnswer.headers()['content-type']).toContain('application/pdf');
  await checkBothWidths(client, (v) => `billing-client-order-${v.width}.png`, { axe: 'desktop only' });

  // Staff record the lender's payment on the Receivables screen: the invoice moves from open to paid.
  const open = await apiGet<Invoice[]>(staff, '/api/staff/invoices?status=open');
  const invoice = open.find((i) => i.orderId === id);
  expect(invoice, `an open invoice for order ${id}`).toBeDefined();
  await expect(invoiceCard.getByText(invoice!.number)).toBeVisible();
  await staff.goto('/staff/receivables');
  await staff.getByRole('button', { name: `Record payment for ${invoice!.number}` }).click();
  const payment = staff.getByRole('dialog', { name: 'Record Payment' });
  await payment.getByLabel('Method').selectOption({ label: 'Check' });
  await payment.getByLabel('Reference').fill('CHK-1042');
  await submit(payment, 'Record Payment');
  await expect(payment).toHaveCount(0);
  await staff.getByRole('radiogroup', { name: 'Invoice status' }).getByText('Paid', { exact: true }).click();
  await expect(staff.getByRole('link', { name: `PDF of ${invoice!.number}` })).toBeVisible();
  await checkBothWidths(staff, (v) => `billing-receivables-${v.width}.png`, { axe: 'desktop only' });
  const paid = await apiGet<Invoice[]>(staff, '/api/staff/invoices?status=paid');
  expect(paid.map((i) => i.id)).toContain(invoice!.id);
  await client.reload();
  await expect(invoiceCard.getByText('Paid', { exact: true })).toBeVisible();

  // The appraiser sees the order awaiting payment, with its pay-by date.
  const unpaid = await apiGet<{ orderId: number; payBy: string | null }[]>(appraiser, `/api/appraiser/${me.securityUserId}/unpaid-orders`);
  const payBy = unpaid.find((o) => o.orderId === id)?.payBy;
  expect(payBy, 'the pay-by date of the delivered order').toBeTruthy();
  await appraiser.goto('/appraiser/payments');
  const awaiting = appraiser.getByRole('region', { name: 'Awaiting Payment', exact: true });
  const row = awaiting.locator(`[data-order-id="${id}"]`);
  // Only the urgent groups start open: open the others to find the order.
  await expect(awaiting.locator('[data-pay-group]').first()).toBeVisible();
  const closed = awaiting.locator('[data-pay-group] button[aria-expanded="false"]');
  while ((await closed.count()) > 0) await closed.first().click();
  await expect(row.getByRole('link', { name: fileNumber })).toHaveAttribute('href', `/appraiser/orderdetails/${id}`);
  await expect(row).toContainText(shown(payBy!));
  await checkBothWidths(appraiser, (v) => `billing-appraiser-payments-${v.width}.png`, { axe: 'desktop only' });

  // Staff pay the appraiser: the order leaves Awaiting Payment for the payment history.
  await apiSend(staff, 'post', '/api/staff/payments', { orderId: id, amount: 400, paymentDate: day(0) });
  await appraiser.reload();
  await expect(appraiser.getByRole('region', { name: 'Awaiting Payment', exact: true })).toBeVisible();
  await expect(row).toHaveCount(0);
  const history = appraiser.getByRole('table', { name: 'Payments' }).getByRole('row').filter({ hasText: fileNumber });
  await expect(history).toContainText('$400.00');
  await expect(history).toContainText(shown(payBy!));
  await expect(history.getByText('Late')).toHaveCount(0);

  for (const page of [client, staff, appraiser]) await page.context().close();
});
