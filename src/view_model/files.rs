//! Files opened or dropped: a robots.txt into the editor (decoded like a
//! crawler would read it), and URL lists into the URL field (text, CSV
//! exports, sitemaps and sitemap indexes, read by the library's
//! `UrlList`). gzip files arrive here already decompressed by the browser.

use robots_matcher::encoding::{decode, Encoding};
use robots_matcher::read::url_list::{ListFormat, UrlList, UrlListError};
use robots_matcher::GOOGLE_SIZE_LIMIT;

use super::format::{format_count, format_size, plural, skipped_lines_note};
use super::inputs::normalize_newlines;

/// What opening files gave, and a note saying what happened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opened {
    /// The text for the field.
    pub text: String,
    /// What happened to the bytes, for a visible note.
    pub note: String,
    /// A notice rather than plain information (conversion, loss, errors).
    pub warning: bool,
}

/// Decodes a robots.txt file's bytes with the matcher's `encoding::decode`.
pub fn open_robots(name: &str, bytes: &[u8]) -> Opened {
    let decoded = decode(bytes);
    let had_bom = bytes.starts_with(&[0xEF, 0xBB, 0xBF]);
    let mut note = format!("Opened {name} ({}).", format_size(bytes.len()));
    match decoded.encoding {
        Encoding::Utf16 => note.push_str(
            " It was UTF-16 and has been converted to UTF-8 here; crawlers read robots.txt as UTF-8 and would find no rules in the original file.",
        ),
        Encoding::Invalid { first_error } => note.push_str(&format!(
            " It is not valid UTF-8 (first bad byte at offset {first_error}); invalid bytes are shown as \u{FFFD}, so verdicts here may differ from Google's on the original bytes."
        )),
        Encoding::Utf8 if had_bom => note.push_str(" Its UTF-8 byte order mark was removed."),
        Encoding::Utf8 => {}
    }
    if bytes.len() > GOOGLE_SIZE_LIMIT {
        note.push_str(&format!(
            " Google reads only the first {} of it.",
            format_size(GOOGLE_SIZE_LIMIT)
        ));
    }
    Opened {
        text: normalize_newlines(&decoded.text),
        note,
        warning: decoded.converted,
    }
}

/// A URL file as the browser gave it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UrlFile {
    /// The file's name.
    pub name: String,
    /// Its bytes, decompressed when it was gzip.
    pub bytes: Vec<u8>,
    /// Whether the browser decompressed it.
    pub was_gzip: bool,
}

/// Reads URL files into the URL field's text: their URLs one per line, in
/// the order given, and a note per file (how many URLs, from which column
/// or sitemap, what was skipped), plus the sitemaps an index names that
/// were not among the files. Files giving no URL at all (a sitemap index
/// alone, unreadable files) leave an empty text: the URL list is then kept
/// as it was ([`Opened::gave_nothing`]), and the note says so.
pub fn open_urls(files: &[UrlFile]) -> Opened {
    let mut text = String::new();
    let mut notes = Vec::new();
    let mut warning = false;
    let mut named_sitemaps: Vec<String> = Vec::new();
    for file in files {
        let list = match UrlList::read_file(&file.name, &file.bytes) {
            Ok(list) => list,
            Err(error) => {
                warning = true;
                let reason = match error {
                    UrlListError::Compressed => {
                        "it is compressed in a way this browser could not undo".to_string()
                    }
                    other => other.to_string(),
                };
                notes.push(format!("{} could not be read: {reason}.", file.name));
                continue;
            }
        };
        if !text.is_empty() && !list.is_empty() {
            text.push('\n');
        }
        text.push_str(&list.to_lines());
        let gz = if file.was_gzip { ", decompressed" } else { "" };
        let from = match list.format {
            ListFormat::Lines => format!("{}{gz}", file.name),
            ListFormat::Csv => match &list.column {
                Some(column) => format!("the {column} column of {}{gz}", file.name),
                None => format!("the first column of {}{gz}", file.name),
            },
            ListFormat::Sitemap => format!("the sitemap {}{gz}", file.name),
            ListFormat::SitemapIndex => {
                notes.push(format!(
                    "{}{gz} is a sitemap index naming {}.",
                    file.name,
                    plural(list.sitemaps.len(), "sitemap", "sitemaps")
                ));
                named_sitemaps.extend(list.sitemaps.iter().cloned());
                continue;
            }
        };
        notes.push(format!(
            "Read {} from {from}.",
            plural(list.len(), "URL", "URLs")
        ));
        if let Some(skipped) = skipped_lines_note(&list.rejected) {
            warning = true;
            notes.push(skipped);
        }
    }
    let given: Vec<&str> = files.iter().map(|f| f.name.as_str()).collect();
    let missing: Vec<&String> = named_sitemaps
        .iter()
        .filter(|url| {
            let last = url.rsplit('/').next().unwrap_or(url);
            !given.iter().any(|name| name.eq_ignore_ascii_case(last))
        })
        .collect();
    if !missing.is_empty() {
        const SHOWN: usize = 5;
        let mut listed: Vec<String> = missing.iter().take(SHOWN).map(|s| s.to_string()).collect();
        if missing.len() > SHOWN {
            listed.push(format!("and {} more", format_count(missing.len() - SHOWN)));
        }
        notes.push(format!(
            "Not given, so not checked: {}. Open them with the index to check their URLs.",
            listed.join(", ")
        ));
    }
    if text.is_empty() {
        notes.push("The URL list is unchanged.".to_string());
    }
    Opened {
        text,
        note: notes.join(" "),
        warning,
    }
}

impl Opened {
    /// Whether opened URL files gave no URL, so the list stays as it was.
    pub fn gave_nothing(&self) -> bool {
        self.text.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file(name: &str, bytes: &[u8]) -> UrlFile {
        UrlFile {
            name: name.to_string(),
            bytes: bytes.to_vec(),
            was_gzip: name.ends_with(".gz"),
        }
    }

    #[test]
    fn robots_files_decode_bom_utf16_and_invalid_bytes() {
        let opened = open_robots("bom.txt", b"\xEF\xBB\xBFUser-agent: *\r\nDisallow: /x\r\n");
        assert_eq!(opened.text, "User-agent: *\nDisallow: /x\n");
        assert!(opened.note.contains("byte order mark"));
        assert!(!opened.warning);
        let mut utf16 = vec![0xFF, 0xFE];
        for unit in "User-agent: *\n".encode_utf16() {
            utf16.extend(unit.to_le_bytes());
        }
        let opened = open_robots("u16.txt", &utf16);
        assert_eq!(opened.text, "User-agent: *\n");
        assert!(opened.note.contains("UTF-16") && opened.warning);
        let opened = open_robots("latin1.txt", b"Disallow: /caf\xE9\n");
        assert_eq!(opened.text, "Disallow: /caf\u{FFFD}\n");
        assert!(opened.note.contains("offset 14") && opened.warning);
        let big = vec![b'#'; GOOGLE_SIZE_LIMIT + 1];
        assert!(open_robots("big.txt", &big)
            .note
            .contains("Google reads only the first 512.0 KB"));
    }

    #[test]
    fn url_files_of_every_kind_fill_the_field_in_order() {
        let opened = open_urls(&[
            file("urls.txt", b"# mine\n/a\nhello\n/b\n"),
            file("crawl.csv", b"Address,Status\nhttps://x.example/c,200\n"),
            file(
                "sitemap.xml.gz",
                b"<urlset><url><loc>https://x.example/d</loc></url></urlset>",
            ),
        ]);
        assert_eq!(
            opened.text,
            "/a\n/b\nhttps://x.example/c\nhttps://x.example/d"
        );
        assert_eq!(
            opened.note,
            "Read 2 URLs from urls.txt. Skipped 1 line that is not a URL or a path (paths start with /): line 3 (hello). \
             Read 1 URL from the Address column of crawl.csv. \
             Read 1 URL from the sitemap sitemap.xml.gz, decompressed."
        );
        assert!(opened.warning);
    }

    #[test]
    fn sitemap_indexes_name_the_sitemaps_not_given() {
        let index = b"<sitemapindex><sitemap><loc>https://x.example/s1.xml</loc></sitemap><sitemap><loc>https://x.example/s2.xml.gz</loc></sitemap></sitemapindex>";
        let opened = open_urls(&[
            file("index.xml", index),
            file("s2.xml.gz", b"<urlset><url><loc>/e</loc></url></urlset>"),
        ]);
        assert_eq!(opened.text, "/e");
        assert!(
            opened
                .note
                .contains("index.xml is a sitemap index naming 2 sitemaps."),
            "{}",
            opened.note
        );
        assert!(
            opened
                .note
                .contains("Not given, so not checked: https://x.example/s1.xml."),
            "{}",
            opened.note
        );
    }

    #[test]
    fn a_sitemap_index_alone_keeps_the_list_and_says_what_it_needs() {
        let index =
            b"<sitemapindex><sitemap><loc>https://x.example/s1.xml</loc></sitemap></sitemapindex>";
        let opened = open_urls(&[file("index.xml", index)]);
        assert!(opened.gave_nothing());
        assert_eq!(
            opened.note,
            "index.xml is a sitemap index naming 1 sitemap. Not given, so not checked: https://x.example/s1.xml. \
             Open them with the index to check their URLs. The URL list is unchanged."
        );
        assert!(!open_urls(&[file("a.txt", b"/a")]).gave_nothing());
    }

    #[test]
    fn unreadable_files_are_reported() {
        let opened = open_urls(&[file("bad.txt", b"/a\n\xFF\n"), file("ok.txt", b"/b")]);
        assert_eq!(opened.text, "/b");
        assert!(
            opened
                .note
                .starts_with("bad.txt could not be read: line 2 is not valid UTF-8"),
            "{}",
            opened.note
        );
        assert!(opened.warning);
    }
}
