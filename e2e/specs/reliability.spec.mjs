// Never a silent wrong answer (issue 23): when the WebAssembly module dies
// the page says so in the results' place and no verdict stays on screen;
// every input past a limit is refused with a message, and the page keeps
// answering. The cases are those of the reliability test of 2026-11-25
// (../shared/findings/reliability-2026-11-25.md: P02, H17, H19, H24,
// B-gzbomb-urls, B-200M-robots). How long a refusal takes is measured by
// hand (see the report), never here.

import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip, deflateRawSync } from 'node:zlib';
import { test, expect, gotoApp } from '../support/fixtures.mjs';
import { pasteUrls, setField } from '../support/inputs.mjs';
import { waitForLink } from '../support/link.mjs';

/** A link's hash in the app's v2 layout (see src/link.rs), as the findings crafted them. */
function craftedHash({ robots, crawlers, urls }) {
  const varint = (n) => {
    const out = [];
    while (n >= 128) {
      out.push((n & 127) | 128);
      n = Math.floor(n / 128);
    }
    out.push(n);
    return Buffer.from(out);
  };
  const text = (s) => {
    const bytes = Buffer.from(s);
    return Buffer.concat([varint(bytes.length), bytes]);
  };
  const raw = Buffer.concat([
    Buffer.from([0]),
    text(robots),
    varint(crawlers.length),
    ...crawlers.map(text),
    text(urls),
    Buffer.from([0]),
    text('200'),
  ]);
  return `v2.${deflateRawSync(raw, { level: 9 }).toString('base64url')}`;
}

const bots = (n) => Array.from({ length: n }, (_, i) => `Bot${String.fromCharCode(97 + (i % 26))}`);

/** A directory for files too large to pass as buffers, removed after the test. */
async function scratch(use) {
  const dir = await mkdtemp(join(tmpdir(), 'reliability-'));
  try {
    await use(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Whether the page still runs a task and answers (no freeze, no dead page). */
async function answers(page) {
  return page.evaluate(() => new Promise((resolve) => setTimeout(() => resolve(true), 0)));
}

test.describe('a trap', () => {
  test.use({ expectedPageErrors: [/unreachable|memory/i], expectedConsoleErrors: [/unreachable|memory/i] });

  test('forced by running the wasm out of memory shows the banner in place of the results, which are gone', async ({ page }) => {
    test.setTimeout(180_000);
    // The wasm's own memory, as the start-up event hands it over.
    await page.addInitScript(() => {
      addEventListener('TrunkApplicationStarted', (event) => {
        window.__wasmMemory = event.detail.wasm.memory;
      });
    });
    await gotoApp(page);
    await setField(page, 'robots-input', 'User-agent: *\nAllow: /\n');
    await page.getByTestId('agent-input').fill('Googlebot');
    await setField(page, 'urls-input', '/a\n/b');
    await expect(page.getByTestId('results-summary')).toHaveAttribute('data-allowed', '2');
    await expect(page.getByTestId('result-row')).toHaveCount(2);
    // The link holds these inputs (it is written after a pause, which the
    // first selection of the new results restarts) before the trap.
    await waitForLink(page, (link) => link.urls === '/a\n/b' && link.crawlers.includes('Googlebot'));
    // Take every page of memory the module may grow to, behind its
    // allocator's back: its next large allocation fails, and Rust aborts
    // (a trap, `unreachable`), as on a real out-of-memory.
    const grown = await page.evaluate(() => {
      const memory = window.__wasmMemory;
      for (let step = 16384; step >= 1; step = Math.floor(step / 2)) {
        try {
          while (true) memory.grow(step);
        } catch {
          // This step no longer fits; try a smaller one.
        }
      }
      return memory.buffer.byteLength;
    });
    expect(grown).toBeGreaterThan(1e9);
    // An edit that needs memory: the robots.txt changed to disallow all,
    // with 64 MB of comment (made in the page: too large to send there).
    await page.getByTestId('robots-input').evaluate((el) => {
      el.value = `User-agent: *\nDisallow: /\n${'#'.repeat(64 * 1024 * 1024)}\n`;
      el.dispatchEvent(new Event('input', { bubbles: true }));
    });
    const banner = page.getByTestId('app-failed');
    await expect(banner).toBeVisible({ timeout: 60_000 });
    await expect(banner).toHaveAttribute('role', 'alert');
    await expect(banner).toContainText('The playground stopped working');
    await expect(banner).toContainText('RuntimeError');
    await expect(banner.getByRole('button', { name: 'Reload the page' })).toBeVisible();
    const link = banner.getByRole('textbox', { name: 'Link to report' });
    await expect(link).toHaveValue(/^http:\/\/127\.0\.0\.1:\d+\/#v3\./);
    await link.focus();
    await expect(link).toHaveValue(await page.evaluate(() => location.href));
    // No verdict of the input before stays: no row, no count, no matrix.
    await expect(page.getByTestId('result-row')).toHaveCount(0);
    await expect(page.getByTestId('results-summary')).toHaveCount(0);
    await expect(page.getByTestId('count-allowed')).toHaveCount(0);
    expect(await answers(page)).toBe(true);
    // Reloading brings a working page back.
    await page.evaluate(() => {
      window.__wasmMemory = null;
    });
    await banner.getByRole('button', { name: 'Reload the page' }).click();
    await page.waitForFunction(() => window.__appStarted === true);
    await expect(page.getByTestId('app-failed')).toHaveCount(0);
    await expect(page.getByTestId('results-summary')).toBeVisible();
  });
});

test('1,000,000 URLs x 400 crawlers is refused with a message, and the page keeps answering (P02)', async ({ page }) => {
  test.setTimeout(120_000);
  await gotoApp(page);
  await setField(page, 'robots-input', 'User-agent: *\nAllow: /\n');
  await page.getByTestId('agent-input').fill('Googlebot');
  const urls = Array.from({ length: 1_000_000 }, (_, i) => `https://www.example.com/p${i % 5000}/item-${i}.html`).join('\n');
  await pasteUrls(page, urls);
  const summary = page.getByTestId('results-summary');
  await expect(summary).toHaveAttribute('data-allowed', '1000000', { timeout: 30_000 });
  await setField(page, 'agent-input', bots(400).join(', '));
  const notice = page.getByTestId('notice');
  await expect(notice).toContainText('Not checked: 1,000,000 URLs x 400 crawlers make 400,000,000 results');
  await expect(page.getByTestId('result-notes')).toContainText('Not checked: 1,000,000 URLs x 400 crawlers');
  // The verdicts of the input before are gone.
  await expect(summary).toHaveAttribute('data-total', '0');
  await expect(page.getByTestId('result-row')).toHaveCount(0);
  expect(await answers(page)).toBe(true);
  // Still answering: fewer crawlers, and a new robots.txt, are checked.
  await setField(page, 'agent-input', bots(2).join(', '));
  await setField(page, 'robots-input', 'User-agent: *\nDisallow: /\n');
  await expect(summary).toHaveAttribute('data-disallowed', '2000000', { timeout: 60_000 });
  await expect(summary).toHaveAttribute('data-allowed', '0');
});

test('100,000 URLs x 400 crawlers (40 million results, under the limit) are all checked, and the page keeps answering', async ({ page }) => {
  test.setTimeout(240_000);
  await gotoApp(page);
  await setField(page, 'robots-input', 'User-agent: *\nDisallow: /p1/\n');
  await page.getByTestId('agent-input').fill('Googlebot');
  // Paths under /p0/ to /p9/, 10,000 URLs each: only those under /p1/ are
  // disallowed, a tenth of every crawler's.
  const urls = Array.from({ length: 100_000 }, (_, i) => `https://www.example.com/p${i % 10}/item-${i}.html`).join('\n');
  await pasteUrls(page, urls);
  const summary = page.getByTestId('results-summary');
  await expect(summary).toHaveAttribute('data-total', '100000', { timeout: 60_000 });
  // 400 distinct tokens (bots() repeats 26 names).
  const letter = (n) => String.fromCharCode(97 + n);
  const distinct = Array.from({ length: 400 }, (_, i) => `Bot${letter(Math.floor(i / 26))}${letter(i % 26)}`);
  await setField(page, 'agent-input', distinct.join(', '));
  await expect(summary).toHaveAttribute('data-total', '40000000', { timeout: 180_000 });
  await expect(summary).toHaveAttribute('data-disallowed', '4000000', { timeout: 180_000 });
  await expect(summary).toHaveAttribute('data-allowed', '36000000');
  await expect(page.getByTestId('result-row').first()).toBeVisible();
  expect(await answers(page)).toBe(true);
});

for (const [name, state, message] of [
  ['H19: 100,000 crawlers x 2 URLs (2.7 KB)', { robots: 'User-agent: *\nDisallow: /a\n', crawlers: bots(100_000), urls: '/x\n/y' }, 'this link names 100,000 crawlers, more than the 1,000'],
  ['H24: 20,000 crawlers x 200,000 URLs (1.5 KB)', { robots: 'User-agent: *\nDisallow: /a\n', crawlers: bots(20_000), urls: Array(200_000).fill('/a').join('\n') }, 'this link names 20,000 crawlers'],
  ['H17: a 7.5 MB robots.txt (19.6 KB)', { robots: 'Disallow: /x\n'.repeat(580_000), crawlers: ['Googlebot'], urls: '/x' }, 'this link expands to more than 1.3 MB and was not loaded'],
]) {
  test(`a crafted link is refused with a message and the default example loads: ${name}`, async ({ page }) => {
    await gotoApp(page, craftedHash(state));
    await expect(page.getByTestId('hash-error')).toContainText(message);
    // The default example, checked.
    await expect(page.getByTestId('results-summary')).not.toHaveAttribute('data-total', '0');
    await expect(page.getByTestId('result-row').first()).toBeVisible();
    expect(await answers(page)).toBe(true);
  });
}

test('a 1 MB gzip URL file that expands to 1 GB stops at the cap with a message (B-gzbomb-urls)', async ({ page }) => {
  test.setTimeout(120_000);
  await scratch(async (dir) => {
    const bomb = join(dir, 'urls-bomb.txt.gz');
    const lines = Buffer.from('/a\n'.repeat(1_000_000));
    async function* gigabyte() {
      for (let i = 0; i < 358; i++) yield lines;
    }
    await pipeline(gigabyte, createGzip({ level: 9 }), createWriteStream(bomb));
    await gotoApp(page);
    await setField(page, 'urls-input', '/kept\n/also-kept');
    const summary = page.getByTestId('results-summary');
    await page.getByTestId('url-file-input').setInputFiles(bomb);
    await expect(page.getByTestId('notice')).toContainText(
      'urls-bomb.txt.gz was not opened: decompressed, it is over 100.0 MB, and the URL files opened at once may hold at most 100.0 MB.',
      { timeout: 60_000 },
    );
    // The URL list stays as it was, and so do its verdicts.
    await expect(page.getByTestId('url-count')).toHaveText('2 URLs');
    await expect(summary).toHaveAttribute('data-total', /^[1-9]/);
    expect(await answers(page)).toBe(true);
    // A gzip file under the cap still opens.
    const small = join(dir, 'urls.txt.gz');
    await pipeline(async function* () {
      yield Buffer.from('/one\n/two\n/three\n');
    }, createGzip(), createWriteStream(small));
    await page.getByTestId('url-file-input').setInputFiles(small);
    await expect(page.getByTestId('url-count')).toHaveText('3 URLs');
  });
});

test('a 200 MB robots.txt file is refused before it is read (B-200M-robots)', async ({ page }) => {
  await scratch(async (dir) => {
    // Sparse: the size is what counts, and the file is never read.
    const big = join(dir, 'big200m.txt');
    await writeFile(big, 'User-agent: *\nDisallow: /early\n');
    await truncate(big, 202_000_000);
    await gotoApp(page);
    const before = await page.getByTestId('robots-input').inputValue();
    await page.getByTestId('file-input').setInputFiles(big);
    await expect(page.getByTestId('notice')).toContainText(
      'big200m.txt was not opened: it is 202.0 MB, and a robots.txt file may hold at most 10.0 MB.',
    );
    await expect(page.getByTestId('robots-input')).toHaveValue(before);
    expect(await answers(page)).toBe(true);
  });
});

test('a 12 MB paste into the robots.txt editor is refused with a message and the file kept', async ({ page }) => {
  await gotoApp(page);
  const field = page.getByTestId('robots-input');
  const before = await field.inputValue();
  const summary = page.getByTestId('results-summary');
  const total = await summary.getAttribute('data-total');
  // A paste as the browser delivers it: one event carrying the text; the
  // page either cancels it or lets the field take it.
  const taken = await page.evaluate(() => {
    const el = document.querySelector('[data-testid="robots-input"]');
    el.focus();
    el.select();
    const data = new DataTransfer();
    data.setData('text/plain', 'User-agent: *\n' + 'Disallow: /a/path/long/enough/to/count\n'.repeat(310_000));
    return el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  });
  expect(taken).toBe(false);
  await expect(page.getByTestId('notice')).toContainText(
    'The paste was not taken: with it this robots.txt would be 12.1 MB, and a robots.txt may hold at most 10.0 MB here',
  );
  await expect(field).toHaveValue(before);
  await expect(summary).toHaveAttribute('data-total', total);
  expect(await answers(page)).toBe(true);
});
