//! The log job (started by `robots-logs-worker.js` when a log is opened:
//! `crate::logs_worker`): the library's log readers and replay run here,
//! in this job's chunk, not on the page's thread nor in its first load.
//!
//! It reads the opened files itself, a slice at a time with the worker's
//! synchronous `FileReaderSync` (the page hands over the `File` objects,
//! never their text), so memory is the report's plus one slice, and the
//! page's thread only receives progress and the report
//! (`view_model::logs`). Cancelling is the page terminating the worker.

use wasm_bindgen::{JsCast, JsValue};
use web_sys::{Blob, BlobPropertyBag, File, FileReaderSync};

use super::port::{serve, Reply};
use crate::split::ChunkError;
use crate::view_model::logs::{
    csv_header, LogsAnswer, LogsRequest, Session, VersionText, BEFORE_VERSION,
};
use crate::view_model::logs_html::{render, timeline_html};
use crate::wire::{field, flag, list, number, text};

/// Bytes read from a file at once.
const SLICE: f64 = 4.0 * 1024.0 * 1024.0;

/// Milliseconds between two progress messages.
const PROGRESS_EVERY_MS: f64 = 200.0;

/// An export's text is handed to the browser's Blob in parts of this size,
/// so the worker never holds the whole export as one string.
const EXPORT_PART: usize = 4 * 1024 * 1024;

/// The worker: the opened files and the replay of the last request.
struct LogWorker {
    logs: Vec<File>,
    ranges: Vec<(String, File)>,
    request: Option<LogsRequest>,
    session: Option<Session>,
}

impl LogWorker {
    /// Answers `request`, which came with `files`.
    fn received(&mut self, request: LogsRequest, files: Vec<JsValue>, reply: &Reply) {
        let answer = match &request {
            LogsRequest::Replay { logs, ranges, .. } => {
                let files: Vec<File> = files
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
                    match self.replay(reply, None) {
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
            LogsRequest::Export { csv } => match self.replay(reply, Some(*csv)) {
                Ok((_, parts)) => {
                    let options = BlobPropertyBag::new();
                    options.set_type(if *csv {
                        "text/csv"
                    } else {
                        "application/x-ndjson"
                    });
                    match Blob::new_with_str_sequence_and_options(&parts, &options) {
                        Ok(blob) => {
                            let name = if *csv {
                                "judged-requests.csv"
                            } else {
                                "judged-requests.jsonl"
                            };
                            let exported = LogsAnswer::Exported { name: name.into() };
                            reply.send_with_file(&exported, blob.into());
                            return;
                        }
                        Err(_) => LogsAnswer::Failed {
                            message: "The browser could not make the export's file.".into(),
                        },
                    }
                }
                Err(message) => LogsAnswer::Failed { message },
            },
        };
        reply.send(&answer);
    }

    /// Reads every log through a new session of the last replay request,
    /// sending progress; with `export` (CSV or not), every record too, as
    /// parts of text.
    fn replay(
        &self,
        reply: &Reply,
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
                    reply.send(&LogsAnswer::Progress {
                        bytes: done as u64,
                        total: total as u64,
                        lines: session.lines(),
                    });
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

/// Reads a request (`LogsRequest`'s shape as serde writes it;
/// [`crate::wire`]).
fn read(value: &JsValue) -> Option<LogsRequest> {
    if let Some(replay) = field(value, "Replay") {
        return Some(LogsRequest::Replay {
            versions: list(&replay, "versions", |version| {
                Some(VersionText {
                    name: text(version, "name")?,
                    text: text(version, "text")?,
                    since: text(version, "since")?,
                })
            })?,
            rfc9309: flag(&replay, "rfc9309")?,
            size_limited: flag(&replay, "size_limited")?,
            ranges: list(&replay, "ranges", JsValue::as_string)?,
            logs: usize::try_from(number(&replay, "logs")?).ok()?,
        });
    }
    if let Some(timeline) = field(value, "Timeline") {
        return Some(LogsRequest::Timeline {
            token: text(&timeline, "token")?,
        });
    }
    let export = field(value, "Export")?;
    Some(LogsRequest::Export {
        csv: flag(&export, "csv")?,
    })
}

/// Starts serving the page's requests: the split point of the log
/// worker's code (chunk `logs-worker`).
#[cfg_attr(
    feature = "split",
    wasm_split_helpers::wasm_split(logs_worker, fallible)
)]
pub(super) fn start() -> Result<(), ChunkError> {
    let mut worker = LogWorker {
        logs: Vec::new(),
        ranges: Vec::new(),
        request: None,
        session: None,
    };
    serve(read, move |request, files, reply| {
        worker.received(request, files, reply)
    });
    Ok(())
}
