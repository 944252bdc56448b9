//! The robots.txt editor: a plain `<textarea>` holding the text, under
//! which a colour layer draws only the visible lines (line kinds,
//! diagnostics, the deciding line of the selected result), next to a
//! gutter of line numbers and markers. The layers are positioned by line
//! index times a fixed line height, so a 500 KiB file costs no more to
//! draw than a short one.

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

use leptos::ev;
use leptos::html;
use leptos::prelude::*;
use robots_matcher::tools::lint::Severity;
use robots_matcher::LineKind;

use crate::components::common::{severity_class, severity_symbol};
use crate::store::{set_text, use_store, Jump, Shared, Store};
use crate::view_model::Document;
use crate::view_model::{format_short_count, format_size, line_range_label, plural, LineView};

/// Height of one line in pixels; the stylesheet uses the same value.
pub const LINE_HEIGHT: f64 = 20.0;
/// The textarea's vertical padding in pixels (see `.editor-input`).
const PAD_Y: f64 = 8.0;
/// Lines drawn above and below the visible ones, so fast scrolling does
/// not show blank lines.
const OVERSCAN: u32 = 12;

/// The 1-based line that contains a UTF-16 offset of the text (what the
/// browser's `selectionStart` counts in).
fn line_at_utf16(text: &str, offset: u32) -> u32 {
    // ASCII text (the usual robots.txt): UTF-16 units are bytes.
    if text.is_ascii() {
        let end = (offset as usize).min(text.len());
        return text.as_bytes()[..end]
            .iter()
            .filter(|&&b| b == b'\n')
            .count() as u32
            + 1;
    }
    let mut units = 0u32;
    let mut line = 1u32;
    for c in text.chars() {
        if units >= offset {
            break;
        }
        units += c.len_utf16() as u32;
        if c == '\n' {
            line += 1;
        }
    }
    line
}

/// The UTF-16 offset where a 1-based line starts.
fn utf16_offset_of_line(text: &str, line: u32) -> u32 {
    let mut units = 0u32;
    let mut current = 1u32;
    for c in text.chars() {
        if current >= line {
            break;
        }
        units += c.len_utf16() as u32;
        if c == '\n' {
            current += 1;
        }
    }
    units
}

/// A CSS length in whole pixels. Every offset here is a whole number of
/// pixels; formatting an integer keeps float formatting out of the wasm.
fn px(value: f64) -> String {
    format!("{}px", value as i64)
}

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

/// Which version an editor holds: the one checked (the draft, in compare
/// mode) or the version before.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    /// The robots.txt the results are for.
    After,
    /// The version before, in compare mode.
    Before,
}

impl Side {
    /// An id or test id for this side: the version before's carry
    /// `-before`, so both editors can be on the page at once.
    fn id(self, base: &str) -> String {
        match self {
            Side::After => base.to_string(),
            Side::Before => format!("{base}-before"),
        }
    }

    fn text(self, store: Store) -> RwSignal<String> {
        match self {
            Side::After => store.robots,
            Side::Before => store.before,
        }
    }

    fn document(self, store: Store) -> Memo<Shared<Document>> {
        match self {
            Side::After => store.document,
            Side::Before => store.before_document,
        }
    }

    fn highlighted(self, store: Store) -> Memo<u32> {
        match self {
            Side::After => store.highlighted_line,
            Side::Before => store.highlighted_before,
        }
    }

    fn jump(self, store: Store) -> RwSignal<Option<Jump>> {
        match self {
            Side::After => store.jump,
            Side::Before => store.jump_before,
        }
    }

    /// Whether line `n` differs from the other version (compare mode).
    fn changed(self, store: Store, n: u32) -> bool {
        store.line_diff.with(|d| match self {
            Side::After => d.after_changed(n),
            Side::Before => d.before_changed(n),
        })
    }
}

/// A robots.txt editor for one side.
#[component]
pub fn Editor(side: Side) -> impl IntoView {
    let store = use_store();
    let (text, document) = (side.text(store), side.document(store));
    let textarea: NodeRef<html::Textarea> = NodeRef::new();
    let scroll_top = RwSignal::new(0.0f64);
    let scroll_left = RwSignal::new(0.0f64);
    let viewport = RwSignal::new(560.0f64);
    let hover_line = RwSignal::new(None::<u32>);
    let caret_line = RwSignal::new(None::<u32>);
    let dragging = RwSignal::new(false);

    let measure = move || {
        if let Some(el) = textarea.get_untracked() {
            scroll_top.set(el.scroll_top() as f64);
            scroll_left.set(el.scroll_left() as f64);
            let height = el.client_height() as f64;
            if height > 0.0 {
                viewport.set(height);
            }
        }
    };
    let _ = window_event_listener(ev::resize, move |_| measure());

    let line_count = Memo::new(move |_| document.with(|d| d.line_count() as u32));
    let range = Memo::new(move |_| {
        let top = scroll_top.get();
        let height = viewport.get();
        let count = line_count.get().max(1);
        let first = ((top - PAD_Y) / LINE_HEIGHT).floor().max(0.0) as u32 + 1;
        let shown = (height / LINE_HEIGHT).ceil() as u32 + 1;
        let start = first.saturating_sub(OVERSCAN).max(1);
        let end = (first + shown + OVERSCAN).min(count);
        (start, end)
    });
    let visible = Memo::new(move |_| {
        let (start, end) = range.get();
        document.with(|d| {
            (start..=end)
                .filter_map(|n| d.line_view(n))
                .map(|view| {
                    let mut hasher = DefaultHasher::new();
                    view.hash(&mut hasher);
                    (hasher.finish(), view)
                })
                .collect::<Vec<_>>()
        })
    });
    // Each visible line's diagnostics and how many listed results it
    // decides, for the gutter.
    let gutter = Memo::new(move |_| {
        let (start, end) = range.get();
        let document = document.get();
        store.results.with(|r| {
            (start..=end.max(start))
                .filter(|&n| n as usize <= document.line_count())
                .map(|n| {
                    let diagnostics = document.diagnostics_on(n);
                    let mut title: Vec<String> = diagnostics
                        .iter()
                        .map(|d| {
                            format!(
                                "{} ({}): {}",
                                d.severity.as_str(),
                                d.code.as_str(),
                                d.message
                            )
                        })
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
                        changed: side.changed(store, n),
                        severity: diagnostics.iter().map(|d| d.severity).min(),
                        title: title.join("\n"),
                        decides,
                    }
                })
                .collect::<Vec<_>>()
        })
    });

    // Show a line when asked (a selected result, a clicked diagnostic).
    Effect::new(move |_| {
        let Some(jump) = side.jump(store).get() else {
            return;
        };
        // After the next layout: on the first screen the textarea is only
        // just being attached.
        request_animation_frame(move || {
            let Some(el) = textarea.get_untracked() else {
                return;
            };
            let height = (el.client_height() as f64).max(LINE_HEIGHT);
            viewport.set(height);
            let line_top = PAD_Y + (jump.line.saturating_sub(1)) as f64 * LINE_HEIGHT;
            let current = el.scroll_top() as f64;
            let visible = line_top >= current && line_top + LINE_HEIGHT <= current + height;
            if !visible || jump.focus {
                let target = (line_top - height / 2.0 + LINE_HEIGHT / 2.0).max(0.0);
                el.set_scroll_top(target as i32);
            }
            if jump.focus {
                let offset = text.with_untracked(|t| utf16_offset_of_line(t, jump.line));
                let _ = el.focus();
                let _ = el.set_selection_range(offset, offset);
                caret_line.set(Some(jump.line));
            }
            scroll_top.set(el.scroll_top() as f64);
            scroll_left.set(el.scroll_left() as f64);
        });
    });

    let update_caret = move || {
        if let Some(el) = textarea.get_untracked() {
            let start = el.selection_start().ok().flatten().unwrap_or(0);
            let line = text.with_untracked(|t| line_at_utf16(t, start));
            if caret_line.get_untracked() != Some(line) {
                caret_line.set(Some(line));
            }
        }
    };

    let on_mouse_move = move |event: ev::MouseEvent| {
        let y = event.offset_y() as f64 + scroll_top.get_untracked() - PAD_Y;
        let line = (y / LINE_HEIGHT).floor().max(0.0) as u32 + 1;
        let line = line.min(line_count.get_untracked().max(1));
        if hover_line.get_untracked() != Some(line) {
            hover_line.set(Some(line));
        }
    };

    let on_drop = move |event: ev::DragEvent| {
        event.prevent_default();
        dragging.set(false);
        let file = event
            .data_transfer()
            .and_then(|dt| dt.files())
            .and_then(|files| files.get(0));
        if let Some(file) = file {
            store.open_robots_file(file, text);
        }
    };

    let highlighted = side.highlighted(store);
    // The pointer's line, else the caret's, else the selected result's.
    let active_line = Memo::new(move |_| {
        hover_line
            .get()
            .or(caret_line.get())
            .or(Some(highlighted.get()).filter(|&n| n > 0))
    });

    view! {
        <div class="card editor-card">
            <div class="card-head">
                <h2 id=side.id("robots-heading")>
                    <label for=side.id("robots-input")>
                        {move || match (side, store.compare.get()) {
                            (Side::After, false) => "robots.txt",
                            (Side::After, true) => "robots.txt: draft (after)",
                            (Side::Before, _) => "robots.txt: live (before)",
                        }}
                    </label>
                </h2>
                <SizeStatus side/>
            </div>
            <div
                class="editor"
                class:dragging=move || dragging.get()
                on:dragover=move |event: ev::DragEvent| {
                    event.prevent_default();
                    dragging.set(true);
                }
                on:dragleave=move |_| dragging.set(false)
                on:drop=on_drop
            >
                <div class="gutter" aria-hidden="true">
                    <div
                        class="gutter-inner"
                        style:height=move || px(line_count.get() as f64 * LINE_HEIGHT + 2.0 * PAD_Y)
                        style:transform=move || format!("translateY({})", px(-scroll_top.get()))
                    >
                        <For
                            each=move || gutter.get()
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
                <div class="code">
                    <div class="overlay" aria-hidden="true">
                        <div
                            class="overlay-inner"
                            style:height=move || px(line_count.get() as f64 * LINE_HEIGHT + 2.0 * PAD_Y)
                            style:transform=move || format!("translate({}, {})", px(-scroll_left.get()), px(-scroll_top.get()))
                        >
                            <For
                                each=move || visible.get()
                                key=|(hash, view)| (*hash, view.number)
                                children=move |(_, view): (u64, LineView)| {
                                    let n = view.number;
                                    view! {
                                        <div
                                            class=format!("line {}", kind_class(view.kind, view.unused))
                                            class:changed=move || side.changed(store, n)
                                            class:highlighted=move || highlighted.get() == n
                                            class:active=move || active_line.get() == Some(n)
                                            style:top=px(PAD_Y + (n - 1) as f64 * LINE_HEIGHT)
                                            data-testid=move || (highlighted.get() == n).then(|| side.id("highlighted-line"))
                                            data-line=move || (highlighted.get() == n).then(|| n.to_string())
                                        >
                                            {view
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
                    <textarea
                        id=side.id("robots-input")
                        class="editor-input"
                        data-testid=side.id("robots-input")
                        node_ref=textarea
                        wrap="off"
                        spellcheck="false"
                        autocomplete="off"
                        autocapitalize="off"
                        aria-describedby=format!("{} {}", side.id("line-info"), side.id("editor-help"))
                        prop:value=move || {
                            store.external.get();
                            text.get_untracked()
                        }
                        on:input=move |event| {
                            if let Some(target) = event.target() {
                                set_text(text, crate::browser::field_value(&target));
                            }
                            update_caret();
                        }
                        on:beforeinput=move |event: ev::InputEvent| {
                            let Some(el) = textarea.get_untracked() else { return };
                            if let Some(inserted) = crate::browser::take_multiline_insert(&event, &el) {
                                crate::browser::write_into(&el, &inserted);
                                set_text(text, inserted.text);
                                update_caret();
                            }
                        }
                        on:scroll=move |_| measure()
                        on:keyup=move |_| update_caret()
                        on:click=move |_| update_caret()
                        on:focus=move |_| {
                            measure();
                            update_caret();
                        }
                        on:mousemove=on_mouse_move
                        on:mouseleave=move |_| hover_line.set(None)
                    ></textarea>
                </div>
            </div>
            <p id=side.id("editor-help") class="hint">
                "Type or paste a robots.txt, open a file, or drop one here. Move the caret or the pointer to a line to see what it does."
            </p>
            <LineInfo side line=active_line/>
        </div>
    }
}

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

/// What the active line is and does: its kind, group, diagnostics and the
/// results it decides.
#[component]
fn LineInfo(side: Side, line: Memo<Option<u32>>) -> impl IntoView {
    let store = use_store();
    let document = side.document(store);
    let info = Memo::new(move |_| {
        let n = line.get()?;
        let document = document.get();
        let l = document.robots.line(n)?;
        let group = l
            .group
            .and_then(|g| document.robots.groups().get(g))
            .map(|g| format!("group {}", line_range_label(&g.lines)));
        let diagnostics: Vec<(Severity, String, String)> = document
            .diagnostics_on(n)
            .iter()
            .map(|d| (d.severity, d.code.as_str().to_string(), d.message.clone()))
            .collect();
        let decides = match side {
            Side::After => store.results.with(|r| r.decides_note(n)),
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
        <div id=side.id("line-info") class="line-info" aria-live="polite" data-testid=side.id("line-info")>
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
                            <li class="decides" data-testid="line-decides">
                                {decides.unwrap_or_else(|| "Decides none of the listed results.".to_string())}
                            </li>
                        </ul>
                    }
                        .into_any()
                }
            }}
        </div>
    }
}

/// File size, lines, and the Google size limit switch when it matters.
#[component]
fn SizeStatus(side: Side) -> impl IntoView {
    let store = use_store();
    let (text, document) = (side.text(store), side.document(store));
    let status = Memo::new(move |_| {
        document.with(|d| (d.robots.input_len(), d.line_count(), d.robots.ignored_len()))
    });
    let over_limit = Memo::new(move |_| text.with(|t| t.len() > robots_matcher::GOOGLE_SIZE_LIMIT));
    view! {
        <div class="size-status">
            <span data-testid=side.id("robots-size")>
                {move || {
                    let (bytes, lines, _) = status.get();
                    format!("{} · {}", format_size(bytes), plural(lines, "line", "lines"))
                }}
            </span>
            <Show when=move || over_limit.get()>
                <span class="limit-note">
                    {move || {
                        let (_, _, ignored) = status.get();
                        if ignored > 0 {
                            format!("Google reads the first 500 KiB; {} are ignored.", format_size(ignored))
                        } else {
                            "Reading past Google's 500 KiB limit.".to_string()
                        }
                    }}
                </span>
                <label class="checkbox">
                    <input
                        type="checkbox"
                        prop:checked=move || !store.size_limited.get()
                        on:change:target=move |event| store.size_limited.set(!event.target().checked())
                    />
                    "Read the whole file"
                </label>
            </Show>
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn caret_offsets_in_ascii_text() {
        let text = "a\nbc\n\nlast";
        assert_eq!(line_at_utf16(text, 0), 1);
        assert_eq!(line_at_utf16(text, 2), 2);
        assert_eq!(line_at_utf16(text, 6), 4);
        assert_eq!(line_at_utf16(text, 99), 4);
    }

    #[test]
    fn caret_offsets_map_to_lines_and_back() {
        let text = "a\nbé🤖\n\nlast";
        assert_eq!(line_at_utf16(text, 0), 1);
        assert_eq!(line_at_utf16(text, 1), 1);
        assert_eq!(line_at_utf16(text, 2), 2);
        // 'é' is one UTF-16 unit, the robot two.
        assert_eq!(line_at_utf16(text, 6), 2);
        assert_eq!(line_at_utf16(text, 7), 3);
        assert_eq!(line_at_utf16(text, 8), 4);
        assert_eq!(line_at_utf16(text, 99), 4);
        for line in 1..=4 {
            assert_eq!(line_at_utf16(text, utf16_offset_of_line(text, line)), line);
        }
        assert_eq!(utf16_offset_of_line(text, 4), 8);
    }
}
