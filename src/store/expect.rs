//! The expectations entity: the expectations text (what must hold for the
//! robots.txt: `Googlebot allowed /`, see the library's
//! `tools::expect`), and the report of its check against the editor's
//! robots.txt, kept in step with the results.
//!
//! The text is parsed once per text (see
//! [`parsed`](crate::view_model::expect::parsed)), not per keystroke in
//! the robots.txt; the check runs in the task after the new verdicts are
//! shown, on the results' own parse (nothing is parsed twice), and is
//! bounded by [`MAX_LIVE_CHECKS`](crate::view_model::limits::MAX_LIVE_CHECKS).
//! Parsing and checking live in a lazy chunk (`expect`), fetched only
//! once there are expectations.

use leptos::prelude::*;
use leptos::task::spawn_local;
use robots_matcher::Origin;

use super::check::Check;
use super::host::{HostRef, PickedFile};
use super::messages::Messages;
use super::shared::Shared;
use super::state::Read;
use crate::split::ChunkError;
use crate::view_model::expect::{open_expectations, parsed};
use crate::view_model::limits::{MAX_EXPECT_FILE_BYTES, MAX_EXPECT_LINK_BYTES};
use crate::view_model::{format_size, normalize_newlines, ExpectReport, FetchedDocument};

/// The file name expectations are saved as.
pub const EXPECT_FILE_NAME: &str = "expectations.txt";

/// When the last check had at most this many rows, and the text is at most
/// [`CHECK_AT_ONCE_BYTES`], the expectations are checked with the verdicts,
/// before the page paints them (a few milliseconds; the markup lists at
/// most 50 rows); otherwise in the task after that frame. Checking in a
/// later task put the report behind the work queued after each edit (the
/// link, this browser's copy, the lint request): on 500 KiB x 1,000 URLs
/// with 200 expectations x 10 crawlers it came 76 ms after the verdicts'
/// frame (`scripts/report`, `keystroke-expect`).
const CHECK_AT_ONCE_ROWS: usize = 2_000;

/// See [`CHECK_AT_ONCE_ROWS`]: a longer text may take longer to parse than
/// a frame can wait (parsed once per text, so only while it is edited).
const CHECK_AT_ONCE_BYTES: usize = 64 * 1024;

/// The expectations entity.
#[derive(Clone, Copy)]
pub struct Expect {
    text: RwSignal<String>,
    /// Whether the panel is open.
    open: RwSignal<bool>,
    /// Bumped when the text is replaced from outside its field.
    reloads: RwSignal<u32>,
    report: RwSignal<Option<Shared<ExpectReport>>>,
    /// The latest check started: an older one that ends later is dropped.
    generation: StoredValue<u32>,
    messages: Messages,
    host: HostRef,
}

impl Expect {
    /// No expectations yet; checked against `check`'s results from now on.
    pub fn new(check: Check, messages: Messages, host: HostRef) -> Expect {
        let expect = Expect {
            text: RwSignal::new(String::new()),
            open: RwSignal::new(false),
            reloads: RwSignal::new(0),
            report: RwSignal::new(None),
            generation: StoredValue::new(0),
            messages,
            host,
        };
        expect.drive(check);
        expect
    }

    // Read handles.

    /// The expectations text.
    pub fn text(&self) -> Read<String> {
        Read::of(self.text)
    }

    /// Bumped whenever the text is replaced from outside its field (a
    /// link, a file): the field then shows it again.
    pub fn reloads(&self) -> Read<u32> {
        Read::of(self.reloads)
    }

    /// The latest check's report; `None` while there is no expectation
    /// text.
    pub fn report(&self) -> Read<Option<Shared<ExpectReport>>> {
        Read::of(self.report)
    }

    /// Whether the panel is open.
    pub fn open(&self) -> Read<bool> {
        Read::of(self.open)
    }

    /// The text a link keeps, without tracking it: the text, or `None`
    /// when it is too long to keep.
    pub(super) fn for_link_untracked(&self) -> Option<String> {
        self.text
            .with_untracked(|t| t.len() <= MAX_EXPECT_LINK_BYTES)
            .then(|| self.text.get_untracked())
    }

    /// Subscribes the running effect to the text, without copying it.
    pub(super) fn track(&self) {
        self.text.track();
    }

    // Transitions.

    /// The text as typed (unchanged text changes nothing).
    pub fn edit(&self, text: String) {
        let text = if text.contains('\r') {
            normalize_newlines(&text)
        } else {
            text
        };
        if self.text.with_untracked(|t| *t != text) {
            self.text.set(text);
        }
    }

    /// Replaces the text from outside its field (a link, a file); the
    /// panel opens when there are expectations.
    pub fn load(&self, text: String) {
        if !text.trim().is_empty() {
            self.open.set(true);
        }
        self.edit(text);
        self.reloads.update(|n| *n += 1);
    }

    /// Opens or closes the panel.
    pub fn set_open(&self, open: bool) {
        self.open.set(open);
    }

    /// Offered the field's text with a paste in
    /// it: gives it back unless it is over an expectations file's limit,
    /// which is said (`None`: the field keeps its text).
    pub fn take_paste(&self, text: String) -> Option<String> {
        if text.len() <= MAX_EXPECT_FILE_BYTES {
            return Some(text);
        }
        self.messages.warn(format!(
            "The paste was not taken: with it the expectations would be {}, and they may hold at most {} here. Check larger files with robotstxt test.",
            format_size(text.len()),
            format_size(MAX_EXPECT_FILE_BYTES)
        ));
        None
    }

    /// Reads an expectations file into the field, and says what was done.
    pub fn open_file(&self, file: PickedFile) {
        let expect = *self;
        spawn_local(async move {
            let name = file.name.clone();
            let what = "an expectations file";
            let bytes = match file.read_within(MAX_EXPECT_FILE_BYTES, what).await {
                Ok(bytes) => bytes,
                Err(why) => return expect.messages.warn(why),
            };
            let opened = open_expectations(&name, &bytes);
            expect.load(opened.text);
            expect.messages.notify(opened.note, opened.warning);
        });
    }

    /// Offers the text as a download, `expectations.txt`.
    pub fn save(&self) {
        let host = self.host.get();
        self.text
            .with_untracked(|t| host.download(EXPECT_FILE_NAME, "text/plain", t.as_bytes()));
    }

    /// Checks the text against each new result, in the task after it is
    /// shown.
    fn drive(self, check: Check) {
        let results = check.results();
        crate::reactive::effect(move |_| {
            let (fetched, site) =
                results.with(|r| (r.fetched.clone(), r.files.split.governed.clone()));
            let empty = self.text.with(|t| t.trim().is_empty());
            let generation = self.generation.get_value().wrapping_add(1);
            self.generation.set_value(generation);
            if empty {
                if self.report.with_untracked(Option::is_some) {
                    self.report.set(None);
                }
                return;
            }
            // The last report's size stands for this one's: the text is
            // the same, or one edit away from it.
            let small = self.report.with_untracked(|r| {
                r.as_ref()
                    .is_some_and(|r| r.passed + r.failed <= CHECK_AT_ONCE_ROWS)
            });
            let at_once = small && self.text.with_untracked(|t| t.len() <= CHECK_AT_ONCE_BYTES);
            spawn_local(self.check_later(fetched, site, generation, at_once));
        });
    }

    /// Checks the text against `fetched` and shows the report, unless a
    /// newer check started meanwhile: `at_once`, before the page paints
    /// the new verdicts, so both show in one frame; otherwise in a task of
    /// its own, after that frame.
    async fn check_later(
        self,
        fetched: FetchedDocument,
        site: Option<Origin>,
        generation: u32,
        at_once: bool,
    ) {
        if !at_once {
            self.host.get().next_task().await;
        }
        let current = move || self.generation.get_value() == generation;
        if !current() {
            return;
        }
        let text = self.text.get_untracked();
        match crate::split::lazy_call!(check_expectations(text, fetched, site)) {
            Ok(report) if current() => self.report.set(Some(Shared::new(report))),
            Ok(_) => {}
            Err(ChunkError) => self.messages.warn(
                "The code that checks expectations could not be loaded (offline, or the site changed since this page was opened). Edit the expectations to retry, or reload the page.",
            ),
        }
    }
}

/// The expectations `text` (parsed once per text) checked against
/// `fetched`, the file of origin `site` when known: a split point, so the expectations grammar and its check
/// load once there are expectations (see [`crate::split`]).
#[cfg_attr(feature = "split", wasm_split_helpers::wasm_split(expect, fallible))]
fn check_expectations(
    text: String,
    fetched: FetchedDocument,
    site: Option<Origin>,
) -> Result<ExpectReport, ChunkError> {
    Ok(ExpectReport::new(&parsed(&text), &fetched, site.as_ref()))
}
