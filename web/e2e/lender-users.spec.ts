import { expect, test } from '@playwright/test';
import { checkBothWidths, expectMenu, expectNotice, mailMarker, mainNav, newPage, openDialog, submit, waitForMail } from './helpers';

/*
 * A lender's administrator keeps its branches and users: demo.client (the demo lender's
 * administrator; the demo data gives the lender the branch Downtown with the loan officer demo.lo and
 * the processor demo.processor) adds the branch Uptown on Branches, then on Users invites a loan
 * officer into it, whose invitation arrives by e-mail. Axe on the Users page at 1280 and 390.
 */
test('a lender administrator adds a branch and invites a loan officer into it', async ({ browser }) => {
  test.setTimeout(120_000);
  const client = await newPage(browser, 'demo.client');
  await expect(client).toHaveURL(/\/client\/orders$/);
  await expectMenu(client, ['Orders', 'New Order', 'Invoices', 'Users', 'Branches', 'API & Webhooks']);

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
});
