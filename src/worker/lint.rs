//! The lint job (started by `robots-worker.js` once the page's first
//! verdicts are shown: `crate::lint_worker`). It answers the page's
//! requests (`view_model::analysis`: lint a text, compute the AI crawler
//! block), so the lint tool is in this job's chunk, not in what the page
//! loads first.

use gloo_worker::{HandlerId, Registrable, Worker, WorkerScope};

use super::codec::JsonWithFiles;
use crate::split::ChunkError;
use crate::view_model::analysis::{answer, Answer, Request};

/// The job: no state between requests.
struct AnalysisWorker;

impl Worker for AnalysisWorker {
    type Message = ();
    type Input = Request;
    type Output = Answer;

    fn create(_scope: &WorkerScope<Self>) -> Self {
        AnalysisWorker
    }

    fn update(&mut self, _scope: &WorkerScope<Self>, _message: ()) {}

    fn received(&mut self, scope: &WorkerScope<Self>, request: Request, id: HandlerId) {
        scope.respond(id, answer(request));
    }
}

/// Registers the job's handler of the page's messages: the split point
/// of the lint worker's code (chunk `lint-worker`).
#[cfg_attr(
    feature = "split",
    wasm_split_helpers::wasm_split(lint_worker, fallible)
)]
pub(super) fn start() -> Result<(), ChunkError> {
    AnalysisWorker::registrar()
        .encoding::<JsonWithFiles>()
        .register();
    Ok(())
}
