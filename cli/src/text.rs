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
    let width = |cell: &String| cell.chars().count();
    let count = rows.iter().map(Vec::len).max().unwrap_or(0);
    let widths: Vec<usize> = (0..count)
        .map(|i| {
            rows.iter()
                .filter_map(|row| row.get(i))
                .map(width)
                .filter(|&w| w <= MAX_COLUMN_WIDTH)
                .max()
                .unwrap_or(0)
        })
        .collect();
    rows.iter()
        .map(|row| {
            let mut line = String::new();
            for (i, cell) in row.iter().enumerate() {
                line.push_str(cell);
                if i + 1 < row.len() {
                    let pad = widths[i].saturating_sub(width(cell)) + 2;
                    line.extend(std::iter::repeat_n(' ', pad));
                }
            }
            line.truncate(line.trim_end().len());
            line
        })
        .collect()
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
