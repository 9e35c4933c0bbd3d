import { defineConfig } from '@playwright/test';

/**
 * Browser flows: the built web app (apps/web/dist) served by the real server, in Debian's Chromium (no browser
 * download). The global setup starts the server on a free port with a fresh demo database and stops it after.
 */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.e2e.ts',
  globalSetup: './support/global-setup.ts',
  workers: 2,
  fullyParallel: true,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // The JSON report feeds the CI's closing line (.ci/summary.mjs).
  reporter: [['list'], ['json', { outputFile: '../test-results/e2e.json' }]],
  use: {
    baseURL: process.env.E2E_BASE_URL,
    launchOptions: {
      // npm test finds a browser and passes it here (scripts/browser.mjs).
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    },
    viewport: { width: 1440, height: 900 },
    locale: 'en-US',
    trace: 'off',
  },
});
