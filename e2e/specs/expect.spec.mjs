// Expectations in the playground (issue 22): lines like
// "Googlebot, bingbot allowed /" pass or fail live as the robots.txt is
// edited, a failure names its deciding line and shows it in the editor, a
// badge beside the editor's title says how many fail, mistakes show with
// their line, and the link, this browser's storage and files keep them.

import { test, expect, gotoApp } from '../support/fixtures.mjs';
import { setField } from '../support/inputs.mjs';
import { waitForLink } from '../support/link.mjs';

const ROBOTS = 'User-agent: *\nDisallow: /admin/\n\nUser-agent: GPTBot\nDisallow: /\n';
const EXPECTATIONS = '# what must hold\nGooglebot, bingbot allowed /\n* disallowed /admin/x\nGPTBot disallowed /blog\n';

/** The rows as the panel lists them. */
async function rows(page) {
  return page.getByTestId('expect-row').evaluateAll((rows) =>
    rows.map((r) => ({ line: r.dataset.line, crawler: r.dataset.crawler, url: r.dataset.url, passed: r.dataset.passed })),
  );
}

async function summary(page, passed, failed) {
  const s = page.getByTestId('expect-summary');
  await expect(s).toHaveAttribute('data-passed', String(passed));
  await expect(s).toHaveAttribute('data-failed', String(failed));
}

async function start(page) {
  await gotoApp(page);
  await setField(page, 'robots-input', ROBOTS);
  await page.getByTestId('expect-toggle').click();
  await setField(page, 'expect-input', EXPECTATIONS);
  await summary(page, 4, 0);
}

test('an expectation fails and passes again as the robots.txt is edited', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await start(page);
  expect(await rows(page)).toEqual([
    { line: '2', crawler: 'Googlebot', url: '/', passed: 'true' },
    { line: '2', crawler: 'bingbot', url: '/', passed: 'true' },
    { line: '3', crawler: '*', url: '/admin/x', passed: 'true' },
    { line: '4', crawler: 'GPTBot', url: '/blog', passed: 'true' },
  ]);
  await expect(page.getByTestId('expect-badge')).toHaveCount(0);

  // A staging file deployed to production: everything blocked.
  await setField(page, 'robots-input', 'User-agent: *\nDisallow: /\n');
  await summary(page, 2, 2);
  const failing = page.locator('[data-testid=expect-row][data-passed=false]');
  await expect(failing).toHaveCount(2);
  await expect(failing.first()).toHaveAttribute('data-crawler', 'Googlebot');
  await expect(failing.first().getByTestId('expect-line')).toHaveText('L2  Disallow: /');

  // The badge is on the first screen, beside the editor's title.
  await page.evaluate(() => window.scrollTo(0, 0));
  const badge = page.getByTestId('expect-badge');
  await expect(badge).toHaveText('2 expectations fail');
  await expect(badge).toBeInViewport();

  // The deciding line shows in the editor.
  await failing.first().getByTestId('expect-line').click();
  await expect(page.getByTestId('robots-input')).toBeFocused();
  await expect
    .poll(() => page.getByTestId('robots-input').evaluate((el) => el.value.slice(0, el.selectionStart).split('\n').length))
    .toBe(2);

  // The mode changes nothing here; the fix brings every row back.
  await setField(page, 'robots-input', ROBOTS);
  await summary(page, 4, 0);
  await expect(badge).toHaveCount(0);

  // Editing the expectations re-checks them too.
  await setField(page, 'expect-input', `${EXPECTATIONS}GPTBot allowed /\n`);
  await summary(page, 4, 1);
  await expect(badge).toHaveText('1 expectation fails');
  await badge.click();
  await expect(page.locator('#expect-panel')).toBeInViewport();
});

test('a line with a mistake shows the library error with its line, and the rest is checked', async ({ page }) => {
  await start(page);
  await setField(page, 'expect-input', 'Googlebot allowed /\nGooglebot alowed /x\n');
  await expect(page.getByTestId('expect-error')).toHaveText(/^line 2: 'alowed' is not an expectation.*did you mean 'allowed'\?/);
  await summary(page, 1, 0);
});

test('the link and this browser keep the expectations', async ({ page, context }) => {
  await start(page);
  const url = await waitForLink(page, (state) => state.expectations === EXPECTATIONS);
  await setField(page, 'robots-input', 'User-agent: *\nDisallow: /\n');
  await summary(page, 2, 2);
  const failingUrl = await waitForLink(page, (state) => state.robots === 'User-agent: *\nDisallow: /\n' && state.expectations === EXPECTATIONS);

  // The link, in a new page: expectations and results back.
  const other = await context.newPage();
  await other.goto(failingUrl);
  await expect(other.getByTestId('expect-input')).toHaveValue(EXPECTATIONS);
  await summary(other, 2, 2);
  await expect(other.getByTestId('expect-badge')).toHaveText('2 expectations fail');
  await other.close();

  // Reloaded without the link: the state kept in this browser.
  await page.goto(new URL(url).pathname);
  await page.waitForFunction(() => window.__appStarted === true);
  await expect(page.getByTestId('expect-input')).toHaveValue(EXPECTATIONS);
  await summary(page, 2, 2);
});

test('a link with broken expectations says so and opens everything else', async ({ page }) => {
  await start(page);
  const url = await waitForLink(page, (state) => state.expectations === EXPECTATIONS);
  // Rewrite the expectations section's bytes as invalid UTF-8.
  const { inflateRawSync, deflateRawSync } = await import('node:zlib');
  const hash = new URL(url).hash.slice(1);
  const raw = inflateRawSync(Buffer.from(hash.split('.')[1], 'base64url'));
  const at = raw.lastIndexOf(Buffer.from(EXPECTATIONS));
  raw[at] = 0xff;
  const broken = `v3.${deflateRawSync(raw).toString('base64url')}`;
  const other = await page.context().newPage();
  const brokenUrl = new URL(url);
  brokenUrl.hash = broken;
  await other.goto(brokenUrl.href);
  await expect(other.getByTestId('hash-error')).toContainText("The link's expectations could not be opened");
  await expect(other.getByTestId('robots-input')).toHaveValue(ROBOTS);
  await expect(other.getByTestId('expect-badge')).toHaveCount(0);
  await other.close();
});

test('an expectations file opens into the field and saves as expectations.txt', async ({ page }) => {
  await start(page);
  const opened = 'Googlebot disallowed /admin/y\r\nbingbot allowed /about\r\n';
  await page.getByTestId('expect-file-input').setInputFiles({ name: 'prod.txt', mimeType: 'text/plain', buffer: Buffer.from(opened) });
  await expect(page.getByTestId('expect-input')).toHaveValue('Googlebot disallowed /admin/y\nbingbot allowed /about\n');
  await expect(page.getByTestId('notice')).toContainText('Opened prod.txt');
  await summary(page, 2, 0);

  await setField(page, 'expect-input', EXPECTATIONS);
  await summary(page, 4, 0);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('expect-save').click()]);
  expect(download.suggestedFilename()).toBe('expectations.txt');
  const text = await (await download.createReadStream()).toArray().then((c) => Buffer.concat(c).toString('utf8'));
  expect(text).toBe(EXPECTATIONS);
});

test('in compare mode the expectations are checked against the draft', async ({ page }) => {
  await start(page);
  await page.getByTestId('compare-toggle').click();
  await setField(page, 'robots-input', 'User-agent: *\nDisallow: /\n');
  await summary(page, 2, 2);
});

test('an expectation on another origin than the robots.txt says which robots.txt decides there', async ({ page }) => {
  await start(page);
  await expect(page.getByTestId('expect-notes')).toHaveCount(0);
  // The URL list makes the editor's file example.com's.
  await setField(page, 'urls-input', 'https://example.com/\nhttps://example.com/admin/x');
  await setField(page, 'expect-input', `${EXPECTATIONS}Googlebot allowed https://example.com/about\nGooglebot allowed https://www.example.com/about\n`);
  await summary(page, 6, 0);
  const notes = page.getByTestId('expect-notes');
  await expect(notes).toHaveCount(1);
  await expect(notes).toContainText('Line 6: https://www.example.com/about is not on https://example.com.');
  await expect(notes).toContainText('https://www.example.com/robots.txt decides');
  // Back to paths only: nothing to say.
  await setField(page, 'expect-input', EXPECTATIONS);
  await summary(page, 4, 0);
  await expect(notes).toHaveCount(0);
});
