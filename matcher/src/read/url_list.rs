//! A list of URLs to check ([`UrlList`]), and its plainest reading: one
//! URL per line, as typed or pasted.
//!
//! The same rules everywhere (the app's URL field and files, the CLI's
//! `--urls`, and the table and sitemap readers beside this one): surrounding
//! whitespace is trimmed, blank lines and lines starting with `#` are
//! skipped, and a line that is neither a URL nor a path is reported in
//! [`UrlList::rejected`] rather than checked as `/` or silently dropped. A
//! URL is a path (`/shop?id=1`), an absolute URL (`https://example.com/a`,
//! `//example.com/a`), or a host and path without a scheme
//! (`example.com/a`). Which reader a text or file gets is decided by
//! [`UrlList::parse`] and [`UrlList::read_file`].
//!
//! The list keeps its URLs in one buffer: 100,000 URLs are three
//! allocations, not 100,000.

use std::fmt;

/// What a text was read as.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ListFormat {
    /// One URL per line.
    #[default]
    Lines,
    /// A CSV (or tab- or semicolon-separated) table.
    Csv,
    /// A sitemap: `<urlset>` with a `<loc>` per page.
    Sitemap,
    /// A sitemap index: `<sitemapindex>`, naming other sitemaps.
    SitemapIndex,
}

/// A line that is not a URL, with where it was.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rejected {
    /// 1-based line number in the text.
    pub line: u32,
    /// The line, trimmed (cut to [`Rejected::MAX_TEXT`] bytes).
    pub text: String,
}

impl Rejected {
    /// The most of a rejected line that is kept.
    pub const MAX_TEXT: usize = 200;
}

/// Why a file could not be read as a URL list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UrlListError {
    /// The bytes are gzip-compressed (a `.xml.gz` sitemap): decompress them
    /// first.
    Compressed,
    /// A line is not valid UTF-8 (1-based line number).
    NotUtf8 {
        /// The first line that is not UTF-8.
        line: u32,
    },
}

impl fmt::Display for UrlListError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UrlListError::Compressed => f.write_str("it is gzip-compressed; decompress it first"),
            UrlListError::NotUtf8 { line } => write!(
                f,
                "line {line} is not valid UTF-8; save the URL list as UTF-8 text"
            ),
        }
    }
}

impl std::error::Error for UrlListError {}

/// URLs read from a text, with what was skipped and why.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct UrlList {
    /// How the text was read.
    pub format: ListFormat,
    /// The CSV column the URLs came from, as its header names it (`None`
    /// for the first column of a table without a header).
    pub column: Option<String>,
    /// Lines that are not URLs, in order.
    pub rejected: Vec<Rejected>,
    /// Blank lines between URLs (leading and trailing ones are not counted).
    pub blank_lines: usize,
    /// Lines starting with `#`.
    pub comment_lines: usize,
    /// The sitemaps a sitemap index names, in order.
    pub sitemaps: Vec<String>,
    /// Every URL, one after the other.
    buffer: String,
    /// Where each URL ends in `buffer`.
    ends: Vec<u32>,
    /// Each URL's 1-based line in the text.
    lines: Vec<u32>,
}

impl UrlList {
    /// Number of URLs.
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    /// Whether there is no URL.
    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// URL `index`.
    pub fn get(&self, index: usize) -> Option<&str> {
        let end = *self.ends.get(index)? as usize;
        let start = index.checked_sub(1).map_or(0, |i| self.ends[i] as usize);
        self.buffer.get(start..end)
    }

    /// The 1-based line URL `index` was read from.
    pub fn line(&self, index: usize) -> Option<u32> {
        self.lines.get(index).copied()
    }

    /// Every URL, in order.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = &str> + '_ {
        (0..self.len()).map(|i| self.get(i).unwrap_or(""))
    }

    /// The URLs one per line, as a URL field holds them.
    pub fn to_lines(&self) -> String {
        let mut out = String::with_capacity(self.buffer.len() + self.len());
        for (i, url) in self.iter().enumerate() {
            if i > 0 {
                out.push('\n');
            }
            out.push_str(url);
        }
        out
    }

    fn push(&mut self, line: u32, url: &str) {
        self.buffer.push_str(url);
        self.ends.push(self.buffer.len() as u32);
        self.lines.push(line);
    }

    pub(super) fn reject(&mut self, line: u32, text: &str) {
        let mut end = text.len().min(Rejected::MAX_TEXT);
        while !text.is_char_boundary(end) {
            end -= 1;
        }
        self.rejected.push(Rejected {
            line,
            text: text[..end].to_string(),
        });
    }

    /// Takes `value` (already trimmed) from `line`: a URL, or rejected.
    pub(super) fn take(&mut self, line: u32, value: &str) {
        if is_url(value) {
            self.push(line, value);
        } else {
            self.reject(line, value);
        }
    }
}

/// Whether `text` (trimmed, non-empty) names something to check: a path,
/// an absolute or scheme-relative URL, or a host and path without scheme.
pub fn is_url(text: &str) -> bool {
    let bytes = text.as_bytes();
    match bytes.first() {
        Some(b'/') => return true,
        Some(b) if b.is_ascii_alphanumeric() => {}
        _ => return false,
    }
    // `scheme://`
    let scheme_end = bytes
        .iter()
        .position(|b| !(b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.')))
        .unwrap_or(bytes.len());
    if bytes[scheme_end..].starts_with(b"://") && bytes[0].is_ascii_alphabetic() {
        return true;
    }
    // A host without scheme: `example.com/a`, `localhost:8080/a`. Whitespace
    // means text, not an address.
    if bytes.iter().any(|b| b.is_ascii_whitespace()) {
        return false;
    }
    let host_end = bytes
        .iter()
        .position(|b| matches!(b, b'/' | b'?' | b'#' | b';'))
        .unwrap_or(bytes.len());
    let host = &text[..host_end];
    let name = host.rsplit_once(':').map_or(host, |(name, port)| {
        if !port.is_empty() && port.bytes().all(|b| b.is_ascii_digit()) {
            name
        } else {
            host
        }
    });
    name.eq_ignore_ascii_case("localhost")
        || (name.contains('.')
            && name.bytes().all(|b| {
                b.is_ascii_alphanumeric()
                    || matches!(b, b'.' | b'-' | b'_' | b'[' | b']' | b':' | b'@')
            }))
}

/// The 1-based line of byte `offset`.
pub(super) fn line_of(bytes: &[u8], offset: usize) -> u32 {
    bytes[..offset.min(bytes.len())]
        .iter()
        .filter(|&&b| b == b'\n')
        .count() as u32
        + 1
}

/// One URL per line.
pub(super) fn read_lines(text: &str) -> UrlList {
    let mut list = UrlList::default();
    let mut blank = 0;
    for (index, line) in text.split('\n').enumerate() {
        let number = index as u32 + 1;
        let value = line.trim();
        if value.is_empty() {
            blank += 1;
            continue;
        }
        if value.starts_with('#') {
            list.comment_lines += 1;
            continue;
        }
        if !list.is_empty() || !list.rejected.is_empty() {
            list.blank_lines += blank;
        }
        blank = 0;
        list.take(number, value);
    }
    list
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;

    /// Each URL of `list` with its line.
    pub(crate) fn urls(list: &UrlList) -> Vec<(u32, &str)> {
        (0..list.len())
            .map(|i| (list.line(i).unwrap(), list.get(i).unwrap()))
            .collect()
    }
    #[test]
    fn lines_skip_blanks_comments_and_whitespace() {
        let list =
            UrlList::parse("\u{feff}# pages\r\nhttps://a.example/x\r\n\n   \n  /b  \n#c\n\n");
        assert_eq!(urls(&list), vec![(2, "https://a.example/x"), (5, "/b")]);
        assert_eq!(list.format, ListFormat::Lines);
        assert_eq!(list.blank_lines, 2);
        assert_eq!(list.comment_lines, 2);
        assert!(list.rejected.is_empty());
        assert_eq!(list.to_lines(), "https://a.example/x\n/b");
    }

    #[test]
    fn lines_that_are_not_urls_are_reported() {
        let list = UrlList::parse("/a\nhello world\nDisallow: /x\nexample.com/page\n*\n/café menu.pdf\nlocalhost:8080/x\n");
        assert_eq!(
            urls(&list),
            vec![
                (1, "/a"),
                (4, "example.com/page"),
                (6, "/café menu.pdf"),
                (7, "localhost:8080/x")
            ]
        );
        let rejected: Vec<(u32, &str)> = list
            .rejected
            .iter()
            .map(|r| (r.line, r.text.as_str()))
            .collect();
        assert_eq!(
            rejected,
            vec![(2, "hello world"), (3, "Disallow: /x"), (5, "*")]
        );
    }

    #[test]
    fn what_counts_as_a_url() {
        for url in [
            "/",
            "/a b",
            "https://example.com",
            "HTTP://EXAMPLE.COM/x",
            "//example.com/a",
            "ftp://x/y",
            "https://example.com/café?q=a b#top",
            "example.com",
            "www.example.co.uk/a?b",
            "localhost",
            "10.0.0.1:80/x",
        ] {
            assert!(is_url(url), "{url}");
        }
        for text in [
            "hello",
            "page",
            "a b/c",
            "-",
            "?x",
            "#x",
            "Address",
            "mailto:a@b",
        ] {
            assert!(!is_url(text), "{text}");
        }
    }

    #[test]
    fn rejected_text_is_cut_at_a_character_boundary() {
        let long = format!("x {}", "é".repeat(300));
        let list = UrlList::parse(&long);
        assert!(list.rejected[0].text.len() <= Rejected::MAX_TEXT);
        assert!(long.starts_with(&list.rejected[0].text));
    }

    #[test]
    fn files_that_are_compressed_or_not_utf8_are_errors() {
        assert_eq!(
            UrlList::read_file("s.xml.gz", &[0x1f, 0x8b, 8, 0]),
            Err(UrlListError::Compressed)
        );
        assert_eq!(
            UrlList::read_file("u.txt", b"/a\n/b\xFF\n"),
            Err(UrlListError::NotUtf8 { line: 2 })
        );
        assert!(UrlListError::NotUtf8 { line: 2 }
            .to_string()
            .contains("line 2"));
    }

    #[test]
    fn a_hundred_thousand_urls_in_one_buffer() {
        let text: String = (0..100_000)
            .map(|i| format!("https://a.example/p/{i}\n"))
            .collect();
        let list = UrlList::parse(&text);
        assert_eq!(list.len(), 100_000);
        assert_eq!(list.get(99_999), Some("https://a.example/p/99999"));
        assert_eq!(list.line(99_999), Some(100_000));
        assert_eq!(list.get(100_000), None);
    }
}
