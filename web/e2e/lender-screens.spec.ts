import { expect, test } from '@playwright/test';
import { checkBothWidths, newPage, placeOrder } from './helpers';

/*
 * What a lender and staff read on a new order: the client's list and order page name the
 * unassigned status in the lender's words ("Received", never "Default"); the staff order page's
 * badge shows its label ("Default", never the stored "default") and keeps the UCDP submission and
 * the borrower's copy collapsed to one line each until there is a report. Axe at 1280 and 390.
 */
test("a lender's new order reads Received; staff see its UCDP and borrower's copy cards collapsed", async ({ browser }) => {
  test.setTimeout(120_000);
  const client = await newPage(browser, 'demo.client');
  await expect(client).toHaveURL(/\/client\/orders$/);
  const borrower = `Riley Screens ${Date.now() % 100_000}`;
  const orderId = await placeOrder(client, { propertyAddressLine1: '1100 Congress Avenue', borrowerName: borrower });

  // The client's list: the new order's badge in the lender's words.
  await client.reload();
  const row = client.locator(`[data-order-id="${orderId}"]`);
  await expect(row.locator('[data-status-id="3"]')).toHaveText('Received');
  await expect(client.getByRole('main').getByText('Default', { exact: true })).toHaveCount(0);

  // The client's order page: the badge and the timeline say Received.
  await row.getByRole('link').first().click();
  await expect(client).toHaveURL(new RegExp(`/client/orders/${orderId}$`));
  await expect(client.getByRole('heading', { level: 1, name: /^Order #/ })).toBeVisible();
  await expect(client.locator('[data-status-id="3"]')).toHaveText('Received');
  await expect(client.getByRole('list', { name: 'Status timeline' }).getByRole('listitem')).toHaveText([/^Received/]);
  await expect(client.getByRole('main').getByText('Default', { exact: true })).toHaveCount(0);
  await checkBothWidths(client, (v) => `lender-screens-${v.name}-client-order.png`, { ready: () => client.getByRole('region', { name: 'Status Timeline' }) });

  // Staff: the badge's label, and the two cards that wait for a report, each one line with Show.
  const staff = await newPage(browser, 'demo.staff');
  await staff.goto(`/staff/orderdetails/${orderId}`);
  await expect(staff.getByRole('heading', { level: 1, name: /^Order #/ })).toBeVisible();
  // The whole badge text: the label, not the stored name "default".
  await expect(staff.locator('[data-status-id="3"]').first()).toHaveText('Default');
  const ucdp = staff.getByRole('region', { name: 'UCDP / EAD Submission' });
  await expect(ucdp).toContainText("Nothing to submit yet: the UCDP / EAD submission follows the appraiser's report.");
  await expect(ucdp.getByRole('button', { name: 'Save Submission' })).toHaveCount(0);
  const copy = staff.getByRole('region', { name: "Borrower's Copy" });
  await expect(copy).toContainText("Nothing to send yet: the borrower's copy goes out once the report has passed review.");
  await expect(copy.getByRole('button', { name: "Send the borrower's copy" })).toHaveCount(0);
  // The collapsed cards are short: the line and its Show button.
  for (const card of [ucdp, copy]) expect((await card.boundingBox())!.height).toBeLessThan(220);
  await checkBothWidths(staff, (v) => `lender-screens-${v.name}-staff-order.png`, { ready: () => staff.getByRole('region', { name: "Borrower's Copy" }) });

  // Show opens a card all the same (a waiver may come before the report).
  await copy.getByRole('button', { name: "Show Borrower's Copy" }).click();
  await expect(staff.getByRole('region', { name: "Borrower's Copy" }).getByRole('button', { name: 'Record waiver' })).toBeVisible();

  for (const page of [client, staff]) await page.context().close();
});
