// Every crawler at once: the crawler x URL matrix (one column per URL up
// to 50 URLs, first path segments beyond), its cells' verdicts and deciding
// lines, selecting a result from a cell, the keyboard, the purpose buttons
// of the crawler picker, and the audit by purpose.

import { test, expect, gotoApp, screenshotPath } from '../support/fixtures.mjs';
import { setField } from '../support/inputs.mjs';

const ROBOTS = `User-agent: GPTBot
Disallow: /

User-agent: CCBot
Disallow: /blog/
Allow: /blog/public

User-agent: *
Disallow: /private
`;

/** Every matrix cell's data attributes, in page order. */
async function cells(page) {
  return page.getByTestId('matrix-cell').evaluateAll((elements) =>
    elements.map((e) => ({ agent: e.dataset.agent, url: e.dataset.url, verdict: e.dataset.verdict, line: Number(e.dataset.line) })),
  );
}

async function setUp(page, { agents, urls }) {
  await gotoApp(page);
  await setField(page, 'robots-input', ROBOTS);
  await setField(page, 'agent-input', agents);
  await setField(page, 'urls-input', urls);
  await page.getByTestId('matrix-toggle').click();
  await expect(page.getByTestId('matrix-toggle')).toHaveAttribute('aria-expanded', 'true');
}

test('one cell per crawler and URL with its verdict and deciding line; a click selects the result', async ({ page }) => {
  await setUp(page, { agents: 'Googlebot, GPTBot, CCBot', urls: '/a\n/private/x\n/blog/post' });
  await expect(page.getByTestId('matrix')).toHaveAttribute('data-columns', 'urls');
  expect(await cells(page)).toEqual([
    { agent: 'Googlebot', url: '/a', verdict: 'allowed', line: 0 },
    { agent: 'Googlebot', url: '/private/x', verdict: 'disallowed', line: 9 },
    { agent: 'Googlebot', url: '/blog/post', verdict: 'allowed', line: 0 },
    { agent: 'GPTBot', url: '/a', verdict: 'disallowed', line: 2 },
    { agent: 'GPTBot', url: '/private/x', verdict: 'disallowed', line: 2 },
    { agent: 'GPTBot', url: '/blog/post', verdict: 'disallowed', line: 2 },
    { agent: 'CCBot', url: '/a', verdict: 'allowed', line: 0 },
    { agent: 'CCBot', url: '/private/x', verdict: 'allowed', line: 0 },
    { agent: 'CCBot', url: '/blog/post', verdict: 'disallowed', line: 5 },
  ]);
  // Every cell agrees with the table's row for the same URL and crawler.
  const rows = await page.getByTestId('result-row').evaluateAll((elements) =>
    elements.map((e) => ({ agent: e.dataset.agent, url: e.dataset.url, verdict: e.dataset.verdict, line: Number(e.dataset.line) })),
  );
  expect(new Set(rows.map(JSON.stringify))).toEqual(new Set((await cells(page)).map(JSON.stringify)));

  const cell = page.locator('[data-testid=matrix-cell][data-agent=CCBot][data-url="/blog/post"]');
  // Hover shows the deciding line.
  await cell.hover();
  await expect(page.getByTestId('matrix-detail')).toHaveText('CCBot, /blog/post: disallowed by L5  Disallow: /blog/');
  await expect(cell).toHaveAccessibleName('CCBot, /blog/post: disallowed by L5  Disallow: /blog/');
  // A click selects the result: the table's row, the editor's line, the explanation.
  await cell.click();
  await expect(cell).toHaveClass(/selected/);
  const selected = page.locator('[data-testid=result-row][aria-selected=true]');
  await expect(selected).toHaveAttribute('data-agent', 'CCBot');
  await expect(selected).toHaveAttribute('data-url', '/blog/post');
  await expect(page.getByTestId('highlighted-line')).toHaveAttribute('data-line', '5');
  await expect(page.getByTestId('highlighted-line')).toHaveText('Disallow: /blog/');
  // Selecting a row of the table marks its cell.
  await page.locator('[data-testid=result-row][data-agent=GPTBot][data-url="/a"]').click();
  await expect(page.locator('[data-testid=matrix-cell].selected')).toHaveAttribute('data-pos', '1-0');
});

test('the keyboard moves between cells, focus describes them and Enter selects', async ({ page }) => {
  await setUp(page, { agents: 'Googlebot, GPTBot', urls: '/a\n/private/x' });
  const first = page.getByTestId('matrix-cell').first();
  await first.focus();
  await expect(page.getByTestId('matrix-detail')).toHaveText('Googlebot, /a: allowed by no rule');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  const focused = page.locator('[data-testid=matrix-cell]:focus');
  await expect(focused).toHaveAttribute('data-pos', '1-1');
  await expect(focused).toHaveAccessibleName('GPTBot, /private/x: disallowed by L2  Disallow: /');
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-testid=result-row][aria-selected=true]')).toHaveAttribute('data-row', '3');
  await expect(page.getByTestId('highlighted-line')).toHaveAttribute('data-line', '2');
});

test('beyond 50 URLs the columns are first path segments with counts and mixed cells', async ({ page }) => {
  const urls = [
    ...Array.from({ length: 30 }, (_, i) => `https://example.com/blog/${i % 3 === 0 ? 'public' : 'post'}-${i}`),
    ...Array.from({ length: 20 }, (_, i) => `/private/${i}`),
    ...Array.from({ length: 10 }, (_, i) => `/about?page=${i}`),
  ].join('\n');
  await setUp(page, { agents: 'CCBot, Googlebot', urls });
  await expect(page.getByTestId('matrix')).toHaveAttribute('data-columns', 'segments');
  expect(await cells(page)).toEqual([
    { agent: 'CCBot', url: '/blog/', verdict: 'mixed', line: 5 },
    { agent: 'CCBot', url: '/private/', verdict: 'allowed', line: 0 },
    { agent: 'CCBot', url: '/about', verdict: 'allowed', line: 0 },
    { agent: 'Googlebot', url: '/blog/', verdict: 'allowed', line: 0 },
    { agent: 'Googlebot', url: '/private/', verdict: 'disallowed', line: 9 },
    { agent: 'Googlebot', url: '/about', verdict: 'allowed', line: 0 },
  ]);
  const blog = page.getByTestId('matrix-cell').first();
  await expect(blog).toHaveAttribute('data-allowed', '10');
  await expect(blog).toHaveAttribute('data-disallowed', '20');
  await expect(page.locator('.matrix-col').first()).toContainText('30');
  await blog.hover();
  await expect(page.getByTestId('matrix-detail')).toHaveText(
    'CCBot, /blog/ (30 URLs): 10 allowed, 20 disallowed; L5  Disallow: /blog/ decides 20 of them',
  );
  // The click selects the first result that line decides.
  await blog.click();
  const selected = page.locator('[data-testid=result-row][aria-selected=true]');
  await expect(selected).toHaveAttribute('data-url', 'https://example.com/blog/post-1');
  await expect(selected).toHaveAttribute('data-agent', 'CCBot');
  await expect(page.getByTestId('highlighted-line')).toHaveAttribute('data-line', '5');
});

test('a purpose is added in one click, and the audit sorts crawlers by purpose and exposure', async ({ page }) => {
  await setUp(page, { agents: 'Googlebot, MyBot', urls: '/a\n/blog/public/x\n/blog/y' });
  const training = page.locator('[data-testid=add-purpose][data-purpose=ai-training]');
  const count = Number((await training.textContent()).match(/\((\d+)\)/)[1]);
  await training.click();
  await expect(page.getByTestId('matrix').locator('tbody tr')).toHaveCount(2 + count);
  const groups = page.getByTestId('audit-group');
  await expect(groups).toHaveCount(3);
  expect(await groups.evaluateAll((rows) => rows.map((r) => r.dataset.purpose))).toEqual(['search', 'ai-training', 'unknown']);
  const ai = page.locator('[data-testid=audit-group][data-purpose=ai-training]');
  // GPTBot is blocked everywhere, CCBot only under /blog/; every other
  // AI-training crawler falls to `*`, which allows these URLs.
  await expect(ai).toHaveAttribute('data-blocked', '1');
  await expect(ai).toHaveAttribute('data-partial', '1');
  await expect(ai).toHaveAttribute('data-open', String(count - 2));
  await expect(ai.getByTestId('audit-blocked')).toHaveText('1 GPTBot');
  await expect(ai.getByTestId('audit-partial')).toHaveText('1 CCBot (may fetch 67%)');
  await expect(page.locator('[data-testid=audit-group][data-purpose=search]')).toHaveAttribute('data-open', '1');
  await expect(page.locator('[data-testid=audit-group][data-purpose=unknown] [data-testid=audit-open]')).toHaveText('1 MyBot');
  await page.locator('.matrix-card').screenshot({ path: screenshotPath('matrix') });
});

test('40 crawlers x 1,000 URLs is drawn as at most 60 segment columns', async ({ page }) => {
  const urls = Array.from({ length: 1000 }, (_, i) => `https://example.com/section-${i % 80}/page-${i}`).join('\n');
  await gotoApp(page);
  await setField(page, 'robots-input', ROBOTS);
  await page.locator('[data-testid=add-purpose][data-purpose=ai-training]').click();
  await setField(page, 'urls-input', urls);
  await page.getByTestId('matrix-toggle').click();
  // The matrix is a lazy panel: count its rows once it is drawn (read
  // right after the click, the count was 0 on a loaded machine).
  await expect(page.getByTestId('matrix').locator('tbody tr').first()).toBeVisible();
  const rowsOf = await page.getByTestId('matrix').locator('tbody tr').count();
  await expect(page.getByTestId('matrix-cell')).toHaveCount(rowsOf * 60);
  await expect(page.locator('.matrix-col').last()).toContainText('other segments');
});
