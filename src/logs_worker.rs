//! The page's side of the log worker (`crate::worker`'s log job):
//! started on the first request of the logs entity (a log opened), it
//! gets the requests with the opened `File`s beside them, and its answers
//! go back to the entity; cancelling ends the worker. Same envelope as the
//! lint worker's bridge (`crate::lint_worker`), whose reasons hold here
//! too; answers are read by hand for the same size reason.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use serde::Serialize;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Blob, Event, MessageEvent, Worker, WorkerOptions, WorkerType};

use crate::store::{LogFile, LogRunner, Logs};
use crate::view_model::logs::Rendered;
use crate::view_model::logs::{LogsAnswer, LogsRequest};
use crate::wire::{self, field, item, number, parse};

/// The worker's script (written by the build's post-build step: the app's
/// wasm running the log job, `crate::worker`).
const WORKER_SCRIPT: &str = "robots-logs-worker.js";

#[derive(Serialize)]
enum ToWorker<'a> {
    Connected(usize),
    ProcessInput(usize, &'a LogsRequest),
}

/// A started worker, the messages waiting for it to load, and whether it
/// has.
#[derive(Clone)]
struct Started {
    worker: Worker,
    queue: Rc<RefCell<Vec<JsValue>>>,
    loaded: Rc<Cell<bool>>,
}

/// The running worker, as the logs entity's runner.
pub struct WorkerRunner {
    logs: Logs,
    started: RefCell<Option<Started>>,
}

thread_local! {
    /// The last export's object URL, kept until the next: the browser
    /// reads it after the click.
    static LAST_EXPORT: RefCell<Option<gloo_file::ObjectUrl>> = const { RefCell::new(None) };
}

/// Offers `blob` as a file download.
fn download(name: &str, blob: Blob) {
    let url = gloo_file::ObjectUrl::from(gloo_file::Blob::from(blob));
    if let Some(anchor) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.create_element("a").ok())
        .and_then(|e| e.dyn_into::<web_sys::HtmlAnchorElement>().ok())
    {
        anchor.set_href(&url);
        anchor.set_download(name);
        anchor.click();
    }
    LAST_EXPORT.with(|last| *last.borrow_mut() = Some(url));
}

impl WorkerRunner {
    /// A runner for `logs` (the worker starts on the first request).
    pub fn new(logs: Logs) -> Rc<WorkerRunner> {
        Rc::new(WorkerRunner {
            logs,
            started: RefCell::new(None),
        })
    }

    fn start(&self) -> Option<Started> {
        let options = WorkerOptions::new();
        options.set_type(WorkerType::Module);
        let Ok(worker) = Worker::new_with_options(WORKER_SCRIPT, &options) else {
            self.logs
                .fail("The browser refused to start the worker that reads logs.");
            return None;
        };
        let started = Started {
            worker,
            queue: Rc::new(RefCell::new(Vec::new())),
            loaded: Rc::new(Cell::new(false)),
        };
        let logs = self.logs;
        let on_message = {
            let started = started.clone();
            Closure::<dyn Fn(MessageEvent)>::new(move |event: MessageEvent| {
                let data = event.data();
                let (json, file) = if js_sys::Array::is_array(&data) {
                    let parts = js_sys::Array::from(&data);
                    (parts.get(0), parts.get(1).dyn_into::<Blob>().ok())
                } else {
                    (data, None)
                };
                let Some(value) = json.as_string().and_then(|j| parse(&j)) else {
                    logs.fail("The worker that reads logs sent an unreadable answer.");
                    return;
                };
                if value.as_string().as_deref() == Some("WorkerLoaded") {
                    started.loaded.set(true);
                    let connected = json_of(&ToWorker::Connected(0));
                    let _ = started.worker.post_message(&JsValue::from_str(&connected));
                    for message in started.queue.borrow_mut().drain(..) {
                        let _ = started.worker.post_message(&message);
                    }
                    return;
                }
                match field(&value, "ProcessOutput")
                    .and_then(|o| item(&o, 1))
                    .and_then(|a| read_answer(&a))
                {
                    Some(LogsAnswer::Exported { name }) => {
                        if let Some(file) = file {
                            download(&name, file);
                        }
                        logs.receive(LogsAnswer::Exported { name });
                    }
                    Some(answer) => logs.receive(answer),
                    None => logs.fail("The worker that reads logs sent an unreadable answer."),
                }
            })
        };
        let on_error = Closure::<dyn Fn(Event)>::new(move |event: Event| {
            event.prevent_default();
            let detail = event
                .dyn_ref::<web_sys::ErrorEvent>()
                .map(|e| e.message())
                .filter(|m| !m.is_empty())
                .unwrap_or_else(|| "it could not be loaded".into());
            logs.fail(format!("The worker that reads logs failed ({detail})."));
        });
        started
            .worker
            .set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        started
            .worker
            .set_onerror(Some(on_error.as_ref().unchecked_ref()));
        // They live as long as this worker; a cancelled worker is ended and
        // its handlers are never called again.
        on_message.forget();
        on_error.forget();
        Some(started)
    }
}

impl LogRunner for WorkerRunner {
    fn send(&self, request: LogsRequest, files: Vec<LogFile>) {
        if self.started.borrow().is_none() {
            let started = self.start();
            *self.started.borrow_mut() = started;
        }
        let Some(started) = self.started.borrow().clone() else {
            return;
        };
        let json = JsValue::from_str(&json_of(&ToWorker::ProcessInput(0, &request)));
        let message: JsValue = if files.is_empty() {
            json
        } else {
            let parts = js_sys::Array::of1(&json);
            for file in &files {
                if let Some(file) = file.handle.downcast_ref::<web_sys::File>() {
                    parts.push(file);
                }
            }
            parts.into()
        };
        // Until the worker says it loaded, messages wait (it would drop
        // them).
        if started.loaded.get() {
            let _ = started.worker.post_message(&message);
        } else {
            started.queue.borrow_mut().push(message);
        }
    }

    fn cancel(&self) {
        if let Some(started) = self.started.borrow_mut().take() {
            started.worker.terminate();
        }
    }
}

fn json_of(message: &ToWorker) -> String {
    serde_json::to_string(message).unwrap_or_default()
}

fn num(value: &JsValue, name: &str) -> u64 {
    number(value, name).unwrap_or(0)
}

fn text(value: &JsValue, name: &str) -> String {
    wire::text(value, name).unwrap_or_default()
}

fn read_answer(value: &JsValue) -> Option<LogsAnswer> {
    if let Some(p) = field(value, "Progress") {
        return Some(LogsAnswer::Progress {
            bytes: num(&p, "bytes"),
            total: num(&p, "total"),
            lines: num(&p, "lines"),
        });
    }
    if let Some(v) = field(value, "Done") {
        return Some(LogsAnswer::Done(Rendered {
            lines: num(&v, "lines"),
            head: text(&v, "head"),
            timeline: text(&v, "timeline"),
            body: text(&v, "body"),
        }));
    }
    if let Some(t) = field(value, "Timeline") {
        return Some(LogsAnswer::Timeline {
            html: text(&t, "html"),
        });
    }
    if let Some(e) = field(value, "Exported") {
        return Some(LogsAnswer::Exported {
            name: text(&e, "name"),
        });
    }
    let failed = field(value, "Failed")?;
    Some(LogsAnswer::Failed {
        message: text(&failed, "message"),
    })
}
