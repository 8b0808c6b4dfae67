import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { expect, type APIResponse, type Browser, type Locator, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'Demo!Password2026';

/** Demo users' e-mail addresses. */
export function demoEmail(username: string): string {
  return `${username}@appraisalportal.example`;
}

/** Fills and submits the sign-in form; does not wait for the outcome. */
export async function submitLogin(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await page.getByLabel(/^Username/).fill(username);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/**
 * Signs in all the way: the login form, then, when the server asks for it (always for STAFF and
 * SECRET, and for every fresh browser context), Verify Your Identity by e-mail with the code read
 * from the demo outbox. Returns when the page has left /login and /dual-auth.
 */
export async function signIn(page: Page, username: string, password = DEMO_PASSWORD, options: { paymentPrompt?: boolean } = {}): Promise<void> {
  if (!options.paymentPrompt) await skipPaymentPrompt(page);
  await submitLogin(page, username, password);
  await page.waitForURL((u) => u.pathname !== '/login');
  if (new URL(page.url()).pathname === '/dual-auth') {
    await verifyByEmail(page, username, (since) => codeFromOutbox(page, demoEmail(username), since));
  }
}

/** Keep in step with PROMPT_SEEN_KEY in src/features/orders/PaymentInfoPrompt.tsx. */
const PAYMENT_PROMPT_SEEN_KEY = 'portal.paymentPromptSeen';

/**
 * demo.appraiser is ready for EPP onboarding, so the dashboard opens 'Please Update Payment
 * Information' once per browser session. Tests about other things start as if it had been seen;
 * the payments tests ask for it with `paymentPrompt: true`.
 */
export async function skipPaymentPrompt(page: Page): Promise<void> {
  await page.addInitScript(`window.sessionStorage.setItem(${JSON.stringify(PAYMENT_PROMPT_SEEN_KEY)}, '1')`);
}

/** Submits the login form and expects it to stay on /login with the failure message. */
export async function signInExpectingFailure(page: Page, username: string, password: string): Promise<void> {
  await submitLogin(page, username, password);
  await expect(page.getByRole('alert').filter({ hasText: 'Login failed. Please check your credentials.' })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
}

/**
 * On Verify Your Identity: choose E-mail, enter the user's address (a demo user's unless `email` is
 * given), send, read the code with `readCode` (given a marker taken before sending, so an older code
 * is never used), enter it and wait until the page leaves /dual-auth.
 */
export async function verifyByEmail(
  page: Page,
  username: string,
  readCode: (since: number) => Promise<string>,
  marker: () => Promise<number> = () => outboxMarker(page),
  email: string = demoEmail(username),
): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: 'Verify Your Identity' })).toBeVisible();
  await page.getByRole('radio', { name: 'E-mail' }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel(/^Email address/).fill(email);
  const since = await marker();
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByLabel(/^Verification code/)).toBeVisible();
  const code = await readCode(since);
  await page.getByLabel(/^Verification code/).fill(code);
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await page.waitForURL((u) => u.pathname !== '/dual-auth');
}

interface OutboxMessage {
  id: number;
  channel: string;
  recipient: string;
  subject: string;
  body: string;
}

async function outbox(page: Page): Promise<OutboxMessage[]> {
  const res = await page.request.get('/api/dev/outbox');
  expect(res.ok(), `GET /api/dev/outbox answered ${res.status()}`).toBe(true);
  return (await res.json()) as OutboxMessage[];
}

/** The newest outbox id now (0 when empty). */
export async function outboxMarker(page: Page): Promise<number> {
  return Math.max(0, ...(await outbox(page)).map((m) => m.id));
}

function codeIn(text: string): string | null {
  return /code is (\d{6})/.exec(text)?.[1] ?? null;
}

/** The code of the newest verification message to `recipient` newer than outbox id `since`. */
export async function codeFromOutbox(page: Page, recipient: string, since = 0): Promise<string> {
  let code: string | null = null;
  await expect
    .poll(
      async () => {
        const hit = (await outbox(page)).find((m) => m.id > since && m.recipient === recipient && codeIn(m.body));
        code = hit ? codeIn(hit.body) : null;
        return code;
      },
      { message: `a verification code for ${recipient} in /api/dev/outbox`, timeout: 10_000 },
    )
    .not.toBeNull();
  return code!;
}

// ---- The SMTP sink of e2e/start-server.mjs (or of a spec's own server: pass its folder) ---------

/** The demo server's mail folder. Keep in step with start-server.mjs. */
export function mailDir(): string {
  return process.env.PORTAL_E2E_MAILDIR ?? join(tmpdir(), 'portal-e2e-mail');
}

/**
 * Runs the portal's `expire-offers` command on the test server's database (start-server.mjs leaves
 * its URL beside the mail), judging the automatic offers as of `asOf`.
 */
export function expireOffers(asOf: Date): string {
  const databaseUrl = readFileSync(join(mailDir(), 'database.url'), 'utf8');
  const bin = process.env.PORTAL_BIN;
  if (!bin) throw new Error('set PORTAL_BIN to the appraisal-portal binary');
  return execFileSync(bin, ['expire-offers', '--as-of', asOf.toISOString()], {
    env: { ...process.env, PORTAL_DATABASE_URL: databaseUrl },
    encoding: 'utf8',
  });
}

export interface ReceivedMail {
  file: string;
  to: string;
  subject: string;
  /** The text/plain body, decoded. */
  text: string;
}

function decodeQuotedPrintable(s: string): string {
  const bytes: number[] = [];
  const soft = s.replace(/=\r?\n/g, '');
  for (let i = 0; i < soft.length; i++) {
    const c = soft[i]!;
    if (c === '=' && /^[0-9A-Fa-f]{2}$/.test(soft.slice(i + 1, i + 3))) {
      bytes.push(parseInt(soft.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(c, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function splitHeadAndBody(part: string): { headers: Map<string, string>; body: string } {
  const m = /\r?\n\r?\n/.exec(part);
  const head = m ? part.slice(0, m.index) : part;
  const body = m ? part.slice(m.index + m[0].length) : '';
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeBody(headers: Map<string, string>, body: string): string {
  const enc = (headers.get('content-transfer-encoding') ?? '').toLowerCase();
  if (enc === 'quoted-printable') return decodeQuotedPrintable(body);
  if (enc === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

function decodeHeader(value: string): string {
  return value.replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_all, _cs: string, enc: string, text: string) =>
    enc.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeQuotedPrintable(text.replace(/_/g, ' ')),
  );
}

/** The text/plain content of a raw message (multipart/alternative or single part). */
export function plainTextOf(raw: string): { headers: Map<string, string>; text: string } {
  const { headers, body } = splitHeadAndBody(raw);
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!/^multipart\//i.test(type) || !boundary) return { headers, text: decodeBody(headers, body) };
  const parts = body.split(`--${boundary}`).slice(1);
  for (const part of parts) {
    if (part.startsWith('--')) break;
    const inner = plainTextOf(part.replace(/^\r?\n/, ''));
    const innerType = inner.headers.get('content-type') ?? 'text/plain';
    if (/^text\/plain/i.test(innerType) || /^multipart\//i.test(innerType)) return { headers, text: inner.text };
  }
  return { headers, text: '' };
}

/** Every message the SMTP sink writing into `dir` has received, oldest first. */
export function receivedMail(dir = mailDir()): ReceivedMail[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .map((file) => {
      const raw = readFileSync(join(dir, file), 'utf8');
      const { headers, text } = plainTextOf(raw);
      return {
        file,
        to: headers.get('x-envelope-to') ?? headers.get('to') ?? '',
        subject: decodeHeader(headers.get('subject') ?? ''),
        text,
      };
    });
}

/** How many messages the sink holds now; pass it to waitForMail to only see later ones. */
export function mailMarker(dir = mailDir()): number {
  return receivedMail(dir).length;
}

/** Waits (up to 15 s) for a message to `recipient` received after `since` messages that matches. */
export async function waitForMail(recipient: string, since: number, match: (m: ReceivedMail) => boolean = () => true, dir = mailDir()): Promise<ReceivedMail> {
  let found: ReceivedMail | undefined;
  await expect
    .poll(
      () => {
        found = receivedMail(dir)
          .slice(since)
          .reverse()
          .find((m) => m.to.toLowerCase().includes(recipient.toLowerCase()) && match(m));
        return found ? found.file : null;
      },
      { message: `an e-mail to ${recipient} at the SMTP sink (${dir})`, timeout: 15_000 },
    )
    .not.toBeNull();
  return found!;
}

/** The verification code from the newest e-mail to `recipient` that the SMTP sink received. */
export async function codeFromMail(recipient: string, since: number, dir = mailDir()): Promise<string> {
  const mail = await waitForMail(recipient, since, (m) => codeIn(m.text) !== null, dir);
  return codeIn(mail.text)!;
}

export function mainNav(page: Page) {
  return page.getByRole('navigation', { name: 'Main navigation' });
}

export async function expectMenu(page: Page, labels: string[]): Promise<void> {
  await expect(mainNav(page).getByRole('link')).toHaveText(labels);
}

/** Axe (WCAG 2 A and AA) finds nothing; `exclude` leaves out elements of a known, reported product gap only. */
export async function expectNoAxeViolations(page: Page, exclude: readonly string[] = []): Promise<void> {
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']);
  for (const selector of exclude) builder.exclude(selector);
  const results = await builder.analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => `${n.target.join(' ')} ${n.html} ${n.failureSummary ?? ''}`).join('; ')})`);
  expect(summary, summary.join('\n')).toEqual([]);
}

/** The two widths every screen is checked at. */
export const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'mobile', width: 390, height: 844 },
] as const;

const SCREENSHOTS = join(dirname(fileURLToPath(import.meta.url)), 'screenshots');

/** Saves a PNG under e2e/screenshots/ (git-ignored) for a person to look at. */
export async function screenshot(page: Page, fileName: string, fullPage = true): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, fileName), fullPage });
}

/** Waits for requests, the progress bar and transitions to finish. */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(400);
}

type Viewport = (typeof VIEWPORTS)[number];

/**
 * At each of VIEWPORTS: resizes the page, lets it settle, expects `ready` (given whether the width
 * is the phone's) visible, checks it with axe (at the desktop width only if `axe` says so) and
 * saves the screenshot `fileName` names. Ends at the desktop width.
 */
export async function checkBothWidths(
  page: Page,
  fileName: (viewport: Viewport) => string,
  options: { ready?: (mobile: boolean) => Locator; axe?: 'both widths' | 'desktop only' } = {},
): Promise<void> {
  for (const v of VIEWPORTS) {
    await page.setViewportSize({ width: v.width, height: v.height });
    await settle(page);
    if (options.ready) await expect(options.ready(v.name === 'mobile')).toBeVisible();
    if (options.axe !== 'desktop only' || v.name === 'desktop') await expectNoAxeViolations(page);
    await screenshot(page, fileName(v));
  }
  await page.setViewportSize({ width: VIEWPORTS[0].width, height: VIEWPORTS[0].height });
}

// ---- Orders ---------------------------------------------------------------------------------

/** Tests run offline: anything not on the portal (`portal`, the demo server by default; the map tiles) is refused at once. */
export async function refuseOtherOrigins(page: Page, portal = process.env.PORTAL_E2E_URL ?? 'http://127.0.0.1:18080'): Promise<void> {
  const origin = new URL(portal).origin;
  await page.context().route(
    (url) => url.origin !== origin && url.protocol.startsWith('http'),
    (route) => route.abort('internetdisconnected'),
  );
}

/** Refuses every address off this machine: the portal and the test's OpenID Provider both listen on 127.0.0.1. */
export async function refuseOtherHosts(page: Page): Promise<void> {
  await page.context().route(
    (url) => url.hostname !== '127.0.0.1' && url.protocol.startsWith('http'),
    (route) => route.abort('internetdisconnected'),
  );
}

/**
 * Signs in with "Sign in with Test Identity": the test's OpenID Provider (e2e/identity-provider.mjs)
 * takes any password on its own sign-in form, and vouches for `email`; then its consent.
 */
export async function signInWithIdentityProvider(page: Page, email: string): Promise<void> {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Sign in with Test Identity' }).click();
  await page.locator('input[name="login"]').fill(email);
  await page.locator('input[name="password"]').fill('checked by the provider only');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
}

/** A page in a browser context of its own (its own cookies) that refuses other origins; signed in as `username` when given. */
export async function newPage(browser: Browser, username?: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await refuseOtherOrigins(page);
  if (username) await signIn(page, username);
  return page;
}

/** The id of a demo order, read from its dashboard row (searched by file number, any status). */
export async function orderIdByFileNumber(page: Page, fileNumber: string, area: 'appraiser' | 'staff' = 'appraiser'): Promise<number> {
  await page.goto(`/${area}/dashboard?usaFileNumber=${fileNumber}&status=0`);
  const row = page.locator('[data-order-id]').filter({ hasText: fileNumber }).first();
  await expect(row).toBeVisible();
  return Number(await row.getAttribute('data-order-id'));
}

/** A tiny valid PDF for upload tests. */
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');

/** A tiny valid PDF whose bytes carry `text`, so two reports differ. */
export const pdfWith = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n`);

/** A date `offset` days from today in the company's time zone (yyyy-mm-dd). */
export function day(offset: number): string {
  const t = new Date(Date.now() + offset * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago', year: 'numeric', month: '2-digit', day: '2-digit' }).format(t);
}

export async function expectNotice(page: Page, text: string): Promise<void> {
  await expect(page.locator('.mantine-Notification-root').filter({ hasText: text }).first()).toBeVisible();
}

/** Waits for the dialog of that title, lets it settle and checks it with axe. */
export async function openDialog(page: Page, title: string): Promise<Locator> {
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  await settle(page);
  await expectNoAxeViolations(page);
  return dialog;
}

/** The labels of the order page's Actions menu, read once it has rendered; closes it again. */
export async function menuItems(page: Page): Promise<string[]> {
  const button = page.getByRole('button', { name: 'Actions' });
  // A menu left open (focus handed back from a closed dialog) is read as it is, not toggled shut.
  if ((await button.getAttribute('aria-expanded', { timeout: 5_000 })) !== 'true') await button.click({ timeout: 5_000 });
  const items = page.getByRole('menu').getByRole('menuitem');
  await items.first().waitFor({ timeout: 5_000 });
  const texts = await items.allTextContents();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0, { timeout: 5_000 });
  return texts;
}

/** Chooses an action from the Actions menu and returns its open dialog, checked with axe. */
export async function openAction(page: Page, label: string, title = label): Promise<Locator> {
  await page.getByRole('button', { name: 'Actions' }).click();
  await page.getByRole('menu').getByRole('menuitem', { name: label, exact: true }).click();
  return openDialog(page, title);
}

export async function submit(dialog: Locator, name: string): Promise<void> {
  await dialog.getByRole('button', { name, exact: true }).click();
}

/** On the staff order page: answers every item of the Review Checklist "Pass", saves, and waits until all are answered. */
export async function passChecklist(page: Page): Promise<void> {
  const card = page.getByRole('region', { name: 'Review Checklist' });
  await expect(card.getByRole('radiogroup').first()).toBeVisible();
  for (const group of await card.getByRole('radiogroup').all()) await group.getByRole('radio', { name: 'Pass' }).check();
  await card.getByRole('button', { name: 'Save Review' }).click();
  await expectNotice(page, 'The review was saved.');
  await expect(card.getByText(/^(\d+) of \1 answered$/)).toBeVisible();
}

/** On the staff order page: acknowledges the data file's warnings when some wait for it. */
export async function acknowledgeWarnings(page: Page): Promise<void> {
  const card = page.getByTestId('card-report-data');
  const acknowledge = card.getByRole('button', { name: /^Acknowledge/ });
  if (await acknowledge.count()) {
    for (const box of await card.getByRole('checkbox').all()) await box.check();
    await acknowledge.click();
  }
}

/** On the staff order page: Complete, and its notice. */
export async function completeOrder(page: Page): Promise<void> {
  const dialog = await openAction(page, 'Complete');
  await submit(dialog, 'Complete Order');
  await expectNotice(page, 'Order completed.');
}

/**
 * On the staff order page: Deliver To Client, sending the borrower's copy or not. Returns the dialog,
 * which stays open when the server refuses.
 */
export async function deliverToClient(page: Page, sendBorrowerCopy: boolean): Promise<Locator> {
  const dialog = await openAction(page, 'Deliver To Client');
  await dialog.getByRole('checkbox', { name: "Send the borrower's copy" }).setChecked(sendBorrowerCopy);
  await submit(dialog, 'Deliver To Client');
  return dialog;
}

/** The appraiser uploads the report and its data file in one go, answering the open revision items. */
export async function uploadReport(page: Page, report: Buffer, dataFile: Buffer, answer?: string): Promise<void> {
  const dialog = await openAction(page, 'Upload Files');
  const first = dialog.getByRole('group', { name: 'File 1' });
  await first.getByLabel('File type').selectOption({ label: answer ? 'Revised Appraisal Report' : 'Appraisal Report' });
  const names = answer ? ['report-revised.pdf', 'appraisal-revised.zip'] : ['report.pdf', 'appraisal.zip'];
  await first.getByRole('button', { name: 'File', exact: true }).setInputFiles({ name: names[0]!, mimeType: 'application/pdf', buffer: report });
  await dialog.getByRole('button', { name: 'Add another file' }).click();
  const second = dialog.getByRole('group', { name: 'File 2' });
  await second.getByLabel('File type').selectOption({ label: 'Appraisal Data File' });
  await second.getByRole('button', { name: 'File', exact: true }).setInputFiles({ name: names[1]!, mimeType: 'application/zip', buffer: dataFile });
  if (answer) await dialog.getByLabel('Your answer').fill(answer);
  await submit(dialog, 'Upload');
  await expect(dialog).toHaveCount(0);
}

// ---- Setting up through the API what a test is not about -----------------------------------------

/** Sends `data` as JSON with the CSRF token and expects the server to accept it. */
export async function apiSend(page: Page, method: 'post' | 'put', path: string, data: unknown): Promise<APIResponse> {
  const csrf = (await (await page.request.get('/api/auth/csrf')).json()) as { token: string };
  const res = await page.request[method](path, { data, headers: { 'X-XSRF-TOKEN': csrf.token } });
  expect(res.status(), `${path}: ${await res.text()}`).toBeLessThan(300);
  return res;
}

export async function apiGet<T>(page: Page, path: string): Promise<T> {
  const res = await page.request.get(path);
  expect(res.status(), `${path}: ${await res.text()}`).toBe(200);
  return (await res.json()) as T;
}

/** The lender signed in on `client` orders an appraisal in Austin, TX 78701; `fields` give the street, the borrower and the rest that differs. Returns its id. */
export async function placeOrder(client: Page, fields: Record<string, unknown>): Promise<number> {
  const placed = await apiSend(client, 'post', '/api/client/orders', {
    propertyCity: 'Austin',
    propertyStateCode: 'TX',
    propertyZip: '78701',
    propertyCounty: 'Travis County',
    propertyTypeId: 1,
    intendedUseId: 1,
    productId: 1,
    loanNumber: `LN-${Date.now()}`,
    requestedDueDate: day(20),
    ...fields,
  });
  return ((await placed.json()) as { id: number }).id;
}

/** Staff assign the order to the appraiser signed in on `appraiser`, who accepts it and schedules and marks the inspection today. */
export async function assignAndInspect(staff: Page, appraiser: Page, orderId: number): Promise<void> {
  const me = await apiGet<{ securityUserId: number }>(appraiser, '/api/auth/logged-in');
  await apiSend(staff, 'post', `/api/staff/orders/${orderId}/assign`, { appraiserId: me.securityUserId });
  await apiSend(appraiser, 'post', '/api/order-details/accept', { orderId });
  await apiSend(appraiser, 'post', '/api/order-details/schedule-inspection', {
    orderId,
    inspectionActualDate: day(0),
    estimatedDeliveryDate: day(5),
    appointmentStartTime: '09:00',
    appointmentEndTime: '10:00',
    appointmentScheduledWith: 'Borrower',
    lateInspectionReason: '',
    rescheduleReason: '',
  });
  await apiSend(appraiser, 'post', '/api/order-details/mark-inspected', {
    orderId,
    inspectionActualDate: day(0),
    inspectionActualTime: '09:30',
    estimatedDeliveryDate: day(5),
    orderStatusMessage: '',
    reasonLateDelivery: '',
  });
}
