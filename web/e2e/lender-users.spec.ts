import { expect, test } from '@playwright/test';
import type { Browser, Page } from '@playwright/test';
import {
  apiGet,
  apiSend,
  checkBothWidths,
  day,
  expectMenu,
  expectNotice,
  mailMarker,
  mainNav,
  newPage,
  openDialog,
  refuseOtherHosts,
  signInWithIdentityProvider,
  submit,
  waitForMail,
} from './helpers';

/*
 * A lender's administrator keeps its branches and users: demo.client (the demo lender's
 * administrator; the demo data gives the lender the branch Downtown with the loan officer demo.lo and
 * the processor demo.processor) adds the branch Uptown on Branches, then on Users invites a loan
 * officer into it, whose invitation arrives by e-mail. The loan officer signs in through the test's
 * OpenID Provider and places an order with an access contact; the appraiser offers inspection
 * windows by a scheduling link, the contact picks one without signing in, and the loan officer sees
 * the inspection's date on the order. Axe at 1280 and 390 on the Users page, the contact's page and
 * the order.
 */
test('a lender administrator adds a branch and a loan officer, whose order the contact schedules', async ({ browser }) => {
  test.setTimeout(180_000);
  const client = await newPage(browser, 'demo.client');
  await expect(client).toHaveURL(/\/client\/orders$/);
  await expectMenu(client, ['Orders', 'New Order', 'Invoices', 'Insights', 'Users', 'Branches', 'API & Webhooks']);

  // Branches: the demo's Downtown, and a new one, Uptown.
  await mainNav(client).getByRole('link', { name: 'Branches', exact: true }).click();
  await expect(client).toHaveURL(/\/client\/branches$/);
  await expect(client.getByRole('heading', { level: 1, name: 'Branches' })).toBeVisible();
  const branches = client.getByRole('table', { name: 'Branches' });
  await expect(branches.getByRole('row').filter({ hasText: 'Downtown' })).toContainText('Active');
  await client.getByRole('button', { name: 'Add Branch' }).click();
  const add = await openDialog(client, 'Add Branch');
  await add.getByLabel(/^Branch name/).fill('Uptown');
  await submit(add, 'Add Branch');
  await expectNotice(client, 'Branch Uptown was added.');
  await expect(add).toHaveCount(0);
  const uptown = branches.getByRole('row').filter({ hasText: 'Uptown' });
  await expect(uptown).toContainText('Active');
  await expect(uptown.getByRole('button', { name: 'Make inactive: Uptown' })).toBeVisible();

  // Users: the demo's people with their roles and branches.
  await mainNav(client).getByRole('link', { name: 'Users', exact: true }).click();
  await expect(client).toHaveURL(/\/client\/users$/);
  await expect(client.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  const users = client.getByRole('table', { name: 'Users' });
  const userRow = (username: string) => users.getByRole('row').filter({ has: client.getByRole('cell', { name: username, exact: true }) });
  await expect(userRow('demo.client')).toContainText('Lender administrator');
  await expect(userRow('demo.lo')).toContainText('Loan officer');
  await expect(userRow('demo.lo')).toContainText('Downtown');
  await expect(userRow('demo.processor')).toContainText('Processor');

  // Invite a loan officer into Uptown: the invitation goes out by e-mail.
  const username = `uptown.lo.${Date.now() % 100_000}`;
  const email = `${username}@lender.example`;
  await client.getByRole('button', { name: 'Invite User' }).click();
  const invite = await openDialog(client, 'Invite User');
  await invite.getByLabel(/^First Name/).fill('Uma');
  await invite.getByLabel(/^Last Name/).fill('Uptown');
  await invite.getByLabel(/^Username/).fill(username);
  await invite.getByLabel(/^E-mail/).fill(email);
  await invite.getByLabel(/^Role/).selectOption({ label: 'Loan officer' });
  await invite.getByLabel(/^Branch/).selectOption({ label: 'Uptown' });
  const since = mailMarker();
  await submit(invite, 'Send Invitation');
  await expectNotice(client, `The invitation was sent to ${email}.`);
  await expect(invite).toHaveCount(0);
  const invited = userRow(username);
  await expect(invited).toContainText('Uma Uptown');
  await expect(invited).toContainText('Loan officer');
  await expect(invited).toContainText('Uptown');
  await expect(invited).toContainText('Active');
  await expect(invited.getByRole('button', { name: 'Deactivate Uma Uptown' })).toBeVisible();
  const mail = await waitForMail(email, since, (m) => m.text.includes('/perform-reset-password?token='));
  expect(mail.text).toContain(`Your username is ${username}.`);

  // The Users page at both widths: a table at 1280, a card per user at 390.
  await checkBothWidths(client, (v) => `lender-users-${v.name}.png`, {
    ready: (mobile) => (mobile ? client.getByRole('list', { name: 'Users' }) : client.getByRole('table', { name: 'Users' })),
  });

  await client.context().close();

  const orderId = await placeWithAccessContact(browser, email);
  const link = await offerWindows(browser, orderId);
  const chosen = await pickWindow(browser, link);
  const officer = await newLenderPage(browser, email);
  await officer.goto(`/client/orders/${orderId}`);
  await expect(officer.getByText(`Inspection: ${chosen}`, { exact: true })).toBeVisible();
  await checkBothWidths(officer, (v) => `self-scheduling-order-${v.name}.png`, { ready: () => officer.getByText(`Inspection: ${chosen}`, { exact: true }) });
});

/** A page signed in through the identity provider as `email` (a lender's user with no password yet). */
async function newLenderPage(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await refuseOtherHosts(page);
  await signInWithIdentityProvider(page, email);
  await expect(page).toHaveURL(/\/client\/orders$/);
  return page;
}

/** The loan officer places an order with an Access contact on New Order; answers its id. */
async function placeWithAccessContact(browser: Browser, email: string): Promise<number> {
  const officer = await newLenderPage(browser, email);
  await mainNav(officer).getByRole('link', { name: 'New Order', exact: true }).click();
  await officer.getByLabel(/^Property Address/).fill('4410 Duval Street');
  await officer.getByLabel(/^City/).fill('Austin');
  await officer.getByLabel(/^State/).selectOption('TX');
  await officer.getByRole('combobox', { name: 'County', exact: true }).selectOption('Travis County');
  await officer.getByLabel(/^Zip/).fill('78751');
  for (const name of ['Property Type', 'Intended Use', 'Product']) {
    const picker = officer.getByRole('combobox', { name, exact: true });
    await expect.poll(() => picker.locator('option').count()).toBeGreaterThan(1);
    await picker.selectOption({ index: 1 });
  }
  await officer.getByLabel(/^Requested Due Date/).fill(day(10));
  await officer.getByLabel(/^Borrower Name/).fill('Robin Reyes');
  await officer.getByRole('button', { name: 'Add Access Contact' }).click();
  const access = officer.getByRole('group', { name: 'Contact 1' });
  await access.getByLabel(/^Name/).fill('Pat Access');
  await access.getByLabel(/^E-mail/).fill('pat.access@example.com');
  await access.getByLabel(/^Phone/).fill('512-555-0177');
  await access.getByLabel(/^Notes/).fill('Lockbox on the side gate, code 2468.');
  await officer.getByRole('button', { name: 'Place Order' }).click();
  await expect(officer).toHaveURL(/\/client\/orders\/\d+$/);
  const orderId = Number(new URL(officer.url()).pathname.split('/').pop());
  await officer.context().close();
  return orderId;
}

/** Staff assign the order to demo.appraiser, who accepts it and sends the access contact two windows; answers the link. */
async function offerWindows(browser: Browser, orderId: number): Promise<string> {
  const staff = await newPage(browser, 'demo.staff');
  const appraiser = await newPage(browser, 'demo.appraiser');
  const me = await apiGet<{ securityUserId: number }>(appraiser, '/api/auth/logged-in');
  await apiSend(staff, 'post', `/api/staff/orders/${orderId}/assign`, { appraiserId: me.securityUserId });
  await apiSend(appraiser, 'post', '/api/order-details/accept', { orderId });
  await staff.context().close();

  await appraiser.goto(`/appraiser/orderdetails/${orderId}`);
  await appraiser.getByRole('button', { name: 'Send Scheduling Link' }).click();
  const dialog = await openDialog(appraiser, 'Send Scheduling Link');
  await expect(dialog.getByLabel(/^Contact Name/)).toHaveValue('Pat Access');
  for (const [n, date, start, end] of [
    [1, day(1), '09:00', '10:00'],
    [2, day(2), '13:00', '14:00'],
  ] as const) {
    if (n > 1) await dialog.getByRole('button', { name: 'Add Window' }).click();
    const row = dialog.getByRole('group', { name: `Window ${n}` });
    await row.getByLabel(/^Date/).fill(date);
    await row.getByLabel(/^Start Time/).selectOption(start);
    await row.getByLabel(/^End Time/).selectOption(end);
  }
  const since = mailMarker();
  await submit(dialog, 'Send Link');
  await expectNotice(appraiser, 'Scheduling link sent.');
  await appraiser.context().close();
  const mail = await waitForMail('pat.access@example.com', since, (m) => m.text.includes('/schedule/'));
  return new URL(mail.text.match(/\S+\/schedule\/\S+/)![0]).pathname;
}

/** The contact opens the link, signed in nowhere, and picks the second window; answers its label. */
async function pickWindow(browser: Browser, link: string): Promise<string> {
  const contact = await newPage(browser);
  await contact.goto(link);
  await expect(contact.getByRole('heading', { name: 'Choose a time for the inspection' })).toBeVisible();
  const second = contact.getByRole('radio', { name: /, 1:00pm to 2:00pm$/ });
  await checkBothWidths(contact, (v) => `self-scheduling-contact-${v.name}.png`, { ready: () => contact.getByRole('radio').first() });
  await second.check();
  await contact.getByRole('button', { name: 'Confirm This Time' }).click();
  const booked = contact.getByText(/^Your inspection is booked for /);
  await expect(booked).toBeVisible();
  const label = ((await booked.textContent()) ?? '').replace('Your inspection is booked for ', '').replace(/\.$/, '');
  expect(label).toMatch(/, 1:00pm to 2:00pm$/);
  await contact.context().close();
  return label;
}
