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
 * there (large lists never enter the field). */
export async function pasteUrls(page, text) {
  await page.getByTestId('urls-input').evaluate((el, value) => {
    el.focus();
    el.select();
    const data = new DataTransfer();
    data.setData('text/plain', value);
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}
