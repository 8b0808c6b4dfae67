import { expect, test, type Page } from '@playwright/test';
import {
  checkBothWidths,
  day,
  DEMO_PASSWORD,
  demoEmail,
  expectNoAxeViolations,
  expectNotice,
  mailMarker,
  newPage,
  openDialog,
  orderIdByFileNumber,
  refuseOtherOrigins,
  screenshot,
  settle,
  signIn,
  submit,
  waitForMail,
} from './helpers';

/*
 * Staff run their panel: quote requests answered by two appraisers in their own browsers and
 * awarded; the coverage queue (demo.appraiser asked for Williamson County and demo.appraiser2 for
 * Bastrop County, both pending in the demo data).
 */

async function respond(page: Page, address: string, fee: string): Promise<void> {
  await page.goto('/appraiser/quotes');
  await page
    .getByRole('article', { name: address })
    .getByRole('link', { name: /View Request/ })
    .click();
  await page.getByRole('button', { name: 'Respond to Quote' }).click();
  const dialog = page.getByRole('dialog', { name: 'Respond to Quote' });
  await dialog.getByLabel(/^Appraiser Fee/).fill(fee);
  await dialog.getByLabel(/^Estimated Delivery Date/).fill(day(6));
  await dialog.getByLabel(/^Comment/).fill('Happy to take it.');
  await dialog.getByRole('button', { name: 'Submit Response' }).click();
  await expect(page.getByText('You responded to this quote')).toBeVisible();
}

test('a quote request to two appraisers, answered in their own browsers, awarded to one', async ({ browser }) => {
  test.setTimeout(180_000);
  const staff = await newPage(browser, 'demo.staff');
  const [avery, blake] = [await newPage(browser, 'demo.appraiser'), await newPage(browser, 'demo.appraiser2')];
  const address = '88 Quote Lane';

  await staff.getByRole('navigation').getByRole('link', { name: 'Quotes' }).click();
  await staff.getByRole('button', { name: 'New Quote Request' }).click();
  const dialog = await openDialog(staff, 'New Quote Request');
  await submit(dialog, 'Send Quote Request');
  await expect(dialog.getByText('Client is required.')).toBeVisible();
  await expect(dialog.getByText('Choose 1 to 20 appraisers.')).toBeVisible();
  await dialog.getByLabel('Client').selectOption({ index: 1 });
  await dialog.getByLabel('Property Address').fill(address);
  await dialog.getByLabel('City').fill('Austin');
  await dialog.getByLabel('State').selectOption('TX');
  await dialog.getByLabel('County').selectOption('Travis County');
  await dialog.getByLabel('Zip').fill('78704');
  await dialog.getByLabel('Property Type').selectOption({ label: 'Single Family Residence' });
  await dialog.getByLabel('Intended Use').selectOption({ label: 'Purchase' });
  await dialog.getByLabel('Report Type').selectOption({ label: '1004 Single Family Residential' });
  await expect(dialog.getByLabel('Appraiser Fee')).toHaveValue('450.00');
  await dialog.getByLabel('Due Date').fill(day(8));
  for (const name of ['Avery Appraiser', 'Blake Morgan']) {
    await dialog.getByRole('combobox', { name: 'Send To' }).fill(name.split(' ')[0]!);
    await staff.getByRole('option', { name: new RegExp(name) }).click();
  }
  await screenshot(staff, 'staff-quote-new-desktop.png', false);
  await submit(dialog, 'Send Quote Request');
  await expect(staff).toHaveURL(/\/staff\/quotes\/\d+$/);
  const quoteUrl = staff.url();

  await respond(avery, address, '480');
  await respond(blake, address, '495');

  await staff.goto(quoteUrl);
  const answers = staff.getByRole('table', { name: 'Answers' });
  await expect(answers.getByText('Responded')).toHaveCount(2);
  await expectNoAxeViolations(staff);
  await screenshot(staff, 'staff-quote-answers-desktop.png');
  await staff.setViewportSize({ width: 390, height: 844 });
  await settle(staff);
  await expectNoAxeViolations(staff);
  await screenshot(staff, 'staff-quote-answers-mobile.png');
  await staff.setViewportSize({ width: 1280, height: 800 });
  await staff.getByRole('button', { name: 'Award to Avery Appraiser' }).click();
  await expectNotice(staff, 'The work was awarded to Avery Appraiser.');
  await expect(staff.getByRole('link', { name: 'open the order' })).toBeVisible();

  // The awarded appraiser finds the new order on the dashboard; the other no longer sees the request.
  await avery.goto(`/appraiser/dashboard?propertyStreet=${encodeURIComponent(address)}&status=0`);
  await expect(avery.locator('[data-order-id]').filter({ hasText: address }).first()).toBeVisible();
  await blake.goto('/appraiser/quotes');
  await expect(blake.getByRole('heading', { level: 1, name: 'Open Quotes' })).toBeVisible();
  await expect(blake.getByRole('article', { name: address })).toHaveCount(0);
  for (const page of [staff, avery, blake]) await page.context().close();
});

test.beforeEach(async ({ page }) => {
  await refuseOtherOrigins(page);
});

test('coverage review: verify one area, reject another with a reason, at both widths', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'demo.staff');
  await page.getByRole('navigation').getByRole('link', { name: 'Coverage Review' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Coverage Review' })).toBeVisible();
  await checkBothWidths(page, (v) => `staff-coverage-${v.name}.png`, {
    ready: (mobile) => page.getByRole(mobile ? 'list' : 'table', { name: 'Coverage areas waiting for review' }),
  });
  await page.getByRole('button', { name: 'Verify Williamson County, TX for Avery Appraiser' }).click();
  await expectNotice(page, 'Williamson County, TX is verified for Avery Appraiser.');
  await page.getByRole('button', { name: 'Reject Bastrop County, TX for Blake Morgan' }).click();
  const dialog = await openDialog(page, 'Reject Coverage Area');
  await submit(dialog, 'Reject');
  await expect(dialog.getByText('Please enter a reason.')).toBeVisible();
  await dialog.getByLabel('Reason').fill('We have no record of work in Bastrop County.');
  await submit(dialog, 'Reject');
  await expectNotice(page, 'Bastrop County, TX was rejected and Blake Morgan was told why.');
  await expect(page.getByText('Bastrop County')).toHaveCount(0);
});

test('a secure link with an attachment, seen as viewed once the appraiser opens it', async ({ browser }) => {
  test.setTimeout(120_000);
  const staff = await newPage(browser, 'demo.staff');
  const avery = await newPage(browser, 'demo.appraiser');
  const orderId = await orderIdByFileNumber(staff, '26000011', 'staff');
  const subject = `Front elevation ${Date.now()}`;

  await staff.getByRole('navigation').getByRole('link', { name: 'Secure Links' }).click();
  await staff.getByRole('button', { name: 'New Secure Link' }).click();
  const dialog = await openDialog(staff, 'New Secure Link');
  await submit(dialog, 'Send Secure Link');
  await expect(dialog.getByText('Please choose the appraiser.')).toBeVisible();
  await dialog.getByLabel(/^Recipient/).selectOption({ label: 'Avery Appraiser (Prairie Valuation Partners)' });
  await dialog.getByLabel(/^Order ID/).fill(String(orderId));
  await dialog.getByRole('checkbox', { name: /^Front elevation\.png/ }).check();
  await dialog.getByLabel(/^Subject/).fill(subject);
  await dialog.getByLabel(/^Message/).fill('The photo you asked about.');
  await screenshot(staff, 'staff-secure-link-compose-desktop.png', false);
  await submit(dialog, 'Send Secure Link');
  await expectNotice(staff, 'The secure link was sent.');
  const row = staff.getByRole('row').filter({ hasText: subject });
  await expect(row.getByText('Not yet')).toBeVisible();

  await avery.goto('/appraiser/secure-links');
  await avery.getByRole('button', { name: `View ${subject}` }).click();
  const details = avery.getByRole('dialog', { name: 'Secure Link Details' });
  await expect(details.getByRole('button', { name: 'Download Front elevation.png' })).toBeVisible();

  await staff.reload();
  await expect(staff.getByRole('row').filter({ hasText: subject }).getByText('Not yet')).toHaveCount(0);
  await checkBothWidths(staff, (v) => `staff-secure-links-${v.name}.png`, { ready: (mobile) => staff.getByRole(mobile ? 'list' : 'table', { name: 'Secure links sent' }) });
});

test('staff open an account; the new appraiser chooses a password from the invitation and signs in', async ({ browser }) => {
  test.setTimeout(120_000);
  const staff = await newPage(browser, 'demo.staff');
  const username = `new.appraiser${Date.now() % 100000}`;
  await staff.getByRole('navigation').getByRole('link', { name: 'Appraisers' }).click();
  await expect(staff.getByRole('heading', { level: 1, name: 'Appraisers' })).toBeVisible();
  await checkBothWidths(staff, (v) => `staff-appraisers-${v.name}.png`);
  await staff.getByRole('button', { name: 'New Appraiser' }).click();
  const dialog = await openDialog(staff, 'New Appraiser');
  await dialog.getByLabel(/^Username/).fill(username);
  await dialog.getByLabel(/^First Name/).fill('Nora');
  await dialog.getByLabel(/^Last Name/).fill('Newcomer');
  await dialog.getByLabel(/^E-mail/).fill(demoEmail(username));
  await dialog.getByLabel(/^Firm/).selectOption({ label: 'Prairie Valuation Partners' });
  await screenshot(staff, 'staff-new-appraiser-desktop.png', false);
  const since = mailMarker();
  await submit(dialog, 'Add Appraiser');
  await expectNotice(staff, `Nora Newcomer was added. The invitation e-mail was sent to ${demoEmail(username)}.`);
  await staff.getByLabel('Search appraisers').fill('Newcomer');
  await expect(staff.getByRole('row').filter({ hasText: username })).toBeVisible();

  const mail = await waitForMail(demoEmail(username), since, (m) => m.text.includes('/perform-reset-password?token='));
  const link = /(https?:\/\/\S+?\/perform-reset-password\?token=[A-Za-z0-9_\-.~%]+)/.exec(mail.text)![1]!;
  const newcomer = await newPage(browser);
  await newcomer.goto(link);
  await newcomer.getByLabel(/^Username/).fill(username);
  await newcomer.getByLabel(/^New Password/).fill(DEMO_PASSWORD);
  await newcomer.getByLabel(/^Confirm Password/).fill(DEMO_PASSWORD);
  await newcomer.getByRole('button', { name: 'Reset Password' }).click();
  await expect(newcomer.getByText('Password reset successfully')).toBeVisible();
  await expect(newcomer).toHaveURL(/\/login$/, { timeout: 5_000 });
  await signIn(newcomer, username);
  await expect(newcomer).toHaveURL(/\/appraiser\//);
});
