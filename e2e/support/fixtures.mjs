// Shared test fixtures. Import `test` and `expect` from here instead of
// '@playwright/test': every test then automatically fails if the page
//   - requests anything from another origin (the app must never phone home:
//     what visitors paste stays in their browser),
//   - logs a console error or throws an uncaught exception,
//   - triggers a Content-Security-Policy violation.

import { fileURLToPath } from 'node:url';
import { test as base, expect } from '@playwright/test';

export { expect };

/** Where specs save screenshots (gitignored). */
export function screenshotPath(name) {
  return fileURLToPath(new URL(`../screenshots/${name}.png`, import.meta.url));
}

/** Opens the app (optionally with a URL hash) and waits until the wasm has started. */
export async function gotoApp(page, hash = '') {
  const response = await page.goto(hash ? `./#${hash}` : './');
  await page.waitForFunction(() => window.__appStarted === true);
  return response;
}

export const test = base.extend({
  /** Console errors a test expects, as regular expressions; set with test.use(). */
  expectedConsoleErrors: [[], { option: true }],
  /** Uncaught exceptions a test expects (a forced trap), as regular expressions. */
  expectedPageErrors: [[], { option: true }],

  pageIssues: [
    async ({ page, baseURL, expectedConsoleErrors, expectedPageErrors }, use) => {
      const origin = new URL(baseURL).origin;
      const issues = { foreignRequests: [], consoleErrors: [], pageErrors: [], cspViolations: [] };

      page.on('request', (request) => {
        const url = new URL(request.url());
        // data: and blob: URLs never leave the browser.
        if (url.protocol === 'data:' || url.protocol === 'blob:') return;
        if (url.origin !== origin) issues.foreignRequests.push(request.url());
      });
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        const text = message.text();
        if (!expectedConsoleErrors.some((re) => re.test(text))) issues.consoleErrors.push(text);
      });
      page.on('pageerror', (error) => {
        if (!expectedPageErrors.some((re) => re.test(error.message))) issues.pageErrors.push(error.message);
      });

      // Init scripts run before the page's own scripts and are not subject
      // to its CSP, so these listeners see every violation and the start.
      await page.exposeFunction('__reportCspViolation', (v) => issues.cspViolations.push(v));
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (e) =>
          window.__reportCspViolation(`${e.violatedDirective} blocked ${e.blockedURI || 'inline'}`),
        );
        addEventListener('TrunkApplicationStarted', () => {
          window.__appStarted = true;
        });
      });

      await use(issues);

      // Soft, so one run reports every kind of problem at once.
      expect.soft(issues.foreignRequests, 'requests to other origins').toEqual([]);
      expect.soft(issues.cspViolations, 'CSP violations').toEqual([]);
      expect.soft(issues.pageErrors, 'uncaught exceptions').toEqual([]);
      expect.soft(issues.consoleErrors, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
});
