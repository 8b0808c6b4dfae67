import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations, screenshot, settle, signIn } from './helpers';

async function openAppraisers(page: Page) {
  await signIn(page, 'demo.admin');
  await expect(page).toHaveURL(/\/appraiser\/dashboard$/);
  await page.goto('/appraiser-admin/appraisers');
  await expect(page.getByRole('heading', { level: 1, name: 'Appraisers' })).toBeVisible();
}

test('appraiser admin lists, searches and opens the firm appraisers', async ({ page }) => {
  await openAppraisers(page);
  const cards = page.getByRole('article');
  await expect(cards).toHaveCount(2);
  await expect(page.getByText('2 appraisers found')).toBeVisible();
  await expect(page.getByText('FHA Certified', { exact: true })).toHaveCount(1);
  await expect(page.getByText(/To remove an appraiser/)).toBeVisible();

  const search = page.getByRole('searchbox', { name: /Search appraisers/ });
  await search.fill('  APPRAISER2@appraisalportal ');
  await expect(cards).toHaveCount(1);
  await expect(page.getByText('1 appraiser found')).toBeVisible();
  await expect(cards.first()).toContainText('demo.appraiser2@appraisalportal.example');

  await search.fill('no-such-appraiser-xyz');
  await expect(page.getByText('No appraisers match your filters')).toBeVisible();
  await expect(cards).toHaveCount(0);

  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(cards).toHaveCount(2);
  await expect(search).toHaveValue('');

  // Keyboard: the search box is reachable and View Profile works from the keyboard too.
  const first = cards.first();
  const profileLink = first.getByRole('link', { name: /View Profile/ });
  const href = await profileLink.getAttribute('href');
  expect(href).toMatch(/^\/appraiser\/profile\/\d+$/);
  await profileLink.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Profile Settings' })).toBeVisible();
});

for (const vp of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`appraisers page ${vp.width}x${vp.height}: axe clean, one column on phones, screenshot`, async ({ page }) => {
    await page.setViewportSize(vp);
    await openAppraisers(page);
    const cards = page.getByRole('article');
    await expect(cards).toHaveCount(2);
    const [a, b] = [await cards.nth(0).boundingBox(), await cards.nth(1).boundingBox()];
    if (vp.width < 600) {
      // Stacked: the second card is below the first.
      expect(b!.y).toBeGreaterThan(a!.y + a!.height - 1);
    } else {
      expect(Math.abs(b!.y - a!.y)).toBeLessThan(2);
    }
    const scrollWidth = Number(await page.evaluate('document.documentElement.scrollWidth'));
    expect(scrollWidth).toBeLessThanOrEqual(vp.width);
    await expect(page.getByText('Verification successful')).toBeHidden({ timeout: 10_000 });
    await settle(page);
    await expectNoAxeViolations(page);
    await screenshot(page, `appraisers-${vp.width}x${vp.height}.png`);
  });
}
