//! The inputs entity: the robots.txt (and the version before, in compare
//! mode), the crawler field, the URL list, the reading, the fetch outcome
//! and the size limit; what is read from them (the parses, the crawler
//! list, the URL set, the changed lines); and the requests the editors
//! follow (reload your text, show a line).
//!
//! Components read the handles and change the inputs only through the
//! transitions below: typing ([`Inputs::edit_text`], ...), replacing
//! ([`Inputs::load`], [`Inputs::load_sample`], the file transitions), the
//! choices, and edits of the file ([`Inputs::apply_fix`],
//! [`Inputs::insert_ai_block`]).

use std::sync::Arc;

use robots_matcher::tools::line_diff::LineDiff;
use robots_matcher::tools::lint::Fix;
use robots_matcher::{FetchOutcome, Mode};

use leptos::prelude::*;
use leptos::task::spawn_local;

use super::host::{HostRef, PickedFile};
use super::messages::Messages;
use super::shared::Shared;
use super::state::Read;
use crate::link::SiteFile;
use crate::samples;
use crate::split::ChunkError;
use crate::view_model::limits::{
    file_refusal, paste_refusal, MAX_ROBOTS_FILE_BYTES, MAX_URL_FILES_BYTES,
};
use crate::view_model::text::utf16_range;
use crate::view_model::{
    add_specs, normalize_newlines, open_robots, open_urls, remove_spec, too_large_to_edit,
    AiPolicy, CrawlerList, Document, InputValues, Opened, OriginFiles, OriginSplit, SiteDocument,
    UrlFile, UrlSet,
};

/// Which version of the robots.txt: the one checked (the draft, in compare
/// mode) or the version before.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    /// The robots.txt the results are for.
    After,
    /// The version before, in compare mode.
    Before,
}

/// A request to show a line in an editor.
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

/// The id of the editor's text field (the draft's), where fixes are typed
/// in so that its undo takes them back.
pub const ROBOTS_FIELD: &str = "robots-input";

/// The inputs entity.
#[derive(Clone, Copy)]
pub struct Inputs {
    robots: RwSignal<String>,
    before: RwSignal<String>,
    compare: RwSignal<bool>,
    agents: RwSignal<String>,
    urls: RwSignal<String>,
    urls_in_field: RwSignal<bool>,
    mode: RwSignal<Mode>,
    fetch: RwSignal<FetchOutcome>,
    size_limited: RwSignal<bool>,
    reloads: RwSignal<u32>,
    replaced: RwSignal<u32>,
    jump: RwSignal<Option<Jump>>,
    jump_before: RwSignal<Option<Jump>>,
    document: Memo<Shared<Document>>,
    before_document: Memo<Shared<Document>>,
    line_diff: Memo<Shared<LineDiff>>,
    crawlers: Memo<Shared<CrawlerList>>,
    url_set: Memo<Shared<UrlSet>>,
    /// The origin chosen for the robots.txt (else its URLs' first).
    origin: RwSignal<Option<String>>,
    /// The robots.txt files of other origins (see [`Inputs::switch_origin`]).
    sites: RwSignal<Vec<SiteFile>>,
    origins: Memo<Shared<OriginFiles>>,
    /// Milliseconds the last parse of the draft took, until a check counts
    /// it (see [`Inputs::take_parse_ms`]).
    parse_ms: StoredValue<f64>,
    messages: Messages,
    host: HostRef,
}

impl Inputs {
    /// The inputs of `initial`, and what is read from them.
    pub fn new(initial: InputValues, messages: Messages, host: HostRef) -> Inputs {
        let robots = RwSignal::new(initial.robots_txt);
        let agents = RwSignal::new(initial.agents);
        let urls_in_field = RwSignal::new(!too_large_to_edit(&initial.urls));
        let urls = RwSignal::new(initial.urls);
        let mode = RwSignal::new(initial.mode);
        let compare = RwSignal::new(initial.before.is_some());
        let before = RwSignal::new(initial.before.unwrap_or_default());
        let size_limited = RwSignal::new(true);
        let parse_ms = StoredValue::new(0.0);
        let parses: Parses = Arc::default();
        let sites = RwSignal::new(initial.sites);
        let editor_parses = parses.clone();
        let document = Memo::new(move |_| {
            let (mode, limited) = (mode.get(), size_limited.get());
            let start = host.get().now_ms();
            let document = robots.with(|text| parsed(&editor_parses, text, mode, limited));
            parse_ms.set_value(host.get().now_ms() - start);
            Shared(document)
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
        let origin = RwSignal::new(initial.origin);
        // The URL list grouped by origin and the kept files parsed, in one
        // value (a keystroke in the editor changes neither).
        let origins = Memo::new(move |_| {
            let (mode, limited, compare) = (mode.get(), size_limited.get(), compare.get());
            url_set.with(|set| {
                origin.with(|chosen| {
                    sites.with(|sites| {
                        let with_files: Vec<&str> =
                            sites.iter().map(|s| s.origin.as_str()).collect();
                        let split = OriginSplit::new(set, chosen.as_deref(), &with_files);
                        let parse = |text: &str| parsed(&parses, text, mode, limited);
                        let sites = sites
                            .iter()
                            .map(|site| {
                                let before = site.before.as_deref().filter(|_| compare).map(parse);
                                SiteDocument::new(
                                    site.origin.clone(),
                                    parse(&site.robots_txt),
                                    before,
                                )
                            })
                            .collect();
                        Shared::new(OriginFiles {
                            split: Arc::new(split),
                            sites,
                        })
                    })
                })
            })
        });
        Inputs {
            robots,
            before,
            compare,
            agents,
            urls,
            urls_in_field,
            mode,
            fetch: RwSignal::new(initial.fetch),
            size_limited,
            reloads: RwSignal::new(0),
            replaced: RwSignal::new(0),
            jump: RwSignal::new(None),
            jump_before: RwSignal::new(None),
            document,
            before_document,
            line_diff,
            crawlers,
            url_set,
            origin,
            sites,
            origins,
            parse_ms,
            messages,
            host,
        }
    }

    // Read handles.

    /// A robots.txt's text.
    pub fn text(&self, side: Side) -> Read<String> {
        Read::of(self.text_signal(side))
    }

    /// A robots.txt parsed in the selected mode (the version before is
    /// empty unless comparing).
    pub fn document(&self, side: Side) -> Memo<Shared<Document>> {
        match side {
            Side::After => self.document,
            Side::Before => self.before_document,
        }
    }

    /// Which lines differ between the two versions (none unless
    /// comparing).
    pub fn line_diff(&self) -> Memo<Shared<LineDiff>> {
        self.line_diff
    }

    /// Whether two versions are compared: the editor holds the draft
    /// ("after"), the other editor the version before (the live file).
    pub fn compare(&self) -> Read<bool> {
        Read::of(self.compare)
    }

    /// The crawler field's text.
    pub fn agents(&self) -> Read<String> {
        Read::of(self.agents)
    }

    /// The crawler field, read.
    pub fn crawlers(&self) -> Memo<Shared<CrawlerList>> {
        self.crawlers
    }

    /// The URL list's text.
    pub fn urls(&self) -> Read<String> {
        Read::of(self.urls)
    }

    /// The URL list, read.
    pub fn url_set(&self) -> Memo<Shared<UrlSet>> {
        self.url_set
    }

    /// The URL list grouped by origin (which origin the editor's robots.txt
    /// is for, which file each URL is checked against) and the other
    /// origins' files, parsed.
    pub fn origins(&self) -> Memo<Shared<OriginFiles>> {
        self.origins
    }

    /// The origins whose robots.txt is kept while another is shown.
    pub fn site_origins(&self) -> Memo<Vec<String>> {
        let sites = self.sites;
        Memo::new(move |_| sites.with(|s| s.iter().map(|s| s.origin.clone()).collect()))
    }

    /// Whether the URL list is edited in its text field; a list too large
    /// to edit there is held as data and summed up instead.
    pub fn urls_in_field(&self) -> Read<bool> {
        Read::of(self.urls_in_field)
    }

    /// The selected reading.
    pub fn mode(&self) -> Read<Mode> {
        Read::of(self.mode)
    }

    /// How fetching robots.txt ended (HTTP 200 unless chosen otherwise).
    pub fn fetch(&self) -> Read<FetchOutcome> {
        Read::of(self.fetch)
    }

    /// Whether Google's 500 KiB limit applies (the default).
    pub fn size_limited(&self) -> Read<bool> {
        Read::of(self.size_limited)
    }

    /// Bumped whenever the inputs are replaced from outside the fields (a
    /// sample, a link, a file, the crawler picker): the fields then reload
    /// their text. Typing does not bump it, so the fields are never
    /// rewritten under the caret.
    pub fn reloads(&self) -> Read<u32> {
        Read::of(self.reloads)
    }

    /// Bumped whenever the robots.txt or the URL list is replaced as a
    /// whole (a sample, a link, a file): the rows then stand for other
    /// things, so a selection made before is dropped.
    pub fn replaced(&self) -> Read<u32> {
        Read::of(self.replaced)
    }

    /// The latest request to show a line in an editor.
    pub fn jump(&self, side: Side) -> Read<Option<Jump>> {
        match side {
            Side::After => Read::of(self.jump),
            Side::Before => Read::of(self.jump_before),
        }
    }

    /// The inputs as they are now, without tracking them.
    pub fn values_untracked(&self) -> InputValues {
        InputValues {
            robots_txt: self.robots.get_untracked(),
            agents: self.agents.get_untracked(),
            urls: self.urls.get_untracked(),
            mode: self.mode.get_untracked(),
            before: self
                .compare
                .get_untracked()
                .then(|| self.before.get_untracked()),
            fetch: self.fetch.get_untracked(),
            origin: self.origin.get_untracked(),
            sites: self.sites.get_untracked(),
        }
    }

    /// Subscribes the running effect to every input a link holds, without
    /// reading (copying) any text.
    pub(super) fn track_persisted(&self) {
        self.robots.track();
        self.agents.track();
        self.urls.track();
        self.mode.track();
        self.compare.track();
        self.before.track();
        self.fetch.track();
        self.origin.track();
        self.sites.track();
    }

    /// Milliseconds the last parse of the draft took, once: a check of new
    /// URLs reuses the parse and does not count it again.
    pub(super) fn take_parse_ms(&self) -> f64 {
        let ms = self.parse_ms.get_value();
        self.parse_ms.set_value(0.0);
        ms
    }

    // Transitions: typing.

    /// A robots.txt as typed (unchanged text changes nothing).
    ///
    /// A text typed in by a program (Playwright's `fill()`, Chromium's
    /// `insertText`) arrives a line at a time and fires an input event per
    /// line, which all read the final text: without the check each of them
    /// would re-parse and re-check everything, which made entering N URLs
    /// cost N² (measured on the earlier version of the app: 2,000 URLs took
    /// 11 s this way).
    ///
    /// Line endings are normalised on the way in (a program's insert or
    /// a paste can carry CR LF, which the field itself drops): the text
    /// kept must be the field's, or diagnostics' byte spans and fixes land
    /// beside the line they mean.
    pub fn edit_text(&self, side: Side, text: String) {
        set_if_changed(self.text_signal(side), with_lf(text));
    }

    /// Offered a robots.txt editor's text with a paste or a program's
    /// insert in it: gives it back to the field, unless it is over a
    /// robots.txt's size limit, which is said (`None`: the field must not
    /// take it, and keeps its text).
    pub fn take_robots_paste(&self, text: String) -> Option<String> {
        match paste_refusal(text.len()) {
            None => Some(text),
            Some(why) => {
                self.messages.warn(why);
                None
            }
        }
    }

    /// The crawler field as typed.
    pub fn edit_agents(&self, text: String) {
        set_if_changed(self.agents, text);
    }

    /// The URL list as typed in its field.
    pub fn edit_urls(&self, text: String) {
        set_if_changed(self.urls, with_lf(text));
    }

    // Transitions: choices.

    /// Reads the robots.txt as Google does or as RFC 9309 says.
    pub fn set_mode(&self, mode: Mode) {
        self.mode.set(mode);
    }

    /// Chooses how fetching robots.txt ended.
    pub fn set_fetch(&self, outcome: FetchOutcome) {
        self.fetch.set(outcome);
    }

    /// Shows the robots.txt of `origin` in the editor (one file per
    /// origin, like tabs): the file shown is kept for its origin when it
    /// holds any text (an empty one is no file), and `origin`'s file, if
    /// one was kept, comes back, else the editor starts empty for it. Every
    /// URL is still checked against its own origin's file, so the rows
    /// stand for the same things and a selection is kept (the files' parses
    /// are reused: nothing is re-checked unless the simulated fetch
    /// outcome, which applies to the file shown, moves).
    pub fn switch_origin(&self, origin: String) {
        let current = self
            .origins
            .with_untracked(|f| f.split.governed.as_ref().map(|o| o.to_string()));
        if current.as_deref() == Some(origin.as_str()) {
            return;
        }
        let robots = self.robots.get_untracked();
        let before = self
            .compare
            .get_untracked()
            .then(|| self.before.get_untracked());
        self.sites.update(|sites| {
            let file = match sites.iter().position(|s| s.origin == origin) {
                Some(at) => sites.remove(at),
                None => SiteFile::default(),
            };
            if let Some(current) = current {
                if !robots.is_empty() {
                    sites.push(SiteFile {
                        origin: current,
                        robots_txt: robots,
                        before,
                    });
                }
            }
            self.robots.set(file.robots_txt);
            self.compare.set(file.before.is_some());
            self.before.set(file.before.unwrap_or_default());
        });
        self.origin.set(Some(origin));
        self.reload();
    }

    /// Applies Google's 500 KiB limit, or reads the whole file.
    pub fn set_size_limited(&self, limited: bool) {
        self.size_limited.set(limited);
    }

    /// Turns compare mode on or off. Turned on with no version before yet,
    /// the version before starts as a copy of the current text: edits to
    /// the editor then show as changes against it.
    pub fn set_compare(&self, on: bool) {
        if on && self.before.with_untracked(String::is_empty) {
            self.before.set(self.robots.get_untracked());
        }
        self.compare.set(on);
        self.reload();
    }

    // Transitions: replacing.

    /// Replaces every input (a link, a sample).
    pub fn load(&self, values: InputValues) {
        self.robots.set(values.robots_txt);
        self.agents.set(values.agents);
        self.mode.set(values.mode);
        self.compare.set(values.before.is_some());
        self.before.set(values.before.unwrap_or_default());
        self.fetch.set(values.fetch);
        self.origin.set(values.origin);
        self.sites.set(values.sites);
        self.replace_urls(values.urls);
    }

    /// Loads the sample `id` and says what it teaches; false when there is
    /// no such sample.
    pub fn load_sample(&self, id: &str) -> bool {
        let Some(sample) = samples::find(id) else {
            return false;
        };
        self.load(InputValues::from_state(&sample.to_state()));
        self.messages.dismiss_alert();
        self.messages
            .inform(format!("{}: {}", sample.title, sample.explanation));
        true
    }

    /// Replaces the URL list from outside its field (a paste too large for
    /// the field, a file, a link): the field shows it when it is small
    /// enough to edit there.
    pub fn replace_urls(&self, text: String) {
        let text = with_lf(text);
        self.urls_in_field.set(!too_large_to_edit(&text));
        self.urls.set(text);
        self.replaced.update(|n| *n += 1);
        self.reload();
    }

    /// Offered the URL field's text with a paste or a program's insert in
    /// it: a list too large to edit as text is taken as data (`None`: the
    /// field must not take it); anything else is given back to the field.
    pub fn take_large_urls(&self, text: String) -> Option<String> {
        if !too_large_to_edit(&text) {
            return Some(text);
        }
        self.replace_urls(text);
        None
    }

    /// Puts a large URL list into its text field after all, at the
    /// visitor's request.
    pub fn edit_urls_as_text(&self) {
        self.urls_in_field.set(true);
        self.reload();
    }

    /// Adds crawler specs to the crawler field (the presets).
    pub fn add_crawlers<'a>(&self, specs: impl IntoIterator<Item = &'a str>) {
        self.agents.update(|text| *text = add_specs(text, specs));
        self.reload();
    }

    /// Removes the `index`th crawler of the crawler field.
    pub fn remove_crawler(&self, index: usize) {
        self.agents.update(|text| *text = remove_spec(text, index));
        self.reload();
    }

    /// Reads a robots.txt file into an editor, decoded as a crawler would,
    /// and says what was done to its bytes.
    pub fn open_robots_file(&self, file: PickedFile, side: Side) {
        let inputs = *self;
        spawn_local(async move {
            let name = file.name.clone();
            let bytes = match file
                .read_within(MAX_ROBOTS_FILE_BYTES, "a robots.txt file")
                .await
            {
                Ok(bytes) => bytes,
                Err(why) => return inputs.messages.warn(why),
            };
            let opened = open_robots(&name, &bytes);
            inputs.text_signal(side).set(opened.text);
            inputs.replaced.update(|n| *n += 1);
            inputs.reload();
            inputs.messages.notify(opened.note, opened.warning);
        });
    }

    /// Reads URL files (text, CSV, sitemaps, gzip-compressed or not) into
    /// the URL list, and says how many URLs each gave; files giving none (a
    /// sitemap index alone) leave the list as it was.
    pub fn open_url_files(&self, files: Vec<PickedFile>) {
        let inputs = *self;
        spawn_local(async move {
            let mut read = Vec::new();
            // One budget for the files opened together.
            let mut left = MAX_URL_FILES_BYTES;
            let what = "the URL files opened at once";
            for file in files {
                if let Some(why) = file_refusal(&file.name, file.size, left, what, false) {
                    return inputs.messages.warn(why);
                }
                match (file.read)(left).await {
                    Some((bytes, was_gzip)) if bytes.len() > left => {
                        let why = file_refusal(&file.name, bytes.len(), left, what, was_gzip);
                        return inputs.messages.warn(why.unwrap_or_default());
                    }
                    Some((bytes, was_gzip)) => {
                        left -= bytes.len();
                        read.push(UrlFile {
                            name: file.name,
                            bytes,
                            was_gzip,
                        })
                    }
                    None => {
                        inputs
                            .messages
                            .warn(format!("{} could not be read.", file.name));
                        return;
                    }
                }
            }
            let Ok(opened) = crate::split::lazy_call!(read_url_files(read)) else {
                return inputs.messages.warn(
                    "The code that reads URL files could not be loaded (offline, or the site changed since this page was opened). Open the files again to retry, or reload the page.",
                );
            };
            if !opened.gave_nothing() {
                inputs.replace_urls(opened.text);
            }
            inputs.messages.notify(opened.note, opened.warning);
        });
    }

    // Transitions: edits of the file, and the editors' view.

    /// Applies a diagnostic's fix to the robots.txt, as an edit the
    /// editor's undo takes back (the field then reports the text as typed).
    pub fn apply_fix(&self, fix: &Fix) {
        let Some((start, end)) = self
            .robots
            .with_untracked(|text| utf16_range(text, fix.span.clone()))
        else {
            return;
        };
        if !self
            .host
            .get()
            .replace_undoably(ROBOTS_FIELD, start, end, &fix.replacement)
        {
            // Not undoable, but done.
            self.robots.update(|text| {
                text.replace_range(fix.span.clone(), &fix.replacement);
            });
            self.reload();
        }
    }

    /// Inserts the AI crawler block (`fix`, computed by the worker for the
    /// text as it is: see `Analysis::insert_ai_block`) at the top of the
    /// file as one undoable edit, and shows it.
    pub fn insert_ai_block(&self, policy: AiPolicy, fix: &Fix) {
        self.apply_fix(fix);
        self.show_line(Side::After, 1, false);
        self.messages.inform(format!(
            "Inserted at the top: {}. Ctrl+Z takes it back.",
            policy.label()
        ));
    }

    /// Asks an editor to show `line` (and to put the caret there, focused,
    /// when `focus`).
    pub fn show_line(&self, side: Side, line: u32, focus: bool) {
        let jump = match side {
            Side::After => self.jump,
            Side::Before => self.jump_before,
        };
        let serial = jump.get_untracked().map_or(0, |j| j.serial + 1);
        jump.set(Some(Jump {
            line,
            focus,
            serial,
        }));
    }

    fn text_signal(&self, side: Side) -> RwSignal<String> {
        match side {
            Side::After => self.robots,
            Side::Before => self.before,
        }
    }

    /// Asks the fields to show the inputs' text again.
    fn reload(&self) {
        self.reloads.update(|n| *n += 1);
    }
}

/// `text` with LF line endings, as its field holds it (not copied when it
/// has no CR: typing in a 500 KiB file must not copy it at each key).
fn with_lf(text: String) -> String {
    if text.contains('\r') {
        normalize_newlines(&text)
    } else {
        text
    }
}

/// The parses in use (see [`parsed`]). A mutex rather than a
/// `StoredValue`: the memos that share it need only a lock, and the page's
/// first load is smaller without another arena type.
type Parses = Arc<std::sync::Mutex<Vec<Arc<Document>>>>;

/// `text` parsed, or the parse of the same text in use elsewhere: the
/// files of the origins are parsed once, and a file moving between the
/// editor and the kept files (choosing another origin) keeps its parse, so
/// its URLs keep their rows. `parses` holds only parses something else
/// still holds (the editor, the kept files, the results): no more memory
/// than those.
fn parsed(parses: &Parses, text: &str, mode: Mode, limited: bool) -> Arc<Document> {
    let Ok(mut parses) = parses.lock() else {
        return Arc::new(Document::new(text, mode, limited));
    };
    let same =
        |d: &&Arc<Document>| d.mode() == mode && d.size_limited == limited && *d.text == *text;
    let document = match parses.iter().find(same) {
        Some(document) => document.clone(),
        None => {
            let document = Arc::new(Document::new(text, mode, limited));
            parses.push(document.clone());
            document
        }
    };
    parses.retain(|d| Arc::strong_count(d) > 1);
    document
}

/// Sets `field` to `text`, unless it holds that already.
fn set_if_changed(field: RwSignal<String>, text: String) {
    if field.with_untracked(|current| *current != text) {
        field.set(text);
    }
}

/// URL files read into a list: a split point, so the CSV and sitemap
/// readers load when files are first opened (see [`crate::split`]).
#[cfg_attr(feature = "split", wasm_split_helpers::wasm_split(url_files, fallible))]
fn read_url_files(files: Vec<UrlFile>) -> Result<Opened, ChunkError> {
    Ok(open_urls(&files))
}
