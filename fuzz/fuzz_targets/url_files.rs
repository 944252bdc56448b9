//! Arbitrary bytes as URL files of every kind the app and the CLI open: a
//! plain list, a CSV or TSV table, a sitemap or sitemap index, through
//! `UrlList::read_file` under each file name, and as pasted text through
//! `UrlList::parse`, with invariants that must hold for any input.
#![no_main]

use libfuzzer_sys::fuzz_target;
use robots_matcher::read::url_list::{ListFormat, Rejected, UrlList, UrlListError};

/// What every reading must give: URLs that are non-empty, each from a line
/// of the text, in order; rejected lines in order and cut to their cap;
/// sitemaps only from an index; a text made of the URLs, one a line.
fn check(list: &UrlList, text: &str) {
    let lines = text.split('\n').count() as u32;
    let mut previous = 0;
    for (i, url) in list.iter().enumerate() {
        assert!(!url.is_empty());
        assert_eq!(list.get(i), Some(url));
        let line = list.line(i).expect("every URL has a line");
        assert!(line >= 1 && line <= lines, "line {line} of {lines}");
        // Several URLs may share a line (a sitemap on one line).
        assert!(line >= previous);
        previous = line;
    }
    assert_eq!(list.get(list.len()), None);
    for pair in list.rejected.windows(2) {
        assert!(pair[0].line <= pair[1].line);
    }
    for rejected in &list.rejected {
        assert!(rejected.line >= 1 && rejected.line <= lines);
        assert!(rejected.text.len() <= Rejected::MAX_TEXT);
    }
    if list.format != ListFormat::SitemapIndex {
        assert!(list.sitemaps.is_empty());
    }
    let joined = list.to_lines();
    assert_eq!(joined.split('\n').filter(|l| !l.is_empty()).count(), list.len());
}

fuzz_target!(|data: &[u8]| {
    for name in ["urls.txt", "crawl.csv", "export.TSV", "sitemap.xml"] {
        match UrlList::read_file(name, data) {
            Ok(list) => {
                let text = std::str::from_utf8(data).expect("read as text only when UTF-8");
                check(&list, text);
            }
            Err(UrlListError::Compressed) => assert!(data.starts_with(&[0x1f, 0x8b])),
            Err(UrlListError::NotUtf8 { line }) => {
                assert!(std::str::from_utf8(data).is_err());
                assert!(line >= 1 && line as usize <= data.split(|&b| b == b'\n').count());
            }
        }
    }
    let text = String::from_utf8_lossy(data);
    check(&UrlList::parse(&text), &text);
});
