//! The gutter beside the editor: line numbers, a mark for each line's most
//! severe diagnostic, how many listed results each line decides, and the
//! lines that differ from the other version (compare mode). Only the lines
//! in view are drawn.

use leptos::prelude::*;
use robots_matcher::tools::lint::Severity;

use super::{px, EditorView, LINE_HEIGHT, PAD_Y};
use crate::components::common::{severity_class, severity_symbol};
use crate::store::{use_analysis, use_check, use_inputs, Side};
use crate::view_model::{findings_on, format_short_count, plural};

/// A gutter entry.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct GutterLine {
    number: u32,
    severity: Option<Severity>,
    /// Its diagnostics and what it decides, for the tooltip.
    title: String,
    /// How many listed results it decides.
    decides: usize,
    /// Whether it differs from the other version (compare mode).
    changed: bool,
}

/// The gutter of one editor.
#[component]
pub fn Gutter(editor: EditorView) -> impl IntoView {
    let document = use_inputs().document(editor.side);
    let findings = use_analysis().findings(editor.side);
    let results = use_check().results();
    let side = editor.side;
    // Each visible line's diagnostics and how many listed results it
    // decides.
    let lines = Memo::new(move |_| {
        let (start, end) = editor.range.get();
        let document = document.get();
        let findings = findings.get();
        results.with(|r| {
            (start..=end.max(start))
                .filter(|&n| n as usize <= document.line_count())
                .map(|n| {
                    let diagnostics = findings_on(&findings, n);
                    let mut title: Vec<String> = diagnostics
                        .iter()
                        .map(|d| format!("{} ({}): {}", d.severity.as_str(), d.code, d.message))
                        .collect();
                    // Results count lines of the version they are for.
                    let decides = if side == Side::After {
                        r.decided_on_line(n)
                    } else {
                        0
                    };
                    if decides > 0 {
                        title.push(format!(
                            "Decides {}.",
                            plural(decides, "listed result", "listed results")
                        ));
                    }
                    GutterLine {
                        number: n,
                        changed: editor.changed(n),
                        severity: diagnostics.iter().map(|d| d.severity).min(),
                        title: title.join("\n"),
                        decides,
                    }
                })
                .collect::<Vec<_>>()
        })
    });
    let (highlighted, hover_line) = (editor.highlighted, editor.hover_line);
    view! {
        <div class="gutter" aria-hidden="true">
            <div
                class="gutter-inner"
                style:height=move || editor.height_px()
                style:transform=move || format!("translateY({})", px(-editor.window.top.get()))
            >
                <For
                    each=move || lines.get()
                    key=|g| g.clone()
                    children=move |g: GutterLine| {
                        let n = g.number;
                        view! {
                            <div
                                class="gutter-line"
                                class:decides={g.decides > 0}
                                class:changed=g.changed
                                class:active=move || highlighted.get() == n
                                style:top=px(PAD_Y + (n - 1) as f64 * LINE_HEIGHT)
                                title=g.title.clone()
                                on:mouseenter=move |_| hover_line.set(Some(n))
                                on:mouseleave=move |_| hover_line.set(None)
                            >
                                <span class=move || format!("marker {}", g.severity.map_or("", severity_class))>
                                    {g.severity.map_or("", severity_symbol)}
                                </span>
                                <span class="number">{n}</span>
                                <span class="decides-count" data-testid="gutter-count">
                                    {(g.decides > 0).then(|| format_short_count(g.decides))}
                                </span>
                            </div>
                        }
                    }
                />
            </div>
        </div>
    }
}
