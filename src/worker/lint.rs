//! The lint job (started by `robots-worker.js` once the page's first
//! verdicts are shown: `crate::lint_worker`). It answers the page's
//! requests (`view_model::analysis`: lint a text, compute the AI crawler
//! block), so the lint tool is in this job's chunk, not in what the page
//! loads first.

use wasm_bindgen::JsValue;

use super::port::serve;
use crate::split::ChunkError;
use crate::view_model::analysis::{answer, Request};
use crate::wire::{field, flag, number, text};

/// Reads a request (`Request`'s shape as serde writes it; [`crate::wire`]).
fn read(value: &JsValue) -> Option<Request> {
    if let Some(lint) = field(value, "Lint") {
        return Some(Request::Lint {
            id: number(&lint, "id")?,
            text: text(&lint, "text")?,
            rfc9309: flag(&lint, "rfc9309")?,
            size_limited: flag(&lint, "size_limited")?,
        });
    }
    let block = field(value, "AiBlock")?;
    Some(Request::AiBlock {
        id: number(&block, "id")?,
        text: text(&block, "text")?,
        policy: text(&block, "policy")?,
        preferences: flag(&block, "preferences")?,
    })
}

/// Starts serving the page's requests (no state between them): the split
/// point of the lint worker's code (chunk `lint-worker`).
#[cfg_attr(
    feature = "split",
    wasm_split_helpers::wasm_split(lint_worker, fallible)
)]
pub(super) fn start() -> Result<(), ChunkError> {
    serve(read, |request, _files, reply| reply.send(&answer(request)));
    Ok(())
}
