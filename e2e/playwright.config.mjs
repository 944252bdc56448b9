// Playwright configuration for the end-to-end suite. It drives Debian's
// chromium (/usr/bin/chromium): Playwright's own browser builds cannot be
// downloaded on the machines this project uses, so never run
// `playwright install`.
//
// The suite tests an existing release build in dist/ (scripts/test builds it
// once; E2E_DIST names another directory). To test a sub-path build:
//   trunk build --release --public-url /some/sub/path/
//   E2E_BASE_PATH=/some/sub/path/ npm run e2e

import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_LAUNCH } from './support/chromium.mjs';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const port = Number(process.env.E2E_PORT ?? 4173);
const basePath = process.env.E2E_BASE_PATH ?? '/';
const baseURL = `http://127.0.0.1:${port}${basePath}`;

export default defineConfig({
  testDir: './specs',
  outputDir: '../test-results',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: 2,
  reporter: [
    ['list'],
    ['./support/failures-reporter.mjs'],
    ...(process.env.CI ? [] : [['html', { open: 'never', outputFolder: '../playwright-report' }]]),
  ],
  use: {
    baseURL,
    browserName: 'chromium',
    headless: true,
    // Each test gets a new browser context, i.e. a fresh temporary profile.
    launchOptions: CHROMIUM_LAUNCH,
    trace: 'retain-on-failure',
  },
  webServer: {
    command: `node e2e/serve-dist.mjs --dir ${process.env.E2E_DIST ?? 'dist'} --port ${port} --base ${basePath}`,
    cwd: repoRoot,
    url: baseURL,
    reuseExistingServer: !process.env.CI,
    timeout: 30_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
