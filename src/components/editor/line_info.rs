//! What the active line (under the pointer, at the caret, or the selected
//! result's) is and does: its kind, group, diagnostics and the results it
//! decides, with *Show them*, which brings those results into the table's
//! view (issue 24: the result in view when a line is chosen).

use leptos::prelude::*;
use robots_matcher::tools::lint::Severity;
use robots_matcher::LineKind;

use super::id;
use crate::components::common::{severity_class, severity_symbol};
use crate::store::{use_analysis, use_check, use_inputs, use_table, Side};
use crate::view_model::{findings_on, line_range_label, DecidedBy};

/// How a line kind reads in the line details.
fn kind_label(kind: LineKind, unused: bool) -> &'static str {
    match kind {
        LineKind::Other if unused => "Directive Google recognises but does not use",
        LineKind::Blank => "Blank line",
        LineKind::Comment => "Comment",
        LineKind::UserAgent => "User-agent line",
        LineKind::Allow => "Allow rule",
        LineKind::Disallow => "Disallow rule",
        LineKind::Sitemap => "Sitemap",
        LineKind::Other => "Unknown directive (crawlers skip it)",
        LineKind::Invalid => "Not a directive (skipped)",
        LineKind::BeyondLimit => "Beyond the size limit (never read)",
    }
}

/// What the active line is and does: its kind, group, diagnostics and the
/// results it decides.
#[component]
pub fn LineInfo(side: Side, line: Memo<Option<u32>>) -> impl IntoView {
    let document = use_inputs().document(side);
    let findings = use_analysis().findings(side);
    let results = use_check().results();
    let table = use_table();
    let info = Memo::new(move |_| {
        let n = line.get()?;
        let document = document.get();
        let l = document.robots.line(n)?;
        let group = l
            .group
            .and_then(|g| document.robots.groups().get(g))
            .map(|g| format!("group {}", line_range_label(&g.lines)));
        let diagnostics: Vec<(Severity, String, String)> = findings_on(&findings.get(), n)
            .iter()
            .map(|d| (d.severity, d.code.clone(), d.message.clone()))
            .collect();
        let decides = match side {
            Side::After => results.with(|r| r.decides_note(n)),
            Side::Before => None,
        };
        Some((
            n,
            kind_label(l.kind, document.is_unused_directive(l)),
            group,
            diagnostics,
            decides,
        ))
    });
    view! {
        <div id=id(side, "line-info") class="line-info" aria-live="polite" data-testid=id(side, "line-info")>
            {move || match info.get() {
                None => view! { <p class="muted">"No line selected."</p> }.into_any(),
                Some((n, kind, group, diagnostics, decides)) => {
                    view! {
                        <p class="line-info-head">
                            <strong>{format!("Line {n}")}</strong>
                            " · "
                            {kind}
                            {group.map(|g| format!(" · {g}"))}
                        </p>
                        <ul class="line-info-list">
                            {diagnostics
                                .into_iter()
                                .map(|(severity, code, message)| {
                                    view! {
                                        <li class=severity_class(severity)>
                                            <span class="sev-symbol" aria-hidden="true">{severity_symbol(severity)}</span>
                                            <span class="sev-text">{severity.as_str()}</span>
                                            " "
                                            <code>{code}</code>
                                            ": "
                                            {message}
                                        </li>
                                    }
                                })
                                .collect_view()}
                            <li class="decides">
                                <span data-testid="line-decides">
                                    {decides.clone().unwrap_or_else(|| "Decides none of the listed results.".to_string())}
                                </span>
                                // The table shows only the results this line
                                // decides, beside the editor.
                                {decides.is_some().then(|| view! {
                                    " "
                                    <button
                                        type="button"
                                        class="link-button"
                                        data-testid="line-show-results"
                                        on:click=move |_| table.show_decided_by(DecidedBy::Line(n))
                                    >
                                        "Show them"
                                    </button>
                                })}
                            </li>
                        </ul>
                    }
                        .into_any()
                }
            }}
        </div>
    }
}
