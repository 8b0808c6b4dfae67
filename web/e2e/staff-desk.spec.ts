import { expect, test, type Page } from '@playwright/test';
import { checkBothWidths, day, expectNoAxeViolations, expectNotice, openDialog, refuseOtherOrigins, screenshot, settle, signIn, submit } from './helpers';

/*
 * The staff order desk (issue 18): staff add a client, create an order for it with the New Order
 * page and land on its order page; the Payments page lists the payable orders (or says there are
 * none) and pays one. Every screen is checked with axe at 1280 and 390 px.
 */

test.beforeEach(async ({ page }) => {
  await refuseOtherOrigins(page);
});

const menuLink = (page: Page, name: string) => page.getByRole('navigation').getByRole('link', { name, exact: true });

test('staff add a client, create an order for it, and see the payable orders', async ({ page }) => {
  test.setTimeout(180_000);
  const company = `Desk Test Lending ${Date.now()}`;
  const address = `${Date.now() % 10_000} Desk Lane`;
  await signIn(page, 'demo.staff');

  // Clients: Add Client checks its fields, adds, and the list shows it (cards on a phone).
  await menuLink(page, 'Clients').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Clients' })).toBeVisible();
  await page.getByRole('button', { name: 'Add Client' }).click();
  let dialog = await openDialog(page, 'Add Client');
  await submit(dialog, 'Add Client');
  await expect(dialog.getByText('Company name is required.')).toBeVisible();
  await dialog.getByLabel(/^Company Name/).fill(company);
  await dialog.getByLabel(/^Main Contact Name/).fill('Pat Lee');
  await dialog.getByLabel(/^Main Contact Phone/).fill('512 555 0110');
  await dialog.getByLabel(/^Main Contact E-mail/).fill('pat@desk-lending.example');
  await page.setViewportSize({ width: 390, height: 844 });
  await settle(page);
  await expectNoAxeViolations(page);
  await screenshot(page, 'staff-desk-client-dialog-mobile.png', false);
  await page.setViewportSize({ width: 1280, height: 800 });
  await screenshot(page, 'staff-desk-client-dialog-desktop.png', false);
  await submit(dialog, 'Add Client');
  await expectNotice(page, `${company} was added.`);
  await checkBothWidths(page, (v) => `staff-desk-clients-${v.name}.png`, { ready: (mobile) => page.getByRole(mobile ? 'list' : 'table', { name: 'Clients' }).getByText(company) });

  await page.getByRole('button', { name: `Edit ${company}` }).click();
  dialog = await openDialog(page, 'Edit Client');
  await expect(dialog.getByLabel(/^Main Contact Phone/)).toHaveValue('512-555-0110');
  await dialog.getByLabel(/^Office Address/).fill('1 Congress Ave, Austin TX');
  await submit(dialog, 'Save Client');
  await expectNotice(page, `${company} was saved.`);
  await expect(page.getByRole('table', { name: 'Clients' }).getByText('1 Congress Ave, Austin TX')).toBeVisible();

  // New Order: the server's words for a bad form, then an order for that client.
  await menuLink(page, 'New Order').click();
  await expect(page.getByRole('heading', { level: 1, name: 'New Order' })).toBeVisible();
  await page.getByRole('button', { name: 'Create Order' }).click();
  await expect(page.getByText('Client is required.')).toBeVisible();
  await expect(page.getByText('Choose 1 to 4 report types.')).toBeVisible();
  await page.getByRole('combobox', { name: 'Client', exact: true }).selectOption({ label: company });
  await page.getByLabel(/^Borrower Name/).fill('Jordan Buyer');
  await page.getByLabel(/^Loan Number/).fill('LN-2026-118');
  await page.getByLabel(/^Property Address/).fill(address);
  await page.getByLabel(/^City/).fill('Austin');
  await page.getByLabel(/^State/).selectOption('TX');
  await page.getByRole('combobox', { name: 'County', exact: true }).selectOption('Travis County');
  await page.getByLabel(/^Zip/).fill('7870');
  await page.getByLabel(/^Property Type/).selectOption({ label: 'Single Family Residence' });
  await page.getByLabel(/^Intended Use/).selectOption({ label: 'Purchase' });
  await page.getByRole('combobox', { name: /^Report Types/ }).fill('1004');
  await page.getByRole('option', { name: /^1004 Single Family Residential/ }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByLabel(/^Appraiser Fee/)).toHaveValue('450.00');
  await page.getByLabel(/^Appraiser Due Date/).fill(day(7));
  await page.getByLabel(/^Inspection Due Date/).fill(day(4));
  await page.getByRole('button', { name: 'Add Contact' }).click();
  const contact = page.getByRole('group', { name: 'Contact 1' });
  await contact.getByLabel(/^Name/).fill('Jordan Buyer');
  await contact.getByLabel(/^Type/).selectOption({ label: 'Borrower' });
  await contact.getByLabel(/^Cell Phone/).fill('512-555-0199');
  await page.getByLabel(/^Notes and Special Instructions/).fill('Gate code 4411.\nCall the borrower first.');
  await page.getByRole('button', { name: 'Create Order' }).click();
  await expect(page.getByText("Property zip must be 5 digits (got '7870').")).toBeVisible();
  await page.getByLabel(/^Zip/).fill('78704');
  await checkBothWidths(page, (v) => `staff-desk-new-order-${v.name}.png`, { ready: () => page.getByRole('heading', { level: 2, name: 'Contacts' }) });
  await page.getByRole('button', { name: 'Create Order' }).click();
  await expect(page).toHaveURL(/\/staff\/orderdetails\/\d+$/);
  await expectNotice(page, 'Assign it from the Actions menu.');
  await expect(page.getByText(address).first()).toBeVisible();

  // Payments: the demo's payable orders, or the empty state; one is paid when there are any.
  await menuLink(page, 'Payments').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Payments' })).toBeVisible();
  const emptyState = page.getByText('No completed or delivered orders are waiting for payment.');
  await checkBothWidths(page, (v) => `staff-desk-payments-${v.name}.png`, {
    ready: (mobile) => page.getByRole(mobile ? 'list' : 'table', { name: 'Orders waiting for payment' }).or(emptyState),
  });
  const payButtons = page.getByRole('button', { name: /^Record payment for / });
  if ((await payButtons.count()) > 0) {
    const label = (await payButtons.first().getAttribute('aria-label'))!;
    const fileNumber = label.replace('Record payment for ', '');
    await payButtons.first().click();
    dialog = await openDialog(page, 'Record Payment');
    await expect(dialog.getByLabel(/^Payment Date/)).toHaveValue(day(0));
    // An order placed by a lender may have no appraiser fee yet: the amount is then typed in.
    const amount = dialog.getByLabel(/^Amount/);
    if (['', '0', '0.00'].includes(await amount.inputValue())) await amount.fill('450.00');
    await screenshot(page, 'staff-desk-record-payment-desktop.png', false);
    await submit(dialog, 'Record Payment');
    await expectNotice(page, `The payment for ${fileNumber} was recorded.`);
    await expect(page.getByRole('button', { name: label })).toHaveCount(0);
  }
});
