import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import {
  checkBothWidths,
  codeFromMail,
  day,
  expectNotice,
  mailMarker,
  openAction,
  openDialog,
  PDF,
  refuseOtherOrigins,
  settle,
  skipPaymentPrompt,
  submit,
  submitLogin,
  verifyByEmail,
  waitForMail,
} from './helpers';
import { startMailSink, type MailSink } from './mail-sink.mjs';

/*
 * The product owner's acceptance test: a company starts from an EMPTY database (no --demo) with one
 * staff account made on the command line, and runs an order in the browser only. Staff add a firm,
 * an appraiser administrator and an appraiser (invited by e-mail) and the appraiser's licence; the
 * appraiser chooses a password from the invitation, adds a coverage area and E&O; staff verify the
 * area, add a client, create, edit and assign an order, attach a file and write an internal note;
 * the appraiser sees the file and never the note. Every code and invitation comes by e-mail through
 * this spec's own SMTP sink; the server runs beside the demo one, on its own port and data.
 */

const PORT = Number(process.env.PORTAL_E2E_EMPTY_PORT ?? 18090);
const ORIGIN = `http://127.0.0.1:${PORT}`;

test.use({ baseURL: ORIGIN });

const STAFF = { username: 'jane.staff', email: 'jane@yourcompany.example', password: 'Jane!Staff#Password2026' };
const FIRM = 'Hill Country Valuation';
const ADMIN = { username: 'morgan.admin', first: 'Morgan', last: 'Reyes', email: 'morgan@hillcountry.example' };
const APPRAISER = { username: 'riley.appraiser', first: 'Riley', last: 'Nguyen', email: 'riley@hillcountry.example', password: 'Riley!Appraiser#2026' };
const APPRAISER_NAME = `${APPRAISER.first} ${APPRAISER.last}`;
const CLIENT = 'Capital City Lending';
const ADDRESS = '301 Congress Avenue';
const NOTE = 'Client asked for a rush; keep this between us (staff only).';
const INVITATION = /(https?:\/\/\S+?\/perform-reset-password\?token=[A-Za-z0-9_\-.~%]+)/;

let dir = '';
let mailDir = '';
let sink: MailSink | undefined;
let server: ChildProcess | undefined;
let serverLog = '';

function portalEnv(): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PORTAL_BIND: `127.0.0.1:${PORT}`,
    PORTAL_PUBLIC_URL: ORIGIN,
    PORTAL_DATABASE_URL: `sqlite://${join(dir, 'portal.db')}?mode=rwc`,
    PORTAL_STORAGE_URL: join(dir, 'files'),
    PORTAL_SMTP_URL: `smtp://127.0.0.1:${sink!.port}`,
    PORTAL_OUTBOX_POLL_MILLIS: '250',
    PORTAL_SHUTDOWN_GRACE_SECONDS: '2',
  };
}

async function healthy(): Promise<boolean> {
  try {
    return (await fetch(`${ORIGIN}/healthz`)).ok;
  } catch {
    return false;
  }
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const bin = process.env.PORTAL_BIN;
  if (!bin) throw new Error('Set PORTAL_BIN to the appraisal-portal binary.');
  if (await healthy()) throw new Error(`Something already answers on ${ORIGIN}; set PORTAL_E2E_EMPTY_PORT to a free port.`);
  dir = mkdtempSync(join(tmpdir(), 'portal-empty-company-'));
  mailDir = join(dir, 'mail');
  sink = await startMailSink(mailDir, 'empty-company');

  // The only command line of the journey: the first staff account, on an empty database.
  const created = spawnSync(
    bin,
    ['user', 'create', '--username', STAFF.username, '--type', 'staff', '--email', STAFF.email, '--first', 'Jane', '--last', 'Doe', '--password-stdin'],
    { env: portalEnv(), input: `${STAFF.password}\n`, encoding: 'utf8' },
  );
  expect(created.status, `user create: ${created.stdout}${created.stderr}`).toBe(0);

  server = spawn(bin, ['serve'], { env: portalEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
  const keep = (chunk: Buffer) => {
    serverLog = (serverLog + chunk.toString('utf8')).slice(-20_000);
  };
  server.stdout!.on('data', keep);
  server.stderr!.on('data', keep);
  const deadline = Date.now() + 90_000;
  while (!(await healthy())) {
    if (server.exitCode !== null) throw new Error(`appraisal-portal serve exited (${server.exitCode}):\n${serverLog}`);
    if (Date.now() > deadline) throw new Error(`${ORIGIN}/healthz did not answer in time:\n${serverLog}`);
    await new Promise((r) => setTimeout(r, 250));
  }
});

test.afterAll(async () => {
  const child = server;
  if (child && child.exitCode === null) {
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 8_000);
    await exited;
    clearTimeout(timer);
  }
  await sink?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** A fresh browser (context) on this spec's server, offline but for the portal. */
async function newBrowserPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: ORIGIN });
  const page = await context.newPage();
  await refuseOtherOrigins(page, ORIGIN);
  await skipPaymentPrompt(page);
  return page;
}

/** Signs in; a new browser (and staff always) confirms with the code e-mailed to `email`. */
async function signInByMail(page: Page, username: string, password: string, email: string): Promise<void> {
  await submitLogin(page, username, password);
  await expect(page).toHaveURL(/\/dual-auth(\?|$)/);
  await verifyByEmail(
    page,
    username,
    (since) => codeFromMail(email, since, mailDir),
    async () => mailMarker(mailDir),
    email,
  );
}

const menuLink = (page: Page, name: string) => page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name, exact: true });

async function openMenu(page: Page, name: string, heading = name): Promise<void> {
  await menuLink(page, name).click();
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

/** Staff add an appraiser (or a firm's administrator) of FIRM; answers the invitation link e-mailed to them. */
async function newAppraiser(page: Page, who: { username: string; first: string; last: string; email: string }, role: 'Appraiser' | 'Appraiser Administrator'): Promise<string> {
  await page.getByRole('button', { name: 'New Appraiser' }).click();
  const dialog = await openDialog(page, 'New Appraiser');
  await dialog.getByLabel(/^Username/).fill(who.username);
  await dialog.getByLabel(/^First Name/).fill(who.first);
  await dialog.getByLabel(/^Last Name/).fill(who.last);
  await dialog.getByLabel(/^E-mail/).fill(who.email);
  await dialog.getByLabel(/^Firm/).selectOption({ label: FIRM });
  await dialog.getByLabel(/^Role/).selectOption({ label: role });
  const since = mailMarker(mailDir);
  await submit(dialog, 'Add Appraiser');
  await expectNotice(page, `${who.first} ${who.last} was added. The invitation e-mail was sent to ${who.email}.`);
  await expect(dialog).toHaveCount(0);
  const mail = await waitForMail(who.email, since, (m) => INVITATION.test(m.text), mailDir);
  expect(mail.subject).toBe('Welcome to Appraisal Portal: choose your password');
  expect(mail.text).toContain(`Your username is ${who.username}.`);
  return INVITATION.exec(mail.text)![1]!;
}

test('a company from an empty database runs an order in the browser only', async ({ browser }) => {
  test.setTimeout(300_000);
  const staff = await newBrowserPage(browser);

  // 1. Staff sign in (the code by e-mail), add the firm, its administrator and an appraiser, and the appraiser's licence.
  await signInByMail(staff, STAFF.username, STAFF.password, STAFF.email);
  await expect(staff).toHaveURL(/\/staff\//);

  await openMenu(staff, 'Firms');
  await expect(staff.getByText('No firms yet. Add the first appraisal firm.')).toBeVisible();
  await staff.getByRole('button', { name: 'Add Firm' }).click();
  let dialog = await openDialog(staff, 'Add Firm');
  await dialog.getByLabel(/^Company Name/).fill(FIRM);
  await dialog.getByLabel(/^Office Address/).fill('800 Brazos Street');
  await dialog.getByLabel(/^Office City/).fill('Austin');
  await dialog.getByLabel(/^Office State/).selectOption('TX');
  await dialog.getByLabel(/^Office Zip/).fill('78701');
  await submit(dialog, 'Add Firm');
  await expectNotice(staff, `${FIRM} was added.`);
  const firmRow = staff.getByRole('table', { name: 'Firms' }).getByRole('row').filter({ hasText: FIRM });
  await expect(firmRow).toContainText('800 Brazos Street, Austin, TX 78701');
  await expect(firmRow).toContainText('Active');
  await checkBothWidths(staff, (v) => `empty-company-firms-${v.name}.png`, { ready: () => staff.getByRole('heading', { level: 1, name: 'Firms' }) });

  await openMenu(staff, 'Appraisers');
  await expect(staff.getByText('No appraisers yet.')).toBeVisible();
  const adminLink = await newAppraiser(staff, ADMIN, 'Appraiser Administrator');
  expect(adminLink.startsWith(`${ORIGIN}/perform-reset-password?token=`)).toBe(true);
  const invitation = await newAppraiser(staff, APPRAISER, 'Appraiser');
  const appraisers = staff.getByRole('table', { name: 'Appraisers' });
  await expect(appraisers.getByRole('row').filter({ hasText: ADMIN.username })).toContainText(FIRM);
  const appraiserRow = appraisers.getByRole('row').filter({ hasText: APPRAISER.username });
  await expect(appraiserRow).toContainText(FIRM);
  await expect(appraiserRow).toContainText('None');

  await staff.getByRole('button', { name: `Licences of ${APPRAISER_NAME}` }).click();
  dialog = await openDialog(staff, `Licences of ${APPRAISER_NAME}`);
  await expect(dialog.getByText('No licences are on file.')).toBeVisible();
  await dialog.getByLabel(/^Type/).fill('Certified Residential');
  await dialog.getByLabel(/^State/).selectOption('TX');
  await dialog.getByLabel(/^License Number/).fill('TX-1380001-R');
  await dialog.getByLabel(/^Expiration Date/).fill(day(365));
  await submit(dialog, 'Add Licence');
  await expectNotice(staff, `The TX licence of ${APPRAISER_NAME} was added.`);
  await expect(dialog.getByRole('list', { name: 'Licences on file' })).toContainText('Certified Residential, TX, No. TX-1380001-R');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(appraiserRow).toContainText('Certified Residential, TX, expires');

  // 2. The appraiser, in a browser of their own: the invitation, a password, sign-in by code, coverage and E&O.
  const appraiser = await newBrowserPage(browser);
  await appraiser.goto(invitation);
  await expect(appraiser.getByRole('heading', { level: 1, name: 'Create New Password' })).toBeVisible();
  await appraiser.getByLabel(/^Username/).fill(APPRAISER.username);
  await appraiser.getByLabel(/^New Password/).fill(APPRAISER.password);
  await appraiser.getByLabel(/^Confirm Password/).fill(APPRAISER.password);
  await appraiser.getByRole('button', { name: 'Reset Password' }).click();
  await expect(appraiser).toHaveURL(/\/login$/, { timeout: 10_000 });
  await signInByMail(appraiser, APPRAISER.username, APPRAISER.password, APPRAISER.email);
  await expect(appraiser).toHaveURL(/\/appraiser\/dashboard$/);

  await appraiser.getByRole('button', { name: /^User menu: / }).click();
  await appraiser.getByRole('menuitem', { name: 'Profile' }).click();
  await expect(appraiser.getByRole('heading', { level: 1, name: 'Profile Settings' })).toBeVisible();
  await appraiser.getByRole('tab', { name: 'Coverage Area', exact: true }).click();
  await appraiser.getByRole('combobox', { name: 'State' }).selectOption({ label: 'Texas' });
  await appraiser.getByRole('combobox', { name: 'County' }).selectOption({ label: 'Travis County' });
  await appraiser.getByRole('button', { name: 'Add', exact: true }).click();
  await expectNotice(appraiser, 'Coverage area added successfully');
  const area = appraiser.locator('[data-coverage-id]').filter({ hasText: 'Travis' });
  await expect(area).toContainText('Pending');

  await appraiser.getByRole('tab', { name: 'Certifications', exact: true }).click();
  await appraiser.getByLabel(/^Policy File/).setInputFiles({ name: 'eno-policy.pdf', mimeType: 'application/pdf', buffer: PDF });
  await appraiser.getByLabel(/^Provider/).fill('Lone Star Mutual');
  await appraiser.getByLabel(/^Per Incident Amount/).fill('1,000,000');
  await appraiser.getByLabel(/^Aggregate Amount/).fill('2,000,000');
  await appraiser.getByLabel(/^Expiration Date/).fill(day(365));
  await appraiser.getByRole('button', { name: 'Update E&O Information' }).click();
  await expectNotice(appraiser, 'E&O information updated successfully');
  await expect(appraiser.getByTestId('eno-summary')).toHaveText(/^Lone Star Mutual: \$1,000,000\.00 per incident, \$2,000,000\.00 aggregate, expires /);
  // The licence staff added is on the appraiser's profile too.
  await expect(appraiser.getByRole('region', { name: 'Licenses' })).toContainText('TX-1380001-R');

  // Staff verify the coverage area.
  await openMenu(staff, 'Coverage Review');
  const verify = staff.getByRole('button', { name: new RegExp(`^Verify Travis( County)?, TX for ${APPRAISER_NAME}$`) });
  await verify.click();
  await expectNotice(staff, `is verified for ${APPRAISER_NAME}.`);
  await expect(staff.getByText('No coverage areas are waiting for review.')).toBeVisible();
  await appraiser.reload();
  await appraiser.getByRole('tab', { name: 'Coverage Area', exact: true }).click();
  await expect(area).toContainText('Verified');

  // 3. Staff add a client and create an order for it; its map is placed at the ZIP centre. Edit Order saves a change.
  await openMenu(staff, 'Clients');
  await staff.getByRole('button', { name: 'Add Client' }).click();
  dialog = await openDialog(staff, 'Add Client');
  await dialog.getByLabel(/^Company Name/).fill(CLIENT);
  await dialog.getByLabel(/^Main Contact Name/).fill('Pat Lee');
  await dialog.getByLabel(/^Main Contact E-mail/).fill('pat@capitalcitylending.example');
  await submit(dialog, 'Add Client');
  await expectNotice(staff, `${CLIENT} was added.`);
  await expect(staff.getByRole('table', { name: 'Clients' }).getByText(CLIENT)).toBeVisible();

  await openMenu(staff, 'New Order');
  await staff.getByRole('combobox', { name: 'Client', exact: true }).selectOption({ label: CLIENT });
  await staff.getByLabel(/^Borrower Name/).fill('Jordan Buyer');
  await staff.getByLabel(/^Loan Number/).fill('LN-2026-0001');
  await staff.getByLabel(/^Property Address/).fill(ADDRESS);
  await staff.getByLabel(/^City/).fill('Austin');
  await staff.getByRole('combobox', { name: 'State', exact: true }).selectOption('TX');
  await staff.getByRole('combobox', { name: 'County', exact: true }).selectOption('Travis County');
  await staff.getByLabel(/^Zip/).fill('78701');
  await staff.getByLabel(/^Property Type/).selectOption({ label: 'Single Family Residence' });
  await staff.getByLabel(/^Intended Use/).selectOption({ label: 'Purchase' });
  await staff.getByRole('combobox', { name: /^Report Types/ }).fill('1004');
  await staff.getByRole('option', { name: /^1004 Single Family Residential/ }).click();
  await staff.keyboard.press('Escape');
  await expect(staff.getByLabel(/^Appraiser Fee/)).toHaveValue('450.00');
  await staff.getByLabel(/^Appraiser Due Date/).fill(day(10));
  await staff.getByLabel(/^Inspection Due Date/).fill(day(4));
  await staff.getByRole('button', { name: 'Create Order' }).click();
  await expect(staff).toHaveURL(/\/staff\/orderdetails\/\d+$/);
  await expectNotice(staff, 'Assign it from the Actions menu.');
  const orderId = Number(new URL(staff.url()).pathname.split('/').pop());
  const heading = (await staff.getByRole('heading', { level: 1, name: /^Order #/ }).textContent())!;
  const fileNumber = heading.replace('Order #', '');
  await expect(staff.getByText(ADDRESS).first()).toBeVisible();
  await expect(staff.getByText('Map position: approximate (ZIP centre)')).toBeVisible();

  await staff.getByRole('link', { name: 'Edit Order' }).click();
  await expect(staff).toHaveURL(new RegExp(`/staff/orders/${orderId}/edit$`));
  await expect(staff.getByRole('heading', { level: 1, name: `Edit Order #${fileNumber}` })).toBeVisible();
  const fee = staff.getByLabel(/^Appraiser Fee/);
  await expect(fee).toHaveValue('450.00');
  await checkBothWidths(staff, (v) => `empty-company-edit-order-${v.name}.png`, { ready: () => staff.getByRole('button', { name: 'Save Changes' }) });
  await fee.fill('475.00');
  await staff.getByRole('button', { name: 'Save Changes' }).click();
  await expectNotice(staff, 'The order was saved.');
  await expect(staff).toHaveURL(new RegExp(`/staff/orderdetails/${orderId}$`));
  await expect(staff.getByRole('main')).toContainText('$475.00');

  // 4. Staff assign it to the best candidate, attach a file and add an internal note.
  const assign = await openAction(staff, 'Assign');
  const first = assign.getByRole('radio').first();
  await expect(first).toHaveAccessibleName(APPRAISER_NAME);
  await expect(first).toBeEnabled();
  await first.check();
  await submit(assign, 'Assign Order');
  await expectNotice(staff, `Order assigned to ${APPRAISER_NAME}.`);
  await expect(assign).toHaveCount(0);

  await staff.getByRole('button', { name: 'Attach Files' }).click();
  dialog = await openDialog(staff, 'Attach Files');
  const row = dialog.getByRole('group', { name: 'File 1' });
  await row.getByLabel('File type').selectOption({ label: 'Engagement Letter' });
  await row.getByRole('button', { name: 'File', exact: true }).setInputFiles({ name: 'engagement-letter.pdf', mimeType: 'application/pdf', buffer: PDF });
  await submit(dialog, 'Upload');
  await expectNotice(staff, 'File attached.');
  await expect(staff.getByRole('table', { name: 'Files' })).toContainText('engagement-letter.pdf');

  await staff.getByRole('tab', { name: 'Order Details', exact: true }).click();
  const notes = staff.getByTestId('card-internal-notes');
  await expect(notes).toContainText('No internal notes yet.');
  await notes.getByLabel('Add a note').fill(NOTE);
  await notes.getByRole('button', { name: 'Add Note' }).click();
  await expectNotice(staff, 'The note was added.');
  await expect(notes.getByRole('list', { name: 'Internal notes' })).toContainText(NOTE);
  await expect(notes.getByRole('list', { name: 'Internal notes' })).toContainText('Jane Doe');
  await checkBothWidths(staff, (v) => `empty-company-staff-order-notes-${v.name}.png`, { ready: () => notes });

  // 5. The appraiser opens the order from the dashboard: the attached file is there, the note is not.
  await appraiser.goto('/appraiser/dashboard');
  await appraiser.getByRole('link', { name: fileNumber, exact: true }).first().click();
  await expect(appraiser).toHaveURL(new RegExp(`/appraiser/orderdetails/${orderId}$`));
  await expect(appraiser.getByRole('heading', { level: 1, name: `Order #${fileNumber}` })).toBeVisible();
  await expect(appraiser.getByText(ADDRESS).first()).toBeVisible();
  await expect(appraiser.getByTestId('card-internal-notes')).toHaveCount(0);
  await checkBothWidths(appraiser, (v) => `empty-company-appraiser-order-${v.name}.png`, { ready: () => appraiser.getByRole('tab', { name: 'Order Details', selected: true }) });
  for (const tab of ['Order Details', 'History & Revisions', 'Files', 'Messages']) {
    await appraiser.getByRole('tab', { name: tab, exact: true }).click();
    await expect(appraiser.getByRole('tab', { name: tab, selected: true })).toBeVisible();
    if (tab === 'Files') await expect(appraiser.getByRole('table', { name: 'Files' })).toContainText('engagement-letter.pdf');
    await settle(appraiser);
    await expect(appraiser.locator('body')).not.toContainText(NOTE);
    await expect(appraiser.locator('body')).not.toContainText('Internal Notes');
  }

  await Promise.all([staff.context().close(), appraiser.context().close()]);
});
