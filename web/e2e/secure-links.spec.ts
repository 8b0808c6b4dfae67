import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations, screenshot, settle, signIn, VIEWPORTS } from './helpers';

interface Link {
  id: number;
  subject: string;
  viewDateTime: string | null;
  attachments: { fileName: string }[];
}

async function openLinks(page: Page, username = 'demo.appraiser') {
  await signIn(page, username);
  await page.goto('/appraiser/secure-links');
  await expect(page.getByRole('heading', { level: 1, name: 'Secure Links' })).toBeVisible();
}

async function links(page: Page): Promise<Link[]> {
  const res = await page.request.get('/api/appraiser/secure-links');
  expect(res.ok()).toBe(true);
  return (await res.json()) as Link[];
}

test('the list, opening the unread link marks it viewed once', async ({ page }) => {
  await openLinks(page);
  const table = page.getByRole('table', { name: 'Secure links' });
  await expect(table.locator('tbody tr')).toHaveCount(4);
  await expect(table.getByText('Unread')).toHaveCount(1);
  const unread = (await links(page)).find((l) => !l.viewDateTime)!;
  expect(unread.subject).toBe('Updated purchase contract');

  await page.getByRole('button', { name: `View ${unread.subject}` }).click();
  await expect(page).toHaveURL(new RegExp(`/appraiser/secure-links/${unread.id}$`));
  const dialog = page.getByRole('dialog', { name: 'Secure Link Details' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading', { name: unread.subject })).toBeVisible();
  await expect(dialog.getByTestId('secure-link-message')).toContainText('amended purchase contract');
  await expect(dialog.getByRole('button', { name: 'Download Amended purchase contract.pdf' })).toBeVisible();
  await expect(dialog.getByText('Not yet')).toHaveCount(0);

  // The server recorded the first open; the list shows it without a reload.
  const after = (await links(page)).find((l) => l.id === unread.id)!;
  expect(after.viewDateTime).not.toBeNull();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/appraiser\/secure-links$/);
  await expect(table.getByText('Unread')).toHaveCount(0);

  // Opening it again keeps the first view time.
  await page.getByRole('button', { name: `View ${unread.subject}` }).click();
  await expect(dialog).toBeVisible();
  expect((await links(page)).find((l) => l.id === unread.id)!.viewDateTime).toBe(after.viewDateTime);

  // Refresh reloads the list.
  await page.keyboard.press('Escape');
  const reload = page.waitForResponse((r) => r.url().endsWith('/api/appraiser/secure-links') && r.request().method() === 'GET');
  await page.getByRole('button', { name: 'Refresh' }).click();
  expect((await reload).ok()).toBe(true);
});

test('a link opens by URL and its attachment downloads', async ({ page }) => {
  await signIn(page, 'demo.appraiser');
  const withFiles = (await links(page)).find((l) => l.attachments.length === 2)!;
  await page.goto(`/appraiser/secure-links/${withFiles.id}`);
  const dialog = page.getByRole('dialog', { name: 'Secure Link Details' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading', { name: withFiles.subject })).toBeVisible();
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download Plat map.txt' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('Plat map.txt');

  await page.goto('/appraiser/secure-links/999999');
  await expect(page.getByRole('dialog', { name: 'Secure Link Details' }).getByText('Secure link not found')).toBeVisible();
});

test('an appraiser without secure links sees the empty state', async ({ page }) => {
  await openLinks(page, 'demo.appraiser2');
  await expect(page.getByText('No secure links found.')).toBeVisible();
});

test('a failed load says so', async ({ page }) => {
  await signIn(page, 'demo.appraiser');
  await page.route('**/api/appraiser/secure-links', (route) => route.fulfill({ status: 500, json: { message: 'boom' } }));
  await page.goto('/appraiser/secure-links');
  await expect(page.getByText('Failed to load secure links.')).toBeVisible();
});

for (const vp of VIEWPORTS) {
  test(`secure links ${vp.name} ${vp.width}x${vp.height}: axe clean, screenshots`, async ({ page }) => {
    await page.setViewportSize({ width: vp.width, height: vp.height });
    await openLinks(page);
    if (vp.width < 600) {
      await expect(page.getByRole('list', { name: 'Secure links' }).getByRole('article')).toHaveCount(4);
    } else {
      await expect(page.getByRole('table', { name: 'Secure links' })).toBeVisible();
    }
    await expect(page.getByText('Verification successful')).toBeHidden({ timeout: 10_000 });
    await settle(page);
    expect(Number(await page.evaluate('document.documentElement.scrollWidth'))).toBeLessThanOrEqual(vp.width);
    await expectNoAxeViolations(page);
    await screenshot(page, `secure-links-${vp.width}x${vp.height}.png`);

    const withFiles = (await links(page)).find((l) => l.attachments.length === 2)!;
    await page.getByRole('button', { name: `View ${withFiles.subject}` }).click();
    await expect(page.getByRole('dialog', { name: 'Secure Link Details' })).toBeVisible();
    await settle(page);
    await expectNoAxeViolations(page);
    await screenshot(page, `secure-link-dialog-${vp.width}x${vp.height}.png`, false);
  });
}
