// Diagnostics come from a Web Worker (the app's wasm running the lint job,
// src/worker/lint.rs, started by src/lint_worker.rs after the first
// verdicts): they follow every edit, an
// answer to an older text never replaces a newer one, and a worker that
// cannot load or fails is said where diagnostics show, never shown as
// "no findings".

import { test, expect, gotoApp } from '../support/fixtures.mjs';

const card = (page) => page.getByTestId('diagnostics-card');
const diagnostic = (page, code) => page.locator(`[data-testid=diagnostic][data-code=${code}]`);

test('diagnostics arrive after the first verdicts and follow every edit', async ({ page }) => {
  const workerFiles = [];
  page.on('request', (r) => {
    if (/robots-worker|lazy-lint-worker/.test(r.url())) workerFiles.push(new URL(r.url()).pathname.split('/').pop());
  });
  await gotoApp(page);
  await expect(page.getByTestId('result-row').first()).toBeVisible();
  await expect(card(page)).toHaveAttribute('data-state', 'current');
  // The worker's script and its job's chunk (the rest is the app's own
  // glue and wasm): loaded once.
  expect(workerFiles.map((n) => n.replace(/-[0-9a-f]+\.wasm$/, '.wasm')).sort()).toEqual(['lazy-lint-worker.wasm', 'robots-worker.js']);

  const input = page.getByTestId('robots-input');
  await input.fill('User-agent: *\nDissallow: /x\n');
  await expect(diagnostic(page, 'typo-accepted')).toHaveAttribute('data-line', '2');
  await expect(card(page)).toHaveAttribute('data-state', 'current');
  // The gutter and the line's colours read the same findings.
  await expect(page.locator('.gutter-line .marker.sev-warning')).toHaveCount(1);

  await input.fill('User-agent: *\nFoo: bar\n');
  await expect(diagnostic(page, 'unknown-directive')).toHaveCount(1);
  await expect(card(page)).toHaveAttribute('data-state', 'current');
  await expect(diagnostic(page, 'typo-accepted')).toHaveCount(0);

  // A fix is applied on the page from the worker's edit, and linted again.
  await input.fill('User-agent: *\nDissallow: /x\n');
  await diagnostic(page, 'typo-accepted').getByTestId('quick-fix').click();
  await expect(input).toHaveValue('User-agent: *\nDisallow: /x\n');
  await expect(card(page)).toHaveAttribute('data-state', 'current');
  await expect(page.getByTestId('diagnostic')).toHaveCount(0);
  await expect(card(page)).toContainText('No problems found.');
});

/** The worker's script with `prefix` run first (before it starts its job). */
function workerScriptWith(page, prefix) {
  return page.route('**/robots-worker.js', async (route) => {
    const script = await (await route.fetch()).text();
    // Its imports first (they are hoisted anyway), then the prefix, then
    // the job's start.
    const imports = script.match(/^import .*$/gm).join('\n');
    await route.fulfill({ contentType: 'text/javascript', body: `${imports}\n${prefix}\n${script.replace(/^import .*$/gm, '')}` });
  });
}

test('an answer to an older text never replaces the newer one', async ({ page }) => {
  // The worker's loader, with every answer that carries a typo-accepted
  // finding held back for 1.5 s: the older text's answer comes last.
  await workerScriptWith(
    page,
    `const post = self.postMessage.bind(self);
    self.postMessage = (message, ...rest) => {
      if (typeof message === 'string' && message.includes('typo-accepted')) {
        setTimeout(() => post(message, ...rest), 1500);
      } else {
        post(message, ...rest);
      }
    };`,
  );

  await gotoApp(page);
  await expect(card(page)).toHaveAttribute('data-state', 'current');
  const input = page.getByTestId('robots-input');
  await input.fill('User-agent: *\nDissallow: /old\n');
  await expect(card(page)).toHaveAttribute('data-state', 'pending');
  // The older text's request is on its way (its answer held back).
  await page.waitForTimeout(300);
  await input.fill('User-agent: *\nFoo: bar\n');
  await expect(diagnostic(page, 'unknown-directive')).toHaveCount(1);
  await expect(card(page)).toHaveAttribute('data-state', 'current');
  // The older answer arrives now, and is dropped.
  await page.waitForTimeout(2000);
  await expect(diagnostic(page, 'typo-accepted')).toHaveCount(0);
  await expect(diagnostic(page, 'unknown-directive')).toHaveCount(1);
  await expect(card(page)).toHaveAttribute('data-state', 'current');
});

test.describe('a worker that cannot load', () => {
  test.use({ expectedConsoleErrors: [/404|robots-worker|lint worker|WebAssembly|Failed to fetch|TypeError|integrity/] });

  test('is said where diagnostics show, and verdicts are unaffected', async ({ page }) => {
    // The lint job's chunk (the worker's own code: the rest is the page's
    // wasm, which loads).
    await page.route(/\/lazy-lint-worker-[0-9a-f]+\.wasm$/, (route) => route.fulfill({ status: 404, body: 'gone' }));
    await gotoApp(page);
    await expect(page.getByTestId('result-row').first()).toBeVisible();
    await expect(card(page)).toHaveAttribute('data-state', 'failed');
    await expect(page.getByTestId('diagnostics-unavailable')).toContainText('Diagnostics are unavailable');
    await expect(card(page)).not.toContainText('No problems found.');
    // Editing still checks.
    await page.getByTestId('robots-input').fill('User-agent: *\nDisallow: /\n');
    await expect(page.locator('[data-testid=result-row][data-verdict=disallowed]').first()).toBeVisible();
    await expect(card(page)).toHaveAttribute('data-state', 'failed');
  });
});

test.describe('a worker that fails while running', () => {
  test.use({ expectedConsoleErrors: [/robots-worker/, /lint failed on purpose/] });

  test('is said where diagnostics show', async ({ page }) => {
    // The worker loads, then throws on the first request it gets.
    await workerScriptWith(
      page,
      `self.addEventListener('message', (e) => {
        if (typeof e.data === 'string' && e.data.includes('ProcessInput')) {
          throw new Error('lint failed on purpose');
        }
      });`,
    );

    await gotoApp(page);
    await expect(card(page)).toHaveAttribute('data-state', 'failed');
    await expect(page.getByTestId('diagnostics-unavailable')).toContainText('lint failed on purpose');
  });
});
