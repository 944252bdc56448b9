// End-to-end tests of the log panel ("did the bots obey?", issue 25): a
// generated log opened in the app is judged in the log worker, and its
// per-crawler counts must equal `robotstxt logs --format json` on the same
// inputs (two versions, a change with its cache window, a 503 robots.txt
// fetch, an unverified claim against a ranges file). Then the timeline,
// the click-through to an explanation, the export, and bad input.

import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

import { test, expect, gotoApp } from '../support/fixtures.mjs';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

const BEFORE = 'User-agent: *\nDisallow: /private/\n';
const EDITOR = 'User-agent: *\nDisallow: /private/\n\nUser-agent: GPTBot\nDisallow: /article/\n';
const CHANGE = '2024-05-02T10:00:00Z';
const RANGES = JSON.stringify({ prefixes: [{ ipv4Prefix: '20.15.240.64/28' }, { ipv6Prefix: '2a03:2880::/32' }] });

const AGENTS = {
  googlebot: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  gptbot: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.2; +https://openai.com/gptbot',
  bingbot: 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
  ccbot: 'CCBot/2.0 (https://commoncrawl.org/faq/)',
  other: 'FooBot/1.0 (+https://example.com/foobot)',
  browser: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36',
};

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
function clfTime(ms) {
  const d = new Date(ms);
  const p = (n) => String(n).padStart(2, '0');
  return `${p(d.getUTCDate())}/${MONTHS[d.getUTCMonth()]}/${d.getUTCFullYear()}:${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())} +0000`;
}

/** A Combined Log Format log over three days around the change: every
 * crawler asks for pages and articles, bingbot gets a 503 for robots.txt,
 * GPTBot claims come from inside and outside its ranges; browsers too. */
function generateLog() {
  const lines = [];
  const start = Date.UTC(2024, 4, 1, 0, 0, 0);
  const paths = ['/', '/about', '/article/1', '/article/2', '/private/a', '/blog/x'];
  for (let i = 0; i < 600; i++) {
    const time = clfTime(start + i * 7 * 60 * 1000);
    const path = paths[i % paths.length];
    const pick = i % 7;
    const [ip, agent] = [
      ['66.249.66.1', AGENTS.googlebot],
      ['20.15.240.65', AGENTS.gptbot],
      ['192.0.2.50', AGENTS.gptbot], // outside GPTBot's ranges
      ['157.55.39.1', AGENTS.bingbot],
      ['198.51.100.4', AGENTS.ccbot],
      ['203.0.113.8', AGENTS.other],
      ['203.0.113.99', AGENTS.browser],
    ][pick];
    const target = pick === 3 && i % 5 === 0 ? '/robots.txt' : path;
    const status = target === '/robots.txt' ? (i < 300 ? 200 : 503) : 200;
    lines.push(`${ip} - - [${time}] "GET ${target} HTTP/1.1" ${status} 512 "-" "${agent}"`);
  }
  return `${lines.join('\n')}\n`;
}

function inputs() {
  const dir = mkdtempSync(join(tmpdir(), 'robots-logs-'));
  const files = { before: join(dir, 'before.txt'), editor: join(dir, 'editor.txt'), ranges: join(dir, 'gptbot.json'), log: join(dir, 'access.log') };
  writeFileSync(files.before, BEFORE);
  writeFileSync(files.editor, EDITOR);
  writeFileSync(files.ranges, RANGES);
  writeFileSync(files.log, generateLog());
  return files;
}

/** Per crawler from the CLI's records: requests, disallowed, unverified. */
function cliCounts(files) {
  const out = execFileSync(
    'cargo',
    ['run', '--quiet', '-p', 'robotstxt-cli', '--', 'logs', '--robots', files.before, '--robots', `${files.editor}@${CHANGE}`,
      '--ip-ranges', `GPTBot=${files.ranges}`, '--format', 'json', files.log],
    { cwd: repoRoot, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
  );
  const counts = {};
  const records = out.split('\n').filter(Boolean).map((l) => JSON.parse(l));
  for (const r of records) {
    const c = (counts[r.crawler] ??= { requests: 0, disallowed: 0, unverified: 0 });
    c.requests += 1;
    if (r.verified === false) c.unverified += 1;
    else if (!r.allowed) c.disallowed += 1;
  }
  return { counts, records: records.length };
}

async function appCounts(page) {
  return page.getByTestId('logs-crawler').evaluateAll((rows) => {
    const counts = {};
    for (const r of rows) {
      counts[r.dataset.crawler] = {
        requests: Number(r.dataset.requests),
        disallowed: Number(r.dataset.disallowed),
        unverified: Number(r.dataset.unverified),
      };
    }
    return counts;
  });
}

/** Opens the panel with the two versions, the change's time and the log. */
async function openLog(page, files, extra = []) {
  await gotoApp(page);
  await page.getByTestId('robots-input').fill(BEFORE);
  await page.getByTestId('compare-toggle').click();
  await expect(page.getByTestId('robots-input-before')).toHaveValue(BEFORE);
  await page.getByTestId('robots-input').fill(EDITOR);
  await page.getByTestId('logs-toggle').click();
  await page.getByTestId('logs-since').fill(CHANGE);
  await page.getByTestId('logs-since').press('Tab');
  await page.getByTestId('logs-input').setInputFiles([files.log, ...extra]);
  await expect(page.getByTestId('logs-summary')).toHaveAttribute('data-state', 'done', { timeout: 20_000 });
}

test('a log is judged as the CLI judges it: versions, cache window, 503, unverified claims', async ({ page }) => {
  test.setTimeout(180_000);
  const files = inputs();
  await openLog(page, files);
  await expect(page.getByTestId('logs-summary')).toHaveAttribute('data-lines', '600');
  await page.locator('[data-testid=logs-ranges-input][data-crawler=GPTBot]').setInputFiles(files.ranges);
  await expect(page.getByTestId('logs-summary')).toHaveAttribute('data-state', 'done');
  await expect(page.getByText('checked against gptbot.json')).toBeVisible();
  const { counts, records } = cliCounts(files);
  await expect.poll(() => appCounts(page)).toEqual(counts);
  const app = await appCounts(page);
  // What the log holds, so the comparison compares something.
  expect(app.GPTBot.unverified).toBeGreaterThan(0);
  expect(app.GPTBot.disallowed).toBeGreaterThan(0);
  expect(app.bingbot.disallowed).toBeGreaterThan(0);
  await expect(page.getByTestId('logs-crawler').filter({ hasText: 'bingbot' })).toContainText('every URL is disallowed for it');
  expect(app.FooBot.requests).toBeGreaterThan(0);

  // The timeline shows, every crawler, then one.
  const bars = page.locator('[data-testid=logs-timeline] rect');
  expect(await bars.count()).toBeGreaterThan(10);
  await page.getByTestId('logs-timeline-crawler').selectOption('GPTBot');
  await expect(page.locator('[data-testid=logs-timeline] .bar-unverified').first()).toBeAttached();

  // Click-through: the request's line in the editor and its explanation.
  const violation = page.getByTestId('logs-violation').filter({ hasText: '/private/' }).first();
  await violation.click();
  await expect(page.getByTestId('logs-explanation')).toContainText('Disallowed');
  await expect(page.getByTestId('logs-explanation')).toContainText('/private/');
  await expect(page.getByTestId('logs-explanation')).toContainText('Disallow: /private/');

  // Export: the library's records, one per crawler request.
  const download = page.waitForEvent('download');
  await page.getByTestId('logs-export-json').click();
  const file = await (await download).path();
  const lines = readFileSync(file, 'utf8').split('\n').filter(Boolean);
  expect(lines.length).toBe(records);
  expect(JSON.parse(lines[0])).toHaveProperty('cached');

  // The same log gzip-compressed is read the same (the ranges stay given).
  const gz = `${files.log}.gz`;
  writeFileSync(gz, gzipSync(readFileSync(files.log)));
  await page.getByTestId('logs-input').setInputFiles(gz);
  await expect(page.getByTestId('logs-file')).toContainText('access.log.gz');
  await expect(page.getByTestId('logs-summary')).toHaveAttribute('data-state', 'done');
  await expect.poll(() => appCounts(page)).toEqual(counts);
});

test('bad input is a message and nothing else is lost', async ({ page }) => {
  test.setTimeout(180_000);
  const files = inputs();
  const dir = mkdtempSync(join(tmpdir(), 'robots-logs-bad-'));
  const binary = join(dir, 'image.png');
  writeFileSync(binary, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 1, 2, 3]));
  const other = join(dir, 'notes.txt');
  writeFileSync(other, 'Dear diary,\nnothing here is a log line.\n');
  // A 1 MB line inside a good log: counted as unreadable, the rest judged.
  const longLine = join(dir, 'long.log');
  writeFileSync(longLine, `${'x'.repeat(1_000_000)}\n${readFileSync(files.log, 'utf8')}`);
  await openLog(page, { ...files, log: longLine }, [binary, other]);
  const errors = page.getByTestId('logs-file-error');
  await expect(errors).toHaveCount(2);
  await expect(errors.first()).toContainText('image.png');
  await expect(page.getByTestId('logs-file').first()).toContainText('could not be read');
  await expect(page.getByTestId('logs-file').first()).toContainText('line 1');
  const { counts } = cliCounts({ ...files, log: files.log });
  // Without a ranges file, every claim counts as the crawler's.
  const app = await appCounts(page);
  const cli = await (async () => {
    const out = execFileSync(
      'cargo',
      ['run', '--quiet', '-p', 'robotstxt-cli', '--', 'logs', '--robots', files.before, '--robots', `${files.editor}@${CHANGE}`, '--format', 'json', longLine],
      { cwd: repoRoot, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
    );
    const c = {};
    for (const r of out.split('\n').filter(Boolean).map((l) => JSON.parse(l))) {
      const x = (c[r.crawler] ??= { requests: 0, disallowed: 0, unverified: 0 });
      x.requests += 1;
      if (r.verified === false) x.unverified += 1;
      else if (!r.allowed) x.disallowed += 1;
    }
    return c;
  })();
  expect(app).toEqual(cli);
  expect(Object.keys(counts).sort()).toEqual(Object.keys(app).sort());
  // A time that does not read is a message; the report stays.
  await page.getByTestId('logs-since').fill('next Tuesday');
  await page.getByTestId('logs-since').press('Tab');
  await expect(page.getByTestId('logs-error')).toContainText('next Tuesday');
  await expect(page.getByTestId('logs-crawler').first()).toBeVisible();
});
