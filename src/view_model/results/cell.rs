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
    /// The deciding rule (index into `Robots::rules`), or [`Cell::NO_RULE`].
    rule: u32,
}

impl Cell {
    const NO_RULE: u32 = u32::MAX;

    pub(crate) fn new(verdict: &Verdict) -> Cell {
        Cell {
            category: verdict.category,
            line: verdict.line,
            rule: verdict.rule.map_or(Cell::NO_RULE, |r| r as u32),
        }
    }

    /// Whether the crawler may fetch the URL.
    pub fn allowed(&self) -> bool {
        !matches!(
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
}

impl Counts {
    /// Every row counted.
    pub fn total(&self) -> usize {
        self.allowed + self.disallowed
    }

    pub(crate) fn add(&mut self, allowed: bool) {
        if allowed {
            self.allowed += 1;
        } else {
            self.disallowed += 1;
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
