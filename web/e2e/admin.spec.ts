import { expect, test, type Page } from '@playwright/test';
import { expectMenu, expectNoAxeViolations, mainNav, screenshot, settle, signIn } from './helpers';
import { APPRAISER_MENU } from '../src/test/expected';

const ACCESS_CODE = 'ACCESS-CODE 7F3A-91QZ-C0DE-2026';

async function signInSecret(page: Page) {
  await signIn(page, 'demo.secret');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
}

test('admin dashboard: decrypting banner, code after 2.5 s, reminder after 4 s', async ({ page }) => {
  await signInSecret(page);
  // Reload so the timers start at a known moment.
  await page.reload();
  const start = Date.now();
  await expect(page.getByText('Decrypting access code...')).toBeVisible();
  await expect(page.getByText(ACCESS_CODE)).toBeHidden();
  await expect(page.getByText(ACCESS_CODE)).toBeVisible({ timeout: 5_000 });
  expect(Date.now() - start).toBeGreaterThanOrEqual(2_000);
  await expect(page.getByText('Decrypting access code...')).toBeHidden();
  await expect(page.getByText(/^Back-door sign-ins and every call/)).toBeVisible({ timeout: 5_000 });
  expect(Date.now() - start).toBeGreaterThanOrEqual(3_500);

  // Decorative buttons only show a notice.
  await page.getByRole('button', { name: 'Rotate keys' }).click();
  await expect(page.getByText('This control is decorative. Nothing was changed.')).toBeVisible();
});

test('admin dashboard: add, validate and edit a developer reference; audit log', async ({ page }) => {
  await signInSecret(page);
  const stamp = Date.now().toString(36);
  const name = `E2E docs ${stamp}`;
  const renamed = `E2E handbook ${stamp}`;

  const add = page.getByRole('form', { name: 'Add a developer reference' });
  await add.getByLabel(/^URL/).fill('https://docs.example.com/e2e');
  await add.getByRole('button', { name: 'Add reference' }).click();
  await expect(add.getByText('Name and URL are required')).toBeVisible();

  await add.getByLabel(/^Name/).fill(name);
  await add.getByRole('button', { name: 'Add reference' }).click();
  const list = page.getByRole('list', { name: 'Developer references' });
  const link = list.getByRole('link', { name: new RegExp(name) });
  await expect(link).toBeVisible();
  await expect(link).toHaveAttribute('href', 'https://docs.example.com/e2e');
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(add.getByLabel(/^Name/)).toHaveValue('');

  // Inline edit, from the keyboard.
  await list.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = list.getByRole('form', { name: `Edit ${name}` });
  await expect(edit.getByLabel(/^Name/)).toBeFocused();
  await edit.getByLabel(/^Name/).fill('');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit.getByText('Name and URL are required')).toBeVisible();
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await expect(list.getByRole('link', { name: new RegExp(name) })).toBeVisible();

  await list.getByRole('button', { name: `Edit ${name}` }).click();
  await edit.getByLabel(/^Name/).fill(renamed);
  await edit.getByLabel(/^URL/).fill('https://handbook.example.com/');
  await edit.getByLabel(/^URL/).press('Enter');
  const renamedLink = list.getByRole('link', { name: new RegExp(renamed) });
  await expect(renamedLink).toBeVisible();
  await expect(renamedLink).toHaveAttribute('href', 'https://handbook.example.com/');
  await expect(list.getByRole('button', { name: `Edit ${renamed}` })).toBeFocused();

  // A non-http URL from the server is refused with its message.
  await add.getByLabel(/^Name/).fill('Bad');
  await add.getByLabel(/^URL/).fill('javascript:alert(1)');
  await add.getByRole('button', { name: 'Add reference' }).click();
  await expect(add.getByRole('alert')).toBeVisible();
  await expect(page.getByText('Failed to create developer reference.')).toBeVisible();

  // The audit log shows this session's sign-in.
  const audit = page.getByRole('region', { name: 'Audit log entries' });
  await expect(audit.getByRole('row').nth(1)).toBeVisible();
  await page.getByRole('textbox', { name: /^User id/ }).fill('abc');
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page.getByText('User id must be a number')).toBeVisible();
  await page.getByRole('textbox', { name: /^User id/ }).fill('');
  await page.getByRole('combobox', { name: /^Action/ }).fill('login');
  await page.getByRole('option', { name: 'login', exact: true }).click();
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(audit.getByRole('cell', { name: 'login', exact: true }).first()).toBeVisible();
  await expect(audit.getByRole('row')).not.toHaveCount(1);
  const actions = await audit.locator('tbody tr td:nth-child(2)').allTextContents();
  expect(new Set(actions)).toEqual(new Set(['login']));
});

for (const vp of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`admin pages ${vp.width}x${vp.height}: axe clean, screenshots`, async ({ page }) => {
    await page.setViewportSize(vp);
    await signInSecret(page);
    await expect(page.getByText(/^Back-door sign-ins and every call/)).toBeVisible({ timeout: 6_000 });
    await expect(page.getByRole('region', { name: 'Audit log entries' })).toBeVisible();
    await expect(page.getByText('Verification successful')).toBeHidden({ timeout: 10_000 });
    await settle(page);
    const scrollWidth = Number(await page.evaluate('document.documentElement.scrollWidth'));
    expect(scrollWidth).toBeLessThanOrEqual(vp.width);
    await expectNoAxeViolations(page);
    await screenshot(page, `admin-dashboard-${vp.width}x${vp.height}.png`);

    await page.goto('/admin/backdoor-login');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign In As Appraiser' })).toBeVisible();
    await settle(page);
    await expectNoAxeViolations(page);
    await screenshot(page, `admin-backdoor-${vp.width}x${vp.height}.png`);

    await page.goto('/admin/forms');
    await expect(page.getByRole('heading', { level: 1, name: 'Form Layout' })).toBeVisible();
    await settle(page);
    await expectNoAxeViolations(page);
  });
}

test('back-door: an unknown user fails, an appraiser username signs in as that appraiser', async ({ page }) => {
  await signInSecret(page);
  await page.goto('/admin/backdoor-login');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign In As Appraiser' })).toBeVisible();
  const username = page.getByRole('textbox', { name: /^Username/ });

  await username.fill('no.such.user');
  await username.press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: 'Login failed. Please check your credentials.' }).first()).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/backdoor-login$/);

  await username.fill('demo.staff');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText('You are not authorized to perform this action')).toBeHidden();
  await expect(page).toHaveURL(/\/admin\/backdoor-login$/);

  await username.fill('demo.appraiser');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText('Logged in as Appraiser')).toBeVisible();
  await expect(page).toHaveURL(/\/appraiser\/dashboard$/);
  await expectMenu(page, APPRAISER_MENU);
  await expect(page.getByRole('button', { name: /Avery Appraiser/ })).toBeVisible();

  // The session really is the appraiser's: a reload keeps it, the admin area is closed.
  await page.reload();
  await expect(mainNav(page).getByRole('link')).toHaveText(APPRAISER_MENU);
  const me = await page.request.get('/api/auth/logged-in');
  expect(me.status()).toBe(200);
  expect(((await me.json()) as { userType: number }).userType).toBe(1);
});
