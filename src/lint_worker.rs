//! The page's side of its Web Worker (`crate::worker`'s lint job): starts
//! it once the analysis entity wants it (after the first verdicts), sends
//! it the entity's requests and hands back its answers, and reports a
//! worker that cannot load or fails as a message the diagnostics show.
//!
//! The worker's job serves requests through `crate::worker`'s port, and
//! this bridge speaks its envelope (gloo-worker's: `Connected`,
//! `ProcessInput` in; `WorkerLoaded`, `ProcessOutput` out; serde's shape,
//! as JSON strings). A bridge of a worker crate's is not used here because
//! gloo-worker's cannot report failures: it gives no access to the
//! worker's `error` events and panics when the worker cannot be created.
//! e2e/specs/worker.spec.mjs covers the envelope end to end.

use std::rc::Rc;

use leptos::prelude::*;
use serde::Serialize;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{ErrorEvent, Event, MessageEvent, Worker, WorkerOptions, WorkerType};

use crate::browser::Browser;
use crate::split::ChunkError;
use crate::store::{Analysis, Linter};
use crate::view_model::analysis::severity_named;
use crate::view_model::{Answer, Citation, Edit, Finding, Request};
use crate::wire::{field, item, list, number, parse, text};

/// The worker's script, beside the page (written by the build's post-build
/// step: the app's wasm running the lint job, `crate::worker`).
pub const WORKER_SCRIPT: &str = "robots-worker.js";

/// This page's one connection to the worker.
const HANDLER: usize = 0;

/// Messages to the worker: `ToWorker` of `crate::worker`'s port.
#[derive(Serialize)]
enum ToWorker<'a> {
    Connected(usize),
    ProcessInput(usize, &'a Request),
}

/// Messages from the worker: `FromWorker` of `crate::worker`'s port.
enum FromWorker {
    WorkerLoaded,
    ProcessOutput(usize, Answer),
}

/// Reads a message of the worker, parsed by the browser's `JSON.parse`
/// (by hand: [`crate::wire`] says why). `view_model::analysis` has the
/// messages' shapes; e2e `worker.spec.mjs` reads real answers through
/// this.
fn read_message(json: &str) -> Option<FromWorker> {
    let value = parse(json)?;
    if value.as_string().as_deref() == Some("WorkerLoaded") {
        return Some(FromWorker::WorkerLoaded);
    }
    let output = field(&value, "ProcessOutput")?;
    let handler = item(&output, 0)?.as_f64()? as usize;
    Some(FromWorker::ProcessOutput(
        handler,
        read_answer(&item(&output, 1)?)?,
    ))
}

fn read_answer(value: &JsValue) -> Option<Answer> {
    if let Some(lint) = field(value, "Lint") {
        let findings = list(&lint, "findings", read_finding)?;
        return Some(Answer::Lint {
            id: number(&lint, "id")?,
            findings,
        });
    }
    let block = field(value, "AiBlock")?;
    let edit = match field(&block, "edit") {
        Some(edit) => Some(read_edit(&edit)?),
        None => None,
    };
    Some(Answer::AiBlock {
        id: number(&block, "id")?,
        edit,
    })
}

fn read_finding(value: &JsValue) -> Option<Finding> {
    let reference = field(value, "reference")?;
    let fix = match field(value, "fix") {
        Some(fix) => Some(read_edit(&fix)?),
        None => None,
    };
    Some(Finding {
        line: number(value, "line")? as u32,
        span: read_span(value)?,
        severity: severity_named(&text(value, "severity")?)?,
        code: text(value, "code")?,
        changes_verdicts: field(value, "changes_verdicts")?.as_bool()?,
        message: text(value, "message")?,
        fix,
        reference: Citation {
            title: text(&reference, "title")?,
            url: text(&reference, "url")?,
        },
    })
}

fn read_edit(value: &JsValue) -> Option<Edit> {
    Some(Edit {
        span: read_span(value)?,
        replacement: text(value, "replacement")?,
        title: text(value, "title")?,
    })
}

fn read_span(value: &JsValue) -> Option<std::ops::Range<usize>> {
    let span = field(value, "span")?;
    Some(number(&span, "start")? as usize..number(&span, "end")? as usize)
}

/// The running worker, as the analysis entity's [`Linter`].
struct WorkerLinter {
    worker: Worker,
    analysis: Analysis,
}

impl WorkerLinter {
    fn post(&self, message: &ToWorker) {
        // serde_json's error is not worded: its messages (and their
        // formatting) are the JSON reader's, which only the workers' chunks
        // need; a request always serialises (string keys, no custom
        // serialisers), so this is not an error a visitor meets.
        let posted = serde_json::to_string(message)
            .map_err(|_| "the page could not encode its request".to_string())
            .and_then(|json| {
                self.worker
                    .post_message(&JsValue::from_str(&json))
                    .map_err(|_| "the page could not send it a request".to_string())
            });
        if let Err(error) = posted {
            self.analysis.fail(error);
        }
    }
}

impl Linter for WorkerLinter {
    fn send(&self, request: Request) {
        self.post(&ToWorker::ProcessInput(HANDLER, &request));
    }
}

/// Starts the worker when `analysis` wants it, after the browser had a
/// chance to paint (the first verdicts come first).
pub fn start_when_wanted(analysis: Analysis) {
    let wanted = analysis.wanted();
    // Once started, it reads nothing, so it never runs again.
    let mut started = false;
    crate::reactive::effect(move |_| {
        if started || !wanted.get() {
            return;
        }
        started = true;
        leptos::task::spawn_local(async move {
            Browser::host().next_task().await;
            if crate::split::lazy_call!(start(analysis)).is_err() {
                analysis.fail("the page could not load its code that talks to the worker");
            }
        });
    });
}

/// Starts the worker; `analysis` is connected once it has loaded, and
/// hears of it when it cannot load or fails. A split point (chunk
/// `lint-bridge`, see [`crate::split`]): this bridge is needed only after
/// the first verdicts, so its code (with the messages' serialisation) is
/// not in the first load (about 2 KB gzipped, measured 2026-11-26).
#[cfg_attr(
    feature = "split",
    wasm_split_helpers::wasm_split(lint_bridge, fallible)
)]
fn start(analysis: Analysis) -> Result<(), ChunkError> {
    let options = WorkerOptions::new();
    options.set_type(WorkerType::Module);
    let worker = match Worker::new_with_options(WORKER_SCRIPT, &options) {
        Ok(worker) => worker,
        Err(_) => {
            analysis.fail("the browser refused to start the worker that checks the file");
            return Ok(());
        }
    };
    let linter = Rc::new(WorkerLinter {
        worker: worker.clone(),
        analysis,
    });
    let on_message = {
        let linter = linter.clone();
        Closure::<dyn Fn(MessageEvent)>::new(move |event: MessageEvent| {
            let message = event
                .data()
                .as_string()
                .and_then(|json| read_message(&json));
            match message {
                Some(FromWorker::WorkerLoaded) => {
                    linter.post(&ToWorker::Connected(HANDLER));
                    analysis.connect(linter.clone());
                }
                Some(FromWorker::ProcessOutput(HANDLER, answer)) => analysis.receive(answer),
                // Another connection's (there is none): not ours to take.
                Some(FromWorker::ProcessOutput(..)) => {}
                None => analysis.fail("the worker that checks the file sent an unreadable answer"),
            }
        })
    };
    let on_error = Closure::<dyn Fn(Event)>::new(move |event: Event| {
        // Handled here: the page says it where diagnostics show.
        event.prevent_default();
        let detail = event
            .dyn_ref::<ErrorEvent>()
            .map(|e| e.message())
            .filter(|m| !m.is_empty());
        analysis.fail(match detail {
            Some(detail) => format!("the worker that checks the file failed ({detail})"),
            None => "the worker that checks the file could not be loaded".to_string(),
        });
    });
    let on_message_error = Closure::<dyn Fn(Event)>::new(move |_: Event| {
        analysis.fail("the worker that checks the file sent an unreadable answer");
    });
    worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
    worker.set_onmessageerror(Some(on_message_error.as_ref().unchecked_ref()));
    // The worker lives as long as the page, and its handlers with it.
    on_message.forget();
    on_error.forget();
    on_message_error.forget();
    Ok(())
}
