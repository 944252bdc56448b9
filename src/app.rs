//! The application: its signals, the memos that parse once per edit, and
//! the layout. Everything shown is computed by `view_model`; the components
//! in `components` only render it.

use std::sync::Arc;
use std::time::Duration;

use leptos::ev;
use leptos::prelude::*;
use robots_matcher::Mode;

use crate::browser;
use crate::components::{
    crawlers::CrawlerPicker, editor::Editor, explanation::ExplanationPanel, info::Diagnostics,
    info::FileFacts, results::ResultsPanel, toolbar::Toolbar, urls::UrlInput,
};
use crate::samples;
use crate::state::AppState;
use crate::view_model::{
    startup, Comparison, CrawlerList, ExplanationView, Inputs, Parsed, Results, Startup, UrlList,
};

/// Shares a computed value between memos without cloning it; two values
/// are equal only when they are the same computation.
#[derive(Debug)]
pub struct Shared<T>(pub Arc<T>);

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

/// A short message under the toolbar.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notice {
    pub text: String,
    pub warning: bool,
}

/// A request to show a line in the editor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Jump {
    pub line: u32,
    /// Move the caret there and focus the editor (diagnostics), or only
    /// scroll (selecting a result).
    pub focus: bool,
    /// Distinguishes repeated jumps to the same line.
    pub serial: u32,
}

/// The app's signals and memos, shared through context.
#[derive(Clone, Copy)]
pub struct Ctx {
    pub robots: RwSignal<String>,
    pub agents: RwSignal<String>,
    pub urls: RwSignal<String>,
    pub mode: RwSignal<Mode>,
    /// Apply Google's 500 KiB limit (default) or read the whole file.
    pub size_limited: RwSignal<bool>,
    pub parsed: Memo<Shared<Parsed>>,
    pub crawlers: Memo<CrawlerList>,
    pub url_list: Memo<UrlList>,
    /// The verdicts in the selected mode (their `other` is always `None`).
    pub results: Memo<Shared<Results>>,
    /// The other mode's verdicts where they differ. Computed after the
    /// verdicts are shown (see [`compare_later`]), so while it catches up it
    /// may describe the previous edit; rows look it up by identity.
    pub comparison: RwSignal<Shared<Comparison>>,
    /// The latest comparison and the results it was computed for.
    compared: StoredValue<Option<(Shared<Results>, Shared<Comparison>)>>,
    /// The robots.txt parsed in the other mode, and the parse it belongs to.
    other_parse: StoredValue<Option<(Shared<Parsed>, Arc<robots_matcher::Robots>)>>,
    /// The selected result: its identity, and its index as a fallback when
    /// the identity disappears (the URL is being edited).
    pub selected: RwSignal<Option<(u64, usize)>>,
    /// The selected result's index in the current results.
    pub selected_index: Memo<Option<usize>>,
    pub explanation: Memo<Option<ExplanationView>>,
    /// The line the selected result was decided by (0: none).
    pub highlighted_line: Memo<u32>,
    pub jump: RwSignal<Option<Jump>>,
    /// Bumped whenever the inputs are replaced from outside the fields (a
    /// sample, a link, a file, the crawler picker): the fields then reload
    /// their text. Typing does not bump it, so the fields are never
    /// rewritten under the caret.
    pub external: RwSignal<u32>,
    /// A message about the link, the file or storage.
    pub notice: RwSignal<Option<Notice>>,
    /// An error the visitor must see (a broken link).
    pub alert: RwSignal<Option<String>>,
    /// Why the state is not in the link, if it is not.
    pub not_persisted: RwSignal<Option<String>>,
    /// Milliseconds the last parse and the last check took.
    pub parse_ms: StoredValue<f64>,
    pub check_ms: StoredValue<f64>,
}

impl Ctx {
    /// Selects a result by index and shows its deciding line.
    pub fn select(&self, index: usize) {
        let results = self.results.get_untracked();
        let Some(row) = results.rows.get(index) else {
            return;
        };
        self.selected.set(Some((row.id, index)));
        if row.line > 0 {
            self.jump_to(row.line, false);
        }
    }

    pub fn jump_to(&self, line: u32, focus: bool) {
        let serial = self.jump.get_untracked().map_or(0, |j| j.serial + 1);
        self.jump.set(Some(Jump {
            line,
            focus,
            serial,
        }));
    }

    /// Replaces every input (a sample, a link, a file).
    pub fn load(&self, inputs: Inputs) {
        self.robots.set(inputs.robots_txt);
        self.agents.set(inputs.agents);
        self.urls.set(inputs.urls);
        self.mode.set(inputs.mode);
        self.external.update(|n| *n += 1);
        self.selected.set(None);
        self.select_default();
    }

    /// Selects the first result a rule decided.
    pub fn select_default(&self) {
        if let Some(index) = self.results.get_untracked().default_selection() {
            self.select(index);
        }
    }

    /// The comparison for the current results, computed now if the
    /// deferred one has not caught up yet.
    pub fn comparison_now(&self) -> Shared<Comparison> {
        let results = self.results.get_untracked();
        if let Some((done_for, comparison)) = self.compared.get_value() {
            if done_for == results {
                return comparison;
            }
        }
        let parsed = self.parsed.get_untracked();
        let other = match self.other_parse.get_value() {
            Some((done_for, other)) if done_for == parsed => other,
            _ => {
                let other = Arc::new(parsed.parse_other());
                self.other_parse
                    .set_value(Some((parsed.clone(), Arc::clone(&other))));
                other
            }
        };
        let comparison = self
            .crawlers
            .with_untracked(|c| Shared(Arc::new(Comparison::new(&results, &other, c))));
        self.compared.set_value(Some((results, comparison.clone())));
        // Notify only when the flags change, so rows are not revisited.
        if self.comparison.with_untracked(|c| *c.0 != *comparison.0) {
            self.comparison.set(comparison.clone());
        }
        comparison
    }

    /// The current results with the other mode's verdicts, for export.
    pub fn results_compared(&self) -> Results {
        let comparison = self.comparison_now();
        self.results.get_untracked().compared(&comparison)
    }

    pub fn inputs_untracked(&self) -> Inputs {
        Inputs {
            robots_txt: self.robots.get_untracked(),
            agents: self.agents.get_untracked(),
            urls: self.urls.get_untracked(),
            mode: self.mode.get_untracked(),
        }
    }
}

pub fn use_ctx() -> Ctx {
    expect_context::<Ctx>()
}

fn create_ctx(initial: Inputs) -> Ctx {
    let robots = RwSignal::new(initial.robots_txt);
    let agents = RwSignal::new(initial.agents);
    let urls = RwSignal::new(initial.urls);
    let mode = RwSignal::new(initial.mode);
    let size_limited = RwSignal::new(true);
    let parse_ms = StoredValue::new(0.0);
    let check_ms = StoredValue::new(0.0);
    let parsed = Memo::new(move |previous: Option<&Shared<Parsed>>| {
        drop_later(previous.cloned());
        let limited = size_limited.get();
        let mode = mode.get();
        let start = browser::now_ms();
        // The selected mode only: the other one is parsed after the
        // verdicts are on screen.
        let parsed = robots.with(|text| Parsed::primary(text, mode, limited));
        parse_ms.set_value(browser::now_ms() - start);
        Shared(Arc::new(parsed))
    });
    let crawlers = Memo::new(move |_| agents.with(|text| CrawlerList::parse(text)));
    let url_list = Memo::new(move |_| urls.with(|text| UrlList::parse(text)));
    let results = Memo::new(move |previous: Option<&Shared<Results>>| {
        drop_later(previous.cloned());
        let parsed = parsed.get();
        let start = browser::now_ms();
        let out = crawlers.with(|c| url_list.with(|u| Results::new(&parsed, c, u)));
        check_ms.set_value(browser::now_ms() - start);
        Shared(Arc::new(out))
    });
    let selected = RwSignal::new(None::<(u64, usize)>);
    let selected_index = Memo::new(move |_| {
        let results = results.get();
        if results.rows.is_empty() {
            return None;
        }
        match selected.get() {
            Some((id, index)) => results
                .by_id
                .get(&id)
                .copied()
                .or(Some(index.min(results.rows.len() - 1))),
            None => results.default_selection(),
        }
    });
    let comparison = RwSignal::new(Shared(Arc::new(Comparison::default())));
    let explanation = Memo::new(move |_| {
        let index = selected_index.get()?;
        let results = results.get();
        let parsed = parsed.get();
        let row = results.rows.get(index)?;
        let mut view = crawlers.with(|c| ExplanationView::new(&parsed, c, row))?;
        view.other = comparison.with(|c| c.get(row.id).cloned());
        Some(view)
    });
    let highlighted_line = Memo::new(move |_| {
        selected_index
            .get()
            .and_then(|i| results.with(|r| r.rows.get(i).map(|row| row.line)))
            .unwrap_or(0)
    });
    Ctx {
        robots,
        agents,
        urls,
        mode,
        size_limited,
        parsed,
        crawlers,
        url_list,
        results,
        comparison,
        compared: StoredValue::new(None),
        other_parse: StoredValue::new(None),
        selected,
        selected_index,
        explanation,
        highlighted_line,
        jump: RwSignal::new(None),
        external: RwSignal::new(0),
        notice: RwSignal::new(None),
        alert: RwSignal::new(None),
        not_persisted: RwSignal::new(None),
        parse_ms,
        check_ms,
    }
}

/// Frees a replaced parse or result set in a later task: freeing a
/// 500 KiB parse takes milliseconds the keystroke should not wait for.
fn drop_later<T: 'static>(value: Option<T>) {
    if let Some(value) = value {
        set_timeout(move || drop(value), Duration::ZERO);
    }
}

/// Computes the other mode's verdicts once the selected mode's are painted:
/// after the next frame, and only for the latest results (a newer edit
/// supersedes a pending comparison).
fn compare_later(ctx: Ctx) {
    let generation = StoredValue::new(0u32);
    Effect::new(move |_| {
        ctx.results.track();
        let current = generation.get_value().wrapping_add(1);
        generation.set_value(current);
        request_animation_frame(move || {
            // A task after the frame, not inside it: the frame paints first.
            set_timeout(
                move || {
                    if generation.get_value() == current {
                        ctx.comparison_now();
                    }
                },
                Duration::ZERO,
            );
        });
    });
}

/// What the first screen shows: the link's state, else the stored one,
/// else the default example (with an alert when the link was broken).
fn initial_inputs() -> (Inputs, Option<String>) {
    let stored = browser::load_stored();
    match startup(&browser::location_hash(), stored.as_deref()) {
        Startup::Hash(state) | Startup::Stored(state) => (Inputs::from_state(&state), None),
        Startup::Default { error } => (Inputs::from_state(&samples::default_state()), error),
    }
}

/// Keeps the link and localStorage in step with the inputs, debounced.
fn persist(ctx: Ctx) {
    let pending = StoredValue::new_local(None::<TimeoutHandle>);
    // The hash this tab wrote last, to tell our own changes from a pasted link.
    let written = StoredValue::new(browser::location_hash());
    Effect::new(move |first: Option<()>| {
        // Track every input; read them only when the timer fires, so typing
        // does not copy a large text on each keystroke.
        ctx.robots.track();
        ctx.agents.track();
        ctx.urls.track();
        ctx.mode.track();
        if first.is_none() && ctx.alert.get_untracked().is_some() {
            // Keep the broken link visible until the visitor edits.
            return;
        }
        if let Some(handle) = pending.get_value() {
            handle.clear();
        }
        let handle = set_timeout_with_handle(
            move || {
                let inputs = ctx.inputs_untracked();
                let state: AppState = inputs.to_state();
                if inputs.robots_txt.len() + inputs.urls.len() > MAX_PERSISTED_BYTES {
                    browser::replace_hash(None);
                    browser::forget_stored();
                    written.set_value(String::new());
                    ctx.not_persisted.set(Some(
                        "This robots.txt is too large to keep in the link or in this browser; reloading the page loses it."
                            .to_string(),
                    ));
                    return;
                }
                let hash = state.to_hash();
                browser::replace_hash(Some(&hash));
                written.set_value(format!("#{hash}"));
                let stored = browser::store(&hash);
                ctx.not_persisted.set((!stored).then(|| {
                    "This browser's storage is unavailable or full; the link still holds everything.".to_string()
                }));
            },
            Duration::from_millis(350),
        )
        .ok();
        pending.set_value(handle);
    });
    // A link pasted into this tab's address bar changes only the hash.
    let _ = window_event_listener(ev::hashchange, move |_| {
        let hash = browser::location_hash();
        if hash == written.get_value() || hash.is_empty() {
            return;
        }
        match AppState::from_hash(&hash) {
            Ok(Some(state)) => {
                written.set_value(hash);
                ctx.alert.set(None);
                ctx.load(Inputs::from_state(&state));
            }
            Ok(None) => {}
            Err(error) => ctx.alert.set(Some(format!(
                "The link could not be opened: {error}. The current state is unchanged."
            ))),
        }
    });
}

#[component]
pub fn App() -> impl IntoView {
    let (inputs, error) = initial_inputs();
    let ctx = create_ctx(inputs);
    provide_context(ctx);
    ctx.alert.set(error);
    ctx.select_default();
    compare_later(ctx);
    persist(ctx);

    // Ctrl/Cmd+Enter: go to the results.
    let _ = window_event_listener(ev::keydown, move |event| {
        if event.key() == "Enter" && (event.ctrl_key() || event.meta_key()) {
            event.prevent_default();
            if !browser::focus_selector("[data-testid=result-row][aria-selected=true]") {
                browser::focus_selector("#results-list");
            }
        }
    });

    view! {
        <a class="skip-link" href="#results-heading">"Skip to results"</a>
        <header class="app-header">
            <div class="brand">
                <h1>"robots.txt playground"</h1>
                <p class="tagline">
                    "See how crawlers read a robots.txt, line by line. Everything stays in your browser."
                </p>
            </div>
            <Toolbar/>
        </header>
        <Alerts/>
        <main class="layout">
            <section class="column column-robots" aria-labelledby="robots-heading">
                <Editor/>
                <Diagnostics/>
                <FileFacts/>
            </section>
            <section class="column column-test" aria-label="Test URLs">
                <div class="card inputs-card">
                    <CrawlerPicker/>
                    <UrlInput/>
                    <ModeSelect/>
                </div>
                <ResultsPanel/>
                <ExplanationPanel/>
            </section>
        </main>
        <footer class="app-footer">
            <p>
                "Verdicts come from the robots_matcher library: Google's parser by default, RFC 9309 side by side where they differ. "
                <kbd>"Ctrl"</kbd>"+"<kbd>"Enter"</kbd>" jumps to the results."
            </p>
        </footer>
    }
}

/// The alert for a broken link and the notices about files and storage.
#[component]
fn Alerts() -> impl IntoView {
    let ctx = use_ctx();
    view! {
        <div class="messages">
            <Show when=move || ctx.alert.with(Option::is_some)>
                <div class="message message-error" role="alert" data-testid="hash-error">
                    <p>{move || ctx.alert.get().unwrap_or_default()}</p>
                    <button type="button" class="button-quiet" on:click=move |_| ctx.alert.set(None)>
                        "Dismiss"
                    </button>
                </div>
            </Show>
            <div role="status" aria-live="polite" class="live-region">
                <Show when=move || ctx.notice.with(Option::is_some)>
                    <div
                        class="message"
                        class:message-warning=move || ctx.notice.with(|n| n.as_ref().is_some_and(|n| n.warning))
                        data-testid="notice"
                    >
                        <p>{move || ctx.notice.get().map(|n| n.text).unwrap_or_default()}</p>
                        <button type="button" class="button-quiet" on:click=move |_| ctx.notice.set(None)>
                            "Dismiss"
                        </button>
                    </div>
                </Show>
            </div>
        </div>
    }
}

/// Google or RFC 9309.
#[component]
fn ModeSelect() -> impl IntoView {
    let ctx = use_ctx();
    view! {
        <div class="field field-inline">
            <label for="mode-select">"Read the file as"</label>
            <select
                id="mode-select"
                data-testid="mode-select"
                on:change:target=move |ev| {
                    if let Some(mode) = Mode::parse(&ev.target().value()) {
                        ctx.mode.set(mode);
                    }
                }
                prop:value=move || ctx.mode.get().as_str()
            >
                <option value="google">"Google (what Googlebot does)"</option>
                <option value="rfc9309">"RFC 9309 (the strict standard)"</option>
            </select>
        </div>
    }
}
