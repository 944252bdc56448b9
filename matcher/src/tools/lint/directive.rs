//! What a line's key is, in the classes of Google's parsing report: a rule
//! (`User-agent`, `Allow`, `Disallow`), a sitemap, a directive that is
//! recognised but unused by Google, or an unknown key.
//!
//! The recognised-but-unused directives are data ([`UNUSED_DIRECTIVES`]):
//! what each means and who reads it, so that the linter
//! (`unsupported-directive`), the editor's colours and any other front end
//! say the same thing.

use crate::model::LineKind;

/// The class of a line's key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DirectiveClass {
    /// `User-agent`, `Allow` or `Disallow`: what matching reads.
    Rule,
    /// `Sitemap`: read by crawlers, outside any group.
    Sitemap,
    /// A directive Google recognises but does not use (Crawl-delay,
    /// Content-Signal, ...).
    Unused(&'static UnusedDirective),
    /// Any other key.
    Unknown,
}

impl DirectiveClass {
    /// The class of a directive line of `kind` whose key is `key`, or none
    /// for lines without a key (blank, comment, invalid, beyond the limit).
    pub fn of(kind: LineKind, key: &str) -> Option<DirectiveClass> {
        Some(match kind {
            LineKind::UserAgent | LineKind::Allow | LineKind::Disallow => DirectiveClass::Rule,
            LineKind::Sitemap => DirectiveClass::Sitemap,
            LineKind::Other => {
                unused_directive(key).map_or(DirectiveClass::Unknown, DirectiveClass::Unused)
            }
            LineKind::Blank | LineKind::Comment | LineKind::Invalid | LineKind::BeyondLimit => {
                return None
            }
        })
    }

    /// Stable lower-case name: `rule`, `sitemap`, `unused`, `unknown`.
    pub fn as_str(self) -> &'static str {
        match self {
            DirectiveClass::Rule => "rule",
            DirectiveClass::Sitemap => "sitemap",
            DirectiveClass::Unused(_) => "unused",
            DirectiveClass::Unknown => "unknown",
        }
    }
}

/// A directive Google recognises but does not use.
#[derive(Debug, PartialEq, Eq)]
pub struct UnusedDirective {
    /// The key as usually written.
    pub key: &'static str,
    /// What it asks for.
    pub meaning: &'static str,
    /// Who reads it.
    pub used_by: &'static str,
    /// Whether a webmaster is likely to rely on it for something it no
    /// longer does (its finding is then a warning, not an info).
    pub misleading: bool,
    /// The lint code its finding had before `unsupported-directive`
    /// replaced it, kept in JSON output for one release.
    pub former_code: Option<&'static str>,
    /// Where what it means and who reads it is written down.
    pub source: &'static str,
}

const GOOGLE_NOTE: &str =
    "https://developers.google.com/search/blog/2019/07/a-note-on-unsupported-rules-in-robotstxt";
const YANDEX: &str = "https://yandex.com/support/webmaster/en/controlling-robot/robots-txt";
const IN_THE_WILD: &str =
    "https://github.com/GoogleChrome/lighthouse/issues/4356#issuecomment-375489925";

/// Every recognised-but-unused directive: those of Google's 2019 note, the
/// AI usage preferences, RSL's License, Agentmap, and the ones common in
/// real files (counted over the 2,900 files of the test corpus:
/// Crawl-delay in 484, Noindex in 84, Host in 51, Request-rate in 15,
/// Clean-param in 9, Visit-time in 8, Content-Signal in 2; no other key
/// appears in more than one file that is not a typo or an HTML page).
pub const UNUSED_DIRECTIVES: [UnusedDirective; 12] = [
    UnusedDirective {
        key: "Crawl-delay",
        meaning: "asks for a pause, in seconds, between requests",
        used_by: "Bing and several smaller crawlers; Googlebot adjusts its rate to the server's responses instead",
        misleading: false,
        former_code: Some("crawl-delay-ignored"),
        source: GOOGLE_NOTE,
    },
    UnusedDirective {
        key: "Content-Signal",
        meaning: "states whether the content may be used for search, AI input and AI training",
        used_by: "the crawlers that say they honour it (Cloudflare's managed robots.txt writes it, with use= since 2026)",
        misleading: false,
        former_code: None,
        source: "https://contentsignals.org/",
    },
    UnusedDirective {
        key: "Content-Usage",
        meaning: "states AI usage preferences, for a path or the whole site (IETF AI Preferences drafts: draft-ietf-aipref-attach-05, labels of draft-ietf-aipref-vocab-07)",
        used_by: "crawlers that implement the draft; none of the major search engines has said it does",
        misleading: false,
        former_code: None,
        source: "https://datatracker.ietf.org/doc/draft-ietf-aipref-attach/",
    },
    UnusedDirective {
        key: "Clean-param",
        meaning: "names URL parameters that do not change the page, so URLs differing only in them count as one",
        used_by: "Yandex",
        misleading: false,
        former_code: None,
        source: YANDEX,
    },
    UnusedDirective {
        key: "Host",
        meaning: "names the site's main mirror",
        used_by: "Yandex, which replaced it with redirects in 2018",
        misleading: false,
        former_code: None,
        source: YANDEX,
    },
    UnusedDirective {
        key: "Request-rate",
        meaning: "asks for at most so many requests per period",
        used_by: "a few crawlers (Seznam's among them)",
        misleading: false,
        former_code: None,
        source: IN_THE_WILD,
    },
    UnusedDirective {
        key: "Visit-time",
        meaning: "asks crawlers to visit only within a time window",
        used_by: "few crawlers; it comes from an unofficial extension of the 1990s",
        misleading: false,
        former_code: None,
        source: IN_THE_WILD,
    },
    UnusedDirective {
        key: "Cache-delay",
        meaning: "asks for a pause between requests for cached copies",
        used_by: "no major crawler documents it",
        misleading: false,
        former_code: None,
        source: GOOGLE_NOTE,
    },
    UnusedDirective {
        key: "Noindex",
        meaning: "was meant to keep pages out of search results",
        used_by: "no major crawler; Google stopped in 2019: use a robots meta tag or an X-Robots-Tag header",
        misleading: true,
        former_code: Some("noindex-unsupported"),
        source: GOOGLE_NOTE,
    },
    UnusedDirective {
        key: "Nofollow",
        meaning: "was meant to stop crawlers following a page's links",
        used_by: "no major crawler; Google stopped in 2019: use a robots meta tag or rel=\"nofollow\"",
        misleading: true,
        former_code: Some("noindex-unsupported"),
        source: GOOGLE_NOTE,
    },
    UnusedDirective {
        key: "License",
        meaning: "links the site's licence terms for crawlers (RSL 1.0, Really Simple Licensing: an absolute URL of an RSL licence, for the whole site)",
        used_by: "crawlers and AI companies that take part in RSL; search engines do not say they read it",
        misleading: false,
        former_code: None,
        source: "https://rslstandard.org/guide/robots-txt",
    },
    UnusedDirective {
        key: "Agentmap",
        meaning: "points AI agents to a file describing what the site offers them",
        used_by: "no crawler has documented reading it; it is a convention some sites publish",
        misleading: false,
        former_code: None,
        source: "no specification published; recognised because sites write it (issue 20)",
    },
];

/// The recognised-but-unused directive `key` names (any letter case).
pub fn unused_directive(key: &str) -> Option<&'static UnusedDirective> {
    UNUSED_DIRECTIVES
        .iter()
        .find(|d| d.key.eq_ignore_ascii_case(key))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_found_in_any_case_and_nothing_else_is() {
        for d in &UNUSED_DIRECTIVES {
            assert_eq!(unused_directive(&d.key.to_ascii_uppercase()), Some(d));
            assert_eq!(unused_directive(&d.key.to_ascii_lowercase()), Some(d));
        }
        for key in ["Foo", "crawl-delays", "", "Disallow", "Sitemap", "Licence"] {
            assert_eq!(unused_directive(key), None, "{key}");
        }
    }

    #[test]
    fn each_line_kind_has_its_class() {
        assert_eq!(
            DirectiveClass::of(LineKind::Allow, "allow"),
            Some(DirectiveClass::Rule)
        );
        assert_eq!(
            DirectiveClass::of(LineKind::UserAgent, "user-agent"),
            Some(DirectiveClass::Rule)
        );
        assert_eq!(
            DirectiveClass::of(LineKind::Sitemap, "sitemap"),
            Some(DirectiveClass::Sitemap)
        );
        assert_eq!(
            DirectiveClass::of(LineKind::Other, "crawl-DELAY").map(DirectiveClass::as_str),
            Some("unused")
        );
        assert_eq!(
            DirectiveClass::of(LineKind::Other, "Foo"),
            Some(DirectiveClass::Unknown)
        );
        assert_eq!(DirectiveClass::of(LineKind::Comment, ""), None);
        assert_eq!(DirectiveClass::of(LineKind::Invalid, "x"), None);
    }

    #[test]
    fn every_directive_cites_its_source() {
        for d in &UNUSED_DIRECTIVES {
            assert!(!d.source.is_empty(), "{}", d.key);
        }
        assert!(unused_directive("license").is_some_and(|d| d.source.contains("rslstandard.org")));
        assert!(unused_directive("AGENTMAP").is_some());
    }

    #[test]
    fn only_the_retired_directives_are_misleading() {
        let misleading: Vec<_> = UNUSED_DIRECTIVES
            .iter()
            .filter(|d| d.misleading)
            .map(|d| d.key)
            .collect();
        assert_eq!(misleading, ["Noindex", "Nofollow"]);
    }
}
