// Starts the WebAssembly app. This lives in its own file, not inline in
// index.html, so the Content-Security-Policy can forbid inline scripts.
// trunk writes the hashed file names into the script tag's data attributes
// (see pattern_script in Trunk.toml), already prefixed with the public URL.
const tag = document.querySelector('script[data-wasm]');
const { default: init } = await import(tag.dataset.js);
const wasm = await init({ module_or_path: tag.dataset.wasm });
// Same event trunk's own inline loader fires, for tests and tooling.
dispatchEvent(new CustomEvent('TrunkApplicationStarted', { detail: { wasm } }));
