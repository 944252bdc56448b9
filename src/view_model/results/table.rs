//! The table's filters and order ([`TableQuery`]), and the rows that pass
//! them, in order ([`TableView`]).

use super::{Against, Cell, CheckRun, Results};
use crate::view_model::sort::sort_indices;
use robots_matcher::tools::severity::Severity;

/// Which verdicts the table shows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum VerdictFilter {
    /// Every row.
    #[default]
    All,
    /// Allowed rows.
    Allowed,
    /// Disallowed rows.
    Disallowed,
    /// Rows whose verdict differs in the other mode.
    Differs,
}

impl VerdictFilter {
    /// Every filter, in menu order.
    pub const ALL: [VerdictFilter; 4] = [
        VerdictFilter::All,
        VerdictFilter::Allowed,
        VerdictFilter::Disallowed,
        VerdictFilter::Differs,
    ];

    /// The value of its `<option>`.
    pub fn key(self) -> &'static str {
        match self {
            VerdictFilter::All => "all",
            VerdictFilter::Allowed => "allowed",
            VerdictFilter::Disallowed => "disallowed",
            VerdictFilter::Differs => "differs",
        }
    }

    /// The filter whose [`VerdictFilter::key`] is `key`.
    pub fn from_key(key: &str) -> Option<VerdictFilter> {
        VerdictFilter::ALL.into_iter().find(|f| f.key() == key)
    }

    /// Its label in the menu, where the other mode is `other`.
    pub fn label(self, against: Against) -> String {
        match (self, against) {
            (VerdictFilter::All, _) => String::from("All verdicts"),
            (VerdictFilter::Allowed, _) => String::from("Allowed"),
            (VerdictFilter::Disallowed, _) => String::from("Disallowed"),
            (VerdictFilter::Differs, Against::OtherMode(mode)) => {
                format!("Differs under {}", mode.label())
            }
            (VerdictFilter::Differs, Against::Before) => String::from("Changed from before"),
        }
    }
}

/// The order of the table's rows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Order {
    /// As listed: URL by URL, crawlers in the field's order.
    #[default]
    Input,
    /// By URL (crawlers in the field's order within a URL).
    Url,
    /// Disallowed first, then allowed; input order within each.
    Verdict,
    /// By deciding line; rows no rule decided last.
    Line,
}

impl Order {
    /// Every order, in menu order.
    pub const ALL: [Order; 4] = [Order::Input, Order::Url, Order::Verdict, Order::Line];

    /// The value of its `<option>`.
    pub fn key(self) -> &'static str {
        match self {
            Order::Input => "input",
            Order::Url => "url",
            Order::Verdict => "verdict",
            Order::Line => "line",
        }
    }

    /// The order whose [`Order::key`] is `key`.
    pub fn from_key(key: &str) -> Option<Order> {
        Order::ALL.into_iter().find(|o| o.key() == key)
    }

    /// Its label in the menu.
    pub fn label(self) -> &'static str {
        match self {
            Order::Input => "As listed",
            Order::Url => "URL",
            Order::Verdict => "Verdict",
            Order::Line => "Deciding line",
        }
    }
}

/// Which rule decided the rows to show.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DecidedBy {
    /// The rule on this line.
    Line(u32),
    /// No rule.
    NoRule,
}

/// What the table shows: filters and an order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TableQuery {
    /// By verdict.
    pub verdict: VerdictFilter,
    /// Only this crawler (a column index), or every crawler.
    pub crawler: Option<usize>,
    /// Only URLs containing this text.
    pub text: String,
    /// Only rows this rule (or no rule) decided.
    pub decided_by: Option<DecidedBy>,
    /// The order.
    pub order: Order,
    /// Only rows whose change from the version before is of this severity
    /// (compare mode), or every row.
    pub severity: Option<Severity>,
}

/// The rows the table shows, in order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TableView {
    /// Row indices, or `None` for every row in input order.
    rows: Option<Vec<u32>>,
    len: usize,
}

impl TableView {
    /// The rows of `run` that pass `query`, in its order.
    pub fn new(run: &CheckRun, query: &TableQuery) -> TableView {
        let (results, comparison) = (run.results(), run.comparison());
        if *query == TableQuery::default() {
            return TableView {
                rows: None,
                len: results.len(),
            };
        }
        let width = results.columns.len();
        let marks_of = |rows: &mut dyn Iterator<Item = u32>| {
            let mut marks = vec![false; results.len()];
            for row in rows {
                if let Some(mark) = marks.get_mut(row as usize) {
                    *mark = true;
                }
            }
            marks
        };
        let differs: Vec<bool> = if query.verdict == VerdictFilter::Differs {
            marks_of(&mut comparison.rows().iter().copied())
        } else {
            Vec::new()
        };
        // Out of compare mode, the severity filter waits unapplied.
        let severity = query
            .severity
            .filter(|_| comparison.against == Against::Before);
        let of_severity: Vec<bool> = match severity {
            Some(severity) => marks_of(&mut comparison.rows_of(severity)),
            None => Vec::new(),
        };
        let keep = |row: usize, cell: Cell| {
            let verdict = match query.verdict {
                VerdictFilter::All => true,
                VerdictFilter::Allowed => cell.verdict() == Some(true),
                VerdictFilter::Disallowed => cell.verdict() == Some(false),
                VerdictFilter::Differs => differs[row],
            };
            // The by-rule view's lines are the editor's file's.
            let decided = match query.decided_by {
                None => true,
                Some(DecidedBy::Line(line)) => cell.line == line && results.in_editor(row),
                Some(DecidedBy::NoRule) => cell.line == 0 && results.in_editor(row),
            };
            let severe = severity.is_none() || of_severity[row];
            verdict && severe && decided && query.crawler.is_none_or(|c| row % width.max(1) == c)
        };
        let urls: Box<dyn Iterator<Item = usize>> = match query.order {
            Order::Url => Box::new(results.urls.sorted().iter().map(|&u| u as usize)),
            _ => Box::new(0..results.urls.list.len()),
        };
        let mut rows = Vec::new();
        for url in urls {
            if !query.text.is_empty()
                && !results
                    .urls
                    .list
                    .get(url)
                    .is_some_and(|u| u.contains(query.text.as_str()))
            {
                continue;
            }
            for row in url * width..(url + 1) * width {
                if keep(row, results.cells[row]) {
                    rows.push(row as u32);
                }
            }
        }
        let cell = |row: u32| results.cells[row as usize];
        match query.order {
            Order::Verdict => {
                // Disallowed, allowed, then the rows without a file.
                let rank = |row: u32| match cell(row).verdict() {
                    Some(allowed) => u8::from(allowed),
                    None => 2,
                };
                sort_indices(&mut rows, &|a, b| rank(a).cmp(&rank(b)))
            }
            Order::Line => {
                let line = |row: u32| match cell(row).line {
                    0 => u32::MAX,
                    line => line,
                };
                sort_indices(&mut rows, &|a, b| line(a).cmp(&line(b)));
            }
            Order::Input | Order::Url => {}
        }
        TableView {
            len: rows.len(),
            rows: Some(rows),
        }
    }

    /// Number of rows shown.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether no row is shown.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The row at a position of the table.
    pub fn row(&self, position: usize) -> Option<usize> {
        match &self.rows {
            None => (position < self.len).then_some(position),
            Some(rows) => rows.get(position).map(|&r| r as usize),
        }
    }

    /// The first position showing a row of the editor's file that the
    /// rule on `line` decides, when one is shown (linear in the rows
    /// shown; nothing to look for when the line decides no row).
    pub fn first_decided_by(&self, results: &Results, line: u32) -> Option<usize> {
        if line == 0 || results.decided_on_line(line) == 0 {
            return None;
        }
        (0..self.len).find(|&position| {
            self.row(position).is_some_and(|row| {
                results.cell(row).is_some_and(|c| c.line == line) && results.in_editor(row)
            })
        })
    }

    /// The position of a row in the table, when it is shown.
    pub fn position(&self, row: usize) -> Option<usize> {
        match &self.rows {
            None => (row < self.len).then_some(row),
            Some(rows) => rows.iter().position(|&r| r as usize == row),
        }
    }
}

#[cfg(test)]
mod tests {
    use robots_matcher::Mode;

    use super::super::testing::results;
    use super::*;
    use crate::view_model::TEST_ROBOTS as ROBOTS;

    #[test]
    fn table_views_filter_and_sort() {
        let run = CheckRun::compared_at_once(results(
            ROBOTS,
            "Googlebot, bingbot",
            "/private/b\n/a\n/typo/x\n/private/press/1",
            Mode::Google,
        ));
        let view = |query: TableQuery| {
            let view = TableView::new(&run, &query);
            (0..view.len())
                .map(|p| view.row(p).unwrap())
                .collect::<Vec<_>>()
        };
        assert_eq!(view(TableQuery::default()), (0..8).collect::<Vec<_>>());
        let disallowed = TableQuery {
            verdict: VerdictFilter::Disallowed,
            ..TableQuery::default()
        };
        assert_eq!(view(disallowed), [1, 4]);
        let allowed_bing = TableQuery {
            verdict: VerdictFilter::Allowed,
            crawler: Some(1),
            ..TableQuery::default()
        };
        assert_eq!(view(allowed_bing), [3, 5, 7]);
        let text = TableQuery {
            text: "private".into(),
            ..TableQuery::default()
        };
        assert_eq!(view(text), [0, 1, 6, 7]);
        let by_url = TableQuery {
            order: Order::Url,
            ..TableQuery::default()
        };
        assert_eq!(view(by_url), [2, 3, 0, 1, 6, 7, 4, 5]);
        let by_verdict = TableQuery {
            order: Order::Verdict,
            ..TableQuery::default()
        };
        assert_eq!(view(by_verdict), [1, 4, 0, 2, 3, 5, 6, 7]);
        let by_line = TableQuery {
            order: Order::Line,
            ..TableQuery::default()
        };
        assert_eq!(view(by_line), [1, 7, 4, 0, 2, 3, 5, 6]);
        let rule = TableQuery {
            decided_by: Some(DecidedBy::Line(3)),
            ..TableQuery::default()
        };
        assert_eq!(view(rule), [1]);
        let no_rule = TableQuery {
            decided_by: Some(DecidedBy::NoRule),
            crawler: Some(0),
            ..TableQuery::default()
        };
        assert_eq!(view(no_rule), [0, 2, 6]);
        let differs = TableQuery {
            verdict: VerdictFilter::Differs,
            ..TableQuery::default()
        };
        assert_eq!(view(differs), [4]);
        let table = TableView::new(
            &run,
            &TableQuery {
                verdict: VerdictFilter::Disallowed,
                ..TableQuery::default()
            },
        );
        assert_eq!((table.position(4), table.position(0)), (Some(1), None));
        let all = TableView::new(&run, &TableQuery::default());
        assert_eq!(
            (all.position(7), all.position(8), all.row(8)),
            (Some(7), None, None)
        );
    }

    #[test]
    fn menu_keys_name_one_filter_or_order_each() {
        for filter in VerdictFilter::ALL {
            assert_eq!(VerdictFilter::from_key(filter.key()), Some(filter));
        }
        for order in Order::ALL {
            assert_eq!(Order::from_key(order.key()), Some(order));
        }
        assert_eq!(VerdictFilter::from_key("Allowed"), None);
        assert_eq!(Order::from_key(""), None);
        assert_eq!(
            VerdictFilter::Differs.label(Against::OtherMode(Mode::Rfc9309)),
            format!("Differs under {}", Mode::Rfc9309.label())
        );
    }
}
