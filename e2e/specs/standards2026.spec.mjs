// End-to-end tests of robots.txt as sites write it in 2026 (issue 20): no
// false warning on Cloudflare's managed file or on License, and the new
// lints shown as every diagnostic is (the list, the gutter, the Fix button).

import { test, expect, gotoApp } from '../support/fixtures.mjs';

const CLOUDFLARE =
  'User-Agent: *\nContent-Signal: search=yes,ai-train=no,use=reference\nAllow: /\n\nUser-agent: GPTBot\nDisallow: /\n';

test("Cloudflare's managed file and License get infos, never a warning", async ({ page }) => {
  await gotoApp(page);
  await page.getByTestId('robots-input').fill(`License: https://example.com/license.xml\n${CLOUDFLARE}`);
  await expect(page.locator('[data-testid=diagnostic][data-code=unsupported-directive]')).toHaveCount(2);
  await expect(page.locator('[data-testid=diagnostic].sev-warning, [data-testid=diagnostic].sev-error')).toHaveCount(0);
  await expect(page.locator('[data-testid=diagnostic][data-code=unknown-directive]')).toHaveCount(0);
  await expect(page.locator('[data-testid=diagnostic][data-code=unsupported-directive]').first()).toContainText('RSL 1.0');
});

test('a misspelled crawler is named, marked in the gutter, and fixed with one click', async ({ page }) => {
  await gotoApp(page);
  const editor = page.getByTestId('robots-input');
  await editor.fill('User-agent: GTPBot\nDisallow: /\n');
  await page.getByTestId('agent-input').fill('GPTBot');
  await page.getByTestId('urls-input').fill('/page');
  const row = page.getByTestId('result-row').first();
  await expect(row).toHaveAttribute('data-verdict', 'allowed');
  const lint = page.locator('[data-testid=diagnostic][data-code=agent-looks-misspelled]');
  await expect(lint).toHaveCount(1);
  await expect(lint).toHaveAttribute('data-line', '1');
  await expect(lint).toContainText("did you mean 'GPTBot'");
  const gutter = page.locator('.gutter-line').filter({ has: page.locator('.number:text-is("1")') });
  await expect(gutter.locator('.marker')).toHaveClass(/sev-warning/);
  await lint.getByTestId('quick-fix').click();
  await expect(editor).toHaveValue('User-agent: GPTBot\nDisallow: /\n');
  await expect(lint).toHaveCount(0);
  await expect(row).toHaveAttribute('data-verdict', 'disallowed');
});

test("a named group that drops the * group's rules is fixed by copying them", async ({ page }) => {
  await gotoApp(page);
  const editor = page.getByTestId('robots-input');
  await editor.fill('User-agent: *\nDisallow: /private/\n\nUser-agent: GPTBot\nDisallow: /drafts/\n');
  await page.getByTestId('agent-input').fill('GPTBot');
  await page.getByTestId('urls-input').fill('/private/plans');
  const row = page.getByTestId('result-row').first();
  await expect(row).toHaveAttribute('data-verdict', 'allowed');
  const lint = page.locator('[data-testid=diagnostic][data-code=group-drops-global-rules]');
  await expect(lint).toHaveAttribute('data-line', '4');
  await expect(lint).toContainText("it may fetch '/private/'");
  await lint.getByTestId('quick-fix').click();
  await expect(editor).toHaveValue(
    'User-agent: *\nDisallow: /private/\n\nUser-agent: GPTBot\nDisallow: /drafts/\nDisallow: /private/\n',
  );
  await expect(row).toHaveAttribute('data-verdict', 'disallowed');
  await expect(lint).toHaveCount(0);
});

test('a signal the rules contradict, and a line Lighthouse rejects, are shown', async ({ page }) => {
  await gotoApp(page);
  const editor = page.getByTestId('robots-input');
  await editor.fill('User-agent: *\nContent-Signal: search=yes, ai-train=no\nAllow: /\n\nUser-agent: GPTBot\nAllow: /\n');
  const contradiction = page.locator('[data-testid=diagnostic][data-code=signal-contradicts-rules]');
  await expect(contradiction).toHaveCount(1);
  await expect(contradiction).toHaveAttribute('data-line', '2');
  await expect(contradiction).toContainText('lets GPTBot (an AI training crawler) fetch the whole site by name');
  await editor.fill('User-agent: *\nContent-Usage: /private/ train-ai=n\nAllow: /\n');
  const note = page.locator('[data-testid=diagnostic][data-code=validator-rejects]');
  await expect(note).toHaveCount(1);
  await expect(note).toHaveAttribute('data-line', '2');
  await expect(note).toContainText("Lighthouse's robots.txt audit reports line 2");
  await expect(page.locator('[data-testid=diagnostic].sev-warning')).toHaveCount(0);
});
