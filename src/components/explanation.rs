//! Why the selected result is what it is, step by step, from the
//! library's explanation: each step with the documents that govern it (RFC
//! 9309, or Google's documentation for what only Google does), and the
//! rules that nearly decided with why each did not.

use leptos::prelude::*;

use robots_matcher::tools::reference::Reference;

use crate::components::common::{reference_link, verdict_badge, LineLink};
use crate::store::use_selection;
use crate::view_model::{category_label, line_range_label, verdict_str, NearMissView};

/// The documents behind a step, as links.
fn sources_view(references: Vec<Reference>) -> impl IntoView {
    references
        .into_iter()
        .map(|r| view! { " " {reference_link(r)} })
        .collect_view()
}

/// The "Why not" step: the near misses, nearest first.
fn why_not_view(misses: Vec<NearMissView>, more: usize, sources: Vec<Reference>) -> AnyView {
    if misses.is_empty() {
        return view! {
            <li data-testid="explain-why-not">
                <span class="step-title">"Why not another rule"</span>
                "No other rule came near: none matched without deciding, and none nearly matched."
            </li>
        }
        .into_any();
    }
    view! {
        <li data-testid="explain-why-not">
            <span class="step-title">"Why not another rule"</span>
            <ul class="near-misses">
                {misses
                    .into_iter()
                    .map(|m| {
                        view! {
                            <li data-testid="near-miss">
                                <LineLink line=m.line label=format!("L{}", m.line)/>
                                " "
                                <code>{m.text}</code>
                                " "
                                <span>{m.reason}</span>
                                {m.would_decide.then_some(" It would have decided.")}
                            </li>
                        }
                    })
                    .collect_view()}
            </ul>
            {(more > 0).then(|| format!("{more} more came near; these are the nearest. "))}
            {sources_view(sources)}
        </li>
    }
    .into_any()
}

#[component]
pub fn ExplanationPanel() -> impl IntoView {
    let explanation = use_selection().explanation();
    view! {
        <section class="card explanation-card" aria-labelledby="explanation-heading" data-testid="explanation">
            <h2 id="explanation-heading">"Why"</h2>
            {move || match explanation.get() {
                None => view! { <p class="muted">"Select a result to see how it was decided."</p> }.into_any(),
                Some(e) => {
                    let matches = e.matches.clone();
                    view! {
                        <div class="explain-summary">
                            {verdict_badge(e.allowed)}
                            {(e.line > 0).then(|| {
                                view! {
                                    <span class="explain-rule" data-testid="explain-rule">
                                        "decided by "
                                        <LineLink line=e.line label=format!("L{}", e.line)/>
                                        " "
                                        <code>{e.rule.clone()}</code>
                                    </span>
                                }
                            })}
                            <span class="explain-target">
                                <code>{e.url.clone()}</code>
                                " for "
                                <strong>{e.agent.clone()}</strong>
                            </span>
                        </div>
                        <ol class="steps">
                            <li>
                                <span class="step-title">"Mode"</span>
                                {format!("{} reading of robots.txt.", e.mode.label())}
                            </li>
                            <li>
                                <span class="step-title">"Path"</span>
                                "Matched against "
                                <code data-testid="explain-path">{e.checked_path.clone()}</code>
                                {e.encoded
                                    .then(|| {
                                        view! {
                                            <span>
                                                " (from "<code>{e.extracted_path.clone()}</code>
                                                ", percent-encoded as a crawler requests it)"
                                            </span>
                                        }
                                    })}
                                "."
                                {sources_view(e.sources.path.clone())}
                            </li>
                            <li>
                                <span class="step-title">"Group"</span>
                                {e.groups.clone()}
                                <span class="group-links">
                                    {e
                                        .group_lines
                                        .iter()
                                        .map(|lines| {
                                            let label = format!("Show {}", line_range_label(lines));
                                            view! { <LineLink line=lines.start label/> }
                                        })
                                        .collect_view()}
                                </span>
                                {sources_view(e.sources.groups.clone())}
                            </li>
                            // No rule was evaluated when how fetching ended
                            // decided, for /robots.txt, or with no group.
                            {e.rules_evaluated.then(|| view! {
                            <li>
                                <span class="step-title">"Matching rules"</span>
                                {if matches.is_empty() {
                                    view! { <span>"None of its rules match this path."</span> }.into_any()
                                } else {
                                    view! {
                                        <table class="matches" data-testid="explain-matches">
                                            <thead>
                                                <tr>
                                                    <th scope="col">"Line"</th>
                                                    <th scope="col">"Rule"</th>
                                                    <th scope="col">"Length"</th>
                                                    <th scope="col">"Outcome"</th>
                                                </tr>
                                            </thead>
                                            <tbody>
                                                {matches
                                                    .into_iter()
                                                    .map(|m| {
                                                        view! {
                                                            <tr class:deciding=m.deciding>
                                                                <td><LineLink line=m.line label=format!("L{}", m.line)/></td>
                                                                <td>
                                                                    <code>{m.text}</code>
                                                                    {m.via_index_html.then_some(" (via Google's /index.html rule)")}
                                                                </td>
                                                                <td>{m.length}</td>
                                                                <td>{if m.deciding { "decides" } else { "outweighed" }}</td>
                                                            </tr>
                                                        }
                                                    })
                                                    .collect_view()}
                                            </tbody>
                                        </table>
                                    }
                                        .into_any()
                                }}
                                {sources_view(e.sources.rules.clone())}
                            </li>
                            })}
                            <li>
                                <span class="step-title">"Decision"</span>
                                <span data-testid="explain-decision">{e.decision.clone()}</span>
                                " "
                                <span class="muted">{format!("({})", category_label(e.category))}</span>
                                {sources_view(e.sources.decision.clone())}
                            </li>
                            {e.rules_evaluated.then(|| why_not_view(e.near_misses.clone(), e.more_misses, e.sources.why_not.clone()))}
                            {e
                                .other
                                .clone()
                                .map(|(mode, allowed, rule)| {
                                    view! {
                                        <li class="step-differs">
                                            <span class="step-title">{format!("Under {}", mode.label())}</span>
                                            {format!(
                                                "The verdict would be {}{}.",
                                                verdict_str(allowed),
                                                rule
                                                    .map(|r| format!(", decided by {r}"))
                                                    .unwrap_or_else(|| ", with no rule deciding".to_string())
                                            )}
                                        </li>
                                    }
                                })}
                            {(!e.usage.is_empty()).then(|| {
                                view! {
                                    <li class="step-usage" data-testid="explain-usage">
                                        <span class="step-title">"AI usage"</span>
                                        {e.usage.iter().map(|sentence| view! { <span class="usage-sentence">{sentence.clone()}" "</span> }).collect_view()}
                                        <span class="muted">"These do not change the verdict."</span>
                                    </li>
                                }
                            })}
                            {e
                                .before
                                .clone()
                                .map(|before| {
                                    let changed = before.allowed != e.allowed;
                                    view! {
                                        <li class="step-before" class:changed=changed data-testid="explain-before">
                                            <span class="step-title">
                                                {if changed { "Before (changed)" } else { "Before (same verdict)" }}
                                            </span>
                                            <span>{format!("In the version before: {} ", before.groups)}</span>
                                            <span data-testid="explain-before-decision">{before.decision.clone()}</span>
                                        </li>
                                    }
                                })}
                        </ol>
                    }
                        .into_any()
                }
            }}
        </section>
    }
}
