// Ad hoc (not committed): time from an edit of the robots.txt to its diagnostics shown.
import { chromium } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { CHROMIUM_LAUNCH } from './support/chromium.mjs';
const big = readFileSync(process.argv[2], 'latin1');
const browser = await chromium.launch(CHROMIUM_LAUNCH);
const page = await browser.newPage();
await page.goto('http://127.0.0.1:4199/');
await page.waitForSelector('[data-testid=diagnostics-card][data-state=current]');
async function measure(text) {
  return page.evaluate((text) => new Promise((done) => {
    const card = document.querySelector('[data-testid=diagnostics-card]');
    const field = document.querySelector('[data-testid=robots-input]');
    let sawPending = false;
    const start = performance.now();
    const obs = new MutationObserver(() => {
      const state = card.getAttribute('data-state');
      if (state === 'pending') sawPending = true;
      if (sawPending && state === 'current') { obs.disconnect(); requestAnimationFrame(() => done(performance.now() - start)); }
    });
    obs.observe(card, { attributes: true });
    field.value = text;
    field.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertText', data: 'x' }));
  }), text);
}
const small = (i) => `User-agent: *\nDisallow: /private${i}\nDissallow: /x\nUser-agent: GTPBot\nDisallow: /\n`;
const runs = { small: [], big: [] };
for (let i = 0; i < 15; i++) runs.small.push(await measure(small(i)));
for (let i = 0; i < 5; i++) runs.big.push(await measure(big + `\n# ${i}\n`));
const med = (a) => a.slice().sort((x, y) => x - y)[Math.floor(a.length / 2)];
console.log(JSON.stringify({ smallMedianMs: med(runs.small), smallMax: Math.max(...runs.small), bigBytes: big.length, bigMedianMs: med(runs.big), bigMax: Math.max(...runs.big), runs }));
await browser.close();
