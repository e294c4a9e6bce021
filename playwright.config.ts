import { defineConfig, devices } from '@playwright/test';
import { HEADLESS_SHELL, LAUNCH_ARGS } from './e2e/browsers';

/*
 * E2E against the real, built server on a freshly seeded database (scripts/e2e-server.mjs
 * wipes its data folder first). Playwright can't download browsers here, so it drives
 * Debian's Chromium builds (e2e/browsers.ts; scripts/ensure-chromium.mjs installs them).
 */
const PORT = Number(process.env.E2E_PORT ?? 3100);
export const BASE_URL = `http://127.0.0.1:${PORT}`;

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  // Per test. 30 s was the default; on a loaded two-core machine the heavier tests (a role's
  // five tables with axe, 19 s alone) ran past it while the other worker walked the phone
  // screens, failing on time, not on anything they check.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: BASE_URL,
    // Recording a trace costs every test, failing or not: two specs took 112 s with it and
    // 74 s without (the phone and dashboard specs, this machine). CI's clean clone keeps no
    // trace anyway; on a failure it prints the page snapshot (error-context.md), which
    // Playwright takes without one. Locally a failing test keeps its trace.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    ...devices['Desktop Chrome'],
    viewport: { width: 1280, height: 800 },
    launchOptions: { executablePath: HEADLESS_SHELL, args: LAUNCH_ARGS },
  },
  // One sign-in per role, saved for every spec (e2e/auth.setup.ts); then every spec in
  // parallel: each makes the data it changes (e2e/api.ts) or edits records no other edits.
  projects: [
    { name: 'setup', testMatch: /auth\.setup\.ts/ },
    { name: 'main', dependencies: ['setup'] },
  ],
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `${BASE_URL}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: { PORT: String(PORT), DATA_DIR: '.data-e2e', HOST: '127.0.0.1' },
  },
});
