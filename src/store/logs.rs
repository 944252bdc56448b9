//! The logs entity: access logs judged by the robots.txt versions of the
//! editors ("did the bots obey?"), in the log worker
//! (`crate::view_model::logs`). Created only when the log panel opens, so
//! the page's first screen carries none of it.
//!
//! The versions are the editor's text and, in compare mode, the version
//! before, each with a "live since" time the visitor types. Defaults: the
//! version before is live from the start; the editor's text is live from
//! the start when it is the only version, and in compare mode from the
//! time given (with no time given, the editor's text judges the whole log
//! alone, and the panel says so). Any change of the files, the times or
//! the ranges judges the logs again; the worker keeps the files, not
//! their text.

use std::any::Any;
use std::rc::Rc;

use leptos::prelude::*;
use robots_matcher::{Crawler, FetchOutcome, Mode};

use super::{Inputs, Messages, Read, Shared, Side};
use crate::view_model::explanation::explain_request;
use crate::view_model::logs::Rendered;
use crate::view_model::logs::{LogsAnswer, LogsRequest, VersionText};
pub use crate::view_model::logs::{BEFORE_VERSION, EDITOR_VERSION};
use crate::view_model::ExplanationView;

/// An opened file, for the worker to read (the browser's `File`).
#[derive(Clone)]
pub struct LogFile {
    /// Its name.
    pub name: String,
    /// Its size in bytes.
    pub size: f64,
    /// The browser's file.
    pub handle: Rc<dyn Any>,
}

/// Where requests go: the worker's bridge, or a test's fake. Answers come
/// back through [`Logs::receive`].
pub trait LogRunner {
    /// Sends `request` with `files` (the logs, then the ranges files).
    fn send(&self, request: LogsRequest, files: Vec<LogFile>);
    /// Stops the work under way (the worker is ended; the next request
    /// starts another).
    fn cancel(&self);
}

/// How far the replay is.
#[derive(Clone, Debug, PartialEq)]
pub enum LogsState {
    /// No log opened.
    Idle,
    /// Reading: bytes read of all, lines read.
    Reading {
        /// Bytes read.
        bytes: u64,
        /// Bytes in all.
        total: u64,
        /// Lines read.
        lines: u64,
    },
    /// Every line judged.
    Done,
    /// Stopped by the visitor.
    Cancelled,
    /// Nothing could be judged: why.
    Failed(String),
}

/// The logs entity.
#[derive(Clone, Copy)]
pub struct Logs {
    state: RwSignal<LogsState>,
    view: RwSignal<Option<Shared<Rendered>>>,
    timeline: RwSignal<String>,
    since_editor: RwSignal<String>,
    since_before: RwSignal<String>,
    explanation: RwSignal<Option<ExplanationView>>,
    files: StoredValue<Vec<LogFile>, LocalStorage>,
    range_files: StoredValue<Vec<(String, LogFile)>, LocalStorage>,
    runner: StoredValue<Option<Rc<dyn LogRunner>>, LocalStorage>,
    inputs: Inputs,
    messages: Messages,
}

impl Logs {
    /// The entity, judging by `inputs`' versions once connected to a
    /// runner.
    pub fn new(inputs: Inputs, messages: Messages) -> Logs {
        Logs {
            state: RwSignal::new(LogsState::Idle),
            view: RwSignal::new(None),
            timeline: RwSignal::new(String::new()),
            since_editor: RwSignal::new(String::new()),
            since_before: RwSignal::new(String::new()),
            explanation: RwSignal::new(None),
            files: StoredValue::new_local(Vec::new()),
            range_files: StoredValue::new_local(Vec::new()),
            runner: StoredValue::new_local(None),
            inputs,
            messages,
        }
    }

    /// Sends requests to `runner` from now on.
    pub fn connect(&self, runner: Rc<dyn LogRunner>) {
        self.runner.set_value(Some(runner));
    }

    // Read handles.

    /// How far the replay is.
    pub fn state(&self) -> Read<LogsState> {
        Read::of(self.state)
    }

    /// The report of the last replay (kept while the next one reads).
    pub fn view(&self) -> Read<Option<Shared<Rendered>>> {
        Read::of(self.view)
    }

    /// The timeline shown (every crawler's, or the one chosen), drawn.
    pub fn timeline(&self) -> Read<String> {
        Read::of(self.timeline)
    }

    /// A version's "live since" text.
    pub fn since(&self, side: Side) -> Read<String> {
        Read::of(match side {
            Side::After => self.since_editor,
            Side::Before => self.since_before,
        })
    }

    /// The explanation of the violation clicked last.
    pub fn explanation(&self) -> Read<Option<ExplanationView>> {
        Read::of(self.explanation)
    }

    // Transitions.

    /// Judges `files` (replacing the logs opened before).
    pub fn open(&self, files: Vec<LogFile>) {
        if files.is_empty() {
            return;
        }
        self.files.set_value(files);
        self.run();
    }

    /// Sets when a version went live, and judges again.
    pub fn set_since(&self, side: Side, text: String) {
        let signal = match side {
            Side::After => self.since_editor,
            Side::Before => self.since_before,
        };
        if signal.get_untracked() != text {
            signal.set(text);
            self.run();
        }
    }

    /// Verifies claims of `token` against a ranges file, and judges again.
    pub fn add_ranges(&self, token: &str, file: LogFile) {
        self.range_files.update_value(|list| {
            list.retain(|(t, _)| !t.eq_ignore_ascii_case(token));
            list.push((token.to_string(), file));
        });
        self.run();
    }

    /// Stops reading; the last report, if any, stays.
    pub fn cancel(&self) {
        if matches!(self.state.get_untracked(), LogsState::Reading { .. }) {
            if let Some(runner) = self.runner.get_value() {
                runner.cancel();
            }
            self.state.set(LogsState::Cancelled);
        }
    }

    /// Shows the timeline of `token` (empty: every crawler).
    pub fn show_timeline(&self, token: String) {
        if token.is_empty() {
            let all = self
                .view
                .with_untracked(|v| v.as_ref().map(|v| v.timeline.clone()));
            self.timeline.set(all.unwrap_or_default());
        } else if let Some(runner) = self.runner.get_value() {
            runner.send(LogsRequest::Timeline { token }, Vec::new());
        }
    }

    /// Exports every judged request (CSV, else JSON lines).
    pub fn export(&self, csv: bool) {
        if self.state.get_untracked() != LogsState::Done {
            return;
        }
        if let Some(runner) = self.runner.get_value() {
            self.messages
                .inform("Writing the judged requests: the logs are read again.");
            runner.send(LogsRequest::Export { csv }, Vec::new());
        }
    }

    /// Shows a violation: its deciding line in the editor of its version
    /// (`side`), and the explanation of its verdict (the explanation the
    /// results give) for the crawler `spec`. A line of 0: the crawler's
    /// robots.txt fetch decided, not the file (its row says how), so the
    /// editor has nothing to show.
    pub fn show_sample(&self, side: Side, spec: &str, url: &str, line: u32) {
        if line == 0 {
            self.explanation.set(None);
            return;
        }
        self.inputs.show_line(side, line, false);
        let document = self.inputs.document(side).get_untracked();
        let explanation = Crawler::parse_spec(spec)
            .ok()
            .map(|c| explain_request(document.0.clone(), FetchOutcome::FETCHED, &c, url, spec));
        self.explanation.set(explanation);
    }

    /// Takes the worker's answer.
    pub fn receive(&self, answer: LogsAnswer) {
        match answer {
            LogsAnswer::Progress {
                bytes,
                total,
                lines,
            } => {
                if matches!(self.state.get_untracked(), LogsState::Reading { .. }) {
                    self.state.set(LogsState::Reading {
                        bytes,
                        total,
                        lines,
                    });
                }
            }
            LogsAnswer::Done(view) => {
                self.timeline.set(view.timeline.clone());
                self.view.set(Some(Shared::new(view)));
                self.state.set(LogsState::Done);
            }
            LogsAnswer::Timeline { html } => self.timeline.set(html),
            LogsAnswer::Exported { name } => self
                .messages
                .inform(format!("The judged requests were saved as {name}.")),
            LogsAnswer::Failed { message } => self.fail(message),
        }
    }

    /// The worker failed or could not load.
    pub fn fail(&self, message: impl Into<String>) {
        self.state.set(LogsState::Failed(message.into()));
    }

    // Internals.

    /// Sends the logs with the versions and ranges as they are.
    fn run(&self) {
        let files = self.files.get_value();
        let Some(runner) = self.runner.get_value() else {
            return;
        };
        if files.is_empty() {
            return;
        }
        if matches!(self.state.get_untracked(), LogsState::Reading { .. }) {
            // The work under way is for older settings.
            runner.cancel();
        }
        let text = |side: Side| self.inputs.text(side).get_untracked();
        let since_editor = self.since_editor.get_untracked();
        let mut versions = vec![VersionText {
            name: EDITOR_VERSION.into(),
            text: text(Side::After),
            since: since_editor.clone(),
        }];
        if self.inputs.compare().get_untracked() && !since_editor.trim().is_empty() {
            versions.push(VersionText {
                name: BEFORE_VERSION.into(),
                text: text(Side::Before),
                since: self.since_before.get_untracked(),
            });
        }
        let ranges = self.range_files.get_value();
        let total = files.iter().map(|f| f.size).sum::<f64>() as u64;
        let request = LogsRequest::Replay {
            versions,
            rfc9309: self.inputs.mode().get_untracked() == Mode::Rfc9309,
            size_limited: self.inputs.size_limited().get_untracked(),
            ranges: ranges.iter().map(|(t, _)| t.clone()).collect(),
            logs: files.len(),
        };
        let mut attached = files;
        attached.extend(ranges.into_iter().map(|(_, f)| f));
        self.state.set(LogsState::Reading {
            bytes: 0,
            total,
            lines: 0,
        });
        self.explanation.set(None);
        runner.send(request, attached);
    }
}

#[cfg(test)]
mod tests {
    use std::cell::RefCell;

    use super::*;
    use crate::store::testing::{values, Harness};
    use crate::view_model::logs::Session;
    use crate::view_model::logs_html::render;

    /// A runner that replays the files' bytes on the spot, as the worker
    /// does with the files it reads.
    #[derive(Default)]
    struct Replaying(RefCell<Vec<LogsRequest>>, RefCell<u32>);

    fn bytes(file: &LogFile) -> Vec<u8> {
        file.handle
            .downcast_ref::<Vec<u8>>()
            .cloned()
            .unwrap_or_default()
    }

    fn file(name: &str, text: &str) -> LogFile {
        LogFile {
            name: name.into(),
            size: text.len() as f64,
            handle: Rc::new(text.as_bytes().to_vec()),
        }
    }

    struct Runner(Rc<Replaying>, Logs);

    impl LogRunner for Runner {
        fn send(&self, request: LogsRequest, files: Vec<LogFile>) {
            self.0 .0.borrow_mut().push(request.clone());
            if let LogsRequest::Replay {
                versions,
                rfc9309,
                size_limited,
                ranges,
                logs,
            } = request
            {
                let answer = match Session::new(&versions, rfc9309, size_limited) {
                    Ok(mut session) => {
                        for (token, f) in ranges.iter().zip(&files[logs..]) {
                            let _ = session.verify(token, &f.name, &bytes(f));
                        }
                        for f in &files[..logs] {
                            session.start_log(&f.name);
                            session.feed(&bytes(f));
                            session.end_log(None, &mut String::new());
                        }
                        LogsAnswer::Done(render(&session.view(), &[], BEFORE_VERSION))
                    }
                    Err(message) => LogsAnswer::Failed { message },
                };
                self.1.receive(answer);
            }
        }

        fn cancel(&self) {
            *self.0 .1.borrow_mut() += 1;
        }
    }

    const LOG: &str = "192.0.2.1 - - [03/May/2024:12:00:00 +0000] \"GET /private/a HTTP/1.1\" 200 9 \"-\" \"Mozilla/5.0 (compatible; GPTBot/1.2; +https://openai.com/gptbot)\"\n";

    #[test]
    fn a_log_is_judged_by_the_editor_and_again_when_the_times_change() {
        let h = Harness::new(values(
            "User-agent: *\nDisallow: /private/\n",
            "Googlebot",
            "/x",
        ));
        let logs = Logs::new(h.store.inputs, h.store.messages);
        let seen = Rc::new(Replaying::default());
        logs.connect(Rc::new(Runner(seen.clone(), logs)));
        logs.open(vec![file("access.log", LOG)]);
        assert_eq!(logs.state().get_untracked(), LogsState::Done);
        let view = logs.view().get_untracked().expect("a report");
        assert!(view
            .body
            .contains("data-crawler=\"GPTBot\" data-requests=\"1\" data-disallowed=\"1\""));
        assert_eq!(logs.timeline().get_untracked(), view.timeline);
        // Click-through: the explanation of that request's verdict.
        logs.show_sample(Side::After, "GPTBot", "/private/a", 2);
        let why = logs.explanation().get_untracked().expect("explained");
        assert!(!why.allowed);
        assert_eq!(why.line, 2);
        // A time that does not read is a message; the report stays.
        logs.set_since(Side::After, "yesterday".into());
        assert!(
            matches!(logs.state().get_untracked(), LogsState::Failed(m) if m.contains("yesterday"))
        );
        assert!(logs.view().get_untracked().is_some());
        // Compare mode with a time: two versions.
        h.store.inputs.set_compare(true);
        logs.set_since(Side::After, "2024-05-01T00:00:00Z".into());
        let requests = seen.0.borrow();
        let Some(LogsRequest::Replay { versions, .. }) = requests.last() else {
            panic!("a replay");
        };
        assert_eq!(versions.len(), 2);
        assert_eq!(logs.state().get_untracked(), LogsState::Done);
    }

    #[test]
    fn cancel_ends_the_work_under_way_and_a_new_open_starts_again() {
        let h = Harness::new(values(
            "User-agent: *\nDisallow: /private/\n",
            "Googlebot",
            "/x",
        ));
        let logs = Logs::new(h.store.inputs, h.store.messages);
        /// A runner that never answers: the test does.
        struct Held(Rc<Replaying>);
        impl LogRunner for Held {
            fn send(&self, request: LogsRequest, _files: Vec<LogFile>) {
                self.0 .0.borrow_mut().push(request);
            }
            fn cancel(&self) {
                *self.0 .1.borrow_mut() += 1;
            }
        }
        let seen = Rc::new(Replaying::default());
        logs.connect(Rc::new(Held(seen.clone())));
        // Nothing to cancel yet.
        logs.cancel();
        assert_eq!(*seen.1.borrow(), 0);
        logs.open(vec![file("access.log", LOG)]);
        assert!(
            matches!(logs.state().get_untracked(), LogsState::Reading { total, .. } if total == LOG.len() as u64)
        );
        logs.receive(LogsAnswer::Progress {
            bytes: 10,
            total: 100,
            lines: 1,
        });
        assert_eq!(
            logs.state().get_untracked(),
            LogsState::Reading {
                bytes: 10,
                total: 100,
                lines: 1
            }
        );
        logs.cancel();
        assert_eq!(*seen.1.borrow(), 1);
        assert_eq!(logs.state().get_untracked(), LogsState::Cancelled);
        // Progress of the ended work changes nothing.
        logs.receive(LogsAnswer::Progress {
            bytes: 20,
            total: 100,
            lines: 2,
        });
        assert_eq!(logs.state().get_untracked(), LogsState::Cancelled);
        // A new time while reading cancels the older work and starts anew.
        logs.open(vec![file("access.log", LOG)]);
        logs.set_since(Side::After, "2024-05-01".into());
        assert_eq!(*seen.1.borrow(), 2);
        assert_eq!(seen.0.borrow().len(), 3);
        // Export waits for a finished report.
        logs.export(true);
        assert_eq!(seen.0.borrow().len(), 3);
    }
}
