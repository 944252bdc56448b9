// The inputs and their data (issue 24, part B): the link keeps the view,
// text entered with CRLF line endings, diagnostics grouped by kind with
// "fix all", the rules view's dead and unread rules, and opening a sitemap
// index alone.

import { test, expect, gotoApp } from '../support/fixtures.mjs';
import { waitForLink } from '../support/link.mjs';

const ROBOTS = 'User-agent: *\nDisallow: /private\nAllow: /private/press\n\nUser-agent: GPTBot\nDisallow: /\n';

test('the link keeps the view: filters, order, rules view, matrix and selected row', async ({ page, browser }) => {
  await gotoApp(page);
  await page.getByTestId('robots-input').fill(ROBOTS);
  await page.getByTestId('agent-input').fill('Googlebot, bingbot');
  await page.getByTestId('urls-input').fill('/a\n/private/x\n/private/y\n/private/press/1');
  await expect(page.getByTestId('results-summary')).toHaveAttribute('data-total', '8');
  await page.getByTestId('verdict-filter').selectOption('disallowed');
  await page.getByTestId('results-filter').fill('private');
  await page.getByTestId('results-order').selectOption('url');
  await page.getByTestId('matrix-toggle').click();
  const rows = page.getByTestId('result-row');
  await expect(rows).toHaveCount(4);
  await rows.nth(2).click();
  const selected = await rows.nth(2).evaluate((e) => [e.dataset.url, e.dataset.agent, Number(e.dataset.row)]);
  await expect(rows.nth(2)).toHaveAttribute('aria-selected', 'true');
  const url = await waitForLink(
    page,
    (link) =>
      link.view?.verdict === 'disallowed' &&
      link.view.text === 'private' &&
      link.view.order === 'url' &&
      link.view.matrix &&
      link.view.selected === selected[2],
  );

  const context = await browser.newContext();
  const fresh = await context.newPage();
  await fresh.goto(url);
  await expect(fresh.getByTestId('verdict-filter')).toHaveValue('disallowed');
  await expect(fresh.getByTestId('results-filter')).toHaveValue('private');
  await expect(fresh.getByTestId('results-order')).toHaveValue('url');
  await expect(fresh.getByTestId('matrix-toggle')).toHaveAttribute('aria-expanded', 'true');
  await expect(fresh.getByTestId('result-row')).toHaveCount(4);
  const chosen = fresh.locator('[data-testid=result-row][aria-selected=true]');
  await expect(chosen).toHaveAttribute('data-url', selected[0]);
  await expect(chosen).toHaveAttribute('data-agent', selected[1]);
  // The rules view too.
  await fresh.getByTestId('by-rule-toggle').click();
  const byRule = await waitForLink(fresh, (link) => link.view?.byRule === true);
  const again = await context.newPage();
  await again.goto(byRule);
  await expect(again.getByTestId('rule-counts')).toBeVisible();
  await context.close();
});

test('CRLF text entered in one insert is kept as the field keeps it, so a fix lands on its line', async ({ page }) => {
  await gotoApp(page);
  // fill() enters the text in one insertText, as some paste tools do.
  await page.getByTestId('robots-input').fill('User-agent: *\r\nDisallow: /a\r\nDisallow: /CREATIVE TEST/\r\nDisallow: /Unanimis/x\r\n');
  const fix = page.locator('[data-testid=diagnostic][data-code=pattern-needs-encoding]').getByTestId('quick-fix');
  await fix.click();
  await expect(page.getByTestId('robots-input')).toHaveValue('User-agent: *\nDisallow: /a\nDisallow: /CREATIVE%20TEST/\nDisallow: /Unanimis/x\n');
  await expect(page.locator('[data-testid=diagnostic][data-code=pattern-needs-encoding]')).toHaveCount(0);
});

test('diagnostics are grouped by kind, filtered by severity, and fixed all at once with one undo', async ({ page }) => {
  await gotoApp(page);
  const file = 'User-agent: *\nNoindex: /a\nDisallow: /my page/\nNoindex: /b\nCrawl-delay: 5\nNoindex: /c\nDisallow: /your page/\nNoindex: /d\nNoindex: /e\nNoindex: /f\n';
  await page.getByTestId('robots-input').fill(file);
  const groups = page.getByTestId('diagnostic-group');
  // Findings that change verdicts first.
  await expect(groups.first()).toHaveAttribute('data-code', 'pattern-needs-encoding');
  await expect(groups.first()).toHaveAttribute('data-count', '2');
  await expect(groups.first().getByTestId('changes-verdicts')).toBeVisible();
  const noindex = page.locator('[data-testid=diagnostic-group][data-code=unsupported-directive][data-count="6"]');
  await expect(noindex).toHaveCount(1);
  await expect(noindex.getByTestId('changes-verdicts')).toHaveCount(0);
  // The severity filter.
  await page.getByTestId('diagnostic-severity').selectOption('info');
  await expect(groups).toHaveCount(1);
  await expect(groups.first()).toHaveAttribute('data-count', '1');
  await page.getByTestId('diagnostic-severity').selectOption('all');
  await expect(groups).toHaveCount(3);
  // Fix all of a kind: one edit, one undo.
  await groups.first().getByTestId('fix-all').click();
  const fixed = file.replace('/my page/', '/my%20page/').replace('/your page/', '/your%20page/');
  await expect(page.getByTestId('robots-input')).toHaveValue(fixed);
  await expect(page.locator('[data-testid=diagnostic-group][data-code=pattern-needs-encoding]')).toHaveCount(0);
  await page.getByTestId('robots-input').focus();
  await page.keyboard.press('ControlOrMeta+z');
  await expect(page.getByTestId('robots-input')).toHaveValue(file);
  await expect(page.locator('[data-testid=diagnostic-group][data-code=pattern-needs-encoding]')).toHaveCount(1);
});

test('the rules view tells rules no chosen crawler reads from rules dead for these URLs', async ({ page }) => {
  await gotoApp(page);
  await page.getByTestId('robots-input').fill(`${ROBOTS}\nUser-agent: Googlebot\nDisallow: /g\nDisallow: /unused\n`);
  await page.getByTestId('agent-input').fill('Googlebot');
  await page.getByTestId('urls-input').fill('/g/1\n/a');
  await expect(page.getByTestId('results-summary')).toHaveAttribute('data-total', '2');
  await page.getByTestId('by-rule-toggle').click();
  await expect(page.getByTestId('dead-rule')).toHaveAttribute('data-line', '10');
  const unread = page.getByTestId('unread-rule');
  await expect(unread).toHaveCount(3);
  expect(await unread.evaluateAll((es) => es.map((e) => e.dataset.line))).toEqual(['2', '3', '6']);
  await expect(page.getByTestId('rule-counts')).toContainText('other crawlers may obey them');
});

test('a sitemap index opened alone keeps the URL list and says what it needs', async ({ page }) => {
  await gotoApp(page);
  await page.getByTestId('urls-input').fill('/kept\n/also');
  await expect(page.getByTestId('results-summary')).toHaveAttribute('data-total', '2');
  const index = '<sitemapindex><sitemap><loc>https://www.example.com/s1.xml</loc></sitemap></sitemapindex>';
  await page.getByTestId('url-file-input').setInputFiles({ name: 'index.xml', mimeType: 'application/xml', buffer: Buffer.from(index) });
  await expect(page.getByTestId('notice')).toContainText('Not given, so not checked: https://www.example.com/s1.xml');
  await expect(page.getByTestId('notice')).toContainText('The URL list is unchanged.');
  await expect(page.getByTestId('urls-input')).toHaveValue('/kept\n/also');
  await expect(page.getByTestId('results-summary')).toHaveAttribute('data-total', '2');
});
