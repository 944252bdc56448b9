//! Why the selected result is what it is, step by step, from
//! `Robots::explain`.

use leptos::prelude::*;

use crate::app::use_ctx;
use crate::components::results::verdict_badge;
use crate::view_model::{category_label, line_range_label, mode_label, verdict_str};

#[component]
pub fn ExplanationPanel() -> impl IntoView {
    let ctx = use_ctx();
    view! {
        <section class="card explanation-card" aria-labelledby="explanation-heading" data-testid="explanation">
            <h2 id="explanation-heading">"Why"</h2>
            {move || match ctx.explanation.get() {
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
                                {format!("{} reading of robots.txt.", mode_label(e.mode))}
                            </li>
                            <li>
                                <span class="step-title">"Path"</span>
                                "Matched against "
                                <code data-testid="explain-path">{e.checked_path.clone()}</code>
                                {(e.checked_path != e.extracted_path)
                                    .then(|| {
                                        view! {
                                            <span>
                                                " (from "<code>{e.extracted_path.clone()}</code>
                                                ", percent-encoded as a crawler requests it)"
                                            </span>
                                        }
                                    })}
                                "."
                            </li>
                            <li>
                                <span class="step-title">"Group"</span>
                                {e.groups.clone()}
                                <span class="group-links">
                                    {e
                                        .group_lines
                                        .iter()
                                        .map(|lines| {
                                            let start = lines.start;
                                            let label = format!("Show {}", line_range_label(lines));
                                            view! {
                                                <button type="button" class="link-button" on:click=move |_| ctx.jump_to(start, false)>
                                                    {label}
                                                </button>
                                            }
                                        })
                                        .collect_view()}
                                </span>
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
                                                        let line = m.rule.line;
                                                        view! {
                                                            <tr class:deciding=m.deciding>
                                                                <td>
                                                                    <button type="button" class="link-button" on:click=move |_| ctx.jump_to(line, false)>
                                                                        {format!("L{line}")}
                                                                    </button>
                                                                </td>
                                                                <td>
                                                                    <code>{m.rule.text.clone()}</code>
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
                                {e.allow_won_tie.then_some(" Tie-break: Allow beats Disallow at equal length.")}
                                " "
                                <span class="muted">{format!("({})", category_label(e.category))}</span>
                            </li>
                            {e
                                .other
                                .clone()
                                .map(|o| {
                                    view! {
                                        <li class="step-differs">
                                            <span class="step-title">{format!("Under {}", mode_label(o.mode))}</span>
                                            {format!(
                                                "The verdict would be {}{}.",
                                                verdict_str(o.allowed),
                                                o.rule
                                                    .map(|r| format!(", decided by {}", r.label()))
                                                    .unwrap_or_else(|| ", with no rule deciding".to_string())
                                            )}
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
