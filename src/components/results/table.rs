//! The table of rows: a grid for screen readers (row count, row index,
//! selected row). Up to 200 rows every row is in the page; beyond that only
//! the rows in view and a margin are, placed in a scroll area as tall as
//! all of them, so 300,000 rows scroll as smoothly as 30.

use leptos::ev;
use leptos::html;
use leptos::prelude::*;

use crate::browser;
use crate::components::common::window::{visible, ScrollWindow};
use crate::store::{use_check, use_inputs, use_selection, use_table};
use crate::view_model::{
    category_label, other_label, shared_origin, url_under, verdict_str, Against, RowView,
};

/// Height of a row in pixels; the stylesheet's `--row-height` is the same.
const ROW_HEIGHT: f64 = 44.0;

/// Scrolls the table (when it shows rows) so that `position` is in view,
/// at the top unless it is in view already; the focus stays where it is
/// (a line chosen in the editor brings its first result into view).
pub fn reveal_position(position: usize) {
    browser::scroll_into_view_within("results-list", position as f64 * ROW_HEIGHT, ROW_HEIGHT);
}
/// Up to this many rows, every row is in the page.
const ALL_ROWS_UP_TO: usize = 200;
/// Rows drawn above and below the visible ones.
const OVERSCAN: usize = 8;

/// A CSS length in whole pixels (no float formatting).
fn px(value: f64) -> String {
    format!("{}px", value.max(0.0) as u64)
}

/// The rows: all of them up to [`ALL_ROWS_UP_TO`], else those in view.
#[component]
pub fn ResultsTable() -> impl IntoView {
    let selection = use_selection();
    let selected = selection.row();
    let rows = use_table().rows();
    let results = use_check().results();
    // The origin every URL shares, shown once in the column's head so each
    // row shows its path (recomputed only when the URL list changes).
    let url_set = use_inputs().url_set();
    let origin =
        Memo::new(move |_| url_set.with(|set| shared_origin(set.list.iter()).map(str::to_string)));
    let scroll_ref: NodeRef<html::Div> = NodeRef::new();
    let window = ScrollWindow::follow(scroll_ref, 600.0);
    let (scroll_top, viewport) = (window.top, window.height);
    let measure = move || window.measure(scroll_ref);
    crate::reactive::effect(move |_| {
        if scroll_ref.get().is_some() {
            measure();
        }
    });
    let len = Memo::new(move |_| rows.with(|t| t.len()));
    let identity = Memo::new(move |_| results.with(|r| r.rows_identity()));
    // (position, row, what rows stand for) of every row drawn: a row element
    // lives while its URL and crawler stay the same.
    let drawn = Memo::new(move |_| {
        let identity = identity.get();
        let len = len.get();
        let range = if len <= ALL_ROWS_UP_TO {
            0..len
        } else {
            visible(scroll_top.get(), viewport.get(), ROW_HEIGHT, len, OVERSCAN)
        };
        rows.with(|t| {
            range
                .filter_map(|p| Some((p, t.row(p)?, identity)))
                .collect::<Vec<_>>()
        })
    });
    // The row that takes focus when tabbing into the table: the selected
    // one when it is drawn, else the first drawn.
    let focus_row = Memo::new(move |_| {
        let selected = selected.get();
        drawn.with(|rows| {
            rows.iter()
                .find(|(_, row, _)| Some(*row) == selected)
                .or(rows.first())
                .map(|(_, row, _)| *row)
        })
    });
    // Shows a row that is selected from the keyboard, then focuses it.
    let reveal = move |row: usize| {
        let Some(position) = rows.with_untracked(|t| t.position(row)) else {
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
                if let Some(row) = selection.move_by(&key, page.max(1)) {
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
                    selection.select(row);
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
                    <span role="columnheader" class="url-head" title=move || origin.get()>
                        {move || match origin.get() {
                            Some(origin) => view! { "Path on " <span class="head-origin">{origin}</span> }.into_any(),
                            None => "URL".into_any(),
                        }}
                    </span>
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
                            let (url, agent) = results
                                .with_untracked(|r| (r.url(row).to_string(), r.agent(row).to_string()));
                            let shown = origin
                                .with_untracked(|o| url_under(&url, o.as_deref()).to_string());
                            view! { <ResultRow position row url shown agent focus_row/> }
                        }
                    />
                </div>
            </div>
        </div>
        {move || {
            let (shown, total) = (len.get(), results.with(|r| r.len()));
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

/// One result: verdict, URL, crawler, deciding rule.
#[component]
fn ResultRow(
    position: usize,
    row: usize,
    url: String,
    shown: String,
    agent: String,
    focus_row: Memo<Option<usize>>,
) -> impl IntoView {
    let selection = use_selection();
    let selected = selection.row();
    let run = use_check().run();
    // What the row shows, kept in step with the results and the comparison.
    let data = Memo::new(move |_| run.with(|run| run.row_view(row)));
    let get = move |f: fn(&RowView) -> String| {
        move || data.with(|d| d.as_ref().map(f).unwrap_or_default())
    };
    let selected = move || selected.get() == Some(row);
    let allowed = move || data.with(|d| d.as_ref().is_none_or(|d| d.allowed));
    // The origin of a row whose origin has no robots.txt here: no verdict.
    let no_file = move || data.with(|d| d.as_ref().and_then(|d| d.no_file.clone()));
    let has_file = move || data.with(|d| d.as_ref().is_none_or(|d| d.no_file.is_none()));
    let verdict = move || {
        if has_file() {
            verdict_str(allowed())
        } else {
            "no-file"
        }
    };
    let (url_attr, agent_attr, title) = (url.clone(), agent.clone(), url.clone());
    view! {
        <div
            role="row"
            class="result-row"
            class:selected=selected
            class:row-disallowed=move || has_file() && !allowed()
            class:row-no-file=move || !has_file()
            data-testid="result-row"
            data-row=row.to_string()
            data-url=url_attr
            data-agent=agent_attr
            data-verdict=verdict
            data-line=get(|d| d.line.to_string())
            data-verdict-before=move || data.with(|d| d.as_ref().and_then(|d| d.before.as_ref()).map(|b| verdict_str(b.allowed)))
            data-line-before=move || data.with(|d| d.as_ref().and_then(|d| d.before.as_ref()).map(|b| b.line.to_string()))
            data-changed=move || data.with(|d| d.as_ref().and_then(|d| d.before.as_ref()).map(|b| b.changed.to_string()))
            data-severity=move || data.with(|d| d.as_ref().and_then(|d| d.before.as_ref()).and_then(|b| b.class).map(|(severity, _)| severity.as_str()))
            data-usage=move || data.with(|d| d.as_ref().and_then(|d| d.usage.as_ref()).map_or_else(String::new, |u| u.json.clone()))
            class:row-changed=move || data.with(|d| d.as_ref().and_then(|d| d.before.as_ref()).is_some_and(|b| b.changed))
            aria-rowindex=(position + 2).to_string()
            aria-selected=move || selected().to_string()
            tabindex=move || if focus_row.get() == Some(row) { "0" } else { "-1" }
            style:transform=format!("translateY({})", px(position as f64 * ROW_HEIGHT))
            on:click=move |_| selection.select(row)
        >
            <span role="gridcell" class="cell cell-verdict">
                // The badge takes its colours from the row's class.
                <span class="badge">
                    <span aria-hidden="true">{move || match verdict() { "allowed" => "✓", "disallowed" => "✕", _ => "?" }}</span>
                    " "
                    {move || match verdict() { "allowed" => "Allowed", "disallowed" => "Disallowed", _ => "No file" }}
                </span>
            </span>
            <span role="gridcell" class="cell cell-url">
                <span class="url-text" title=title>{shown}</span>
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
                <span
                    class=move || if data.with(|d| d.as_ref().is_some_and(|d| d.rule.is_some())) { "rule-ref" } else { "muted" }
                    title=get(|d| d.rule.clone().or_else(|| d.no_file.as_ref().map(|o| no_file_label(o))).unwrap_or_default())
                    data-testid=move || no_file().map(|_| "row-no-file")
                >
                    {get(|d| d.rule.clone().unwrap_or_else(|| match &d.no_file {
                        Some(_) => "no robots.txt given for this origin".to_string(),
                        None => "no rule".to_string(),
                    }))}
                </span>
                <span class="row-sub">
                    <span class="category">{get(|d| match &d.no_file {
                        Some(origin) => format!("no verdict: {}", no_file_label(origin)),
                        None => category_label(d.category).to_string(),
                    })}</span>
                    {move || {
                        data.with(|d| d.as_ref().and_then(|d| d.usage.clone())).map(|u| {
                            view! {
                                <span class="usage" data-testid="row-usage" title=format!("AI usage preferences (they do not change the verdict): {}", u.summary)>
                                    {format!("AI: {} ", u.summary)}
                                </span>
                            }
                        })
                    }}
                    {move || {
                        data.with(|d| d.as_ref().and_then(|d| d.other)).and_then(|o| match o.against {
                            Against::OtherMode(mode) => Some(view! {
                                <span class="differs" data-testid="row-differs" title=other_label(mode, o.allowed, o.line)>
                                    <span aria-hidden="true">"≠ "</span>
                                    {other_label(mode, o.allowed, o.line)}
                                </span>
                            }),
                            Against::Before => None,
                        })
                    }}
                    // The change's severity beside the version before, not in
                    // it: `row-before`'s text is a stable hook.
                    {move || {
                        data.with(|d| d.as_ref().and_then(|d| d.before.as_ref()).and_then(|b| b.class)).map(|(severity, code)| view! {
                            <span class="change-class" data-testid="row-severity">{[severity.as_str(), ": ", code].concat()}</span>
                        })
                    }}
                    {move || {
                        data.with(|d| d.as_ref().and_then(|d| d.before.clone())).map(|b| {
                            let text = format!(
                                "{}before: {}, {}",
                                if b.changed { "changed, " } else { "" },
                                verdict_str(b.allowed),
                                b.rule.unwrap_or_else(|| "no rule".to_string())
                            );
                            let title = text.clone();
                            view! {
                                <span class="before" class:changed=b.changed data-testid="row-before" title=title>
                                    {text}
                                </span>
                            }
                        })
                    }}
                </span>
            </span>
        </div>
    }
}

/// What a row whose origin has no robots.txt here says about it.
fn no_file_label(origin: &str) -> String {
    format!("no robots.txt given for {origin}: choose it to paste one")
}
