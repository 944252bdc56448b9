//! The colour layer under the editor's text field: each line in view drawn
//! by kind (User-agent, Allow, Disallow, comment, ...) with its key, value
//! and comment coloured and its diagnostics' spans flagged, the deciding
//! line of the selected result highlighted, and the active line marked.

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

use leptos::prelude::*;
use robots_matcher::LineKind;

use super::{id, px, EditorView, LINE_HEIGHT, PAD_Y};
use crate::components::common::severity_class;
use crate::store::{use_analysis, use_inputs};
use crate::view_model::LineView;

/// The CSS class of a line kind.
fn kind_class(kind: LineKind, unused: bool) -> &'static str {
    match kind {
        LineKind::Other if unused => "k-unused",
        LineKind::Blank => "k-blank",
        LineKind::Comment => "k-comment",
        LineKind::UserAgent => "k-user-agent",
        LineKind::Allow => "k-allow",
        LineKind::Disallow => "k-disallow",
        LineKind::Sitemap => "k-sitemap",
        LineKind::Other => "k-unknown",
        LineKind::Invalid => "k-invalid",
        LineKind::BeyondLimit => "k-beyond",
    }
}

/// The colour layer of one editor.
#[component]
pub fn ColourLayer(editor: EditorView) -> impl IntoView {
    let document = use_inputs().document(editor.side);
    let findings = use_analysis().findings(editor.side);
    let side = editor.side;
    let lines = Memo::new(move |_| {
        let (start, end) = editor.range.get();
        let findings = findings.get();
        document.with(|d| {
            (start..=end)
                .filter_map(|n| d.line_view(n, &findings))
                .map(|line| {
                    let mut hasher = DefaultHasher::new();
                    line.hash(&mut hasher);
                    (hasher.finish(), line)
                })
                .collect::<Vec<_>>()
        })
    });
    let (highlighted, active_line, window) =
        (editor.highlighted, editor.active_line, editor.window);
    view! {
        <div class="overlay" aria-hidden="true">
            <div
                class="overlay-inner"
                style:height=move || editor.height_px()
                style:transform=move || format!("translate({}, {})", px(-window.left.get()), px(-window.top.get()))
            >
                <For
                    each=move || lines.get()
                    key=|(hash, line)| (*hash, line.number)
                    children=move |(_, line): (u64, LineView)| {
                        let n = line.number;
                        view! {
                            <div
                                class=format!("line {}", kind_class(line.kind, line.unused))
                                class:changed=move || editor.changed(n)
                                class:highlighted=move || highlighted.get() == n
                                class:active=move || active_line.get() == Some(n)
                                style:top=px(PAD_Y + (n - 1) as f64 * LINE_HEIGHT)
                                data-testid=move || (highlighted.get() == n).then(|| id(side, "highlighted-line"))
                                data-line=move || (highlighted.get() == n).then(|| n.to_string())
                            >
                                {line
                                    .segments
                                    .into_iter()
                                    .map(|segment| {
                                        let class = match segment.flagged {
                                            Some(s) => format!("seg {} flag {}", segment.part.as_str(), severity_class(s)),
                                            None => format!("seg {}", segment.part.as_str()),
                                        };
                                        view! { <span class=class>{segment.text}</span> }
                                    })
                                    .collect_view()}
                            </div>
                        }
                    }
                />
            </div>
        </div>
    }
}
