//! What a row keeps and what is counted over rows: a compact verdict (a
//! [`Cell`], 12 bytes), allowed and disallowed [`Counts`], and the
//! crawlers that make the columns.

use robots_matcher::{Category, Crawler, Verdict};

/// One verdict, as a row keeps it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cell {
    /// The kind of verdict (which says allowed or not).
    pub category: Category,
    /// The deciding line, 0 when none.
    pub line: u32,
    /// Whether the row's origin has a robots.txt here (else the row has
    /// no verdict: see `view_model::origins`).
    has_file: bool,
    /// The deciding rule (index into `Robots::rules`), or [`Cell::NO_RULE`].
    rule: u32,
}

impl Cell {
    const NO_RULE: u32 = u32::MAX;

    pub(crate) fn new(verdict: &Verdict) -> Cell {
        Cell {
            category: verdict.category,
            line: verdict.line,
            has_file: true,
            rule: verdict.rule.map_or(Cell::NO_RULE, |r| r as u32),
        }
    }

    /// The row of a URL whose origin has no robots.txt here: no verdict.
    pub(crate) fn no_file() -> Cell {
        Cell {
            category: Category::AllowedImplicit,
            line: 0,
            has_file: false,
            rule: Cell::NO_RULE,
        }
    }

    /// Whether the row has a verdict: its origin has a robots.txt here.
    pub fn has_file(&self) -> bool {
        self.has_file
    }

    /// Whether the crawler may fetch the URL: `Some` when the row has a
    /// verdict.
    pub fn verdict(&self) -> Option<bool> {
        self.has_file.then(|| self.allowed())
    }

    /// Whether the crawler may fetch the URL (for a row without a file,
    /// see [`Cell::verdict`], false: never counted as allowed).
    pub fn allowed(&self) -> bool {
        self.has_file
            && !matches!(
                self.category,
                Category::DisallowedExplicit | Category::Unreachable
            )
    }

    /// The deciding rule, when one decided.
    pub fn rule(&self) -> Option<usize> {
        (self.rule != Cell::NO_RULE).then_some(self.rule as usize)
    }
}

/// Allowed and disallowed counts of some rows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Rows allowed.
    pub allowed: usize,
    /// Rows disallowed.
    pub disallowed: usize,
    /// Rows without a verdict: their origin has no robots.txt here.
    pub no_file: usize,
}

impl Counts {
    /// Every row counted.
    pub fn total(&self) -> usize {
        self.allowed + self.disallowed + self.no_file
    }

    pub(crate) fn add(&mut self, cell: &Cell) {
        match cell.verdict() {
            Some(true) => self.allowed += 1,
            Some(false) => self.disallowed += 1,
            None => self.no_file += 1,
        }
    }
}

/// A valid crawler of the crawler field: a column of the results.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Column {
    /// The spec as typed.
    pub spec: String,
    /// The crawler it names.
    pub crawler: Crawler,
}
