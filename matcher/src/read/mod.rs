//! Readers: the inputs people bring, read into values the core and the
//! tools check. Each reader imports only the crate's core (and the
//! readers' shared value, [`UrlList`]), never a tool.
//!
//! - [`url_list`]: the [`UrlList`] value and its plain reading, one URL a
//!   line; which reader a text or a file gets is decided here
//!   ([`UrlList::parse`], [`UrlList::read_file`]);
//! - `csv`: a table's URL column;
//! - `sitemap`: a sitemap's `<loc>`s, or the sitemaps an index names;
//! - [`log`]: access logs (Combined and Common Log Format, JSON lines, W3C
//!   extended, CSV), read as a stream of requests;
//! - [`ip_ranges`]: the IP ranges operators publish for their crawlers;
//! - `json`: the JSON reader of JSON-lines logs and IP-range files.

mod csv;
pub mod ip_ranges;
mod json;
pub mod log;
mod sitemap;
pub mod url_list;

use url_list::{line_of, read_lines, UrlList, UrlListError};

/// Choosing the reader.
impl UrlList {
    /// Reads text typed or pasted: a sitemap or sitemap index when it is
    /// XML, a table when its first line is a CSV header naming a `url`,
    /// `loc` or `address` column, otherwise one URL per line.
    pub fn parse(text: &str) -> UrlList {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        if sitemap::looks_like_xml(text) {
            return sitemap::read_sitemap(text);
        }
        let first = text.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
        let delimiter = csv::delimiter_of(first);
        if let Some(column) = csv::named_column(first, delimiter) {
            return csv::read_table(text, delimiter, Some(column));
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
            if !sitemap::looks_like_xml(text) {
                let first = text.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
                let delimiter = if lower.ends_with(".tsv") {
                    b'\t'
                } else {
                    csv::delimiter_of(first)
                };
                let column = csv::named_column(first, delimiter);
                return Ok(csv::read_table(text, delimiter, column));
            }
        }
        Ok(UrlList::parse(text))
    }
}
