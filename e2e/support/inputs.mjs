// Putting text into the app's fields the way visitors do, for the specs and
// scripts/report.

/** Sets a field's text with one input event, as a paste into it does
 * (Playwright's fill() sends an event per line of a textarea). */
export async function setField(page, testid, text) {
  await page.getByTestId(testid).evaluate((el, value) => {
    el.value = value;
    el.dispatchEvent(new Event('input', { bubbles: true }));
  }, text);
}

/** Pastes text over the URL field's content the way the browser does: a
 * paste event carrying the text comes first, and the app may take it from
 * there (large lists never enter the field).
 *
 * With `readAfterATask` (a CSS selector), also queues a task right after
 * the paste and returns that element's text as the task saw it (null when
 * absent): what the page shows between two slices of its work, read
 * without a round trip to the test runner, which could outlast the work. */
export async function pasteUrls(page, text, { readAfterATask = null } = {}) {
  return page.getByTestId('urls-input').evaluate(async (el, [value, selector]) => {
    el.focus();
    el.select();
    const data = new DataTransfer();
    data.setData('text/plain', value);
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    if (selector === null) return null;
    await new Promise((resolve) => setTimeout(resolve, 0));
    return document.querySelector(selector)?.textContent ?? null;
  }, [text, readAfterATask]);
}

/** Puts the caret at the end of robots.txt line `line` (1-based), as a
 * visitor moving to it with the keyboard does. */
export async function caretToLine(page, line) {
  const input = page.getByTestId('robots-input');
  await input.focus();
  await input.evaluate((el, n) => {
    const offset = el.value.split('\n').slice(0, n - 1).join('\n').length + 1;
    el.setSelectionRange(offset, offset);
  }, line);
  await page.keyboard.press('End');
}
