//! The results: counts, one row per (URL, crawler), notes about skipped
//! input, and the export buttons.

use std::collections::HashMap;

use leptos::ev;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::app::{use_ctx, Ctx};
use crate::browser;
use crate::view_model::{category_label, mode_label, plural, verdict_str, OtherVerdict, Row};

/// A verdict badge: colour plus a symbol and a word.
pub fn verdict_badge(allowed: bool) -> impl IntoView {
    let (class, symbol, word) = if allowed {
        ("badge badge-allowed", "✓", "Allowed")
    } else {
        ("badge badge-disallowed", "✕", "Disallowed")
    };
    view! {
        <span class=class>
            <span aria-hidden="true">{symbol}</span>
            " "
            {word}
        </span>
    }
}

/// Moves focus from a row to another (`ArrowDown`, `ArrowUp`, `Home`,
/// `End`) and selects it.
fn move_to(current: &web_sys::EventTarget, key: &str) {
    let Some(element) = current.dyn_ref::<web_sys::Element>() else {
        return;
    };
    let parent = element.parent_element();
    let sibling = match key {
        "ArrowDown" => element.next_element_sibling(),
        "ArrowUp" => element.previous_element_sibling(),
        "Home" => parent.and_then(|p| p.first_element_child()),
        _ => parent.and_then(|p| p.last_element_child()),
    };
    if let Some(sibling) = sibling.and_then(|s| s.dyn_into::<web_sys::HtmlElement>().ok()) {
        sibling.click();
        let _ = sibling.focus();
    }
}

#[component]
pub fn ResultsPanel() -> impl IntoView {
    let ctx = use_ctx();
    let counts = Memo::new(move |_| {
        let (total, allowed, disallowed) = ctx
            .results
            .with(|r| (r.rows.len(), r.allowed, r.disallowed));
        (
            total,
            allowed,
            disallowed,
            ctx.comparison.with(|c| c.differing()),
        )
    });
    let notes = Memo::new(move |_| ctx.results.with(|r| r.notes.clone()));
    let ids = Memo::new(move |_| {
        ctx.results
            .with(|r| r.rows.iter().map(|row| row.id).collect::<Vec<_>>())
    });
    let cells: Cells = StoredValue::new(RowCells::default());
    Effect::new(move |_| sync_cells(ctx, cells));
    let export = move |json: bool| {
        let mode = ctx.mode.get_untracked();
        let results = ctx.results_compared();
        if json {
            browser::download(
                "robots-results.json",
                "application/json",
                &results.to_json(mode),
            );
        } else {
            browser::download("robots-results.csv", "text/csv", &results.to_csv(mode));
        }
    };
    let timing = move || {
        ctx.results.track();
        let ms = ctx.parse_ms.get_value() + ctx.check_ms.get_value();
        // Whole milliseconds without float formatting (smaller WebAssembly).
        format!("updated in {} ms", (ms.max(0.0) + 0.5) as u64)
    };

    view! {
        <section class="card results-card" aria-labelledby="results-heading">
            <div class="card-head">
                <h2 id="results-heading" tabindex="-1">"Results"</h2>
                <div class="export" role="group" aria-label="Export results">
                    <button type="button" class="button" data-testid="export-csv" on:click=move |_| export(false)>
                        "CSV"
                    </button>
                    <button type="button" class="button" data-testid="export-json" on:click=move |_| export(true)>
                        "JSON"
                    </button>
                </div>
            </div>
            <p class="counts" data-testid="counts">
                {move || {
                    let (total, allowed, disallowed, differing) = counts.get();
                    let other = mode_label(crate::view_model::other_mode(ctx.mode.get()));
                    view! {
                        <span class="count">{plural(total, "result", "results")}</span>
                        <span class="count count-allowed" data-testid="count-allowed" data-count=allowed.to_string()>
                            <span aria-hidden="true">"✓ "</span>
                            {format!("{allowed} allowed")}
                        </span>
                        <span class="count count-disallowed" data-testid="count-disallowed" data-count=disallowed.to_string()>
                            <span aria-hidden="true">"✕ "</span>
                            {format!("{disallowed} disallowed")}
                        </span>
                        {(differing > 0)
                            .then(|| {
                                view! {
                                    <span class="count count-differs" data-testid="count-differs">
                                        {format!("{differing} differ under {other}")}
                                    </span>
                                }
                            })}
                        <span class="count muted small" data-testid="timing">{timing}</span>
                    }
                }}
            </p>
            <Show when=move || notes.with(|n| !n.is_empty())>
                <ul class="notes" data-testid="result-notes">
                    {move || notes.get().into_iter().map(|n| view! { <li>{n}</li> }).collect_view()}
                </ul>
            </Show>
            <Show when=move || counts.with(|c| c.0 == 0)>
                <p class="empty muted" data-testid="no-results">
                    "Add at least one crawler and one URL to see verdicts."
                </p>
            </Show>
            <div class="results-head" aria-hidden="true">
                <span>"Verdict"</span>
                <span>"URL"</span>
                <span>"Crawler"</span>
                <span>"Decided by"</span>
            </div>
            <div
                id="results-list"
                class="results-list"
                role="listbox"
                tabindex="-1"
                aria-label="Results: Enter or Space selects, arrow keys move"
            >
                <For
                    each=move || ids.get()
                    key=|id| *id
                    children=move |id: u64| {
                        let data = cell(ctx, cells, id);
                        let (url, agent) = data
                            .with_untracked(|d| d.as_ref().map(|d| (d.row.url.clone(), d.row.agent.clone())))
                            .unwrap_or_default();
                        view! { <ResultRow id url agent data/> }
                    }
                />
            </div>
        </section>
    }
}

/// What one row shows: the row, the other mode's verdict when it differs,
/// and whether it is selected.
#[derive(Clone, Debug, PartialEq)]
struct RowData {
    row: Row,
    other: Option<OtherVerdict>,
    selected: bool,
}

/// One signal per listed row, kept in step with the results by
/// [`ResultsPanel`]. Rows depend on their own signal only: thousands of rows
/// subscribing to the results themselves make every edit pay for
/// re-subscribing them all.
type Cells = StoredValue<RowCells>;

/// The rows' signals by row identity. A list and an index of the same map
/// type as [`Results::by_id`](crate::view_model::Results), rather than a map
/// of signals: each map type adds its own code to the WebAssembly download.
#[derive(Default)]
struct RowCells {
    index: HashMap<u64, usize>,
    cells: Vec<(u64, ArcRwSignal<Option<RowData>>)>,
}

impl RowCells {
    fn get(&self, id: u64) -> Option<&ArcRwSignal<Option<RowData>>> {
        self.index.get(&id).map(|&i| &self.cells[i].1)
    }

    fn insert(&mut self, id: u64, cell: ArcRwSignal<Option<RowData>>) {
        self.index.insert(id, self.cells.len());
        self.cells.push((id, cell));
    }

    /// Keeps the cells whose id passes `keep`.
    fn retain(&mut self, keep: impl Fn(u64) -> bool) {
        self.cells.retain(|(id, _)| keep(*id));
        self.index.clear();
        for (i, (id, _)) in self.cells.iter().enumerate() {
            self.index.insert(*id, i);
        }
    }
}

fn row_data(ctx: Ctx, row: &Row) -> RowData {
    RowData {
        other: ctx.comparison.with_untracked(|c| c.get(row.id).cloned()),
        selected: ctx.selected_index.get_untracked() == Some(row.index),
        row: row.clone(),
    }
}

/// The row's signal, created on first use.
fn cell(ctx: Ctx, cells: Cells, id: u64) -> ArcRwSignal<Option<RowData>> {
    if let Some(cell) = cells.with_value(|c| c.get(id).cloned()) {
        return cell;
    }
    let data = ctx
        .results
        .with_untracked(|r| r.row_by_id(id).map(|row| row_data(ctx, row)));
    let cell = ArcRwSignal::new(data);
    cells.update_value(|c| {
        c.insert(id, cell.clone());
    });
    cell
}

/// Updates the rows whose content, comparison or selection changed.
fn sync_cells(ctx: Ctx, cells: Cells) {
    let results = ctx.results.get();
    let selected = ctx.selected_index.get();
    ctx.comparison.track();
    let mut changed = Vec::new();
    cells.update_value(|cells| {
        cells.retain(|id| results.by_id.contains_key(&id));
        ctx.comparison.with_untracked(|comparison| {
            for row in &results.rows {
                let Some(cell) = cells.get(row.id) else {
                    continue;
                };
                let other = comparison.get(row.id);
                let is_selected = selected == Some(row.index);
                let stale = cell.with_untracked(|d| {
                    d.as_ref().is_none_or(|d| {
                        d.row != *row || d.other.as_ref() != other || d.selected != is_selected
                    })
                });
                if stale {
                    changed.push((cell.clone(), row));
                }
            }
        });
    });
    for (cell, row) in changed {
        cell.set(Some(row_data(ctx, row)));
    }
}

/// One result. Keyed by the (URL, crawler) identity, so a row's element
/// lives as long as the pair is listed (its URL and crawler never change);
/// when its verdict changes only the parts that differ are updated.
#[component]
fn ResultRow(
    id: u64,
    url: String,
    agent: String,
    data: ArcRwSignal<Option<RowData>>,
) -> impl IntoView {
    let ctx = use_ctx();
    let data = RwSignal::from(data);
    let field = move |f: fn(&RowData) -> String| {
        move || data.with(|d| d.as_ref().map(f).unwrap_or_default())
    };
    // Plain closures, not memos: every binding compares its new value with
    // the old before touching the DOM, and a memo per row and field costs
    // more to keep up to date than the comparison.
    let selected = move || data.with(|d| d.as_ref().is_some_and(|d| d.selected));
    let allowed = move || data.with(|d| d.as_ref().is_none_or(|d| d.row.allowed));
    let has_rule = move || data.with(|d| d.as_ref().is_some_and(|d| d.row.rule.is_some()));
    let (url_attr, agent_attr) = (url.clone(), agent.clone());
    let select = move || {
        if let Some(index) = ctx.results.with_untracked(|r| r.by_id.get(&id).copied()) {
            ctx.select(index);
        }
    };
    let on_keydown = move |event: ev::KeyboardEvent| {
        if event.ctrl_key() || event.meta_key() || event.alt_key() {
            return;
        }
        let key = event.key();
        match key.as_str() {
            "Enter" | " " => {
                event.prevent_default();
                select();
            }
            "ArrowDown" | "ArrowUp" | "Home" | "End" => {
                event.prevent_default();
                if let Some(target) = event.current_target() {
                    move_to(&target, &key);
                }
            }
            _ => {}
        }
    };
    view! {
        <div
            role="option"
            class="result-row"
            class:selected=move || selected()
            class:row-disallowed=move || !allowed()
            data-testid="result-row"
            data-url=url_attr
            data-agent=agent_attr
            data-verdict=move || verdict_str(allowed())
            data-line=field(|d| d.row.line.to_string())
            aria-selected=move || selected().to_string()
            tabindex=move || if selected() { "0" } else { "-1" }
            on:click=move |_| select()
            on:keydown=on_keydown
        >
            // The badge takes its colours from the row's class (see
            // `.row-disallowed .badge`): one class change per flip.
            <span class="cell cell-verdict">
                <span class="badge">
                    <span aria-hidden="true">{move || if allowed() { "✓" } else { "✕" }}</span>
                    " "
                    {move || if allowed() { "Allowed" } else { "Disallowed" }}
                </span>
            </span>
            <span class="cell cell-url">
                <span class="url-text">{url}</span>
                {move || {
                    data.with(|d| {
                        d.as_ref()
                            .filter(|d| d.row.show_checked_path)
                            .map(|d| {
                                view! {
                                    <span class="checked-path">
                                        "checked as "
                                        <code>{d.row.checked_path.clone()}</code>
                                    </span>
                                }
                            })
                    })
                }}
            </span>
            <span class="cell cell-agent">{agent}</span>
            <span class="cell cell-rule">
                // One element either way: a verdict flip then changes its
                // class and text instead of replacing it (thousands of rows
                // flip at once).
                <span class=move || if has_rule() { "rule-ref" } else { "muted" }>
                    {move || {
                        data.with(|d| d.as_ref().and_then(|d| d.row.rule.as_ref().map(|rule| rule.label())))
                            .unwrap_or_else(|| "no rule".to_string())
                    }}
                </span>
                <span class="category">{field(|d| category_label(d.row.category).to_string())}</span>
                {move || {
                    data.with(|d| d.as_ref().and_then(|d| d.other.clone())).map(|o| {
                        let text = format!(
                            "{}: {}{}",
                            mode_label(o.mode),
                            verdict_str(o.allowed),
                            o.rule.map(|r| format!(" (L{})", r.line)).unwrap_or_default()
                        );
                        view! {
                            <span class="differs" data-testid="row-differs">
                                <span aria-hidden="true">"≠ "</span>
                                {text}
                            </span>
                        }
                    })
                }}
            </span>
        </div>
    }
}
