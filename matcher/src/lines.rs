//! Splitting robots.txt bytes into lines and lines into `key: value`, exactly
//! as Google's parser reads them.
//!
//! This is the first stage of the pipeline (tokenize line -> classify key ->
//! build groups -> match). It knows nothing about what the keys mean; it only
//! reproduces Google's byte-level robustness:
//!
//! * a UTF-8 byte order mark, or any leading part of one, is skipped;
//! * LF, CR and CRLF all end a line, in any mix;
//! * a line keeps at most [`MAX_LINE_BYTES`] bytes, the rest is dropped;
//! * a NUL byte ends the readable part of a line (Google's parser works on
//!   C strings);
//! * `#` starts a comment anywhere on the line;
//! * when a line has no `:`, a single run of spaces or tabs between exactly
//!   two words is accepted in its place (`Disallow /private`).
//!
//! All positions are byte offsets into the original input, so an editor can
//! colour the text it shows.

use std::ops::Range;

/// The longest line Google reads, in bytes; the rest of a longer line is
/// ignored. (Eight times the 2,083-byte URL limit of old browsers, less the
/// terminating NUL of Google's line buffer.)
pub const MAX_LINE_BYTES: usize = 2083 * 8 - 1;

const UTF8_BOM: [u8; 3] = [0xEF, 0xBB, 0xBF];

/// One physical line of the input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RawLine {
    /// 1-based line number, counted the way Google counts (CRLF is one end).
    pub number: u32,
    /// The whole line in the input, without its line ending.
    pub span: Range<usize>,
    /// The part of the line Google reads: cut at [`MAX_LINE_BYTES`] and at
    /// the first NUL byte.
    pub readable: Range<usize>,
    /// The line was longer than [`MAX_LINE_BYTES`].
    pub too_long: bool,
    /// Offset of the first NUL byte within the line, if any.
    pub nul_at: Option<usize>,
}

/// The first `needle` in `haystack`. Most robots.txt lines are a few dozen
/// bytes, where a plain loop beats setting up a vectorised search.
#[inline]
pub(crate) fn find_byte(needle: u8, haystack: &[u8]) -> Option<usize> {
    if haystack.len() < 64 {
        haystack.iter().position(|&b| b == needle)
    } else {
        memchr::memchr(needle, haystack)
    }
}

/// Length of the (possibly partial) UTF-8 byte order mark at the start.
pub fn bom_len(input: &[u8]) -> usize {
    input
        .iter()
        .zip(UTF8_BOM.iter())
        .take_while(|(a, b)| a == b)
        .count()
}

/// Splits `input` into lines, skipping a leading (partial) BOM.
///
/// Like Google's parser, the text after the last line ending is always a
/// line, even when it is empty.
pub fn split_lines(input: &[u8]) -> Vec<RawLine> {
    let mut lines = Vec::with_capacity(memchr::memchr_iter(b'\n', input).count() + 1);
    let mut start = bom_len(input);
    let mut number = 0u32;
    // One pass for NUL bytes; most files have none, and then no line needs
    // its own search.
    let has_nul = memchr::memchr(0, input).is_some();
    loop {
        let end = memchr::memchr2(b'\n', b'\r', &input[start..]).map_or(input.len(), |i| start + i);
        number += 1;
        lines.push(raw_line(input, number, start..end, has_nul));
        if end == input.len() {
            break;
        }
        // A CR directly followed by LF ends one line, not two.
        start = if input[end] == b'\r' && input.get(end + 1) == Some(&b'\n') {
            end + 2
        } else {
            end + 1
        };
    }
    lines
}

fn raw_line(input: &[u8], number: u32, span: Range<usize>, has_nul: bool) -> RawLine {
    let bytes = &input[span.clone()];
    let too_long = bytes.len() > MAX_LINE_BYTES;
    let kept = bytes.len().min(MAX_LINE_BYTES);
    let nul_at = if has_nul { find_byte(0, bytes) } else { None };
    let readable_len = nul_at.map_or(kept, |n| n.min(kept));
    RawLine {
        number,
        readable: span.start..span.start + readable_len,
        span,
        too_long,
        nul_at,
    }
}

/// Whitespace as Google's parser strips it (ASCII space, tab, LF, VT, FF, CR).
pub fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | 0x0B | 0x0C | b'\r')
}

/// Trims [`is_space`] bytes from both ends of `range` within `input`.
pub fn trim(input: &[u8], range: Range<usize>) -> Range<usize> {
    let bytes = &input[range.clone()];
    let lead = bytes.iter().take_while(|&&b| is_space(b)).count();
    let trail = bytes[lead..]
        .iter()
        .rev()
        .take_while(|&&b| is_space(b))
        .count();
    range.start + lead..range.end - trail
}

/// What a readable line holds, before the key is given a meaning.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LineShape {
    /// Nothing but whitespace.
    Blank,
    /// Only a comment (and whitespace).
    Comment,
    /// Text that is not `key: value` (no separator, or an empty key).
    NoDirective,
    /// A `key: value` pair; `value` may be empty.
    Directive(Directive),
}

/// The parts of a `key: value` line, as byte ranges into the input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Directive {
    pub key: Range<usize>,
    pub value: Range<usize>,
    /// The line used whitespace instead of `:` (`Disallow /private`).
    pub missing_colon: bool,
}

/// The shape of a line and where its comment starts, if it has one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SplitLine {
    pub shape: LineShape,
    /// From `#` to the end of the readable part.
    pub comment: Option<Range<usize>>,
}

/// Splits the readable part of a line into key and value, Google's way.
pub fn split_directive(input: &[u8], readable: Range<usize>) -> SplitLine {
    let hash = find_byte(b'#', &input[readable.clone()]).map(|i| readable.start + i);
    let comment = hash.map(|h| h..readable.end);
    let text = trim(input, readable.start..hash.unwrap_or(readable.end));
    let shape = if text.is_empty() {
        if comment.is_some() {
            LineShape::Comment
        } else {
            LineShape::Blank
        }
    } else {
        directive_shape(input, text)
    };
    SplitLine { shape, comment }
}

fn directive_shape(input: &[u8], text: Range<usize>) -> LineShape {
    let bytes = &input[text.clone()];
    let (sep, value_start, missing_colon) = match find_byte(b':', bytes) {
        Some(colon) => (colon, colon + 1, false),
        None => {
            // Google accepts whitespace in place of the colon, but only when
            // the line is exactly two words.
            let Some(ws) = memchr::memchr2(b' ', b'\t', bytes) else {
                return LineShape::NoDirective;
            };
            let value_start = ws
                + bytes[ws..]
                    .iter()
                    .take_while(|&&b| b == b' ' || b == b'\t')
                    .count();
            if memchr::memchr2(b' ', b'\t', &bytes[value_start..]).is_some() {
                return LineShape::NoDirective;
            }
            (ws, value_start, true)
        }
    };
    let key = trim(input, text.start..text.start + sep);
    if key.is_empty() {
        return LineShape::NoDirective;
    }
    let value = trim(input, text.start + value_start..text.end);
    LineShape::Directive(Directive {
        key,
        value,
        missing_colon,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(input: &[u8]) -> Vec<&[u8]> {
        split_lines(input)
            .into_iter()
            .map(|l| &input[l.readable])
            .collect()
    }

    #[test]
    fn every_line_ending_style_splits_lines() {
        assert_eq!(texts(b"a\nb"), [&b"a"[..], b"b"]);
        assert_eq!(texts(b"a\r\nb"), [&b"a"[..], b"b"]);
        assert_eq!(texts(b"a\rb"), [&b"a"[..], b"b"]);
        assert_eq!(texts(b"a\n\rb\r\n\nc"), [&b"a"[..], b"", b"b", b"", b"c"]);
    }

    #[test]
    fn text_after_the_last_line_ending_is_a_line() {
        assert_eq!(texts(b"a\n"), [&b"a"[..], b""]);
        assert_eq!(texts(b""), [&b""[..]]);
    }

    #[test]
    fn line_numbers_count_crlf_once() {
        let lines = split_lines(b"a\r\nb\r\n\r\nc");
        let numbers: Vec<u32> = lines.iter().map(|l| l.number).collect();
        assert_eq!(numbers, [1, 2, 3, 4]);
        assert_eq!(lines[3].span, 8..9);
    }

    #[test]
    fn whole_and_partial_bom_are_skipped() {
        assert_eq!(texts(b"\xEF\xBB\xBFa"), [&b"a"[..]]);
        assert_eq!(texts(b"\xEF\xBBa"), [&b"a"[..]]);
        assert_eq!(texts(b"\xEFa"), [&b"a"[..]]);
        assert_eq!(bom_len(b"\xEF\xBB\xBF\xEF\xBB\xBF"), 3);
        assert_eq!(texts(b"a\xEF\xBB\xBF"), [&b"a\xEF\xBB\xBF"[..]]);
    }

    #[test]
    fn long_lines_are_cut_where_google_cuts_them() {
        let mut input = b"Disallow: /".to_vec();
        input.resize(MAX_LINE_BYTES + 100, b'a');
        let lines = split_lines(&input);
        assert!(lines[0].too_long);
        assert_eq!(lines[0].readable.len(), MAX_LINE_BYTES);
        assert_eq!(lines[0].span.len(), MAX_LINE_BYTES + 100);
    }

    #[test]
    fn nul_ends_the_readable_part() {
        let lines = split_lines(b"Disallow: /a\0/b\nx");
        assert_eq!(lines[0].readable, 0..12);
        assert_eq!(lines[0].nul_at, Some(12));
    }

    fn shape(line: &str) -> LineShape {
        split_directive(line.as_bytes(), 0..line.len()).shape
    }

    fn kv(line: &str) -> (String, String, bool) {
        match shape(line) {
            LineShape::Directive(d) => (
                line[d.key].to_string(),
                line[d.value].to_string(),
                d.missing_colon,
            ),
            other => panic!("{line:?} gave {other:?}"),
        }
    }

    #[test]
    fn key_and_value_are_trimmed() {
        assert_eq!(
            kv("  Disallow :  /a  "),
            ("Disallow".into(), "/a".into(), false)
        );
        assert_eq!(kv("Disallow:"), ("Disallow".into(), "".into(), false));
        assert_eq!(
            kv("Sitemap: http://x/y"),
            ("Sitemap".into(), "http://x/y".into(), false)
        );
    }

    #[test]
    fn comments_are_cut_anywhere() {
        assert_eq!(
            kv("Disallow: /a # no"),
            ("Disallow".into(), "/a".into(), false)
        );
        assert_eq!(
            kv("Disallow: /a#b"),
            ("Disallow".into(), "/a".into(), false)
        );
        assert_eq!(shape("  # only a comment"), LineShape::Comment);
        assert_eq!(shape(" \t "), LineShape::Blank);
        let split = split_directive(b"a: b # c", 0..8);
        assert_eq!(split.comment, Some(5..8));
    }

    #[test]
    fn whitespace_stands_for_a_missing_colon_between_two_words_only() {
        assert_eq!(kv("Disallow /a"), ("Disallow".into(), "/a".into(), true));
        assert_eq!(kv("Disallow \t /a"), ("Disallow".into(), "/a".into(), true));
        assert_eq!(shape("Disallow /a /b"), LineShape::NoDirective);
        assert_eq!(shape("Disallow"), LineShape::NoDirective);
    }

    #[test]
    fn an_empty_key_is_no_directive() {
        assert_eq!(shape(": /a"), LineShape::NoDirective);
    }
}
