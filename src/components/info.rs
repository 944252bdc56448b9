//! What the file says besides rules (sitemaps, crawl-delays, other
//! directives) and the diagnostics list.

use leptos::prelude::*;

use crate::components::common::lazy::{ChunkError, Lazy};
use crate::components::common::{reference_link, severity_class, severity_symbol, LineLink};
use crate::store::{use_analysis, use_inputs, LintStatus, Side};
use crate::view_model::{finding_place, format_crawl_delay, plural, Finding};

/// The diagnostics list shows at most this many; a huge file can have
/// thousands.
const MAX_LISTED: usize = 300;

/// The diagnostics list. Findings come from the worker a moment after the
/// text changes: the card says when they are on their way
/// (`data-state="pending"`), and when the worker failed, so that an empty
/// list never passes for "no findings".
#[component]
pub fn Diagnostics() -> impl IntoView {
    let analysis = use_analysis();
    let findings = analysis.findings(Side::After);
    let status = analysis.status(Side::After);
    let list = Memo::new(move |_| {
        findings.with(|all| {
            let shown: Vec<_> = all
                .iter()
                .take(MAX_LISTED)
                .map(|d| (d.clone(), finding_place(d)))
                .collect();
            (shown, all.len())
        })
    });
    let total = Memo::new(move |_| list.with(|l| l.1));
    let pending = Memo::new(move |_| status.get() == LintStatus::Pending);
    let state = move || match status.get() {
        LintStatus::Current => "current",
        LintStatus::Pending => "pending",
        LintStatus::Failed(_) => "failed",
    };
    let count = move || match status.get() {
        LintStatus::Failed(_) => "unavailable".to_string(),
        LintStatus::Pending if total.get() == 0 => "checking…".to_string(),
        _ => plural(total.get(), "finding", "findings"),
    };
    view! {
        <section class="card diagnostics-card" aria-labelledby="diagnostics-heading" data-testid="diagnostics-card" data-state=state aria-busy=move || pending.get().to_string()>
            <div class="card-head">
                <h2 id="diagnostics-heading">"Diagnostics"</h2>
                <span class="muted small">{count}</span>
            </div>
            {move || match status.get() {
                LintStatus::Failed(message) => Some(view! {
                    <p class="diagnostics-failed" role="alert" data-testid="diagnostics-unavailable">
                        {format!("Diagnostics are unavailable: {message}. Verdicts are not affected; reload the page to try again.")}
                    </p>
                }),
                _ => None,
            }}
            <Show
                when=move || { total.get() > 0 }
                fallback=move || match status.get() {
                    LintStatus::Current => view! { <p class="muted">"No problems found."</p> }.into_any(),
                    LintStatus::Pending => view! { <p class="muted">"Checking the file…"</p> }.into_any(),
                    LintStatus::Failed(_) => ().into_any(),
                }
            >
                <Lazy what="the diagnostics list" view=crate::split::lazy_view!(diagnostics_list(list, total, pending))/>
            </Show>
        </section>
    }
}

/// The findings listed (at most [`MAX_LISTED`], of `total`), with their
/// fixes, disabled while `pending`.
type Listed = Memo<(Vec<(Finding, String)>, usize)>;

/// The diagnostics list: the lazy panel's entry (its code loads when it is first
/// shown; see `components::common::lazy`).
#[cfg_attr(
    feature = "split",
    wasm_split_helpers::wasm_split(diagnostics, fallible)
)]
fn diagnostics_list(
    list: Listed,
    total: Memo<usize>,
    pending: Memo<bool>,
) -> Result<AnyView, ChunkError> {
    let inputs = use_inputs();
    let analysis = use_analysis();
    Ok(view! {
                    <ul class="diagnostics" data-testid="diagnostics">
                        <For
                            each=move || list.with(|l| l.0.clone())
                            key=|d| d.clone()
                            children=move |(finding, place)| {
                                let line = finding.line;
                                let severity = finding.severity;
                                let code = finding.code.clone();
                                view! {
                                    <li class=format!("diagnostic {}", severity_class(severity)) data-testid="diagnostic" data-code=code data-line=line.to_string()>
                                        <button
                                            type="button"
                                            class="diagnostic-jump"
                                            disabled={line == 0}
                                            on:click=move |_| inputs.show_line(Side::After, line, true)
                                        >
                                            <span class="sev-symbol" aria-hidden="true">{severity_symbol(severity)}</span>
                                            <span class="diagnostic-place">{place}</span>
                                            <span class="sev-text">{severity.as_str()}</span>
                                            <code class="diagnostic-code">{finding.code}</code>
                                            // The name is the visible text, then what the button does.
                                            <span class="visually-hidden">{(line > 0).then_some(": go to the line")}</span>
                                        </button>
                                        <p class="diagnostic-message">{finding.message} " " {reference_link(finding.reference)}</p>
                                        {finding.fix.map(|fix| {
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
                        />
                    </ul>
                    {move || {
                        let total = total.get();
                        (total > MAX_LISTED)
                            .then(|| view! { <p class="muted small">{format!("{} more not listed.", total - MAX_LISTED)}</p> })
                    }}
    }
    .into_any())
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
