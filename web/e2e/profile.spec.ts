import { readFileSync } from 'node:fs';
import { expect, test, type APIResponse, type Locator, type Page } from '@playwright/test';
import { day, DEMO_PASSWORD, expectNoAxeViolations, expectNotice, openDialog, PDF, screenshot, settle, signIn, VIEWPORTS } from './helpers';
import { TABS, type TabSlug } from '../src/features/profile/tabs';

/*
 * Profile Settings (issue 6; docs/domain.md#appraiser-profile) against the real server in --demo,
 * on the calls of PROFILE-CONTRACT.md. These tests change demo.appraiser's profile (a coverage area
 * in a county the demo data leaves alone, E&O, a document, the trainee flag and out-of-office dates)
 * and demo.appraiser2's password, which they set back to the demo password at the end.
 */

/** Texas counties few would cover; the coverage test takes the first one not listed yet. */
const SPARE_COUNTIES = ['Loving County', 'Kenedy County', 'King County', 'McMullen County', 'Borden County'];

/** yyyy-mm-dd as the page shows it: MM/dd/yyyy. */
function shown(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${m}/${d}/${y}`;
}

async function openProfile(page: Page, slug?: string): Promise<void> {
  await page.goto(slug ? `/profile/me/${slug}` : '/profile/me');
  await expect(page.getByRole('heading', { level: 1, name: 'Profile Settings' })).toBeVisible();
  await expect(page.getByRole('tab', { selected: true })).toBeVisible();
}

function tab(page: Page, label: string): Locator {
  return page.getByRole('tab', { name: label, exact: true });
}

// ---- Set-up through the API (the same session as the page) -----------------------------------

async function csrfToken(page: Page): Promise<string> {
  const res = await page.request.get('/api/auth/csrf');
  expect(res.ok(), `GET /api/auth/csrf answered ${res.status()}`).toBe(true);
  return ((await res.json()) as { token: string }).token;
}

async function apiPost(page: Page, path: string, data: unknown): Promise<APIResponse> {
  return page.request.post(path, { data, headers: { 'X-XSRF-TOKEN': await csrfToken(page) } });
}

/** The signed-in appraiser's security user id (every profile call takes it). */
async function myId(page: Page): Promise<number> {
  const res = await page.request.get('/api/appraiser/me');
  expect(res.ok(), `GET /api/appraiser/me answered ${res.status()}`).toBe(true);
  return ((await res.json()) as { securityUser: { id: number } }).securityUser.id;
}

/** At least one coverage area and one document, so both lists have rows to show. */
async function ensureListsHaveRows(page: Page): Promise<void> {
  const id = await myId(page);
  const added = await apiPost(page, '/api/appraiser/coverage-areas/add', { appraiserId: id, state: 'TX', county: 'Travis County' });
  expect([200, 201, 409], `coverage add answered ${added.status()}`).toContain(added.status());
  const docs = await page.request.get(`/api/file/appraiser-documents/${id}`);
  expect(docs.ok()).toBe(true);
  if (((await docs.json()) as unknown[]).length > 0) return;
  const types = (await (await page.request.get('/api/constants/appraiser-file-types')).json()) as { label: string; value: string }[];
  const resume = types.find((t) => t.label === 'Resume') ?? types[0]!;
  const uploaded = await page.request.post('/api/file/upload', {
    headers: { 'X-XSRF-TOKEN': await csrfToken(page) },
    multipart: { appraiserId: String(id), files: { name: 'sample-resume.pdf', mimeType: 'application/pdf', buffer: PDF }, fileTypes: resume.value },
  });
  expect(uploaded.ok(), `upload answered ${uploaded.status()}`).toBe(true);
}

// ---- Routes and tabs ---------------------------------------------------------------------------

test('tabs: /appraiser/profile leads to /profile/me, tabs change the address, unknown slugs and the keyboard', async ({ page }) => {
  await signIn(page, 'demo.appraiser');
  await page.goto('/appraiser/profile');
  await expect(page).toHaveURL(/\/profile\/me$/);
  await expect(page.getByRole('tab')).toHaveText(TABS.map((t) => t.label));
  await expect(tab(page, 'Personal Info')).toHaveAttribute('aria-selected', 'true');

  for (const t of TABS.slice(1)) {
    await tab(page, t.label).click();
    await expect(page).toHaveURL(new RegExp(`/profile/me/${t.slug}$`));
    await expect(tab(page, t.label)).toHaveAttribute('aria-selected', 'true');
  }

  await page.goto('/profile/me/no-such-tab');
  await expect(tab(page, 'Personal Info')).toHaveAttribute('aria-selected', 'true');

  // The keyboard moves between tabs, and the address follows.
  await tab(page, 'Personal Info').focus();
  await page.keyboard.press('ArrowRight');
  await expect(tab(page, 'Coverage Area')).toBeFocused();
  await expect(tab(page, 'Coverage Area')).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(/\/profile\/me\/coverage-area$/);

  // The appraiser area takes me or the security user id.
  const id = await myId(page);
  await page.goto('/appraiser/profile/me/documents');
  await expect(tab(page, 'Documents')).toHaveAttribute('aria-selected', 'true');
  await page.goto(`/appraiser/profile/${id}/settings`);
  await expect(tab(page, 'Settings')).toHaveAttribute('aria-selected', 'true');
  await tab(page, 'Certifications').click();
  await expect(page).toHaveURL(new RegExp(`/appraiser/profile/${id}/certifications$`));
});

test('Personal Info is read-only and says changes go through support', async ({ page }) => {
  await signIn(page, 'demo.appraiser');
  await openProfile(page, 'personal-info');
  const card = page.getByRole('region', { name: 'Personal Information' });
  const value = (label: string) => card.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');
  await expect(value('First Name')).toHaveText('Avery');
  await expect(value('Last Name')).toHaveText('Appraiser');
  await expect(value('Email')).toHaveText('demo.appraiser@appraisalportal.example');
  await expect(value('Login ID')).toHaveText('demo.appraiser');
  await expect(value('Work Phone')).toHaveText('(512) 555-0210');
  await expect(value('Cell Phone')).toHaveText('(512) 555-0110');
  await expect(value('Cell Phone Carrier')).toHaveText('Verizon');
  await expect(value('Office Address')).toHaveText('100 Congress Avenue, Austin, TX 78701');
  await expect(card.getByRole('textbox')).toHaveCount(0);
  await expect(page.getByText(/can only be changed by our support team/)).toBeVisible();
});

// ---- Coverage Area -----------------------------------------------------------------------------

test('Coverage Area: the client check, add, a duplicate refused, remove after confirmation', async ({ page }) => {
  await signIn(page, 'demo.appraiser');
  await openProfile(page, 'coverage-area');
  await expect(page.getByTestId('appraiser-score')).toHaveText(/^(Not enough data|\d+(\.\d+)? out of 5)$/);

  const state = page.getByRole('combobox', { name: 'State' });
  const county = page.getByRole('combobox', { name: 'County' });
  await expect(county).toBeDisabled();
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Please select a state and county' })).toBeVisible();

  const rows = page.locator('[data-coverage-id]');
  await expect(rows.first().or(page.getByText('No coverage areas have been added yet.'))).toBeVisible();
  const listed = await rows.allTextContents();
  const spare = SPARE_COUNTIES.find((c) => !listed.some((row) => row.includes(c)))!;

  await state.selectOption({ label: 'Texas' });
  await expect(county).toBeEnabled();
  await county.selectOption({ label: spare });
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expectNotice(page, 'Coverage area added successfully');
  const row = rows.filter({ hasText: spare });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('cell')).toHaveText(['TX', spare, 'Pending', 'Remove']);

  // The same again: the server refuses it and the list keeps one row.
  await county.selectOption({ label: spare });
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expectNotice(page, 'Failed to add coverage area');
  await expect(rows.filter({ hasText: spare })).toHaveCount(1);

  // Remove asks first; Cancel keeps the row.
  await page.getByRole('button', { name: `Remove ${spare}, TX` }).click();
  let dialog = await openDialog(page, 'Remove Coverage Area');
  await expect(dialog).toContainText(`Remove ${spare}, TX from the coverage areas?`);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(rows.filter({ hasText: spare })).toHaveCount(1);

  await page.getByRole('button', { name: `Remove ${spare}, TX` }).click();
  dialog = await openDialog(page, 'Remove Coverage Area');
  await dialog.getByRole('button', { name: 'Remove', exact: true }).click();
  await expectNotice(page, 'Coverage area removed successfully');
  await expect(rows.filter({ hasText: spare })).toHaveCount(0);
});

// ---- Certifications ----------------------------------------------------------------------------

test('Certifications: E&O unlocks with a policy file, updates with a PDF that can be downloaded; licences and FHA read-only', async ({ page }) => {
  await signIn(page, 'demo.appraiser');
  await openProfile(page, 'certifications');
  const provider = page.getByLabel(/^Provider/);
  const policy = page.getByLabel(/^Policy File/);
  await expect(provider).toBeDisabled();
  await expect(page.getByLabel(/^Per Incident Amount/)).toBeDisabled();
  await expect(page.getByLabel(/^Aggregate Amount/)).toBeDisabled();
  await expect(page.getByLabel(/^Expiration Date/)).toBeDisabled();
  await expect(policy).toHaveAttribute('accept', '.pdf,.doc,.docx');

  const update = page.getByRole('button', { name: 'Update E&O Information' });
  await update.click();
  await expect(page.getByText('Please upload an E&O policy file to update information')).toBeVisible();

  // Not a policy file by its name: refused before sending.
  await policy.setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from('not a png') });
  await update.click();
  await expect(page.getByText('Please choose a .pdf, .doc or .docx file.')).toBeVisible();

  // Named .pdf but not one: the server checks the content and refuses.
  await policy.setInputFiles({ name: 'fake.pdf', mimeType: 'application/pdf', buffer: Buffer.from('just text') });
  await expect(provider).toBeEnabled();
  await provider.fill('Prairie Mutual E2E');
  await page.getByLabel(/^Expiration Date/).fill('2030-12-31');
  await update.click();
  await expectNotice(page, 'Failed to update E&O information');

  await policy.setInputFiles({ name: 'eno-policy-e2e.pdf', mimeType: 'application/pdf', buffer: PDF });
  await provider.fill('Prairie Mutual E2E');
  await page.getByLabel(/^Per Incident Amount/).fill('$1,000,000');
  await page.getByLabel(/^Aggregate Amount/).fill('2,000,000');
  await page.getByLabel(/^Expiration Date/).fill('2030-12-31');
  await update.click();
  await expectNotice(page, 'E&O information updated successfully');
  const summary = page.getByTestId('eno-summary');
  await expect(summary).toHaveText('Prairie Mutual E2E: $1,000,000.00 per incident, $2,000,000.00 aggregate, expires 12/31/2030');
  await expect(provider).toBeDisabled();

  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download eno-policy-e2e.pdf' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe('eno-policy-e2e.pdf');
  expect(
    readFileSync((await download.path())!)
      .subarray(0, 5)
      .toString('latin1'),
  ).toBe('%PDF-');

  // Kept by the server.
  await page.reload();
  await expect(page.getByTestId('eno-summary')).toHaveText(/^Prairie Mutual E2E: \$1,000,000\.00 per incident/);
  await expect(page.getByLabel(/^Provider/)).toHaveValue('Prairie Mutual E2E');

  const licences = page.getByRole('region', { name: 'Licenses' });
  await expect(licences.getByRole('table', { name: 'Licenses' }).or(licences.getByText('No licenses are on file.'))).toBeVisible();
  if (await licences.getByRole('table').count()) {
    await expect(licences.getByRole('columnheader')).toHaveText(['Type', 'State', 'Number', 'Expiration']);
  }
  await expect(licences.getByRole('textbox')).toHaveCount(0);
  await expect(licences.getByRole('button')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'FHA Certification' }).getByText('FHA Certified', { exact: true })).toBeVisible();
});

// ---- Documents ---------------------------------------------------------------------------------

test('Documents: Add Documents checks its rows, uploads, refreshes the list; view and download', async ({ page }) => {
  await signIn(page, 'demo.appraiser');
  await openProfile(page, 'documents');
  await page.getByRole('button', { name: 'Add Documents' }).click();
  const dialog = await openDialog(page, 'Add Documents');
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(dialog.getByText('Please select a file type.', { exact: true })).toBeVisible();
  await expect(dialog.getByText('Please choose a file to upload.', { exact: true })).toBeVisible();
  const row = dialog.getByRole('group', { name: 'File 1' });
  await row.getByLabel('File type').selectOption({ label: 'Resume' });
  await row.getByRole('button', { name: 'File', exact: true }).setInputFiles({ name: 'resume-e2e.pdf', mimeType: 'application/pdf', buffer: PDF });
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await expectNotice(page, 'File uploaded.');
  await expect(dialog).toHaveCount(0);

  const table = page.getByRole('table', { name: 'Documents' });
  await expect(table.getByRole('columnheader')).toHaveText(['ID', 'Type', 'Name', 'Size', 'Uploaded by', 'Date and Time Uploaded', 'Actions']);
  const uploaded = table.getByRole('row').filter({ hasText: 'resume-e2e.pdf' });
  await expect(uploaded).toHaveCount(1);
  await expect(uploaded.getByRole('cell').nth(1)).toHaveText('Resume');
  await expect(uploaded.getByRole('cell').nth(3)).toHaveText(`${PDF.length} Bytes`);
  await expect(uploaded.getByRole('cell').nth(5)).toHaveText(/^\d{2}\/\d{2}\/\d{4}, \d{1,2}:\d{2}\s[AP]M$/);

  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download resume-e2e.pdf' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe('resume-e2e.pdf');
  expect(readFileSync((await download.path())!).equals(PDF)).toBe(true);

  const popupPromise = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'View resume-e2e.pdf (opens in a new tab)' }).click();
  const popup = await popupPromise;
  await expect.poll(() => popup.url()).toMatch(/^blob:|\/api\/file\/stream\/appraiserprofilefile\//);
  await popup.close();
});

// ---- Settings ----------------------------------------------------------------------------------

test('Settings: the trainee toggle is kept; Out of Office checks its dates and refreshes the profile', async ({ page }) => {
  await signIn(page, 'demo.appraiser');
  await openProfile(page, 'settings');
  const toggle = page.getByRole('switch', { name: 'Has trainees' });
  // Mantine lays the (transparent) input over the whole switch and its label.
  const before = await toggle.isChecked();
  await toggle.click();
  await expectNotice(page, 'Trainee information updated.');
  await expect(toggle).toBeChecked({ checked: !before });
  await page.reload();
  await expect(toggle).toBeChecked({ checked: !before });
  await toggle.focus();
  await page.keyboard.press('Space');
  await expect(toggle).toBeChecked({ checked: before });
  await expect(toggle).toBeEnabled();

  await page.getByRole('button', { name: 'Set Out of Office' }).click();
  const dialog = await openDialog(page, 'Out of Office');
  const start = dialog.getByLabel(/^Start Date/);
  const end = dialog.getByLabel(/^End Date/);
  await start.fill('');
  await end.fill('');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Please select both start and end dates.');
  await start.fill(day(10));
  await end.fill(day(5));
  await expect(end).toHaveAttribute('min', day(10));
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('The end date cannot be before the start date.');
  await end.fill(day(12));
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expectNotice(page, 'Out of office dates saved.');
  await expect(dialog).toHaveCount(0);
  const dates = `Out of office from ${shown(day(10))} to ${shown(day(12))}.`;
  await expect(page.getByTestId('ooo-dates')).toHaveText(dates);
  await page.reload();
  await expect(page.getByTestId('ooo-dates')).toHaveText(dates);
});

test('Change Password: live checklist, mismatch, a refused change, success ends the other sessions', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const user = 'demo.appraiser2';
  const NEW = 'Brand-New-Password-2026!';
  // A second browser signed in as the same user: its session ends when the password changes.
  const other = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const otherPage = await other.newPage();
  await signIn(otherPage, user);
  await signIn(page, user);
  let changed = false;
  try {
    await openProfile(page, 'settings');
    await page.getByRole('button', { name: 'Change Password' }).click();
    const dialog = await openDialog(page, 'Change Password');
    const submit = dialog.getByRole('button', { name: 'Change Password' });
    const rule = (id: string) => dialog.locator(`[data-rule="${id}"]`);
    await expect(submit).toBeDisabled();

    await dialog.getByLabel(/^New Password/).fill('Short1!');
    await expect(rule('length')).toHaveAttribute('data-met', 'false');
    for (const id of ['lowercase', 'uppercase', 'digit', 'special']) await expect(rule(id)).toHaveAttribute('data-met', 'true');
    await dialog.getByLabel(/^New Password/).fill(NEW);
    for (const id of ['length', 'lowercase', 'uppercase', 'digit', 'special']) await expect(rule(id)).toHaveAttribute('data-met', 'true');
    await dialog.getByLabel(/^Confirm Password/).fill(`${NEW}x`);
    await expect(dialog.getByText('Passwords do not match')).toBeVisible();
    await expect(submit).toBeDisabled();
    await dialog.getByLabel(/^Confirm Password/).fill(NEW);
    await expect(dialog.getByText('Passwords do not match')).toHaveCount(0);
    await expect(submit).toBeDisabled();

    // A wrong current password: the server's words are not shown.
    await dialog.getByLabel(/^Current Password/).fill('Not-The-Password-1!');
    await expect(submit).toBeEnabled();
    await submit.click();
    await expect(dialog.getByRole('alert')).toHaveText('Please ensure your password meets all requirements.');
    await expect(page.getByText('The current password is incorrect.')).toHaveCount(0);
    await expectNoAxeViolations(page);
    await screenshot(page, 'profile-change-password-1280x800.png', false);

    await dialog.getByLabel(/^Current Password/).fill(DEMO_PASSWORD);
    await submit.click();
    await expectNotice(page, 'Password changed successfully');
    changed = true;
    await expect(dialog).toHaveCount(0);

    // This session stays; the other one has ended.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Profile Settings' })).toBeVisible();
    await otherPage.goto('/profile/me');
    await expect(otherPage).toHaveURL(/\/login$/);
    // The new password signs in.
    await signIn(otherPage, user, NEW);
    await expect(otherPage).not.toHaveURL(/\/login$/);
  } finally {
    if (changed) {
      const back = await apiPost(page, '/api/auth/change-my-password', { oldPassword: NEW, newPassword: DEMO_PASSWORD });
      expect(back.ok(), `changing the password back answered ${back.status()}`).toBe(true);
    }
    await other.close();
  }
});

// ---- Other users -------------------------------------------------------------------------------

test("Appraiser Not Found, the secret administrator's own page, and an administrator viewing a firm appraiser", async ({ page, browser }) => {
  await signIn(page, 'demo.secret');
  await page.goto('/appraiser/profile/999999/settings');
  await expect(page.getByText('Appraiser Not Found - The requested appraiser could not be found.')).toBeVisible();
  await expect(page.getByRole('tab')).toHaveCount(0);
  // No appraiser record of their own: their own page is their account.
  await page.goto('/profile/me');
  await expect(page.getByRole('region', { name: 'Personal Information' }).getByText('demo.secret', { exact: true })).toBeVisible();
  await expect(page.getByText('Appraiser Not Found - The requested appraiser could not be found.')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Change Password' })).toBeVisible();
  await expectNoAxeViolations(page);

  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const admin = await context.newPage();
  try {
    await signIn(admin, 'demo.admin');
    await admin.goto('/appraiser-admin/appraisers');
    const card = admin.getByRole('article').filter({ hasText: 'demo.appraiser2@appraisalportal.example' });
    await card.getByRole('link', { name: /View Profile/ }).click();
    await expect(admin).toHaveURL(/\/appraiser\/profile\/\d+$/);
    await expect(admin.getByRole('main').getByText('Blake Morgan', { exact: true })).toBeVisible();
    await tab(admin, 'Settings').click();
    await expect(admin).toHaveURL(/\/appraiser\/profile\/\d+\/settings$/);
    await expect(admin.getByRole('switch', { name: 'Has trainees' })).toBeVisible();
    // change-my-password is the caller's own: not offered on someone else's profile.
    await expect(admin.getByRole('button', { name: 'Change Password' })).toHaveCount(0);
  } finally {
    await context.close();
  }
});

// ---- Every tab at both widths ------------------------------------------------------------------

/** Waits until a tab's content has loaded (no skeletons left). */
async function tabLoaded(page: Page, slug: TabSlug, mobile: boolean): Promise<void> {
  const main = page.getByRole('main');
  switch (slug) {
    case 'personal-info':
      await expect(main.getByRole('region', { name: 'Personal Information' })).toBeVisible();
      break;
    case 'coverage-area':
      await expect(main.getByTestId('appraiser-score')).toBeVisible();
      await expect(mobile ? main.getByRole('list', { name: 'Coverage areas' }) : main.getByRole('table', { name: 'Coverage areas' })).toBeVisible();
      await expect(main.getByRole('table', { name: 'Coverage areas' })).toHaveCount(mobile ? 0 : 1);
      break;
    case 'certifications':
      await expect(main.getByTestId('eno-current-file')).toBeVisible();
      await expect(main.getByRole('region', { name: 'Licenses' }).locator('[aria-busy="true"]')).toHaveCount(0);
      break;
    case 'documents':
      await expect(mobile ? main.getByRole('list', { name: 'Documents' }) : main.getByRole('table', { name: 'Documents' })).toBeVisible();
      await expect(main.getByRole('table', { name: 'Documents' })).toHaveCount(mobile ? 0 : 1);
      break;
    case 'settings':
      await expect(main.getByRole('switch', { name: 'Has trainees' })).toBeVisible();
      break;
    case 'panel':
      await expect(main.getByRole('textbox', { name: 'Your answer' })).toBeVisible();
      break;
  }
}

for (const vp of VIEWPORTS) {
  test(`profile ${vp.name} ${vp.width}x${vp.height}: every tab axe clean, no sideways scroll, tables become cards, screenshots`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: vp.width, height: vp.height });
    await signIn(page, 'demo.appraiser');
    await ensureListsHaveRows(page);
    const mobile = vp.width < 600;
    for (const t of TABS) {
      await openProfile(page, t.slug);
      await expect(tab(page, t.label)).toHaveAttribute('aria-selected', 'true');
      await tabLoaded(page, t.slug, mobile);
      await expect(page.getByText('Verification successful')).toBeHidden({ timeout: 10_000 });
      await settle(page);
      expect(Number(await page.evaluate('document.documentElement.scrollWidth')), `${t.slug} scrolls sideways`).toBeLessThanOrEqual(vp.width);
      await expectNoAxeViolations(page);
      await screenshot(page, `profile-${t.slug}-${vp.width}x${vp.height}.png`);
    }
    // The dialogs at this width too.
    await openProfile(page, 'settings');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await openDialog(page, 'Change Password');
    await screenshot(page, `profile-change-password-${vp.width}x${vp.height}.png`, false);
    await page.getByRole('dialog', { name: 'Change Password' }).getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Set Out of Office' }).click();
    await openDialog(page, 'Out of Office');
    await page.getByRole('dialog', { name: 'Out of Office' }).getByRole('button', { name: 'Cancel' }).click();
    await openProfile(page, 'coverage-area');
    await page.getByRole('button', { name: 'Remove Travis County, TX' }).click();
    await openDialog(page, 'Remove Coverage Area');
    await page.getByRole('dialog', { name: 'Remove Coverage Area' }).getByRole('button', { name: 'Cancel' }).click();
  });
}
