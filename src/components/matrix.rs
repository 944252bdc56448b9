//! Every crawler at once: the audit by purpose and the crawler x URL
//! matrix, shown on request (see `view_model::matrix` for what a column and
//! an aggregated cell are).
//!
//! The matrix is drawn in one pass from a memo, with no reactive closure
//! per cell but the selection mark, and one listener per kind of event on
//! the table rather than on each cell: at most 60 columns, so 40 crawlers x
//! 1,000 URLs is 2,400 cells, not 40,000. The cell under the pointer or the
//! focus is described in one line above the matrix (and in each cell's
//! accessible name); a click or Enter selects its result, as the table
//! does. Arrow keys move between cells.

use std::sync::Arc;

use leptos::ev;
use leptos::prelude::*;

use crate::browser;
use crate::components::common::lazy::{ChunkError, Lazy};
use crate::components::common::show::When;
use crate::store::{use_check, use_selection, use_table};
use crate::view_model::{audit, format_count, plural, Exposure, Matrix, MatrixVerdict};

#[component]
pub fn MatrixPanel() -> impl IntoView {
    let table = use_table();
    let open = table.matrix();
    view! {
        <section class="card matrix-card" aria-labelledby="matrix-heading">
            <div class="card-head">
                <h2 id="matrix-heading">"Every crawler at once"</h2>
                <button
                    type="button"
                    class="button button-small"
                    data-testid="matrix-toggle"
                    aria-expanded=move || open.get().to_string()
                    aria-controls="matrix-body"
                    on:click=move |_| table.toggle_matrix()
                >
                    {move || if open.get() { "Hide the matrix" } else { "Show the audit and matrix" }}
                </button>
            </div>
            <div id="matrix-body">
                <When when=move || open.get()>
                    <Lazy what="the audit and matrix" view=crate::split::lazy_view!(matrix_view())/>
                </When>
            </div>
        </section>
    }
}

/// The audit and the matrix: the lazy panel's entry (its code loads when
/// the matrix is first shown; see `components::common::lazy`).
#[cfg_attr(feature = "split", wasm_split_helpers::wasm_split(matrix, fallible))]
fn matrix_view() -> Result<AnyView, ChunkError> {
    crate::browser::load_stylesheet("lazy-matrix.css");
    Ok(view! {
        <Audit/>
        <MatrixGrid/>
    }
    .into_any())
}

/// The three exposures, as the audit's columns name them.
const EXPOSURES: [(Exposure, &str, &str); 3] = [
    (Exposure::FullyBlocked, "Fully blocked", "blocked"),
    (Exposure::PartlyBlocked, "Partly blocked", "partial"),
    (Exposure::Unrestricted, "Unrestricted", "open"),
];

/// Per purpose, which crawlers are fully blocked, partly blocked or
/// unrestricted on the listed URLs.
#[component]
fn Audit() -> impl IntoView {
    let results = use_check().results();
    let groups = Memo::new(move |_| results.with(|r| audit(r)));
    view! {
        <div class="audit" data-testid="audit">
            <h3 class="small">"Audit by purpose, on the listed URLs"</h3>
            {move || {
                let groups = groups.get();
                if groups.is_empty() {
                    return view! { <p class="muted small">"List crawlers and URLs to audit them."</p> }.into_any();
                }
                view! {
                    <table class="audit-table">
                        <colgroup>
                            <col class="audit-purpose"/>
                            <col/>
                            <col class="audit-partial-col"/>
                            <col/>
                        </colgroup>
                        <thead>
                            <tr>
                                <th scope="col">"Purpose"</th>
                                {EXPOSURES.map(|(_, label, _)| view! { <th scope="col">{label}</th> })}
                            </tr>
                        </thead>
                        <tbody>
                            {groups
                                .into_iter()
                                .map(|group| {
                                    view! {
                                        <tr
                                            data-testid="audit-group"
                                            data-purpose=group.key()
                                            data-blocked=group.fully_blocked.len().to_string()
                                            data-partial=group.partly_blocked.len().to_string()
                                            data-open=group.unrestricted.len().to_string()
                                        >
                                            <th scope="row">{group.label()}</th>
                                            {EXPOSURES
                                                .map(|(exposure, label, class)| {
                                                    let names = group.crawlers(exposure);
                                                    view! {
                                                        <td class=format!("audit-{class}") data-testid=format!("audit-{class}") data-label=label>
                                                            <strong>{format_count(names.len())}</strong>
                                                            " "
                                                            <ul class="audit-names">
                                                                {names.into_iter().map(|name| view! { <li>{name}</li> }).collect_view()}
                                                            </ul>
                                                        </td>
                                                    }
                                                })}
                                        </tr>
                                    }
                                })
                                .collect_view()}
                        </tbody>
                    </table>
                }
                    .into_any()
            }}
        </div>
    }
}

/// The symbol a verdict shows besides its colour.
fn verdict_symbol(verdict: MatrixVerdict) -> &'static str {
    match verdict {
        MatrixVerdict::Allowed => "✓",
        MatrixVerdict::Disallowed => "✕",
        MatrixVerdict::Mixed => "◐",
        MatrixVerdict::NoFile => "?",
    }
}

/// The (crawler, column) of the matrix cell an event happened in.
fn event_cell(event: &ev::Event) -> Option<(usize, usize)> {
    let pos = event
        .target()
        .and_then(|t| wasm_bindgen::JsCast::dyn_into::<web_sys::Element>(t).ok())
        .and_then(|e| e.closest("[data-testid=matrix-cell]").ok().flatten())
        .and_then(|e| e.get_attribute("data-pos"))?;
    let (crawler, column) = pos.split_once('-')?;
    Some((crawler.parse().ok()?, column.parse().ok()?))
}

/// Rows are crawlers, columns URLs or first path segments. The table
/// listens for its cells (one listener each for clicks, pointing, focus and
/// keys, not one per cell).
#[component]
fn MatrixGrid() -> impl IntoView {
    let results = use_check().results();
    let selection = use_selection();
    let selected_row = selection.row();
    let matrix = Memo::new(move |_| results.with(|r| Arc::new(Matrix::new(r))));
    let selected = Memo::new(move |_| {
        let row = selected_row.get()?;
        results.with(|r| matrix.with(|m| m.cell_of_row(r, row)))
    });
    // The cell under the pointer or the focus, described.
    let detail = RwSignal::new(None::<String>);
    let describe = move |event: &ev::Event| {
        if let Some((crawler, column)) = event_cell(event) {
            detail.set(matrix.with_untracked(|m| m.describe(crawler, column)));
        }
    };
    let select = move |event: &ev::Event| {
        let row = event_cell(event).and_then(|(crawler, column)| {
            matrix.with_untracked(|m| Some(m.cell(crawler, column)?.row))
        });
        if let Some(row) = row {
            selection.select(row);
        }
    };
    let on_keydown = move |event: ev::KeyboardEvent| {
        let (down, right): (isize, isize) = match event.key().as_str() {
            "ArrowRight" => (0, 1),
            "ArrowLeft" => (0, -1),
            "ArrowDown" => (1, 0),
            "ArrowUp" => (-1, 0),
            _ => return,
        };
        let Some((crawler, column)) = event_cell(&event) else {
            return;
        };
        event.prevent_default();
        browser::focus_selector(&format!(
            "[data-testid=matrix-cell][data-pos=\"{}-{}\"]",
            crawler as isize + down,
            column as isize + right
        ));
    };
    view! {
        // Not a live region: a focused cell announces the same words as its
        // name, and hovering must not chatter.
        <p class="matrix-detail small" data-testid="matrix-detail">
            {move || detail.get().unwrap_or_else(|| "Point at or focus a cell to see the line deciding it; click it to select its result.".to_string())}
        </p>
        {move || {
            let m = matrix.get();
            if m.crawlers.is_empty() {
                return view! { <p class="muted small">"No crawlers or no URLs to show."</p> }.into_any();
            }
            let caption = if m.by_segment {
                format!(
                    "Rows: crawlers. Columns: the first path segments of {}, with how many each holds.",
                    plural(m.columns.iter().map(|c| c.urls).sum(), "URL", "URLs")
                )
            } else if m.common.is_empty() {
                "Rows: crawlers. Columns: the listed URLs.".to_string()
            } else {
                format!("Rows: crawlers. Columns: the listed URLs, all under {}.", m.common)
            };
            let width = m.columns.len();
            let head = m
                .columns
                .iter()
                .enumerate()
                .map(|(column, c)| {
                    let count = (c.segments > 0).then(|| view! { <span class="matrix-count">{format_count(c.urls)}</span> });
                    view! {
                        <th scope="col" class="matrix-col" title=c.label.clone()>
                            <span class="matrix-col-label" data-testid="matrix-head">{m.head(column).to_string()}</span>
                            {count}
                        </th>
                    }
                })
                .collect_view();
            let body = (0..m.crawlers.len())
                .map(|crawler| {
                    let spec = m.crawlers[crawler].clone();
                    let cells = (0..width)
                        .filter_map(|column| {
                            let cell = m.cell(crawler, column)?;
                            let text = m.describe(crawler, column)?;
                            let verdict = cell.verdict();
                            Some(view! {
                                <td>
                                    <button
                                        type="button"
                                        class=format!("matrix-cell matrix-{}", verdict.key())
                                        class:selected=move || selected.get() == Some((crawler, column))
                                        data-testid="matrix-cell"
                                        data-pos=format!("{crawler}-{column}")
                                        data-agent=spec.clone()
                                        data-url=m.columns[column].label.clone()
                                        data-verdict=verdict.key()
                                        data-line=cell.line.to_string()
                                        data-allowed=cell.allowed.to_string()
                                        data-disallowed=cell.disallowed.to_string()
                                        tabindex=if crawler == 0 && column == 0 { "0" } else { "-1" }
                                        aria-label=text
                                    >
                                        // Read as the label, not as text.
                                        {verdict_symbol(verdict)}
                                    </button>
                                </td>
                            })
                        })
                        .collect_view();
                    view! {
                        <tr>
                            <th scope="row" class="matrix-agent">{spec.clone()}</th>
                            {cells}
                        </tr>
                    }
                })
                .collect_view();
            view! {
                <div class="matrix-scroll">
                    <table class="matrix" data-testid="matrix" data-columns=if m.by_segment { "segments" } else { "urls" }
                        on:keydown=on_keydown
                        on:click=move |event| select(&event)
                        on:mouseover=move |event| describe(&event)
                        on:focusin=move |event| describe(&event)
                    >
                        <caption class="small muted">{caption}</caption>
                        <thead>
                            <tr>
                                <th scope="col" class="matrix-agent">"Crawler"</th>
                                {head}
                            </tr>
                        </thead>
                        <tbody>{body}</tbody>
                    </table>
                </div>
            }
                .into_any()
        }}
    }
}
