//! Where each behaviour is written down: the RFC 9309 section or the Google
//! Search Central page a diagnostic or an explanation step rests on, so
//! front ends can link to it (a static link; following it is the reader's
//! choice).

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
            Code::ContentSignalSyntax => CONTENT_SIGNAL,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_links_to_a_secure_page_of_a_known_source() {
        for &code in Code::ALL {
            let r = code.reference();
            assert!(
                [
                    "https://www.rfc-editor.org/rfc/rfc9309.html#section-2.",
                    "https://developers.google.com/search/",
                    "https://datatracker.ietf.org/doc/draft-ietf-aipref-",
                    "https://contentsignals.org/"
                ]
                .iter()
                .any(|prefix| r.url.starts_with(prefix)),
                "{code}: {}",
                r.url
            );
            assert!(!r.title.is_empty());
        }
    }
}
