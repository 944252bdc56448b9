//! The app's state and its named transitions.
//!
//! Components read the signals and memos here and change things only
//! through the transitions ([`Store::load`], [`Store::open_robots_file`],
//! [`Store::open_url_files`], [`Store::select`], [`Store::jump_to`],
//! [`Store::export`], ...), so what each user action does is written once.
//!
//! Verdicts are computed by jobs ([`CheckJob`], [`CompareJob`],
//! [`ExportJob`]) driven here a time slice at a time: work that fits in a
//! keystroke is done in it, and anything larger continues in later tasks
//! with its progress shown, so the page never freezes. Every new input
//! starts a new generation; a job of an older one stops at its next slice,
//! so the results of an earlier input never overwrite a later one's.

use std::sync::Arc;

use leptos::prelude::*;
use leptos::task::spawn_local;
use robots_matcher::tools::line_diff::LineDiff;
use robots_matcher::tools::lint::Fix;
use robots_matcher::{FetchOutcome, Mode};

use crate::browser;
use crate::view_model::{
    add_specs, open_robots, open_urls, remove_spec, too_large_to_edit, Against, CheckJob,
    CompareJob, Comparison, CrawlerList, Document, ExplanationView, ExportFormat, ExportJob,
    Inputs, Job, Results, TableQuery, TableView, UrlFile, UrlSet,
};

/// Shares a computed value between memos without cloning it; two values
/// are equal only when they are the same computation.
#[derive(Debug)]
pub struct Shared<T>(pub Arc<T>);

impl<T> Shared<T> {
    fn new(value: T) -> Shared<T> {
        Shared(Arc::new(value))
    }
}

impl<T> Clone for Shared<T> {
    fn clone(&self) -> Self {
        Shared(Arc::clone(&self.0))
    }
}

impl<T> PartialEq for Shared<T> {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

impl<T> std::ops::Deref for Shared<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

/// Texts larger than this are not written into the link or storage:
/// compressing them would freeze the page, and browsers cap URL length.
pub const MAX_PERSISTED_BYTES: usize = 1_000_000;

/// Work done at once, in the task of the input that caused it; the rest
/// continues in later tasks. Below the 200 ms a task may take, with room
/// for rendering.
const FIRST_SLICE_MS: f64 = 90.0;
/// Later slices: short, so scrolling and typing stay smooth meanwhile.
const SLICE_MS: f64 = 30.0;
/// URLs (or rows, for exports) done before the first look at the clock,
/// and the most done between two looks (see `run_for`).
const FIRST_STEP: usize = 16;
const MAX_STEP: usize = 4096;
/// Up to this many rows, the other mode's verdicts are computed with the
/// selected mode's (a few milliseconds); above it, after they are painted.
const COMPARE_AT_ONCE_ROWS: usize = 20_000;

/// A short message under the toolbar.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notice {
    /// The message.
    pub text: String,
    /// Shown as a warning.
    pub warning: bool,
}

/// A request to show a line in the editor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Jump {
    /// The line.
    pub line: u32,
    /// Move the caret there and focus the editor (diagnostics), or only
    /// scroll (selecting a result).
    pub focus: bool,
    /// Distinguishes repeated jumps to the same line.
    pub serial: u32,
}

/// Long work under way: what, and how far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// What is being done, for people: `Checking`, `Comparing`, `Exporting`.
    pub task: &'static str,
    /// Rows done.
    pub done: usize,
    /// Rows in all.
    pub total: usize,
}

/// The app's state: inputs, what is computed from them, and what the
/// visitor selected.
#[derive(Clone, Copy)]
pub struct Store {
    /// The robots.txt text.
    pub robots: RwSignal<String>,
    /// The crawler field.
    pub agents: RwSignal<String>,
    /// The URL list's text.
    pub urls: RwSignal<String>,
    /// Whether the URL list is edited in its text field; a list too large
    /// to edit there is held as data and summed up instead.
    pub urls_in_field: RwSignal<bool>,
    /// The selected reading.
    pub mode: RwSignal<Mode>,
    /// Whether two versions are compared: the editor holds the draft
    /// ("after"), `before` the other version (the live file).
    pub compare: RwSignal<bool>,
    /// The version before, in compare mode.
    pub before: RwSignal<String>,
    /// How fetching robots.txt ended (HTTP 200 unless chosen otherwise).
    pub fetch: RwSignal<FetchOutcome>,
    /// Apply Google's 500 KiB limit (default) or read the whole file.
    pub size_limited: RwSignal<bool>,
    /// Bumped whenever the inputs are replaced from outside the fields (a
    /// sample, a link, a file, the crawler picker): the fields then reload
    /// their text. Typing does not bump it, so the fields are never
    /// rewritten under the caret.
    pub external: RwSignal<u32>,
    /// The robots.txt parsed in the selected mode.
    pub document: Memo<Shared<Document>>,
    /// The version before, parsed the same way (empty unless comparing).
    pub before_document: Memo<Shared<Document>>,
    /// Which lines differ between the two versions (empty unless
    /// comparing).
    pub line_diff: Memo<Shared<LineDiff>>,
    /// The crawler field, read.
    pub crawlers: Memo<Shared<CrawlerList>>,
    /// The URL field, read.
    pub url_set: Memo<Shared<UrlSet>>,
    /// The latest complete verdicts (while newer ones are being computed,
    /// the previous ones stay).
    pub results: RwSignal<Shared<Results>>,
    /// The other mode's verdicts, and the results they compare.
    pub comparison: RwSignal<(Shared<Results>, Shared<Comparison>)>,
    /// Long work under way, if any.
    pub progress: RwSignal<Option<Progress>>,
    /// Milliseconds the last update took (parse and checks).
    pub update_ms: RwSignal<f64>,
    /// Milliseconds the last parse took.
    parse_ms: StoredValue<f64>,
    /// The table's filters and order.
    pub query: RwSignal<TableQuery>,
    /// The rows the table shows.
    pub table: Memo<Shared<TableView>>,
    /// The selected row (an index into the results).
    pub selected: RwSignal<Option<usize>>,
    /// The selected row's explanation.
    pub explanation: Memo<Option<ExplanationView>>,
    /// The line the selected row was decided by (0: none).
    pub highlighted_line: Memo<u32>,
    /// The line that decided the selected row in the version before.
    pub highlighted_before: Memo<u32>,
    /// The latest request to show a line.
    pub jump: RwSignal<Option<Jump>>,
    /// The same in the version before.
    pub jump_before: RwSignal<Option<Jump>>,
    /// A message about the link, a file or storage.
    pub notice: RwSignal<Option<Notice>>,
    /// An error the visitor must see (a broken link).
    pub alert: RwSignal<Option<String>>,
    /// Why the state is not in the link, if it is not.
    pub not_persisted: RwSignal<Option<String>>,
    /// The generation of the inputs the latest check job belongs to.
    generation: StoredValue<u32>,
}

/// The store of the component tree.
pub fn use_store() -> Store {
    expect_context::<Store>()
}

impl Store {
    /// A store holding `initial`, with its derived values and the check
    /// driver set up.
    pub fn new(initial: Inputs) -> Store {
        let robots = RwSignal::new(initial.robots_txt);
        let agents = RwSignal::new(initial.agents);
        let urls_in_field = RwSignal::new(!too_large_to_edit(&initial.urls));
        let urls = RwSignal::new(initial.urls);
        let mode = RwSignal::new(initial.mode);
        let compare = RwSignal::new(initial.before.is_some());
        let before = RwSignal::new(initial.before.unwrap_or_default());
        let fetch = RwSignal::new(initial.fetch);
        let size_limited = RwSignal::new(true);
        let parse_ms = StoredValue::new(0.0);
        let document = Memo::new(move |_| {
            let (mode, limited) = (mode.get(), size_limited.get());
            let start = browser::now_ms();
            let document = robots.with(|text| Shared::new(Document::new(text, mode, limited)));
            parse_ms.set_value(browser::now_ms() - start);
            document
        });
        let before_document = Memo::new(move |_| {
            let (mode, limited) = (mode.get(), size_limited.get());
            // Read in place: the text may be 500 KiB.
            if compare.get() {
                before.with(|text| Shared::new(Document::new(text, mode, limited)))
            } else {
                Shared::new(Document::new("", mode, limited))
            }
        });
        let line_diff = Memo::new(move |_| {
            if !compare.get() {
                return Shared::new(LineDiff::default());
            }
            let diff = before.with(|old| robots.with(|new| LineDiff::new(old, new)));
            Shared::new(diff)
        });
        let crawlers =
            Memo::new(move |_| agents.with(|text| Shared::new(CrawlerList::parse(text))));
        let url_set = Memo::new(move |_| urls.with(|text| Shared::new(UrlSet::parse(text))));
        let empty = Shared::new(Results::new(
            Arc::new(Document::new("", Mode::Google, true)),
            &CrawlerList::default(),
            Arc::new(UrlSet::default()),
        ));
        let results = RwSignal::new(empty.clone());
        let comparison = RwSignal::new((
            empty,
            Shared::new(Comparison::none(Against::OtherMode(Mode::Rfc9309))),
        ));
        let query = RwSignal::new(TableQuery::default());
        let table = Memo::new(move |_| {
            let results = results.get();
            let comparison = comparison.with(|pair| comparison_or_none(&results, pair));
            query.with(|q| Shared::new(TableView::new(&results, &comparison, q)))
        });
        let selected = RwSignal::new(None::<usize>);
        let explanation = Memo::new(move |_| {
            let row = selected.get()?;
            let results = results.get();
            let comparison = comparison.with(|pair| comparison_or_none(&results, pair));
            ExplanationView::new(&results, row, &comparison)
        });
        let highlighted_before = Memo::new(move |_| {
            explanation.with(|e| {
                e.as_ref()
                    .and_then(|e| e.before.as_ref())
                    .map_or(0, |b| b.line)
            })
        });
        let highlighted_line = Memo::new(move |_| {
            selected
                .get()
                .and_then(|row| results.with(|r| r.cell(row)))
                .map_or(0, |cell| cell.line)
        });
        let store = Store {
            robots,
            agents,
            urls,
            urls_in_field,
            mode,
            compare,
            before,
            fetch,
            size_limited,
            external: RwSignal::new(0),
            document,
            before_document,
            line_diff,
            crawlers,
            url_set,
            results,
            comparison,
            progress: RwSignal::new(None),
            update_ms: RwSignal::new(0.0),
            parse_ms,
            query,
            table,
            selected,
            explanation,
            highlighted_line,
            highlighted_before,
            jump: RwSignal::new(None),
            jump_before: RwSignal::new(None),
            notice: RwSignal::new(None),
            alert: RwSignal::new(None),
            not_persisted: RwSignal::new(None),
            generation: StoredValue::new(0),
        };
        store.drive_checks();
        store
    }

    /// The inputs as they are now.
    pub fn inputs_untracked(&self) -> Inputs {
        Inputs {
            robots_txt: self.robots.get_untracked(),
            agents: self.agents.get_untracked(),
            urls: self.urls.get_untracked(),
            mode: self.mode.get_untracked(),
            before: self
                .compare
                .get_untracked()
                .then(|| self.before.get_untracked()),
            fetch: self.fetch.get_untracked(),
        }
    }

    /// Replaces every input (a sample, a link).
    pub fn load(&self, inputs: Inputs) {
        self.robots.set(inputs.robots_txt);
        self.agents.set(inputs.agents);
        self.mode.set(inputs.mode);
        self.compare.set(inputs.before.is_some());
        self.before.set(inputs.before.unwrap_or_default());
        self.fetch.set(inputs.fetch);
        self.replace_urls(inputs.urls);
    }

    /// Turns compare mode on or off. Turned on with no version before yet,
    /// the version before starts as a copy of the current text: edits to
    /// the editor then show as changes against it.
    pub fn set_compare(&self, on: bool) {
        if on && self.before.with_untracked(String::is_empty) {
            self.before.set(self.robots.get_untracked());
        }
        self.compare.set(on);
        self.external.update(|n| *n += 1);
    }

    /// What the results are compared with now.
    pub fn against(&self) -> Against {
        if self.compare.get() {
            Against::Before
        } else {
            Against::OtherMode(self.mode.get().other())
        }
    }

    /// Replaces the URL list from outside its field (a paste too large for
    /// the field, a file, a link): the field shows it when it is small
    /// enough to edit there.
    pub fn replace_urls(&self, text: String) {
        self.urls_in_field.set(!too_large_to_edit(&text));
        self.urls.set(text);
        self.selected.set(None);
        self.external.update(|n| *n += 1);
    }

    /// Puts a large URL list into its text field after all, at the
    /// visitor's request.
    pub fn edit_urls_as_text(&self) {
        self.urls_in_field.set(true);
        self.external.update(|n| *n += 1);
    }

    /// Adds crawler specs to the crawler field (the presets).
    pub fn add_crawlers<'a>(&self, specs: impl IntoIterator<Item = &'a str>) {
        self.agents.update(|text| *text = add_specs(text, specs));
        self.external.update(|n| *n += 1);
    }

    /// Removes the `index`th crawler of the crawler field.
    pub fn remove_crawler(&self, index: usize) {
        self.agents.update(|text| *text = remove_spec(text, index));
        self.external.update(|n| *n += 1);
    }

    /// Reads a robots.txt file into an editor (`field`: the robots.txt,
    /// or the version before).
    pub fn open_robots_file(&self, file: web_sys::File, field: RwSignal<String>) {
        let store = *self;
        let name = file.name();
        spawn_local(async move {
            let Some((bytes, _)) = browser::read_file(&file).await else {
                store.warn(format!("{name} could not be read."));
                return;
            };
            let opened = open_robots(&name, &bytes);
            field.set(opened.text);
            store.selected.set(None);
            store.external.update(|n| *n += 1);
            store.notice.set(Some(Notice {
                text: opened.note,
                warning: opened.warning,
            }));
        });
    }

    /// Reads URL files (text, CSV, sitemaps, gzip-compressed or not) into
    /// the URL field.
    pub fn open_url_files(&self, files: Vec<web_sys::File>) {
        let store = *self;
        spawn_local(async move {
            let mut read = Vec::new();
            for file in files {
                let name = file.name();
                match browser::read_file(&file).await {
                    Some((bytes, was_gzip)) => read.push(UrlFile {
                        name,
                        bytes,
                        was_gzip,
                    }),
                    None => {
                        store.warn(format!("{name} could not be read."));
                        return;
                    }
                }
            }
            let opened = open_urls(&read);
            store.replace_urls(opened.text);
            store.notice.set(Some(Notice {
                text: opened.note,
                warning: opened.warning,
            }));
        });
    }

    fn warn(&self, text: String) {
        self.notice.set(Some(Notice {
            text,
            warning: true,
        }));
    }

    /// Selects a row and shows its deciding line (in both versions, when
    /// comparing).
    pub fn select(&self, row: usize) {
        let Some(cell) = self.results.with_untracked(|r| r.cell(row)) else {
            return;
        };
        self.selected.set(Some(row));
        if cell.line > 0 {
            self.jump_to(cell.line, false);
        }
        let before = self.highlighted_before.get_untracked();
        if before > 0 {
            next_jump(self.jump_before, before, false);
        }
    }

    /// The row `key` moves the selection to within the table
    /// (`ArrowDown`, `ArrowUp`, `PageDown`, `PageUp`, `Home`, `End`), given
    /// how many rows a page holds; selects it.
    pub fn move_selection(&self, key: &str, page: usize) -> Option<usize> {
        let table = self.table.get_untracked();
        let last = table.len().checked_sub(1)?;
        let current = self
            .selected
            .get_untracked()
            .and_then(|row| table.position(row));
        let position = match (key, current) {
            ("Home", _) | (_, None) => 0,
            ("End", _) => last,
            ("ArrowDown", Some(p)) => (p + 1).min(last),
            ("ArrowUp", Some(p)) => p.saturating_sub(1),
            ("PageDown", Some(p)) => (p + page).min(last),
            ("PageUp", Some(p)) => p.saturating_sub(page),
            (_, Some(p)) => p,
        };
        let row = table.row(position)?;
        self.select(row);
        Some(row)
    }

    /// Applies a diagnostic's fix to the robots.txt, as an edit the
    /// editor's undo takes back.
    pub fn apply_fix(&self, fix: &Fix) {
        let Some((start, end)) = self
            .robots
            .with_untracked(|text| utf16_range(text, fix.span.clone()))
        else {
            return;
        };
        if !browser::replace_undoably("robots-input", start, end, &fix.replacement) {
            // Not undoable, but done.
            self.robots.update(|text| {
                text.replace_range(fix.span.clone(), &fix.replacement);
            });
            self.external.update(|n| *n += 1);
        }
    }

    /// Shows a line in the editor.
    pub fn jump_to(&self, line: u32, focus: bool) {
        next_jump(self.jump, line, focus);
    }

    /// Changes the table's filters or order.
    pub fn set_query(&self, change: impl FnOnce(&mut TableQuery)) {
        self.query.update(change);
    }

    /// The comparison for the current results, or none while it is being
    /// computed.
    pub fn current_comparison(&self) -> Option<Shared<Comparison>> {
        let results = self.results.get();
        self.comparison.with(|pair| comparison_for(&results, pair))
    }

    /// The comparison for the current results, or one where nothing differs
    /// while it is being computed.
    pub fn comparison_or_none(&self) -> Shared<Comparison> {
        let results = self.results.get();
        self.comparison
            .with(|pair| comparison_or_none(&results, pair))
    }

    /// Writes the table's rows as CSV or JSON and offers the file, a slice
    /// at a time with progress (comparing with the other mode first, when
    /// that is still under way, so every record carries it).
    pub fn export(&self, format: ExportFormat) {
        let store = *self;
        let results = self.results.get_untracked();
        let comparison = self
            .comparison
            .with_untracked(|pair| comparison_for(&results, pair));
        let table = self.table.get_untracked();
        spawn_local(async move {
            let comparison = match comparison {
                Some(comparison) => comparison.0,
                None => {
                    let mut job = CompareJob::new(results.0.clone());
                    if !run_for(&mut job, SLICE_MS) {
                        store.run_in_slices(&mut job, "Comparing", None).await;
                    }
                    Arc::new(job.finish())
                }
            };
            let mut job = ExportJob::new(format, results.0, comparison, table.0);
            if !run_for(&mut job, SLICE_MS) {
                store.run_in_slices(&mut job, "Exporting", None).await;
            }
            store.progress.set(None);
            let text = job.finish();
            browser::download(format.file_name(), format.mime(), text.as_bytes());
        });
    }

    /// Recomputes the verdicts whenever the document, the crawlers or the
    /// URLs change.
    fn drive_checks(self) {
        Effect::new(move |_| {
            let document = self.document.get();
            let urls = self.url_set.get();
            let fetch = self.fetch.get();
            // The comparison is part of the results: a new version before
            // (or compare turned on or off) starts them anew.
            let before = self.compare.get().then(|| self.before_document.get().0);
            let generation = self.generation.get_value().wrapping_add(1);
            self.generation.set_value(generation);
            let mut job = self
                .crawlers
                .with(|crawlers| CheckJob::new(document.0.clone(), crawlers, urls.0.clone()))
                .fetched_as(fetch)
                .compared_with(before);
            let start = browser::now_ms();
            if run_for(&mut job, FIRST_SLICE_MS) {
                self.publish(job, start);
                return;
            }
            spawn_local(async move {
                if self
                    .run_in_slices(&mut job, "Checking", Some(generation))
                    .await
                {
                    self.publish(job, start);
                }
            });
        });
    }

    /// Shows finished verdicts, keeps the selection on a row that still
    /// exists, and starts the comparison with the other mode.
    fn publish(self, job: CheckJob, start: f64) {
        let results = Shared::new(job.finish());
        // The parse counts once: a check of new URLs reuses it.
        self.update_ms
            .set(self.parse_ms.get_value() + browser::now_ms() - start);
        self.parse_ms.set_value(0.0);
        self.progress.set(None);
        let generation = self.generation.get_value();
        let valid = self
            .selected
            .get_untracked()
            .is_some_and(|row| row < results.len());
        self.results.set(results.clone());
        if !valid {
            if let Some(row) = results.default_selection() {
                self.select(row);
            } else {
                self.selected.set(None);
            }
        }
        let mut job = CompareJob::new(results.0.clone());
        if results.len() <= COMPARE_AT_ONCE_ROWS {
            job.run(usize::MAX);
            self.comparison.set((results, Shared::new(job.finish())));
            return;
        }
        // After the verdicts are painted: a frame, then a task.
        spawn_local(async move {
            if self
                .run_in_slices(&mut job, "Comparing", Some(generation))
                .await
            {
                self.progress.set(None);
                self.comparison.set((results, Shared::new(job.finish())));
            }
        });
    }

    /// Runs `job` a slice per task, showing its progress as `task` between
    /// slices, until it is done (true) or, when `generation` is given, a
    /// newer input started another one (false).
    async fn run_in_slices(
        self,
        job: &mut impl Job,
        task: &'static str,
        generation: Option<u32>,
    ) -> bool {
        // A superseded job neither shows its progress (over the newer one's)
        // nor does another slice.
        let stale = || generation.is_some_and(|g| g != self.generation.get_value());
        while !stale() {
            self.show_progress(task, job.progress());
            browser::next_task().await;
            if !stale() && run_for(job, SLICE_MS) {
                return true;
            }
        }
        false
    }

    fn show_progress(&self, task: &'static str, (done, total): (usize, usize)) {
        self.progress.set(Some(Progress { task, done, total }));
    }
}

/// A byte range of `text` in UTF-16 units (what text fields count in), when
/// it falls on character boundaries.
fn utf16_range(text: &str, bytes: std::ops::Range<usize>) -> Option<(u32, u32)> {
    let before = text.get(..bytes.start)?;
    let inside = text.get(bytes)?;
    let start = before.encode_utf16().count();
    Some((start as u32, (start + inside.encode_utf16().count()) as u32))
}

/// Asks an editor to show `line`.
fn next_jump(jump: RwSignal<Option<Jump>>, line: u32, focus: bool) {
    let serial = jump.get_untracked().map_or(0, |j| j.serial + 1);
    jump.set(Some(Jump {
        line,
        focus,
        serial,
    }));
}

/// The comparison in `pair` when it is the one for `results` (while the
/// comparison for new results is computed, `pair` still holds the old one).
fn comparison_for(
    results: &Shared<Results>,
    (for_results, comparison): &(Shared<Results>, Shared<Comparison>),
) -> Option<Shared<Comparison>> {
    (for_results == results).then(|| comparison.clone())
}

/// [`comparison_for`], or one where nothing differs.
fn comparison_or_none(
    results: &Shared<Results>,
    pair: &(Shared<Results>, Shared<Comparison>),
) -> Shared<Comparison> {
    comparison_for(results, pair).unwrap_or_else(|| {
        // Not computed yet: nothing differs. Results made in compare mode
        // are compared with the version before, others with the other mode.
        let against = if results.before.is_some() {
            Against::Before
        } else {
            Against::OtherMode(results.document.mode().other())
        };
        Shared::new(Comparison::none(against))
    })
}

/// Sets a field's text from its input event, unless it is unchanged.
///
/// A text typed in by a program (Playwright's `fill()`, Chromium's
/// `insertText`) arrives a line at a time and fires an input event per line,
/// which all read the final text: without this each of them would re-parse
/// and re-check everything, which made entering N URLs cost N² (measured on
/// the earlier version of the app: 2,000 URLs took 11 s this way).
pub fn set_text(field: RwSignal<String>, text: String) {
    if field.with_untracked(|current| *current != text) {
        field.set(text);
    }
}

/// Runs `job` for about `budget_ms`; true when it is done.
///
/// The step between two looks at the clock starts small, doubles while a
/// step takes under a millisecond and halves when one takes over four. A
/// fixed step cannot suit every file: 2,048 URLs took about 33 ms against
/// 3,000 wildcard rules (measured: 50,000 URLs in 0.8 s), a whole slice's
/// budget before the first look at the clock, while short files want large
/// steps so that looking at the clock costs nothing.
fn run_for(job: &mut impl Job, budget_ms: f64) -> bool {
    let start = browser::now_ms();
    let deadline = start + budget_ms;
    let mut step = FIRST_STEP;
    let mut last = start;
    loop {
        if job.run(step) {
            return true;
        }
        let now = browser::now_ms();
        if now >= deadline {
            return false;
        }
        let took = now - last;
        if took < 1.0 {
            step = (step * 2).min(MAX_STEP);
        } else if took > 4.0 {
            step = (step / 2).max(1);
        }
        last = now;
    }
}
