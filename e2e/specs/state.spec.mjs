// End-to-end tests of what the store's entities promise in the browser:
// every job takes the robots.txt as fetched (the export equals the table
// whatever the fetch outcome), files dropped on the editor and the URL
// list are opened through the same transitions as the file pickers, and
// listeners of components that come and go leave with them.

import { test, expect, gotoApp } from '../support/fixtures.mjs';

/** The rows as the table shows them. */
async function tableRows(page) {
  return page.getByTestId('result-row').evaluateAll((rows) =>
    rows.map((r) => ({ url: r.dataset.url, agent: r.dataset.agent, verdict: r.dataset.verdict, line: r.dataset.line })),
  );
}

/** Clicks the CSV export and reads the file: its records by column name. */
async function exportCsv(page) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
  const text = await (await download.createReadStream()).toArray().then((c) => Buffer.concat(c).toString('utf8'));
  const [head, ...lines] = text.split('\r\n').filter((line) => line !== '');
  const columns = head.split(',');
  // The URLs and rules here hold no comma or quote, so no field is quoted.
  return lines.map((line) => Object.fromEntries(line.split(',').map((value, i) => [columns[i], value])));
}

test('the CSV export carries the fetch outcome the table shows (503, 404, 200)', async ({ page }) => {
  await gotoApp(page);
  await page.getByTestId('robots-input').fill('User-agent: *\nDisallow: /private/\nAllow: /private/press\n');
  await page.getByTestId('agent-input').fill('Googlebot, GPTBot');
  await page.getByTestId('urls-input').fill('/private/a\n/private/press/1\n/public');
  const expected = {
    503: { verdict: 'disallowed', category: 'unreachable' },
    404: { verdict: 'allowed', category: 'unavailable' },
  };
  for (const outcome of ['503', '404', '200']) {
    await page.getByTestId('fetch-outcome').selectOption(outcome);
    if (expected[outcome]) {
      await expect(page.getByTestId('fetch-note')).toBeVisible();
    } else {
      await expect(page.getByTestId('fetch-note')).toHaveCount(0);
    }
    const rows = await tableRows(page);
    expect(rows).toHaveLength(6);
    const records = await exportCsv(page);
    expect(
      records.map((r) => ({ url: r.url, agent: r.agent, verdict: r.verdict, line: r.line })),
      `export with ${outcome}`,
    ).toEqual(rows);
    if (expected[outcome]) {
      for (const record of records) {
        expect(record, `export with ${outcome}`).toMatchObject({ ...expected[outcome], line: '0', rule: '' });
      }
    } else {
      // Read as usual, the rules decide.
      expect(records[0]).toMatchObject({ verdict: 'disallowed', line: '2', rule: 'Disallow: /private/' });
      expect(records[2]).toMatchObject({ verdict: 'allowed', line: '3', rule: 'Allow: /private/press' });
    }
  }
});

/** Drops files (name and text) on the element matched by `selector`. */
async function dropFiles(page, selector, files) {
  await page.locator(selector).evaluate((el, list) => {
    const data = new DataTransfer();
    for (const [name, text] of list) data.items.add(new File([text], name, { type: 'text/plain' }));
    el.dispatchEvent(new DragEvent('dragover', { dataTransfer: data, bubbles: true, cancelable: true }));
    el.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
  }, files);
}

test('files dropped on the editor and on the URL list are opened', async ({ page }) => {
  await gotoApp(page);
  await page.getByTestId('agent-input').fill('Googlebot');
  await dropFiles(page, '.editor', [['robots.txt', 'User-agent: *\r\nDisallow: /dropped\r\n']]);
  // Line endings normalised, as when the file is opened from the toolbar.
  await expect(page.getByTestId('robots-input')).toHaveValue('User-agent: *\nDisallow: /dropped\n');
  await expect(page.getByTestId('notice')).toContainText('Opened robots.txt');
  await expect(page.locator('.editor')).not.toHaveClass(/dragging/);
  await dropFiles(page, '.urls-field', [
    ['a.txt', '/dropped/1\n/kept\n'],
    ['b.txt', '/dropped/2\n'],
  ]);
  await expect(page.getByTestId('url-count')).toHaveText('3 URLs');
  await expect(page.getByTestId('notice')).toContainText('a.txt');
  expect((await tableRows(page)).map((r) => `${r.url}:${r.verdict}`)).toEqual([
    '/dropped/1:disallowed',
    '/kept:allowed',
    '/dropped/2:disallowed',
  ]);
});

test('resizing the window after views come and go throws nothing', async ({ page }) => {
  await gotoApp(page);
  await expect(page.getByTestId('result-row')).toHaveCount(7);
  // Each toggle mounts and unmounts components that follow window resizes
  // (the version before's editor, the table's rows).
  for (let i = 0; i < 2; i++) {
    await page.getByTestId('compare-toggle').click();
    await expect(page.getByTestId('robots-input-before')).toBeVisible();
    await page.getByTestId('compare-toggle').click();
    await expect(page.getByTestId('robots-input-before')).toHaveCount(0);
    await page.getByTestId('by-rule-toggle').click();
    await expect(page.getByTestId('rule-counts')).toBeVisible();
    await page.getByTestId('by-rule-toggle').click();
    await expect(page.getByTestId('results-grid')).toBeVisible();
  }
  for (const width of [1000, 1300, 1440]) {
    await page.setViewportSize({ width, height: 800 });
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
  }
  // The table still follows its viewport: the rows are there, and the
  // fixture fails the test on any page error.
  await expect(page.getByTestId('result-row')).toHaveCount(7);
});

test('keystrokes right before the page is left are kept in this browser', async ({ page }) => {
  // The link and storage are written after a pause in typing (350 ms); a
  // page left before the pause is over writes them as it goes.
  await gotoApp(page);
  await page.getByTestId('result-row').first().waitFor();
  const input = page.getByTestId('robots-input');
  await input.focus();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type('\nDisallow: /kept');
  const typed = await input.inputValue();
  expect(typed.endsWith('\nDisallow: /kept')).toBe(true);
  await page.goto('about:blank');
  await gotoApp(page);
  await expect(page.getByTestId('robots-input')).toHaveValue(typed);
});
