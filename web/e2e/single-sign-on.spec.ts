import { expect, test } from '@playwright/test';
import { demoEmail, expectNoAxeViolations, refuseOtherHosts, screenshot, signInWithIdentityProvider } from './helpers';

/*
 * Single sign-on against a real OpenID Provider (npm's certified `oidc-provider`, started beside
 * the portal by e2e/start-server.mjs as "Test Identity"). Its development sign-in form takes any
 * password; the login is the e-mail address it vouches for.
 */
test('single sign-on: staff come in through the identity provider, a stranger is told why not', async ({ page }) => {
  await refuseOtherHosts(page);
  await page.goto('/login');
  await expect(page.getByRole('link', { name: 'Sign in with Test Identity' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'sso-login-mobile.png');
  await page.setViewportSize({ width: 1280, height: 800 });

  // No verification code: the provider's sign-in counts.
  await signInWithIdentityProvider(page, demoEmail('demo.staff'));
  await page.waitForURL((u) => u.hostname === '127.0.0.1' && !u.pathname.startsWith('/login') && !u.pathname.startsWith('/api/'));
  const me = await page.request.get('/api/auth/logged-in');
  expect(me.status()).toBe(200);
  expect(await me.json()).toMatchObject({ userType: 2, firstName: 'Dana', lastName: 'Staff' }); // STAFF
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();

  // Someone without an account, and no lender takes their domain.
  await page.context().clearCookies();
  await signInWithIdentityProvider(page, 'stranger@nowhere.example');
  await expect(page).toHaveURL(/\/login\?sso=no-account$/);
  await expect(page.getByRole('alert').filter({ hasText: 'No portal account uses the e-mail address you signed in with.' })).toBeVisible();
  expect((await page.request.get('/api/auth/logged-in')).status()).toBe(401);
  await expectNoAxeViolations(page);
  await screenshot(page, 'sso-refused-desktop.png');
});
