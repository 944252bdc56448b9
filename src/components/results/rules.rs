//! Every rule with how many of the listed results it decides, and the
//! rules that decide none of them (dead for these URLs), each with a way to
//! the rows it decides; rules of groups no chosen crawler reads are listed
//! apart, as live for other crawlers.

use leptos::prelude::*;

use crate::components::common::lazy::ChunkError;
use crate::components::common::LineLink;
use crate::store::{use_check, use_table};
use crate::view_model::{format_count, plural, DecidedBy, RuleCount};

/// Rules listed at most in each list, in file order: a large file can
/// have tens of thousands, and drawing 12,000 rows took a 1.7 s task
/// (docs.oracle.com with 20,000 of its URLs). Every line's count is in
/// the editor's gutter.
const LISTED: usize = 300;

/// The rules view: the lazy panel's entry (its code loads when it is first
/// shown; see `components::common::lazy`).
#[cfg_attr(feature = "split", wasm_split_helpers::wasm_split(rules, fallible))]
pub(super) fn rules_view() -> Result<AnyView, ChunkError> {
    Ok(view! { <RuleCounts/> }.into_any())
}

/// Every rule with how many of the listed results it decides; the ones
/// deciding none are dead for these URLs.
#[component]
pub fn RuleCounts() -> impl IntoView {
    let table = use_table();
    let results = use_check().results();
    let data = Memo::new(move |_| results.with(|r| r.by_rule()));
    let show = move |decided: DecidedBy| table.show_decided_by(decided);
    view! {
        <div class="rule-counts" data-testid="rule-counts">
            {move || {
                let (rules, undecided) = data.get();
                let (live, unused): (Vec<_>, Vec<_>) = rules.into_iter().partition(|r| r.rows > 0);
                let (dead, unread): (Vec<_>, Vec<_>) = unused.into_iter().partition(|r| r.read);
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
                    <h3 class="small">{format!("Dead for these URLs: {}", plural(dead_total, "rule decides", "rules decide"))}" none of them, though a chosen crawler reads its group"</h3>
                    {rule_list(dead, "dead-rule")}
                    {(!unread.is_empty()).then(|| view! {
                        <h3 class="small">{format!("Not read by the chosen crawlers: {}", plural(unread.len(), "rule", "rules"))}</h3>
                        <p class="muted small">"No chosen crawler reads these groups, so they decide nothing here; other crawlers may obey them. Add those crawlers before deleting any."</p>
                        {rule_list(unread, "unread-rule")}
                    })}
                }
            }}
        </div>
    }
}

/// Rules deciding none of the results, at most [`LISTED`].
fn rule_list(rules: Vec<RuleCount>, testid: &'static str) -> impl IntoView {
    let total = rules.len();
    view! {
        <ul class="dead-rules" data-testid=format!("{testid}s")>
            {rules
                .into_iter()
                .take(LISTED)
                .map(|r| {
                    view! {
                        <li data-testid=testid data-line=r.line.to_string()>
                            <LineLink line=r.line label=format!("L{}", r.line)/>
                            " "
                            <code>{r.text}</code>
                        </li>
                    }
                })
                .collect_view()}
        </ul>
        {(total > LISTED)
            .then(|| view! { <p class="muted small">{format!("{} more not listed.", format_count(total - LISTED))}</p> })}
    }
}
