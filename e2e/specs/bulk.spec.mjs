// Real sites have thousands of URLs: pasting and opening big lists
// (sitemaps too), counts over every row, the virtualised table (scrolling,
// keyboard, filtering, selecting), exports of every row, and how many
// results each line decides. Speed is measured by scripts/report, not here.

import { gzipSync } from 'node:zlib';
import { test, expect, gotoApp } from '../support/fixtures.mjs';
import { pasteUrls, setField } from '../support/inputs.mjs';

const ROBOTS = 'User-agent: *\nDisallow: /private/\nAllow: /private/press/\n';

/** `n` URLs: a quarter under /private/ (disallowed), a quarter under /private/press/ (allowed by line 3), the rest public. */
function siteUrls(n) {
  return Array.from({ length: n }, (_, i) => {
    const kind = ['private', 'private/press', 'public', 'shop'][i % 4];
    return `https://www.example.com/${kind}/${i}`;
  });
}

/** A site of `n` URLs checked for Googlebot against ROBOTS, the counts in. */
async function loadSite(page, n) {
  await setField(page, 'robots-input', ROBOTS);
  await page.getByTestId('agent-input').fill('Googlebot');
  const urls = siteUrls(n);
  await pasteUrls(page, urls.join('\n'));
  await expect(page.getByTestId('results-summary')).toHaveAttribute('data-total', String(n));
  return urls;
}

test('pasting 20,000 URLs gives the right counts over every row, with only the visible rows drawn', async ({ page }) => {
  await gotoApp(page);
  await setField(page, 'robots-input', ROBOTS);
  await page.getByTestId('agent-input').fill('Googlebot');
  await pasteUrls(page, siteUrls(20_000).join('\n'));
  const summary = page.getByTestId('results-summary');
  await expect(summary).toHaveAttribute('data-total', '20000');
  await expect(summary).toHaveAttribute('data-disallowed', '5000');
  await expect(summary).toHaveAttribute('data-allowed', '15000');
  // Too large to edit as text: summed up instead of filling the field.
  await expect(page.getByTestId('urls-summary')).toContainText('20,000 URLs');
  await expect(page.getByTestId('url-count')).toHaveText('20,000 URLs');
  // The grid tells screen readers how many rows there are.
  await expect(page.getByTestId('results-grid')).toHaveAttribute('aria-rowcount', '20001');
  const drawn = await page.getByTestId('result-row').count();
  expect(drawn).toBeGreaterThan(5);
  expect(drawn).toBeLessThan(100);
  await expect(page.getByTestId('result-row').first()).toHaveAttribute('aria-rowindex', '2');
  // Back to text on request.
  await page.getByTestId('urls-edit').click();
  await expect(page.getByTestId('urls-input')).toHaveValue(/^https:\/\/www\.example\.com\/private\/0\n/);
});

test('scrolling and the keyboard reach the last of 20,000 rows', async ({ page }) => {
  await gotoApp(page);
  const urls = await loadSite(page, 20_000);
  await page.locator('#results-list').evaluate((list) => (list.scrollTop = list.scrollHeight));
  const last = page.locator('[data-testid=result-row][aria-rowindex="20001"]');
  await expect(last).toHaveAttribute('data-url', urls.at(-1));
  await last.scrollIntoViewIfNeeded();
  await expect(last).toBeInViewport();
  // Keyboard: Home selects the first row, End the last, across the whole list.
  await last.click();
  await expect(last).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Home');
  const first = page.locator('[data-testid=result-row][aria-rowindex="2"]');
  await expect(first).toBeFocused();
  await expect(first).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowDown');
  await expect(page.locator('[data-testid=result-row][aria-rowindex="3"]')).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('PageDown');
  await expect(page.locator('[data-testid=result-row]:focus')).not.toHaveAttribute('aria-rowindex', '3');
  await page.keyboard.press('End');
  await expect(last).toBeFocused();
  await expect(last).toHaveAttribute('aria-selected', 'true');
});

test('filtering to one URL and selecting it highlights its deciding line', async ({ page }) => {
  await gotoApp(page);
  await loadSite(page, 20_000);
  await page.getByTestId('results-filter').fill('/private/12344');
  const rows = page.getByTestId('result-row');
  await expect(rows).toHaveCount(1);
  await expect(rows).toHaveAttribute('data-url', 'https://www.example.com/private/12344');
  await expect(page.getByTestId('shown-count')).toHaveText('Showing 1 of 20,000');
  // Counts stay those of every row.
  await expect(page.getByTestId('results-summary')).toHaveAttribute('data-total', '20000');
  await rows.click();
  await expect(rows).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('highlighted-line')).toHaveAttribute('data-line', '2');
  await expect(page.getByTestId('explain-decision')).toContainText('Disallowed');
  // Filters by verdict and order by verdict work over every row.
  await page.getByTestId('results-filter').fill('');
  await page.getByTestId('verdict-filter').selectOption('disallowed');
  await expect(page.getByTestId('shown-count')).toHaveText('Showing 5,000 of 20,000');
  await page.getByTestId('verdict-filter').selectOption('all');
  await page.getByTestId('results-order').selectOption('verdict');
  await expect(rows.first()).toHaveAttribute('data-verdict', 'disallowed');
});

test('a sitemap, a gzipped sitemap and a sitemap index are read locally', async ({ page }) => {
  await gotoApp(page);
  await setField(page, 'robots-input', ROBOTS);
  const sitemap = (locs) =>
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${locs
      .map((l) => `  <url><loc>${l}</loc></url>`)
      .join('\n')}\n</urlset>\n`;
  await page.getByTestId('url-file-input').setInputFiles({
    name: 'sitemap.xml',
    mimeType: 'application/xml',
    buffer: Buffer.from(sitemap(['https://www.example.com/private/a', 'https://www.example.com/?a=1&amp;b=2', 'https://www.example.com/shop'])),
  });
  await expect(page.getByTestId('notice')).toContainText('Read 3 URLs from the sitemap sitemap.xml.');
  await expect(page.getByTestId('urls-input')).toHaveValue(
    'https://www.example.com/private/a\nhttps://www.example.com/?a=1&b=2\nhttps://www.example.com/shop',
  );
  await expect(page.getByTestId('result-row').first()).toHaveAttribute('data-verdict', 'disallowed');

  const gz = gzipSync(Buffer.from(sitemap(siteUrls(8)))).valueOf();
  await page.getByTestId('url-file-input').setInputFiles({ name: 'sitemap-1.xml.gz', mimeType: 'application/gzip', buffer: gz });
  await expect(page.getByTestId('notice')).toContainText('Read 8 URLs from the sitemap sitemap-1.xml.gz, decompressed.');
  await expect(page.getByTestId('results-summary')).toHaveAttribute('data-total', '8');

  const index = `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <sitemap><loc>https://www.example.com/sitemap-1.xml.gz</loc></sitemap>
  <sitemap><loc>https://www.example.com/sitemap-2.xml.gz</loc></sitemap>
</sitemapindex>`;
  await page.getByTestId('url-file-input').setInputFiles([
    { name: 'sitemap-index.xml', mimeType: 'application/xml', buffer: Buffer.from(index) },
    { name: 'sitemap-1.xml.gz', mimeType: 'application/gzip', buffer: gz },
  ]);
  await expect(page.getByTestId('notice')).toContainText('sitemap-index.xml is a sitemap index naming 2 sitemaps.');
  await expect(page.getByTestId('notice')).toContainText('Not given, so not checked: https://www.example.com/sitemap-2.xml.gz.');
  await expect(page.getByTestId('results-summary')).toHaveAttribute('data-total', '8');
});

test('a CSV export and a list with lines that are not URLs', async ({ page }) => {
  await gotoApp(page);
  await setField(page, 'robots-input', ROBOTS);
  await page.getByTestId('url-file-input').setInputFiles({
    name: 'crawl.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('Address,Status Code\r\nhttps://www.example.com/private/1,200\r\n"https://www.example.com/shop?a=1,2",301\r\n'),
  });
  await expect(page.getByTestId('notice')).toContainText('Read 2 URLs from the Address column of crawl.csv.');
  await expect(page.getByTestId('results-summary')).toHaveAttribute('data-total', '2');
  await page.getByTestId('urls-input').fill('/private/x\nhello world\n# a comment\n/ok');
  await expect(page.getByTestId('results-summary')).toHaveAttribute('data-total', '2');
  await expect(page.getByTestId('result-notes')).toContainText(
    'Skipped 1 line that is not a URL or a path (paths start with /): line 2 (hello world).',
  );
});

test('the CSV export holds every one of 20,000 rows', async ({ page }) => {
  await gotoApp(page);
  const urls = await loadSite(page, 20_000);
  const [csv] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
  const text = Buffer.concat(await (await csv.createReadStream()).toArray()).toString('utf8');
  const lines = text.split('\r\n');
  expect(lines.at(-1)).toBe('');
  expect(lines).toHaveLength(20_002);
  expect(lines[1].startsWith('false,2,Disallow: /private/,disallowed,disallowed-explicit,https://www.example.com/private/0,')).toBe(true);
  expect(lines[20_000].split(',')[5]).toBe(urls.at(-1));
  expect(lines.filter((l) => l.startsWith('false,')).length).toBe(5000);
});

test('the gutter and the rules view tell how many results each line decides', async ({ page }) => {
  await gotoApp(page);
  await setField(page, 'robots-input', 'User-agent: *\nDisallow: /a\nAllow: /a/b\nDisallow: /never\n');
  await page.getByTestId('agent-input').fill('Googlebot, bingbot');
  await page.getByTestId('urls-input').fill('/a/1\n/a/2\n/a/b\n/c');
  await expect(page.getByTestId('results-summary')).toHaveAttribute('data-total', '8');
  const count = (line) => page.locator('.gutter-line').filter({ has: page.locator(`.number:text-is("${line}")`) }).getByTestId('gutter-count');
  await expect(count(2)).toHaveText('4');
  await expect(count(3)).toHaveText('2');
  await expect(count(4)).toHaveText('');
  await page.getByTestId('by-rule-toggle').click();
  const rules = page.getByTestId('rule-count');
  await expect(rules).toHaveCount(3);
  await expect(rules.nth(0)).toHaveAttribute('data-count', '4');
  await expect(rules.nth(1)).toHaveAttribute('data-count', '2');
  // Rows no rule decided: /c for both crawlers.
  await expect(rules.nth(2)).toHaveAttribute('data-count', '2');
  await expect(page.getByTestId('dead-rule')).toHaveAttribute('data-line', '4');
  // Showing a rule's rows filters the table to them.
  await rules.nth(1).getByRole('button', { name: 'Show them' }).click();
  await expect(page.getByTestId('result-row')).toHaveCount(2);
  await expect(page.getByTestId('decided-by-chip')).toContainText('Decided by L3');
});

test('long checks run in slices with progress, and a newer input always wins', async ({ page }) => {
  await gotoApp(page);
  // Thousands of wildcard rules that every path must be tried against
  // make each check slow enough that 50,000 URLs take several slices.
  const rules = Array.from({ length: 3000 }, (_, i) => `Disallow: /*q${i}*z$`).join('\n');
  await setField(page, 'robots-input', `User-agent: *\n${rules}\n`);
  await page.getByTestId('agent-input').fill('Googlebot');
  // The page still answers while it checks: a task queued right after the
  // paste runs between two slices, while the check is under way. (How long
  // slices take is measured by scripts/report, not asserted here: timings
  // on a shared machine make flaky tests.)
  const progressSeenByTimer = await pasteUrls(page, siteUrls(50_000).join('\n'), {
    readAfterATask: '[data-testid=progress]',
  });
  expect(progressSeenByTimer).toMatch(/Checking [\d,]+ of 50,000 rows/);
  // A new list before the old one is done: its results, and only its.
  await page.getByTestId('urls-clear').click();
  await page.getByTestId('urls-input').fill('/a\n/b');
  const summary = page.getByTestId('results-summary');
  await expect(summary).toHaveAttribute('data-total', '2');
  await page.waitForTimeout(2000);
  await expect(summary).toHaveAttribute('data-total', '2');
  await expect(page.getByTestId('progress')).toHaveCount(0);
});

test('the rules view lists at most 300 rules per list and says how many more there are', async ({ page }) => {
  await gotoApp(page);
  const rules = Array.from({ length: 400 }, (_, i) => `Disallow: /r${i}/`).join('\n');
  await setField(page, 'robots-input', `User-agent: *\n${rules}\nDisallow: /never/\n`);
  await page.getByTestId('agent-input').fill('Googlebot');
  await setField(page, 'urls-input', Array.from({ length: 400 }, (_, i) => `/r${i}/page`).join('\n'));
  await expect(page.getByTestId('results-summary')).toHaveAttribute('data-disallowed', '400');
  await page.getByTestId('by-rule-toggle').click();
  // 300 rules and the row of results no rule decided.
  await expect(page.getByTestId('rule-count')).toHaveCount(301);
  await expect(page.getByTestId('rule-counts')).toContainText('100 more rules decide some of them, not listed here');
  await expect(page.getByTestId('dead-rule')).toHaveAttribute('data-line', '402');
});
