//! A robots.txt parser and matcher with Google's exact verdicts, the line
//! that decided them, diagnostics for webmasters, and a strict RFC 9309 mode.
//!
//! Parse once, check many URLs:
//!
//! ```
//! use robots_matcher::{Crawler, Robots};
//!
//! let robots = Robots::parse(b"User-agent: *\nDisallow: /private\nAllow: /private/press\n");
//! let googlebot = Crawler::new("Googlebot");
//!
//! let verdict = robots.check(&googlebot, "https://example.com/private/plans");
//! assert!(!verdict.allowed);
//! assert_eq!(verdict.line, 2);
//!
//! let verdict = robots.check(&googlebot, "/private/press/2024");
//! assert!(verdict.allowed);
//! assert_eq!(verdict.line, 3);
//! ```
//!
//! The pipeline follows Google's `robots.cc`: [`lines`] splits bytes into
//! `key: value` lines, [`key`] gives keys their meaning, [`robots`] builds
//! groups and rules (as spans into a copy of the input; what people read,
//! and the diagnostics, are built from them when first asked for), [`index`]
//! files a crawler's rules for fast lookup on its first check, and
//! [`verdict`] decides. Nothing here depends on the web platform: the crate
//! builds for native targets and for wasm32 alike.

pub mod agent;
pub mod diagnostic;
pub mod encoding;
pub mod fetch;
pub mod index;
pub mod key;
pub mod lines;
mod lint;
pub mod pattern;
pub mod robots;
pub mod sort;
pub mod url;
pub mod verdict;

pub use agent::{is_valid_token, unusable_token_message, AgentMatching, Crawler, CrawlerSpecError};
pub use diagnostic::{Code, Diagnostic, Severity};
pub use fetch::{fetch_policy, FetchOutcome, FetchPolicy};
pub use robots::{
    AgentName, CrawlDelay, Group, Line, LineKind, OtherDirective, Robots, Rule, RuleKind, Sitemap,
};
pub use url::{path_params_query, robots_txt_url, UrlError};
pub use verdict::{
    Category, CheckOptions, CrawlerMatcher, Explanation, RuleMatch, Selection, Verdict,
};

/// The most bytes of robots.txt Googlebot reads (500 KiB); the rest is
/// ignored.
pub const GOOGLE_SIZE_LIMIT: usize = 512_000;

/// Whose reading of robots.txt to follow.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Mode {
    /// Google's parser: typo and prefix tolerant keys, a missing colon
    /// accepted, the `/index.html` Allow rule.
    #[default]
    Google,
    /// The strict reading of RFC 9309: exact keys, colon required,
    /// percent-encoded unreserved characters decoded before comparing, and
    /// `%2A` / `%24` matching a literal `*` / `$`.
    Rfc9309,
}

impl Mode {
    /// `google` or `rfc9309`.
    pub fn as_str(self) -> &'static str {
        match self {
            Mode::Google => "google",
            Mode::Rfc9309 => "rfc9309",
        }
    }

    /// Reads `google` or `rfc9309` (any letter case).
    pub fn parse(name: &str) -> Option<Mode> {
        match name.to_ascii_lowercase().as_str() {
            "google" => Some(Mode::Google),
            "rfc9309" | "rfc" => Some(Mode::Rfc9309),
            _ => None,
        }
    }
}

/// How to parse.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ParseOptions {
    pub mode: Mode,
    /// Read at most this many bytes, like a crawler; `None` reads everything
    /// (the library default). Tools apply [`GOOGLE_SIZE_LIMIT`] by default.
    pub size_limit: Option<usize>,
}

impl ParseOptions {
    /// Google's reading with Google's 500 KiB limit: what Googlebot sees.
    pub fn googlebot() -> ParseOptions {
        ParseOptions {
            mode: Mode::Google,
            size_limit: Some(GOOGLE_SIZE_LIMIT),
        }
    }
}
