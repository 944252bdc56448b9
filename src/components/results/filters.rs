//! The table's filters (text, verdict, crawler, deciding rule), its
//! order, and the switch to the rules view.

use leptos::prelude::*;

use crate::components::common::show::When;
use crate::store::{use_check, use_table};
use crate::view_model::{format_count, DecidedBy, Order, VerdictFilter};

/// Filters, order, and the switch to the rules view.
#[component]
pub fn Filters() -> impl IntoView {
    let table = use_table();
    let (query, rows, by_rule) = (table.query(), table.rows(), table.by_rule());
    let results = use_check().results();
    let crawlers = Memo::new(move |_| {
        results.with(|r| r.columns.iter().map(|c| c.spec.clone()).collect::<Vec<_>>())
    });
    let shown = Memo::new(move |_| (rows.with(|t| t.len()), results.with(|r| r.len())));
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
                prop:value=move || query.with(|q| q.text.clone())
                on:input:target=move |event| table.filter_text(event.target().value())
            />
            <label class="visually-hidden" for="verdict-filter">"Show verdicts"</label>
            <select
                id="verdict-filter"
                data-testid="verdict-filter"
                on:change:target=move |event| {
                    if let Some(filter) = VerdictFilter::from_key(&event.target().value()) {
                        table.filter_verdict(filter);
                    }
                }
                prop:value=move || query.with(|q| q.verdict.key())
            >
                {VerdictFilter::ALL
                    .into_iter()
                    .map(|f| view! { <option value=f.key()>{move || f.label(table.against())}</option> })
                    .collect_view()}
            </select>
            <When when=move || crawlers.with(|c| c.len() > 1)>
                <label class="visually-hidden" for="crawler-filter">"Show crawler"</label>
                <select
                    id="crawler-filter"
                    data-testid="crawler-filter"
                    on:change:target=move |event| {
                        table.filter_crawler(event.target().value().parse::<usize>().ok());
                    }
                    prop:value=move || query.with(|q| q.crawler.map_or_else(String::new, |c| c.to_string()))
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
            </When>
            <label class="visually-hidden" for="results-order">"Order"</label>
            <select
                id="results-order"
                data-testid="results-order"
                on:change:target=move |event| {
                    if let Some(order) = Order::from_key(&event.target().value()) {
                        table.order_by(order);
                    }
                }
                prop:value=move || query.with(|q| q.order.key())
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
                on:click=move |_| table.toggle_by_rule()
            >
                "By deciding rule"
            </button>
            {move || {
                query.with(|q| q.decided_by).map(|decided| {
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
                                on:click=move |_| table.clear_decided_by()
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
