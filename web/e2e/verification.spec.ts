import { expect, test, type Page } from '@playwright/test';
import { codeFromMail, demoEmail, expectNoAxeViolations, mailMarker, screenshot, settle, submitLogin, VIEWPORTS } from './helpers';

const STAFF = 'demo.staff';

/** Logs in as staff and waits for Verify Your Identity. */
async function toVerification(page: Page, username = STAFF) {
  await submitLogin(page, username);
  await expect(page).toHaveURL(/\/dual-auth\?/);
  await expect(page.getByRole('heading', { level: 1, name: 'Verify Your Identity' })).toBeVisible();
  const url = new URL(page.url());
  expect(url.searchParams.get('token')).toBeTruthy();
  expect(url.searchParams.get('redirect')).toBe('/dashboard');
}

function notice(page: Page, text: string) {
  return page.locator('.mantine-Notification-root').filter({ hasText: text });
}

for (const vp of VIEWPORTS) {
  test.describe(`${vp.name} ${vp.width}x${vp.height}`, () => {
    test.use({ viewport: { width: vp.width, height: vp.height } });

    test('staff verifies with the code from the e-mail the SMTP server received', async ({ page }) => {
      await toVerification(page);

      // Step 1: the method.
      await expect(page.getByRole('radiogroup', { name: 'How would you like to receive your code?' })).toBeVisible();
      await expect(page.getByRole('radio', { name: 'E-mail' })).toBeChecked();
      await settle(page);
      await expectNoAxeViolations(page);
      await screenshot(page, `verify-method-${vp.width}x${vp.height}.png`);
      await page.getByRole('button', { name: 'Continue' }).click();

      // Step 2: the address; empty is refused.
      const email = page.getByLabel(/^Email address/);
      await expect(email).toBeFocused();
      await page.getByRole('button', { name: 'Send code' }).click();
      await expect(page.getByText('Please enter your email address')).toBeVisible();
      await email.fill(demoEmail(STAFF));
      await settle(page);
      await expectNoAxeViolations(page);
      await screenshot(page, `verify-address-${vp.width}x${vp.height}.png`);
      const since = mailMarker();
      await page.getByRole('button', { name: 'Send code' }).click();
      await expect(notice(page, 'Verification code sent successfully')).toBeVisible();

      // Step 3: the code, read from the SMTP sink.
      const codeField = page.getByLabel(/^Verification code/);
      await expect(codeField).toBeFocused();
      const code = await codeFromMail(demoEmail(STAFF), since);
      expect(code).toMatch(/^\d{6}$/);
      await expect(page.getByRole('button', { name: 'Resend' })).toBeDisabled();
      await settle(page);
      await expectNoAxeViolations(page);
      await screenshot(page, `verify-code-${vp.width}x${vp.height}.png`);

      // Too short, then wrong.
      await codeField.fill('12');
      await page.getByRole('button', { name: 'Verify', exact: true }).click();
      await expect(page.getByText('Please enter a valid 6-digit verification code')).toBeVisible();
      await expectNoAxeViolations(page);
      const wrong = code === '000000' ? '111111' : '000000';
      await codeField.fill(wrong);
      await page.getByRole('button', { name: 'Verify', exact: true }).click();
      await expect(notice(page, 'Verification failed')).toBeVisible();
      await expect(page).toHaveURL(/\/dual-auth\?/);

      // Letters are dropped as they are typed.
      await codeField.fill('');
      await codeField.pressSequentially(`a${code}9`);
      await expect(codeField).toHaveValue(code);
      await page.getByRole('button', { name: 'Verify', exact: true }).click();
      await expect(notice(page, 'Verification successful')).toBeVisible();
      await expect(page).toHaveURL(/\/staff\/dashboard$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Orders Dashboard' })).toBeVisible();
      const me = await page.request.get('/api/auth/logged-in');
      expect(me.status()).toBe(200);
      expect((await me.json()).userType).toBe(2);
    });

    test('phone method: formatting, Back steps and keyboard use', async ({ page }) => {
      await toVerification(page);
      // Keyboard only: arrow to Phone, Enter submits the choice.
      await page.getByRole('radio', { name: 'E-mail' }).focus();
      await page.keyboard.press('ArrowDown');
      await expect(page.getByRole('radio', { name: 'Phone' })).toBeChecked();
      await page.keyboard.press('Enter');

      const phone = page.getByLabel(/^Phone number/);
      await expect(phone).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page.getByText('Please enter your phone number')).toBeVisible();
      await phone.pressSequentially('5125550113');
      await expect(phone).toHaveValue('512-555-0113');
      await phone.pressSequentially('99');
      await expect(phone).toHaveValue('512-555-0113');
      await settle(page);
      await expectNoAxeViolations(page);
      await screenshot(page, `verify-phone-${vp.width}x${vp.height}.png`);

      // Back: address -> method choice, the choice kept.
      await page.getByRole('button', { name: 'Back' }).click();
      await expect(page.getByRole('radio', { name: 'Phone' })).toBeChecked();
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(page.getByLabel(/^Phone number/)).toHaveValue('512-555-0113');

      // Send by SMS (recorded in the demo outbox), then Back: code -> address.
      await page.getByRole('button', { name: 'Send code' }).click();
      await expect(notice(page, 'Verification code sent successfully')).toBeVisible();
      await expect(page.getByLabel(/^Verification code/)).toBeVisible();
      await page.getByRole('button', { name: 'Back' }).click();
      await expect(page.getByLabel(/^Phone number/)).toHaveValue('512-555-0113');
      await page.getByRole('button', { name: 'Back' }).click();
      await expect(page.getByRole('radiogroup', { name: 'How would you like to receive your code?' })).toBeVisible();
    });
  });
}

test('a number that is not on file shows the server message', async ({ page }) => {
  await toVerification(page);
  await page.getByRole('radio', { name: 'Phone' }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel(/^Phone number/).fill('5125550199');
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(notice(page, 'That phone number does not match our records.')).toBeVisible();
  await expect(page.getByLabel(/^Phone number/)).toBeVisible();
});

test('without a token the verification page goes to /login', async ({ page }) => {
  await page.goto('/dual-auth');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await page.goto('/dual-auth?redirect=/staff/dashboard');
  await expect(page).toHaveURL(/\/login$/);
});

test('a made-up token is refused by the server', async ({ page }) => {
  await page.goto('/dual-auth?token=made-up&redirect=/dashboard');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel(/^Email address/).fill(demoEmail(STAFF));
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(notice(page, 'Invalid token')).toBeVisible();
});
