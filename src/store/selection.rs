//! The selection entity: the selected result, its explanation, and the
//! lines that decided it (highlighted in the editors, which are asked to
//! show them).
//!
//! New results keep the selection on a row that still exists, unless the
//! inputs were replaced as a whole (the rows then stand for other things);
//! otherwise the first row a rule decided is selected.

use leptos::prelude::*;

use super::check::Check;
use super::inputs::{Inputs, Side};
use super::state::Read;
use super::table::Table;
use crate::view_model::ExplanationView;

/// The selection entity.
#[derive(Clone, Copy)]
pub struct Selection {
    row: RwSignal<Option<usize>>,
    /// [`Inputs::replaced`] when the row was selected.
    made_at: StoredValue<u32>,
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
    /// comparing).
    pub fn select(&self, row: usize) {
        let Some(cell) = self.check.results().with_untracked(|r| r.cell(row)) else {
            return;
        };
        self.row.set(Some(row));
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

    /// Keeps the selection valid as results arrive.
    fn follow_results(self) {
        let results = self.check.results();
        Effect::new(move |_| {
            let results = results.get();
            let replaced = self.made_at.get_value() != self.inputs.replaced().get_untracked();
            let exists = self
                .row
                .get_untracked()
                .is_some_and(|row| row < results.len());
            if exists && !replaced {
                return;
            }
            match results.default_selection() {
                Some(row) => self.select(row),
                None => self.row.set(None),
            }
        });
    }
}
