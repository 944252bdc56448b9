// End-to-end tests of the pre-deploy workflows: comparing two versions of a
// robots.txt (and its link round trip), and what happens when robots.txt
// cannot be fetched. The app's changes must equal `robotstxt diff --json`.

import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateRawSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

import { test, expect, gotoApp } from '../support/fixtures.mjs';
import { waitForLink } from '../support/link.mjs';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

const LIVE = 'User-agent: *\nDisallow: /private/\nAllow: /private/press\n\nUser-agent: GPTBot\nDisallow: /blog/\n';
const DRAFT = 'User-agent: *\nDisallow: /private/\nDisallow: /search\n\nUser-agent: GPTBot\nDisallow: /\n';
const URLS = ['/private/press/2024', '/search?q=shoes', '/blog/post', '/about', '/private/x'];

/** Every row's verdicts after and before, as data attributes. */
async function compareRows(page) {
  return page.getByTestId('result-row').evaluateAll((elements) =>
    elements.map((e) => ({
      url: e.dataset.url,
      agent: e.dataset.agent,
      verdict: e.dataset.verdict,
      line: Number(e.dataset.line),
      before: e.dataset.verdictBefore,
      lineBefore: Number(e.dataset.lineBefore),
      changed: e.dataset.changed === 'true',
    })),
  );
}

/** Loads the live file, turns compare on (the live file becomes the
 * version before) and types the draft into the editor. */
async function compareLiveWithDraft(page) {
  await gotoApp(page);
  await page.getByTestId('robots-input').fill(LIVE);
  await page.getByTestId('agent-input').fill('Googlebot, GPTBot');
  await page.getByTestId('urls-input').fill(URLS.join('\n'));
  await page.getByTestId('compare-toggle').click();
  await expect(page.getByTestId('robots-input-before')).toHaveValue(LIVE);
  await page.getByTestId('robots-input').fill(DRAFT);
}

test('compare two versions: both verdicts per row, the changes counted and filtered', async ({ page }) => {
  await compareLiveWithDraft(page);
  await expect(page.getByTestId('compare-toggle')).toHaveAttribute('aria-pressed', 'true');
  const summary = page.getByTestId('compare-summary');
  // Googlebot: /private/press/2024 newly blocked (the Allow is gone),
  // /search newly blocked. GPTBot: /search, /about and /private/x (and
  // /private/press/2024) newly blocked; /blog/post stays blocked.
  await expect(summary).toHaveAttribute('data-changed', '6');
  await expect(summary).toHaveAttribute('data-newly-blocked', '6');
  await expect(summary).toHaveAttribute('data-newly-allowed', '0');
  await expect(summary).toContainText('6 results change from the version before');
  const rows = await compareRows(page);
  expect(rows).toHaveLength(10);
  expect(rows[0]).toEqual({
    url: '/private/press/2024', agent: 'Googlebot', verdict: 'disallowed', line: 2,
    before: 'allowed', lineBefore: 3, changed: true,
  });
  // Same verdict, another deciding line: shown, not a change.
  expect(rows.find((r) => r.url === '/blog/post' && r.agent === 'GPTBot')).toEqual({
    url: '/blog/post', agent: 'GPTBot', verdict: 'disallowed', line: 6,
    before: 'disallowed', lineBefore: 6, changed: false,
  });
  expect(rows.find((r) => r.url === '/about' && r.agent === 'Googlebot').changed).toBe(false);

  // Changed lines are marked in both editors: L3 before, L3 and L6 after.
  const marked = (testid) =>
    page.getByTestId(testid).locator('xpath=../..').locator('.line.changed').count();
  expect(await marked('robots-input-before')).toBe(2);
  expect(await marked('robots-input')).toBe(2);

  // Only the changes.
  await page.getByTestId('verdict-filter').selectOption('differs');
  await expect(page.getByTestId('verdict-filter').locator('option:checked')).toHaveText('Changed from before');
  await expect(page.getByTestId('result-row')).toHaveCount(6);

  // A changed row explains both sides.
  await page.locator('[data-testid=result-row][data-url="/private/press/2024"][data-agent=Googlebot]').click();
  await expect(page.getByTestId('explain-decision')).toContainText('Disallow: /private/');
  await expect(page.getByTestId('explain-before')).toContainText('Before (changed)');
  await expect(page.getByTestId('explain-before-decision')).toContainText('L3  Allow: /private/press');
  await expect(page.getByTestId('highlighted-line-before')).toHaveAttribute('data-line', '3');

  // Turning compare off goes back to one version (and the other mode).
  await page.getByTestId('verdict-filter').selectOption('all');
  await page.getByTestId('compare-toggle').click();
  await expect(page.getByTestId('robots-input-before')).toHaveCount(0);
  await expect(page.getByTestId('compare-summary')).toHaveCount(0);
  await expect(page.getByTestId('result-row').first()).not.toHaveAttribute('data-verdict-before', /./);
});

test('the changes equal robotstxt diff --json for the same inputs', async ({ page }) => {
  await compareLiveWithDraft(page);
  await expect(page.getByTestId('compare-summary')).toHaveAttribute('data-changed', '6');
  const app = (await compareRows(page))
    .filter((r) => r.changed)
    .map((r) => `${r.agent} ${r.url} ${r.before}:${r.lineBefore} -> ${r.verdict}:${r.line}`);
  const dir = mkdtempSync(join(tmpdir(), 'robots-compare-'));
  writeFileSync(join(dir, 'live.txt'), LIVE);
  writeFileSync(join(dir, 'draft.txt'), DRAFT);
  const cli = [];
  for (const agent of ['Googlebot', 'GPTBot']) {
    const out = execFileSync(
      'cargo',
      ['run', '--quiet', '-p', 'robotstxt-cli', '--', 'diff', join(dir, 'live.txt'), join(dir, 'draft.txt'), '--agent', agent, '--json', ...URLS],
      { cwd: repoRoot, encoding: 'utf8' },
    );
    for (const line of out.split('\n').filter(Boolean)) {
      const change = JSON.parse(line);
      const side = (record) => `${record.allowed ? 'allowed' : 'disallowed'}:${record.line}`;
      cli.push({ url: change.url, agent: change.agent, text: `${change.agent} ${change.url} ${side(change.old)} -> ${side(change.new)}` });
    }
  }
  // The app lists rows URL by URL; the CLI crawler by crawler.
  const order = (r) => URLS.indexOf(r.url) * 2 + (r.agent === 'GPTBot' ? 1 : 0);
  expect(app).toEqual(cli.sort((a, b) => order(a) - order(b)).map((c) => c.text));
});

test('change severity: Googlebot newly disallowed is critical, marked and filtered; comments only are info', async ({ page }) => {
  const before = '# Our rules\nUser-agent: *\nDisallow: /private/\n';
  await gotoApp(page);
  await page.getByTestId('robots-input').fill(before);
  await page.getByTestId('agent-input').fill('Googlebot');
  await page.getByTestId('urls-input').fill('/blog/a\n/about');
  await page.getByTestId('compare-toggle').click();
  await expect(page.getByTestId('robots-input-before')).toHaveValue(before);
  await page.getByTestId('robots-input').fill(`${before}\nUser-agent: Googlebot\nDisallow: /blog/\n`);
  const counts = page.getByTestId('severity-counts');
  // The row, and the Disallow added (a warning) of the file itself.
  await expect(counts).toHaveAttribute('data-critical', '1');
  await expect(counts).toHaveAttribute('data-warning', '1');
  await expect(counts).toHaveAttribute('data-info', '0');
  const row = page.locator('[data-testid=result-row][data-url="/blog/a"]');
  await expect(row).toHaveAttribute('data-severity', 'critical');
  await expect(row.getByTestId('row-severity')).toHaveText('critical: search-crawler-disallowed');
  // `row-before` keeps its text (a stable hook): the severity stands beside it.
  await expect(row.getByTestId('row-before')).toHaveText('changed, before: allowed, no rule');
  await expect(page.locator('[data-testid=result-row][data-url="/about"]')).not.toHaveAttribute('data-severity', /./);
  await expect(page.getByTestId('file-changes')).toContainText('Disallow: /blog/ added (Googlebot)');

  const filter = page.getByTestId('severity-filter');
  await filter.locator('[data-severity=critical]').click();
  await expect(filter.locator('[data-severity=critical]')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('result-row')).toHaveCount(1);
  await expect(page.getByTestId('result-row')).toHaveAttribute('data-url', '/blog/a');
  await filter.locator('[data-severity=info]').click();
  await expect(page.getByTestId('result-row')).toHaveCount(0);
  await filter.locator('[data-severity=all]').click();
  await expect(filter.locator('[data-severity=all]')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('result-row')).toHaveCount(2);

  // Comments reflowed: one info change, no row changed.
  await page.getByTestId('robots-input').fill('# Our\n# rules\nUser-agent: *\n\nDisallow: /private/  # keep out\n');
  await expect(counts).toHaveAttribute('data-info', '1');
  await expect(counts).toHaveAttribute('data-critical', '0');
  await expect(counts).toHaveAttribute('data-warning', '0');
  await expect(page.getByTestId('file-changes')).toContainText('info: comments-only');
  await expect(page.locator('[data-testid=result-row][data-severity]')).toHaveCount(0);
});

test('the severity counts equal robotstxt diff --file-changes --json for one crawler', async ({ page }) => {
  await gotoApp(page);
  await page.getByTestId('robots-input').fill(LIVE);
  await page.getByTestId('agent-input').fill('Googlebot');
  await page.getByTestId('urls-input').fill(URLS.join('\n'));
  await page.getByTestId('compare-toggle').click();
  await expect(page.getByTestId('robots-input-before')).toHaveValue(LIVE);
  await page.getByTestId('robots-input').fill(DRAFT);
  await expect(page.getByTestId('compare-summary')).toHaveAttribute('data-changed', /^[1-9]/);
  const dir = mkdtempSync(join(tmpdir(), 'robots-severity-'));
  writeFileSync(join(dir, 'live.txt'), LIVE);
  writeFileSync(join(dir, 'draft.txt'), DRAFT);
  const out = execFileSync(
    'cargo',
    ['run', '--quiet', '-p', 'robotstxt-cli', '--', 'diff', join(dir, 'live.txt'), join(dir, 'draft.txt'), '--agent', 'Googlebot', '--json', '--file-changes', ...URLS],
    { cwd: repoRoot, encoding: 'utf8' },
  );
  const cli = { critical: 0, warning: 0, info: 0 };
  for (const line of out.split('\n').filter(Boolean)) {
    cli[JSON.parse(line).severity] += 1;
  }
  expect(cli.critical + cli.warning + cli.info).toBeGreaterThan(2);
  const counts = page.getByTestId('severity-counts');
  for (const [severity, n] of Object.entries(cli)) {
    await expect(counts).toHaveAttribute(`data-${severity}`, String(n));
  }
});

test('compare mode travels in the link, and v1 links still open', async ({ page, browser }) => {
  await compareLiveWithDraft(page);
  await expect(page.getByTestId('compare-summary')).toHaveAttribute('data-changed', '6');
  await page.getByTestId('fetch-outcome').selectOption('200');
  // The link is rewritten after a pause in typing: wait until it holds
  // both versions.
  const url = await waitForLink(page, (link) => link.before === LIVE && link.robots === DRAFT && link.fetch === '200');
  const other = await browser.newPage();
  await other.goto(url);
  await expect(other.getByTestId('robots-input-before')).toHaveValue(LIVE);
  await expect(other.getByTestId('robots-input')).toHaveValue(DRAFT);
  await expect(other.getByTestId('compare-summary')).toHaveAttribute('data-changed', '6');
  await other.close();

  // A link in the first format: Google mode, the robots.txt, one crawler,
  // the URLs, each length-prefixed, raw-deflated and base64url-encoded.
  const bytes = (text) => [Buffer.byteLength(text), ...Buffer.from(text)];
  const raw = Buffer.from([0, ...bytes('User-agent: *\nDisallow: /old\n'), 1, ...bytes('Googlebot'), ...bytes('/old\n/new')]);
  const v1 = `v1.${deflateRawSync(raw).toString('base64url')}`;
  await gotoApp(page, v1);
  await expect(page.getByTestId('robots-input')).toHaveValue('User-agent: *\nDisallow: /old\n');
  await expect(page.getByTestId('compare-toggle')).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByTestId('fetch-outcome')).toHaveValue('200');
  await expect(page.getByTestId('result-row').first()).toHaveAttribute('data-verdict', 'disallowed');
});

test('when robots.txt cannot be fetched, every verdict follows RFC 9309 2.3.1', async ({ page }) => {
  await gotoApp(page);
  await page.getByTestId('robots-input').fill('User-agent: *\nDisallow: /private/\n');
  await page.getByTestId('agent-input').fill('Googlebot, GPTBot');
  await page.getByTestId('urls-input').fill('/private/a\n/public');
  const verdicts = () =>
    page.getByTestId('result-row').evaluateAll((rows) => rows.map((r) => `${r.dataset.verdict}:${r.dataset.line}`));
  const expected = {
    200: ['disallowed:2', 'disallowed:2', 'allowed:0', 'allowed:0'],
    'redirect-5': ['disallowed:2', 'disallowed:2', 'allowed:0', 'allowed:0'],
    'redirect-6': Array(4).fill('allowed:0'),
    401: Array(4).fill('allowed:0'),
    403: Array(4).fill('allowed:0'),
    404: Array(4).fill('allowed:0'),
    410: Array(4).fill('allowed:0'),
    429: Array(4).fill('disallowed:0'),
    500: Array(4).fill('disallowed:0'),
    503: Array(4).fill('disallowed:0'),
    timeout: Array(4).fill('disallowed:0'),
  };
  for (const [outcome, want] of Object.entries(expected)) {
    await page.getByTestId('fetch-outcome').selectOption(outcome);
    await expect.poll(verdicts, { message: outcome }).toEqual(want);
  }
  await expect(page.getByTestId('fetch-note')).toHaveText(
    'Fetching robots.txt ended with a timeout: every URL is disallowed (RFC 9309 2.3.1.4), whatever its rules say.',
  );
  // The explanation says why, with the RFC's section.
  await page.getByTestId('fetch-outcome').selectOption('503');
  await page.getByTestId('result-row').first().click();
  await expect(page.getByTestId('explain-decision')).toHaveText(
    'Disallowed: fetching robots.txt ended with HTTP 503, so it is unreachable and crawlers fetch nothing (RFC 9309 2.3.1.4).',
  );
  await expect(page.getByTestId('result-row').first().locator('.category')).toContainText(/unreachable/i);
  await page.getByTestId('fetch-outcome').selectOption('404');
  await expect(page.getByTestId('explain-decision')).toContainText('HTTP 404, so it is unavailable');
  // Nothing differs between the modes when the fetch decides.
  await expect(page.getByTestId('count-differs')).toHaveCount(0);
  await page.getByTestId('fetch-outcome').selectOption('200');
  await expect(page.getByTestId('fetch-note')).toHaveCount(0);
});
