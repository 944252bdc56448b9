//! The app's Web Workers, worker side: the page's own wasm runs them.
//!
//! A worker is a module script the build writes beside the page
//! (`robots-worker.js` lints, `robots-logs-worker.js` replays logs:
//! `scripts/lib/post-build.mjs`); it imports the app's JS glue, which
//! instantiates the same wasm the page runs (its `main` sees no window and
//! mounts nothing), and calls the wasm's exported `worker_start` with its
//! job's name. Each job is a split point ([`crate::split`]): its code (the
//! lint tool, the log readers and replay, and the messages' reader:
//! `port`) is a wasm chunk the worker fetches, with its
//! integrity, through the same loader as the page's lazy panels.
//!
//! Why one wasm and not a binary per worker: a second binary carries its
//! own copy of std, the matcher and serde. Measured on the
//! release build (2026-11-26): the lint worker's own wasm was 95,061 B
//! gzipped and the log worker's 182 KB, which put `dist/` at about
//! 643 KB against its 500,000 B budget; as chunks of the page's wasm they
//! hold only their own code (README, "Size: lazy panels").

mod lint;
mod logs;
mod port;

use crate::split::ChunkError;

/// The jobs a worker can run, by the name its script gives.
const JOBS: [&str; 2] = ["lint", "logs"];

/// Starts job `job` in this worker: loads its chunk and registers its
/// handler of the page's messages. Fails with a message (the page hears
/// of it as the worker's `error` event) for an unknown job or a chunk
/// that cannot be loaded.
pub async fn start(job: &str) -> Result<(), String> {
    let started: Result<(), ChunkError> = match job {
        "lint" => crate::split::lazy_call!(lint::start()),
        "logs" => crate::split::lazy_call!(logs::start()),
        _ => return Err(format!("no worker job {job:?} (there are {JOBS:?})")),
    };
    started.map_err(|ChunkError| format!("the code of the {job} worker could not be loaded"))
}
