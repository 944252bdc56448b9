//! The lint job (started by `robots-worker.js` once the page's first
//! verdicts are shown: `crate::lint_worker`). It answers the page's
//! requests (`view_model::analysis`: lint a text, compute the AI crawler
//! block), so the lint tool is in this job's chunk, not in what the page
//! loads first.

use super::port::serve;
use crate::split::ChunkError;
use crate::view_model::analysis::{answer, Request};

/// Starts serving the page's requests (no state between them): the split
/// point of the lint worker's code (chunk `lint-worker`).
#[cfg_attr(
    feature = "split",
    wasm_split_helpers::wasm_split(lint_worker, fallible)
)]
pub(super) fn start() -> Result<(), ChunkError> {
    serve(|request: Request, _files, reply| reply.send(&answer(request)));
    Ok(())
}
