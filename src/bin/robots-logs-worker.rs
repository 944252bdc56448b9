//! The log worker, built by trunk beside the app (`data-type="worker"` in
//! index.html) and started by the page only when a log is opened
//! (`robots_playground::logs_worker`): the library's log readers and
//! replay are linked here, not in the page's wasm nor in the lint worker.
//!
//! It reads the opened files itself, a slice at a time with the worker's
//! synchronous `FileReaderSync` (the page hands over the `File` objects,
//! never their text), so memory is the report's plus one slice, and the
//! page's thread only receives progress and the report
//! (`view_model::logs`). Cancelling is the page terminating the worker.

use std::cell::RefCell;

use gloo_worker::{Codec, HandlerId, Registrable, Worker, WorkerScope};
use robots_playground::view_model::logs::{
    csv_header, LogsAnswer, LogsRequest, Session, BEFORE_VERSION,
};
use robots_playground::view_model::logs_html::{render, timeline_html};
use serde::{Deserialize, Serialize};
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{Blob, BlobPropertyBag, File, FileReaderSync};

/// Bytes read from a file at once.
const SLICE: f64 = 4.0 * 1024.0 * 1024.0;

/// Milliseconds between two progress messages.
const PROGRESS_EVERY_MS: f64 = 200.0;

/// An export's text is handed to the browser's Blob in parts of this size,
/// so the worker never holds the whole export as one string.
const EXPORT_PART: usize = 4 * 1024 * 1024;

thread_local! {
    /// The files that came with the message being decoded.
    static RECEIVED: RefCell<Vec<JsValue>> = const { RefCell::new(Vec::new()) };
    /// A file to send with the next answer.
    static OUTGOING: RefCell<Option<JsValue>> = const { RefCell::new(None) };
}

/// The worker: the opened files and the replay of the last request.
struct LogWorker {
    logs: Vec<File>,
    ranges: Vec<(String, File)>,
    request: Option<LogsRequest>,
    session: Option<Session>,
}

impl Worker for LogWorker {
    type Message = ();
    type Input = LogsRequest;
    type Output = LogsAnswer;

    fn create(_scope: &WorkerScope<Self>) -> Self {
        LogWorker {
            logs: Vec::new(),
            ranges: Vec::new(),
            request: None,
            session: None,
        }
    }

    fn update(&mut self, _scope: &WorkerScope<Self>, _message: ()) {}

    fn received(&mut self, scope: &WorkerScope<Self>, request: LogsRequest, id: HandlerId) {
        let answer = match &request {
            LogsRequest::Replay { logs, ranges, .. } => {
                let files: Vec<File> = RECEIVED
                    .with(|r| r.borrow_mut().drain(..).collect::<Vec<_>>())
                    .into_iter()
                    .filter_map(|f| f.dyn_into::<File>().ok())
                    .collect();
                if files.len() != logs + ranges.len() {
                    LogsAnswer::Failed {
                        message: "The page sent the worker files it cannot read.".into(),
                    }
                } else {
                    let mut files = files.into_iter();
                    self.logs = files.by_ref().take(*logs).collect();
                    self.ranges = ranges.iter().cloned().zip(files).collect();
                    self.request = Some(request.clone());
                    match self.replay(scope, id, None) {
                        Ok((session, _)) => {
                            let given: Vec<(String, String)> = self
                                .ranges
                                .iter()
                                .map(|(token, file)| (token.clone(), file.name()))
                                .collect();
                            let rendered = render(&session.view(), &given, BEFORE_VERSION);
                            self.session = Some(session);
                            LogsAnswer::Done(rendered)
                        }
                        Err(message) => LogsAnswer::Failed { message },
                    }
                }
            }
            LogsRequest::Timeline { token } => LogsAnswer::Timeline {
                html: timeline_html(
                    &self
                        .session
                        .as_ref()
                        .map(|s| s.timeline(token))
                        .unwrap_or_default(),
                ),
            },
            LogsRequest::Export { csv } => match self.replay(scope, id, Some(*csv)) {
                Ok((_, parts)) => {
                    let options = BlobPropertyBag::new();
                    options.set_type(if *csv {
                        "text/csv"
                    } else {
                        "application/x-ndjson"
                    });
                    match Blob::new_with_str_sequence_and_options(&parts, &options) {
                        Ok(blob) => {
                            OUTGOING.with(|o| *o.borrow_mut() = Some(blob.into()));
                            LogsAnswer::Exported {
                                name: if *csv {
                                    "judged-requests.csv"
                                } else {
                                    "judged-requests.jsonl"
                                }
                                .into(),
                            }
                        }
                        Err(_) => LogsAnswer::Failed {
                            message: "The browser could not make the export's file.".into(),
                        },
                    }
                }
                Err(message) => LogsAnswer::Failed { message },
            },
        };
        scope.respond(id, answer);
    }
}

impl LogWorker {
    /// Reads every log through a new session of the last replay request,
    /// sending progress; with `export` (CSV or not), every record too, as
    /// parts of text.
    fn replay(
        &self,
        scope: &WorkerScope<Self>,
        id: HandlerId,
        export: Option<bool>,
    ) -> Result<(Session, js_sys::Array), String> {
        let Some(LogsRequest::Replay {
            versions,
            rfc9309,
            size_limited,
            ..
        }) = &self.request
        else {
            return Err("Open a log first.".into());
        };
        let reader = FileReaderSync::new()
            .map_err(|_| "This browser cannot read files in a worker.".to_string())?;
        let read = |blob: &Blob, start: f64, end: f64| -> Result<Vec<u8>, String> {
            blob.slice_with_f64_and_f64(start, end)
                .and_then(|slice| reader.read_as_array_buffer(&slice))
                .map(|buffer| js_sys::Uint8Array::new(&buffer).to_vec())
                .map_err(|_| {
                    "The browser could not read the file (was it moved or changed?).".to_string()
                })
        };
        let mut session = Session::new(versions, *rfc9309, *size_limited)?;
        for (token, file) in &self.ranges {
            let bytes = read(file, 0.0, file.size())?;
            session.verify(token, &file.name(), &bytes)?;
        }
        let parts = js_sys::Array::new();
        let mut out = String::new();
        if export == Some(true) {
            out.push_str(&csv_header());
        }
        let total: f64 = self.logs.iter().map(|f| f.size()).sum();
        let (mut done, mut last_progress) = (0.0, js_sys::Date::now());
        for file in &self.logs {
            session.start_log(&file.name());
            let mut start = 0.0;
            while start < file.size() {
                let end = (start + SLICE).min(file.size());
                let chunk = read(file, start, end)?;
                match export {
                    Some(csv) => session.feed_records(&chunk, csv, &mut out),
                    None => session.feed(&chunk),
                }
                if out.len() >= EXPORT_PART {
                    parts.push(&JsValue::from_str(&out));
                    out.clear();
                }
                done += end - start;
                start = end;
                if js_sys::Date::now() - last_progress >= PROGRESS_EVERY_MS {
                    last_progress = js_sys::Date::now();
                    scope.respond(
                        id,
                        LogsAnswer::Progress {
                            bytes: done as u64,
                            total: total as u64,
                            lines: session.lines(),
                        },
                    );
                }
            }
            session.end_log(export, &mut out);
        }
        if !out.is_empty() {
            parts.push(&JsValue::from_str(&out));
        }
        Ok((session, parts))
    }
}

/// Messages as JSON strings, like the lint worker's; a message with files
/// (the page's opened logs in, an export out) is an array of the JSON and
/// the files, which cross `postMessage` as themselves.
struct JsonWithFiles;

impl Codec for JsonWithFiles {
    fn encode<I: Serialize>(input: I) -> JsValue {
        let json = match serde_json::to_string(&input) {
            Ok(json) => JsValue::from_str(&json),
            Err(error) => wasm_bindgen::throw_str(&format!("cannot encode an answer: {error}")),
        };
        match OUTGOING.with(|o| o.borrow_mut().take()) {
            Some(file) => js_sys::Array::of2(&json, &file).into(),
            None => json,
        }
    }

    fn decode<O: for<'de> Deserialize<'de>>(input: JsValue) -> O {
        let json = if js_sys::Array::is_array(&input) {
            let parts = js_sys::Array::from(&input);
            RECEIVED.with(|r| r.borrow_mut().extend(parts.iter().skip(1)));
            parts.get(0)
        } else {
            input
        };
        match json.as_string().map(|json| serde_json::from_str(&json)) {
            Some(Ok(message)) => message,
            Some(Err(error)) => {
                wasm_bindgen::throw_str(&format!("cannot read the page's request: {error}"))
            }
            None => wasm_bindgen::throw_str("the page's request is not text"),
        }
    }
}

fn main() {
    LogWorker::registrar()
        .encoding::<JsonWithFiles>()
        .register();
}
