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
//! The pipeline follows Google's `robots.cc`, one module per stage, each
//! using only the stages before it:
//!
//! - `lines` splits bytes into `key: value` lines and `key` gives keys their
//!   meaning, and `directive` sorts keys into the classes of Google's
//!   parsing report ([`DirectiveClass`]);
//! - `robots` parses the lines into groups and rules, kept as spans into a
//!   copy of the input, and files which groups name which crawler; what
//!   people read (`model`: lines, groups, rules as text) and the diagnostics
//!   (`lint`) are built from the spans when first asked for;
//! - `index` files a crawler's rules in a trie on its first check;
//! - `verdict` decides, and `explain` states why, as facts
//!   ([`Explanation`], [`Decision`]) that front ends only word;
//! - `record` writes verdicts down ([`VerdictRecord`]), and `url_list`
//!   reads the URLs to check ([`UrlList`]).
//!
//! Nothing here depends on the web platform: the crate builds for native
//! targets and for wasm32 alike. With the `serde` feature, records and the
//! enums they hold are `Serialize`.

#![deny(missing_docs)]

mod agent;
mod compare;
mod decision;
mod diagnostic;
mod directive;
pub mod encoding;
mod explain;
mod fetch;
mod index;
mod key;
mod line_diff;
mod lines;
mod lint;
mod model;
mod options;
mod pattern;
mod record;
pub mod reference;
mod robots;
mod scan;
mod sort;
mod url;
mod url_list;
mod usage;
mod verdict;

pub use agent::{
    is_valid_token, product_token, unusable_token_message, AgentMatching, Crawler, CrawlerSpecError,
};
pub use compare::{ChangeCounts, ChangeKind, VerdictChange, VerdictDiff};
pub use diagnostic::{apply_fixes, Code, Diagnostic, Fix, Severity};
pub use directive::{unused_directive, DirectiveClass, UnusedDirective, UNUSED_DIRECTIVES};
pub use explain::{Decision, Explanation, GroupChoice, PathEncoding, RuleMatch};
pub use fetch::{fetch_policy, FetchOutcome, FetchOutcomeError, FetchPolicy, MAX_REDIRECTS};
pub use line_diff::{LineDiff, MAX_EDITS};
pub use lines::MAX_LINE_BYTES;
pub use model::{
    AgentName, CrawlDelay, Group, GroupAgent, Line, LineKind, OtherDirective, Rule, RuleKind,
    Sitemap,
};
pub use options::{Mode, ParseOptions, GOOGLE_SIZE_LIMIT};
pub use pattern::Pattern;
pub use record::{VerdictRecord, RECORD_FIELDS};
pub use reference::Reference;
pub use robots::Robots;
pub use url::{path_params_query, robots_txt_url, UrlError};
pub use url_list::{is_url, ListFormat, Rejected, UrlList, UrlListError};
pub use usage::{Preference, Term, Usage, UsageDirective, UsageLine, VOCABULARY};
pub use verdict::{Category, CheckOptions, CrawlerMatcher, Selection, Verdict};
