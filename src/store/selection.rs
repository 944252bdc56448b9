//! The selection entity: the selected result, its explanation, and the
//! lines that decided it (highlighted in the editors, which are asked to
//! show them).
//!
//! New results keep the selection on the same URL and crawler when they
//! still have that row (wherever it moved), unless the inputs were
//! replaced as a whole (the rows then stand for other things); otherwise
//! the first row a rule decided is selected. A link's selected row is
//! selected once its results arrive.

use leptos::prelude::*;

use super::check::Check;
use super::inputs::{Inputs, Side};
use super::state::Read;
use super::table::Table;
use crate::view_model::{ExplanationView, Results};

/// The selection entity.
#[derive(Clone, Copy)]
pub struct Selection {
    row: RwSignal<Option<usize>>,
    /// [`Inputs::replaced`] when the row was selected.
    made_at: StoredValue<u32>,
    /// The selected row's URL and crawler spec, to find it in new results.
    kept: StoredValue<Option<(String, String)>>,
    /// A row a link selected, until the first results arrive.
    wanted: StoredValue<Option<usize>>,
    explanation: Memo<Option<ExplanationView>>,
    highlighted: Memo<u32>,
    highlighted_before: Memo<u32>,
    inputs: Inputs,
    check: Check,
    table: Table,
}

impl Selection {
    /// No row selected until the first results arrive.
    pub fn new(inputs: Inputs, check: Check, table: Table) -> Selection {
        let row = RwSignal::new(None::<usize>);
        let run = check.run();
        let explanation = Memo::new(move |_| {
            let row = row.get()?;
            run.with(|run| ExplanationView::new(run, row))
        });
        let highlighted_before = Memo::new(move |_| {
            explanation.with(|e| {
                e.as_ref()
                    .and_then(|e| e.before.as_ref())
                    .map_or(0, |b| b.line)
            })
        });
        let results = check.results();
        let highlighted = Memo::new(move |_| {
            row.get()
                .and_then(|row| results.with(|r| r.cell(row)))
                .map_or(0, |cell| cell.line)
        });
        let selection = Selection {
            row,
            made_at: StoredValue::new(inputs.replaced().get_untracked()),
            kept: StoredValue::new(None),
            wanted: StoredValue::new(None),
            explanation,
            highlighted,
            highlighted_before,
            inputs,
            check,
            table,
        };
        selection.follow_results();
        selection
    }

    /// The selected row (an index into the results).
    pub fn row(&self) -> Read<Option<usize>> {
        Read::of(self.row)
    }

    /// The selected row's explanation.
    pub fn explanation(&self) -> Memo<Option<ExplanationView>> {
        self.explanation
    }

    /// The line that decided the selected row in a version (0: none).
    pub fn highlighted(&self, side: Side) -> Memo<u32> {
        match side {
            Side::After => self.highlighted,
            Side::Before => self.highlighted_before,
        }
    }

    /// Selects a row and shows its deciding line (in both versions, when
    /// comparing). A row of another origin's file brings that file into
    /// the editor first.
    pub fn select(&self, row: usize) {
        let Some((cell, kept, origin)) = self.check.results().with_untracked(|r| {
            let kept = (r.url(row).to_string(), r.agent(row).to_string());
            // Only to a file that exists: an origin without one is said
            // so in the explanation, which offers to write its file.
            let other_file = !r.in_editor(row) && r.cell(row).is_some_and(|c| c.has_file());
            let origin = other_file.then(|| r.origin(row)).flatten();
            r.cell(row).map(|cell| (cell, kept, origin))
        }) else {
            return;
        };
        if let Some(origin) = origin {
            self.inputs.switch_origin(origin.to_string());
        }
        self.row.set(Some(row));
        self.kept.set_value(Some(kept));
        self.made_at
            .set_value(self.inputs.replaced().get_untracked());
        if cell.line > 0 {
            self.inputs.show_line(Side::After, cell.line, false);
        }
        let before = self.highlighted_before.get_untracked();
        if before > 0 {
            self.inputs.show_line(Side::Before, before, false);
        }
    }

    /// Moves the selection within the table by a key (`ArrowDown`,
    /// `ArrowUp`, `PageDown`, `PageUp`, `Home`, `End`), given how many rows
    /// a page holds; returns the row selected.
    pub fn move_by(&self, key: &str, page: usize) -> Option<usize> {
        let table = self.table.rows().get_untracked();
        let last = table.len().checked_sub(1)?;
        let current = self.row.get_untracked().and_then(|row| table.position(row));
        let position = match (key, current) {
            ("Home", _) | (_, None) => 0,
            ("End", _) => last,
            ("ArrowDown", Some(p)) => (p + 1).min(last),
            ("ArrowUp", Some(p)) => p.saturating_sub(1),
            ("PageDown", Some(p)) => (p + page).min(last),
            ("PageUp", Some(p)) => p.saturating_sub(page),
            (_, Some(p)) => p,
        };
        let row = table.row(position)?;
        self.select(row);
        Some(row)
    }

    /// Selects `row` once the results of the inputs it was chosen with
    /// arrive (a link's selected row).
    pub(super) fn select_when_checked(&self, row: Option<usize>) {
        self.wanted.set_value(row);
    }

    /// Keeps the selection valid as results arrive.
    fn follow_results(self) {
        let results = self.check.results();
        crate::reactive::effect(move |_| {
            let results = results.get();
            if results.is_empty() {
                self.row.set(None);
                return;
            }
            if let Some(row) = self.wanted.get_value() {
                self.wanted.set_value(None);
                if row < results.len() {
                    self.select(row);
                    return;
                }
            }
            let replaced = self.made_at.get_value() != self.inputs.replaced().get_untracked();
            let same = self.kept.with_value(|kept| {
                kept.as_ref()
                    .and_then(|(url, agent)| row_of(&results, url, agent))
            });
            match same {
                // The same URL and crawler: kept without moving the editor.
                Some(row) if !replaced => self.row.set(Some(row)),
                _ => match results.default_selection() {
                    Some(row) => self.select(row),
                    None => self.row.set(None),
                },
            }
        });
    }
}

/// The row of `url` as `agent` (a crawler spec) in `results`, if any
/// (linear in URLs, once per new results).
fn row_of(results: &Results, url: &str, agent: &str) -> Option<usize> {
    let column = results.columns.iter().position(|c| c.spec == agent)?;
    let index = results.urls.list.iter().position(|u| u == url)?;
    Some(index * results.columns.len() + column)
}
