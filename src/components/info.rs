//! What the file says besides rules (sitemaps, crawl-delays, other
//! directives) and the diagnostics, grouped by kind (see
//! `view_model::diagnostics`).

use leptos::prelude::*;

use crate::components::common::{reference_link, severity_class, severity_symbol, LineLink};
use robots_matcher::tools::lint::{Diagnostic, Severity};

use crate::store::{use_inputs, Inputs, Side};
use crate::view_model::{
    diagnostic_place, fix_all, format_count, format_crawl_delay, group_diagnostics, plural,
    severity_counts, SEVERITY_FILTERS,
};

/// Each group lists at most this many, and the list at most [`MAX_LISTED`]
/// in all: a huge file can have thousands of one kind (fixing all of a
/// kind still fixes every one).
const MAX_PER_GROUP: usize = 100;
const MAX_LISTED: usize = 300;

/// The diagnostics, grouped by kind (the ones that change verdicts first),
/// with a severity filter and a fix for all of a kind. Drawn anew when the
/// diagnostics change (no keyed list: its code cost more than redrawing at
/// most 300 rows).
#[component]
pub fn Diagnostics() -> impl IntoView {
    let inputs = use_inputs();
    let document = inputs.document(Side::After);
    let only = RwSignal::new(None::<Severity>);
    // The one place diagnostics are read; the rest is the view model's.
    let counts = Memo::new(move |_| document.with(|d| severity_counts(d.diagnostics())));
    let total = move || counts.get().iter().sum::<usize>();
    let fix_kind = move |code, severity| {
        let fix = inputs.text(Side::After).with_untracked(|text| {
            document.with_untracked(|d| fix_all(text, d.diagnostics(), code, severity))
        });
        if let Some(fix) = fix {
            inputs.apply_fix(&fix);
        }
    };
    let groups = move || {
        document.with(|d| {
            let all = d.diagnostics();
            let mut budget = MAX_LISTED;
            group_diagnostics(all, only.get())
                .into_iter()
                .map(|g| {
                    let (code, severity, count) = (g.code, g.severity, g.items.len());
                    let listed = count.min(MAX_PER_GROUP).min(budget);
                    budget -= listed;
                    // Small groups and the ones that change verdicts start open.
                    let open = g.changes_verdicts || count <= 5;
                    view! {
                        <details class="diagnostic-group" open=open data-testid="diagnostic-group" data-code=code.as_str() data-count=count.to_string()>
                            <summary>
                                <span class=severity_class(severity)>{severity_symbol(severity)}" "{severity.as_str()}</span>
                                " "<code>{code.as_str()}</code>
                                <strong>{format!(" \u{d7} {}", format_count(count))}</strong>
                                {g.changes_verdicts.then(|| view! { <span class="badge" data-testid="changes-verdicts">"changes verdicts"</span> })}
                            </summary>
                            {(g.fixes > 1).then(|| view! {
                                <button
                                    type="button"
                                    class="button button-small"
                                    data-testid="fix-all"
                                    title="One edit; Ctrl+Z in the editor undoes it"
                                    on:click=move |_| fix_kind(code, severity)
                                >
                                    {format!("Fix all {}", format_count(g.fixes))}
                                </button>
                            })}
                            <ul>
                                {g.items[..listed].iter().map(|&i| diagnostic_item(inputs, &all[i])).collect_view()}
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
    view! {
        <section class="card diagnostics-card" aria-labelledby="diagnostics-heading">
            <div class="card-head">
                <h2 id="diagnostics-heading">"Diagnostics"</h2>
                <span class="muted small">{move || plural(total(), "finding", "findings")}</span>
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
            {move || if total() == 0 {
                view! { <p class="muted">"No problems found."</p> }.into_any()
            } else {
                view! { <div class="diagnostics" data-testid="diagnostics">{groups}</div> }.into_any()
            }}
        </section>
    }
}

/// One diagnostic: where, what, why, and its fix.
fn diagnostic_item(inputs: Inputs, d: &Diagnostic) -> impl IntoView {
    let (line, severity, code) = (d.line, d.severity, d.code.as_str());
    let fix = d.fix.clone();
    view! {
        <li class=format!("diagnostic {}", severity_class(severity)) data-testid="diagnostic" data-code=code data-line=line.to_string()>
            <button
                type="button"
                class="diagnostic-jump"
                disabled={line == 0}
                on:click=move |_| inputs.show_line(Side::After, line, true)
            >
                <span class="sev-symbol" aria-hidden="true">{severity_symbol(severity)}</span>
                <span class="diagnostic-place">{diagnostic_place(d)}</span>
                <span class="sev-text">{severity.as_str()}</span>
                <code class="diagnostic-code">{code}</code>
                // The name is the visible text, then what the button does.
                <span class="visually-hidden">{(line > 0).then_some(": go to the line")}</span>
            </button>
            <p class="diagnostic-message">{d.message.clone()} " " {reference_link(d.code.reference())}</p>
            {fix.map(|fix| {
                let title = fix.title.clone();
                view! {
                    <button
                        type="button"
                        class="button button-small"
                        data-testid="quick-fix"
                        title="Edits the file; Ctrl+Z in the editor undoes it"
                        on:click=move |_| inputs.apply_fix(&fix)
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
