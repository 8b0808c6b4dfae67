// Starts the real server for the browser tests: `${PORTAL_BIN} serve --demo` on a fresh temporary
// database and file store, waits for /healthz, then stays up until Playwright stops it.
// It also runs a real SMTP server (e2e/mail-sink.mjs) on a free 127.0.0.1 port and hands it to the
// portal as PORTAL_SMTP_URL; every received message is written, raw, as a .eml file into the mail
// folder (PORTAL_E2E_MAILDIR, default <tmpdir>/portal-e2e-mail, emptied at start) that the tests read.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CLIENT_ID, CLIENT_SECRET, startIdentityProvider } from './identity-provider.mjs';
import { startMailSink } from './mail-sink.mjs';

const bin = process.env.PORTAL_BIN;
if (!bin) {
  console.error('start-server: set PORTAL_BIN to the appraisal-portal binary');
  process.exit(2);
}

const url = new URL(process.env.PORTAL_E2E_URL ?? 'http://127.0.0.1:18080');
const bind = `${url.hostname}:${url.port || '80'}`;
const dir = mkdtempSync(join(tmpdir(), 'portal-e2e-'));

// Keep in step with mailDir() in e2e/helpers.ts.
const mailDir = process.env.PORTAL_E2E_MAILDIR ?? join(tmpdir(), 'portal-e2e-mail');
const smtp = await startMailSink(mailDir, 'start-server');
const smtpPort = smtp.port;
console.log(`start-server: SMTP sink on 127.0.0.1:${smtpPort}, mail in ${mailDir}`);
const identityProvider = await startIdentityProvider(url.origin);
console.log(`start-server: OpenID Provider at ${identityProvider.issuer}`);

// The tests run the binary's own commands against the same database (e.g. expiring offers as of a
// later time): they find its URL beside the mail.
const databaseUrl = `sqlite://${join(dir, 'portal.db')}?mode=rwc`;
writeFileSync(join(mailDir, 'database.url'), databaseUrl);

const child = spawn(bin, ['serve', '--demo'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    PORTAL_BIND: bind,
    PORTAL_DATABASE_URL: databaseUrl,
    PORTAL_STORAGE_URL: join(dir, 'files'),
    PORTAL_SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    PORTAL_PUBLIC_URL: url.origin,
    // The lender journey's webhook receiver listens on 127.0.0.1: admit http and loopback (a
    // development and test setting; link-local and metadata addresses stay refused).
    PORTAL_WEBHOOKS_ALLOW_PRIVATE: 'true',
    PORTAL_OIDC_ISSUER: identityProvider.issuer,
    PORTAL_OIDC_CLIENT_ID: CLIENT_ID,
    PORTAL_OIDC_CLIENT_SECRET: CLIENT_SECRET,
    PORTAL_OIDC_NAME: 'Test Identity',
  },
});

let stopping = false;
function cleanup() {
  try {
    rmSync(dir, { recursive: true, force: true });
  } catch {
    /* ignore */
  }
}
function stop(signal) {
  if (stopping) return;
  stopping = true;
  void smtp.close();
  void identityProvider.close();
  if (child.exitCode === null) child.kill(signal);
  setTimeout(() => {
    if (child.exitCode === null) child.kill('SIGKILL');
  }, 4000).unref();
}
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(sig, () => stop('SIGTERM'));

child.on('exit', (code, signal) => {
  cleanup();
  void smtp.close();
  void identityProvider.close();
  if (!stopping) console.error(`start-server: server exited early (code ${code}, signal ${signal})`);
  process.exit(stopping ? 0 : (code ?? 1));
});
child.on('error', (e) => {
  console.error(`start-server: cannot start ${bin}: ${e.message}`);
  cleanup();
  process.exit(2);
});

const healthz = new URL('/healthz', url).toString();
const deadline = Date.now() + 170_000;
for (;;) {
  try {
    const res = await fetch(healthz);
    if (res.ok) break;
  } catch {
    /* not up yet */
  }
  if (Date.now() > deadline) {
    console.error(`start-server: ${healthz} did not answer in time`);
    stop('SIGTERM');
    break;
  }
  await new Promise((r) => setTimeout(r, 250));
}
if (!stopping) console.log(`start-server: server ready at ${url.origin} (data in ${dir})`);
