import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations, screenshot, settle, signIn, VIEWPORTS } from './helpers';

/** Signs in and opens Open Quotes. */
async function openQuotes(page: Page, username = 'demo.appraiser') {
  await signIn(page, username);
  await page.goto('/appraiser/quotes');
  await expect(page.getByRole('heading', { level: 1, name: 'Open Quotes' })).toBeVisible();
}

function card(page: Page, address: string) {
  return page.getByRole('article', { name: address });
}

/** Opens a quote from the list by its address and waits for its header. */
async function openQuote(page: Page, address: string) {
  await card(page, address)
    .getByRole('link', { name: /View Request/ })
    .click();
  await expect(page).toHaveURL(/\/appraiser\/quote\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: /^Loan # / })).toBeVisible();
}

function isoInDays(days: number): string {
  const d = new Date(Date.now() + days * 86_400_000);
  return d.toISOString().slice(0, 10);
}

test('open quotes list and a quote with its cards', async ({ page }) => {
  await openQuotes(page);
  const cards = page.getByRole('list', { name: 'Open quotes' }).getByRole('article');
  await expect(cards).toHaveCount(4);
  await expect(page.getByText('4 open quote requests')).toBeVisible();
  // Soonest due first; the request they already responded to is not listed.
  await expect(cards.first()).toContainText('2104 Barton Hills Dr');
  await expect(page.getByText('1200 Lavaca St')).toHaveCount(0);

  await openQuote(page, '2104 Barton Hills Dr');
  await expect(page.getByRole('heading', { level: 1, name: 'Loan # 7700123456' })).toBeVisible();
  await expect(page.getByText(/^Quote ID: \d+$/)).toBeVisible();
  const property = page.getByRole('region', { name: 'Property Information' });
  await expect(property).toContainText('Travis County');
  await expect(property).toContainText('Single Family Residence');
  await expect(property).toContainText('1004 Uniform Residential Appraisal Report');
  const money = page.getByRole('region', { name: 'Financial & Timeline' });
  await expect(money).toContainText('$525.00');
  await expect(money).toContainText(/\d{2}\/\d{2}\/\d{4}/);
  await expect(page.getByRole('region', { name: 'Client Information' })).toContainText('@');
  await expect(page.getByRole('region', { name: 'Location' })).toBeVisible();

  // Back goes to the list.
  await page.getByRole('button', { name: 'Back to Open Quotes' }).click();
  await expect(page).toHaveURL(/\/appraiser\/quotes$/);

  // The request without client or report type shows the fallbacks.
  await openQuote(page, '310 Cypress Creek Rd');
  await expect(page.getByRole('region', { name: 'Property Information' })).toContainText('Not specified');
  await expect(page.getByRole('region', { name: 'Client Information' }).getByText('Not provided')).toHaveCount(4);
});

test('respond to a quote: required fields, then the answer shows and it leaves the list', async ({ page }) => {
  await openQuotes(page);
  await openQuote(page, '915 W 29th St');
  await page.getByRole('button', { name: 'Respond to Quote' }).click();
  const dialog = page.getByRole('dialog', { name: 'Respond to Quote' });
  await expect(dialog).toBeVisible();
  // The offered fee is filled in; clear everything and submit.
  await dialog.getByLabel(/^Appraiser Fee/).fill('');
  await dialog.getByRole('button', { name: 'Submit Response' }).click();
  await expect(dialog.getByText('Please select an estimated delivery date.')).toBeVisible();
  await expect(dialog.getByText('Please enter an appraiser fee.')).toBeVisible();
  await expect(dialog.getByText('Please enter a comment.')).toBeVisible();

  // Only digits and a dot can be typed into the fee.
  await dialog.getByLabel(/^Appraiser Fee/).fill('4x75.5');
  await expect(dialog.getByLabel(/^Appraiser Fee/)).toHaveValue('475.5');
  await dialog.getByLabel(/^Estimated Delivery Date/).fill(isoInDays(5));
  await dialog.getByLabel(/^Comment/).fill('I can inspect on Monday.');
  await dialog.getByRole('button', { name: 'Submit Response' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('You responded to this quote')).toBeVisible();
  await expect(page.getByText(/Appraiser fee \$475\.50/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Respond to Quote' })).toHaveCount(0);

  await page.goto('/appraiser/quotes');
  await expect(page.getByRole('list', { name: 'Open quotes' }).getByRole('article')).toHaveCount(3);
  await expect(card(page, '915 W 29th St')).toHaveCount(0);
});

test('reject a quote: a reason is required, then back to the list without it', async ({ page }) => {
  await openQuotes(page);
  await openQuote(page, '48 Ranch Road 12');
  // Loan number missing: header and card say so.
  await expect(page.getByRole('heading', { level: 1, name: 'Loan # Not provided' })).toBeVisible();
  await page.getByRole('button', { name: 'Reject Quote' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reject Quote' });
  await dialog.getByRole('button', { name: 'Reject Quote' }).click();
  await expect(dialog.getByText('Please enter a reason for rejection.')).toBeVisible();
  // Keyboard only: type the reason and submit with Tab and Enter.
  await dialog.getByLabel(/^Reason for rejection/).fill('Outside my coverage area.');
  await dialog.getByLabel(/^Reason for rejection/).press('Tab');
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Reject Quote' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/appraiser\/quotes$/);
  await expect(card(page, '48 Ranch Road 12')).toHaveCount(0);
});

test('bad, foreign and missing quote ids', async ({ page }) => {
  await signIn(page, 'demo.appraiser');
  await page.goto('/appraiser/quote/abc');
  await expect(page.getByText('Invalid Quote Id')).toBeVisible();

  // A quote that does not exist (or was not sent to them) shows the failure with retry, never data.
  await page.goto('/appraiser/quote/999999');
  await expect(page.getByText('Failed to load quote details')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Try Again' })).toBeVisible();
  await page.getByRole('button', { name: 'Go Back' }).click();
  await expect(page).not.toHaveURL(/999999/);

  await page.goto('/appraiser/quote');
  await expect(page).toHaveURL(/\/appraiser\/quotes$/);
});

test('an appraiser without quote requests sees the empty state', async ({ page }) => {
  await openQuotes(page, 'demo.appraiser2');
  await expect(page.getByText('No open quotes available at this time.')).toBeVisible();
});

for (const vp of VIEWPORTS) {
  test(`quotes ${vp.name} ${vp.width}x${vp.height}: axe clean, no sideways scroll, screenshots`, async ({ page }) => {
    await page.setViewportSize({ width: vp.width, height: vp.height });
    await openQuotes(page);
    await expect(page.getByRole('list', { name: 'Open quotes' }).getByRole('article').first()).toBeVisible();
    await expect(page.getByText('Verification successful')).toBeHidden({ timeout: 10_000 });
    await settle(page);
    expect(Number(await page.evaluate('document.documentElement.scrollWidth'))).toBeLessThanOrEqual(vp.width);
    await expectNoAxeViolations(page);
    await screenshot(page, `quotes-${vp.width}x${vp.height}.png`);

    await openQuote(page, '2104 Barton Hills Dr');
    await settle(page);
    expect(Number(await page.evaluate('document.documentElement.scrollWidth'))).toBeLessThanOrEqual(vp.width);
    await expectNoAxeViolations(page);
    await screenshot(page, `quote-detail-${vp.width}x${vp.height}.png`);

    await page.getByRole('button', { name: 'Respond to Quote' }).click();
    await expect(page.getByRole('dialog', { name: 'Respond to Quote' })).toBeVisible();
    await settle(page);
    await expectNoAxeViolations(page);
    await screenshot(page, `quote-respond-${vp.width}x${vp.height}.png`, false);
  });
}
