//! Why the selected result is what it is, step by step, from the
//! library's explanation: each step with the documents that govern it (RFC
//! 9309, or Google's documentation for what only Google does), and the
//! rules that nearly decided with why each did not. The near misses and
//! the documents come a moment after the steps: their code is a lazy chunk
//! (`why-not`, see `components::common::lazy`), fetched after the first
//! verdicts.

use leptos::prelude::*;
use leptos::task::spawn_local;

use robots_matcher::tools::reference::Reference;

use crate::components::common::lazy::{ChunkError, Lazy};
use crate::components::common::show::When;
use crate::components::common::{reference_link, verdict_badge, LineLink};
use crate::store::{use_check, use_inputs, use_selection, Inputs, Read, Shared};
use crate::view_model::{
    category_label, line_range_label, verdict_str, CheckRun, ExplanationDetails, ExplanationView,
    NearMissView, Results, StepSources,
};

/// The details of row `row` of `run`: the lazy chunk's entry (called from
/// a task, outside the page's reactive owner: no context is at hand).
#[cfg_attr(feature = "split", wasm_split_helpers::wasm_split(why_not, fallible))]
fn explanation_details(
    run: Read<CheckRun>,
    row: usize,
) -> Result<Option<ExplanationDetails>, ChunkError> {
    Ok(run.with_untracked(|run| ExplanationDetails::new(run, row)))
}

/// The selected row's details, once their chunk is in: `None` while they
/// come (or for no selection), never those of another explanation.
fn details_of(
    explanation: Memo<Option<ExplanationView>>,
) -> Memo<Option<Result<ExplanationDetails, ChunkError>>> {
    let row = use_selection().row();
    let run = use_check().run();
    let loaded = RwSignal::new(None);
    crate::reactive::effect(move |_| {
        // The explanation they belong to (tracked: a new one reloads).
        let (Some(shown), Some(row)) = (explanation.get(), row.get_untracked()) else {
            return;
        };
        spawn_local(async move {
            // A task of its own, after the verdicts are drawn: they come first.
            gloo_timers::future::TimeoutFuture::new(0).await;
            let details = crate::split::lazy_call!(explanation_details(run, row));
            // Only for the explanation still shown: an older one may finish later.
            if explanation.with_untracked(|e| e.as_ref() == Some(&shown)) {
                loaded.set(Some((shown, details.map(Option::unwrap_or_default))));
            }
        });
    });
    Memo::new(move |_| {
        let (shown, details) = loaded.get()?;
        explanation
            .with(|e| e.as_ref() == Some(&shown))
            .then_some(details)
    })
}

/// The documents behind a step, as links.
fn sources_view(references: Vec<Reference>) -> impl IntoView {
    references
        .into_iter()
        .map(|r| view! { " " {reference_link(r)} })
        .collect_view()
}

/// The documents behind a step, once the details are in.
fn step_sources(
    details: Memo<Option<Result<ExplanationDetails, ChunkError>>>,
    step: fn(&StepSources) -> &Vec<Reference>,
) -> impl Fn() -> Option<AnyView> {
    move || {
        details.with(|d| match d {
            Some(Ok(d)) => Some(sources_view(step(&d.sources).clone()).into_any()),
            _ => None,
        })
    }
}

/// The "Why not" step, once the details are in (or why it is missing).
fn why_not_step(
    details: Memo<Option<Result<ExplanationDetails, ChunkError>>>,
) -> impl Fn() -> Option<AnyView> {
    move || {
        match details.get()? {
        Ok(d) => Some(why_not_view(d.near_misses, d.more_misses, d.sources.why_not)),
        Err(ChunkError) => Some(view! {
            <li data-testid="explain-why-not">
                <span class="step-title">"Why not another rule"</span>
                <span class="message-error" role="alert" data-testid="lazy-failed">
                    "The code for the rules that nearly decided could not be loaded (offline, or the site changed since this page was opened). Select the result again to retry, or reload the page."
                </span>
            </li>
        }
        .into_any()),
    }
    }
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

/// Why the selected result is what it is. The steps' code is a lazy chunk
/// (`explanation`), fetched once a result is first selected, in a task
/// after the one that drew the first verdicts.
#[component]
pub fn ExplanationPanel() -> impl IntoView {
    let selection = use_selection();
    let explanation = selection.explanation();
    let (results, inputs, row) = (use_check().results(), use_inputs(), selection.row());
    let wanted = RwSignal::new(false);
    crate::reactive::effect(move |_| {
        if selection.row().with(Option::is_some) && !wanted.get_untracked() {
            spawn_local(async move {
                gloo_timers::future::TimeoutFuture::new(0).await;
                wanted.set(true);
            });
        }
    });
    view! {
        <section class="card explanation-card" aria-labelledby="explanation-heading" data-testid="explanation">
            <h2 id="explanation-heading">"Why"</h2>
            <When
                when=move || wanted.get()
                fallback=|| view! { <p class="muted">"Select a result to see how it was decided."</p> }
            >
                <Lazy what="the explanation" view=crate::split::lazy_view!(explanation_steps(explanation, row, results, inputs))/>
            </When>
        </section>
    }
}

/// The selected result's steps (or a note that none is selected): the lazy
/// panel's entry (see `components::common::lazy`).
#[cfg_attr(
    feature = "split",
    wasm_split_helpers::wasm_split(explanation, fallible)
)]
fn explanation_steps(
    explanation: Memo<Option<ExplanationView>>,
    row: Read<Option<usize>>,
    results: Memo<Shared<Results>>,
    inputs: Inputs,
) -> Result<AnyView, ChunkError> {
    // The selected row's origin when it has no robots.txt here: no verdict
    // to explain.
    let no_file = move || {
        let row = row.get()?;
        results.with(|r| {
            let has_file = r.cell(row)?.has_file();
            (!has_file).then(|| r.origin(row).map(|o| o.to_string()).unwrap_or_default())
        })
    };
    let details = details_of(explanation);
    Ok(view! {
            {move || match explanation.get() {
                None => match no_file() {
                    Some(origin) => {
                        let write = origin.clone();
                        view! {
                            <p data-testid="explain-no-file">
                                "No robots.txt given for "<code>{origin}</code>
                                ": this URL has no verdict. A robots.txt governs only its own origin (RFC 9309 2.3), so no other file here says anything about it. "
                                <button type="button" class="button button-small" data-testid="write-origin-file" on:click=move |_| inputs.switch_origin(write.clone())>
                                    "Write its robots.txt"
                                </button>
                            </p>
                        }
                        .into_any()
                    }
                    None => view! { <p class="muted">"Select a result to see how it was decided."</p> }.into_any(),
                },
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
                                {step_sources(details, |s| &s.path)}
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
                                {step_sources(details, |s| &s.groups)}
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
                                {step_sources(details, |s| &s.rules)}
                            </li>
                            })}
                            <li>
                                <span class="step-title">"Decision"</span>
                                <span data-testid="explain-decision">{e.decision.clone()}</span>
                                " "
                                <span class="muted">{format!("({})", category_label(e.category))}</span>
                                {step_sources(details, |s| &s.decision)}
                            </li>
                            {e.rules_evaluated.then(|| why_not_step(details))}
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
    }
    .into_any())
}
