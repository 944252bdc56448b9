//! One verdict as tools write it down: the record of `robotstxt check
//! --json`, `batch` and `diff --json`, and of the app's CSV and JSON
//! exports. One type, so every output names the same facts the same way;
//! the schema is documented in the README's "Verdict records" section and
//! on the fields below. The field order is part of it: `batch`'s first
//! five keys are a stable contract for conformance suites.
//!
//! With the `serde` feature the record is `Serialize`;
//! [`VerdictRecord::csv_header`] and [`VerdictRecord::write_csv`] write CSV
//! (RFC 4180) with the same names.

use std::borrow::Cow;

use crate::tools::usage::Usage;
use crate::verdict::{Category, CrawlerMatcher, Verdict};
#[cfg(doc)]
use crate::FetchedRobots;
use crate::Mode;

/// The record's fields in order; CSV columns use these names.
pub const RECORD_FIELDS: [&str; 9] = [
    "allowed", "line", "rule", "verdict", "category", "url", "path", "agent", "mode",
];

/// A field of the record, for writing CSV.
#[derive(Clone, Copy)]
enum Field {
    Allowed,
    Line,
    Rule,
    Verdict,
    Category,
    Url,
    Path,
    Agent,
    Mode,
}

/// Every field, in [`RECORD_FIELDS`] order.
const FIELDS: [Field; 9] = [
    Field::Allowed,
    Field::Line,
    Field::Rule,
    Field::Verdict,
    Field::Category,
    Field::Url,
    Field::Path,
    Field::Agent,
    Field::Mode,
];

/// The fields of the other reading in CSV: everything that can differ.
const OTHER_FIELDS: [Field; 7] = [
    Field::Allowed,
    Field::Line,
    Field::Rule,
    Field::Verdict,
    Field::Category,
    Field::Path,
    Field::Mode,
];

impl Field {
    fn name(self) -> &'static str {
        RECORD_FIELDS[self as usize]
    }
}

/// One verdict for one URL and crawler.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct VerdictRecord<'a> {
    /// Whether the crawler may fetch the URL.
    pub allowed: bool,
    /// The deciding rule's line, 0 when no rule decided.
    pub line: u32,
    /// The deciding rule as written, when a rule decided.
    pub rule: Option<&'a str>,
    /// `allowed` or `disallowed`.
    pub verdict: &'static str,
    /// The kind of verdict.
    pub category: Category,
    /// The URL as given.
    pub url: &'a str,
    /// The path checked.
    pub path: Cow<'a, str>,
    /// The crawler spec.
    pub agent: &'a str,
    /// The reading the file was parsed with.
    pub mode: Mode,
    /// The same check read another way, when the caller compares two.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub other: Option<Box<VerdictRecord<'a>>>,
    /// The AI usage preferences that apply ([`FetchedRobots::usage`]), when the
    /// caller asks for them (`robotstxt check --json` does). Not in CSV.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub usage: Option<Usage>,
}

impl<'a> VerdictRecord<'a> {
    /// The record of `verdict`, which `matcher` gave for `url`, the crawler
    /// being `agent` (its spec as given). The file, the options and how
    /// fetching it ended are the matcher's (made by
    /// [`FetchedRobots::matcher_with`]), so the record says what that check
    /// said.
    pub fn new(
        matcher: &CrawlerMatcher<'a>,
        verdict: &Verdict,
        url: &'a str,
        agent: &'a str,
    ) -> VerdictRecord<'a> {
        let robots = matcher.robots();
        VerdictRecord {
            allowed: verdict.allowed,
            line: verdict.line,
            rule: verdict
                .rule
                .and_then(|i| robots.rules().get(i))
                .map(|rule| rule.text.as_str()),
            verdict: verdict.as_str(),
            category: verdict.category,
            url,
            path: Cow::Owned(robots.checked_path(url, matcher.options())),
            agent,
            mode: robots.mode(),
            other: None,
            usage: None,
        }
    }

    /// This record with the usage preferences that apply.
    pub fn with_usage(mut self, usage: Usage) -> VerdictRecord<'a> {
        self.usage = Some(usage);
        self
    }

    /// This record with `other` attached.
    pub fn with_other(mut self, other: VerdictRecord<'a>) -> VerdictRecord<'a> {
        self.other = Some(Box::new(other));
        self
    }

    /// The CSV header: [`RECORD_FIELDS`], then, `with_other`, the same
    /// names prefixed `other_` for the other reading (its URL and crawler
    /// are this record's). Ends in CRLF.
    pub fn csv_header(with_other: bool) -> String {
        let mut header = RECORD_FIELDS.join(",");
        if with_other {
            for field in OTHER_FIELDS {
                header.push_str(",other_");
                header.push_str(field.name());
            }
        }
        header.push_str("\r\n");
        header
    }

    /// Appends this record as one CSV row matching
    /// [`VerdictRecord::csv_header`]: fields with commas, quotes or line
    /// breaks quoted, quotes doubled, CRLF at the end. The `other_` columns
    /// are empty when there is no other record.
    pub fn write_csv(&self, with_other: bool, out: &mut String) {
        self.write_csv_fields(&FIELDS, out);
        if with_other {
            match &self.other {
                Some(other) => {
                    out.push(',');
                    other.write_csv_fields(&OTHER_FIELDS, out);
                }
                None => out.push_str(&",".repeat(OTHER_FIELDS.len())),
            }
        }
        out.push_str("\r\n");
    }

    fn write_csv_fields(&self, fields: &[Field], out: &mut String) {
        for (i, field) in fields.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            match field {
                Field::Allowed => out.push_str(if self.allowed { "true" } else { "false" }),
                Field::Line => out.push_str(&self.line.to_string()),
                Field::Rule => push_csv(out, self.rule.unwrap_or("")),
                Field::Verdict => out.push_str(self.verdict),
                Field::Category => out.push_str(self.category.as_str()),
                Field::Url => push_csv(out, self.url),
                Field::Path => push_csv(out, &self.path),
                Field::Agent => push_csv(out, self.agent),
                Field::Mode => out.push_str(self.mode.as_str()),
            }
        }
    }
}

/// One CSV field, quoted when needed (the log replay's records use it
/// too).
pub(crate) fn push_csv(out: &mut String, field: &str) {
    if field.contains([',', '"', '\n', '\r']) {
        out.push('"');
        out.push_str(&field.replace('"', "\"\""));
        out.push('"');
    } else {
        out.push_str(field);
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Category {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Mode {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Crawler, FetchOutcome, FetchedRobots, Robots};

    fn record<'a>(robots: &'a Robots, url: &'a str, agent: &'a str) -> VerdictRecord<'a> {
        let crawler = Crawler::parse_spec(agent).unwrap();
        let matcher = FetchedRobots::new(robots, FetchOutcome::FETCHED).matcher_for(&crawler);
        VerdictRecord::new(&matcher, &matcher.check(url), url, agent)
    }

    #[test]
    fn records_carry_the_verdict_and_the_deciding_rule() {
        let robots = Robots::parse("User-agent: *\nDisallow: /é\n".as_bytes());
        let r = record(&robots, "https://x.example/é b?c", "Googlebot");
        assert!(!r.allowed);
        assert_eq!(
            (r.line, r.rule, r.verdict),
            (2, Some("Disallow: /é"), "disallowed")
        );
        assert_eq!(r.category, Category::DisallowedExplicit);
        assert_eq!(r.path, "/%C3%A9%20b?c");
        assert_eq!(r.mode, Mode::Google);
        let r = record(&robots, "/z", "Googlebot");
        assert_eq!((r.allowed, r.line, r.rule), (true, 0, None));
    }

    #[test]
    fn csv_rows_match_the_header_and_quote_what_needs_it() {
        let text = b"User-agent: *\nDisallow: /a,b\n";
        let robots = Robots::parse(text);
        let other = Robots::parse_with(text, &crate::ParseOptions::new(Mode::Rfc9309, true));
        let r = record(&robots, "/a,b\"", "Googlebot");
        let mut out = VerdictRecord::csv_header(false);
        r.write_csv(false, &mut out);
        assert_eq!(
            out,
            "allowed,line,rule,verdict,category,url,path,agent,mode\r\n\
             false,2,\"Disallow: /a,b\",disallowed,disallowed-explicit,\"/a,b\"\"\",\"/a,b%22\",Googlebot,google\r\n"
        );
        let with = record(&robots, "/q", "Googlebot").with_other(record(&other, "/q", "Googlebot"));
        let mut out = String::new();
        with.write_csv(true, &mut out);
        assert_eq!(out, "true,0,,allowed,allowed-implicit,/q,/q,Googlebot,google,true,0,,allowed,allowed-implicit,/q,rfc9309\r\n");
        let mut out = String::new();
        record(&robots, "/q", "Googlebot").write_csv(true, &mut out);
        let header = VerdictRecord::csv_header(true);
        assert_eq!(out.matches(',').count(), header.matches(',').count());
        assert!(header.ends_with("other_path,other_mode\r\n"));
    }

    #[cfg(feature = "serde")]
    #[test]
    fn json_keys_are_the_csv_columns_in_order() {
        let robots = Robots::parse(b"User-agent: *\nDisallow: /x\n");
        let json = serde_json::to_string(&record(&robots, "/x", "Googlebot")).unwrap();
        assert_eq!(
            json,
            r#"{"allowed":false,"line":2,"rule":"Disallow: /x","verdict":"disallowed","category":"disallowed-explicit","url":"/x","path":"/x","agent":"Googlebot","mode":"google"}"#
        );
        let mut at = 0;
        for field in RECORD_FIELDS {
            let found = json[at..].find(&format!("\"{field}\":")).unwrap();
            at += found;
        }
    }
}
