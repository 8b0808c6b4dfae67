// Lighthouse performance scores, desktop and mobile, of the pages a new user meets: the sign-in
// page, a signed-out visit to a dashboard link (it lands on sign-in), and the signed-in dashboard.
// Starts `${PORTAL_BIN} serve --demo` on a fresh temporary database and uses the system's Chromium
// (no browser is downloaded). Usage: PORTAL_BIN=... node scripts/lighthouse.mjs
// With PORTAL_LH_REPORTS=<dir>, each run's full Lighthouse JSON is written there (for its audits);
// PORTAL_LH_ONLY=<part of a page's name> measures only the pages it names.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';

const bin = process.env.PORTAL_BIN;
if (!bin) {
  console.error('lighthouse: set PORTAL_BIN to the appraisal-portal binary');
  process.exit(2);
}
const port = process.env.PORTAL_LH_PORT ?? '18191';
const base = `http://127.0.0.1:${port}`;
const dir = mkdtempSync(join(tmpdir(), 'portal-lighthouse-'));
const server = spawn(bin, ['serve', '--demo'], {
  env: {
    ...process.env,
    PORTAL_BIND: `127.0.0.1:${port}`,
    PORTAL_DATABASE_URL: `sqlite://${dir}/portal.db?mode=rwc`,
    PORTAL_STORAGE_URL: join(dir, 'files'),
    RUST_LOG: 'warn',
  },
  stdio: 'ignore',
});
const stop = () => {
  server.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
};

async function waitUntilUp() {
  for (let i = 0; i < 240; i += 1) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {
      // not yet listening
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the portal did not start');
}

/** Signs demo.appraiser in through verification (the code from the demo outbox); the cookie header. */
async function signIn(username) {
  const jar = new Map();
  const keep = (r) => {
    for (const c of r.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return r;
  };
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const post = async (path, body) =>
    keep(
      await fetch(`${base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: cookie(), 'x-xsrf-token': jar.get('XSRF-TOKEN') ?? '' },
        body: JSON.stringify(body),
      }),
    ).json();
  keep(await fetch(`${base}/api/auth/csrf`));
  const answer = await post('/api/auth/login', { username, password: 'Demo!Password2026' });
  if (answer.verificationToken) {
    const email = `${username}@appraisalportal.example`;
    await post('/api/auth/send-code', { token: answer.verificationToken, emailAddress: email });
    const outbox = await (await fetch(`${base}/api/dev/outbox`)).json();
    const code = /code is (\d{6})/.exec(outbox.find((m) => m.recipient === email).body)[1];
    await post('/api/auth/verify-code', { token: answer.verificationToken, code });
  }
  return [...jar].map(([name, value]) => ({ name, value }));
}

const chrome = await chromeLauncher.launch({
  chromePath: process.env.PORTAL_CHROMIUM ?? '/usr/bin/chromium',
  chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
let failed = false;
try {
  await waitUntilUp();
  const cookies = await signIn('demo.appraiser');
  // The browser holds the session as a browser would (Lighthouse keeps the cookies it finds).
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const page = await browser.newPage();
  const pages = [
    ['sign-in page', '/login', false],
    ['signed-out dashboard link', '/appraiser/dashboard', false],
    ['signed-in dashboard', '/appraiser/dashboard', true],
  ];
  for (const [name, path, signedIn] of pages.filter(([n]) => n.includes(process.env.PORTAL_LH_ONLY ?? ''))) {
    const held = await page.cookies(base);
    if (held.length) await page.deleteCookie(...held);
    if (signedIn) await page.setCookie(...cookies.map((c) => ({ ...c, url: base })));
    const scores = [];
    for (const [form, config] of [
      ['desktop', desktopConfig],
      ['mobile', undefined],
    ]) {
      const flags = { onlyCategories: ['performance'], disableStorageReset: signedIn, logLevel: 'error' };
      const { lhr } = await lighthouse(`${base}${path}`, flags, config, page);
      if (process.env.PORTAL_LH_REPORTS) {
        mkdirSync(process.env.PORTAL_LH_REPORTS, { recursive: true });
        const file = `${name.replaceAll(' ', '-')}.${form}.json`;
        writeFileSync(join(process.env.PORTAL_LH_REPORTS, file), JSON.stringify(lhr, null, 1));
      }
      const audit = (id) => lhr.audits[id]?.displayValue ?? '-';
      scores.push(
        `${form} ${lhr.categories.performance.score?.toFixed(2)} (at ${new URL(lhr.finalDisplayedUrl).pathname}; LCP ${audit('largest-contentful-paint')}, CLS ${audit('cumulative-layout-shift')}, TBT ${audit('total-blocking-time')})`,
      );
    }
    console.log(`${name}: ${scores.join('; ')}`);
  }
} catch (e) {
  console.error(e);
  failed = true;
} finally {
  await chrome.kill();
  stop();
}
process.exit(failed ? 1 : 0);
