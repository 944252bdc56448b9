//! Widgets more than one component shows: verdict badges, severity marks,
//! links to a line of the editor, progress; and the behaviours several
//! components share: a virtual window over a long list ([`window`](mod@window)), a
//! zone files can be dropped on ([`drop_zone`]), a text field kept in step
//! with an input ([`text_area`]); the boundary of a panel whose code loads
//! when it is first shown ([`lazy`](mod@lazy)); `<Show>` compiled once
//! ([`show`]).

pub mod drop_zone;
pub mod lazy;
pub mod show;
pub mod text_area;
pub mod window;

use leptos::prelude::*;
use robots_matcher::tools::lint::Severity;

use crate::store::{use_inputs, Progress, Side};
use crate::view_model::{format_count, Citation};

/// A verdict badge: colour plus a symbol and a word.
pub fn verdict_badge(allowed: bool) -> impl IntoView {
    let (class, symbol, word) = if allowed {
        ("badge badge-allowed", "✓", "Allowed")
    } else {
        ("badge badge-disallowed", "✕", "Disallowed")
    };
    view! {
        <span class=class>
            <span aria-hidden="true">{symbol}</span>
            " "
            {word}
        </span>
    }
}

/// The CSS class of a severity.
pub fn severity_class(severity: Severity) -> &'static str {
    match severity {
        Severity::Error => "sev-error",
        Severity::Warning => "sev-warning",
        Severity::Info => "sev-info",
    }
}

/// A symbol that tells the severity without colour.
pub fn severity_symbol(severity: Severity) -> &'static str {
    match severity {
        Severity::Error => "✖",
        Severity::Warning => "▲",
        Severity::Info => "ℹ",
    }
}

/// A button that shows a line in the editor.
#[component]
pub fn LineLink(
    /// The line.
    line: u32,
    /// Its label (`L12`, `Show lines 5–9`).
    label: String,
) -> impl IntoView {
    let inputs = use_inputs();
    view! {
        <button type="button" class="link-button line-link" on:click=move |_| inputs.show_line(Side::After, line, false)>
            {label}
        </button>
    }
}

/// `Checking 120,000 of 300,000 rows…` with a progress bar.
pub fn progress_view(progress: Progress) -> impl IntoView {
    let label = format!(
        "{} {} of {} rows…",
        progress.task,
        format_count(progress.done),
        format_count(progress.total)
    );
    view! {
        <p class="progress" role="status" data-testid="progress">
            <span>{label.clone()}</span>
            <progress max=progress.total.max(1).to_string() value=progress.done.to_string() aria-label=label></progress>
        </p>
    }
}

/// A link to the document a behaviour rests on (RFC 9309 or Google's
/// documentation), opened in a new tab at the reader's choice.
pub fn reference_link(reference: impl Into<Citation>) -> impl IntoView {
    let reference = reference.into();
    view! {
        <a class="reference" href=reference.url target="_blank" rel="noopener noreferrer" data-testid="reference">
            {reference.title}
        </a>
    }
}
