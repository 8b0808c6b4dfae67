import { expect, test } from '@playwright/test';
import { expectMenu, expectNoAxeViolations, signIn, signInExpectingFailure } from './helpers';
import { APPRAISER_MENU, STAFF_MENU } from '../src/test/expected';

test.describe('sign in by role', () => {
  for (const username of ['demo.appraiser', 'demo.appraiser2']) {
    test(`${username} lands on the appraiser dashboard`, async ({ page }) => {
      await signIn(page, username);
      await expect(page).toHaveURL(/\/appraiser\/dashboard$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Orders Dashboard' })).toBeVisible();
      // Every fresh browser verifies first; its success notice replaces the sign-in notice.
      await expect(page.getByText('Verification successful')).toBeVisible();
      await expectMenu(page, APPRAISER_MENU);
      await expect(page.getByRole('heading', { name: 'Need help?' })).toBeVisible();
      await expect(page.getByText(`© ${new Date().getFullYear()} Appraisal Portal`)).toBeVisible();
    });
  }

  test('demo.admin gets the appraiser menu plus Appraisers', async ({ page }) => {
    await signIn(page, 'demo.admin');
    await expect(page).toHaveURL(/\/appraiser\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Orders Dashboard' })).toBeVisible();
    await expectMenu(page, [...APPRAISER_MENU, 'Appraisers']);
  });

  test('demo.staff lands on the staff dashboard with the staff menu', async ({ page }) => {
    await signIn(page, 'demo.staff');
    await expect(page).toHaveURL(/\/staff\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Orders Dashboard' })).toBeVisible();
    await expectMenu(page, STAFF_MENU);
  });

  test('demo.secret lands on the admin dashboard', async ({ page }) => {
    await signIn(page, 'demo.secret');
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
    await expectMenu(page, ['Dashboard', 'Backdoor', 'Forms']);
  });

  test('demo.client lands on the client area; the staff desk denies it with the Client role label', async ({ page }) => {
    await signIn(page, 'demo.client');
    await expect(page).toHaveURL(/\/client\/orders$/);
    await expectMenu(page, ['Orders', 'New Order', 'Invoices', 'Insights', 'Users', 'Branches', 'API & Webhooks']);
    await page.goto('/staff/dashboard');
    await expect(page).toHaveURL(/\/unauthorized/);
    await expect(page.getByRole('heading', { level: 1, name: 'Access Denied' })).toBeVisible();
    await expect(page.getByText("You don't have permission to access this page.")).toBeVisible();
    await expect(page.getByTestId('role-label')).toHaveText('Client');
    await expectNoAxeViolations(page);
  });
});

test('wrong password shows the login failure message', async ({ page }) => {
  await signInExpectingFailure(page, 'demo.client', 'not-the-password');
});

test('signed-out visit to a protected page goes to /login, with no failed request on the way', async ({ page }) => {
  const failed: string[] = [];
  page.on('response', (r) => {
    if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`);
  });
  await page.goto('/appraiser/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  expect(failed, 'a signed-out visitor is a normal state, not an error').toEqual([]);
});

test('unknown path shows Page Not Found', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Login', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Go Back' })).toBeVisible();
  await expectNoAxeViolations(page);
});

test('appraiser visiting the admin area sees Access Denied', async ({ page }) => {
  await signIn(page, 'demo.appraiser');
  await expect(page).toHaveURL(/\/appraiser\/dashboard$/);
  await page.goto('/admin/dashboard');
  await expect(page).toHaveURL(/\/unauthorized/);
  await expect(page.getByRole('heading', { level: 1, name: 'Access Denied' })).toBeVisible();
  await expect(page.getByText('/admin/dashboard', { exact: true })).toBeVisible();
  await expect(page.getByTestId('role-label')).toHaveText('Appraiser');
});

test('logout returns to /login and ends the session', async ({ page }) => {
  await signIn(page, 'demo.appraiser');
  await expect(page).toHaveURL(/\/appraiser\/dashboard$/);
  await page.getByRole('button', { name: /^User menu/ }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  const res = await page.request.get('/api/auth/logged-in');
  expect(res.status()).toBe(401);
  await page.goto('/appraiser/dashboard');
  await expect(page).toHaveURL(/\/login$/);
});
