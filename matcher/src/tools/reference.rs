//! Where each behaviour is written down: the RFC 9309 section or the Google
//! Search Central page a diagnostic or an explanation step rests on, so
//! front ends can link to it (a static link; following it is the reader's
//! choice).
//!
//! The RFC governs what it defines; what only Google does is cited to
//! Google: its robots.txt page for the size limit, its crawler pages for
//! fallback tokens and the crawlers that ignore `*`, and its open-source
//! parser (`robots.cc`, Googlebot's production code) for the behaviours its
//! documentation does not describe: the `/index.html` rule, misspelt keys
//! and the missing colon. Every address and section here was checked
//! against the published text (2026-11-25).

use crate::fetch::FetchOutcome;
use crate::tools::explain::Basis;
use crate::tools::lint::Code;

/// A document section.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Reference {
    /// How to name it in a link: `RFC 9309, 2.2.1`.
    pub title: &'static str,
    /// The address.
    pub url: &'static str,
}

const fn rfc(title: &'static str, url: &'static str) -> Reference {
    Reference { title, url }
}

/// RFC 9309 2.1: the file's grammar (records, the colon, groups).
pub const SYNTAX: Reference = rfc(
    "RFC 9309, 2.1 Protocol Definition",
    "https://www.rfc-editor.org/rfc/rfc9309.html#section-2.1",
);
/// RFC 9309 2.2.1: which group applies to a crawler.
pub const USER_AGENT: Reference = rfc(
    "RFC 9309, 2.2.1 The User-Agent Line",
    "https://www.rfc-editor.org/rfc/rfc9309.html#section-2.2.1",
);
/// RFC 9309 2.2.2: Allow and Disallow, the longest match.
pub const RULES: Reference = rfc(
    "RFC 9309, 2.2.2 The \"Allow\" and \"Disallow\" Lines",
    "https://www.rfc-editor.org/rfc/rfc9309.html#section-2.2.2",
);
/// RFC 9309 2.2.3: `*`, `$` and percent-encoding.
pub const SPECIAL_CHARACTERS: Reference = rfc(
    "RFC 9309, 2.2.3 Special Characters",
    "https://www.rfc-editor.org/rfc/rfc9309.html#section-2.2.3",
);
/// RFC 9309 2.2.4: Sitemap and other records.
pub const OTHER_RECORDS: Reference = rfc(
    "RFC 9309, 2.2.4 Other Records",
    "https://www.rfc-editor.org/rfc/rfc9309.html#section-2.2.4",
);
/// RFC 9309 2.3.1: what a crawler does with each fetch outcome.
pub const ACCESS_RESULTS: Reference = rfc(
    "RFC 9309, 2.3.1 Access Results",
    "https://www.rfc-editor.org/rfc/rfc9309.html#section-2.3.1",
);
/// RFC 9309 2.3.1.1: a fetched file's rules are followed.
pub const ACCESS_SUCCESSFUL: Reference = rfc(
    "RFC 9309, 2.3.1.1 Successful Access",
    "https://www.rfc-editor.org/rfc/rfc9309.html#section-2.3.1.1",
);
/// RFC 9309 2.3.1.2: redirects, and more than five of them.
pub const ACCESS_REDIRECTS: Reference = rfc(
    "RFC 9309, 2.3.1.2 Redirects",
    "https://www.rfc-editor.org/rfc/rfc9309.html#section-2.3.1.2",
);
/// RFC 9309 2.3.1.3: 4xx, the crawler may access anything.
pub const ACCESS_UNAVAILABLE: Reference = rfc(
    "RFC 9309, 2.3.1.3 \"Unavailable\" Status",
    "https://www.rfc-editor.org/rfc/rfc9309.html#section-2.3.1.3",
);
/// RFC 9309 2.3.1.4: server and network errors, complete disallow.
pub const ACCESS_UNREACHABLE: Reference = rfc(
    "RFC 9309, 2.3.1.4 \"Unreachable\" Status",
    "https://www.rfc-editor.org/rfc/rfc9309.html#section-2.3.1.4",
);
/// RFC 9309 2.5: the 500 KiB a crawler must read at least.
pub const LIMITS: Reference = rfc(
    "RFC 9309, 2.5 Limits",
    "https://www.rfc-editor.org/rfc/rfc9309.html#section-2.5",
);
/// Google: how Google reads robots.txt (syntax, grouping, file format).
pub const GOOGLE: Reference = rfc(
    "Google Search Central: How Google interprets the robots.txt specification",
    "https://developers.google.com/search/docs/crawling-indexing/robots/robots_txt",
);
/// Google: grouping of lines and rules.
pub const GOOGLE_GROUPING: Reference = rfc(
    "Google Search Central: grouping of lines and rules",
    "https://developers.google.com/search/docs/crawling-indexing/robots/robots_txt#grouping-of-lines-and-rules",
);
/// Google: the file format (UTF-8, BOM, size).
pub const GOOGLE_FILE_FORMAT: Reference = rfc(
    "Google Search Central: file format",
    "https://developers.google.com/search/docs/crawling-indexing/robots/robots_txt#file-format",
);
/// Google: the path compared as a request carries it, and wildcards.
pub const GOOGLE_PATH_MATCHING: Reference = rfc(
    "Google Search Central: URL matching based on path values",
    "https://developers.google.com/search/docs/crawling-indexing/robots/robots_txt#url-matching-based-on-path-values",
);
/// Google: rules, their fields and a rule without a path.
pub const GOOGLE_SYNTAX: Reference = rfc(
    "Google Search Central: robots.txt syntax",
    "https://developers.google.com/search/docs/crawling-indexing/robots/robots_txt#syntax",
);
/// Google: its crawlers, their tokens, and which token's group a crawler
/// without a group of its own obeys.
pub const GOOGLE_CRAWLERS: Reference = rfc(
    "Google Search Central: Overview of Google crawlers and fetchers",
    "https://developers.google.com/search/docs/crawling-indexing/overview-google-crawlers",
);
/// Google: the special-case crawlers, which ignore the `*` group.
pub const GOOGLE_SPECIAL_CASE_CRAWLERS: Reference = rfc(
    "Google Search Central: Google's special-case crawlers (they ignore the * group)",
    "https://developers.google.com/search/docs/crawling-indexing/google-special-case-crawlers",
);
/// Google's open-source robots.txt parser, Googlebot's production code:
/// where the `/index.html` rule, the accepted misspellings and the missing
/// colon are written down.
pub const GOOGLE_PARSER: Reference = rfc(
    "Google's robots.txt parser (robots.cc)",
    "https://github.com/google/robotstxt/blob/master/robots.cc",
);
/// Google's 2019 note retiring noindex and other unsupported rules.
pub const GOOGLE_UNSUPPORTED: Reference = rfc(
    "Google Search Central blog: a note on unsupported rules in robots.txt",
    "https://developers.google.com/search/blog/2019/07/a-note-on-unsupported-rules-in-robotstxt",
);
/// The IETF AI Preferences draft that puts Content-Usage in robots.txt.
pub const CONTENT_USAGE: Reference = rfc(
    "IETF draft-ietf-aipref-attach",
    "https://datatracker.ietf.org/doc/draft-ietf-aipref-attach/",
);
/// Cloudflare's Content Signals.
pub const CONTENT_SIGNAL: Reference = rfc("Content Signals", "https://contentsignals.org/");
/// Lighthouse's robots.txt audit.
pub const LIGHTHOUSE_ROBOTS: Reference = rfc(
    "Lighthouse: robots.txt is not valid",
    "https://developer.chrome.com/docs/lighthouse/seo/invalid-robots-txt/",
);

impl Code {
    /// Where the behaviour behind this diagnostic is written down.
    pub fn reference(self) -> Reference {
        match self {
            Code::UnknownDirective => OTHER_RECORDS,
            Code::TypoAccepted | Code::LineTooLong | Code::NulByte => GOOGLE,
            Code::MissingColon | Code::RuleBeforeUserAgent => SYNTAX,
            Code::PatternStart | Code::BlocksSite | Code::EmptyDisallow => RULES,
            Code::DollarNotAtEnd | Code::PatternNeedsEncoding => SPECIAL_CHARACTERS,
            Code::EmptyUserAgent | Code::UserAgentCut | Code::DuplicateGroup => USER_AGENT,
            Code::UnsupportedDirective => GOOGLE_UNSUPPORTED,
            Code::SitemapRelative | Code::SitemapInvalid => OTHER_RECORDS,
            Code::FileTooLarge => LIMITS,
            Code::Bom | Code::InvalidUtf8 | Code::Utf16 => GOOGLE_FILE_FORMAT,
            Code::HtmlDocument => ACCESS_RESULTS,
            Code::AgentJoinsPreviousGroup => GOOGLE_GROUPING,
            Code::ContentUsageSyntax => CONTENT_USAGE,
            Code::ContentSignalSyntax | Code::SignalContradictsRules => CONTENT_SIGNAL,
            Code::AgentIsUserAgentString | Code::AgentLooksMisspelled => GOOGLE_CRAWLERS,
            Code::GroupDropsGlobalRules => USER_AGENT,
            Code::ValidatorRejects => LIGHTHOUSE_ROBOTS,
        }
    }
}

/// The RFC 9309 section that says what a crawler does when fetching
/// robots.txt ended with `outcome`.
pub fn access_result(outcome: FetchOutcome) -> Reference {
    match outcome.rfc_section() {
        "2.3.1.1" => ACCESS_SUCCESSFUL,
        "2.3.1.2" => ACCESS_REDIRECTS,
        "2.3.1.3" => ACCESS_UNAVAILABLE,
        "2.3.1.4" => ACCESS_UNREACHABLE,
        _ => ACCESS_RESULTS,
    }
}

impl Basis {
    /// Where this behaviour is written down.
    pub fn reference(self) -> Reference {
        match self {
            Basis::PathMatching
            | Basis::PercentEncoding
            | Basis::RobotsTxtAllowed
            | Basis::LongestMatch
            | Basis::AllowWinsTie
            | Basis::NoMatchAllows => RULES,
            Basis::GooglePathEncoding => GOOGLE_PATH_MATCHING,
            Basis::FetchOutcome(outcome) => access_result(outcome),
            Basis::GroupSelection => USER_AGENT,
            Basis::FallbackToken => GOOGLE_CRAWLERS,
            Basis::IgnoresGlobal => GOOGLE_SPECIAL_CASE_CRAWLERS,
            Basis::SpecialCharacters => SPECIAL_CHARACTERS,
            Basis::IndexHtml | Basis::TypoAccepted | Basis::MissingColon => GOOGLE_PARSER,
            Basis::SizeLimit => GOOGLE_FILE_FORMAT,
            Basis::EmptyDisallow => GOOGLE_SYNTAX,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Where an address may point: RFC 9309's sections, Google's pages and
    /// parser, the AI preference specifications.
    const KNOWN: [&str; 6] = [
        "https://www.rfc-editor.org/rfc/rfc9309.html#section-2.",
        "https://developers.google.com/search/",
        "https://github.com/google/robotstxt/",
        "https://datatracker.ietf.org/doc/draft-ietf-aipref-",
        "https://contentsignals.org/",
        "https://developer.chrome.com/docs/lighthouse/",
    ];

    #[test]
    fn every_basis_links_the_rfc_unless_it_is_google_only() {
        let outcomes = [
            "200",
            "redirect-3",
            "redirect-6",
            "404",
            "429",
            "503",
            "timeout",
        ]
        .map(|name| name.parse::<FetchOutcome>().unwrap());
        let mut all = vec![
            Basis::PathMatching,
            Basis::PercentEncoding,
            Basis::GooglePathEncoding,
            Basis::RobotsTxtAllowed,
            Basis::GroupSelection,
            Basis::FallbackToken,
            Basis::IgnoresGlobal,
            Basis::SpecialCharacters,
            Basis::IndexHtml,
            Basis::TypoAccepted,
            Basis::MissingColon,
            Basis::SizeLimit,
            Basis::LongestMatch,
            Basis::AllowWinsTie,
            Basis::EmptyDisallow,
            Basis::NoMatchAllows,
        ];
        all.extend(outcomes.map(Basis::FetchOutcome));
        for basis in all {
            let r = basis.reference();
            assert!(KNOWN.iter().any(|k| r.url.starts_with(k)), "{basis:?}");
            let rfc = r.url.starts_with(KNOWN[0]);
            // Google-only behaviour is never cited to the RFC.
            assert!(!(basis.google_only() && rfc), "{basis:?}: {}", r.url);
            assert!(!r.title.is_empty() && !basis.as_str().is_empty());
        }
        // Each fetch outcome to its own subsection.
        let sections: Vec<&str> = outcomes
            .iter()
            .map(|&o| Basis::FetchOutcome(o).reference().url)
            .collect();
        assert_eq!(
            sections
                .iter()
                .map(|u| u.rsplit('-').next().unwrap_or(""))
                .collect::<Vec<_>>(),
            ["2.3.1.1", "2.3.1.1", "2.3.1.2", "2.3.1.3", "2.3.1.4", "2.3.1.4", "2.3.1.4"]
        );
    }

    #[test]
    fn every_code_links_to_a_secure_page_of_a_known_source() {
        for &code in Code::ALL {
            let r = code.reference();
            assert!(
                KNOWN.iter().any(|prefix| r.url.starts_with(prefix)),
                "{code}: {}",
                r.url
            );
            assert!(!r.title.is_empty());
        }
    }
}
