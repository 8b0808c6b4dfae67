import { expect, test } from '@playwright/test';
import { checkBothWidths, day, newPage } from './helpers';

/*
 * The lender's lists and keys: the demo lender's administrator reads its invoices by status with a
 * CSV download that carries the filter, downloads its orders as CSV, and makes an API key that may
 * only read orders and stops on a date; the key list shows both. Axe at 1280 and 390.
 */
test('a lender administrator reads its invoices, downloads CSV and makes a read-only, expiring key', async ({ browser }) => {
  test.setTimeout(120_000);
  const client = await newPage(browser, 'demo.client');

  await client.getByRole('link', { name: 'Invoices' }).first().click();
  await expect(client).toHaveURL(/\/client\/invoices/);
  await expect(client.getByRole('heading', { level: 1, name: 'Invoices' })).toBeVisible();
  await expect(client.getByText(/^Balance due: \$/)).toBeVisible();
  await client
    .locator('label')
    .filter({ hasText: /^Paid$/ })
    .click();
  await expect(client).toHaveURL(/status=paid/);
  await expect(client.getByRole('link', { name: 'Download CSV' })).toHaveAttribute('href', /\/api\/client\/invoices\/export\?format=csv&status=paid/);
  const csv = await client.request.get('/api/client/invoices/export?format=csv');
  expect(csv.status()).toBe(200);
  expect((await csv.text()).split('\r\n')[0]).toBe('Invoice,File Number,Issued,Due,Amount,Credited,Paid,Balance,Status,Days Overdue');
  await client.locator('label').filter({ hasText: /^All$/ }).click();
  await checkBothWidths(client, (v) => `lender-lists-${v.name}-invoices.png`, { ready: () => client.getByText(/^Balance due: \$/) });

  await client.goto('/client/orders?filter=all');
  await expect(client.getByRole('link', { name: 'Download CSV' })).toHaveAttribute('href', /format=csv&filter=all/);
  const orders = await client.request.get('/api/client/orders/export?format=csv&filter=all');
  expect((await orders.text()).startsWith('File Number,Loan Number,Borrower')).toBe(true);

  // A key that may only read orders, until a date.
  await client.goto('/client/api');
  await client.getByRole('button', { name: 'Create Key' }).first().click();
  const dialog = client.getByRole('dialog', { name: 'Create API Key' });
  await dialog.getByLabel('Name').fill('Read-only LOS');
  for (const scope of ['orders:write', 'documents:read', 'documents:write', 'webhooks:manage', 'invoices:read']) {
    await dialog.getByRole('checkbox', { name: scope }).uncheck();
  }
  await dialog.getByLabel('Expires on').fill(day(30));
  await dialog.getByRole('button', { name: 'Create Key' }).click();
  const shown = client.getByRole('dialog', { name: 'Your New API Key' });
  const key = (await shown.getByRole('textbox', { name: 'API key' }).inputValue()).trim();
  expect(key).toMatch(/^apk_/);
  await shown.getByRole('button', { name: 'Done' }).click();
  const placed = await client.request.post('/api/v1/orders', { headers: { Authorization: `Bearer ${key}`, 'Idempotency-Key': 'e2e-scopes' }, data: {} });
  expect(placed.status()).toBe(403);
  expect((await placed.json()).scope).toBe('orders:write');
  const read = await client.request.get('/api/v1/orders', { headers: { Authorization: `Bearer ${key}` } });
  expect(read.status()).toBe(200);
  const row = client.getByRole('row').filter({ hasText: 'Read-only LOS' });
  await expect(row).toContainText('orders:read');
  await expect(row).not.toContainText('orders:write');
  await expect(row).toContainText(day(30).slice(0, 4));
  await checkBothWidths(client, (v) => `lender-lists-${v.name}-keys.png`, { ready: (mobile) => (mobile ? client.getByText('Read-only LOS').first() : row) });

  await client.context().close();
});
