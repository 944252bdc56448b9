//! The app's Web Worker, built by trunk beside the app
//! (`data-type="worker"` in index.html) and started by the page once its
//! first verdicts are shown (`robots_playground::lint_worker`). It answers
//! the page's requests (`view_model::analysis`: lint a text, compute the
//! AI crawler block), so the lint tool is linked here and not in the
//! page's wasm.

use gloo_worker::{Codec, HandlerId, Registrable, Worker, WorkerScope};
use robots_playground::view_model::analysis::{answer, Answer, Request};
use serde::{Deserialize, Serialize};
use wasm_bindgen::JsValue;

/// The worker: no state between requests.
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

/// Messages as JSON strings: the page already links serde_json (for its
/// exports), so its side of the bridge adds no second serialisation
/// library; and a JSON string crosses `postMessage` as one copy.
struct Json;

impl Codec for Json {
    fn encode<I: Serialize>(input: I) -> JsValue {
        match serde_json::to_string(&input) {
            Ok(json) => JsValue::from_str(&json),
            // The page hears of it as the worker's error event.
            Err(error) => wasm_bindgen::throw_str(&format!("cannot encode an answer: {error}")),
        }
    }

    fn decode<O: for<'de> Deserialize<'de>>(input: JsValue) -> O {
        let decoded = input.as_string().map(|json| serde_json::from_str(&json));
        match decoded {
            Some(Ok(message)) => message,
            Some(Err(error)) => {
                wasm_bindgen::throw_str(&format!("cannot read the page's request: {error}"))
            }
            None => wasm_bindgen::throw_str("the page's request is not text"),
        }
    }
}

fn main() {
    AnalysisWorker::registrar().encoding::<Json>().register();
}
