// Starts the WebAssembly app. This lives in its own file, not inline in
// index.html, so the Content-Security-Policy can forbid inline scripts.
// trunk writes the hashed file names into the script tag's data attributes
// (see pattern_script in Trunk.toml), already prefixed with the public URL.
const tag = document.querySelector('script[data-wasm]');
const { default: init } = await import(tag.dataset.js);
// The post-build step writes the wasm's subresource integrity beside its
// name (scripts/lib/post-build.mjs): fetched with it, the browser checks
// the bytes and reuses the preload, which names the same hash. The JS
// needs nothing here: its modulepreload carries its integrity.
const wasm = await init({
  module_or_path: fetch(tag.dataset.wasm, { integrity: tag.dataset.wasmIntegrity ?? '' }),
});
// Same event trunk's own inline loader fires, for tests and tooling.
dispatchEvent(new CustomEvent('TrunkApplicationStarted', { detail: { wasm } }));
