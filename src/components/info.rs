//! What the file says besides rules (sitemaps, crawl-delays, other
//! directives) and the diagnostics the lint worker found, grouped by kind
//! (see `view_model::diagnostics`).

use leptos::prelude::*;
use robots_matcher::tools::lint::Severity;

use crate::components::common::lazy::{ChunkError, Lazy};
use crate::components::common::show::When;
use crate::components::common::{reference_link, severity_class, severity_symbol, LineLink};
use crate::store::{use_analysis, use_inputs, Analysis, Inputs, LintStatus, Side};
use crate::view_model::{
    finding_place, fix_all, format_count, format_crawl_delay, group_diagnostics, plural,
    severity_counts, Finding, SEVERITY_FILTERS,
};

/// Each group lists at most this many, and the list at most [`MAX_LISTED`]
/// in all: a huge file can have thousands of one kind (fixing all of a
/// kind still fixes every one).
const MAX_PER_GROUP: usize = 100;
const MAX_LISTED: usize = 300;

/// The diagnostics card: its count, severity filter and state; the grouped
/// list is a lazy panel (`diagnostics_list`), fetched with the worker's
/// first findings. Findings come from the worker a moment after the text
/// changes: the card says when they are on their way
/// (`data-state="pending"`; their fixes wait, as their byte spans belong to
/// the older text), and when the worker failed, so that an empty list never
/// passes for "no findings".
#[component]
pub fn Diagnostics() -> impl IntoView {
    let analysis = use_analysis();
    let findings = analysis.findings(Side::After);
    let status = analysis.status(Side::After);
    let only = RwSignal::new(None::<Severity>);
    let counts = Memo::new(move |_| findings.with(|all| severity_counts(all)));
    let total = move || counts.get().iter().sum::<usize>();
    let pending = Memo::new(move |_| status.get() == LintStatus::Pending);
    let state = move || match status.get() {
        LintStatus::Current => "current",
        LintStatus::Pending => "pending",
        LintStatus::Failed(_) => "failed",
    };
    let count = move || match status.get() {
        LintStatus::Failed(_) => "unavailable".to_string(),
        LintStatus::Pending if total() == 0 => "checking…".to_string(),
        _ => plural(total(), "finding", "findings"),
    };
    view! {
        <section class="card diagnostics-card" aria-labelledby="diagnostics-heading" data-testid="diagnostics-card" data-state=state aria-busy=move || pending.get().to_string()>
            <div class="card-head">
                <h2 id="diagnostics-heading">"Diagnostics"</h2>
                <span class="muted small">{count}</span>
                <select
                    class="small"
                    aria-label="Severity"
                    data-testid="diagnostic-severity"
                    on:change=move |ev| {
                        let key = event_target_value(&ev);
                        only.set(SEVERITY_FILTERS.iter().find(|(k, _)| *k == key).and_then(|(_, s)| *s));
                    }
                >
                    {move || {
                        let counts = counts.get();
                        SEVERITY_FILTERS
                            .iter()
                            .enumerate()
                            .map(|(i, (key, severity))| {
                                let n = match i.checked_sub(1) {
                                    Some(i) => counts[i],
                                    None => counts.iter().sum(),
                                };
                                view! { <option value=*key selected=only.get_untracked() == *severity>{format!("{key} ({n})")}</option> }
                            })
                            .collect_view()
                    }}
                </select>
            </div>
            {move || match status.get() {
                LintStatus::Failed(message) => Some(view! {
                    <p class="diagnostics-failed" role="alert" data-testid="diagnostics-unavailable">
                        {format!("Diagnostics are unavailable: {message}. Verdicts are not affected; reload the page to try again.")}
                    </p>
                }),
                _ => None,
            }}
            <When
                when=move || { total() > 0 }
                fallback=move || match status.get() {
                    LintStatus::Current => view! { <p class="muted">"No problems found."</p> }.into_any(),
                    LintStatus::Pending => view! { <p class="muted">"Checking the file…"</p> }.into_any(),
                    LintStatus::Failed(_) => ().into_any(),
                }
            >
                <Lazy what="the diagnostics list" view=crate::split::lazy_view!(diagnostics_list(only, pending))/>
            </When>
        </section>
    }
}

/// The diagnostics list, grouped by kind (the ones that change verdicts
/// first), filtered to severity `only`, with a fix for all of a kind (its
/// fixes wait while newer findings are `pending`): the lazy panel's entry
/// (its code loads when it is first shown; see `components::common::lazy`).
/// Drawn anew when the findings change (no keyed list: its code cost more
/// than redrawing at most 300 rows).
#[cfg_attr(
    feature = "split",
    wasm_split_helpers::wasm_split(diagnostics, fallible)
)]
fn diagnostics_list(
    only: RwSignal<Option<Severity>>,
    pending: Memo<bool>,
) -> Result<AnyView, ChunkError> {
    let inputs = use_inputs();
    let analysis = use_analysis();
    let findings = analysis.findings(Side::After);
    let fix_kind = move |code: &str, severity| {
        let edit = inputs.text(Side::After).with_untracked(|text| {
            findings.with_untracked(|all| fix_all(text, all, code, severity))
        });
        if let Some(edit) = edit {
            analysis.apply_fix(Side::After, &edit);
        }
    };
    let groups = move || {
        findings.with(|all| {
            let mut budget = MAX_LISTED;
            group_diagnostics(all, only.get())
                .into_iter()
                .map(|g| {
                    let (severity, count) = (g.severity, g.items.len());
                    let listed = count.min(MAX_PER_GROUP).min(budget);
                    budget -= listed;
                    // Small groups and the ones that change verdicts start open.
                    let open = g.changes_verdicts || count <= 5;
                    let code = g.code.clone();
                    let (shown, attribute) = (g.code.clone(), g.code.clone());
                    view! {
                        <details class="diagnostic-group" open=open data-testid="diagnostic-group" data-code=attribute data-count=count.to_string()>
                            <summary>
                                <span class=severity_class(severity)>{severity_symbol(severity)}" "{severity.as_str()}</span>
                                " "<code>{shown}</code>
                                <strong>{format!(" \u{d7} {}", format_count(count))}</strong>
                                {g.changes_verdicts.then(|| view! { <span class="badge" data-testid="changes-verdicts">"changes verdicts"</span> })}
                            </summary>
                            {(g.fixes > 1).then(|| view! {
                                <button
                                    type="button"
                                    class="button button-small"
                                    data-testid="fix-all"
                                    title="One edit; Ctrl+Z in the editor undoes it"
                                    // The spans belong to the text they were linted from.
                                    disabled=move || pending.get()
                                    on:click=move |_| fix_kind(&code, severity)
                                >
                                    {format!("Fix all {}", format_count(g.fixes))}
                                </button>
                            })}
                            <ul>
                                {g.items[..listed].iter().map(|&i| diagnostic_item(inputs, analysis, pending, &all[i])).collect_view()}
                            </ul>
                            {(count > listed).then(|| view! {
                                <p class="muted small">{format!("{} more of this kind not listed.", format_count(count - listed))}</p>
                            })}
                        </details>
                    }
                })
                .collect_view()
        })
    };
    Ok(view! { <div class="diagnostics" data-testid="diagnostics">{groups}</div> }.into_any())
}

/// One finding: where, what, why, and its fix (waiting while newer
/// findings are `pending`).
fn diagnostic_item(
    inputs: Inputs,
    analysis: Analysis,
    pending: Memo<bool>,
    d: &Finding,
) -> impl IntoView {
    let (line, severity) = (d.line, d.severity);
    let fix = d.fix.clone();
    view! {
        <li class=format!("diagnostic {}", severity_class(severity)) data-testid="diagnostic" data-code=d.code.clone() data-line=line.to_string()>
            <button
                type="button"
                class="diagnostic-jump"
                disabled={line == 0}
                on:click=move |_| inputs.show_line(Side::After, line, true)
            >
                <span class="sev-symbol" aria-hidden="true">{severity_symbol(severity)}</span>
                <span class="diagnostic-place">{finding_place(d)}</span>
                <span class="sev-text">{severity.as_str()}</span>
                <code class="diagnostic-code">{d.code.clone()}</code>
                // The name is the visible text, then what the button does.
                <span class="visually-hidden">{(line > 0).then_some(": go to the line")}</span>
            </button>
            <p class="diagnostic-message">{d.message.clone()} " " {reference_link(d.reference.clone())}</p>
            {fix.map(|fix| {
                let title = fix.title.clone();
                view! {
                    <button
                        type="button"
                        class="button button-small"
                        data-testid="quick-fix"
                        title="Edits the file; Ctrl+Z in the editor undoes it"
                        // Its span belongs to the text it was linted from.
                        disabled=move || pending.get()
                        on:click=move |_| analysis.apply_fix(Side::After, &fix)
                    >
                        {format!("Fix: {title}")}
                    </button>
                }
            })}
        </li>
    }
}

#[component]
pub fn FileFacts() -> impl IntoView {
    let document = use_inputs().document(Side::After);
    let facts = Memo::new(move |_| {
        document.with(|d| {
            let sitemaps: Vec<(u32, String)> = d
                .robots
                .sitemaps()
                .iter()
                .map(|s| (s.line, s.url.clone()))
                .collect();
            let delays: Vec<(u32, String, String)> = d
                .crawl_delays()
                .into_iter()
                .map(|(line, group, delay)| (line, group, format_crawl_delay(delay)))
                .collect();
            let others: Vec<(u32, String, String)> = d
                .robots
                .other_directives()
                .iter()
                .filter(|o| !o.key.eq_ignore_ascii_case("crawl-delay"))
                .map(|o| (o.line, o.key.clone(), o.value.clone()))
                .collect();
            (sitemaps, delays, others, d.robots.groups().len())
        })
    });
    let line_button = |line: u32| view! { <LineLink line label=format!("L{line}")/> };
    view! {
        <section class="card facts-card" aria-labelledby="facts-heading">
            <div class="card-head">
                <h2 id="facts-heading">"What else the file says"</h2>
                <span class="muted small">{move || plural(facts.with(|f| f.3), "group", "groups")}</span>
            </div>
            <div class="facts">
                <div class="fact" data-testid="sitemaps">
                    <h3>"Sitemaps"</h3>
                    {move || {
                        let items = facts.with(|f| {
                            f.0.iter()
                                .map(|(line, url)| view! { {line_button(*line)}" "<code class="wrap">{url.clone()}</code> }.into_any())
                                .collect()
                        });
                        fact_list(items, None)
                    }}
                </div>
                <div class="fact" data-testid="crawl-delays">
                    <h3>"Crawl-delay"</h3>
                    {move || {
                        let items = facts.with(|f| {
                            f.1.iter()
                                .map(|(line, group, value)| {
                                    view! { {line_button(*line)}" "<strong>{group.clone()}</strong>": "{value.clone()} }.into_any()
                                })
                                .collect()
                        });
                        fact_list(items, Some("Google ignores Crawl-delay; Bing and Yandex read it."))
                    }}
                </div>
                <div class="fact" data-testid="other-directives">
                    <h3>"Other directives"</h3>
                    {move || {
                        let items = facts.with(|f| {
                            f.2.iter()
                                .map(|(line, key, value)| {
                                    view! { {line_button(*line)}" "<code class="wrap">{format!("{key}: {value}")}</code> }.into_any()
                                })
                                .collect()
                        });
                        fact_list(items, None)
                    }}
                </div>
            </div>
        </section>
    }
}

/// One fact's list: its items, then `note`; or "None." when it is empty.
fn fact_list(items: Vec<AnyView>, note: Option<&'static str>) -> AnyView {
    if items.is_empty() {
        return view! { <p class="muted">"None."</p> }.into_any();
    }
    view! {
        <ul>{items.into_iter().map(|item| view! { <li>{item}</li> }).collect_view()}</ul>
        {note.map(|note| view! { <p class="muted small">{note}</p> })}
    }
    .into_any()
}
