// The build as shipped: subresource integrity on every file the page
// loads, computed from the files as served (after terser rewrote the JS:
// scripts/lib/post-build.mjs); a changed file refused; and the page
// fetching before its first verdicts only what the size check counts as
// its first load (scripts/lib/size.mjs).

import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test as plain } from '@playwright/test';
import { test, expect, gotoApp } from '../support/fixtures.mjs';
import { distSizes } from '../../scripts/lib/size.mjs';
import { recordUntilFirstVerdicts } from '../support/first-verdicts.mjs';

const dist = resolve(fileURLToPath(new URL('../..', import.meta.url)), process.env.E2E_DIST ?? 'dist');
const sri = (bytes) => `sha384-${createHash('sha384').update(bytes).digest('base64')}`;
const fileName = (url) => new URL(url).pathname.split('/').pop();

test('every file the page loads names the integrity of its bytes as served', async ({ page, request }) => {
  await gotoApp(page);
  const tags = await page.evaluate(() =>
    [...document.querySelectorAll('link[href], script[src]')].map((el) => ({
      tag: el.outerHTML,
      url: el.href || el.src,
      rel: el.rel ?? 'script',
      integrity: el.integrity,
    })),
  );
  const rels = tags.map((t) => t.rel);
  for (const rel of ['script', 'modulepreload', 'preload', 'stylesheet']) expect(rels, rel).toContain(rel);
  const bodies = new Map();
  for (const t of tags) {
    const body = await (await request.get(t.url)).body();
    expect(t.integrity, t.tag).toBe(sri(body));
    bodies.set(fileName(t.url), body);
  }
  // The app's JS fetches its wasm with the wasm's integrity.
  const script = tags.find((t) => t.rel === 'script');
  const wasmName = fileName(script.url).replace(/\.js$/, '_bg.wasm');
  expect(bodies.has(wasmName), 'the wasm is preloaded with its integrity').toBe(true);
  expect(bodies.get(fileName(script.url)).toString()).toContain(sri(bodies.get(wasmName)));
});

test('before its first verdicts the page fetches only what the size check counts as first load', async ({ page }) => {
  // What loads after the first verdicts (the worker that lints) is not
  // first load.
  const { requests, firstRowAt: rowAt } = await recordUntilFirstVerdicts(page);
  await gotoApp(page);
  await expect(page.getByTestId('result-row').first()).toBeVisible();
  const firstRowAt = await rowAt();
  const fetched = new Set(requests.filter((r) => r.start < firstRowAt).map((r) => r.name));
  const sizes = await distSizes(dist);
  const firstLoad = new Set(sizes.files.filter((f) => f.part === 'first load').map((f) => f.name));
  const wasm = [...fetched].filter((n) => n.endsWith('.wasm'));
  expect(wasm, 'the wasm is fetched once (the preload is reused)').toHaveLength(1);
  for (const name of fetched) expect(firstLoad, `${name} is fetched before the first verdicts`).toContain(name);
  // The worker's files load after the first verdicts, and are counted
  // apart (on demand).
  // (its script and its job's chunk; the rest is the page's own glue and
  // wasm, run again in the worker).
  const worker = () => requests.filter((r) => /^(robots-worker\.js|lazy-lint-worker-[0-9a-f]+\.wasm)$/.test(r.name));
  await expect.poll(() => worker().length).toBe(2);
  for (const r of worker()) {
    expect(r.start, `${r.name} starts after the first verdicts`).toBeGreaterThan(firstRowAt);
    expect(sizes.files.find((f) => f.name === r.name)?.part, r.name).toMatch(/^on demand/);
  }
});

// A changed file is refused: the app does not start. (The plain test, not
// the fixtures': the refusal is an error on purpose.)
for (const [what, pattern] of [
  ['JS', /robots-playground-[^/]*\.js$/],
  ['wasm', /robots-playground-[^/]*_bg\.wasm$/],
]) {
  plain(`a changed ${what} file is refused`, async ({ page }) => {
    const errors = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    page.on('pageerror', (e) => errors.push(e.message));
    await page.addInitScript(() => addEventListener('TrunkApplicationStarted', () => (window.__appStarted = true)));
    await page.route(pattern, async (route) => {
      const response = await route.fetch();
      const body = await response.body();
      // One byte more: a comment for the script, a trailing byte for the wasm.
      const changed = Buffer.concat([body, Buffer.from(what === 'wasm' ? [0] : '\n//')]);
      await route.fulfill({ response, body: changed });
    });
    await page.goto('./');
    await expect.poll(() => errors.join('\n'), { timeout: 10_000 }).toMatch(/integrity/i);
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => window.__appStarted === true)).toBe(false);
    await expect(page.getByTestId('result-row')).toHaveCount(0);
  });
}
