//! `validator-rejects`: lines that validators people run on their site
//! reject, though crawlers read them, so that a failed audit surprises no
//! one. (The linter keeps the note only for lines without a warning or
//! error of their own: those already say what is wrong.)
//!
//! Lighthouse's `robots-txt` audit (part of its SEO category) fails on any
//! line it reports, and the SEO score drops with it. It reads each line up
//! to a `#`, trimmed, as `name: value` with the name lower-cased, and
//! reports (its source, `core/audits/seo/robots-txt.js`):
//!
//! - a line without `:` ("Syntax not understood");
//! - a name outside its safelist ("Unknown directive"): before version 13
//!   `user-agent`, `disallow`, `allow`, `sitemap`, `crawl-delay`,
//!   `clean-param`, `host`, `request-rate`, `visit-time`, `noindex`
//!   (Lighthouse 12.8.1); since 13 also `content-signal` and `license`;
//! - a Sitemap that is not an http, https or ftp URL, an empty User-agent,
//!   an Allow or Disallow pattern starting with neither `/` nor `*`, a `$`
//!   before the end of a pattern, and an Allow or Disallow before any
//!   User-agent.
//!
//! Google's own reading skips lines whose key it does not know (Content-
//! Usage, License, Agentmap, ...); Search Console's robots.txt report lists
//! the lines Google could not parse among the file's issues (Search
//! Console Help, "robots.txt report").

use super::{Code, Diagnostic};
use crate::key::{google_kind, KeyKind};
use crate::model::LineKind;
use crate::robots::Robots;
use crate::robots::Text;

/// The names Lighthouse before version 13 accepts.
const LIGHTHOUSE_12: [&str; 10] = [
    "user-agent",
    "disallow",
    "allow",
    "sitemap",
    "crawl-delay",
    "clean-param",
    "host",
    "request-rate",
    "visit-time",
    "noindex",
];
/// The names Lighthouse 13 added to them.
const LIGHTHOUSE_13_ADDED: [&str; 2] = ["content-signal", "license"];

/// What Lighthouse reports about a line, before and since version 13.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Reports {
    before_13: Option<&'static str>,
    since_13: Option<&'static str>,
}

/// JavaScript's `trim()`: white space, line terminators and the BOM.
fn js_trim(text: &str) -> &str {
    text.trim_matches(|c: char| c.is_whitespace() || c == '\u{feff}')
}

/// Whether Lighthouse's `new URL(value)` gives an http, https or ftp URL:
/// such a scheme, then a host (slashes before it are optional for these
/// schemes) without a space or a character URLs forbid in hosts.
fn lighthouse_sitemap_ok(value: &str) -> bool {
    let Some((scheme, rest)) = value.split_once(':') else {
        return false;
    };
    if !["http", "https", "ftp"]
        .iter()
        .any(|s| s.eq_ignore_ascii_case(scheme))
    {
        return false;
    }
    let host = rest
        .trim_start_matches(['/', '\\'])
        .split(['/', '\\', '?', '#'])
        .next()
        .unwrap_or("");
    let host = host.rsplit('@').next().unwrap_or(host);
    !host.is_empty() && !host.contains(|c: char| c.is_whitespace() || "<>^|".contains(c))
}

/// What Lighthouse reports about one line, in a file where `in_group` says
/// whether a User-agent line came before it.
fn lighthouse(line: &str, in_group: &mut bool) -> Reports {
    let line = js_trim(line.split('#').next().unwrap_or(""));
    let same = |error| Reports {
        before_13: error,
        since_13: error,
    };
    if line.is_empty() {
        return same(None);
    }
    let Some((name, value)) = line.split_once(':') else {
        return same(Some("Syntax not understood"));
    };
    // (ASCII is enough: every name it accepts is ASCII.)
    let name = js_trim(name).to_ascii_lowercase();
    let value = js_trim(value);
    let known_12 = LIGHTHOUSE_12.contains(&name.as_str());
    let known_13 = known_12 || LIGHTHOUSE_13_ADDED.contains(&name.as_str());
    let checked = match name.as_str() {
        "sitemap" if !lighthouse_sitemap_ok(value) => Some("Invalid sitemap URL"),
        "user-agent" if value.is_empty() => Some("No user-agent specified"),
        "allow" | "disallow" if !value.is_empty() && !value.starts_with(['/', '*']) => {
            Some("Pattern should either be empty, start with \"/\" or \"*\"")
        }
        "allow" | "disallow" if value.find('$').is_some_and(|d| d + 1 != value.len()) => {
            Some("\"$\" should only be used at the end of the pattern")
        }
        _ => None,
    };
    let group = match name.as_str() {
        "user-agent" => {
            *in_group = true;
            None
        }
        "allow" | "disallow" if !*in_group => Some("No user-agent specified"),
        _ => None,
    };
    let unknown = "Unknown directive";
    Reports {
        before_13: if known_12 {
            checked.or(group)
        } else {
            Some(unknown)
        },
        since_13: if known_13 {
            checked.or(group)
        } else {
            Some(unknown)
        },
    }
}

/// The findings for every line of `robots` that Lighthouse reports.
pub(super) fn validator_notes(robots: &Robots) -> Vec<Diagnostic> {
    let text = Text::new(robots.input());
    // An HTML page is no robots.txt: its own error says so.
    if crate::encoding::looks_like_html(robots.input()) {
        return Vec::new();
    }
    let mut in_group = false;
    let mut findings = Vec::new();
    // Lines past what is read (Google's 500 KiB) are not judged.
    for line in robots
        .lines()
        .iter()
        .filter(|l| l.kind != LineKind::BeyondLimit)
    {
        let written = text.get(line.span.clone());
        let reports = lighthouse(&written, &mut in_group);
        let lighthouse = match reports {
            Reports { before_13: None, since_13: None } => continue,
            Reports { before_13: Some(a), since_13: Some(b) } if a == b => format!(
                "Lighthouse's robots.txt audit reports line {} as an error ('{a}'), so the audit fails and the page's SEO score drops.",
                line.number
            ),
            Reports { before_13: Some(a), since_13: None } => format!(
                "Lighthouse before version 13 reports line {} as an error ('{a}'), so its robots.txt audit fails and the SEO score drops; Lighthouse 13 and later accept the line.",
                line.number
            ),
            Reports { before_13, since_13 } => format!(
                "Lighthouse reports line {} as an error ('{}' before version 13, '{}' since), so its robots.txt audit fails and the SEO score drops.",
                line.number,
                before_13.unwrap_or("none"),
                since_13.unwrap_or("none")
            ),
        };
        let google_skips = line
            .key
            .clone()
            .is_some_and(|key| google_kind(text.get(key).as_bytes()) == KeyKind::Other);
        let message = if google_skips {
            format!("{lighthouse} Google skips the line too, and Search Console's robots.txt report lists lines Google could not parse among the file's issues; crawlers that know the directive still read it.")
        } else {
            lighthouse
        };
        findings.push(Diagnostic::new(
            Code::ValidatorRejects,
            line.number,
            line.span.clone(),
            message,
        ));
    }
    findings
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reports(line: &str) -> Reports {
        lighthouse(line, &mut true)
    }

    #[test]
    fn lighthouse_reads_as_its_audit_does() {
        let both = |e| Reports {
            before_13: Some(e),
            since_13: Some(e),
        };
        let none = Reports {
            before_13: None,
            since_13: None,
        };
        assert_eq!(
            reports("Content-Usage: train-ai=n"),
            both("Unknown directive")
        );
        assert_eq!(
            reports("Agentmap: https://a.example/agents.json"),
            both("Unknown directive")
        );
        assert_eq!(
            reports("Content-Signal: search=yes"),
            Reports {
                before_13: Some("Unknown directive"),
                since_13: None
            }
        );
        assert_eq!(
            reports("LICENSE: https://a.example/license.xml"),
            Reports {
                before_13: Some("Unknown directive"),
                since_13: None
            }
        );
        assert_eq!(reports("Crawl-delay: 5"), none);
        assert_eq!(reports("Noindex: /x"), none);
        assert_eq!(reports("  # only a comment"), none);
        assert_eq!(reports("Disallow /x"), both("Syntax not understood"));
        assert_eq!(reports("Dissallow: /x"), both("Unknown directive"));
        assert_eq!(
            reports("Disallow: x"),
            both("Pattern should either be empty, start with \"/\" or \"*\"")
        );
        assert_eq!(
            reports("Disallow: /a$b"),
            both("\"$\" should only be used at the end of the pattern")
        );
        assert_eq!(reports("Disallow: /a$"), none);
        assert_eq!(reports("User-agent:"), both("No user-agent specified"));
        assert_eq!(
            reports("Sitemap: /sitemap.xml"),
            both("Invalid sitemap URL")
        );
        assert_eq!(reports("Sitemap: https://a.example/s.xml"), none);
        assert_eq!(reports("Sitemap: ftp://a.example/s.xml"), none);
        assert_eq!(reports("Sitemap: https://"), both("Invalid sitemap URL"));
        assert_eq!(reports("\u{feff}User-agent: *"), none);
        assert_eq!(
            lighthouse("Disallow: /x", &mut false),
            both("No user-agent specified")
        );
    }

    #[test]
    fn each_rejected_line_gets_one_info_and_accepted_files_none() {
        let robots = Robots::parse(b"User-agent: *\nContent-Signal: search=yes\nContent-Usage: train-ai=n\nCrawl-delay: 2\nAllow: /\n");
        let notes = validator_notes(&robots);
        assert_eq!(notes.iter().map(|d| d.line).collect::<Vec<_>>(), [2, 3]);
        assert!(
            notes[0].message.contains("Lighthouse before version 13"),
            "{}",
            notes[0].message
        );
        assert!(
            notes[1]
                .message
                .contains("Lighthouse's robots.txt audit reports line 3"),
            "{}",
            notes[1].message
        );
        assert!(
            notes[1].message.contains("Search Console"),
            "{}",
            notes[1].message
        );
        let clean = Robots::parse(
            b"User-agent: *\nDisallow: /private/\nSitemap: https://a.example/s.xml\n",
        );
        assert!(validator_notes(&clean).is_empty());
    }
}
