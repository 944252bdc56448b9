// The split build: before its first verdicts the page fetches only what
// the size check counts as its first load (scripts/lib/size.mjs's
// `partOf`, the one classification), no lazy chunk among them; each lazy
// panel works when opened, its chunks fetched then and counted on demand;
// and a chunk that cannot load (offline, a 404) is said in its panel, is
// not a trap (no failure banner, the rest of the page keeps working), and
// a later opening tries again.

import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test, expect, gotoApp } from '../support/fixtures.mjs';
import { LAZY_CHUNKS, distSizes, partOf } from '../../scripts/lib/size.mjs';
import { recordUntilFirstVerdicts } from '../support/first-verdicts.mjs';

const dist = resolve(fileURLToPath(new URL('../..', import.meta.url)), process.env.E2E_DIST ?? 'dist');
const LAZY = `on demand: ${LAZY_CHUNKS}`;
const fileName = (url) => new URL(url).pathname.split('/').pop() || 'index.html';

/** Records every same-origin request the page makes, by file name, in order. */
function recordRequests(page) {
  const names = [];
  page.on('request', (r) => {
    if (r.url().startsWith('http')) names.push(fileName(r.url()));
  });
  return names;
}

test('before its first verdicts the page fetches only first-load files, and no lazy chunk', async ({ page }) => {
  const { requests, firstRowAt: rowAt } = await recordUntilFirstVerdicts(page);
  await gotoApp(page);
  await expect(page.getByTestId('result-row').first()).toBeVisible();
  const firstRowAt = await rowAt();
  const before = requests.filter((r) => r.start < firstRowAt).map((r) => r.name);
  expect(before).toContain('index.html');
  const firstLoad = new Set((await distSizes(dist)).files.filter((f) => f.part === 'first load').map((f) => f.name));
  for (const name of before) expect(firstLoad, `${name} is fetched before the first verdicts`).toContain(name);
  expect(before.filter((n) => partOf(n) === LAZY), 'lazy chunks before the first verdicts').toEqual([]);
});

/** Each lazy panel: how to open it, and what shows once its code is in. */
const PANELS = [
  {
    name: 'the audit and matrix',
    open: (page) => page.getByTestId('matrix-toggle').click(),
    shown: (page) => page.getByTestId('audit'),
  },
  {
    name: 'the rules view',
    open: (page) => page.getByTestId('by-rule-toggle').click(),
    shown: (page) => page.getByTestId('rule-counts'),
  },
  {
    name: "compare mode's summary",
    open: (page) => page.getByTestId('compare-toggle').click(),
    shown: (page) => page.getByTestId('compare-summary'),
  },
  {
    name: 'the list of known crawlers',
    open: (page) => page.getByText(/Browse all \d+ known crawlers/).click(),
    shown: (page) => page.getByRole('button', { name: /^Add Googlebot-Image / }),
  },
  {
    name: 'the URL-file readers',
    open: (page) =>
      page.getByTestId('url-file-input').setInputFiles({
        name: 'urls.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from('url,note\nhttps://www.example.com/a,x\nhttps://www.example.com/b,y\n'),
      }),
    shown: (page) => page.getByTestId('urls-input'),
    value: 'https://www.example.com/a\nhttps://www.example.com/b',
  },
  {
    name: 'the expectations',
    open: (page) => page.getByTestId('expect-toggle').click(),
    shown: (page) => page.getByTestId('expect-input'),
  },
  {
    name: 'the log replay',
    open: (page) => page.getByTestId('logs-toggle').click(),
    shown: (page) => page.getByTestId('logs-input'),
  },
];

test('each lazy panel loads its code when opened, counted on demand', async ({ page }) => {
  const names = recordRequests(page);
  await gotoApp(page);
  await expect(page.getByTestId('result-row').first()).toBeVisible();
  // The diagnostics list's chunk comes once the worker has findings for
  // the sample file.
  await expect(page.getByTestId('diagnostic').first()).toBeVisible();
  // The explanation's chunk, and the why-not data's from it, come once a
  // result is selected (the first one is), after the first verdicts.
  await expect(page.getByTestId('explain-decision')).toBeVisible();
  await expect(page.getByTestId('explain-why-not')).toBeVisible();
  for (const panel of PANELS) {
    const from = names.length;
    await panel.open(page);
    if (panel.value) await expect(panel.shown(page)).toHaveValue(panel.value);
    else await expect(panel.shown(page)).toBeVisible();
    const fetched = names.slice(from).filter((n) => n.endsWith('.wasm'));
    for (const name of fetched) expect(partOf(name), `${name}, fetched for ${panel.name}`).toBe(LAZY);
  }
  // A lazy panel's stylesheet comes with it (index.html), counted on
  // demand, and styles it: the audit's margin is lazy-matrix.css's.
  expect(names).toContain('lazy-matrix.css');
  expect(partOf('lazy-matrix.css')).toBe('on demand: lazy-*.css');
  expect(await page.getByTestId('audit').evaluate((el) => getComputedStyle(el).marginBottom)).not.toBe('0px');
  const chunks = names.filter((n) => partOf(n) === LAZY);
  // the views (matrix, rules, compare summary: BUNDLES in
  // scripts/lib/split.mjs), browse, URL files, log replay, the
  // expectations' card; the diagnostics list, the
  // explanation, why-not and the lint worker's bridge are in the shared
  // chunk (BUNDLED there), which came with the first of them. (The
  // workers' jobs are chunks too, counted with their workers: worker.spec,
  // logs.spec.)
  expect(new Set(chunks.filter((n) => !/^lazy-chunk-/.test(n))).size).toBe(5);
  expect(new Set(chunks.filter((n) => /^lazy-chunk-shared-/.test(n))).size).toBe(1);
  await expect(page.getByTestId('lazy-failed')).toHaveCount(0);
  await expect(page.getByTestId('app-failed')).toHaveCount(0);
});

test.describe('a chunk that cannot load', () => {
  // The browser reports the failed fetch, and the loader logs why.
  test.use({ expectedConsoleErrors: [/Failed to load resource|Failed to fetch|TypeError|integrity|SRI/] });

  for (const [how, answer] of [
    ['offline', (route) => route.abort('internetdisconnected')],
    ['a 404', (route) => route.fulfill({ status: 404, body: 'not found' })],
  ]) {
    test(`(${how}) is said in its panel, is not a trap, and loads on the next opening`, async ({ page }) => {
      await gotoApp(page);
      await expect(page.getByTestId('result-row').first()).toBeVisible();
      const rows = await page.getByTestId('result-row').count();
      await page.route(/\/lazy-views-[0-9a-f]+\.wasm$/, answer);
      await page.getByTestId('matrix-toggle').click();
      await expect(page.getByTestId('lazy-failed')).toContainText('could not be loaded');
      await expect(page.getByTestId('audit')).toHaveCount(0);
      // Not a trap: no failure banner, the results and the editor still work.
      await expect(page.getByTestId('app-failed')).toHaveCount(0);
      await expect(page.getByTestId('result-row')).toHaveCount(rows);
      // Another chunk's panel still loads (the rules view is the matrix's
      // chunk: BUNDLES in scripts/lib/split.mjs).
      await page.getByText(/Browse all \d+ known crawlers/).click();
      await expect(page.getByRole('button', { name: /^Add Googlebot-Image / })).toBeVisible();
      // Back online: hiding and showing the panel again loads it.
      await page.unroute(/\/lazy-views-[0-9a-f]+\.wasm$/);
      await page.getByTestId('matrix-toggle').click();
      await page.getByTestId('matrix-toggle').click();
      await expect(page.getByTestId('audit')).toBeVisible();
      await expect(page.getByTestId('lazy-failed')).toHaveCount(0);
      await expect(page.getByTestId('app-failed')).toHaveCount(0);
    });
  }

  test('(the URL-file readers) says so, and the URL list is left as it was', async ({ page }) => {
    await gotoApp(page);
    const urls = await page.getByTestId('urls-input').inputValue();
    await page.route(/\/lazy-url-files-[0-9a-f]+\.wasm$/, (route) => route.abort('internetdisconnected'));
    await page.getByTestId('url-file-input').setInputFiles({ name: 'urls.txt', mimeType: 'text/plain', buffer: Buffer.from('/x\n/y\n') });
    await expect(page.getByTestId('notice')).toContainText('could not be loaded');
    await expect(page.getByTestId('urls-input')).toHaveValue(urls);
    await expect(page.getByTestId('app-failed')).toHaveCount(0);
  });
});
