import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, demoEmail, expectNoAxeViolations, mailMarker, screenshot, settle, signIn, signInExpectingFailure, VIEWPORTS, waitForMail } from './helpers';

// demo.appraiser2 is the only user whose password this file changes; it is set back to the demo
// password at the end, so specs that run later still sign in with DEMO_PASSWORD.
const USER = 'demo.appraiser2';
const NEW_PASSWORD = 'Renewed!Password2027';

const LINK = /(https?:\/\/\S+?\/perform-reset-password\?token=[A-Za-z0-9_\-.~%]+)/;

/** Asks for a reset link on the page and returns the link from the e-mail the SMTP sink received. */
async function requestResetLink(page: Page, username: string): Promise<string> {
  await page.goto('/reset-password');
  await expect(page.getByRole('heading', { level: 1, name: 'Reset Password' })).toBeVisible();
  await page.getByLabel(/^Username/).fill(username);
  const since = mailMarker();
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status').getByText('Check your email for a reset link')).toBeVisible();
  const mail = await waitForMail(demoEmail(username), since, (m) => LINK.test(m.text));
  expect(mail.subject).toBe('Reset your Appraisal Portal password');
  return LINK.exec(mail.text)![1]!;
}

function rule(page: Page, id: string) {
  return page.locator(`[data-rule="${id}"]`);
}

for (const vp of VIEWPORTS) {
  test.describe(`${vp.name} ${vp.width}x${vp.height}`, () => {
    test.use({ viewport: { width: vp.width, height: vp.height } });

    test('reset pages: no axe violations, screenshots', async ({ page }) => {
      await page.goto('/reset-password');
      await expect(page.getByRole('heading', { level: 1, name: 'Reset Password' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Sign Up' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');
      await settle(page);
      await expectNoAxeViolations(page);
      await screenshot(page, `reset-request-${vp.width}x${vp.height}.png`);

      // Username is required (checked before any call).
      await page.getByRole('button', { name: 'Send reset link' }).click();
      await expect(page.getByText('Username is required')).toBeVisible();
      await expectNoAxeViolations(page);

      // A made-up token: the form shows, the server would refuse it.
      await page.goto('/perform-reset-password?token=not-a-real-token');
      await expect(page.getByRole('heading', { level: 1, name: 'Create New Password' })).toBeVisible();
      await page.getByLabel(/^New Password/).fill('short');
      await page.getByLabel(/^Confirm Password/).fill('shorter');
      await expect(page.getByText('Passwords do not match')).toBeVisible();
      await settle(page);
      await expectNoAxeViolations(page);
      await screenshot(page, `new-password-${vp.width}x${vp.height}.png`);
    });
  });
}

test('a missing reset token sends the user to Reset Password with the notice', async ({ page }) => {
  await page.goto('/perform-reset-password');
  await expect(page).toHaveURL(/\/reset-password$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Reset Password' })).toBeVisible();
  await expect(page.getByText('Invalid or missing reset token, resend email link or contact I.T.')).toBeVisible();
});

test('reset by e-mailed link, then sign in with the new password', async ({ page }) => {
  test.setTimeout(90_000);
  const link = await requestResetLink(page, USER);
  expect(link.startsWith(new URL(page.url()).origin + '/perform-reset-password?token=')).toBe(true);

  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Create New Password' })).toBeVisible();
  const submit = page.getByRole('button', { name: 'Reset Password' });
  await expect(submit).toBeDisabled();
  for (const id of ['length', 'lowercase', 'uppercase', 'digit', 'special']) {
    await expect(rule(page, id)).toHaveAttribute('data-met', 'false');
  }
  await expect(rule(page, 'length')).toContainText('At least 16 characters');

  await page.getByLabel(/^Username/).fill(USER);
  await page.getByLabel(/^New Password/).fill('renewed');
  await expect(rule(page, 'lowercase')).toHaveAttribute('data-met', 'true');
  await expect(rule(page, 'uppercase')).toHaveAttribute('data-met', 'false');
  await page.getByLabel(/^New Password/).fill(NEW_PASSWORD);
  for (const id of ['length', 'lowercase', 'uppercase', 'digit', 'special']) {
    await expect(rule(page, id)).toHaveAttribute('data-met', 'true');
  }
  await page.getByLabel(/^Confirm Password/).fill(`${NEW_PASSWORD}x`);
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await expect(submit).toBeDisabled();

  // Show/hide toggles.
  await expect(page.getByLabel(/^New Password/)).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'Show new password' }).click();
  await expect(page.getByLabel(/^New Password/)).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Hide new password' }).click();

  await page.getByLabel(/^Confirm Password/).fill(NEW_PASSWORD);
  await expect(page.getByText('Passwords do not match')).toBeHidden();
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(page.getByText('Password reset successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/, { timeout: 5_000 });

  // The link works once.
  await page.goto(link);
  await page.getByLabel(/^Username/).fill(USER);
  await page.getByLabel(/^New Password/).fill(NEW_PASSWORD);
  await page.getByLabel(/^Confirm Password/).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Password Reset failed' }).first()).toBeVisible();
  await expect(page).toHaveURL(/\/perform-reset-password\?token=/);

  // The old password no longer works; the new one does (through verification).
  await signInExpectingFailure(page, USER, DEMO_PASSWORD);
  await signIn(page, USER, NEW_PASSWORD);
  await expect(page).toHaveURL(/\/appraiser\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Orders Dashboard' })).toBeVisible();
});

test.afterAll(async ({ browser }) => {
  // Put demo.appraiser2's demo password back through the same reset flow (calls only).
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    const since = mailMarker();
    const asked = await page.request.post('/api/auth/reset-password', { data: { username: USER } });
    expect(asked.ok()).toBe(true);
    const mail = await waitForMail(demoEmail(USER), since, (m) => LINK.test(m.text));
    const token = new URL(LINK.exec(mail.text)![1]!).searchParams.get('token');
    const done = await page.request.post('/api/auth/perform-reset-password', {
      data: { token, username: USER, password: DEMO_PASSWORD },
    });
    expect(done.status(), await done.text()).toBe(200);
  } finally {
    await context.close();
  }
});
