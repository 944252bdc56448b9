//! Which URLs the robots.txt governs: a robots.txt applies to the URLs of
//! its own origin (scheme, host and port; RFC 9309 section 2.3, asked of
//! the library's [`Origin`]). The file is for one origin: the one chosen
//! (whether or not a URL has it), else the first origin in the URL list. Paths without a host belong to
//! it; URLs of other origins are not checked against it (that would give
//! them another site's verdicts) but counted and named per origin, so the
//! page can say which files are missing. With one origin, or only paths,
//! every URL is checked, as before.

use std::collections::HashMap;

use robots_matcher::Origin;

use super::format::{format_count, plural};
use super::url_set::UrlSet;

/// The URL list split by origin.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OriginSplit {
    /// Every origin of the list, in order of first appearance, with its
    /// number of URLs.
    pub origins: Vec<(Origin, usize)>,
    /// The origin the robots.txt is for (none when no URL has one).
    pub governed: Option<Origin>,
    /// How many URLs are of other origins.
    pub others: usize,
    /// How many of those have a robots.txt of their own (kept for their
    /// origin, checked when it is chosen).
    pub others_with_file: usize,
    /// Whether each URL is checked, when some are not.
    keep: Option<Vec<bool>>,
}

impl OriginSplit {
    /// Splits `urls` for a robots.txt of origin `chosen`, else of their
    /// first origin. Linear: each distinct
    /// `scheme://authority` prefix is read once.
    /// `with_files` names the other origins that have a robots.txt.
    pub fn new(urls: &UrlSet, chosen: Option<&str>, with_files: &[&str]) -> OriginSplit {
        let list = &urls.list;
        let mut by_prefix: HashMap<&str, Option<usize>> = HashMap::new();
        let mut origins: Vec<(Origin, usize)> = Vec::new();
        let mut of_url: Vec<Option<usize>> = Vec::with_capacity(list.len());
        for url in list.iter() {
            let origin = *by_prefix.entry(prefix(url)).or_insert_with(|| {
                let origin = Origin::of(url).ok()?;
                Some(match origins.iter().position(|(o, _)| *o == origin) {
                    Some(at) => at,
                    None => {
                        origins.push((origin, 0));
                        origins.len() - 1
                    }
                })
            });
            if let Some(at) = origin {
                origins[at].1 += 1;
            }
            of_url.push(origin);
        }
        // The chosen origin is the file's, whether or not a URL has it.
        let governed = chosen
            .and_then(|chosen| Origin::of(chosen).ok())
            .or_else(|| origins.first().map(|(o, _)| o.clone()));
        let governed_at = governed
            .as_ref()
            .and_then(|g| origins.iter().position(|(o, _)| o == g));
        let spans = origins.len() > usize::from(governed_at.is_some());
        let keep = spans.then(|| {
            of_url
                .iter()
                .map(|o| o.is_none() || *o == governed_at)
                .collect::<Vec<bool>>()
        });
        let checked = keep
            .as_ref()
            .map_or(list.len(), |k| k.iter().filter(|&&k| k).count());
        let others_with_file = origins
            .iter()
            .enumerate()
            .filter(|&(at, (o, _))| Some(at) != governed_at && with_files.contains(&o.as_str()))
            .map(|(_, (_, n))| n)
            .sum();
        OriginSplit {
            governed,
            others: list.len() - checked,
            others_with_file,
            origins,
            keep,
        }
    }

    /// The URLs to check: all of `urls` when one origin (or none) is
    /// listed, else those of the governed origin and the paths, with a note
    /// naming the origins left out.
    pub fn checked(&self, urls: &UrlSet) -> Option<UrlSet> {
        let keep = self.keep.as_ref()?;
        let text: Vec<&str> = urls
            .list
            .iter()
            .zip(keep)
            .filter_map(|(url, &keep)| keep.then_some(url))
            .collect();
        let mut notes = urls.notes();
        notes.extend(self.note());
        Some(UrlSet::with_notes(&text.join("\n"), notes))
    }

    /// What the page says when URLs span origins.
    pub fn note(&self) -> Option<String> {
        let governed = self.governed.as_ref()?;
        if self.others == 0 {
            return None;
        }
        const SHOWN: usize = 5;
        let mut listed: Vec<String> = self
            .origins
            .iter()
            .filter(|(o, _)| o != governed)
            .take(SHOWN)
            .map(|(o, n)| format!("{o} ({n})"))
            .collect();
        if self.origins.len() - 1 > SHOWN {
            listed.push(format!("and {} more", self.origins.len() - 1 - SHOWN));
        }
        let mut note = format!(
            "Not checked: {} of other origins, which this robots.txt does not govern (it is {}; RFC 9309 2.3: a robots.txt applies to its own scheme, host and port): {}.",
            plural(self.others, "URL", "URLs"),
            governed.robots_txt_url(),
            listed.join(", ")
        );
        if self.others_with_file > 0 {
            note.push_str(&format!(
                " {} of them {} a robots.txt of {} own here: choose {} origin to check them.",
                format_count(self.others_with_file),
                if self.others_with_file == 1 {
                    "has"
                } else {
                    "have"
                },
                if self.others_with_file == 1 {
                    "its"
                } else {
                    "their"
                },
                if self.others_with_file == 1 {
                    "its"
                } else {
                    "their"
                },
            ));
        }
        Some(note)
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

    fn split(urls: &str, chosen: Option<&str>) -> (OriginSplit, Vec<String>) {
        let set = UrlSet::parse(urls);
        let split = OriginSplit::new(&set, chosen, &["https://www.asos.de"]);
        let checked = split.checked(&set).map_or_else(
            || set.list.iter().map(str::to_string).collect(),
            |c| c.list.iter().map(str::to_string).collect(),
        );
        (split, checked)
    }

    #[test]
    fn one_origin_or_paths_check_everything() {
        let (s, checked) = split("https://a.example/x\n/y\nhttps://A.example:443/z", None);
        assert_eq!(s.origins.len(), 1);
        assert_eq!(s.governed.as_ref().unwrap().as_str(), "https://a.example");
        assert_eq!((s.others, checked.len()), (0, 3));
        assert_eq!(s.note(), None);
        let (s, checked) = split("/a\n/b", None);
        assert!(s.governed.is_none() && s.origins.is_empty());
        assert_eq!(checked, ["/a", "/b"]);
    }

    #[test]
    fn urls_of_other_origins_are_counted_not_checked() {
        let urls = "https://www.asos.com/a\nhttps://www.asos.de/b\n/c\nhttp://www.asos.com/d\nhttps://www.asos.com:8443/e\n//cdn.asos.com/f\nhttps://www.asos.com/g";
        let (s, checked) = split(urls, None);
        assert_eq!(
            checked,
            ["https://www.asos.com/a", "/c", "https://www.asos.com/g"]
        );
        assert_eq!(s.others, 4);
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
        let note = s.note().unwrap();
        assert!(
            note.starts_with("Not checked: 4 URLs of other origins"),
            "{note}"
        );
        assert!(
            note.contains("it is https://www.asos.com/robots.txt"),
            "{note}"
        );
        assert!(note.contains("https://www.asos.de (1)"), "{note}");
        assert_eq!(s.others_with_file, 1);
        assert!(
            note.ends_with(
                "1 of them has a robots.txt of its own here: choose its origin to check them."
            ),
            "{note}"
        );
        // The file can be for another of the origins.
        let (s, checked) = split(urls, Some("https://www.asos.de"));
        assert_eq!(checked, ["https://www.asos.de/b", "/c"]);
        assert_eq!(s.others, 5);
        // A chosen origin the list does not have: only the paths.
        let (s, checked) = split(urls, Some("https://nowhere.example"));
        assert_eq!(
            s.governed.as_ref().unwrap().as_str(),
            "https://nowhere.example"
        );
        assert_eq!(checked, ["/c"]);
        assert_eq!(s.others, 6);
    }

    #[test]
    fn the_notes_of_the_whole_list_are_kept() {
        let set = UrlSet::parse("https://a.example/x\n\nnot a url\nhttps://b.example/y");
        let checked = OriginSplit::new(&set, None, &[]).checked(&set).unwrap();
        let notes = checked.notes().join(" | ");
        assert!(notes.contains("Skipped 1 empty line"), "{notes}");
        assert!(notes.contains("not a URL"), "{notes}");
        assert!(
            notes.contains("Not checked: 1 URL of other origins"),
            "{notes}"
        );
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
    fn a_hundred_thousand_urls_on_two_origins() {
        let urls: String = (0..100_000)
            .map(|i| {
                format!(
                    "https://{}.example/p/{i}\n",
                    if i % 4 == 1 { "b" } else { "a" }
                )
            })
            .collect();
        let set = UrlSet::parse(&urls);
        let s = OriginSplit::new(&set, None, &[]);
        assert_eq!((s.origins.len(), s.others), (2, 25_000));
        assert_eq!(s.checked(&set).unwrap().list.len(), 75_000);
    }
}
