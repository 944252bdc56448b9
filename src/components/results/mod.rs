//! The results: counts over every row, notes about skipped input, filters
//! and an order, exports, and either the table of rows or every rule with
//! how many rows it decides.
//!
//! - `summary`: counts, progress, the fetch note, compare mode's changes,
//!   notes;
//! - `filters`: the filters, the order and the switch to the rules view;
//! - `table`: the rows, drawn in a virtual window;
//! - `rules`: every rule with its count, and the dead ones.

mod filters;
mod rules;
mod summary;
mod table;

pub use table::reveal_position;

use leptos::prelude::*;

use crate::components::common::lazy::Lazy;
use crate::components::common::show::When;
use crate::store::use_table;
use crate::view_model::ExportFormat;

#[component]
pub fn ResultsPanel() -> impl IntoView {
    let table = use_table();
    let by_rule = table.by_rule();
    view! {
        <section class="card results-card" aria-labelledby="results-heading">
            <div class="card-head">
                <h2 id="results-heading" tabindex="-1">"Results"</h2>
                <div class="export" role="group" aria-label="Export the table's rows">
                    <button type="button" class="button button-small" data-testid="export-csv" on:click=move |_| table.export(ExportFormat::Csv)>
                        "CSV"
                    </button>
                    <button type="button" class="button button-small" data-testid="export-json" on:click=move |_| table.export(ExportFormat::Json)>
                        "JSON"
                    </button>
                </div>
            </div>
            <summary::Summary/>
            <summary::Notes/>
            <filters::Filters/>
            <When when=move || by_rule.get() fallback=|| view! { <table::ResultsTable/> }>
                <Lazy what="the rules view" view=crate::split::lazy_view!(rules::rules_view())/>
            </When>
        </section>
    }
}
