//! The results: counts over every row, notes about skipped input, filters
//! and an order, exports, and either the table of rows or every rule with
//! how many rows it decides.
//!
//! The table is a grid for screen readers (row count, row index, selected
//! row). Up to 200 rows every row is in the page; beyond
//! that only the rows in view and a margin are, placed in a scroll area as
//! tall as all of them, so 300,000 rows scroll as smoothly as 30.

use leptos::ev;
use leptos::html;
use leptos::prelude::*;
use robots_matcher::tools::compare::ChangeCounts;

use crate::browser;
use crate::components::common::{progress_view, LineLink};
use crate::store::{use_store, Store};
use crate::view_model::{
    category_label, format_count, other_label, plural, verdict_str, Against, DecidedBy,
    ExportFormat, Order, RowView, VerdictFilter,
};

/// Height of a row in pixels; the stylesheet's `--row-height` is the same.
const ROW_HEIGHT: f64 = 44.0;
/// Up to this many rows, every row is in the page.
const ALL_ROWS_UP_TO: usize = 200;
/// Rows drawn above and below the visible ones.
const OVERSCAN: usize = 8;

/// A CSS length in whole pixels (no float formatting).
fn px(value: f64) -> String {
    format!("{}px", value.max(0.0) as u64)
}

#[component]
pub fn ResultsPanel() -> impl IntoView {
    let store = use_store();
    let by_rule = RwSignal::new(false);
    view! {
        <section class="card results-card" aria-labelledby="results-heading">
            <div class="card-head">
                <h2 id="results-heading" tabindex="-1">"Results"</h2>
                <div class="export" role="group" aria-label="Export the table's rows">
                    <button type="button" class="button button-small" data-testid="export-csv" on:click=move |_| store.export(ExportFormat::Csv)>
                        "CSV"
                    </button>
                    <button type="button" class="button button-small" data-testid="export-json" on:click=move |_| store.export(ExportFormat::Json)>
                        "JSON"
                    </button>
                </div>
            </div>
            <Summary/>
            <Notes/>
            <Filters by_rule/>
            <Show when=move || by_rule.get() fallback=|| view! { <ResultsTable/> }>
                <RuleCounts by_rule/>
            </Show>
        </section>
    }
}

/// Counts over every row (not only those shown), progress, and the time
/// the last update took.
#[component]
fn Summary() -> impl IntoView {
    let store = use_store();
    let counts = Memo::new(move |_| store.results.with(|r| (r.counts, r.len())));
    let differing = Memo::new(move |_| {
        store
            .current_comparison()
            .map(|c| (c.against, c.differing()))
    });
    let per_crawler = Memo::new(move |_| {
        store.results.with(|r| {
            r.columns
                .iter()
                .zip(&r.per_crawler)
                .map(|(c, counts)| (c.spec.clone(), *counts))
                .collect::<Vec<_>>()
        })
    });
    view! {
        <div
            class="summary"
            data-testid="results-summary"
            data-total=move || counts.get().1.to_string()
            data-allowed=move || counts.get().0.allowed.to_string()
            data-disallowed=move || counts.get().0.disallowed.to_string()
        >
            <p class="counts" data-testid="counts">
                {move || {
                    let (counts, total) = counts.get();
                    view! {
                        <span class="count">{plural(total, "result", "results")}</span>
                        <span class="count count-allowed" data-testid="count-allowed" data-count=counts.allowed.to_string()>
                            <span aria-hidden="true">"✓ "</span>
                            {format!("{} allowed", format_count(counts.allowed))}
                        </span>
                        <span class="count count-disallowed" data-testid="count-disallowed" data-count=counts.disallowed.to_string()>
                            <span aria-hidden="true">"✕ "</span>
                            {format!("{} disallowed", format_count(counts.disallowed))}
                        </span>
                    }
                }}
                {move || match differing.get() {
                    Some((Against::OtherMode(mode), n)) if n > 0 => Some(view! {
                        <span class="count count-differs" data-testid="count-differs">
                            {format!("{} differ under {}", format_count(n), mode.label())}
                        </span>
                    }.into_any()),
                    Some(_) => None,
                    None if store.compare.get() => Some(view! { <span class="count muted small">"comparing versions…"</span> }.into_any()),
                    None => Some(view! { <span class="count muted small">"comparing modes…"</span> }.into_any()),
                }}
                <span class="count muted small" data-testid="timing">
                    {move || format!("updated in {} ms", (store.update_ms.get() + 0.5) as u64)}
                </span>
            </p>
            <FetchNote/>
            <CompareSummary/>
            {move || store.progress.get().map(progress_view)}
            <Show when=move || per_crawler.with(|p| p.len() > 1)>
                <ul class="per-crawler small" aria-label="Counts per crawler">
                    {move || {
                        per_crawler
                            .get()
                            .into_iter()
                            .map(|(spec, counts)| {
                                view! {
                                    <li>
                                        <strong>{spec}</strong>
                                        {format!(": {} allowed, {} disallowed", format_count(counts.allowed), format_count(counts.disallowed))}
                                    </li>
                                }
                            })
                            .collect_view()
                    }}
                </ul>
            </Show>
        </div>
    }
}

/// When the chosen fetch outcome leaves no usable robots.txt: that it, not
/// the rules, decides every verdict.
#[component]
fn FetchNote() -> impl IntoView {
    let store = use_store();
    let note = Memo::new(move |_| {
        store.results.with(|r| {
            r.fetch.fixed_verdict().map(|v| {
                format!(
                    "Fetching robots.txt ended with {}: every URL is {} (RFC 9309 {}), whatever its rules say.",
                    r.fetch,
                    verdict_str(v.allowed),
                    r.fetch.rfc_section()
                )
            })
        })
    });
    view! {
        <Show when=move || note.with(Option::is_some)>
            <p class="fetch-note" data-testid="fetch-note">{move || note.get()}</p>
        </Show>
    }
}

/// In compare mode: how many (URL, crawler) rows change verdict from the
/// version before, each way, in all and per crawler.
#[component]
fn CompareSummary() -> impl IntoView {
    let store = use_store();
    let changes = Memo::new(move |_| {
        let comparison = store.current_comparison()?;
        (comparison.against == Against::Before).then(|| {
            let per_crawler: Vec<(String, ChangeCounts)> = store.results.with(|r| {
                r.columns
                    .iter()
                    .map(|c| c.spec.clone())
                    .zip(comparison.per_crawler.iter().copied())
                    .collect()
            });
            (comparison.counts, per_crawler)
        })
    });
    // One element whose attributes change: it stays while typing.
    let counts = move || changes.with(|c| c.as_ref().map(|(counts, _)| *counts));
    view! {
        <Show when=move || store.compare.get()>
            <div
                class="compare-summary"
                data-testid="compare-summary"
                data-changed=move || counts().map(|c| c.total().to_string())
                data-newly-blocked=move || counts().map(|c| c.newly_disallowed.to_string())
                data-newly-allowed=move || counts().map(|c| c.newly_allowed.to_string())
            >
                {move || match changes.get() {
                    None => view! { <p class="muted small">"Comparing with the version before…"</p> }.into_any(),
                    Some((counts, per_crawler)) => view! {
                        <p>
                            <strong>
                                {if counts.total() == 0 {
                                    "No verdict changes from the version before.".to_string()
                                } else {
                                    format!("{} from the version before:", plural(counts.total(), "result changes", "results change"))
                                }}
                            </strong>
                            {(counts.total() > 0).then(|| view! {
                                " "
                                <span class="count count-disallowed">{format!("{} newly blocked", format_count(counts.newly_disallowed))}</span>
                                " "
                                <span class="count count-allowed">{format!("{} newly allowed", format_count(counts.newly_allowed))}</span>
                            })}
                        </p>
                        {(counts.total() > 0 && per_crawler.len() > 1).then(|| view! {
                            <ul class="per-crawler small" aria-label="Changes per crawler">
                                {per_crawler
                                    .into_iter()
                                    .map(|(spec, c)| view! {
                                        <li>
                                            <strong>{spec}</strong>
                                            {format!(": {} newly blocked, {} newly allowed", format_count(c.newly_disallowed), format_count(c.newly_allowed))}
                                        </li>
                                    })
                                    .collect_view()}
                            </ul>
                        })}
                    }.into_any(),
                }}
            </div>
        </Show>
    }
}

/// What was skipped in the inputs.
#[component]
fn Notes() -> impl IntoView {
    let store = use_store();
    let notes = Memo::new(move |_| store.results.with(|r| r.notes.clone()));
    view! {
        <Show when=move || notes.with(|n| !n.is_empty())>
            <ul class="notes" data-testid="result-notes">
                {move || notes.get().into_iter().map(|n| view! { <li>{n}</li> }).collect_view()}
            </ul>
        </Show>
    }
}

/// Filters, order, and the switch to the rules view.
#[component]
fn Filters(by_rule: RwSignal<bool>) -> impl IntoView {
    let store = use_store();
    let crawlers = Memo::new(move |_| {
        store
            .results
            .with(|r| r.columns.iter().map(|c| c.spec.clone()).collect::<Vec<_>>())
    });
    let shown = Memo::new(move |_| {
        (
            store.table.with(|t| t.len()),
            store.results.with(|r| r.len()),
        )
    });
    view! {
        <div class="filters" role="group" aria-label="Filter and order the results">
            <label class="visually-hidden" for="results-filter">"Show only URLs containing"</label>
            <input
                id="results-filter"
                data-testid="results-filter"
                type="search"
                placeholder="Filter URLs…"
                autocomplete="off"
                spellcheck="false"
                prop:value=move || store.query.with(|q| q.text.clone())
                on:input:target=move |event| {
                    let text = event.target().value();
                    store.set_query(|q| q.text = text);
                }
            />
            <label class="visually-hidden" for="verdict-filter">"Show verdicts"</label>
            <select
                id="verdict-filter"
                data-testid="verdict-filter"
                on:change:target=move |event| {
                    if let Some(filter) = VerdictFilter::from_key(&event.target().value()) {
                        store.set_query(|q| q.verdict = filter);
                    }
                }
                prop:value=move || store.query.with(|q| q.verdict.key())
            >
                {VerdictFilter::ALL
                    .into_iter()
                    .map(|f| view! { <option value=f.key()>{move || f.label(store.against())}</option> })
                    .collect_view()}
            </select>
            <Show when=move || crawlers.with(|c| c.len() > 1)>
                <label class="visually-hidden" for="crawler-filter">"Show crawler"</label>
                <select
                    id="crawler-filter"
                    data-testid="crawler-filter"
                    on:change:target=move |event| {
                        let column = event.target().value().parse::<usize>().ok();
                        store.set_query(|q| q.crawler = column);
                    }
                    prop:value=move || store.query.with(|q| q.crawler.map_or_else(String::new, |c| c.to_string()))
                >
                    <option value="">"All crawlers"</option>
                    {move || {
                        crawlers
                            .get()
                            .into_iter()
                            .enumerate()
                            .map(|(i, spec)| view! { <option value=i.to_string()>{spec}</option> })
                            .collect_view()
                    }}
                </select>
            </Show>
            <label class="visually-hidden" for="results-order">"Order"</label>
            <select
                id="results-order"
                data-testid="results-order"
                on:change:target=move |event| {
                    if let Some(order) = Order::from_key(&event.target().value()) {
                        store.set_query(|q| q.order = order);
                    }
                }
                prop:value=move || store.query.with(|q| q.order.key())
            >
                {Order::ALL
                    .into_iter()
                    .map(|o| view! { <option value=o.key()>{format!("Order: {}", o.label())}</option> })
                    .collect_view()}
            </select>
            <button
                type="button"
                class="button button-small"
                data-testid="by-rule-toggle"
                aria-pressed=move || by_rule.get().to_string()
                on:click=move |_| by_rule.update(|b| *b = !*b)
            >
                "By deciding rule"
            </button>
            {move || {
                store.query.with(|q| q.decided_by).map(|decided| {
                    let label = match decided {
                        DecidedBy::Line(line) => format!("Decided by L{line}"),
                        DecidedBy::NoRule => "Decided by no rule".to_string(),
                    };
                    view! {
                        <span class="chip" data-testid="decided-by-chip">
                            {label.clone()}
                            <button
                                type="button"
                                class="chip-remove"
                                aria-label=format!("Stop showing only rows {}", label.to_ascii_lowercase())
                                on:click=move |_| store.set_query(|q| q.decided_by = None)
                            >
                                "×"
                            </button>
                        </span>
                    }
                })
            }}
            <span class="muted small" data-testid="shown-count">
                {move || {
                    let (shown, total) = shown.get();
                    (shown != total).then(|| format!("Showing {} of {}", format_count(shown), format_count(total)))
                }}
            </span>
        </div>
    }
}

/// The rows: all of them up to [`ALL_ROWS_UP_TO`], else those in view.
#[component]
fn ResultsTable() -> impl IntoView {
    let store = use_store();
    let scroll_ref: NodeRef<html::Div> = NodeRef::new();
    let scroll_top = RwSignal::new(0.0f64);
    let viewport = RwSignal::new(600.0f64);
    let measure = move || {
        if let Some(el) = scroll_ref.get_untracked() {
            scroll_top.set(el.scroll_top() as f64);
            let height = el.client_height() as f64;
            if height > 0.0 {
                viewport.set(height);
            }
        }
    };
    let _ = window_event_listener(ev::resize, move |_| measure());
    Effect::new(move |_| {
        if scroll_ref.get().is_some() {
            measure();
        }
    });
    let len = Memo::new(move |_| store.table.with(|t| t.len()));
    let identity = Memo::new(move |_| store.results.with(|r| r.rows_identity()));
    // (position, row, what rows stand for) of every row drawn: a row element
    // lives while its URL and crawler stay the same.
    let drawn = Memo::new(move |_| {
        let identity = identity.get();
        let len = len.get();
        let (start, end) = if len <= ALL_ROWS_UP_TO {
            (0, len)
        } else {
            let first = ((scroll_top.get() / ROW_HEIGHT) as usize).min(len);
            let shown = (viewport.get() / ROW_HEIGHT).ceil() as usize + 1;
            (
                first.saturating_sub(OVERSCAN),
                (first + shown + OVERSCAN).min(len),
            )
        };
        store.table.with(|t| {
            (start..end)
                .filter_map(|p| Some((p, t.row(p)?, identity)))
                .collect::<Vec<_>>()
        })
    });
    // The row that takes focus when tabbing into the table: the selected
    // one when it is drawn, else the first drawn.
    let focus_row = Memo::new(move |_| {
        let selected = store.selected.get();
        drawn.with(|rows| {
            rows.iter()
                .find(|(_, row, _)| Some(*row) == selected)
                .or(rows.first())
                .map(|(_, row, _)| *row)
        })
    });
    // Shows a row that is selected from the keyboard, then focuses it.
    let reveal = move |row: usize| {
        let Some(position) = store.table.with_untracked(|t| t.position(row)) else {
            return;
        };
        if let Some(el) = scroll_ref.get_untracked() {
            let top = position as f64 * ROW_HEIGHT;
            let current = el.scroll_top() as f64;
            let height = el.client_height() as f64;
            if top < current {
                el.set_scroll_top(top as i32);
            } else if top + ROW_HEIGHT > current + height {
                el.set_scroll_top((top + ROW_HEIGHT - height) as i32);
            }
            scroll_top.set(el.scroll_top() as f64);
        }
        // At once when the row is drawn already, so the next key press
        // acts on it; after the next render when it is scrolled into view.
        let selector = format!("[data-testid=result-row][data-row=\"{row}\"]");
        if !browser::focus_selector(&selector) {
            request_animation_frame(move || {
                browser::focus_selector(&selector);
            });
        }
    };
    let on_keydown = move |event: ev::KeyboardEvent| {
        if event.ctrl_key() || event.meta_key() || event.alt_key() {
            return;
        }
        let key = event.key();
        match key.as_str() {
            "ArrowDown" | "ArrowUp" | "Home" | "End" | "PageDown" | "PageUp" => {
                event.prevent_default();
                let page = (viewport.get_untracked() / ROW_HEIGHT) as usize;
                if let Some(row) = store.move_selection(&key, page.max(1)) {
                    reveal(row);
                }
            }
            "Enter" | " " => {
                event.prevent_default();
                let row = event
                    .target()
                    .and_then(|t| wasm_bindgen::JsCast::dyn_into::<web_sys::Element>(t).ok())
                    .and_then(|e| e.get_attribute("data-row"))
                    .and_then(|r| r.parse::<usize>().ok());
                if let Some(row) = row {
                    store.select(row);
                }
            }
            _ => {}
        }
    };
    view! {
        <div
            class="results-grid"
            role="grid"
            aria-labelledby="results-heading"
            aria-rowcount=move || (len.get() + 1).to_string()
            aria-colcount="4"
            data-testid="results-grid"
        >
            <div role="rowgroup" class="results-head">
                <div role="row" aria-rowindex="1" class="results-head-row">
                    <span role="columnheader">"Verdict"</span>
                    <span role="columnheader">"URL"</span>
                    <span role="columnheader">"Crawler"</span>
                    <span role="columnheader">"Decided by"</span>
                </div>
            </div>
            <div
                role="rowgroup"
                id="results-list"
                class="results-scroll"
                tabindex="-1"
                node_ref=scroll_ref
                on:scroll=move |_| measure()
                on:keydown=on_keydown
            >
                <div class="results-spacer" style:height=move || px(len.get() as f64 * ROW_HEIGHT)>
                    <For
                        each=move || drawn.get()
                        key=|entry| *entry
                        children=move |(position, row, _)| {
                            let (url, agent) = store
                                .results
                                .with_untracked(|r| (r.url(row).to_string(), r.agent(row).to_string()));
                            view! { <ResultRow position row url agent focus_row/> }
                        }
                    />
                </div>
            </div>
        </div>
        {move || {
            let (shown, total) = (len.get(), store.results.with(|r| r.len()));
            if total == 0 {
                Some(view! { <p class="empty muted" data-testid="no-results">"Add at least one crawler and one URL to see verdicts."</p> }.into_any())
            } else if shown == 0 {
                Some(view! { <p class="empty muted" data-testid="no-matching-rows">"No result matches the filters."</p> }.into_any())
            } else {
                None
            }
        }}
    }
}

/// What a row shows, kept in step with the results and the comparison.
fn row_view(store: Store, row: usize) -> Option<RowView> {
    store
        .results
        .get()
        .row_view(row, &store.comparison_or_none())
}

/// One result: verdict, URL, crawler, deciding rule.
#[component]
fn ResultRow(
    position: usize,
    row: usize,
    url: String,
    agent: String,
    focus_row: Memo<Option<usize>>,
) -> impl IntoView {
    let store = use_store();
    let data = Memo::new(move |_| row_view(store, row));
    let get = move |f: fn(&RowView) -> String| {
        move || data.with(|d| d.as_ref().map(f).unwrap_or_default())
    };
    let selected = move || store.selected.get() == Some(row);
    let allowed = move || data.with(|d| d.as_ref().is_none_or(|d| d.allowed));
    let (url_attr, agent_attr, title) = (url.clone(), agent.clone(), url.clone());
    view! {
        <div
            role="row"
            class="result-row"
            class:selected=selected
            class:row-disallowed=move || !allowed()
            data-testid="result-row"
            data-row=row.to_string()
            data-url=url_attr
            data-agent=agent_attr
            data-verdict=move || verdict_str(allowed())
            data-line=get(|d| d.line.to_string())
            data-verdict-before=move || data.with(|d| d.as_ref().and_then(|d| d.before.as_ref()).map(|b| verdict_str(b.allowed)))
            data-line-before=move || data.with(|d| d.as_ref().and_then(|d| d.before.as_ref()).map(|b| b.line.to_string()))
            data-changed=move || data.with(|d| d.as_ref().and_then(|d| d.before.as_ref()).map(|b| b.changed.to_string()))
            data-usage=move || data.with(|d| d.as_ref().and_then(|d| d.usage.as_ref()).map_or_else(String::new, |u| u.json.clone()))
            class:row-changed=move || data.with(|d| d.as_ref().and_then(|d| d.before.as_ref()).is_some_and(|b| b.changed))
            aria-rowindex=(position + 2).to_string()
            aria-selected=move || selected().to_string()
            tabindex=move || if focus_row.get() == Some(row) { "0" } else { "-1" }
            style:transform=format!("translateY({})", px(position as f64 * ROW_HEIGHT))
            on:click=move |_| store.select(row)
        >
            <span role="gridcell" class="cell cell-verdict">
                // The badge takes its colours from the row's class.
                <span class="badge">
                    <span aria-hidden="true">{move || if allowed() { "✓" } else { "✕" }}</span>
                    " "
                    {move || if allowed() { "Allowed" } else { "Disallowed" }}
                </span>
            </span>
            <span role="gridcell" class="cell cell-url">
                <span class="url-text" title=title>{url}</span>
                {move || {
                    data.with(|d| {
                        d.as_ref().filter(|d| d.show_checked_path).map(|d| {
                            view! {
                                <span class="row-sub checked-path">
                                    "checked as "
                                    <code>{d.checked_path.clone()}</code>
                                </span>
                            }
                        })
                    })
                }}
            </span>
            <span role="gridcell" class="cell cell-agent">{agent}</span>
            <span role="gridcell" class="cell cell-rule">
                <span class=move || if data.with(|d| d.as_ref().is_some_and(|d| d.rule.is_some())) { "rule-ref" } else { "muted" }>
                    {get(|d| d.rule.clone().unwrap_or_else(|| "no rule".to_string()))}
                </span>
                <span class="row-sub">
                    <span class="category">{get(|d| category_label(d.category).to_string())}</span>
                    {move || {
                        data.with(|d| d.as_ref().and_then(|d| d.usage.clone())).map(|u| {
                            view! {
                                <span class="usage" data-testid="row-usage" title="AI usage preferences for this URL (they do not change the verdict)">
                                    {format!("AI: {} ", u.summary)}
                                </span>
                            }
                        })
                    }}
                    {move || {
                        data.with(|d| d.as_ref().and_then(|d| d.other)).and_then(|o| match o.against {
                            Against::OtherMode(mode) => Some(view! {
                                <span class="differs" data-testid="row-differs">
                                    <span aria-hidden="true">"≠ "</span>
                                    {other_label(mode, o.allowed, o.line)}
                                </span>
                            }),
                            Against::Before => None,
                        })
                    }}
                    {move || {
                        data.with(|d| d.as_ref().and_then(|d| d.before.clone())).map(|b| {
                            view! {
                                <span class="before" class:changed=b.changed data-testid="row-before">
                                    {if b.changed { "changed, " } else { "" }}
                                    {format!("before: {}", verdict_str(b.allowed))}
                                    {format!(", {}", b.rule.unwrap_or_else(|| "no rule".to_string()))}
                                </span>
                            }
                        })
                    }}
                </span>
            </span>
        </div>
    }
}

/// Every rule with how many of the listed results it decides; the ones
/// deciding none are dead for these URLs.
#[component]
fn RuleCounts(by_rule: RwSignal<bool>) -> impl IntoView {
    /// Rules listed at most in each list, in file order: a large file can
    /// have tens of thousands, and drawing 12,000 rows took a 1.7 s task
    /// (docs.oracle.com with 20,000 of its URLs). Every line's count is in
    /// the editor's gutter.
    const LISTED: usize = 300;
    let store = use_store();
    let data = Memo::new(move |_| store.results.with(|r| r.by_rule()));
    let show = move |decided: DecidedBy| {
        store.set_query(|q| q.decided_by = Some(decided));
        by_rule.set(false);
    };
    view! {
        <div class="rule-counts" data-testid="rule-counts">
            {move || {
                let (rules, undecided) = data.get();
                let (live, dead): (Vec<_>, Vec<_>) = rules.into_iter().partition(|r| r.rows > 0);
                let (live_total, dead_total) = (live.len(), dead.len());
                view! {
                    <table class="rule-table">
                        <caption class="small muted">"How many of the listed results each rule decides."</caption>
                        <thead>
                            <tr>
                                <th scope="col">"Line"</th>
                                <th scope="col">"Rule"</th>
                                <th scope="col">"Decides"</th>
                                <th scope="col"><span class="visually-hidden">"Rows"</span></th>
                            </tr>
                        </thead>
                        <tbody>
                            {live
                                .into_iter()
                                .take(LISTED)
                                .map(|r| {
                                    let line = r.line;
                                    view! {
                                        <tr data-testid="rule-count" data-line=line.to_string() data-count=r.rows.to_string()>
                                            <td><LineLink line label=format!("L{line}")/></td>
                                            <td><code>{r.text}</code></td>
                                            <td>{plural(r.rows, "result", "results")}</td>
                                            <td>
                                                <button type="button" class="link-button" on:click=move |_| show(DecidedBy::Line(line))>
                                                    "Show them"
                                                </button>
                                            </td>
                                        </tr>
                                    }
                                })
                                .collect_view()}
                            <tr data-testid="rule-count" data-line="0" data-count=undecided.to_string()>
                                <td></td>
                                <td class="muted">"No rule (allowed: nothing matched, or no group applies)"</td>
                                <td>{plural(undecided, "result", "results")}</td>
                                <td>
                                    {(undecided > 0).then(|| view! {
                                        <button type="button" class="link-button" on:click=move |_| show(DecidedBy::NoRule)>
                                            "Show them"
                                        </button>
                                    })}
                                </td>
                            </tr>
                        </tbody>
                    </table>
                    {(live_total > LISTED)
                        .then(|| view! {
                            <p class="muted small">
                                {format!(
                                    "{} more rules decide some of them, not listed here; the editor's gutter shows every line's count.",
                                    format_count(live_total - LISTED)
                                )}
                            </p>
                        })}
                    <h3 class="small">{format!("Dead for these URLs: {}", plural(dead_total, "rule decides", "rules decide"))}" none of them"</h3>
                    <ul class="dead-rules" data-testid="dead-rules">
                        {dead
                            .into_iter()
                            .take(LISTED)
                            .map(|r| {
                                view! {
                                    <li data-testid="dead-rule" data-line=r.line.to_string()>
                                        <LineLink line=r.line label=format!("L{}", r.line)/>
                                        " "
                                        <code>{r.text}</code>
                                    </li>
                                }
                            })
                            .collect_view()}
                    </ul>
                    {(dead_total > LISTED)
                        .then(|| view! { <p class="muted small">{format!("{} more not listed.", format_count(dead_total - LISTED))}</p> })}
                }
            }}
        </div>
    }
}
