//! Counts over every row, progress, what decides every verdict when
//! robots.txt could not be fetched, compare mode's changes, and what was
//! skipped in the inputs.

use leptos::prelude::*;
use robots_matcher::tools::compare::ChangeCounts;
use robots_matcher::tools::severity::{Severity, SeverityCounts};

use crate::components::common::lazy::{ChunkError, Lazy};
use crate::components::common::progress_view;
use crate::store::{use_check, use_inputs, use_messages, use_table, Side};
use crate::view_model::{format_count, plural, verdict_str, Against, FileChangeView};

/// Counts over every row (not only those shown), progress, and the time
/// the last update took.
#[component]
pub fn Summary() -> impl IntoView {
    let check = use_check();
    let (run, results) = (check.run(), check.results());
    let progress = use_messages().progress();
    let update_ms = check.update_ms();
    let counts = Memo::new(move |_| results.with(|r| (r.counts, r.len())));
    // What the results are compared with, and how many rows differ (none
    // yet while the comparison is being computed).
    let differing = Memo::new(move |_| {
        run.with(|run| {
            let comparison = run.comparison();
            (
                comparison.against,
                run.is_compared().then(|| comparison.differing()),
            )
        })
    });
    let per_crawler = Memo::new(move |_| {
        results.with(|r| {
            r.columns
                .iter()
                .zip(&r.per_crawler)
                .map(|(c, counts)| (c.spec.clone(), *counts))
                .collect::<Vec<_>>()
        })
    });
    view! {
        <div
            class="summary"
            data-testid="results-summary"
            data-total=move || counts.get().1.to_string()
            data-allowed=move || counts.get().0.allowed.to_string()
            data-disallowed=move || counts.get().0.disallowed.to_string()
        >
            <p class="counts" data-testid="counts">
                {move || {
                    let (counts, total) = counts.get();
                    view! {
                        <span class="count">{plural(total, "result", "results")}</span>
                        <span class="count count-allowed" data-testid="count-allowed" data-count=counts.allowed.to_string()>
                            <span aria-hidden="true">"✓ "</span>
                            {format!("{} allowed", format_count(counts.allowed))}
                        </span>
                        <span class="count count-disallowed" data-testid="count-disallowed" data-count=counts.disallowed.to_string()>
                            <span aria-hidden="true">"✕ "</span>
                            {format!("{} disallowed", format_count(counts.disallowed))}
                        </span>
                        {(counts.no_file > 0).then(|| view! {
                            <span class="count count-no-file" data-testid="count-no-file" data-count=counts.no_file.to_string() title="Rows of origins with no robots.txt here have no verdict">
                                {format!("{} without a robots.txt", format_count(counts.no_file))}
                            </span>
                        })}
                    }
                }}
                {move || match differing.get() {
                    (Against::OtherMode(mode), Some(n)) if n > 0 => Some(view! {
                        <span class="count count-differs" data-testid="count-differs">
                            {format!("{} differ under {}", format_count(n), mode.label())}
                        </span>
                    }.into_any()),
                    (_, Some(_)) => None,
                    (Against::Before, None) => Some(view! { <span class="count muted small">"comparing versions…"</span> }.into_any()),
                    (Against::OtherMode(_), None) => Some(view! { <span class="count muted small">"comparing modes…"</span> }.into_any()),
                }}
                <span class="count muted small" data-testid="timing">
                    {move || format!("updated in {} ms", (update_ms.get() + 0.5) as u64)}
                </span>
            </p>
            <FetchNote/>
            <CompareSummary/>
            {move || progress.get().map(progress_view)}
            <Show when=move || per_crawler.with(|p| p.len() > 1)>
                <ul class="per-crawler small" aria-label="Counts per crawler">
                    {move || {
                        per_crawler
                            .get()
                            .into_iter()
                            .map(|(spec, counts)| {
                                view! {
                                    <li>
                                        <strong>{spec}</strong>
                                        {format!(": {} allowed, {} disallowed", format_count(counts.allowed), format_count(counts.disallowed))}
                                    </li>
                                }
                            })
                            .collect_view()
                    }}
                </ul>
            </Show>
        </div>
    }
}

/// When the chosen fetch outcome leaves no usable robots.txt: that it, not
/// the rules, decides every verdict.
#[component]
fn FetchNote() -> impl IntoView {
    let results = use_check().results();
    let note = Memo::new(move |_| {
        results.with(|r| {
            let outcome = r.fetched.outcome;
            outcome.fixed_verdict().map(|v| {
                format!(
                    "Fetching robots.txt ended with {}: every URL is {} (RFC 9309 {}), whatever its rules say.",
                    outcome,
                    verdict_str(v.allowed),
                    outcome.rfc_section()
                )
            })
        })
    });
    view! {
        <Show when=move || note.with(Option::is_some)>
            <p class="fetch-note" data-testid="fetch-note">{move || note.get()}</p>
        </Show>
    }
}

/// In compare mode: how many (URL, crawler) rows change verdict from the
/// version before, each way, in all and per crawler.
#[component]
fn CompareSummary() -> impl IntoView {
    let compare = use_inputs().compare();
    view! {
        <Show when=move || compare.get()>
            <Lazy what="the comparison's summary" view=crate::split::lazy_view!(compare_summary_view())/>
        </Show>
    }
}

/// Compare mode's changes: the lazy panel's entry (its code loads when it is first
/// shown; see `components::common::lazy`).
#[cfg_attr(
    feature = "split",
    wasm_split_helpers::wasm_split(compare_summary, fallible)
)]
fn compare_summary_view() -> Result<AnyView, ChunkError> {
    let run = use_check().run();
    // One memo for the verdict changes and their severities: they change
    // together.
    let changes = Memo::new(move |_| {
        run.with(|run| {
            let comparison = run.comparison();
            (run.is_compared() && comparison.against == Against::Before).then(|| {
                let per_crawler: Vec<(String, ChangeCounts)> = run
                    .results()
                    .columns
                    .iter()
                    .map(|c| c.spec.clone())
                    .zip(comparison.per_crawler.iter().copied())
                    .collect();
                let file = comparison.file_changes(run.results());
                let listed = file
                    .as_ref()
                    .map(|file| FileChangeView::list(comparison, file))
                    .unwrap_or_default();
                let severities = comparison.severities(file.as_ref());
                (comparison.counts, per_crawler, severities, listed)
            })
        })
    });
    // One element whose attributes change: it stays while typing.
    let counts = move || changes.with(|c| c.as_ref().map(|(counts, ..)| *counts));
    Ok(view! {
            <div
                class="compare-summary"
                data-testid="compare-summary"
                data-changed=move || counts().map(|c| c.total().to_string())
                data-newly-blocked=move || counts().map(|c| c.newly_disallowed.to_string())
                data-newly-allowed=move || counts().map(|c| c.newly_allowed.to_string())
            >
                {move || match changes.get() {
                    None => view! { <p class="muted small">"Comparing with the version before…"</p> }.into_any(),
                    Some((counts, per_crawler, severities, file)) => view! {
                        <p>
                            <strong>
                                {if counts.total() == 0 {
                                    "No verdict changes from the version before.".to_string()
                                } else {
                                    format!("{} from the version before:", plural(counts.total(), "result changes", "results change"))
                                }}
                            </strong>
                            {(counts.total() > 0).then(|| view! {
                                " "
                                <span class="count count-disallowed">{format!("{} newly blocked", format_count(counts.newly_disallowed))}</span>
                                " "
                                <span class="count count-allowed">{format!("{} newly allowed", format_count(counts.newly_allowed))}</span>
                            })}
                        </p>
                        {(counts.total() > 0 && per_crawler.len() > 1).then(|| view! {
                            <ul class="per-crawler small" aria-label="Changes per crawler">
                                {per_crawler
                                    .into_iter()
                                    .map(|(spec, c)| view! {
                                        <li>
                                            <strong>{spec}</strong>
                                            {format!(": {} newly blocked, {} newly allowed", format_count(c.newly_disallowed), format_count(c.newly_allowed))}
                                        </li>
                                    })
                                    .collect_view()}
                            </ul>
                        })}
                        {severity_view(severities, file)}
                    }.into_any(),
                }}
            </div>
    }
    .into_any())
}

/// The most file changes listed (a rewrite can change thousands of rules).
const MAX_FILE_CHANGES_SHOWN: usize = 50;

/// The changes' counts per severity (the library's classes), the filter
/// of the table by severity (one button per severity, and one for all
/// rows), and the file's own changes with their lines.
fn severity_view(counts: SeverityCounts, file: Vec<FileChangeView>) -> impl IntoView {
    let (table, inputs) = (use_table(), use_inputs());
    let chosen = move || table.query().with(|q| q.severity);
    let more = file.len().saturating_sub(MAX_FILE_CHANGES_SHOWN);
    let buttons = [
        Some(Severity::Critical),
        Some(Severity::Warning),
        Some(Severity::Info),
        None,
    ];
    view! {
        <div
            class="severity-counts"
            data-testid="severity-counts"
            data-critical=counts.critical.to_string()
            data-warning=counts.warning.to_string()
            data-info=counts.info.to_string()
        >
            <span class="small">"Changes by severity (show only the rows of one): "</span>
            <span role="group" aria-label="Show only the changes of one severity" data-testid="severity-filter">
                {buttons.map(|severity| {
                    let (key, label) = match severity {
                        Some(s) => (s.as_str(), [&format_count(counts.of(s)), " ", s.as_str()].concat()),
                        None => ("all", "all rows".to_string()),
                    };
                    view! {
                        <button
                            type="button"
                            class="button button-small"
                            data-severity=key
                            aria-pressed=move || (chosen() == severity).to_string()
                            on:click=move |_| table.filter_severity(severity)
                        >
                            {label}
                        </button>
                    }
                }).collect_view()}
            </span>
            <ul class="file-changes small" data-testid="file-changes" aria-label="Changes of the file itself">
                {file.into_iter().take(MAX_FILE_CHANGES_SHOWN).map(|change| {
                    let class = change.class;
                    view! {
                        <li data-severity=class.severity.as_str() title=class.description()>
                            <span class="change-class">{[class.severity.as_str(), ": ", class.code, " "].concat()}</span>
                            {change.what}
                            {change.line.map(|(line, before)| view! {
                                " "
                                <button
                                    type="button"
                                    class="link-button"
                                    on:click=move |_| inputs.show_line(if before { Side::Before } else { Side::After }, line, true)
                                >
                                    {["L", &line.to_string(), if before { " before" } else { "" }].concat()}
                                </button>
                            })}
                        </li>
                    }
                }).collect_view()}
                <li class="muted">{(more > 0).then(|| format!("and {} more (all are counted above)", format_count(more)))}</li>
            </ul>
        </div>
    }
}

/// What was skipped in the inputs.
#[component]
pub fn Notes() -> impl IntoView {
    let results = use_check().results();
    let notes = Memo::new(move |_| results.with(|r| r.notes.clone()));
    view! {
        <Show when=move || notes.with(|n| !n.is_empty())>
            <ul class="notes" data-testid="result-notes">
                {move || notes.get().into_iter().map(|n| view! { <li>{n}</li> }).collect_view()}
            </ul>
        </Show>
    }
}
