//! Which robots.txt each URL is checked against. A robots.txt applies to
//! the URLs of its own origin (scheme, host and port; RFC 9309 section
//! 2.3, asked of the library's [`Origin`]), and the page keeps one file per
//! origin: the editor holds the chosen origin's (else the first URL's
//! origin's), the others are kept beside it. Every URL is checked against
//! its own origin's file; paths without a host belong to the editor's.
//!
//! A URL whose origin has no file here gets no verdict: its rows say "no
//! robots.txt given for this origin". RFC 9309 2.3.1.3 makes an
//! *unavailable* robots.txt (a 4xx) mean "allowed", but a file not given
//! here is not one known to be missing: a verdict would be a guess, and
//! another origin's verdict would be wrong. A webmaster who knows the
//! origin has none says so by choosing it and setting the simulated fetch
//! to a 404.
//!
//! The URLs are grouped by origin once ([`OriginSplit`]: each distinct
//! `scheme://authority` prefix is read by the library once), so checking
//! stays linear in URLs and files.

use std::collections::HashMap;
use std::sync::{Arc, OnceLock};

use robots_matcher::Origin;

use super::document::Document;
use super::fetched::FetchedDocument;
use super::format::plural;
use super::url_set::UrlSet;

/// The file of a URL: the editor's.
pub const EDITOR_FILE: u32 = 0;
/// The file of a URL whose origin has no robots.txt here.
pub const NO_FILE: u32 = u32::MAX;

/// The URL list grouped by origin, and which file each URL is checked
/// against: [`EDITOR_FILE`], `i` for the `i`th kept file (from 1, in the
/// order of the files given to [`OriginSplit::new`]), or [`NO_FILE`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OriginSplit {
    /// Every origin of the list, in order of first appearance, with its
    /// number of URLs.
    pub origins: Vec<(Origin, usize)>,
    /// The origin the editor's robots.txt is for (none when no URL has one
    /// and none was chosen).
    pub governed: Option<Origin>,
    /// How many URLs are of origins with no robots.txt here.
    pub without_file: usize,
    /// Each origin's file, in the order of `origins`.
    file_of_origin: Vec<u32>,
    /// Each URL's file; `None` when every URL is the editor's.
    of_url: Option<Vec<u32>>,
}

impl OriginSplit {
    /// Groups `urls` by origin for the editor's file, of origin `chosen`
    /// (else of the first URL's origin), and the kept files of the origins
    /// `with_files` (file `i + 1` is `with_files[i]`). Linear: each
    /// distinct `scheme://authority` prefix is read once.
    pub fn new(urls: &UrlSet, chosen: Option<&str>, with_files: &[&str]) -> OriginSplit {
        let list = &urls.list;
        // One map type for every look-up here (each instantiation is code
        // the page downloads): prefixes, then origins, then kept files.
        let mut by_prefix: HashMap<&str, Option<usize>> = HashMap::new();
        let mut distinct: Vec<Origin> = Vec::new();
        let mut of_url: Vec<Option<usize>> = Vec::with_capacity(list.len());
        for url in list.iter() {
            let at = *by_prefix.entry(prefix(url)).or_insert_with(|| {
                distinct.push(Origin::of(url).ok()?);
                Some(distinct.len() - 1)
            });
            of_url.push(at);
        }
        // Prefixes written differently can be one origin (`HTTPS://A.example:443`).
        let mut by_origin: HashMap<&str, Option<usize>> = HashMap::new();
        let mut origins: Vec<(Origin, usize)> = Vec::new();
        let merged: Vec<Option<usize>> = distinct
            .iter()
            .map(|origin| {
                *by_origin.entry(origin.as_str()).or_insert_with(|| {
                    origins.push((origin.clone(), 0));
                    Some(origins.len() - 1)
                })
            })
            .collect();
        let of_url: Vec<Option<usize>> = of_url
            .into_iter()
            .map(|at| at.and_then(|at| merged[at]))
            .collect();
        for &at in of_url.iter().flatten() {
            origins[at].1 += 1;
        }
        // The chosen origin is the editor's, whether or not a URL has it.
        let governed = chosen
            .and_then(|chosen| Origin::of(chosen).ok())
            .or_else(|| origins.first().map(|(o, _)| o.clone()));
        let kept: HashMap<&str, Option<usize>> = with_files
            .iter()
            .enumerate()
            .map(|(i, origin)| (*origin, Some(i + 1)))
            .collect();
        let file_of_origin: Vec<u32> = origins
            .iter()
            .map(|(origin, _)| {
                if Some(origin) == governed.as_ref() {
                    EDITOR_FILE
                } else {
                    kept.get(origin.as_str())
                        .copied()
                        .flatten()
                        .and_then(|i| u32::try_from(i).ok())
                        .unwrap_or(NO_FILE)
                }
            })
            .collect();
        let without_file = origins
            .iter()
            .zip(&file_of_origin)
            .filter(|(_, &file)| file == NO_FILE)
            .map(|((_, n), _)| n)
            .sum();
        let of_url = file_of_origin
            .iter()
            .any(|&file| file != EDITOR_FILE)
            .then(|| {
                of_url
                    .iter()
                    .map(|at| at.map_or(EDITOR_FILE, |at| file_of_origin[at]))
                    .collect()
            });
        OriginSplit {
            origins,
            governed,
            without_file,
            file_of_origin,
            of_url,
        }
    }

    /// The file URL `url` (an index into the list) is checked against.
    pub fn file_of_url(&self, url: usize) -> u32 {
        self.of_url.as_ref().map_or(EDITOR_FILE, |files| {
            files.get(url).copied().unwrap_or(NO_FILE)
        })
    }

    /// Whether every URL is checked against the editor's file.
    pub fn all_in_editor(&self) -> bool {
        self.of_url.is_none()
    }

    /// The file of the origin listed `at`th in [`OriginSplit::origins`].
    pub fn file_of_origin(&self, at: usize) -> u32 {
        self.file_of_origin.get(at).copied().unwrap_or(NO_FILE)
    }

    /// What the page says when some origins have no file: how many URLs
    /// get no verdict, and which origins (the first five).
    pub fn note(&self) -> Option<String> {
        if self.without_file == 0 {
            return None;
        }
        const SHOWN: usize = 5;
        let missing: Vec<String> = self
            .origins
            .iter()
            .zip(&self.file_of_origin)
            .filter(|(_, &file)| file == NO_FILE)
            .map(|((o, n), _)| format!("{o} ({n})"))
            .collect();
        let mut listed: Vec<String> = missing.iter().take(SHOWN).cloned().collect();
        if missing.len() > SHOWN {
            listed.push(format!("and {} more", missing.len() - SHOWN));
        }
        Some(format!(
            "No robots.txt given for {}: {} no verdict (a robots.txt governs only its own origin, RFC 9309 2.3): {}. Choose an origin to paste its robots.txt.",
            plural(missing.len(), "origin", "origins"),
            plural(self.without_file, "URL has", "URLs have"),
            listed.join(", ")
        ))
    }
}

/// The files the URLs are checked against besides the editor's: each kept
/// origin's robots.txt, parsed once (kept across edits of the editor's
/// file, so an edit re-checks only the editor's URLs), with the URL list
/// grouped by origin.
#[derive(Debug, Default)]
pub struct OriginFiles {
    /// Which file each URL is checked against.
    pub split: Arc<OriginSplit>,
    /// File `i` is `sites[i - 1]`.
    pub sites: Vec<SiteDocument>,
}

/// A kept origin's robots.txt, parsed: fetched as usual (the simulated
/// fetch outcome applies to the file in the editor), with its version
/// before in compare mode.
#[derive(Debug)]
pub struct SiteDocument {
    /// Its origin, `scheme://host[:port]`.
    pub origin: String,
    /// The file as fetched.
    pub fetched: FetchedDocument,
    /// The version before (compare mode), when one is kept.
    pub before: Option<Arc<Document>>,
    /// The text read in the other mode, parsed when first compared.
    other_mode: OnceLock<Arc<Document>>,
}

impl SiteDocument {
    /// `document` of `origin`, fetched as usual.
    pub fn new(
        origin: String,
        document: Arc<Document>,
        before: Option<Arc<Document>>,
    ) -> SiteDocument {
        SiteDocument {
            origin,
            fetched: FetchedDocument::as_usual(document),
            before,
            other_mode: OnceLock::new(),
        }
    }

    /// The text read in the other mode (parsed once).
    pub fn other_mode(&self) -> Arc<Document> {
        self.other_mode
            .get_or_init(|| Arc::new(self.fetched.document.in_other_mode()))
            .clone()
    }
}

impl OriginFiles {
    /// Every URL checked against the editor's file.
    pub fn editor_only() -> Arc<OriginFiles> {
        Arc::new(OriginFiles::default())
    }

    /// The file URL `url` is checked against.
    pub fn file_of_url(&self, url: usize) -> u32 {
        self.split.file_of_url(url)
    }

    /// A kept file (`file` from 1).
    pub fn site(&self, file: u32) -> Option<&SiteDocument> {
        let at = usize::try_from(file).ok()?.checked_sub(1)?;
        self.sites.get(at)
    }
}
/// `scheme://authority` of an absolute or scheme-relative URL (as typed:
/// the library reads it), or `""` for a path.
fn prefix(url: &str) -> &str {
    let start = match url.find("://") {
        Some(at) if !url[..at].contains('/') => at + 3,
        _ if url.starts_with("//") => 2,
        _ => return "",
    };
    let end = url[start..]
        .find(['/', '?', '#'])
        .map_or(url.len(), |i| start + i);
    &url[..end]
}

#[cfg(test)]
mod tests {
    use super::*;

    const KEPT: &[&str] = &["https://www.asos.de", "http://www.asos.com"];

    fn split_of(urls: &str, chosen: Option<&str>) -> (OriginSplit, Vec<u32>) {
        let set = UrlSet::parse(urls);
        let split = OriginSplit::new(&set, chosen, KEPT);
        let files = (0..set.list.len()).map(|i| split.file_of_url(i)).collect();
        (split, files)
    }

    #[test]
    fn one_origin_or_paths_are_the_editors() {
        let (s, files) = split_of("https://a.example/x\n/y\nhttps://A.example:443/z", None);
        assert_eq!(s.origins.len(), 1);
        assert_eq!(s.governed.as_ref().unwrap().as_str(), "https://a.example");
        assert!(s.all_in_editor());
        assert_eq!(files, [EDITOR_FILE; 3]);
        assert_eq!(s.note(), None);
        let (s, files) = split_of("/a\n/b", None);
        assert!(s.governed.is_none() && s.origins.is_empty());
        assert_eq!(files, [EDITOR_FILE; 2]);
    }

    #[test]
    fn every_url_is_checked_against_its_own_origins_file() {
        // Two origins with files (the editor's and a kept one), others
        // without; a port, http against https and a scheme-relative URL
        // are origins of their own.
        let urls = "https://www.asos.com/a\nhttps://www.asos.de/b\n/c\nhttp://www.asos.com/d\nhttps://www.asos.com:8443/e\n//cdn.asos.com/f\nhttps://www.asos.com/g";
        let (s, files) = split_of(urls, None);
        assert_eq!(files, [0, 1, 0, 2, NO_FILE, NO_FILE, 0]);
        assert_eq!(s.without_file, 2);
        let counts: Vec<(&str, usize)> = s.origins.iter().map(|(o, n)| (o.as_str(), *n)).collect();
        assert_eq!(
            counts,
            [
                ("https://www.asos.com", 2),
                ("https://www.asos.de", 1),
                ("http://www.asos.com", 1),
                ("https://www.asos.com:8443", 1),
                ("https://cdn.asos.com", 1),
            ]
        );
        assert_eq!(
            (0..5).map(|at| s.file_of_origin(at)).collect::<Vec<_>>(),
            [0, 1, 2, NO_FILE, NO_FILE]
        );
        let note = s.note().unwrap();
        assert!(
            note.starts_with("No robots.txt given for 2 origins: 2 URLs have no verdict"),
            "{note}"
        );
        assert!(
            note.contains("https://www.asos.com:8443 (1), https://cdn.asos.com (1)"),
            "{note}"
        );
        // The editor's file can be another origin's: paths follow it.
        let (_, files) = split_of(urls, Some("https://www.asos.com:8443"));
        assert_eq!(files, [NO_FILE, 1, 0, 2, 0, NO_FILE, NO_FILE]);
        // A chosen origin the list does not have: only the paths.
        let (s, files) = split_of(urls, Some("https://nowhere.example"));
        assert_eq!(
            s.governed.as_ref().unwrap().as_str(),
            "https://nowhere.example"
        );
        assert_eq!(files, [NO_FILE, 1, 0, 2, NO_FILE, NO_FILE, NO_FILE]);
        assert_eq!(s.without_file, 4);
    }

    #[test]
    fn idn_hosts_are_one_origin_and_percent_encoded_hosts_another() {
        // The library takes IDN hosts to Punycode and ASCII letters to
        // lower case, so the first three are one origin and one file. It
        // does not decode a percent-encoded host (no browser sends one),
        // so that one is an origin of its own, here without a file.
        let urls = "https://bücher.example/a\nhttps://xn--bcher-kva.example/b\nHTTPS://XN--BCHER-KVA.example:443/c\nhttps://b%C3%BCcher.example/d";
        let set = UrlSet::parse(urls);
        let split = OriginSplit::new(&set, Some("https://xn--bcher-kva.example"), &[]);
        assert_eq!(
            split.governed.as_ref().map(|o| o.to_string()),
            Some("https://xn--bcher-kva.example".into())
        );
        let files: Vec<u32> = (0..4).map(|i| split.file_of_url(i)).collect();
        assert_eq!(files, [EDITOR_FILE, EDITOR_FILE, EDITOR_FILE, NO_FILE]);
        assert_eq!(split.origins.len(), 2);
        assert_eq!(split.without_file, 1);
    }

    #[test]
    fn kept_files_are_found_by_origin() {
        let set = UrlSet::parse("https://a.example/x\nhttps://b.example/y\nhttps://c.example/z");
        let split = OriginSplit::new(&set, None, &["https://c.example", "https://b.example"]);
        let files: Vec<u32> = (0..3).map(|i| split.file_of_url(i)).collect();
        assert_eq!(files, [0, 2, 1]);
        assert_eq!(split.note(), None);
        assert!(!split.all_in_editor());
        // Out of range: no file.
        assert_eq!(split.file_of_url(3), NO_FILE);
    }

    #[test]
    fn prefixes_are_scheme_and_authority() {
        assert_eq!(prefix("https://a.example/x?y"), "https://a.example");
        assert_eq!(prefix("https://a.example?y"), "https://a.example");
        assert_eq!(prefix("//cdn.example/x"), "//cdn.example");
        assert_eq!(prefix("/a://b"), "");
        assert_eq!(prefix("/x"), "");
    }

    #[test]
    fn a_hundred_thousand_urls_on_many_origins() {
        // 100,000 URLs on 1,000 origins: grouped in one pass.
        let urls: String = (0..100_000)
            .map(|i| format!("https://h{}.example/p/{i}\n", i % 1000))
            .collect();
        let set = UrlSet::parse(&urls);
        let s = OriginSplit::new(&set, None, &["https://h1.example"]);
        assert_eq!(s.origins.len(), 1000);
        assert_eq!(s.without_file, 99_800);
        assert_eq!(
            (s.file_of_url(0), s.file_of_url(1), s.file_of_url(2)),
            (0, 1, NO_FILE)
        );
        assert!(s.note().unwrap().contains("and 993 more"));
    }
}
