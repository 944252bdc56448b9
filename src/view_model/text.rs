//! Offsets in a text field's units (UTF-16, what `selectionStart` counts
//! in) and the lines they fall on, for the editor's caret and for edits
//! made through the field.

use std::ops::Range;

/// The 1-based line that contains a UTF-16 offset of the text (what the
/// browser's `selectionStart` counts in).
pub fn line_at_utf16(text: &str, offset: u32) -> u32 {
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
pub fn utf16_offset_of_line(text: &str, line: u32) -> u32 {
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

/// A byte range of `text` in UTF-16 units, when it falls on character
/// boundaries.
pub fn utf16_range(text: &str, bytes: Range<usize>) -> Option<(u32, u32)> {
    let before = text.get(..bytes.start)?;
    let inside = text.get(bytes)?;
    let start = before.encode_utf16().count();
    Some((start as u32, (start + inside.encode_utf16().count()) as u32))
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

    #[test]
    fn byte_ranges_become_utf16_ranges_on_character_boundaries() {
        let text = "é🤖x";
        assert_eq!(utf16_range(text, 0..2), Some((0, 1)));
        assert_eq!(utf16_range(text, 2..7), Some((1, 4)));
        assert_eq!(utf16_range(text, 1..2), None);
        assert_eq!(utf16_range(text, 7..99), None);
    }
}
