//! The results: counts, one row per (URL, crawler), notes about skipped
//! input, and the export buttons.

use leptos::ev;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::app::use_ctx;
use crate::browser;
use crate::view_model::{category_label, mode_label, plural, verdict_str, Row};

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
        ctx.results
            .with(|r| (r.rows.len(), r.allowed, r.disallowed, r.differing))
    });
    let notes = Memo::new(move |_| ctx.results.with(|r| r.notes.clone()));
    let ids = Memo::new(move |_| {
        ctx.results
            .with(|r| r.rows.iter().map(|row| row.id).collect::<Vec<_>>())
    });
    let export = move |json: bool| {
        let mode = ctx.mode.get_untracked();
        let results = ctx.results.get_untracked();
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
        format!("updated in {ms:.0} ms")
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
                <For each=move || ids.get() key=|id| *id children=move |id: u64| view! { <ResultRow id/> }/>
            </div>
        </section>
    }
}

/// One result. Keyed by the (URL, crawler) identity, so a row's element
/// lives as long as the pair is listed; when its verdict changes only the
/// parts that differ are updated.
#[component]
fn ResultRow(id: u64) -> impl IntoView {
    let ctx = use_ctx();
    let row = Memo::new(move |_| ctx.results.with(|r| r.row_by_id(id).cloned()));
    let field =
        move |f: fn(&Row) -> String| move || row.with(|r| r.as_ref().map(f).unwrap_or_default());
    let selected = Memo::new(move |_| {
        let index = ctx.selected_index.get();
        index.is_some_and(|i| {
            ctx.results
                .with(|r| r.rows.get(i).is_some_and(|r| r.id == id))
        })
    });
    let allowed = Memo::new(move |_| row.with(|r| r.as_ref().is_none_or(|r| r.allowed)));
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
            class:selected=move || selected.get()
            class:row-disallowed=move || !allowed.get()
            data-testid="result-row"
            data-url=field(|r| r.url.clone())
            data-agent=field(|r| r.agent.clone())
            data-verdict=field(|r| r.verdict_str().to_string())
            data-line=field(|r| r.line.to_string())
            aria-selected=move || selected.get().to_string()
            tabindex=move || if selected.get() { "0" } else { "-1" }
            on:click=move |_| select()
            on:keydown=on_keydown
        >
            <span class="cell cell-verdict">{move || verdict_badge(allowed.get())}</span>
            <span class="cell cell-url">
                <span class="url-text">{field(|r| r.url.clone())}</span>
                {move || {
                    row.with(|r| {
                        r.as_ref()
                            .filter(|r| r.show_checked_path)
                            .map(|r| {
                                view! {
                                    <span class="checked-path">
                                        "checked as "
                                        <code>{r.checked_path.clone()}</code>
                                    </span>
                                }
                            })
                    })
                }}
            </span>
            <span class="cell cell-agent">{field(|r| r.agent.clone())}</span>
            <span class="cell cell-rule">
                {move || {
                    match row.with(|r| r.as_ref().and_then(|r| r.rule.as_ref().map(|rule| rule.label()))) {
                        Some(label) => view! { <code class="rule-ref">{label}</code> }.into_any(),
                        None => view! { <span class="muted">"no rule"</span> }.into_any(),
                    }
                }}
                <span class="category">{field(|r| category_label(r.category).to_string())}</span>
                {move || {
                    row.with(|r| {
                        r.as_ref().and_then(|r| r.other.clone()).map(|o| {
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
                    })
                }}
            </span>
        </div>
    }
}
