import { expect, test } from '@playwright/test';
import { newPage, openAction, signIn, submit } from './helpers';

/*
 * Live updates with two browsers: staff send a message on an order, and the appraiser's open
 * dashboard shows it (the row's unread badge) without a reload.
 */
test('a message staff send appears on the appraiser dashboard without a reload', async ({ browser }) => {
  const a = await newPage(browser);
  const s = await newPage(browser);
  await signIn(a, 'demo.appraiser');
  await expect(a).toHaveURL(/\/appraiser\/dashboard/);
  const rows = a.getByRole('table', { name: 'Orders' }).locator('tbody tr');
  const link = rows.first().getByRole('link').first();
  await expect(link).toBeVisible();
  const fileNumber = (await link.textContent())!.trim();
  const id = Number((await link.getAttribute('href'))!.split('/').pop());
  const row = rows.filter({ hasText: fileNumber });
  const badge = row.getByRole('img', { name: /unread message/ });
  const before = (await badge.count()) > 0 ? Number(await badge.textContent()) : 0;
  const after = before + 1;

  await signIn(s, 'demo.staff');
  await s.goto(`/staff/orderdetails/${id}`);
  await expect(s.getByRole('heading', { level: 1, name: `Order #${fileNumber}` })).toBeVisible();
  const dialog = await openAction(s, 'Send Message');
  await dialog.getByLabel('Message').fill('Live update: please call the borrower today.');
  await submit(dialog, 'Send Message');
  await expect(dialog).toHaveCount(0);

  // No reload on the appraiser's side: the event stream refreshes the row.
  await expect(row.getByRole('img', { name: `${after} unread ${after === 1 ? 'message' : 'messages'}` })).toBeVisible();
  await Promise.all([a, s].map((page) => page.context().close()));
});
