import { expect, test, type Page } from '@playwright/test';
import { checkBothWidths, day, expectNotice, menuItems, newPage, openAction, orderIdByFileNumber, PDF, submit } from './helpers';
import { addEndpoint, Receiver } from './webhooks';

/*
 * The lender's journey (issue 32): demo.client adds a webhook endpoint on API & Webhooks (this
 * spec's own receiver on 127.0.0.1, verifying every message with the `standardwebhooks` library and
 * the secret the page shows once) and places an order on New Order; staff find it on their desk,
 * unassigned and from the client portal, and assign it to demo.appraiser, who accepts it. After each
 * step the client's order page shows it in its timeline and the receiver has it, signed.
 */

const menuLink = (page: Page, name: string) => page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name, exact: true });

/** The client's order page, reloaded, shows these steps in its timeline. */
async function expectTimeline(page: Page, steps: string[]): Promise<void> {
  await page.reload();
  const timeline = page.getByRole('list', { name: 'Status timeline' });
  await expect(timeline.getByRole('listitem')).toHaveText(steps.map((s) => new RegExp(`^${s}`)));
}

let receiver: Receiver | undefined;

test.afterAll(async () => {
  await receiver?.close();
});

test('a lender orders in the portal, staff assign, the appraiser accepts; webhooks follow', async ({ browser }) => {
  test.setTimeout(180_000);
  receiver = await Receiver.start();
  const client = await newPage(browser, 'demo.client');
  await expect(client).toHaveURL(/\/client\/orders$/);

  // API & Webhooks: an endpoint for every event type at the receiver; its secret is shown once.
  const endpoint = await addEndpoint(client, receiver);
  await endpoint.getByRole('button', { name: `Send Test to ${receiver.url}` }).click();
  await expect(endpoint.getByRole('status')).toHaveText(/^Test delivered: HTTP 204 in \d+ ms\.$/);
  expect(receiver.received.map((m) => [m.type, m.refused])).toContainEqual(['webhook.test', null]);
  // Axe looks at the page at rest, not at the button under the pointer.
  await client.mouse.move(0, 0);
  await checkBothWidths(client, (v) => `lender-journey-${v.name}-api.png`, { axe: 'desktop only' });

  // New Order: every field the page offers, and the purchase contract.
  const borrower = `Morgan Lender ${Date.now() % 100_000}`;
  await menuLink(client, 'New Order').click();
  await expect(client.getByRole('heading', { level: 1, name: 'New Order' })).toBeVisible();
  await client.getByLabel(/^Property Address/).fill('2200 Lake Austin Boulevard');
  await client.getByLabel(/^Address Line 2/).fill('Unit 4');
  await client.getByLabel(/^City/).fill('Austin');
  await client.getByLabel(/^State/).selectOption('TX');
  await client.getByRole('combobox', { name: 'County', exact: true }).selectOption('Travis County');
  await client.getByLabel(/^Zip/).fill('78703');
  // The page's own lookups fill its pickers (none may stay empty).
  for (const name of ['Property Type', 'Intended Use', 'Product']) {
    await expect.poll(() => client.getByRole('combobox', { name, exact: true }).locator('option').count(), { message: `${name} offers its choices` }).toBeGreaterThan(1);
  }
  await client.getByLabel(/^Property Type/).selectOption({ label: 'Single Family Residence' });
  await client.getByLabel(/^Intended Use/).selectOption({ label: 'Purchase' });
  const product = client.getByRole('combobox', { name: 'Product', exact: true });
  const option = product.locator('option', { hasText: /^1004 Single Family Residential/ }).first();
  await expect(option).toBeAttached();
  await product.selectOption((await option.getAttribute('value'))!);
  await client.getByLabel(/^Requested Due Date/).fill(day(10));
  await client.getByLabel(/^FHA Case Number/).fill('123-1234567');
  await client.getByLabel(/^Loan Number/).fill('LN-2026-3201');
  await client.getByLabel(/^Borrower Name/).fill(borrower);
  await client.getByLabel(/^Borrower E-mail/).fill('morgan.borrower@example.com');
  await client.getByLabel(/^Borrower Phone/).fill('512-555-0142');
  await client.getByRole('textbox', { name: 'Notes', exact: true }).fill('Gate code 4321; call the borrower first.');
  const chooser = client.waitForEvent('filechooser');
  await client.getByRole('button', { name: 'Attachments', exact: true }).click();
  await (await chooser).setFiles({ name: 'purchase-contract.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(client.getByRole('button', { name: 'Attachments', exact: true })).toHaveText('purchase-contract.pdf');
  await checkBothWidths(client, (v) => `lender-journey-${v.name}-new-order.png`, { axe: 'desktop only' });
  await client.getByRole('button', { name: 'Place Order' }).click();
  await expect(client).toHaveURL(/\/client\/orders\/\d+$/);
  const orderId = Number(new URL(client.url()).pathname.split('/').pop());
  const heading = await client.getByRole('heading', { level: 1, name: /^Order #/ }).textContent();
  const fileNumber = heading!.replace('Order #', '');
  await expectNotice(client, `Order ${fileNumber} was placed. Staff will assign an appraiser.`);
  await expect(client.getByRole('table', { name: 'Documents' }).getByText('purchase-contract.pdf')).toBeVisible();
  await expectTimeline(client, ['Received']);
  await receiver.expectEvent('order.created', orderId, 'Default');

  // Staff find it on their desk, unassigned and from the client portal, and assign it.
  const staff = await newPage(browser, 'demo.staff');
  expect(await orderIdByFileNumber(staff, fileNumber, 'staff')).toBe(orderId);
  const row = staff.locator(`[data-order-id="${orderId}"]`);
  await expect(row).toContainText(borrower);
  // No appraiser yet (the last column).
  await expect(row.getByRole('cell').last()).toHaveText('');
  await row.getByRole('link', { name: fileNumber }).click();
  await expect(staff.getByRole('heading', { level: 1, name: `Order #${fileNumber}` })).toBeVisible();
  await expect(staff.getByText('Source: Client portal', { exact: true })).toBeVisible();
  await expect.poll(() => menuItems(staff)).toContain('Assign');
  const assign = await openAction(staff, 'Assign');
  await assign.getByRole('radio', { name: 'Avery Appraiser' }).check();
  await submit(assign, 'Assign Order');
  await expectNotice(staff, 'Order assigned to Avery Appraiser.');
  await expectTimeline(client, ['Received', 'Appraiser Assigned']);
  await receiver.expectEvent('order.assigned', orderId, 'Assigned');

  // The appraiser accepts it.
  const appraiser = await newPage(browser, 'demo.appraiser');
  await appraiser.goto(`/appraiser/orderdetails/${orderId}`);
  await expect(appraiser.getByRole('heading', { level: 1, name: `Order #${fileNumber}` })).toBeVisible();
  const accept = await openAction(appraiser, 'Accept');
  await submit(accept, 'Accept Order');
  await expect(accept).toHaveCount(0);

  // The client's page and the receiver both have the three steps.
  await expectTimeline(client, ['Received', 'Appraiser Assigned', 'Accepted by Appraiser']);
  await receiver.expectEvent('order.accepted', orderId, 'Accepted');
  // Each event once (a retry would repeat its webhook-id), in the order it happened.
  const ofOrder = receiver.received.filter((m) => m.orderId === orderId);
  expect(ofOrder.filter((m, i) => ofOrder.findIndex((n) => n.id === m.id) === i).map((m) => m.type)).toEqual(['order.created', 'order.assigned', 'order.accepted']);
  await checkBothWidths(client, (v) => `lender-journey-${v.name}-order.png`, { axe: 'desktop only' });

  for (const page of [client, staff, appraiser]) await page.context().close();
});
