// The first screen answers (issue 24): at 1280x720 and 1440x900 the
// selected result, its deciding line in the editor and its explanation are
// in the viewport together; on a 390x844 phone the results start within
// the first two screens. Also: nothing important cut off (paths under a
// shared origin, matrix heads, audit columns), the explanation's "why not"
// and sources, the named sample, and no page error on a resize after a
// view toggle (defect 3).

import { test, expect, gotoApp, screenshotPath } from '../support/fixtures.mjs';
import { caretToLine, setField } from '../support/inputs.mjs';

/** The element's box, asserted wholly inside the viewport. */
async function inView(page, locator, what) {
  await expect(locator, what).toBeVisible();
  const box = await locator.boundingBox();
  const { width, height } = page.viewportSize();
  expect(box, what).not.toBeNull();
  expect(box.y, `${what}: top`).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height, `${what}: bottom`).toBeLessThanOrEqual(height);
  expect(box.x, `${what}: left`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${what}: right`).toBeLessThanOrEqual(width);
  return box;
}

const selectedRow = (page) => page.locator('[data-testid=result-row][aria-selected=true]');

for (const [width, height] of [
  [1280, 720],
  [1440, 900],
]) {
  test(`at ${width}x${height} the selected result, its deciding line and why are on the first screen`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await gotoApp(page);
    const row = selectedRow(page);
    await expect(row).toHaveCount(1);
    const line = await row.getAttribute('data-line');
    expect(Number(line)).toBeGreaterThan(0);
    await inView(page, row, 'selected result');
    await inView(page, page.getByTestId('highlighted-line'), 'deciding line');
    await expect(page.getByTestId('highlighted-line')).toHaveAttribute('data-line', line);
    await inView(page, page.getByTestId('explanation').locator('.explain-summary'), 'explanation summary');
    await inView(page, page.getByTestId('explain-rule'), 'deciding rule in the explanation');
    // The toolbar is one row: every control's top within a few pixels.
    const tops = await page
      .locator('.toolbar > .tool-group > :is(select, button, label.button)')
      .evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().top)));
    expect(Math.max(...tops) - Math.min(...tops), 'toolbar rows').toBeLessThan(8);
    await page.screenshot({ path: screenshotPath(`first-screen-${width}x${height}`) });

    // Another result: its deciding line is scrolled into the editor's view.
    await setField(page, 'urls-input', Array.from({ length: 30 }, (_, i) => `https://www.example.com/page-${i}`).concat(['https://www.example.com/news/archive/2019/x']).join('\n'));
    const last = page.locator('[data-testid=result-row][data-url$="/news/archive/2019/x"]');
    await last.scrollIntoViewIfNeeded();
    await last.click();
    await expect(last).toHaveAttribute('aria-selected', 'true');
    await inView(page, last, 'selected result after scrolling the table');
    const deciding = page.getByTestId('highlighted-line');
    await expect(deciding).toHaveAttribute('data-line', await last.getAttribute('data-line'));
    await inView(page, deciding, 'its deciding line');
    await inView(page, page.getByTestId('explain-rule'), 'its deciding rule in the explanation');
  });
}

test('a line chosen in the editor brings the results it decides into view (Show them)', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await gotoApp(page);
  // 30 more URLs first, so line 18's one result starts far down the table.
  await setField(page, 'urls-input', Array.from({ length: 30 }, (_, i) => `https://www.example.com/page-${i}`).concat(['https://www.example.com/cart/']).join('\n'));
  // Line 18 is "Disallow: /cart/" in the Googlebot group.
  await caretToLine(page, 18);
  await expect(page.getByTestId('line-info')).toContainText('Line 18');
  await page.getByTestId('line-show-results').click();
  const rows = page.getByTestId('result-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toHaveAttribute('data-line', '18');
  await inView(page, rows.first(), 'the result line 18 decides');
});

test('on a 390x844 phone the results start within the first two screens', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await gotoApp(page);
  const row = selectedRow(page);
  await expect(row).toHaveCount(1);
  const top = await page.getByTestId('results-grid').evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
  expect(top).toBeLessThan(2 * 844);
  // No horizontal page scroll.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: screenshotPath('first-screen-390x844') });
});

test('a resize after each view toggle throws nothing (defect 3)', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await gotoApp(page);
  const sizes = [
    [1200, 800],
    [1440, 900],
  ];
  const resize = async () => {
    for (const [width, height] of sizes) {
      await page.setViewportSize({ width, height });
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve())));
    }
  };
  for (let i = 0; i < 3; i++) {
    await page.getByTestId('by-rule-toggle').click();
    await resize();
    await page.getByTestId('by-rule-toggle').click();
    await resize();
    await page.getByTestId('compare-toggle').click();
    await resize();
    await page.getByTestId('compare-toggle').click();
    await resize();
    await page.getByTestId('matrix-toggle').click();
    await resize();
    await page.getByTestId('matrix-toggle').click();
    await resize();
  }
  // The page still works: a result is selected and explained.
  await expect(selectedRow(page)).toHaveCount(1);
  await expect(page.getByTestId('explain-decision')).not.toBeEmpty();
  // The fixture fails the test on any page error (a wasm trap).
});

test('paths show under their shared origin, the whole rule on hover and in the explanation', async ({ page }) => {
  await gotoApp(page);
  await expect(page.locator('.url-head')).toHaveText('Path on https://www.example.com');
  const row = page.locator('[data-testid=result-row][data-url="https://www.example.com/cart/"]');
  await expect(row.locator('.url-text')).toHaveText('/cart/');
  await expect(row.locator('.url-text')).toHaveAttribute('title', 'https://www.example.com/cart/');
  await expect(row.locator('.rule-ref')).toHaveAttribute('title', 'L18  Disallow: /cart/');
  await row.click();
  await expect(page.getByTestId('explain-rule')).toContainText('Disallow: /cart/');
  // Another origin among them: whole URLs again.
  await setField(page, 'urls-input', 'https://www.example.com/cart/\nhttps://shop.example.org/cart/');
  await expect(page.locator('.url-head')).toHaveText('URL');
  await expect(page.locator('[data-testid=result-row] .url-text').first()).toHaveText('https://www.example.com/cart/');
});

test('matrix heads are distinct paths for 50 URLs on one origin', async ({ page }) => {
  await gotoApp(page);
  const urls = Array.from({ length: 50 }, (_, i) => `https://www.example.com/products/item-${i}`);
  await setField(page, 'urls-input', urls.join('\n'));
  await page.getByTestId('matrix-toggle').click();
  // The matrix is a lazy panel: its heads exist once its chunk is in.
  await expect(page.getByTestId('matrix-head')).toHaveCount(50);
  const heads = await page.getByTestId('matrix-head').allTextContents();
  expect(heads).toHaveLength(50);
  expect(new Set(heads).size).toBe(50);
  expect(heads[0]).toBe('/item-0');
  await expect(page.locator('.matrix caption')).toContainText('all under https://www.example.com/products');
});

test('the audit keeps its columns with 75 crawlers and gives each partly blocked one its share', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await gotoApp(page);
  await page.locator('[data-testid=add-purpose][data-purpose=ai-search]').click();
  await page.locator('[data-testid=add-purpose][data-purpose=ai-training]').click();
  await page.getByTestId('matrix-toggle').click();
  const audit = page.getByTestId('audit');
  await expect(audit.getByTestId('audit-group').first()).toBeVisible();
  // The purpose column keeps its width, and no crawler name breaks.
  const purpose = await audit.locator('tbody th').first().boundingBox();
  expect(purpose.width).toBeGreaterThan(120);
  const broken = await audit.locator('.audit-names li').evaluateAll((items) =>
    items.filter((li) => li.getClientRects().length > 1 || li.scrollWidth > li.clientWidth + 1).map((li) => li.textContent),
  );
  expect(broken).toEqual([]);
  // Every partly blocked crawler says how much it may fetch.
  const partial = await audit.locator('[data-testid=audit-partial] li').allTextContents();
  expect(partial.length).toBeGreaterThan(0);
  for (const name of partial) expect(name).toMatch(/\(may fetch (<1|>99|\d{1,2})%\)$/);
});

test('why not: the near misses with their reasons, and each step links its source', async ({ page }) => {
  await gotoApp(page);
  await setField(page, 'robots-input', 'User-agent: *\nDisallow: /*.pdf$\nDisallow: /*?\n');
  await setField(page, 'agent-input', 'Googlebot');
  await setField(page, 'urls-input', 'https://www.example.com/report.pdf?download=1');
  await page.locator('[data-testid=result-row]').first().click();
  const why = page.getByTestId('explanation');
  await expect(why.getByTestId('explain-rule')).toContainText('Disallow: /*?');
  const miss = why.getByTestId('near-miss');
  await expect(miss).toHaveCount(1);
  await expect(miss).toContainText('Disallow: /*.pdf$');
  await expect(miss).toContainText('a query follows');
  await expect(why.getByTestId('reference').first()).toHaveAttribute('href', /rfc9309/);

  // A Google-only behaviour links Google's documentation.
  await setField(page, 'robots-input', 'User-agent: *\nDisallow: /\n');
  await setField(page, 'agent-input', 'AdsBot-Google>!*');
  await page.locator('[data-testid=result-row]').first().click();
  await expect(why.locator('a[data-testid=reference][href*="developers.google.com"]').first()).toBeVisible();

  // A fetch outcome decides: no rule step, no "no rule matched".
  await page.getByTestId('fetch-outcome').selectOption('503');
  await page.locator('[data-testid=result-row]').first().click();
  await expect(why).toContainText('503');
  await expect(why).not.toContainText('None of its rules match');
  await expect(why.getByTestId('explain-why-not')).toHaveCount(0);
  await expect(why.locator('a[data-testid=reference][href*="rfc9309"]').first()).toBeVisible();
});

test('the sample in use is named, and the Google-vs-RFC sample changes with the reading', async ({ page }) => {
  await gotoApp(page);
  await expect(page.getByTestId('sample-select')).toHaveValue('default');
  await page.getByTestId('sample-select').selectOption('google-vs-rfc');
  await expect(page.getByTestId('sample-select')).toHaveValue('google-vs-rfc');
  const verdicts = () => page.locator('[data-testid=result-row]').evaluateAll((rows) => rows.map((r) => r.dataset.verdict));
  await expect(page.locator('[data-testid=result-row]')).toHaveCount(5);
  const google = await verdicts();
  await page.getByTestId('mode-select').selectOption('rfc9309');
  await expect.poll(verdicts).not.toEqual(google);
  const rfc = await verdicts();
  expect(google.filter((v, i) => v !== rfc[i])).toHaveLength(4);
  // Edited, it is no longer the sample.
  await setField(page, 'robots-input', 'User-agent: *\nDisallow: /x\n');
  await expect(page.getByTestId('sample-select')).toHaveValue('');
});
