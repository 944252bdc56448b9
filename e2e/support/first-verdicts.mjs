// What the page fetches before its first verdicts (the first result row),
// for the specs that hold it against the size check's first load
// (build.spec.mjs, size-split.spec.mjs).

/**
 * Starts recording `page`'s same-origin requests (call before it loads).
 * Returns `requests` ({ name, start } by file name, start in epoch ms, as
 * they finish) and `firstRowAt()`: when the first result row appeared, in
 * the page's clock.
 */
export async function recordUntilFirstVerdicts(page) {
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      if (document.querySelector('[data-testid=result-row]')) {
        window.__firstRowAt = performance.timeOrigin + performance.now();
        observer.disconnect();
      }
    }).observe(document, { childList: true, subtree: true });
  });
  const requests = [];
  page.on('requestfinished', (r) => {
    if (!r.url().startsWith('http')) return;
    const name = new URL(r.url()).pathname.split('/').pop() || 'index.html';
    requests.push({ name, start: r.timing().startTime });
  });
  return { requests, firstRowAt: () => page.evaluate(() => window.__firstRowAt) };
}
