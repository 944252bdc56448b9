//! The log panel ("did the bots obey?"): opened on demand under the
//! results. Everything behind the toggle is one entry, [`logs_panel`],
//! which creates the logs entity and its worker bridge when it first
//! shows, so the page's first screen carries none of it and the panel can
//! be loaded lazily in one place.

mod chart;

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::logs_worker::WorkerRunner;
use crate::store::{use_inputs, use_messages, LogFile, Logs, LogsState, Side};
use crate::view_model::logs::{CrawlerRow, LogsView};

/// The toggle, and the panel once opened (kept while hidden).
#[component]
pub fn LogsSection() -> impl IntoView {
    let (open, set_open) = signal(false);
    let (opened, set_opened) = signal(false);
    view! {
        <section class="card logs-card" aria-labelledby="logs-heading">
            <h2 id="logs-heading">
                <button
                    type="button"
                    class="button-quiet"
                    data-testid="logs-toggle"
                    aria-expanded=move || open.get().to_string()
                    on:click=move |_| {
                        set_open.update(|o| *o = !*o);
                        set_opened.set(true);
                    }
                >
                    "Did the bots obey? Replay access logs"
                </button>
            </h2>
            <div hidden=move || !open.get()>
                {move || opened.get().then(logs_panel)}
            </div>
        </section>
    }
}

/// The panel: files, versions, ranges, progress and the report.
pub fn logs_panel() -> AnyView {
    let inputs = use_inputs();
    let logs = Logs::new(inputs, use_messages());
    logs.connect(WorkerRunner::new(logs));
    let (state, report) = (logs.state(), logs.view());
    let compare = inputs.compare();
    view! {
        <div class="logs-panel">
            <p class="muted">
                "Open your server's access logs (Combined or Common Log Format, JSON lines, W3C/IIS, CSV; .gz too). They are read in this browser by a worker and never uploaded; each crawler request is judged by the robots.txt live at its time."
            </p>
            <label class="logs-field">
                "Access logs "
                <input
                    type="file"
                    multiple
                    data-testid="logs-input"
                    on:change=move |ev| logs.open(files_of(&ev))
                />
            </label>
            <div class="logs-versions">
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
                        "Compare mode: the version before is live from the start and the editor's text from the time given (RFC 3339, 2024-05-02T10:00:00Z, or a date). Without a time, the editor's text judges the whole log. Requests within 24 hours after the change, which the version before decided otherwise, are counted as cached, not violations."
                    } else {
                        "One version: the editor's text judges every request. Turn on compare mode to judge earlier requests by the version before."
                    }}
                </p>
            </div>
            {move || match state.get() {
                LogsState::Reading { bytes, total, lines } => view! {
                    <div class="logs-progress" role="status">
                        <progress max=total.max(1) value=bytes></progress>
                        {format!(" {} of {} MB read, {lines} lines", bytes / 1_000_000, total.div_ceil(1_000_000))}
                        <button type="button" data-testid="logs-cancel" on:click=move |_| logs.cancel()>"Cancel"</button>
                    </div>
                }.into_any(),
                LogsState::Failed(message) => view! {
                    <p class="message message-error" role="alert" data-testid="logs-error">{message}</p>
                }.into_any(),
                LogsState::Cancelled => view! { <p role="status">"Cancelled: the report below, if any, is of the logs before."</p> }.into_any(),
                _ => ().into_any(),
            }}
            <div
                data-testid="logs-summary"
                data-state=move || if state.get() == LogsState::Done { "done" } else { "pending" }
                data-lines=move || match state.get() {
                    LogsState::Reading { lines, .. } => lines,
                    _ => report.with(|r| r.as_ref().map_or(0, |r| r.lines)),
                }
            >
                {move || report.get().map(|r| report_view(logs, &r))}
            </div>
        </div>
    }
    .into_any()
}

fn files_of(ev: &leptos::ev::Event) -> Vec<LogFile> {
    let list = ev
        .target()
        .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
        .and_then(|input| input.files());
    let Some(list) = list else {
        return Vec::new();
    };
    (0..list.length())
        .filter_map(|i| list.get(i))
        .map(|file| LogFile {
            name: file.name(),
            size: file.size(),
            handle: std::rc::Rc::new(file),
        })
        .collect()
}

fn report_view(logs: Logs, r: &LogsView) -> AnyView {
    let explanation = logs.explanation();
    let known = r.crawlers.iter().filter(|c| c.known).count();
    view! {
        <div class="logs-report">
            <ul class="logs-files">
                {r.errors.iter().map(|e| view! { <li class="message message-error" data-testid="logs-file-error">{e.clone()}</li> }).collect_view()}
                {r.logs.iter().map(|l| view! {
                    <li data-testid="logs-file">
                        <strong>{l.name.clone()}</strong>
                        {format!(": {}; {} lines, {} requests. ", l.format, l.lines, l.requests)}
                        {l.problems.join("; ")}
                        <ul class="logs-lines">
                            {l.first_lines.iter().map(|t| view! { <li><code>{t.clone()}</code></li> }).collect_view()}
                        </ul>
                    </li>
                }).collect_view()}
            </ul>
            <p>
                {format!("{} lines, {} requests: {} known crawlers; browsers {} (not judged). ", r.lines, r.requests, known, r.browsers)}
                {r.versions.iter().map(|v| format!("{} ({}; {} requests judged)", v.name, v.since, v.requests)).collect::<Vec<_>>().join(", ")}
            </p>
            {r.notes.iter().map(|n| view! { <p class="muted">{n.clone()}</p> }).collect_view()}
            <div class="logs-actions">
                <button type="button" data-testid="logs-export-csv" on:click=move |_| logs.export(true)>"Export CSV"</button>
                <button type="button" data-testid="logs-export-json" on:click=move |_| logs.export(false)>"Export JSON lines"</button>
            </div>
            {chart::timeline(logs, r)}
            <table class="logs-table">
                <caption>"Per crawler (judged by the version live at each request's time)"</caption>
                <thead>
                    <tr>
                        <th scope="col">"crawler"</th><th scope="col">"requests"</th><th scope="col">"disallowed"</th>
                        <th scope="col">"violations"</th><th scope="col">"cached"</th><th scope="col">"unverified"</th>
                        <th scope="col">"obeyed"</th><th scope="col">"robots.txt fetches"</th><th scope="col">"first seen"</th><th scope="col">"last seen"</th>
                    </tr>
                </thead>
                <tbody>{r.crawlers.iter().map(|c| crawler_row(logs, c)).collect_view()}</tbody>
            </table>
            {move || explanation.get().map(|e| view! {
                <div class="logs-why" data-testid="logs-explanation" role="status">
                    <strong>{if e.allowed { "Allowed" } else { "Disallowed" }}</strong>
                    {format!(": {} for {}. {} {}", e.url, e.agent, e.groups, e.decision)}
                </div>
            })}
            <h3>"Violations by deciding rule"</h3>
            <ul>
                {r.rules.iter().map(|rule| view! {
                    <li data-testid="logs-rule">
                        {format!("{} line {}: {}: {} violations ({})",
                            r.versions.get(rule.version as usize).map_or("", |v| v.name.as_str()),
                            rule.line, rule.rule, rule.violations, rule.crawlers)}
                    </li>
                }).collect_view()}
            </ul>
            {ranges_view(logs, r)}
        </div>
    }
    .into_any()
}

fn crawler_row(logs: Logs, c: &CrawlerRow) -> impl IntoView {
    let token = c.token.clone();
    let samples = c.samples.clone();
    view! {
        <tr
            data-testid="logs-crawler"
            data-crawler=c.token.clone()
            data-requests=c.requests
            data-disallowed=c.disallowed
            data-unverified=c.unverified
        >
            <th scope="row">{c.token.clone()}<span class="muted">{if c.known { String::new() } else { " (not a preset)".to_string() }}</span></th>
            <td>{c.requests}</td><td>{c.disallowed}</td><td>{c.violations}</td><td>{c.cached}</td>
            <td>{if c.ranges_given { c.unverified.to_string() } else { "-".to_string() }}</td>
            <td>{c.obeyed.clone()}</td>
            <td>{c.robots_fetches}" "{c.fetch_statuses.clone()}
                {c.fetch_changes.iter().map(|f| view! { <div class="logs-change">{f.clone()}</div> }).collect_view()}
            </td>
            <td>{c.first_seen.clone()}</td><td>{c.last_seen.clone()}</td>
        </tr>
        {(!samples.is_empty()).then(|| view! {
            <tr class="logs-samples">
                <td colspan="10">
                    {samples.into_iter().map(|s| {
                        let (token, label) = (token.clone(), format!("{} {} {}: robots.txt line {}, log {}", s.time, s.ip, s.url, s.line, s.place));
                        view! {
                            <button type="button" class="button-quiet" data-testid="logs-violation"
                                on:click=move |_| logs.show_sample(&token, &s)>{label}</button>
                        }
                    }).collect_view()}
                </td>
            </tr>
        })}
    }
}

fn ranges_view(logs: Logs, r: &LogsView) -> impl IntoView {
    let given = logs.ranges();
    view! {
        <h3>"Who is who: IP ranges"</h3>
        <p class="muted">"Open an operator's published ranges (JSON like Google's googlebot.json) to check each claim; this page makes no request, so download the file from the address given. Claims from outside the ranges are counted as unverified, apart from violations."</p>
        <ul>
            {r.crawlers.iter().filter(|c| c.known).map(|c| {
                let token = c.token.clone();
                let shown = token.clone();
                view! {
                    <li>
                        <label>
                            {c.token.clone()}
                            {if c.ranges_source.is_empty() { " (its operator publishes no list we know of)".to_string() } else { format!(" (published at {})", c.ranges_source) }}
                            " "
                            <input type="file" accept=".json,application/json" data-testid="logs-ranges-input" data-crawler=c.token.clone()
                                on:change=move |ev| {
                                    if let Some(file) = files_of(&ev).into_iter().next() {
                                        logs.add_ranges(&token, file);
                                    }
                                }/>
                        </label>
                        {move || given.with(|g| g.iter().find(|(t, _)| *t == shown).map(|(_, f)| format!(" checked against {f}")))}
                    </li>
                }
            }).collect_view()}
        </ul>
    }
}
