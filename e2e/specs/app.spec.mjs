// End-to-end tests of the playground's behaviour: verdicts, selection and
// highlighting, modes, links, files, keyboard use, safety and speed. The
// fixtures fail any test that makes a foreign request, violates the CSP,
// throws, or logs an error.

import { test, expect, gotoApp, screenshotPath } from '../support/fixtures.mjs';
import { caretToLine, setField as setLongField } from '../support/inputs.mjs';
import { waitForLink } from '../support/link.mjs';

/** The result rows' data attributes, in order. */
async function rows(page) {
  return page.getByTestId('result-row').evaluateAll((elements) =>
    elements.map((e) => ({
      url: e.dataset.url,
      agent: e.dataset.agent,
      verdict: e.dataset.verdict,
      line: Number(e.dataset.line),
    })),
  );
}

/**
 * Sets a field. Short texts are typed in with fill(); long ones are pasted
 * in one input event (fill() sends an input event per line, which makes
 * multi-thousand-line texts needlessly slow to enter).
 */
async function setField(page, testid, text) {
  if (text.length < 2000) {
    await page.getByTestId(testid).fill(text);
  } else {
    await setLongField(page, testid, text);
  }
}

async function fillInputs(page, { robots, agents, urls }) {
  if (robots !== undefined) await setField(page, 'robots-input', robots);
  if (agents !== undefined) await setField(page, 'agent-input', agents);
  if (urls !== undefined) await setField(page, 'urls-input', urls);
}

const DEFAULT_ROWS = [
  { url: 'https://www.example.com/', agent: 'Googlebot', verdict: 'allowed', line: 0 },
  { url: 'https://www.example.com/account/help', agent: 'Googlebot', verdict: 'allowed', line: 0 },
  { url: 'https://www.example.com/news/archive/2019/old-story', agent: 'Googlebot', verdict: 'disallowed', line: 22 },
  { url: 'https://www.example.com/news/archive/2024/spring-sale', agent: 'Googlebot', verdict: 'allowed', line: 23 },
  { url: 'https://www.example.com/products/shoes?sessionid=abc123', agent: 'Googlebot', verdict: 'disallowed', line: 21 },
  { url: 'https://www.example.com/catalog/spring.pdf', agent: 'Googlebot', verdict: 'allowed', line: 0 },
  { url: 'https://www.example.com/cart/', agent: 'Googlebot', verdict: 'disallowed', line: 18 },
];

test('first load shows the default example with verdicts and a highlighted line', async ({ page }) => {
  await gotoApp(page);
  await expect(page.getByTestId('result-row')).toHaveCount(7);
  expect(await rows(page)).toEqual(DEFAULT_ROWS);
  await expect(page.getByTestId('count-allowed')).toHaveAttribute('data-count', '4');
  await expect(page.getByTestId('count-disallowed')).toHaveAttribute('data-count', '3');
  // The first row a rule decided is selected and its line highlighted.
  await expect(page.locator('[data-testid=result-row][aria-selected=true]')).toHaveAttribute('data-line', '22');
  await expect(page.getByTestId('highlighted-line')).toHaveCount(1);
  await expect(page.getByTestId('highlighted-line')).toHaveAttribute('data-line', '22');
  await expect(page.getByTestId('highlighted-line')).toHaveText('Disallow: /news/archive/');
  await expect(page.getByTestId('explanation')).toContainText('The group naming Googlebot (lines 17–23) applies');
  // Diagnostics, sitemaps and crawl-delay from the file.
  await expect(page.locator('[data-testid=diagnostic][data-code=typo-accepted]')).toHaveAttribute('data-line', '13');
  await expect(page.getByTestId('sitemaps')).toContainText('https://www.example.com/sitemap.xml');
  await expect(page.getByTestId('crawl-delays')).toContainText('10 s');
  await page.screenshot({ path: screenshotPath('default'), fullPage: true });
});

test('typed inputs give one row per URL and crawler, URL-major, with data attributes', async ({ page }) => {
  await gotoApp(page);
  await fillInputs(page, {
    robots: 'User-agent: *\nDisallow: /private\nAllow: /private/press\n\nUser-agent: Googlebot-Image\nDisallow: /\n',
    agents: ' Googlebot , Googlebot-Image>Googlebot, AdsBot-Google>!* ',
    urls: '  https://example.com/private/x  \n\n/private/press/1\n/café\n',
  });
  expect(await rows(page)).toEqual([
    { url: 'https://example.com/private/x', agent: 'Googlebot', verdict: 'disallowed', line: 2 },
    { url: 'https://example.com/private/x', agent: 'Googlebot-Image>Googlebot', verdict: 'disallowed', line: 6 },
    { url: 'https://example.com/private/x', agent: 'AdsBot-Google>!*', verdict: 'allowed', line: 0 },
    { url: '/private/press/1', agent: 'Googlebot', verdict: 'allowed', line: 3 },
    { url: '/private/press/1', agent: 'Googlebot-Image>Googlebot', verdict: 'disallowed', line: 6 },
    { url: '/private/press/1', agent: 'AdsBot-Google>!*', verdict: 'allowed', line: 0 },
    { url: '/café', agent: 'Googlebot', verdict: 'allowed', line: 0 },
    { url: '/café', agent: 'Googlebot-Image>Googlebot', verdict: 'disallowed', line: 6 },
    { url: '/café', agent: 'AdsBot-Google>!*', verdict: 'allowed', line: 0 },
  ]);
  await expect(page.getByTestId('result-notes')).toContainText('Skipped 1 empty line');
  // The checked path is shown where it differs from the typed URL.
  await expect(page.getByTestId('result-row').nth(6)).toContainText('checked as /caf%C3%A9');
  // Readable crawler chips.
  await expect(page.locator('.chips')).toContainText('Googlebot-Image, else Googlebot, else *');
  await expect(page.locator('.chips')).toContainText('AdsBot-Google (ignores *)');
  // An invalid spec is skipped with a note, the rest still checked.
  await fillInputs(page, { agents: 'Googlebot, a>>b' });
  await expect(page.getByTestId('result-row')).toHaveCount(3);
  await expect(page.getByTestId('result-notes')).toContainText("crawler 'a>>b' has an empty token");
});

test('the mode select switches between Google and RFC 9309 verdicts', async ({ page }) => {
  await gotoApp(page);
  await fillInputs(page, { robots: 'User-agent: *\nDissallow: /x\n', agents: 'Googlebot', urls: '/x' });
  const row = page.getByTestId('result-row');
  await expect(row).toHaveAttribute('data-verdict', 'disallowed');
  await expect(row).toHaveAttribute('data-line', '2');
  await expect(row.getByTestId('row-differs')).toHaveText('≠ RFC 9309: allowed');
  await page.getByTestId('mode-select').selectOption('rfc9309');
  await expect(row).toHaveAttribute('data-verdict', 'allowed');
  await expect(row).toHaveAttribute('data-line', '0');
  await expect(row.getByTestId('row-differs')).toHaveText('≠ Google: disallowed (L2)');
  await page.getByTestId('mode-select').selectOption('google');
  await expect(row).toHaveAttribute('data-verdict', 'disallowed');
});

test('clicking a row highlights exactly its deciding line and explains it', async ({ page }) => {
  await gotoApp(page);
  const cart = page.locator('[data-testid=result-row][data-url="https://www.example.com/cart/"]');
  await cart.click();
  await expect(cart).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('highlighted-line')).toHaveCount(1);
  await expect(page.getByTestId('highlighted-line')).toHaveAttribute('data-line', '18');
  await expect(page.getByTestId('explain-matches')).toContainText('Disallow: /cart/');
  // A row no rule decided: nothing is highlighted.
  await page.locator('[data-testid=result-row]').first().click();
  await expect(page.getByTestId('highlighted-line')).toHaveCount(0);
  await expect(page.getByTestId('explain-decision')).toContainText('no rule of the group matches');
  // A deep line in a long file scrolls into the (virtualised) editor.
  const long = 'User-agent: *\n' + '# filler\n'.repeat(3000) + 'Disallow: /deep\n';
  await fillInputs(page, { robots: long, agents: 'Googlebot', urls: '/shallow\n/deep' });
  await page.locator('[data-testid=result-row][data-url="/deep"]').click();
  await expect(page.getByTestId('highlighted-line')).toHaveCount(1);
  await expect(page.getByTestId('highlighted-line')).toHaveAttribute('data-line', '3002');
  await expect(page.getByTestId('highlighted-line')).toBeInViewport();
  // Only the visible lines are drawn.
  expect(await page.locator('.overlay .line').count()).toBeLessThan(120);
});

test('hovering or moving the caret to a line tells which results it decides', async ({ page }) => {
  await gotoApp(page);
  // Line 18 is "Disallow: /cart/" in the Googlebot group.
  await caretToLine(page, 18);
  await expect(page.getByTestId('line-info')).toContainText('Line 18');
  await expect(page.getByTestId('line-decides')).toHaveText(
    'Decides 1 result: https://www.example.com/cart/ (Googlebot)',
  );
  // Diagnostics are reachable from the list, which moves the caret there.
  await page.locator('[data-testid=diagnostic][data-code=typo-accepted] .diagnostic-jump').click();
  await expect(page.getByTestId('line-info')).toContainText('Line 13');
  await expect(page.getByTestId('line-info')).toContainText('misspelling');
});

test('a link restores the same state in a fresh page', async ({ page, browser }) => {
  await gotoApp(page);
  await fillInputs(page, {
    robots: 'User-agent: *\nDisallow: /a\nAllow: /a/b\n# ünïcode ✓\n',
    agents: 'bingbot, Googlebot-News>Googlebot',
    urls: '/a/x\n/a/b/c\n/z',
  });
  await page.getByTestId('mode-select').selectOption('rfc9309');
  // The link holds this state once it says so (not at its first change: the
  // app writes it after each pause, so an earlier write could come first).
  const url = await waitForLink(
    page,
    (link) => link.mode === 'rfc9309' && link.urls === '/a/x\n/a/b/c\n/z' && link.crawlers.length === 2 && link.robots.includes('ünïcode'),
  );
  const expected = await rows(page);
  expect(expected).toHaveLength(6);

  const context = await browser.newContext();
  const fresh = await context.newPage();
  await fresh.goto(url);
  await expect(fresh.getByTestId('result-row')).toHaveCount(6);
  expect(await rows(fresh)).toEqual(expected);
  await expect(fresh.getByTestId('mode-select')).toHaveValue('rfc9309');
  await expect(fresh.getByTestId('robots-input')).toHaveValue('User-agent: *\nDisallow: /a\nAllow: /a/b\n# ünïcode ✓\n');
  await context.close();

  // localStorage keeps the state when the page is opened without a link.
  await page.goto('./');
  await expect(page.getByTestId('result-row')).toHaveCount(6);
  expect(await rows(page)).toEqual(expected);
});

test('a broken or hostile link shows an alert and the default example', async ({ page }) => {
  await gotoApp(page, 'v1.this-is-not-deflate');
  await expect(page.getByRole('alert')).toContainText('The link could not be opened');
  expect(await rows(page)).toEqual(DEFAULT_ROWS);

  await gotoApp(page, encodeURIComponent('<img src=x onerror=window.__xss=1>'));
  await expect(page.getByRole('alert')).toContainText('unknown format');
  expect(await page.evaluate(() => window.__xss)).toBeUndefined();
  expect(await page.locator('img').count()).toBe(0);
  expect(await rows(page)).toEqual(DEFAULT_ROWS);
});

test('opening files: UTF-16 is converted, a BOM removed, both with a note', async ({ page }) => {
  await gotoApp(page);
  const text = 'User-agent: *\nDisallow: /blocked\n';
  const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
  await page.getByTestId('file-input').setInputFiles({ name: 'robots-utf16.txt', mimeType: 'text/plain', buffer: utf16 });
  await expect(page.getByTestId('robots-input')).toHaveValue(text);
  await expect(page.getByTestId('notice')).toContainText('UTF-16');
  await expect(page.getByTestId('notice')).toContainText('robots-utf16.txt');

  const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('User-agent: *\r\nDisallow: /bom\r\n')]);
  await page.getByTestId('file-input').setInputFiles({ name: 'bom.txt', mimeType: 'text/plain', buffer: bom });
  await expect(page.getByTestId('robots-input')).toHaveValue('User-agent: *\nDisallow: /bom\n');
  await expect(page.getByTestId('notice')).toContainText('byte order mark');

  const invalid = Buffer.from('User-agent: *\nDisallow: /caf\xe9\n', 'latin1');
  await page.getByTestId('file-input').setInputFiles({ name: 'latin1.txt', mimeType: 'text/plain', buffer: invalid });
  await expect(page.getByTestId('robots-input')).toHaveValue('User-agent: *\nDisallow: /caf\ufffd\n');
  await expect(page.getByTestId('notice')).toContainText('not valid UTF-8');
});

test('a 5 MB file opens without freezing the page; Google reads 500 KiB of it', async ({ page }) => {
  await gotoApp(page);
  await fillInputs(page, { agents: 'Googlebot', urls: '/early\n/late' });
  let body = 'User-agent: *\nDisallow: /early\n';
  const filler = '# ' + 'x'.repeat(60) + '\n';
  body += filler.repeat(Math.ceil(5_000_000 / filler.length));
  body += 'Disallow: /late\n';
  await page.getByTestId('file-input').setInputFiles({ name: 'huge.txt', mimeType: 'text/plain', buffer: Buffer.from(body) });
  // Within the expect timeout (10 s); most of it is the browser laying out
  // 5 MB in a textarea. How long it takes is not asserted: timings on a
  // shared machine make flaky tests.
  await expect(page.getByTestId('robots-size')).toContainText('5.0 MB');
  await expect(page.getByTestId('notice')).toContainText('Google reads only the first 512.0 KB');
  expect(await rows(page)).toEqual([
    { url: '/early', agent: 'Googlebot', verdict: 'disallowed', line: 2 },
    { url: '/late', agent: 'Googlebot', verdict: 'allowed', line: 0 },
  ]);
  await expect(page.locator('[data-testid=diagnostic][data-code=file-too-large]')).toHaveCount(1);
  // Nothing keeps the page busy: a queued task runs.
  expect(await page.evaluate(() => new Promise((resolve) => setTimeout(() => resolve('ran'), 0)))).toBe('ran');
  // Lifting the limit reads the rule at the end.
  await page.getByLabel('Read the whole file').check();
  await expect(page.getByTestId('result-row').nth(1)).toHaveAttribute('data-verdict', 'disallowed');
  await expect(page.getByTestId('not-persisted')).toContainText('too large');
});

test('keyboard only: reach the fields, type, Ctrl+Enter to results, Enter selects', async ({ page }) => {
  await gotoApp(page);
  // Tab from the top of the page until the robots.txt editor has focus.
  const focused = () => page.evaluate(() => document.activeElement?.dataset?.testid ?? document.activeElement?.id);
  for (let i = 0; i < 15 && (await focused()) !== 'robots-input'; i++) await page.keyboard.press('Tab');
  expect(await focused()).toBe('robots-input');
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('User-agent: *\nDisallow: /one\nDisallow: /two\n');
  for (let i = 0; i < 10 && (await focused()) !== 'agent-input'; i++) await page.keyboard.press('Tab');
  expect(await focused()).toBe('agent-input');
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('Googlebot');
  // Past the crawler chips, the purpose buttons and the preset search.
  for (let i = 0; i < 20 && (await focused()) !== 'urls-input'; i++) await page.keyboard.press('Tab');
  expect(await focused()).toBe('urls-input');
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('/one\n/two\n/three');
  await expect(page.getByTestId('result-row')).toHaveCount(3);

  await page.keyboard.press('Control+Enter');
  expect(await focused()).toBe('result-row');
  await page.keyboard.press('Home');
  await expect(page.locator('[data-testid=result-row]:focus')).toHaveAttribute('data-url', '/one');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  const row = page.locator('[data-testid=result-row]:focus');
  await expect(row).toHaveAttribute('data-url', '/two');
  await expect(row).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('highlighted-line')).toHaveAttribute('data-line', '3');
  // Focus is visible.
  const outline = await row.evaluate((e) => getComputedStyle(e).outlineStyle);
  expect(outline).not.toBe('none');
});

test('robots.txt text is never interpreted as HTML', async ({ page }) => {
  await gotoApp(page);
  const hostile =
    'User-agent: <img src=x onerror=window.__xss=1>\n<script>window.__xss=2</script>\nDisallow: /<b>bold</b>\n';
  // '>' separates crawler tokens, so the agent field's attempt has none.
  await fillInputs(page, { robots: hostile, agents: '"<img src=x onerror=window.__xss=3 ', urls: '/<script>x</script>' });
  await expect(page.locator('.overlay')).toContainText('<img src=x onerror=window.__xss=1>');
  await expect(page.locator('.overlay')).toContainText('<script>window.__xss=2</script>');
  await expect(page.getByTestId('result-row')).toHaveAttribute('data-agent', '"<img src=x onerror=window.__xss=3');
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => window.__xss)).toBeUndefined();
  expect(await page.locator('img, b, main script').count()).toBe(0);
});

test('after load, only same-origin requests; exports download under the CSP', async ({ page, baseURL }) => {
  const requests = [];
  const kinds = [];
  page.on('request', (request) => {
    requests.push(request.url());
    kinds.push(request.resourceType());
  });
  await gotoApp(page);
  // Loading ends with the worker that lints (started after the first
  // verdicts): its first answer is shown.
  await expect(page.getByTestId('diagnostics-card')).toHaveAttribute('data-state', 'current');
  const afterLoad = requests.length;
  await fillInputs(page, { robots: 'User-agent: *\nDisallow: /x\n', agents: 'Googlebot, bingbot', urls: '/x\n/y,"z"' });
  await page.getByTestId('mode-select').selectOption('rfc9309');
  await page.getByTestId('sample-select').selectOption('wildcards');
  await page.getByTestId('result-row').first().click();

  const [csv] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
  expect(csv.suggestedFilename()).toBe('robots-results.csv');
  const csvText = await (await csv.createReadStream()).toArray().then((c) => Buffer.concat(c).toString('utf8'));
  // The CLI's record fields, then the other mode's.
  expect(csvText.split('\r\n')[0]).toBe(
    'allowed,line,rule,verdict,category,url,path,agent,mode,' +
      'other_allowed,other_line,other_rule,other_verdict,other_category,other_path,other_mode',
  );
  expect(csvText.split('\r\n')).toHaveLength(6 + 2);

  const [json] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-json').click()]);
  const parsed = JSON.parse(await (await json.createReadStream()).toArray().then((c) => Buffer.concat(c).toString('utf8')));
  expect(parsed).toHaveLength(6);
  expect(parsed[0]).toMatchObject({ url: 'https://www.example.com/report.pdf', agent: 'Googlebot', verdict: 'disallowed' });

  const origin = new URL(baseURL).origin;
  const foreign = requests.filter((u) => !u.startsWith('blob:') && !u.startsWith('data:') && new URL(u).origin !== origin);
  expect(foreign).toEqual([]);
  // Interacting fetched nothing: no fetch/XHR, scripts or documents. (Chromium
  // may re-request the page's own favicon when the link in the address bar
  // is updated; that is the browser, not the app.)
  const later = requests
    .map((url, i) => ({ url, kind: kinds[i] }))
    .slice(afterLoad)
    .filter(({ url }) => !url.startsWith('blob:') && !/\/favicon-[0-9a-f]+\.svg$/.test(url));
  expect(later).toEqual([]);
});

test('the crawler picker adds presets by type-ahead and from the groups', async ({ page }) => {
  await gotoApp(page);
  const search = page.getByTestId('crawler-search');
  await search.fill('gptb');
  await expect(page.getByTestId('crawler-option').first()).toContainText('GPTBot');
  await search.press('Enter');
  await expect(page.getByTestId('agent-input')).toHaveValue('Googlebot, GPTBot');
  await search.fill('adsbot-google');
  await page.getByTestId('crawler-option').first().click();
  await expect(page.getByTestId('agent-input')).toHaveValue('Googlebot, GPTBot, AdsBot-Google>!*');
  await page.getByText(/Browse all \d+ known crawlers/).click();
  await page.getByRole('button', { name: /^Add Googlebot-Image / }).click();
  await expect(page.getByTestId('agent-input')).toHaveValue('Googlebot, GPTBot, AdsBot-Google>!*, Googlebot-Image>Googlebot');
  await expect(page.getByTestId('result-row')).toHaveCount(7 * 4);
  // GPTBot is blocked everywhere by the default file.
  await expect(page.locator('[data-testid=result-row][data-agent=GPTBot][data-verdict=allowed]')).toHaveCount(0);
});

test('copy link uses the clipboard', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await gotoApp(page);
  await page.getByTestId('copy-link').click();
  await expect(page.getByTestId('notice')).toContainText('Link copied');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toContain('#v3.');
});

// Speed is measured by scripts/report, not asserted here: this checks that
// large inputs stay live, every keystroke updating every verdict.
test('large inputs update every verdict on each keystroke', async ({ page }) => {
  await gotoApp(page);
  await fillInputs(page, { agents: 'Googlebot' });
  // A robots.txt of about `size` bytes ending in "Disallow: /x" for every
  // crawler, and `urlCount` URLs under /x/: typing "y" at the end flips every
  // verdict to allowed, Backspace flips them back.
  const flipVerdicts = async (size, urlCount) => {
    let text = '';
    for (let i = 0; text.length < size; i++) {
      text += `User-agent: bot-${i}\nDisallow: /private/${i}/\nAllow: /private/${i}/public\nDisallow: /*.pdf$\n\n`;
    }
    text += 'User-agent: *\nDisallow: /x';
    const urls = Array.from({ length: urlCount }, (_, i) => `https://example.com/x/${i}/page?q=${i}`).join('\n');
    await fillInputs(page, { robots: text, urls });
    const rows = page.getByTestId('result-row');
    const summary = page.getByTestId('results-summary');
    await expect(summary).toHaveAttribute('data-total', String(urlCount));
    await expect(summary).toHaveAttribute('data-disallowed', String(urlCount));
    // Up to 200 rows every row is in the page; beyond, the rows in view.
    const drawn = await rows.count();
    if (urlCount <= 200) expect(drawn).toBe(urlCount);
    else expect(drawn).toBeLessThan(100);
    await expect(rows.first()).toHaveAttribute('data-verdict', 'disallowed');
    const input = page.getByTestId('robots-input');
    await input.focus();
    await page.keyboard.press('ControlOrMeta+End');
    for (const [key, verdict] of [['y', 'allowed'], ['Backspace', 'disallowed'], ['y', 'allowed']]) {
      await page.keyboard.press(key);
      await expect(summary).toHaveAttribute(`data-${verdict}`, String(urlCount));
      await expect(rows.first()).toHaveAttribute('data-verdict', verdict);
      await expect(rows.last()).toHaveAttribute('data-verdict', verdict);
      await expect(page.locator(`[data-testid=result-row][data-verdict=${verdict}]`)).toHaveCount(drawn);
    }
  };
  await flipVerdicts(10_000, 100);
  await flipVerdicts(500_000, 1000);
});

test.describe('screenshots', () => {
  test('dark mode', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await gotoApp(page);
    await expect(page.getByTestId('highlighted-line')).toHaveCount(1);
    await page.screenshot({ path: screenshotPath('dark'), fullPage: true });
  });

  test('phone width', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await gotoApp(page);
    await expect(page.getByTestId('result-row')).toHaveCount(7);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: screenshotPath('phone'), fullPage: true });
  });
});
