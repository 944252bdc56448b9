//! Helpers for human-readable output: terminal-safe text, plurals, and
//! aligned columns.

use std::borrow::Cow;

/// `text` with control characters escaped (`\u{1b}`), so that bytes from a
/// robots.txt file or URL list cannot move the cursor or recolour the
/// terminal, and a row stays on one line.
pub fn printable(text: &str) -> Cow<'_, str> {
    if !text.chars().any(char::is_control) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if c.is_control() {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// `1 URL`, `2 URLs`.
pub fn count(n: usize, singular: &str, plural: &str) -> String {
    if n == 1 {
        format!("{n} {singular}")
    } else {
        format!("{n} {plural}")
    }
}

/// Cells wider than this do not widen their column for every row; only
/// their own row is pushed right.
const MAX_COLUMN_WIDTH: usize = 60;

/// Lays out rows of cells in columns separated by two spaces. The last cell
/// of a row is never padded, and empty trailing cells are dropped.
pub fn columns(rows: &[Vec<String>]) -> Vec<String> {
    let mut widths = ColumnWidths::default();
    for row in rows {
        widths.add(row);
    }
    rows.iter().map(|row| widths.line(row)).collect()
}

/// The widths of columns, measured a row at a time, so that a long table
/// can be measured in one pass and written in a second without being
/// held ([`columns`] does both at once).
#[derive(Default)]
pub struct ColumnWidths(Vec<usize>);

impl ColumnWidths {
    /// Widens the columns for `row` (cells over [`MAX_COLUMN_WIDTH`] push
    /// only their own row).
    pub fn add(&mut self, row: &[String]) {
        if self.0.len() < row.len() {
            self.0.resize(row.len(), 0);
        }
        for (width, cell) in self.0.iter_mut().zip(row) {
            let w = cell.chars().count();
            if w <= MAX_COLUMN_WIDTH {
                *width = (*width).max(w);
            }
        }
    }

    /// `row` laid out in these columns.
    pub fn line(&self, row: &[String]) -> String {
        let mut line = String::new();
        for (i, cell) in row.iter().enumerate() {
            line.push_str(cell);
            if i + 1 < row.len() {
                let width = self.0.get(i).copied().unwrap_or(0);
                let pad = width.saturating_sub(cell.chars().count()) + 2;
                line.extend(std::iter::repeat_n(' ', pad));
            }
        }
        line.truncate(line.trim_end().len());
        line
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_control_characters_only() {
        assert_eq!(printable("/café"), "/café");
        assert_eq!(printable("a\u{1b}[31mb\tc"), "a\\u{1b}[31mb\\tc");
    }

    #[test]
    fn aligns_columns() {
        let rows = vec![
            vec!["allowed".to_string(), "/a".to_string(), "L1".to_string()],
            vec![
                "disallowed".to_string(),
                "/longer".to_string(),
                "".to_string(),
            ],
        ];
        assert_eq!(
            columns(&rows),
            vec!["allowed     /a       L1", "disallowed  /longer"]
        );
    }

    #[test]
    fn counts_with_plurals() {
        assert_eq!(count(1, "URL", "URLs"), "1 URL");
        assert_eq!(count(0, "URL", "URLs"), "0 URLs");
    }
}
