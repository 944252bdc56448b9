// Smoke test: the release build loads, renders and behaves as a
// self-contained page (no foreign requests, no CSP violations, no errors;
// the checks themselves live in support/fixtures.mjs).

import { test, expect, gotoApp, screenshotPath } from '../support/fixtures.mjs';

test('the app loads from its own origin only and renders', async ({ page, baseURL }) => {
  // Recorded as they finish; a worker's requests may be reported after the
  // page has already shown what the worker answered (they come from the
  // worker's own target), so the checks below poll instead of reading once.
  const requests = [];
  page.on('requestfinished', async (request) => {
    const response = await request.response();
    requests.push({ url: request.url(), status: response?.status(), type: response?.headers()['content-type'] });
  });

  const response = await gotoApp(page);
  expect(response.status()).toBe(200);
  await expect(page.locator('h1')).toContainText('robots.txt');

  // The app's wasm, and the worker's (which lints, once the first verdicts
  // are shown); lazy panels' chunks (the diagnostics list's, once there
  // are findings) are counted apart: e2e/specs/size-split.spec.mjs.
  await expect(page.getByTestId('diagnostics-card')).toHaveAttribute('data-state', 'current');
  await expect
    .poll(() => requests.filter((r) => /\/lazy-lint-worker-[0-9a-f]+\.wasm$/.test(r.url)).map((r) => r.status))
    .toEqual([200]);
  // The worker runs the same module (fetched again in the worker, from the
  // cache), so: one module, its requests all answered.
  const wasm = requests.filter((r) => new URL(r.url).pathname.endsWith('.wasm') && !/\/lazy-/.test(r.url));
  expect(new Set(wasm.map((r) => r.url)).size, 'exactly one wasm module for the app').toBe(1);
  expect(wasm[0].status).toBe(200);
  expect(wasm[0].type).toBe('application/wasm');
  const origin = new URL(baseURL).origin;
  for (const { url } of requests) {
    if (!url.startsWith('data:')) expect(new URL(url).origin).toBe(origin);
  }

  await page.screenshot({ path: screenshotPath('smoke'), fullPage: true });
});

test('the page carries a strict Content-Security-Policy', async ({ page }) => {
  await gotoApp(page);
  const csp = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("connect-src 'self'");
  expect(csp).toContain("object-src 'none'");
  expect(csp).not.toContain('unsafe-inline');
  // No inline scripts: the CSP would block them anyway.
  expect(await page.locator('script:not([src])').count()).toBe(0);
});

test.describe('unknown paths', () => {
  // Chromium logs the 404 of the page itself as a console error.
  test.use({ expectedConsoleErrors: [/status of 404/] });

  test('get a 404 page that leads back to the app', async ({ page, baseURL }) => {
    const response = await page.goto('./no-such-page');
    expect(response.status()).toBe(404);
    const href = await page.getByRole('link').first().getAttribute('href');
    expect(new URL(href, page.url()).href).toBe(baseURL);
  });
});
