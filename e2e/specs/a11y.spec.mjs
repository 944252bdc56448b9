// Accessibility: axe-core's WCAG 2.1 A and AA rules report nothing, on the
// default page, with 20,000 URLs (the virtualised table) and with the
// crawler x URL matrix and its audit open, in light and dark mode.

import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { test, expect, gotoApp } from '../support/fixtures.mjs';
import { pasteUrls } from '../support/inputs.mjs';

const require = createRequire(import.meta.url);
const AXE = await readFile(require.resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's violations of WCAG 2.1 A and AA on the page as it is. */
async function violations(page) {
  // Evaluated through the DevTools protocol, which the page's CSP does not
  // govern: the page itself never loads axe.
  await page.evaluate(AXE);
  const result = await page.evaluate(() =>
    window.axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } }),
  );
  return result.violations.map((v) => ({
    rule: v.id,
    impact: v.impact,
    nodes: v.nodes.slice(0, 5).map((n) => `${n.target.join(' ')}: ${n.failureSummary}`),
  }));
}

for (const scheme of ['light', 'dark']) {
  test.describe(`${scheme} mode`, () => {
    // Tall enough that every card is on screen: cards out of view are not
    // rendered (content-visibility), and axe would skip their colours.
    test.use({ colorScheme: scheme, viewport: { width: 1440, height: 3200 } });

    test('the default page has no WCAG 2.1 AA violations', async ({ page }) => {
      await gotoApp(page);
      await expect(page.getByTestId('highlighted-line')).toHaveCount(1);
      expect(await violations(page)).toEqual([]);
    });

    test('20,000 URLs in the virtualised table have no WCAG 2.1 AA violations', async ({ page }) => {
      await gotoApp(page);
      const urls = Array.from({ length: 20_000 }, (_, i) => `https://www.example.com/p/${i}`).join('\n');
      await pasteUrls(page, urls);
      await expect(page.getByTestId('results-summary')).toHaveAttribute('data-total', '20000');
      await page.getByTestId('result-row').nth(3).click();
      expect(await violations(page)).toEqual([]);
    });

    test('the matrix and its audit have no WCAG 2.1 AA violations', async ({ page }) => {
      await gotoApp(page);
      await page.locator('[data-testid=add-purpose][data-purpose=ai-training]').click();
      await page.getByTestId('matrix-toggle').click();
      await page.getByTestId('matrix-cell').nth(2).click();
      await expect(page.locator('[data-testid=matrix-cell].selected')).toHaveCount(1);
      expect(await violations(page)).toEqual([]);
    });
  });
}
