//! Why the selected result is what it is, step by step, from the
//! library's explanation.

use leptos::prelude::*;

use robots_matcher::tools::reference;
use robots_matcher::Category;

use crate::components::common::{reference_link, verdict_badge, LineLink};
use crate::store::use_selection;
use crate::view_model::{category_label, line_range_label, verdict_str};

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
                                ". "
                                {reference_link(reference::SPECIAL_CHARACTERS)}
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
                                " "
                                {reference_link(reference::USER_AGENT)}
                            </li>
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
                            </li>
                            <li>
                                <span class="step-title">"Decision"</span>
                                <span data-testid="explain-decision">{e.decision.clone()}</span>
                                " "
                                <span class="muted">{format!("({}) ", category_label(e.category))}</span>
                                // The fetch outcome's own section, or the rules'.
                                {reference_link(if matches!(e.category, Category::Unavailable | Category::Unreachable) {
                                    reference::ACCESS_RESULTS
                                } else {
                                    reference::RULES
                                })}
                            </li>
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
