import { defineConfig, devices } from '@playwright/test';

/*
 * E2E against the real, built server on a freshly seeded database (scripts/e2e-server.mjs
 * wipes its data folder first). Playwright can't download browsers here, so it drives
 * Debian's Chromium (scripts/ensure-chromium.mjs installs it).
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
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    ...devices['Desktop Chrome'],
    viewport: { width: 1280, height: 800 },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  // Changing a password ends every session of that account, so that flow runs alone,
  // after everything else.
  // The XSS spec rewrites the shared role descriptions and adds rows other specs would
  // see, so it runs last.
  projects: [
    { name: 'main', testIgnore: /(password|xss)\.spec\.ts/ },
    { name: 'password', testMatch: /password\.spec\.ts/, dependencies: ['main'] },
    { name: 'xss', testMatch: /xss\.spec\.ts/, dependencies: ['password'] },
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
