//! The log panel ("did the bots obey?"): opened on demand under the
//! results. Everything behind the toggle is one lazy entry, `logs_panel`
//! (chunk `logs`), which creates the logs entity and its worker bridge
//! when it first shows, so the page's first load carries none of it. The report comes drawn from the worker
//! (`view_model::logs_html`): this panel sets it in place and answers its
//! buttons, select and file inputs through one listener each for clicks
//! and changes, by their `data-action`.

use std::rc::Rc;

use leptos::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlInputElement};

use crate::components::common::lazy::{ChunkError, Lazy};
use crate::logs_worker::WorkerRunner;
use crate::store::{use_inputs, use_messages, Inputs, LogFile, Logs, LogsState, Messages, Side};
use crate::view_model::logs_html::action;

/// The toggle, and the panel once opened (kept while hidden).
#[component]
pub fn LogsSection() -> impl IntoView {
    let (inputs, messages) = (use_inputs(), use_messages());
    // RwSignals as the page's other toggles have: new signal types would
    // be new generic code in the first load.
    let open = RwSignal::new(false);
    let opened = RwSignal::new(false);
    view! {
        <section class="card logs-card" aria-labelledby="logs-heading">
            <h2 id="logs-heading">
                <button
                    type="button"
                    class="button-quiet"
                    data-testid="logs-toggle"
                    aria-expanded=move || open.get().to_string()
                    on:click=move |_| {
                        open.update(|o| *o = !*o);
                        opened.set(true);
                    }
                >
                    "Did the bots obey? Replay access logs"
                </button>
            </h2>
            <div hidden=move || !open.get()>
                {move || opened.get().then(|| view! {
                    <Lazy what="the log replay" view=crate::split::lazy_view!(logs_panel(inputs, messages))/>
                })}
            </div>
        </section>
    }
}

/// The panel: files, versions, progress and the report. The lazy entry
/// (chunk `logs`): its code, the logs entity's and the page's side of the
/// log worker load when the panel is first opened.
#[cfg_attr(feature = "split", wasm_split_helpers::wasm_split(logs, fallible))]
fn logs_panel(inputs: Inputs, messages: Messages) -> Result<AnyView, ChunkError> {
    crate::browser::load_stylesheet("lazy-logs.css");
    let logs = Logs::new(inputs, messages);
    logs.connect(WorkerRunner::new(logs));
    let (state, report, timeline, why) = (
        logs.state(),
        logs.view(),
        logs.timeline(),
        logs.explanation(),
    );
    let compare = inputs.compare();
    let html = move |part: fn(&crate::view_model::logs::Rendered) -> String| {
        move || report.with(|r| r.as_ref().map(|r| part(r)).unwrap_or_default())
    };
    Ok(view! {
        <div class="logs-panel">
            <p class="muted">"Open your server's access logs (Combined or Common Log Format, JSON lines, W3C/IIS, CSV; .gz too). A worker reads them in this browser, nothing is uploaded, and each crawler request is judged by the robots.txt live at its time."</p>
            <label class="logs-field">
                "Access logs "
                <input type="file" multiple data-testid="logs-input" on:change=move |ev| logs.open(files_of(&ev))/>
            </label>
            <label class="logs-field">
                "The editor's text is live since "
                <input
                    type="text"
                    data-testid="logs-since"
                    placeholder="from the start"
                    prop:value=move || logs.since(Side::After).get()
                    on:change=move |ev| logs.set_since(Side::After, event_target_value(&ev))
                />
            </label>
            <p class="muted">
                {move || if compare.get() {
                    "Compare mode: the version before is live from the start, the editor's text from the time given (2024-05-02T10:00:00Z, an offset, or a date); without one, the editor's text judges the whole log. Requests within 24 hours after the change that the version before decided otherwise are cached, not violations."
                } else {
                    "One version: the editor's text judges every request. Turn on compare mode to judge earlier requests by the version before."
                }}
            </p>
            {move || match state.get() {
                LogsState::Reading { bytes, total, lines } => view! {
                    <p role="status">
                        <progress max=total.max(1) value=bytes></progress>
                        {format!(" {} of {} MB read, {lines} lines ", bytes / 1_000_000, total.div_ceil(1_000_000))}
                        {(total > 1_000_000_000).then_some("(a large log: it is read as a stream, about a second per 100 MB here; Cancel stops it) ")}
                        <button type="button" data-testid="logs-cancel" on:click=move |_| logs.cancel()>"Cancel"</button>
                    </p>
                }.into_any(),
                LogsState::Failed(message) => view! { <p class="message message-error" role="alert" data-testid="logs-error">{message}</p> }.into_any(),
                LogsState::Cancelled => view! { <p role="status">"Cancelled: the report below, if any, is the one before."</p> }.into_any(),
                _ => ().into_any(),
            }}
            <div
                class="logs-report"
                data-testid="logs-summary"
                data-state=move || if state.get() == LogsState::Done { "done" } else { "pending" }
                data-lines=move || match state.get() {
                    LogsState::Reading { lines, .. } => lines,
                    _ => report.with(|r| r.as_ref().map_or(0, |r| r.lines)),
                }
                on:click=move |ev| act(logs, &ev, false)
                on:change=move |ev| act(logs, &ev, true)
            >
                <div inner_html=html(|r| r.head.clone())></div>
                <div inner_html=move || timeline.get()></div>
                {move || why.get().map(|e| view! {
                    <p class="logs-why" data-testid="logs-explanation" role="status">
                        <strong>{if e.allowed { "Allowed" } else { "Disallowed" }}</strong>
                        {format!(": {} for {}. {} {}", e.url, e.agent, e.groups, e.decision)}
                    </p>
                })}
                <div inner_html=html(|r| r.body.clone())></div>
            </div>
        </div>
    }
    .into_any())
}

/// Answers a click or change inside the report by its element's
/// `data-action`.
fn act(logs: Logs, ev: &leptos::ev::Event, change: bool) {
    let Some(target) = ev.target().and_then(|t| t.dyn_into::<Element>().ok()) else {
        return;
    };
    let data = |name: &str| target.get_attribute(name).unwrap_or_default();
    match (data("data-action").as_str(), change) {
        (action::EXPORT, false) => logs.export(data("data-csv") == "true"),
        (action::SAMPLE, false) => logs.show_sample(
            if data("data-side") == "before" {
                Side::Before
            } else {
                Side::After
            },
            &data("data-spec"),
            &data("data-url"),
            data("data-line").parse().unwrap_or(0),
        ),
        (action::TIMELINE, true) => logs.show_timeline(event_target_value(ev)),
        (action::RANGES, true) => {
            if let Some(file) = files_of(ev).into_iter().next() {
                logs.add_ranges(&data("data-crawler"), file);
            }
        }
        _ => {}
    }
}

fn files_of(ev: &leptos::ev::Event) -> Vec<LogFile> {
    let list = ev
        .target()
        .and_then(|t| t.dyn_into::<HtmlInputElement>().ok())
        .and_then(|input| input.files());
    let Some(list) = list else {
        return Vec::new();
    };
    (0..list.length())
        .filter_map(|i| list.get(i))
        .map(|file| LogFile {
            name: file.name(),
            size: file.size(),
            handle: Rc::new(file),
        })
        .collect()
}
