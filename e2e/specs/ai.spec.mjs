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
  const links = page.getByTestId('explanation').getByTestId('reference');
  await expect(links).toHaveText([
    'RFC 9309, 2.2.3 Special Characters',
    'RFC 9309, 2.2.1 The User-Agent Line',
    'RFC 9309, 2.2.2 The "Allow" and "Disallow" Lines',
  ]);
});
