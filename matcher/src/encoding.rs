//! Recognising what bytes a server sent as robots.txt (UTF-8, UTF-16, broken
//! UTF-8, an HTML page) and turning them into text an editor can show.
//!
//! Matching always works on the raw bytes, as Google does; this module only
//! tells what they are and, for editors, how to show them.

/// What the bytes are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Encoding {
    /// Valid UTF-8 (ASCII included), with or without a BOM.
    Utf8,
    /// UTF-16 (by its byte order mark, or by the zero bytes of ASCII text).
    Utf16,
    /// Mostly text, but not valid UTF-8.
    Invalid {
        /// The byte offset of the first invalid byte.
        first_error: usize,
    },
}

/// Detects the encoding of robots.txt bytes.
pub fn detect(bytes: &[u8]) -> Encoding {
    if utf16_byte_order(bytes).is_some() {
        return Encoding::Utf16;
    }
    let body = &bytes[crate::lines::bom_len(bytes)..];
    match std::str::from_utf8(body) {
        Ok(_) => Encoding::Utf8,
        Err(e) => Encoding::Invalid {
            first_error: bytes.len() - body.len() + e.valid_up_to(),
        },
    }
}

/// `Some(true)` for little-endian UTF-16, `Some(false)` for big-endian.
fn utf16_byte_order(bytes: &[u8]) -> Option<bool> {
    match bytes {
        [0xFF, 0xFE, ..] => return Some(true),
        [0xFE, 0xFF, ..] => return Some(false),
        _ => {}
    }
    // Without a BOM: ASCII text in UTF-16 has a zero in every other byte.
    let sample = &bytes[..bytes.len().min(512) & !1];
    if sample.len() < 8 {
        return None;
    }
    let pairs = sample.len() / 2;
    let zeros_at = |offset: usize| {
        sample
            .iter()
            .skip(offset)
            .step_by(2)
            .filter(|&&b| b == 0)
            .count()
    };
    let (even, odd) = (zeros_at(0), zeros_at(1));
    if odd * 10 >= pairs * 9 && even == 0 {
        Some(true)
    } else if even * 10 >= pairs * 9 && odd == 0 {
        Some(false)
    } else {
        None
    }
}

/// Whether the bytes are an HTML page rather than robots.txt.
pub fn looks_like_html(bytes: &[u8]) -> bool {
    let start = bytes
        .iter()
        .position(|b| !b.is_ascii_whitespace() && !matches!(b, 0xEF | 0xBB | 0xBF))
        .unwrap_or(bytes.len());
    let head = &bytes[start..bytes.len().min(start + 2048)];
    let lower = head.to_ascii_lowercase();
    lower.starts_with(b"<!doctype html")
        || lower.starts_with(b"<html")
        || lower.starts_with(b"<head")
        || ((lower.starts_with(b"<!--") || lower.starts_with(b"<?xml"))
            && memchr::memmem::find(&lower, b"<html").is_some())
}

/// Text decoded from bytes for showing and editing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decoded {
    /// The text (a UTF-8 BOM removed, invalid bytes as U+FFFD).
    pub text: String,
    /// What the bytes were.
    pub encoding: Encoding,
    /// Whether the text differs from the bytes: a UTF-16 file was converted
    /// or invalid bytes were replaced. Verdicts on the text then differ from
    /// Google's verdicts on the original bytes.
    pub converted: bool,
}

/// Decodes robots.txt bytes for an editor.
///
/// UTF-16 files are converted to text (so they can be fixed and saved as
/// UTF-8); invalid UTF-8 bytes become U+FFFD. A UTF-8 BOM is dropped.
pub fn decode(bytes: &[u8]) -> Decoded {
    let encoding = detect(bytes);
    match (encoding, utf16_byte_order(bytes)) {
        (Encoding::Utf16, Some(little_endian)) => {
            let has_bom = matches!(bytes, [0xFF, 0xFE, ..] | [0xFE, 0xFF, ..]);
            let body = &bytes[if has_bom { 2 } else { 0 }..];
            let units = body.chunks_exact(2).map(|pair| {
                if little_endian {
                    u16::from_le_bytes([pair[0], pair[1]])
                } else {
                    u16::from_be_bytes([pair[0], pair[1]])
                }
            });
            let text = char::decode_utf16(units)
                .map(|c| c.unwrap_or(char::REPLACEMENT_CHARACTER))
                .collect();
            Decoded {
                text,
                encoding,
                converted: true,
            }
        }
        _ => {
            let body = bytes.strip_prefix(&[0xEF, 0xBB, 0xBF][..]).unwrap_or(bytes);
            let text = String::from_utf8_lossy(body).into_owned();
            Decoded {
                converted: matches!(encoding, Encoding::Invalid { .. }),
                text,
                encoding,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn utf16le(s: &str, bom: bool) -> Vec<u8> {
        let mut out = if bom { vec![0xFF, 0xFE] } else { Vec::new() };
        out.extend(s.encode_utf16().flat_map(u16::to_le_bytes));
        out
    }

    #[test]
    fn detects_utf8_utf16_and_invalid_bytes() {
        assert_eq!(detect(b"User-agent: *\n"), Encoding::Utf8);
        assert_eq!(detect(b"\xEF\xBB\xBFUser-agent: *"), Encoding::Utf8);
        assert_eq!(
            detect(&utf16le("User-agent: *\nDisallow: /", true)),
            Encoding::Utf16
        );
        assert_eq!(
            detect(&utf16le("User-agent: *\nDisallow: /", false)),
            Encoding::Utf16
        );
        assert_eq!(
            detect(b"Disallow: /caf\xE9"),
            Encoding::Invalid { first_error: 14 }
        );
        assert_eq!(detect(b""), Encoding::Utf8);
    }

    #[test]
    fn decodes_utf16_and_replaces_invalid_bytes() {
        let d = decode(&utf16le("User-agent: *\nDisallow: /é", true));
        assert_eq!(d.text, "User-agent: *\nDisallow: /é");
        assert!(d.converted);
        let d = decode(b"\xEF\xBB\xBFDisallow: /caf\xE9");
        assert_eq!(d.text, "Disallow: /caf\u{FFFD}");
        assert!(d.converted);
        let d = decode(b"\xEF\xBB\xBFDisallow: /");
        assert_eq!(d.text, "Disallow: /");
        assert!(!d.converted);
    }

    #[test]
    fn recognises_html_pages() {
        assert!(looks_like_html(
            b"\n  <!DOCTYPE html><html><body>404</body></html>"
        ));
        assert!(looks_like_html(b"<html>\n<head>"));
        assert!(looks_like_html(b"<!-- x -->\n<html>"));
        assert!(!looks_like_html(b"User-agent: *\n# <html> in a comment\n"));
    }
}
