//! The robots.txt editor: a plain `<textarea>` holding the text, under
//! which a colour layer draws only the visible lines (line kinds,
//! diagnostics, the deciding line of the selected result), next to a
//! gutter of line numbers and markers. The layers are positioned by line
//! index times a fixed line height, so a 500 KiB file costs no more to
//! draw than a short one.
//!
//! - this module: the editor of one side, its scrolling, caret and the
//!   lines it is asked to show;
//! - `gutter`: numbers, diagnostics marks, counts of results decided;
//! - `layer`: the colour layer;
//! - `line_info`: what the active line is and does;
//! - `size_status`: size, lines and Google's size limit.

mod gutter;
mod layer;
mod line_info;
mod size_status;

use leptos::ev;
use leptos::prelude::*;

use crate::components::common::drop_zone::DropZone;
use crate::components::common::text_area::{reloaded, TextField};
use crate::components::common::window::{visible, ScrollWindow};
use robots_matcher::tools::line_diff::LineDiff;

use crate::store::{use_expect, use_inputs, use_selection, use_table, Shared, Side};
use crate::view_model::text::{line_at_utf16, utf16_offset_of_line};

/// Height of one line in pixels; the stylesheet uses the same value.
pub const LINE_HEIGHT: f64 = 20.0;
/// The textarea's vertical padding in pixels (see `.editor-input`).
const PAD_Y: f64 = 8.0;
/// Lines drawn above and below the visible ones, so fast scrolling does
/// not show blank lines.
const OVERSCAN: usize = 12;

/// A CSS length in whole pixels. Every offset here is a whole number of
/// pixels; formatting an integer keeps float formatting out of the wasm.
fn px(value: f64) -> String {
    format!("{}px", value as i64)
}

/// An id or test id for a side: the version before's carry `-before`, so
/// both editors can be on the page at once.
fn id(side: Side, base: &str) -> String {
    match side {
        Side::After => base.to_string(),
        Side::Before => format!("{base}-before"),
    }
}

/// What the parts of one editor share: its side, where it is scrolled,
/// the lines in view, and the lines to mark.
#[derive(Clone, Copy)]
pub struct EditorView {
    side: Side,
    window: ScrollWindow,
    line_count: Memo<u32>,
    /// The first and last line in view (1-based, inclusive), margins
    /// included.
    range: Memo<(u32, u32)>,
    /// The selected result's deciding line (0: none).
    highlighted: Memo<u32>,
    /// The line under the pointer.
    hover_line: RwSignal<Option<u32>>,
    /// The pointer's line, else the caret's, else the selected result's.
    active_line: Memo<Option<u32>>,
    line_diff: Memo<Shared<LineDiff>>,
}

impl EditorView {
    /// Whether line `n` differs from the other version (compare mode).
    fn changed(&self, n: u32) -> bool {
        self.line_diff.with(|d| match self.side {
            Side::After => d.after_changed(n),
            Side::Before => d.before_changed(n),
        })
    }

    /// The height of every line, as a CSS length.
    fn height_px(&self) -> String {
        px(self.line_count.get() as f64 * LINE_HEIGHT + 2.0 * PAD_Y)
    }
}

/// A robots.txt editor for one side.
#[component]
pub fn Editor(side: Side) -> impl IntoView {
    let inputs = use_inputs();
    let (text, document, compare) = (inputs.text(side), inputs.document(side), inputs.compare());
    let field = TextField::new();
    let textarea = field.node;
    let window = ScrollWindow::follow(textarea, 560.0);
    let measure = move || window.measure(textarea);
    let hover_line = RwSignal::new(None::<u32>);
    let caret_line = RwSignal::new(None::<u32>);

    let line_count = Memo::new(move |_| document.with(|d| d.line_count() as u32));
    let range = Memo::new(move |_| {
        let lines = visible(
            window.top.get() - PAD_Y,
            window.height.get(),
            LINE_HEIGHT,
            line_count.get() as usize,
            OVERSCAN,
        );
        (lines.start as u32 + 1, lines.end as u32)
    });
    let highlighted = use_selection().highlighted(side);
    // The pointer's line, else the caret's, else the selected result's.
    let active_line = Memo::new(move |_| {
        hover_line
            .get()
            .or(caret_line.get())
            .or(Some(highlighted.get()).filter(|&n| n > 0))
    });
    let editor = EditorView {
        side,
        window,
        line_count,
        range,
        highlighted,
        hover_line,
        active_line,
        line_diff: inputs.line_diff(),
    };

    // A line chosen in the editor (the caret moved to it: a click, the
    // keys, a diagnostic) brings the first result it decides into the
    // table's view.
    let table = use_table();
    let choose_line = move |line: u32| {
        caret_line.set(Some(line));
        if let Some(position) = table.first_decided(line).filter(|_| side == Side::After) {
            crate::components::results::reveal_position(position);
        }
    };

    // Show a line when asked (a selected result, a clicked diagnostic).
    let jump = inputs.jump(side);
    crate::reactive::effect(move |_| {
        let Some(jump) = jump.get() else {
            return;
        };
        // After the next layout: on the first screen the textarea is only
        // just being attached.
        request_animation_frame(move || {
            let Some(el) = textarea.get_untracked() else {
                return;
            };
            let height = (el.client_height() as f64).max(LINE_HEIGHT);
            window.height.set(height);
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
                choose_line(jump.line);
            }
            window.top.set(el.scroll_top() as f64);
            window.left.set(el.scroll_left() as f64);
        });
    });

    let update_caret = move || {
        if let Some(el) = textarea.get_untracked() {
            let start = el.selection_start().ok().flatten().unwrap_or(0);
            let line = text.with_untracked(|t| line_at_utf16(t, start));
            if caret_line.get_untracked() != Some(line) {
                choose_line(line);
            }
        }
    };

    let edit = move |text| {
        inputs.edit_text(side, text);
        update_caret();
    };

    let on_mouse_move = move |event: ev::MouseEvent| {
        let y = event.offset_y() as f64 + window.top.get_untracked() - PAD_Y;
        let line = (y / LINE_HEIGHT).floor().max(0.0) as u32 + 1;
        let line = line.min(line_count.get_untracked().max(1));
        if hover_line.get_untracked() != Some(line) {
            hover_line.set(Some(line));
        }
    };
    let zone = DropZone::new();
    let open = move |files: Vec<crate::store::PickedFile>| {
        if let Some(file) = files.into_iter().next() {
            inputs.open_robots_file(file, side);
        }
    };

    view! {
        <div class="card editor-card">
            <div class="card-head">
                <h2 id=id(side, "robots-heading")>
                    <label for=id(side, "robots-input")>
                        {move || match (side, compare.get()) {
                            (Side::After, false) => "robots.txt",
                            (Side::After, true) => "robots.txt: draft (after)",
                            (Side::Before, _) => "robots.txt: live (before)",
                        }}
                    </label>
                </h2>
                <size_status::SizeStatus side/>
                {(side == Side::After).then(expect_badge)}
            </div>
            <div
                class="editor"
                class:dragging=move || zone.dragging.get()
                on:dragover=zone.over()
                on:dragleave=zone.leave()
                on:drop=zone.drop(open)
            >
                <gutter::Gutter editor/>
                <div class="code">
                    <layer::ColourLayer editor/>
                    <textarea
                        id=id(side, "robots-input")
                        class="editor-input"
                        data-testid=id(side, "robots-input")
                        node_ref=textarea
                        wrap="off"
                        spellcheck="false"
                        autocomplete="off"
                        autocapitalize="off"
                        aria-describedby=format!("{} {}", id(side, "line-info"), id(side, "editor-help"))
                        prop:value=reloaded(text, inputs.reloads())
                        on:input=field.on_input(edit)
                        on:paste=field.on_paste(move |text| inputs.take_robots_paste(text))
                        on:beforeinput=field.on_beforeinput(
                            move |text| inputs.take_robots_paste(text),
                            edit,
                        )
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
            <p id=id(side, "editor-help") class="hint">
                "Type or paste a robots.txt, open a file, or drop one here. Move the caret or the pointer to a line to see what it does."
            </p>
            <line_info::LineInfo side line=active_line/>
        </div>
    }
}

/// "2 expectations fail" beside the editor's title while some do (nothing
/// otherwise): a click opens the expectations and brings them into view.
fn expect_badge() -> impl IntoView {
    let expect = use_expect();
    let report = expect.report();
    move || {
        report
            .with(|r| r.as_ref().and_then(|r| r.badge()))
            .map(|text| {
                view! {
                    <button
                        type="button"
                        class="badge expect-badge"
                        data-testid="expect-badge"
                        title="Show the expectations"
                        on:click=move |_| {
                            expect.set_open(true);
                            crate::browser::focus_selector("#expect-panel");
                        }
                    >
                        {text}
                    </button>
                }
            })
    }
}
