// End-to-end tests of AI-era robots.txt: usage preferences shown per
// result (they never change the verdict), and the linter naming the trap
// that merges a User-agent into the group above.

import { test, expect, gotoApp } from '../support/fixtures.mjs';

const TRAP = 'User-agent: *\nContent-Signal: search=yes, ai-train=no\n\nUser-agent: GPTBot\nDisallow: /\n';

test('usage preferences are shown for a row and explained, without changing its verdict', async ({ page }) => {
  await gotoApp(page);
  await page.getByTestId('robots-input').fill(
    'User-agent: *\nContent-Signal: search=yes, ai-train=no\nContent-Usage: /blog/ train-ai=n\nAllow: /\n',
  );
  await page.getByTestId('agent-input').fill('GPTBot');
  await page.getByTestId('urls-input').fill('/blog/post\n/shop');
  const rows = page.getByTestId('result-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toHaveAttribute('data-verdict', 'allowed');
  expect(JSON.parse(await rows.nth(0).getAttribute('data-usage'))).toEqual({
    content_usage: { 'train-ai': 'n' },
    content_signal: { search: 'yes', 'ai-train': 'no' },
  });
  expect(JSON.parse(await rows.nth(1).getAttribute('data-usage'))).toEqual({
    content_usage: null,
    content_signal: { search: 'yes', 'ai-train': 'no' },
  });
  await expect(rows.nth(0).getByTestId('row-usage')).toHaveText('AI: train-ai=n, search=yes, ai-train=no');
  await rows.nth(0).click();
  await expect(page.getByTestId('explain-usage')).toContainText(
    'Content-Usage on line 3 (paths under /blog/): train-ai=n (training AI models: not wanted).',
  );
  await expect(page.getByTestId('explain-usage')).toContainText('These do not change the verdict.');
  // A crawler with a group of its own and no preferences: empty.
  await page.getByTestId('robots-input').fill('User-agent: GPTBot\nAllow: /\n');
  await expect(rows.nth(0)).toHaveAttribute('data-usage', '');
});

test('the merged-group trap is named on the User-agent line that joins', async ({ page }) => {
  await gotoApp(page);
  await page.getByTestId('robots-input').fill(TRAP);
  await page.getByTestId('agent-input').fill('Googlebot');
  await page.getByTestId('urls-input').fill('/');
  await expect(page.getByTestId('result-row').first()).toHaveAttribute('data-verdict', 'disallowed');
  const lint = page.locator('[data-testid=diagnostic][data-code=agent-joins-previous-group]');
  await expect(lint).toHaveCount(1);
  await expect(lint).toContainText("'User-agent: GPTBot' joins the group of * (line 1)");
  await expect(page.locator('[data-testid=diagnostic][data-code=unknown-directive]')).toHaveCount(0);
});

test('a quick fix edits the file, and Ctrl+Z in the editor undoes it', async ({ page }) => {
  await gotoApp(page);
  const editor = page.getByTestId('robots-input');
  await editor.fill(TRAP);
  await page.getByTestId('agent-input').fill('Googlebot, GPTBot');
  await page.getByTestId('urls-input').fill('/');
  const rows = page.getByTestId('result-row');
  await expect(rows.nth(0)).toHaveAttribute('data-verdict', 'disallowed');
  const lint = page.locator('[data-testid=diagnostic][data-code=agent-joins-previous-group]');
  await lint.getByTestId('quick-fix').click();
  await expect(editor).toHaveValue(
    'User-agent: *\nContent-Signal: search=yes, ai-train=no\nAllow: /\n\nUser-agent: GPTBot\nDisallow: /\n',
  );
  await expect(lint).toHaveCount(0);
  // Googlebot may crawl again; GPTBot still may not.
  await expect(rows.nth(0)).toHaveAttribute('data-verdict', 'allowed');
  await expect(rows.nth(1)).toHaveAttribute('data-verdict', 'disallowed');
  // Undo, in the editor.
  await editor.focus();
  await page.keyboard.press('ControlOrMeta+z');
  await expect(editor).toHaveValue(TRAP);
  await expect(rows.nth(0)).toHaveAttribute('data-verdict', 'disallowed');
  // A misspelled key is fixed the same way.
  await editor.fill('User-agent: *\nDissallow: /private\n');
  await page.locator('[data-testid=diagnostic][data-code=typo-accepted]').getByTestId('quick-fix').click();
  await expect(editor).toHaveValue('User-agent: *\nDisallow: /private\n');
});

test('diagnostics and explanation steps link to the section they rest on', async ({ page }) => {
  await gotoApp(page);
  await page.getByTestId('robots-input').fill(TRAP);
  const lint = page.locator('[data-testid=diagnostic][data-code=agent-joins-previous-group]');
  await expect(lint.getByTestId('reference')).toHaveAttribute(
    'href',
    'https://developers.google.com/search/docs/crawling-indexing/robots/robots_txt#grouping-of-lines-and-rules',
  );
  await expect(lint.getByTestId('reference')).toHaveAttribute('target', '_blank');
  await page.getByTestId('result-row').first().click();
  // Each step's own source, as the library's Explanation::sources names
  // it: the path (matched byte by byte, 2.2.2), the group (2.2.1), the
  // rules and the decision (2.2.2).
  const links = page.getByTestId('explanation').getByTestId('reference');
  await expect(links).toHaveText([
    'RFC 9309, 2.2.2 The "Allow" and "Disallow" Lines',
    'RFC 9309, 2.2.1 The User-Agent Line',
    'RFC 9309, 2.2.2 The "Allow" and "Disallow" Lines',
    'RFC 9309, 2.2.2 The "Allow" and "Disallow" Lines',
  ]);
});

test('the AI crawler block goes at the top as one edit: verdicts, usage, no new warning, and Ctrl+Z', async ({ page }) => {
  await gotoApp(page);
  const editor = page.getByTestId('robots-input');
  const original = 'User-agent: *\nDisallow: /private\n';
  await editor.fill(original);
  await page.getByTestId('agent-input').fill('Googlebot, GPTBot, OAI-SearchBot');
  await page.getByTestId('urls-input').fill('/page');
  const row = (agent) => page.locator(`[data-testid=result-row][data-agent="${agent}"]`);
  await expect(row('GPTBot')).toHaveAttribute('data-verdict', 'allowed');

  await page.getByTestId('ai-block-select').selectOption('block-ai-training+preferences');
  // The worker computes the block: wait for its edit (under load it can
  // come after the select's change).
  await expect(editor).toHaveValue(/^# Block AI training, keep search and AI search:/);
  const text = await editor.inputValue();
  expect(text.startsWith('# Block AI training, keep search and AI search:')).toBe(true);
  // The preferences join the file's own * group, right after its User-agent line.
  expect(text.endsWith('User-agent: *\nContent-Signal: search=yes, ai-input=yes, ai-train=no\nContent-Usage: / train-ai=n\nDisallow: /private\n')).toBe(true);
  await expect(row('GPTBot')).toHaveAttribute('data-verdict', 'disallowed');
  await expect(row('Googlebot')).toHaveAttribute('data-verdict', 'allowed');
  await expect(row('OAI-SearchBot')).toHaveAttribute('data-verdict', 'allowed');
  expect(JSON.parse(await row('Googlebot').getAttribute('data-usage'))).toEqual({
    content_usage: { 'train-ai': 'n' },
    content_signal: { search: 'yes', 'ai-input': 'yes', 'ai-train': 'no' },
  });
  // The block passes our own linter: infos only (tokens Google's parser cuts short).
  await expect(page.locator('[data-testid=diagnostic].sev-warning, [data-testid=diagnostic].sev-error')).toHaveCount(0);

  await editor.focus();
  await page.keyboard.press('ControlOrMeta+z');
  await expect(editor).toHaveValue(original);
  await expect(row('GPTBot')).toHaveAttribute('data-verdict', 'allowed');

  // "Block all AI" also blocks AI search crawlers, and adds a * group when there is none.
  await editor.fill('User-agent: Bingbot\nDisallow: /cart\n');
  await page.getByTestId('ai-block-select').selectOption('block-all-ai+preferences');
  await expect(row('OAI-SearchBot')).toHaveAttribute('data-verdict', 'disallowed');
  await expect(row('Googlebot')).toHaveAttribute('data-verdict', 'allowed');
  expect(await editor.inputValue()).toContain('User-agent: *\nContent-Signal: search=yes, ai-input=no, ai-train=no\nContent-Usage: / train-ai=n\nAllow: /\n\nUser-agent: Bingbot\n');
});

test('the editor colours directives Google does not use apart from unknown keys', async ({ page }) => {
  await gotoApp(page);
  await page.getByTestId('robots-input').fill('User-agent: *\nCrawl-delay: 5\nFoo: bar\nDisallow: /x\n');
  const line = (n) => page.locator('.overlay .line').nth(n - 1);
  await expect(line(2)).toHaveClass(/k-unused/);
  await expect(line(3)).toHaveClass(/k-unknown/);
  await expect(page.locator('[data-testid=diagnostic][data-code=unsupported-directive]')).toContainText("Google ignores 'Crawl-delay'");
  await expect(page.locator('[data-testid=diagnostic][data-code=unknown-directive]')).toHaveCount(1);
});
