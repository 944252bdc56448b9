// The measurements behind scripts/report (run that, not this): gzip sizes of
// dist/, and load and keystroke timings in Debian's headless Chromium,
// against the targets of the performance issue.
//
//   node scripts/lib/report.mjs [--strict]     (RUNS=7, PORT=4174, DIST=dist)

import { spawn } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROMIUM_LAUNCH as LAUNCH } from '../../e2e/support/chromium.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
// DIST measures another build (e.g. a baseline); scripts/report uses dist/.
const dist = process.env.DIST ? resolve(process.env.DIST) : join(root, 'dist');
const runs = Number(process.env.RUNS ?? 7);
const port = Number(process.env.PORT ?? 4174);
const strict = process.argv.includes('--strict');

const TARGETS = {
  size: 250_000, // bytes, gzip -9, whole dist/
  load: 300, // ms, navigation start to the first verdicts
  small: 16, // ms, keystroke to verdicts, 10 KB x 100 URLs
  large: 100, // ms, keystroke to verdicts, 500 KiB x 1,000 URLs
};

const results = [];
function verdict(name, value, target, unit, digits = 1) {
  const pass = value <= target;
  results.push(pass);
  const shown = unit === 'B' ? value.toLocaleString('en') : value.toFixed(digits);
  const limit = unit === 'B' ? target.toLocaleString('en') : target;
  console.log(`${pass ? 'PASS' : 'MISS'}  ${name}: ${shown} ${unit} (target <= ${limit} ${unit})`);
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const fmt = (xs) => xs.map((x) => x.toFixed(1)).join(', ');

// ---------------------------------------------------------------------------
// Size
// ---------------------------------------------------------------------------

async function sizes() {
  const kinds = { wasm: 0, js: 0, css: 0, html: 0, other: 0 };
  const files = [];
  for (const name of (await readdir(dist, { recursive: true, withFileTypes: true }))
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath ?? e.path, e.name))) {
    const body = await readFile(name);
    const gz = gzipSync(body, { level: 9 }).length;
    const ext = extname(name).slice(1);
    const kind = ext in kinds && ext !== 'other' ? ext : ext === 'mjs' ? 'js' : 'other';
    kinds[kind] += gz;
    files.push({ name: name.slice(dist.length + 1), raw: body.length, gz });
  }
  console.log('\nSize of dist/ (gzip -9 per file)');
  for (const f of files.sort((a, b) => b.gz - a.gz)) {
    console.log(`  ${f.name.padEnd(48)} ${String(f.raw).padStart(8)} B raw ${String(f.gz).padStart(8)} B gz`);
  }
  const total = Object.values(kinds).reduce((a, b) => a + b, 0);
  for (const [kind, gz] of Object.entries(kinds)) console.log(`  ${kind.padEnd(6)} ${gz.toLocaleString('en').padStart(9)} B`);
  verdict('dist/ gzipped total', total, TARGETS.size, 'B');
}

// ---------------------------------------------------------------------------
// Timings
// ---------------------------------------------------------------------------

async function startServer() {
  const server = spawn(process.execPath, [join(root, 'e2e/serve-dist.mjs'), '--dir', dist, '--port', String(port)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.once('exit', (code) => reject(new Error(`serve-dist.mjs exited with ${code}`)));
    server.stdout.once('data', resolve);
  });
  return server;
}


// Runs in the page before its scripts: records when the first result row
// with a verdict appears, in ms since navigation start.
function watchFirstVerdicts() {
  const observer = new MutationObserver(() => {
    if (document.querySelector('[data-testid=result-row][data-verdict]')) {
      observer.disconnect();
      window.__firstVerdicts = performance.now();
    }
  });
  observer.observe(document, { subtree: true, childList: true, attributes: true });
  // Long tasks, for the keystroke measurements.
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longTasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
}

async function load(browser, base) {
  const samples = [];
  for (let i = 0; i < runs; i++) {
    // A fresh context each time: no stored state, a cold page.
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.addInitScript(watchFirstVerdicts);
    await page.goto(base);
    await page.waitForFunction(() => window.__firstVerdicts !== undefined, null, { timeout: 30_000 });
    samples.push(await page.evaluate(() => window.__firstVerdicts));
    await context.close();
  }
  console.log(`\nLoad to first verdicts (ms, ${runs} cold loads): ${fmt(samples)}`);
  verdict('load to first verdicts, median', median(samples), TARGETS.load, 'ms');
}

/** Puts a long text in a field with one input event (as a paste does). */
async function setField(page, testid, text) {
  await page.getByTestId(testid).evaluate((el, value) => {
    el.value = value;
    el.dispatchEvent(new Event('input', { bubbles: true }));
  }, text);
}

// A robots.txt of just under `size` bytes ending in "Disallow: /x" (so all
// of it is within Google's 500 KiB limit), and `urlCount` URLs under /x/:
// typing "y" at its end flips every verdict to allowed, Backspace flips
// them back.
async function keystrokes(browser, base, size, urlCount, label, target) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.addInitScript(watchFirstVerdicts);
  await page.goto(base);
  await page.waitForFunction(() => window.__firstVerdicts !== undefined);
  const tail = 'User-agent: *\nDisallow: /x';
  let text = '';
  for (let i = 0; ; i++) {
    const group = `User-agent: bot-${i}\nDisallow: /private/${i}/\nAllow: /private/${i}/public\nDisallow: /*.pdf$\n\n`;
    // +1: room for the typed "y".
    if (text.length + group.length + tail.length + 1 > size) break;
    text += group;
  }
  text += tail;
  const urls = Array.from({ length: urlCount }, (_, i) => `https://example.com/x/${i}/page?q=${i}`).join('\n');
  await setField(page, 'agent-input', 'Googlebot');
  await setField(page, 'robots-input', text);
  await setField(page, 'urls-input', urls);
  const rows = page.getByTestId('result-row');
  await page.waitForFunction(
    (n) => document.querySelectorAll('[data-testid=result-row][data-verdict=disallowed]').length === n,
    urlCount,
  );
  const input = page.getByTestId('robots-input');
  await input.focus();
  await page.keyboard.press('ControlOrMeta+End');
  // Let the debounced link/storage update of the paste happen first.
  await page.waitForTimeout(800);

  const toDom = [];
  const toPaint = [];
  const longTasks = [];
  // The app's own "updated in N ms": parsing and checking in wasm, the part
  // of each keystroke that is ours rather than the browser's.
  const inApp = [];
  const presses = Math.max(2 * runs, 6);
  for (let k = 0; k < presses; k++) {
    const expected = k % 2 === 0 ? 'allowed' : 'disallowed';
    // From the keydown to the moment every row shows the new verdict, and
    // to the next frame after it.
    const done = page.evaluate(
      ({ expected, count }) =>
        new Promise((resolve) => {
          let t0 = 0;
          addEventListener('keydown', () => (t0 = performance.now()), { once: true, capture: true });
          const list = document.getElementById('results-list');
          const observer = new MutationObserver(() => {
            const all = list.querySelectorAll(`[data-testid=result-row][data-verdict=${expected}]`).length;
            if (t0 && all === count) {
              observer.disconnect();
              const dom = performance.now() - t0;
              // The next frame, with its style and layout forced: about
              // when the new verdicts can be painted.
              requestAnimationFrame(() => {
                void document.body.offsetHeight;
                const paint = performance.now() - t0;
                setTimeout(() => {
                  const tasks = window.__longTasks.filter((t) => t.start + t.duration >= t0);
                  resolve({ dom, paint, longest: Math.max(0, ...tasks.map((t) => t.duration)) });
                }, 300);
              });
            }
          });
          observer.observe(list, { subtree: true, childList: true, attributes: true });
        }),
      { expected, count: urlCount },
    );
    await page.waitForTimeout(30);
    await page.keyboard.press(k % 2 === 0 ? 'y' : 'Backspace');
    const r = await done;
    inApp.push(Number((await page.getByTestId('timing').textContent()).match(/\d+/)?.[0] ?? NaN));
    toDom.push(r.dom);
    toPaint.push(r.paint);
    longTasks.push(r.longest);
    // Let deferred work (the other mode, the debounced link) finish, as
    // between a visitor's keystrokes.
    await page.waitForTimeout(600);
  }
  await rows.first().waitFor();
  await context.close();
  console.log(`\nKeystroke to verdicts, ${label} (${presses} keystrokes, every verdict flipping)`);
  console.log(`  to DOM (ms):              ${fmt(toDom)}`);
  console.log(`  to next frame laid out:   ${fmt(toPaint)}`);
  console.log(`  longest task >= 50 ms:    ${fmt(longTasks)}`);
  console.log(`  parse + checks in wasm:   ${fmt(inApp)} (the app's "updated in")`);
  verdict(`keystroke to verdicts, ${label}, median`, median(toDom), target, 'ms');
}

await sizes();
const server = await startServer();
const browser = await chromium.launch(LAUNCH);
try {
  const base = `http://127.0.0.1:${port}/`;
  await load(browser, base);
  await keystrokes(browser, base, 10_000, 100, '10 KB x 100 URLs', TARGETS.small);
  await keystrokes(browser, base, 512_000, 1000, '500 KiB x 1,000 URLs', TARGETS.large);
} finally {
  await browser.close();
  server.kill();
}
const missed = results.filter((r) => !r).length;
console.log(`\n${results.length - missed} of ${results.length} targets met.`);
if (strict && missed) process.exitCode = 1;
