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
//! A front end that knows how fetching robots.txt ended (or lets its user
//! choose) asks [`FetchedRobots`] instead: the parse and the outcome, which
//! may replace the rules with one verdict for every URL (a 503 disallows
//! everything). Every answer about verdicts (checks, matchers, `explain`,
//! `usage`, verdict records, diffs) is asked of it.
//!
//! # Map
//!
//! The crate is a core, with tools and readers above it. The core never
//! imports a tool or a reader; readers import only the core; tools import
//! the core, the readers and each other (the workspace's
//! `tests/architecture.rs` checks it).
//!
//! **Core** (its types at the crate root), in the order of Google's
//! `robots.cc`, each module using only those before it:
//!
//! - `options` (modes, size limit), `scan` and `pattern` (finding bytes,
//!   normalising and matching patterns), `key` (what a key means), `model`
//!   (lines, groups, rules as people read them), `lines` (bytes to
//!   `key: value` lines), `agent` ([`Crawler`], tokens), `url` (the path of
//!   a URL), `origin` ([`Origin`]: which robots.txt governs a URL),
//!   [`encoding`] (raw bytes as a crawler decodes them);
//! - `index` (a crawler's rule trie) and `robots` ([`Robots`]: the parse,
//!   kept as spans, which groups name which crawler, the view built on
//!   request);
//! - `fetch` ([`FetchOutcome`]: how fetching ended), `verdict` ([`Verdict`],
//!   [`CrawlerMatcher`], checking the rules) and `fetched` (the fetch
//!   policy and [`FetchedRobots`]).
//!
//! **Tools** ([`tools`], each reached by its module path):
//! [`tools::lint`] (diagnostics, fixes, key classes), [`tools::explain`]
//! (facts and the decision), [`tools::compare`] (verdict diffs),
//! [`tools::severity`] (how much each change matters),
//! [`tools::expect`] (expectations files),
//! [`tools::record`] (verdict records), [`tools::usage`] (AI usage
//! preferences), [`tools::crawlers`] (the crawler presets as data, and
//! which preset sent a user-agent string), [`tools::line_diff`],
//! [`tools::reference`] (RFC and Google documentation), [`tools::replay`]
//! (access logs judged by the version live at each request's time).
//!
//! **Readers** ([`read`]): [`read::url_list`] (the URLs to check, from
//! lines, tables or sitemaps), [`read::log`] (access logs, as a stream of
//! requests), [`read::ip_ranges`] (the IP ranges operators publish).
//!
//! Nothing here depends on the web platform: the crate builds for native
//! targets and for wasm32 alike. With the `serde` feature, records and the
//! enums they hold are `Serialize`.

#![deny(missing_docs)]

mod agent;
mod decision;
pub mod encoding;
mod fetch;
mod fetched;
mod index;
mod key;
mod lines;
mod model;
mod options;
mod origin;
mod pattern;
pub mod read;
mod robots;
mod scan;
mod sort;
pub mod tools;
mod url;
mod verdict;

pub use agent::{
    is_valid_token, product_token, unusable_token_message, AgentMatching, Crawler, CrawlerSpecError,
};
pub use fetch::{FetchOutcome, FetchOutcomeError, MAX_REDIRECTS};
pub use fetched::{fetch_policy, FetchPolicy, FetchedRobots};
pub use lines::MAX_LINE_BYTES;
pub use model::{
    AgentName, CrawlDelay, Group, GroupAgent, Line, LineKind, OtherDirective, Rule, RuleKind,
    Sitemap,
};
pub use options::{Mode, ParseOptions, GOOGLE_SIZE_LIMIT};
pub use origin::Origin;
pub use pattern::Pattern;
pub use robots::Robots;
pub use url::{path_params_query, robots_txt_url, UrlError};
pub use verdict::{Category, CheckOptions, CrawlerMatcher, Selection, Verdict};
