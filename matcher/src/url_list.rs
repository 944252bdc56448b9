//! Reading the URLs to check from where people have them: lines typed or
//! pasted, a text file, a CSV export of a crawl or a report (the `url`,
//! `loc` or `address` column, else the first), or a sitemap (`<loc>` of
//! each `<url>`; a sitemap index names sitemaps, not pages).
//!
//! The same rules everywhere (the app's URL field and files, the CLI's
//! `--urls`): surrounding whitespace is trimmed, blank lines and lines
//! starting with `#` are skipped, and a line that is neither a URL nor a
//! path is reported in [`UrlList::rejected`] rather than checked as `/` or
//! silently dropped. A URL is a path (`/shop?id=1`), an absolute URL
//! (`https://example.com/a`, `//example.com/a`), or a host and path without
//! a scheme (`example.com/a`).
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
    /// Reads text typed or pasted: a sitemap or sitemap index when it is
    /// XML, a table when its first line is a CSV header naming a `url`,
    /// `loc` or `address` column, otherwise one URL per line.
    pub fn parse(text: &str) -> UrlList {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        if looks_like_xml(text) {
            return read_sitemap(text);
        }
        let first = text.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
        let delimiter = delimiter_of(first);
        if let Some(column) = named_column(first, delimiter) {
            return read_table(text, delimiter, Some(column));
        }
        read_lines(text)
    }

    /// Reads a file's bytes: like [`UrlList::parse`], and a file whose
    /// name ends in `.csv` or `.tsv` is a table even without a header
    /// naming its URL column (its first column is then read, and a first
    /// row that is not a URL is taken as its header).
    pub fn read_file(name: &str, bytes: &[u8]) -> Result<UrlList, UrlListError> {
        if bytes.starts_with(&[0x1f, 0x8b]) {
            return Err(UrlListError::Compressed);
        }
        let text = std::str::from_utf8(bytes).map_err(|e| UrlListError::NotUtf8 {
            line: line_of(bytes, e.valid_up_to()),
        })?;
        let lower = name.to_ascii_lowercase();
        if lower.ends_with(".csv") || lower.ends_with(".tsv") {
            let text = text.strip_prefix('\u{feff}').unwrap_or(text);
            if !looks_like_xml(text) {
                let first = text.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
                let delimiter = if lower.ends_with(".tsv") {
                    b'\t'
                } else {
                    delimiter_of(first)
                };
                let column = named_column(first, delimiter);
                return Ok(read_table(text, delimiter, column));
            }
        }
        Ok(UrlList::parse(text))
    }

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

    fn reject(&mut self, line: u32, text: &str) {
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
    fn take(&mut self, line: u32, value: &str) {
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
fn line_of(bytes: &[u8], offset: usize) -> u32 {
    bytes[..offset.min(bytes.len())]
        .iter()
        .filter(|&&b| b == b'\n')
        .count() as u32
        + 1
}

/// One URL per line.
fn read_lines(text: &str) -> UrlList {
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

// ---------------------------------------------------------------------------
// Tables
// ---------------------------------------------------------------------------

/// The header names of a URL column, in order of preference.
const URL_COLUMNS: [&str; 3] = ["url", "loc", "address"];

/// The likeliest separator of a table's first line: comma, tab or
/// semicolon (spreadsheets in many locales write semicolons).
fn delimiter_of(first_line: &str) -> u8 {
    [b',', b'\t', b';']
        .into_iter()
        .max_by_key(|&d| first_line.bytes().filter(|&b| b == d).count())
        .filter(|&d| first_line.as_bytes().contains(&d))
        .unwrap_or(b',')
}

/// The URL column a header line names: (index, name as written).
fn named_column(first_line: &str, delimiter: u8) -> Option<(usize, String)> {
    let fields = csv_fields(first_line, delimiter).0;
    if fields.len() < 2 && !fields.iter().any(|f| is_column_name(f)) {
        return None;
    }
    URL_COLUMNS.iter().find_map(|name| {
        fields
            .iter()
            .position(|f| f.trim().eq_ignore_ascii_case(name))
            .map(|i| (i, fields[i].trim().to_string()))
    })
}

fn is_column_name(field: &str) -> bool {
    URL_COLUMNS
        .iter()
        .any(|name| field.trim().eq_ignore_ascii_case(name))
}

/// The fields of one CSV record starting at the beginning of `text`, and
/// how many bytes the record took (its line break included). Quoted fields
/// may hold separators, doubled quotes and line breaks.
fn csv_fields(text: &str, delimiter: u8) -> (Vec<String>, usize) {
    let bytes = text.as_bytes();
    let mut fields = Vec::new();
    let mut field = String::new();
    let mut i = 0;
    let mut quoted = false;
    let mut start = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if quoted {
            if b == b'"' {
                if bytes.get(i + 1) == Some(&b'"') {
                    field.push_str(&text[start..=i]);
                    i += 2;
                    start = i;
                    continue;
                }
                field.push_str(&text[start..i]);
                quoted = false;
                start = i + 1;
            }
        } else if b == b'"' && text[start..i].trim().is_empty() && field.is_empty() {
            quoted = true;
            start = i + 1;
        } else if b == delimiter {
            field.push_str(&text[start..i]);
            fields.push(std::mem::take(&mut field));
            start = i + 1;
        } else if b == b'\n' {
            field.push_str(&text[start..i]);
            fields.push(field);
            return (fields, i + 1);
        }
        i += 1;
    }
    field.push_str(&text[start.min(bytes.len())..]);
    fields.push(field);
    (fields, bytes.len())
}

/// A table: the URLs of one column. `column` is the header's URL column;
/// without one, the first column, and a first row whose first field is
/// not a URL is a header.
fn read_table(text: &str, delimiter: u8, column: Option<(usize, String)>) -> UrlList {
    let mut list = UrlList {
        format: ListFormat::Csv,
        ..UrlList::default()
    };
    let index = column.as_ref().map_or(0, |(index, _)| *index);
    list.column = column.map(|(_, name)| name);
    // The first row is a header when it names the column, or when its first
    // field is not a URL.
    let mut header_pending = true;
    let mut at = 0;
    let mut line = 1u32;
    let mut blank = 0;
    while at < text.len() {
        let (fields, used) = csv_fields(&text[at..], delimiter);
        let record = &text[at..at + used];
        let number = line;
        line += record.bytes().filter(|&b| b == b'\n').count() as u32;
        at += used;
        if record.trim().is_empty() {
            blank += 1;
            continue;
        }
        if record.trim_start().starts_with('#') {
            list.comment_lines += 1;
            continue;
        }
        let value = fields.get(index).map_or("", |f| f.trim());
        if header_pending {
            header_pending = false;
            if list.column.is_some() || !is_url(value) {
                // The header row.
                continue;
            }
        }
        if !list.is_empty() || !list.rejected.is_empty() {
            list.blank_lines += blank;
        }
        blank = 0;
        if value.is_empty() {
            list.reject(number, record.trim());
        } else {
            list.take(number, value);
        }
    }
    list
}

// ---------------------------------------------------------------------------
// Sitemaps
// ---------------------------------------------------------------------------

/// Whether `text` starts (after whitespace) with an XML declaration, a
/// comment or a `<urlset>` / `<sitemapindex>` element.
fn looks_like_xml(text: &str) -> bool {
    let start = text.trim_start();
    start.starts_with("<?xml") || start.starts_with("<!--") || root_name(start).is_some()
}

/// The name of the first element of `xml` when it is a sitemap's.
fn root_name(xml: &str) -> Option<ListFormat> {
    let mut rest = xml;
    loop {
        let open = rest.find('<')?;
        rest = &rest[open..];
        let skip_to = if rest.starts_with("<?") {
            "?>"
        } else if rest.starts_with("<!--") {
            "-->"
        } else if rest.starts_with("<!") {
            ">"
        } else {
            let name_end = rest[1..]
                .find(|c: char| c.is_whitespace() || c == '>' || c == '/')
                .map_or(rest.len(), |i| i + 1);
            let name = &rest[1..name_end];
            // Any namespace prefix (`<ns:urlset>`) is ignored.
            let local = name.rsplit(':').next().unwrap_or(name);
            return match local {
                "urlset" => Some(ListFormat::Sitemap),
                "sitemapindex" => Some(ListFormat::SitemapIndex),
                _ => None,
            };
        };
        rest = &rest[rest.find(skip_to)? + skip_to.len()..];
    }
}

/// The `<loc>` values of a sitemap (page URLs) or a sitemap index (the
/// sitemaps it names).
fn read_sitemap(xml: &str) -> UrlList {
    let format = root_name(xml).unwrap_or(ListFormat::Sitemap);
    let mut list = UrlList {
        format,
        ..UrlList::default()
    };
    let mut line = 1u32;
    let mut counted = 0usize;
    let mut at = 0usize;
    while let Some(found) = xml[at..].find("<loc") {
        let open = at + found;
        let Some(close_tag) = xml[open..].find('>') else {
            break;
        };
        let tag = &xml[open + 4..open + close_tag];
        at = open + close_tag + 1;
        // `<location>` or `<loc-x>` are other elements.
        if !(tag.is_empty() || tag.starts_with(char::is_whitespace)) {
            continue;
        }
        let Some(end) = xml[at..].find("</loc>") else {
            break;
        };
        let raw = &xml[at..at + end];
        line += xml.as_bytes()[counted..open]
            .iter()
            .filter(|&&b| b == b'\n')
            .count() as u32;
        counted = open;
        at += end + "</loc>".len();
        let value = xml_text(raw);
        let value = value.trim();
        if value.is_empty() {
            continue;
        }
        if format == ListFormat::SitemapIndex {
            list.sitemaps.push(value.to_string());
        } else {
            list.take(line, value);
        }
    }
    list
}

/// The text of an element's content: CDATA sections unwrapped, the five
/// predefined entities and numeric character references decoded.
fn xml_text(raw: &str) -> String {
    let raw = raw.trim();
    if let Some(inner) = raw
        .strip_prefix("<![CDATA[")
        .and_then(|r| r.strip_suffix("]]>"))
    {
        return inner.to_string();
    }
    let mut out = String::with_capacity(raw.len());
    let mut rest = raw;
    while let Some(amp) = rest.find('&') {
        out.push_str(&rest[..amp]);
        rest = &rest[amp..];
        let Some(semi) = rest[..rest.len().min(12)].find(';') else {
            out.push('&');
            rest = &rest[1..];
            continue;
        };
        let entity = &rest[1..semi];
        let decoded = match entity {
            "amp" => Some('&'),
            "lt" => Some('<'),
            "gt" => Some('>'),
            "quot" => Some('"'),
            "apos" => Some('\''),
            _ => entity
                .strip_prefix("#x")
                .or_else(|| entity.strip_prefix("#X"))
                .map(|hex| u32::from_str_radix(hex, 16))
                .or_else(|| entity.strip_prefix('#').map(str::parse::<u32>))
                .and_then(Result::ok)
                .and_then(char::from_u32),
        };
        match decoded {
            Some(c) => {
                out.push(c);
                rest = &rest[semi + 1..];
            }
            None => {
                out.push('&');
                rest = &rest[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn urls(list: &UrlList) -> Vec<(u32, &str)> {
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
    fn csv_with_a_url_column_header() {
        let text = "Address,Status Code,Title\r\nhttps://a.example/,200,\"Home, sweet\"\r\n\"https://a.example/q?x=\"\"1\"\"\",301,x\r\n,404,empty\r\n";
        let list = UrlList::parse(text);
        assert_eq!(list.format, ListFormat::Csv);
        assert_eq!(list.column.as_deref(), Some("Address"));
        assert_eq!(
            urls(&list),
            vec![
                (2, "https://a.example/"),
                (3, "https://a.example/q?x=\"1\"")
            ]
        );
        assert_eq!(list.rejected.len(), 1);
        assert_eq!(list.rejected[0].line, 4);
    }

    #[test]
    fn csv_columns_by_name_in_order_of_preference() {
        let list = UrlList::parse("title;loc;url\nx;/not-this;/this\n");
        assert_eq!(list.column.as_deref(), Some("url"));
        assert_eq!(urls(&list), vec![(2, "/this")]);
        let list = UrlList::parse("title\tLOC\nx\t/tabbed\n");
        assert_eq!(urls(&list), vec![(2, "/tabbed")]);
        // A quoted field with a line break keeps the next record's line right.
        let list = UrlList::parse("url,note\n/a,\"two\nlines\"\n/b,x\n");
        assert_eq!(urls(&list), vec![(2, "/a"), (4, "/b")]);
    }

    #[test]
    fn csv_files_without_a_named_column_read_the_first() {
        let list = UrlList::read_file("crawl.csv", b"Page,Status\n/a,200\n/b,404\n").unwrap();
        assert_eq!(list.column, None);
        assert_eq!(urls(&list), vec![(2, "/a"), (3, "/b")]);
        let list = UrlList::read_file("plain.CSV", b"/a,200\n/b,404\n").unwrap();
        assert_eq!(urls(&list), vec![(1, "/a"), (2, "/b")]);
        let list = UrlList::read_file("list.tsv", b"url\tcount\n/a\t3\n").unwrap();
        assert_eq!(urls(&list), vec![(2, "/a")]);
    }

    #[test]
    fn a_one_column_text_with_a_url_header_is_a_table() {
        let list = UrlList::parse("URL\n/a\n/b\n");
        assert_eq!(list.format, ListFormat::Csv);
        assert_eq!(urls(&list), vec![(2, "/a"), (3, "/b")]);
    }

    #[test]
    fn sitemaps_yield_their_page_locs() {
        let xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!-- generated -->\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\" xmlns:image=\"http://www.google.com/schemas/sitemap-image/1.1\">\n  <url>\n    <loc> https://a.example/?a=1&amp;b=2 </loc>\n    <image:image><image:loc>https://a.example/i.png</image:loc></image:image>\n  </url>\n  <url><loc><![CDATA[https://a.example/x&y]]></loc></url>\n  <url><loc>not a url</loc></url>\n  <url><location>x</location><loc>https://a.example/&#233;&#xE9;</loc></url>\n</urlset>\n";
        let list = UrlList::parse(xml);
        assert_eq!(list.format, ListFormat::Sitemap);
        assert_eq!(
            urls(&list),
            vec![
                (5, "https://a.example/?a=1&b=2"),
                (8, "https://a.example/x&y"),
                (10, "https://a.example/éé"),
            ]
        );
        assert_eq!(list.rejected.len(), 1);
        assert_eq!(list.rejected[0].line, 9);
    }

    #[test]
    fn sitemap_indexes_name_sitemaps() {
        let xml = "<sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n<sitemap><loc>https://a.example/s1.xml</loc></sitemap>\n<sitemap><loc>https://a.example/s2.xml.gz</loc><lastmod>2024-01-01</lastmod></sitemap>\n</sitemapindex>";
        let list = UrlList::parse(xml);
        assert_eq!(list.format, ListFormat::SitemapIndex);
        assert!(list.is_empty());
        assert_eq!(
            list.sitemaps,
            vec!["https://a.example/s1.xml", "https://a.example/s2.xml.gz"]
        );
    }

    #[test]
    fn broken_xml_never_panics() {
        for xml in [
            "<urlset><loc>",
            "<urlset><loc>/a",
            "<?xml",
            "<!--",
            "<urlset><loc>&#xFFFFFFFF;</loc>",
            "<urlset><loc>&#55296;/a</loc>",
            "<",
            "<urlset><loc >/b</loc>",
        ] {
            let list = UrlList::parse(xml);
            assert!(list.len() <= 1, "{xml}");
        }
        assert_eq!(
            urls(&UrlList::parse("<urlset><loc >/b</loc>")),
            vec![(1, "/b")]
        );
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
