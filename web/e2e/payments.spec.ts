import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations, screenshot, settle, signIn, VIEWPORTS } from './helpers';

const PROMPT = 'Please Update Payment Information';
const EPP_TAB = 'Stewart Enterprise Payments (EPP)';

async function openPayments(page: Page, path = '/appraiser/payments', username = 'demo.appraiser') {
  await signIn(page, username);
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Information' })).toBeVisible();
}

function field(page: Page, label: string) {
  return page.getByRole('textbox', { name: label, exact: true });
}

test('payment history: notice, table, an empty search and the end date minimum', async ({ page }) => {
  await openPayments(page);
  await expect(page.getByRole('tab', { name: 'Payment History' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText(/\$4 Technology Fee/)).toBeVisible();
  const table = page.getByRole('table', { name: 'Payments' });
  for (const name of ['File #', 'Address', 'Payment Amount', 'Payment Date', 'Borrower']) {
    await expect(table.getByRole('columnheader', { name })).toBeVisible();
  }
  await expect(table.locator('tbody tr').first()).toContainText(/\$\d{3}\.\d{2}/);
  expect(await table.locator('tbody tr').count()).toBeGreaterThan(5);

  const start = page.getByLabel('Start Date');
  const end = page.getByLabel('End Date');
  await start.fill('2020-01-01');
  await expect(end).toHaveAttribute('min', '2020-01-01');
  await end.fill('2020-03-31');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('No payments found')).toBeVisible();
  await expect(table).toHaveCount(0);

  // The tab slug picks the tab case-insensitively and falls back to the first one.
  await page.goto('/appraiser/payments/EPP');
  await expect(page.getByRole('tab', { name: EPP_TAB })).toHaveAttribute('aria-selected', 'true');
  await page.goto('/appraiser/payments/no-such-tab');
  await expect(page.getByRole('tab', { name: 'Payment History' })).toHaveAttribute('aria-selected', 'true');
  // Choosing a tab puts its slug in the address.
  await page.getByRole('tab', { name: EPP_TAB }).click();
  await expect(page).toHaveURL(/\/appraiser\/payments\/epp$/);
});

test('not ready for onboarding: the button is disabled and the fields read N/A', async ({ page }) => {
  await openPayments(page, '/appraiser/payments/epp', 'demo.appraiser2');
  const button = page.getByRole('button', { name: 'Onboard to EPP' });
  await expect(button).toBeDisabled();
  for (const label of ['Company Name', 'Vendor Name', 'Payments Status']) {
    await expect(field(page, label)).toHaveValue('N/A');
  }
  await expect(page.getByText('W9 Address')).toHaveCount(0);
  await page.getByRole('tab', { name: 'Payment History' }).click();
  await expect(page.getByText('No payments found')).toBeVisible();
  // No prompt on their dashboard.
  await page.goto('/appraiser/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Orders Dashboard' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('dialog', { name: PROMPT })).toHaveCount(0);
});

test('the secret administrator, who has no appraiser record, sees Appraiser Not Found', async ({ page }) => {
  await openPayments(page, '/appraiser/payments', 'demo.secret');
  await expect(page.getByText('Appraiser Not Found - The requested appraiser could not be found.')).toBeVisible();
});

for (const vp of VIEWPORTS) {
  test(`payments ${vp.name} ${vp.width}x${vp.height}: axe clean, no sideways scroll, screenshots`, async ({ page }) => {
    await page.setViewportSize({ width: vp.width, height: vp.height });
    await openPayments(page);
    if (vp.width < 600) {
      await expect(page.getByRole('list', { name: 'Payments' }).getByRole('article').first()).toBeVisible();
    } else {
      await expect(page.getByRole('table', { name: 'Payments' })).toBeVisible();
    }
    await expect(page.getByText('Verification successful')).toBeHidden({ timeout: 10_000 });
    await settle(page);
    expect(Number(await page.evaluate('document.documentElement.scrollWidth'))).toBeLessThanOrEqual(vp.width);
    await expectNoAxeViolations(page);
    await screenshot(page, `payments-${vp.width}x${vp.height}.png`);

    await page.getByRole('tab', { name: EPP_TAB }).click();
    await expect(page.getByRole('button', { name: 'Onboard to EPP' })).toBeEnabled();
    await settle(page);
    expect(Number(await page.evaluate('document.documentElement.scrollWidth'))).toBeLessThanOrEqual(vp.width);
    await expectNoAxeViolations(page);
    await screenshot(page, `payments-epp-${vp.width}x${vp.height}.png`);
  });
}

test('the dashboard prompt leads to EPP onboarding through the sandbox, then stops appearing', async ({ page, browser }) => {
  await signIn(page, 'demo.appraiser', undefined, { paymentPrompt: true });
  await expect(page).toHaveURL(/\/appraiser\/dashboard$/);
  const prompt = page.getByRole('dialog', { name: PROMPT });
  await expect(prompt).toBeVisible();
  await settle(page);
  await expectNoAxeViolations(page);
  await screenshot(page, 'payments-prompt-1280x800.png', false);
  await prompt.getByRole('button', { name: 'Update Payment Information' }).click();
  await expect(page).toHaveURL(/\/appraiser\/payments\/epp$/);
  await expect(page.getByRole('tab', { name: EPP_TAB })).toHaveAttribute('aria-selected', 'true');
  await expect(field(page, 'Company Name')).toHaveValue('N/A');

  // While the token is fetched the button reads connecting... and is disabled.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/onboard-token', async (route) => {
    await held;
    await route.continue();
  });
  const popupPromise = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Onboard to EPP' }).click();
  await expect(page.getByRole('button', { name: 'connecting...' })).toBeDisabled();
  release();
  const popup = await popupPromise;
  await expect(popup.getByRole('heading', { level: 1, name: 'Complete EPP onboarding' })).toBeVisible();
  await expectNoAxeViolations(popup);
  await popup.getByLabel(/^Company Name/).fill('Avery Appraisals LLC');
  await popup.getByRole('button', { name: 'Complete onboarding' }).click();
  await expect(popup.getByText(/Onboarding complete/).first()).toBeVisible();
  await popup.close();

  // Back on the portal tab: the EPP details show.
  await page.bringToFront();
  await page.evaluate("window.dispatchEvent(new Event('focus'))");
  await expect(field(page, 'Company Name')).toHaveValue('Avery Appraisals LLC');
  await expect(field(page, 'Payments Status')).toHaveValue('Active');
  await expect(page.getByRole('button', { name: 'Onboard to EPP' })).toHaveCount(0);
  await expect(page.getByText('W9 Address')).toBeVisible();
  await expect(field(page, 'Zip Code')).toHaveValue('78701');
  const profile = page.getByRole('link', { name: /View EPP Profile/ });
  await expect(profile).toHaveAttribute('target', '_blank');
  const profilePopup = page.waitForEvent('popup');
  await profile.click();
  const profilePage = await profilePopup;
  await expect(profilePage.getByText('Avery Appraisals LLC')).toBeVisible();
  await profilePage.close();

  // A new sign-in: the dashboard no longer asks.
  const fresh = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const again = await fresh.newPage();
  await signIn(again, 'demo.appraiser', undefined, { paymentPrompt: true });
  await expect(again.getByRole('heading', { level: 1, name: 'Orders Dashboard' })).toBeVisible();
  await again.waitForLoadState('networkidle');
  await expect(again.getByRole('dialog', { name: PROMPT })).toHaveCount(0);
  await fresh.close();
});
