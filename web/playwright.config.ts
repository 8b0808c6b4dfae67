import { defineConfig, devices } from '@playwright/test';

const baseURL = process.env.PORTAL_E2E_URL ?? 'http://127.0.0.1:18080';

/** Debian's Chromium; a downloaded browser is never used. */
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // Axe on a busy two-core machine can take a while.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: 'list',
  use: {
    baseURL,
    trace: 'off',
    screenshot: 'off',
    video: 'off',
    // No Mantine transitions (the theme respects reduced motion): axe never sees a notice or a dialog
    // half faded in, whose blended colours fail the contrast check.
    contextOptions: { reducedMotion: 'reduce' },
    launchOptions: {
      executablePath: process.env.PORTAL_CHROMIUM ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    },
  },
  projects: [
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, channel: undefined },
    },
  ],
  webServer: {
    command: 'node e2e/start-server.mjs',
    url: `${baseURL}/healthz`,
    env: { PORTAL_E2E_URL: baseURL },
    reuseExistingServer: !process.env.CI,
    timeout: 180_000,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
  },
});
