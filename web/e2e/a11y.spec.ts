import { expect, test } from '@playwright/test';
import { expectMenu, expectNoAxeViolations, mainNav, screenshot, settle, signIn, VIEWPORTS } from './helpers';
import { APPRAISER_MENU } from '../src/test/expected';

for (const vp of VIEWPORTS) {
  test.describe(`${vp.name} ${vp.width}x${vp.height}`, () => {
    test.use({ viewport: { width: vp.width, height: vp.height } });

    test('login page: no axe violations, screenshot', async ({ page }) => {
      await page.goto('/login');
      await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Sign Up' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Forgot your password?' })).toBeVisible();
      await settle(page);
      await expectNoAxeViolations(page);
      await screenshot(page, `login-${vp.width}x${vp.height}.png`);
    });

    test('signed-in shell: no axe violations, screenshot', async ({ page }) => {
      await signIn(page, 'demo.appraiser');
      await expect(page).toHaveURL(/\/appraiser\/dashboard$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Orders Dashboard' })).toBeVisible();
      await expect(page.getByRole('banner')).toBeVisible();
      await expect(page.getByRole('main')).toBeVisible();
      await expect(page.getByRole('contentinfo')).toBeVisible();
      if (vp.name === 'mobile') {
        await expect(mainNav(page)).toBeHidden();
        await page.getByRole('button', { name: 'Open navigation' }).click();
        await expect(mainNav(page)).toBeVisible();
        await expectMenu(page, APPRAISER_MENU);
        await settle(page);
        await expectNoAxeViolations(page);
        await screenshot(page, `shell-menu-${vp.width}x${vp.height}.png`, false);
        await page.getByRole('button', { name: 'Close navigation' }).click();
        await expect(mainNav(page)).toBeHidden();
      } else {
        await expectMenu(page, APPRAISER_MENU);
      }
      // Let the sign-in (verification) notice close so the screenshot shows the plain shell.
      await expect(page.getByText('Verification successful')).toBeHidden({ timeout: 10_000 });
      await settle(page);
      await expectNoAxeViolations(page);
      await screenshot(page, `shell-${vp.width}x${vp.height}.png`);
    });
  });
}
