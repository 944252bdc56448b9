// One robots.txt per origin (issue 24): every URL checked against its own
// origin's file, a URL of an origin with no file shown as such (no
// verdict, never another origin's), the verdicts equal to the CLI's run
// per origin, selecting a row of another origin bringing its file into the
// editor, the files in the link; a line chosen in the editor bringing the
// first result it decides into the table's view; and result rows drawn
// (never blank) when scrolled into view right after a large update
// (defect 9).

import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

import { test, expect, gotoApp } from '../support/fixtures.mjs';
import { caretToLine, pasteUrls, setField } from '../support/inputs.mjs';
import { waitForLink } from '../support/link.mjs';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

const A = 'User-agent: *\nDisallow: /private\nAllow: /private/press\n\nUser-agent: GPTBot\nDisallow: /\n';
const B = 'User-agent: *\nDisallow: /shop/cart\n\nUser-agent: GPTBot\nAllow: /shop/\nDisallow: /\n';
const URLS = [
  'https://a.example/private/x',
  'https://b.example/shop/cart',
  'https://a.example/private/press/1',
  'https://c.example/private/x',
  'https://b.example/about',
  '/private/y',
  'https://b.example/shop/item',
  'http://a.example/private/x',
];
const AGENTS = ['Googlebot', 'GPTBot'];

/** Every row drawn, as the page shows it. */
async function rowsOf(page) {
  return page.getByTestId('result-row').evaluateAll((rows) =>
    rows.map((r) => ({ url: r.dataset.url, agent: r.dataset.agent, verdict: r.dataset.verdict, line: Number(r.dataset.line) })),
  );
}

/** What `robotstxt batch` says for each row, each URL against `fileOf(url)`
 * (null: no file, no request). */
function cliRows(fileOf) {
  const requests = [];
  for (const url of URLS) {
    for (const agent of AGENTS) {
      const robots = fileOf(url);
      if (robots !== null) requests.push({ robots, agent, url });
    }
  }
  const out = execFileSync('cargo', ['run', '--quiet', '-p', 'robotstxt-cli', '--', 'batch'], {
    cwd: repoRoot,
    encoding: 'utf8',
    input: requests.map((r) => JSON.stringify(r)).join('\n') + '\n',
  });
  const answers = out.split('\n').filter(Boolean).map((line) => JSON.parse(line));
  expect(answers.length).toBe(requests.length);
  const rows = [];
  let at = 0;
  for (const url of URLS) {
    for (const agent of AGENTS) {
      if (fileOf(url) === null) {
        rows.push({ url, agent, verdict: 'no-file', line: 0 });
      } else {
        const record = answers[at++];
        rows.push({ url, agent, verdict: record.allowed ? 'allowed' : 'disallowed', line: record.line });
      }
    }
  }
  return rows;
}

test('rows of three origins: each against its own file, one without a file shown as such, equal to the CLI', async ({ page, browser }) => {
  await gotoApp(page);
  await setField(page, 'robots-input', A);
  await setField(page, 'agent-input', AGENTS.join(', '));
  await setField(page, 'urls-input', URLS.join('\n'));
  const summary = page.getByTestId('results-summary');
  await expect(summary).toHaveAttribute('data-total', String(URLS.length * AGENTS.length));
  await expect(page.getByTestId('origin-select')).toHaveValue('https://a.example');
  // Only a.example has a file: every other origin's rows have no verdict.
  const onlyA = (url) => (url.startsWith('https://a.example') || url.startsWith('/') ? A : null);
  expect(await rowsOf(page)).toEqual(cliRows(onlyA));
  await expect(page.getByTestId('count-no-file')).toHaveAttribute('data-count', '10');
  await expect(page.getByTestId('result-notes')).toContainText('No robots.txt given for 3 origins: 5 URLs have no verdict');
  await expect(page.getByTestId('row-no-file').first()).toHaveText('no robots.txt given for this origin');

  // b.example's file: the editor starts empty for it; a.example's stays
  // and keeps checking a.example's URLs. Paths follow the editor's file.
  await page.getByTestId('origin-select').selectOption('https://b.example');
  await expect(page.getByTestId('robots-input')).toHaveValue('');
  await setField(page, 'robots-input', B);
  const fileOf = (url) =>
    url.startsWith('https://a.example') ? A : url.startsWith('https://b.example') || url.startsWith('/') ? B : null;
  const expected = cliRows(fileOf);
  await expect.poll(() => rowsOf(page)).toEqual(expected);
  await expect(page.getByTestId('count-no-file')).toHaveAttribute('data-count', '4');
  // The export holds the rows with a verdict and says which it left out.
  const [csv] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
  const csvText = Buffer.concat(await (await csv.createReadStream()).toArray()).toString('utf8');
  const total = URLS.length * AGENTS.length;
  expect(csvText.split('\r\n').filter(Boolean)).toHaveLength(1 + total - 4);
  await expect(page.getByTestId('notice')).toContainText(`4 of ${total} rows are not in robots-results.csv: their origins have no robots.txt here`);
  const counted = (verdict) => String(expected.filter((r) => r.verdict === verdict).length);
  await expect(summary).toHaveAttribute('data-allowed', counted('allowed'));
  await expect(summary).toHaveAttribute('data-disallowed', counted('disallowed'));
  // The filters treat the rows alike: "disallowed" lists a.example's and
  // b.example's blocked rows, never a row without a file.
  await page.getByTestId('verdict-filter').selectOption('disallowed');
  expect((await rowsOf(page)).map((r) => `${r.url} ${r.agent}`)).toEqual(
    expected.filter((r) => r.verdict === 'disallowed').map((r) => `${r.url} ${r.agent}`),
  );
  await page.getByTestId('verdict-filter').selectOption('all');

  // Selecting a row of a.example brings a.example's file into the editor
  // with the deciding line highlighted, and explains it.
  const rowA = page.locator('[data-testid=result-row][data-url="https://a.example/private/x"][data-agent=Googlebot]');
  await rowA.click();
  await expect(page.getByTestId('robots-input')).toHaveValue(A);
  await expect(page.getByTestId('origin-select')).toHaveValue('https://a.example');
  await expect(rowA).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('highlighted-line')).toHaveAttribute('data-line', '2');
  await expect(page.getByTestId('explain-rule')).toContainText('Disallow: /private');
  // b.example's rows keep b.example's verdicts (its file is kept).
  await expect.poll(() => rowsOf(page)).toEqual(cliRows((url) => (url.startsWith('https://b.example') ? B : url.startsWith('https://a.example') || url.startsWith('/') ? A : null)));
  // A row of an origin without a file: selected where it is, and said.
  const rowC = page.locator('[data-testid=result-row][data-url="https://c.example/private/x"][data-agent=GPTBot]');
  await rowC.click();
  await expect(rowC).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('robots-input')).toHaveValue(A);
  await expect(page.getByTestId('explain-no-file')).toContainText('No robots.txt given for https://c.example');

  // Both files travel in the link and check the same rows there.
  const url = await waitForLink(page, (link) => link.origin === 'https://a.example' && link.sites.length === 1 && link.sites[0].origin === 'https://b.example');
  const rows = await rowsOf(page);
  const fresh = await (await browser.newContext()).newPage();
  await fresh.goto(url);
  await expect(fresh.getByTestId('robots-input')).toHaveValue(A);
  await expect(fresh.getByTestId('results-summary')).toHaveAttribute('data-total', String(URLS.length * AGENTS.length));
  await expect.poll(() => rowsOf(fresh)).toEqual(rows);
  await fresh.getByTestId('origin-select').selectOption('https://b.example');
  await expect(fresh.getByTestId('robots-input')).toHaveValue(B);
  await fresh.context().close();
});

test('a line chosen in the editor brings the first result it decides into the table\'s view', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await gotoApp(page);
  await setField(page, 'robots-input', 'User-agent: *\nDisallow: /a/\nDisallow: /late/\n');
  await setField(page, 'agent-input', 'Googlebot');
  // 3,000 URLs: line 3 decides only the last 10, far down the table.
  const urls = Array.from({ length: 3000 }, (_, i) => (i < 2990 ? `/a/${i}` : `/late/${i}`));
  await setField(page, 'urls-input', urls.join('\n'));
  await expect(page.getByTestId('results-summary')).toHaveAttribute('data-total', '3000');
  const list = page.locator('#results-list');
  const first = page.locator('[data-testid=result-row][data-url="/late/2990"]');
  await expect(first).toHaveCount(0);
  await caretToLine(page, 3);
  await expect(page.getByTestId('line-decides')).toContainText('Decides 10 results');
  // By itself: no click on "Show them", the focus stays in the editor.
  await expect(first).toBeVisible();
  const box = await first.boundingBox();
  const view = await list.boundingBox();
  expect(box.y).toBeGreaterThanOrEqual(view.y - 1);
  expect(box.y + box.height).toBeLessThanOrEqual(view.y + view.height + 1);
  await expect(page.getByTestId('robots-input')).toBeFocused();
  await expect(page.getByTestId('results-summary')).toHaveAttribute('data-total', '3000');
  // Line 2 brings its first result (the first row) back into view.
  await caretToLine(page, 2);
  await expect(page.locator('[data-testid=result-row][data-url="/a/0"]')).toBeVisible();
  // "Show them" still filters the table to them.
  await caretToLine(page, 3);
  await page.getByTestId('line-show-results').click();
  await expect(page.getByTestId('result-row')).toHaveCount(10);
});

/** Scrolls the results to the middle right after the results change
 * (the summary's counts move) and reads, over `frames` frames, the rows
 * that intersect the list's view: each must be rendered (not skipped by
 * content-visibility), have a box and text, and together cover the view.
 * Returns the problems seen and the rows checked. */
async function scrollRightAfterUpdate(page, update, frames = 8) {
  const watching = page.evaluate(
    ([frames]) =>
      new Promise((resolve) => {
        const summary = document.querySelector('[data-testid=results-summary]');
        const list = document.getElementById('results-list');
        const before = summary.dataset.disallowed;
        const problems = [];
        let checked = 0;
        const look = (frame) => {
          const view = list.getBoundingClientRect();
          let covered = 0;
          for (const row of list.querySelectorAll('[data-testid=result-row]')) {
            const box = row.getBoundingClientRect();
            if (box.bottom <= view.top || box.top >= view.bottom) continue;
            checked += 1;
            covered += Math.min(box.bottom, view.bottom) - Math.max(box.top, view.top);
            const text = row.innerText.trim();
            const rendered = row.checkVisibility({ contentVisibilityAuto: true, visibilityProperty: true, opacityProperty: true });
            const cells = [...row.querySelectorAll('[role=gridcell]')].map((c) => c.getBoundingClientRect());
            if (!rendered || box.height === 0 || box.width === 0 || text === '' || cells.some((c) => c.width === 0 || c.height === 0)) {
              problems.push(`frame ${frame}: row ${row.dataset.row} rendered=${rendered} ${box.width}x${box.height} text=${JSON.stringify(text.slice(0, 20))}`);
            }
          }
          if (covered < view.height - 2) problems.push(`frame ${frame}: rows cover ${covered} of ${view.height} px`);
        };
        const observer = new MutationObserver(() => {
          if (summary.dataset.disallowed === before) return;
          observer.disconnect();
          // Right after the update: scroll the middle rows into view.
          const middle = Math.floor(list.scrollHeight / 2);
          list.scrollTop = middle;
          list.dispatchEvent(new Event('scroll'));
          let frame = 0;
          const next = () => {
            look(frame);
            frame += 1;
            if (frame < frames) requestAnimationFrame(next);
            else resolve({ problems, checked, top: list.scrollTop });
          };
          requestAnimationFrame(next);
        });
        observer.observe(summary, { attributes: true });
      }),
    [frames],
  );
  await update();
  return watching;
}

test('defect 9: rows scrolled into view right after a 100,000-URL update are drawn, never blank', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await gotoApp(page);
  await setField(page, 'robots-input', 'User-agent: *\nDisallow: /p/1\n');
  await setField(page, 'agent-input', 'Googlebot');
  const urls = Array.from({ length: 100_000 }, (_, i) => `https://www.example.com/p/${i}`);
  // The 100,000-URL update itself, then an update of all its rows.
  // Each of the 8 frames looked at rows in view (at least three: how many
  // fit depends on the layout above the table).
  let seen = await scrollRightAfterUpdate(page, () => pasteUrls(page, urls.join('\n')));
  expect(seen.problems).toEqual([]);
  expect(seen.checked).toBeGreaterThanOrEqual(8 * 3);
  expect(seen.top).toBeGreaterThan(1_000_000);
  seen = await scrollRightAfterUpdate(page, () => setField(page, 'robots-input', 'User-agent: *\nDisallow: /p/5\nDisallow: /p/6\n'));
  expect(seen.problems).toEqual([]);
  expect(seen.checked).toBeGreaterThanOrEqual(8 * 3);
  await expect(page.getByTestId('results-summary')).toHaveAttribute('data-total', '100000');
});
