//! Expectations files: what must hold for a robots.txt, written once and
//! checked by CI (`robotstxt test`) and by the playground alike.
//!
//! One expectation a line: `CRAWLERS EXPECTED URL`.
//!
//! ```text
//! # Search engines must reach the site; the admin area stays closed.
//! Googlebot, bingbot            allowed     /
//! Googlebot-Image>Googlebot     disallowed  /admin/logo.png
//! *                             disallowed  https://example.com/admin/
//! GPTBot                        disallowed,train-ai=n  /blog/post   # a usage preference too
//! @mode rfc9309
//! Googlebot                     allowed     /%7Euser/
//! ```
//!
//! * `CRAWLERS`: crawler specs separated by commas, exactly as the app's
//!   crawler field and the CLI's `--agent` take them (`Googlebot`,
//!   `Googlebot-Image>Googlebot`, `AdsBot-Google>!*`, `*`). A spec may hold
//!   spaces (`Google Favicon`): the line is read from its end, so only the
//!   last two fields must be free of them.
//! * `EXPECTED`: `allowed` or `disallowed` (any letter case), and/or AI
//!   usage preferences that must apply to the URL for the crawler:
//!   `label=y|n` for `Content-Usage` (`train-ai=n`), `label=yes|no` for
//!   `Content-Signal` (`ai-train=no`), separated by commas
//!   (`disallowed,train-ai=n`). Each expectation holds only when all of
//!   them do.
//! * `URL`: a full URL or a path (`/admin/`), read as the URL lists of the
//!   app and the CLI read them ([`is_url`]); without spaces (write `%20`).
//! * `#` starts a comment at the start of a line or after whitespace (a
//!   URL's `#fragment` stays part of it); blank lines are skipped. Spaces
//!   after commas are allowed (`Googlebot, bingbot`), and empty entries of
//!   a comma list are skipped, as the app's crawler field skips them.
//! * `@mode google|rfc9309|default` makes the expectations below it hold in
//!   that reading (`default`: the reading the front end checks in, which
//!   is also what lines before any `@mode` use).
//!
//! Every mistake is an [`ExpectError`] naming its line: a file that has
//! them still gives the expectations of its good lines (the app checks
//! those while the user types), and front ends that must not run on a bad
//! file (`robotstxt test`) refuse it.
//!
//! Parse once ([`Expectations::parse`]), then check against each version
//! of robots.txt ([`Expectations::check`]): a check finds each crawler's
//! groups once per reading and checks every URL, so re-checking on every
//! keystroke costs what checking the URLs costs.

mod check;
mod grammar;

use std::collections::HashSet;
use std::fmt;

#[cfg(doc)]
use crate::read::url_list::is_url;
use crate::tools::usage::{Preference, UsageDirective};
use crate::{Crawler, CrawlerSpecError, Mode, Origin};
pub use check::{Checked, Row, UsageCheck};

/// The longest line read, in bytes. A URL is rarely longer than 8 KiB.
pub const MAX_LINE_BYTES: usize = 16 * 1024;

/// The largest expectations file read, in bytes (100,000 expectations take
/// about 5 MB).
pub const MAX_FILE_BYTES: usize = 32 * 1024 * 1024;

/// The most checks (a crawler and a URL each) one file may ask for.
pub const MAX_CHECKS: usize = 1_000_000;

/// The most errors kept; later ones are only counted
/// ([`Expectations::errors_not_kept`]).
pub const MAX_ERRORS: usize = 100;

/// An expectations file, read: its expectations (from the lines without
/// mistakes), the crawlers they name, and the mistakes.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Expectations {
    entries: Vec<Expectation>,
    crawlers: Vec<Crawler>,
    errors: Vec<ExpectError>,
    errors_not_kept: usize,
    checks: usize,
}

/// One line's expectation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Expectation {
    /// Its line, 1-based.
    pub line: u32,
    /// Its crawlers, as indices into [`Expectations::crawlers`], in the
    /// order written.
    pub crawlers: Vec<usize>,
    /// The URL as written.
    pub url: String,
    /// `Some(true)` for `allowed`, `Some(false)` for `disallowed`, `None`
    /// when only usage preferences are expected.
    pub allowed: Option<bool>,
    /// The usage preferences that must apply, in the order written.
    pub usage: Vec<ExpectedUsage>,
    /// The reading it holds in, when a `@mode` line chose one (`None`: the
    /// reading the front end checks in).
    pub mode: Option<Mode>,
}

impl Expectation {
    /// The expected verdict's word: `allowed`, `disallowed`, or `None`.
    pub fn verdict_word(&self) -> Option<&'static str> {
        self.allowed
            .map(|allowed| if allowed { "allowed" } else { "disallowed" })
    }

    /// Everything expected, as a line of the file writes it:
    /// `disallowed,train-ai=n`.
    pub fn expected_text(&self) -> String {
        let mut parts: Vec<String> = self
            .verdict_word()
            .map(str::to_string)
            .into_iter()
            .collect();
        parts.extend(self.usage.iter().map(ExpectedUsage::to_string));
        parts.join(",")
    }
}

/// A usage preference that must apply: the label must have this value in
/// the line of `directive` that applies to the URL for the crawler.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExpectedUsage {
    /// `Content-Usage` (values `y`/`n`) or `Content-Signal` (`yes`/`no`).
    pub directive: UsageDirective,
    /// The label and the value it must have.
    pub preference: Preference,
}

impl fmt::Display for ExpectedUsage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}={}", self.preference.label, self.preference.value)
    }
}

impl Expectations {
    /// The expectations of the lines without mistakes, in file order.
    pub fn entries(&self) -> &[Expectation] {
        &self.entries
    }

    /// Every crawler the file names, once each (by spec), in order of
    /// first appearance.
    pub fn crawlers(&self) -> &[Crawler] {
        &self.crawlers
    }

    /// The mistakes, in line order (at most [`MAX_ERRORS`]).
    pub fn errors(&self) -> &[ExpectError] {
        &self.errors
    }

    /// Mistakes found beyond the first [`MAX_ERRORS`].
    pub fn errors_not_kept(&self) -> usize {
        self.errors_not_kept
    }

    /// Whether the file has no mistake.
    pub fn is_valid(&self) -> bool {
        self.errors.is_empty()
    }

    /// How many checks (a crawler and a URL each) the expectations make:
    /// the rows of [`Expectations::check`].
    pub fn check_count(&self) -> usize {
        self.checks
    }

    /// The expectations whose full URL is on another origin than the
    /// robots.txt's, the first of each such origin, with that origin. A
    /// robots.txt governs only its own origin (RFC 9309 section 2.3): the
    /// other origin's own file decides what crawlers do there, so a front
    /// end checking these against this file says so. Paths have no origin:
    /// they are the file's.
    ///
    /// `site` is the robots.txt's origin when the front end knows it (the
    /// URL it was fetched from). When it does not (a local file), the
    /// first full URL's origin stands for it, as a URL list's first origin
    /// does for the file in the playground, and [`OffSite::assumed`] says
    /// so. `None` when neither is known: every expectation is a path.
    pub fn off_site(&self, site: Option<&Origin>) -> Option<OffSite<'_>> {
        let (site, assumed) = match site {
            Some(site) => (site.clone(), false),
            None => (
                self.entries.iter().find_map(|e| Origin::of(&e.url).ok())?,
                true,
            ),
        };
        let mut seen: HashSet<Origin> = HashSet::new();
        let mut others: Vec<(&Expectation, Origin)> = Vec::new();
        for entry in &self.entries {
            let Ok(of) = Origin::of(&entry.url) else {
                continue;
            };
            if of != site && seen.insert(of.clone()) {
                others.push((entry, of));
            }
        }
        Some(OffSite {
            site,
            assumed,
            others,
        })
    }

    /// Whether some expectation holds in `mode` when the front end checks
    /// in `default`: whether [`Expectations::check`] reads the file in
    /// that mode.
    pub fn uses_mode(&self, mode: Mode, default: Mode) -> bool {
        self.entries
            .iter()
            .any(|e| e.mode.unwrap_or(default) == mode)
    }
}

/// The expectations on other origins than the robots.txt's, from
/// [`Expectations::off_site`].
#[derive(Debug)]
pub struct OffSite<'a> {
    /// The origin taken as the robots.txt's.
    pub site: Origin,
    /// Whether [`OffSite::site`] is the first full URL's origin, taken
    /// because the front end did not know the file's.
    pub assumed: bool,
    /// The first expectation on each other origin, with that origin, in
    /// the file's order.
    pub others: Vec<(&'a Expectation, Origin)>,
}

/// A mistake in an expectations file, on a line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExpectError {
    /// The line, 1-based (0 for the file as a whole).
    pub line: u32,
    /// What is wrong.
    pub kind: ExpectErrorKind,
}

/// What is wrong with a line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ExpectErrorKind {
    /// Fewer than three fields: `CRAWLERS EXPECTED URL` is incomplete.
    /// Holds the fields found.
    Incomplete(Vec<String>),
    /// A crawler spec that cannot be read.
    BadCrawler(CrawlerSpecError),
    /// An expected item that is neither a verdict nor a usage preference,
    /// with the word it was probably meant to be.
    UnknownExpectation {
        /// The item as written.
        item: String,
        /// `allowed` or `disallowed`, when the item resembles one.
        suggestion: Option<&'static str>,
    },
    /// A usage preference whose label or value cannot be read.
    BadPreference(String),
    /// Both `allowed` and `disallowed`, or one label given two values.
    ConflictingExpectations(String),
    /// The URL field is neither a URL nor a path.
    NotAUrl(String),
    /// Looks like two URLs on one line (`allowed /a /b`).
    TwoUrls(String),
    /// A `@` line other than `@mode`.
    UnknownDirective(String),
    /// `@mode` with a value other than `google`, `rfc9309` or `default`.
    BadMode(String),
    /// The same crawler, URL and reading expected both allowed and
    /// disallowed: the other line's number.
    Contradicts(u32),
    /// A line longer than [`MAX_LINE_BYTES`].
    LineTooLong(usize),
    /// More checks than [`MAX_CHECKS`] by this line.
    TooManyChecks,
    /// A file larger than [`MAX_FILE_BYTES`].
    FileTooLarge(usize),
    /// Bytes that are not UTF-8 on this line.
    NotUtf8,
}

impl fmt::Display for ExpectError {
    /// `line N: ` and the message; the file as a whole has no prefix.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line > 0 {
            write!(f, "line {}: ", self.line)?;
        }
        fmt::Display::fmt(&self.kind, f)
    }
}

impl fmt::Display for ExpectErrorKind {
    /// One sentence for the person who wrote the file.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ExpectErrorKind::Incomplete(fields) => match fields.len() {
                1 => write!(
                    f,
                    "'{}' is not an expectation: write CRAWLERS EXPECTED URL, like 'Googlebot allowed /'",
                    fields[0]
                ),
                _ => write!(
                    f,
                    "'{}' lacks a field: write CRAWLERS EXPECTED URL, like 'Googlebot allowed /' (EXPECTED is allowed, disallowed or a usage preference such as train-ai=n)",
                    fields.join(" ")
                ),
            },
            ExpectErrorKind::BadCrawler(error) => fmt::Display::fmt(error, f),
            ExpectErrorKind::UnknownExpectation { item, suggestion } => {
                write!(
                    f,
                    "'{item}' is not an expectation: write allowed, disallowed or a usage preference such as train-ai=n"
                )?;
                match suggestion {
                    Some(word) => write!(f, " (did you mean '{word}'?)"),
                    None => Ok(()),
                }
            }
            ExpectErrorKind::BadPreference(item) => write!(
                f,
                "'{item}' is not a usage preference: write a lower-case label and y or n for Content-Usage (train-ai=n), yes or no for Content-Signal (ai-train=no)"
            ),
            ExpectErrorKind::ConflictingExpectations(text) => {
                write!(f, "'{text}' expects two different things at once")
            }
            ExpectErrorKind::NotAUrl(text) => write!(
                f,
                "'{text}' is neither a URL nor a path: write https://example.com/page or /page"
            ),
            ExpectErrorKind::TwoUrls(text) => write!(
                f,
                "'{text}' looks like two URLs: write one URL per line, with spaces in a URL written %20"
            ),
            ExpectErrorKind::UnknownDirective(word) => write!(
                f,
                "'{word}' is not a directive: the only one is @mode google|rfc9309|default"
            ),
            ExpectErrorKind::BadMode(value) => write!(
                f,
                "'@mode {value}' names no reading: write @mode google, @mode rfc9309 or @mode default"
            ),
            ExpectErrorKind::Contradicts(other) => write!(
                f,
                "contradicts line {other}, which expects the opposite verdict for the same crawler and URL"
            ),
            ExpectErrorKind::LineTooLong(len) => write!(
                f,
                "the line is {len} bytes long, more than the {MAX_LINE_BYTES} bytes read"
            ),
            ExpectErrorKind::TooManyChecks => write!(
                f,
                "the file asks for more than {MAX_CHECKS} checks (a crawler and a URL each); split it"
            ),
            ExpectErrorKind::FileTooLarge(len) => write!(
                f,
                "the file is {len} bytes, more than the {MAX_FILE_BYTES} bytes read; split it"
            ),
            ExpectErrorKind::NotUtf8 => {
                f.write_str("the line is not UTF-8 text; save the file as UTF-8")
            }
        }
    }
}

impl std::error::Error for ExpectError {}
