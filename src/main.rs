//! Browser entry point, built to WebAssembly by trunk: the page's app,
//! and the jobs of its Web Workers (the same wasm, see
//! `robots_playground::worker`).

use wasm_bindgen::prelude::*;

fn main() {
    // Route Rust panics to the browser console instead of an opaque trap.
    // Release builds from the scripts make a panic a bare trap instead (see
    // SIZE_OPTIONS_ENV in scripts/lib/ensure.sh), so this serves dev builds.
    // Either way the trap that follows puts up the failure banner
    // (src/components/failure_banner.js): no hook is needed for that.
    console_error_panic_hook::set_once();
    // In a worker (no window) this wasm runs a job instead: `worker_start`.
    if web_sys::window().is_some() {
        leptos::mount::mount_to_body(robots_playground::app::App);
    }
}

/// Runs job `job` in the Web Worker this wasm was started in, called by the
/// worker's script (written by scripts/lib/post-build.mjs). A job that
/// cannot start throws, uncaught: the page hears of it as the worker's
/// `error` event. (Not an `async` export: its promise glue cost the first
/// load about 0.6 KB.)
#[wasm_bindgen]
pub fn worker_start(job: String) {
    wasm_bindgen_futures::spawn_local(async move {
        if let Err(message) = robots_playground::worker::start(&job).await {
            wasm_bindgen::throw_str(&message);
        }
    });
}
