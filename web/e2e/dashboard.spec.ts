import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoAxeViolations, screenshot, settle, signIn } from './helpers';

const DASHBOARD = '/appraiser/dashboard';

function table(page: Page): Locator {
  return page.getByRole('table', { name: 'Orders' });
}

function rows(page: Page): Locator {
  return table(page).locator('tbody tr');
}

/** The file number of the first row. */
function firstFile(page: Page): Locator {
  return rows(page).first().getByRole('link').first();
}

/** The file numbers of the rows shown, top to bottom. */
async function fileNumbers(page: Page): Promise<string[]> {
  return rows(page).locator('td:first-child a').allTextContents();
}

/** Whether the rows are in file-number order (text order, as the server sorts the column). */
async function sortedByFile(page: Page, direction: 'asc' | 'desc'): Promise<boolean> {
  const files = await fileNumbers(page);
  const sorted = [...files].sort();
  if (direction === 'desc') sorted.reverse();
  return files.length > 1 && files.join() === sorted.join();
}

function header(page: Page, name: string): Locator {
  return page.getByRole('columnheader', { name });
}

function summary(page: Page): Locator {
  return page.getByText(/^Showing \d+ - \d+ of \d+ results$/);
}

async function totalResults(page: Page): Promise<number> {
  const text = (await summary(page).textContent()) ?? '';
  return Number(/of (\d+) results/.exec(text)?.[1] ?? NaN);
}

/** Signs in as demo.appraiser and waits for the first page of orders. */
async function openDashboard(page: Page, search = ''): Promise<void> {
  await signIn(page, 'demo.appraiser');
  await expect(page).toHaveURL(/\/appraiser\/dashboard/);
  if (search) await page.goto(`${DASHBOARD}${search}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Orders Dashboard' })).toBeVisible();
  await expect(summary(page)).toBeVisible();
}

test.describe('orders dashboard, desktop 1280x800', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('shows the columns, unread badge, attention and overdue markers', async ({ page }) => {
    await openDashboard(page, '?limit=100');
    for (const name of ['File #', 'Status', 'Assigned', 'Inspected', 'Due Date', 'Property', 'Borrower', 'Appraiser']) {
      await expect(header(page, name).getByRole('button', { name })).toBeVisible();
    }
    await expect(page.getByRole('img', { name: '2 unread messages' }).first()).toBeVisible();
    await expect(page.getByRole('img', { name: '3 unread messages' }).first()).toBeVisible();
    const overdue = table(page).locator('[data-overdue="true"]').first();
    await expect(overdue).toBeVisible();
    await expect(overdue).toContainText('Past due');
    await expect(overdue).toContainText(/\d{2}\/\d{2}\/\d{4}/);
    await expect(table(page).locator('[data-attention="order overdue"]').first()).toBeVisible();
    await expect(
      table(page)
        .getByText(/^\d{2}\/\d{2}\/\d{4}$/)
        .first(),
    ).toBeVisible();
  });

  test('a header cycles the sort: ascending, descending, none', async ({ page }) => {
    await openDashboard(page);
    const initial = (await firstFile(page).textContent())!;
    const fileHeader = header(page, 'File #');
    await expect(fileHeader).toHaveAttribute('aria-sort', 'none');

    await fileHeader.getByRole('button').click();
    await expect(fileHeader).toHaveAttribute('aria-sort', 'ascending');
    await expect(page).toHaveURL(/sort=usaFileNumber&dir=asc/);
    await expect.poll(() => sortedByFile(page, 'asc')).toBe(true);

    await fileHeader.getByRole('button').click();
    await expect(fileHeader).toHaveAttribute('aria-sort', 'descending');
    await expect(page).toHaveURL(/sort=usaFileNumber&dir=desc/);
    await expect.poll(() => sortedByFile(page, 'desc')).toBe(true);

    await fileHeader.getByRole('button').click();
    await expect(fileHeader).toHaveAttribute('aria-sort', 'none');
    await expect(page).not.toHaveURL(/sort=/);
    await expect(firstFile(page)).toHaveText(initial);
  });

  test('filter by a borrower fragment, then Clear (n)', async ({ page }) => {
    await openDashboard(page);
    const borrower = (await rows(page).first().locator('td').nth(6).textContent())!.trim();
    const fragment = borrower.split(' ').at(-1)!.slice(0, 4).toLowerCase();

    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Filter Orders' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Borrower Name').fill(fragment);
    await dialog.getByRole('button', { name: 'Search' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`borrowerName=${fragment}`));
    await expect(page.getByRole('button', { name: 'Clear (1)' })).toBeVisible();
    const count = await rows(page).count();
    expect(count).toBeGreaterThan(0);
    for (let i = 0; i < count; i++) {
      await expect(rows(page).nth(i).locator('td').nth(6)).toContainText(new RegExp(fragment, 'i'));
    }
    const filtered = await totalResults(page);

    await page.getByRole('button', { name: 'Clear (1)' }).click();
    await expect(page.getByRole('button', { name: /^Clear \(/ })).toBeHidden();
    await expect(page).toHaveURL(/status=0/);
    await expect(page).not.toHaveURL(/borrowerName=/);
    await expect.poll(() => totalResults(page)).toBeGreaterThan(filtered);
  });

  test('paging: next page changes the rows, rows per page changes the size', async ({ page }) => {
    await openDashboard(page);
    await expect(summary(page)).toHaveText(/^Showing 1 - 25 of \d+ results$/);
    await expect(rows(page)).toHaveCount(25);
    const first = (await firstFile(page).textContent())!;
    const nav = page.getByRole('navigation', { name: 'Orders pages' });
    await expect(nav.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');

    await nav.getByRole('button', { name: 'Next page' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(summary(page)).toHaveText(/^Showing 26 - \d+ of \d+ results$/);
    await expect(firstFile(page)).not.toHaveText(first);
    await expect(nav.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');

    await nav.getByLabel('Rows per page').selectOption('10');
    await expect(page).toHaveURL(/limit=10/);
    await expect(page).not.toHaveURL(/page=2/);
    await expect(summary(page)).toHaveText(/^Showing 1 - 10 of \d+ results$/);
    await expect(rows(page)).toHaveCount(10);
    await expect(nav.getByRole('button', { name: 'Last page' })).toBeEnabled();
    await nav.getByRole('button', { name: 'Last page' }).click();
    await expect(nav.getByRole('button', { name: 'Next page' })).toBeDisabled();
  });

  test('a reload keeps the URL state', async ({ page }) => {
    await openDashboard(page, '?sort=borrowerName&dir=desc&limit=10&page=2');
    const nav = page.getByRole('navigation', { name: 'Orders pages' });
    await expect(header(page, 'Borrower')).toHaveAttribute('aria-sort', 'descending');
    await expect(nav.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    const first = (await firstFile(page).textContent())!;
    await page.reload();
    await expect(summary(page)).toHaveText(/^Showing 11 - 20 of \d+ results$/);
    await expect(header(page, 'Borrower')).toHaveAttribute('aria-sort', 'descending');
    await expect(nav.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByLabel('Rows per page')).toHaveValue('10');
    await expect(firstFile(page)).toHaveText(first);
  });

  test('a row click and Enter on a row open the order details', async ({ page }) => {
    await openDashboard(page);
    const row = rows(page).nth(1);
    const id = await row.getAttribute('data-order-id');
    await row.locator('td').nth(6).click();
    await expect(page).toHaveURL(new RegExp(`/appraiser/orderdetails/${id}$`));
    await page.goBack();
    await expect(summary(page)).toBeVisible();
    const again = rows(page).first();
    const id2 = await again.getAttribute('data-order-id');
    await again.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/appraiser/orderdetails/${id2}$`));
  });

  test('axe clean on the dashboard and the open Filter modal; screenshots', async ({ page }) => {
    // Every status and attention badge on one page.
    await openDashboard(page, '?limit=100&status=0');
    await expect(page.getByText('Verification successful')).toBeHidden({ timeout: 10_000 });
    await settle(page);
    await expectNoAxeViolations(page);
    await page.goto(DASHBOARD);
    await expect(summary(page)).toBeVisible();
    await settle(page);
    await screenshot(page, 'dashboard-1280x800.png');

    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Filter Orders' });
    await expect(dialog.getByLabel('Status')).toHaveValue('Open');
    await settle(page);
    await expectNoAxeViolations(page);
    await screenshot(page, 'dashboard-filter-1280x800.png', false);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  });

  test('demo.staff sees the orders table with more results than the appraiser', async ({ page, browser }) => {
    await openDashboard(page);
    const appraiserTotal = await totalResults(page);

    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const staff = await context.newPage();
    await signIn(staff, 'demo.staff');
    await expect(staff).toHaveURL(/\/staff\/dashboard/);
    await expect(staff.getByRole('heading', { level: 1, name: 'Orders Dashboard' })).toBeVisible();
    await expect(table(staff)).toBeVisible();
    await expect(summary(staff)).toBeVisible();
    expect(await totalResults(staff)).toBeGreaterThan(appraiserTotal);
    await context.close();
  });
});

test.describe('orders dashboard, mobile 390x844', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('cards expand to show Appraiser, Assigned and Inspected; axe clean; screenshot', async ({ page }) => {
    await openDashboard(page);
    await expect(table(page)).toHaveCount(0);
    const cards = page.getByRole('list', { name: 'Orders' }).getByRole('listitem');
    await expect(cards.first()).toBeVisible();
    await expect(page.getByText(/^Page 1 of \d+$/)).toBeVisible();

    const card = cards.first();
    const toggle = card.getByRole('button', { name: /^Show details/ });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(card.getByText('Appraiser', { exact: true })).toBeHidden();
    await toggle.click();
    await expect(card.getByRole('button', { name: /^Hide details/ })).toHaveAttribute('aria-expanded', 'true');
    await expect(card.getByText('Appraiser', { exact: true })).toBeVisible();
    await expect(card.getByText('Assigned', { exact: true })).toBeVisible();
    await expect(card.getByText('Inspected', { exact: true })).toBeVisible();

    // Let the sign-in notices close so the screenshot shows the cards.
    await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 15_000 });
    await settle(page);
    await expectNoAxeViolations(page);
    await screenshot(page, 'dashboard-390x844.png', false);

    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Filter Orders' })).toBeVisible();
    await settle(page);
    await expectNoAxeViolations(page);
  });
});
