// The failure banner: what the page shows when the WebAssembly module
// dies. A trap (a Rust panic in a release build, which aborts without a
// message; `unreachable`; out of memory; a stack overflow) leaves the page
// looking alive while nothing reacts any more, so the verdicts on screen
// would no longer match the input. This is plain DOM on purpose: it must
// work when the wasm cannot run at all.
//
// scripts/lib/post-build.mjs puts this file into the app's JS glue before
// the lines that start the app, so it also catches a trap at start-up. A
// trap reaches JavaScript as an exception: thrown out of an event handler
// it is an `error` event, out of a task (a promise) an
// `unhandledrejection`. Errors from elsewhere (an extension, a browser
// quirk) are left alone: only a `WebAssembly.RuntimeError`, or an error
// thrown through the wasm or this glue, counts.
//
// The banner replaces the whole of <main>, the results with it: every
// verdict, count, gutter mark and explanation there came from a module that
// no longer runs. The link in the address bar still holds the input, so
// reloading brings it back, and the same link is what a report needs.
const failed = (event) => {
  // In a Web Worker (the workers run this same glue: src/worker/mod.rs)
  // there is no page here: the page hears of it as the worker's error.
  if (typeof document === 'undefined') return;
  const error = event.error ?? event.reason;
  const stack = String(error?.stack);
  if (!(error instanceof WebAssembly.RuntimeError || stack.includes('wasm://') || stack.includes(import.meta.url))) return;
  if (document.getElementById('app-failed')) return;
  const make = (tag, text, props) => Object.assign(document.createElement(tag), { textContent: text }, props);
  const banner = make('div', '', { id: 'app-failed', className: 'message message-error', role: 'alert' });
  banner.dataset.testid = 'app-failed';
  banner.append(
    make('h2', 'The playground stopped working'),
    make('p', `It hit an error it cannot recover from (${error}), so it no longer checks anything. Its results were removed: they may not match your input.`),
    make('button', 'Reload the page', { type: 'button', className: 'button-quiet', onclick: () => location.reload() }),
    make('p', 'The link of this page holds your input. If reloading brings the error back, report it with this link:'),
    // The link may still change (a write that was due): read it again on focus.
    make('input', '', { readOnly: true, value: location.href, ariaLabel: 'Link to report', onfocus: (e) => (e.target.value = location.href) }),
  );
  const main = document.querySelector('main');
  if (main) main.replaceChildren(banner);
  else document.body.append(banner);
  document.querySelector('header')?.setAttribute('inert', '');
};
addEventListener('error', failed);
addEventListener('unhandledrejection', failed);
