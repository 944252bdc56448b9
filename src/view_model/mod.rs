//! Everything the playground shows, computed from its inputs in plain Rust
//! and tested natively: no browser API here, and no robots.txt logic of its
//! own: every verdict, line kind, diagnostic and explanation comes from
//! `robots_matcher`; this module words and arranges them.
//!
//! - [`inputs`]: the fields (crawler specs, the shared state);
//! - [`url_set`]: the URL field, read;
//! - [`origins`]: which robots.txt each URL is checked against (its origin's);
//! - [`document`]: the robots.txt parsed, and what the editor draws;
//! - [`analysis`]: the messages to and from the worker that lints (and
//!   what it does with them), and the findings it sends back;
//! - [`fetched`]: the robots.txt as crawlers got it (the parse and the
//!   fetch outcome), which every job asks for its verdicts;
//! - [`results`]: verdicts for every (URL, crawler) row, counts, the
//!   differences with the other mode or the version before, and the
//!   table's filtered and sorted view;
//! - [`job`]: work done a slice at a time, and how much fits in a slice;
//! - [`limits`]: the size past which each input is refused;
//! - [`text`]: offsets in a text field's UTF-16 units, and lines;
//! - [`generator`]: the AI crawler block the editor can insert;
//! - [`matrix`]: every crawler at once: the crawler x URL matrix and the
//!   audit by purpose;
//! - [`diagnostics`]: the diagnostics grouped, filtered, fixed by kind;
//! - [`expect`]: expectations checked against the robots.txt, worded;
//! - [`explanation`]: the words for one result;
//! - [`export`]: CSV and JSON;
//! - [`files`]: opened robots.txt and URL files;
//! - [`startup`](mod@startup): where the first screen's state comes from;
//! - [`format`](mod@format): numbers and names for people;
//! - [`sort`]: the app's one sort.

pub mod analysis;
pub mod diagnostics;
pub mod document;
pub mod expect;
pub mod explanation;
pub mod export;
pub mod fetched;
pub mod files;
pub mod format;
pub mod generator;
pub mod inputs;
pub mod job;
pub mod limits;
pub mod logs;
pub mod logs_html;
pub mod matrix;
pub mod origins;
pub mod results;
pub mod sort;
pub mod startup;
pub mod text;
pub mod url_set;

pub use analysis::{finding_place, findings_on, Answer, Citation, Edit, Finding, Request};
pub use diagnostics::{
    fix_all, group_diagnostics, severity_counts, DiagnosticGroup, SEVERITY_FILTERS,
};
pub use document::{Document, LineView, Part, Segment};
pub use expect::{ExpectReport, ExpectRow};
pub use explanation::{
    other_label, ExplanationDetails, ExplanationView, MatchView, NearMissView, StepSources,
};
pub use export::{ExportFormat, ExportJob};
pub use fetched::FetchedDocument;
pub use files::{open_robots, open_urls, Opened, UrlFile};
pub use format::{
    category_label, format_count, format_crawl_delay, format_short_count, format_size,
    line_range_label, plural, shared_origin, url_origin, url_under, verdict_str,
};
pub use generator::{insert_ai_block, AiPolicy};
pub use inputs::{
    add_specs, describe_crawler, join_specs, normalize_newlines, remove_spec, split_specs,
    too_large_to_edit, CrawlerEntry, CrawlerList, InputValues, FETCH_OUTCOMES,
};
pub use job::{run_for, Job};
pub use matrix::{audit, AuditGroup, Exposure, Matrix, MatrixVerdict};
pub use origins::{OriginFiles, OriginSplit, SiteDocument, EDITOR_FILE, NO_FILE};
pub use results::{
    Against, BeforeView, CheckJob, CheckRun, Column, CompareJob, Comparison, Counts, DecidedBy,
    FileChangeView, Order, OtherView, Results, RowView, RuleCount, TableQuery, TableView,
    VerdictFilter,
};
pub use startup::{startup, Startup};
pub use url_set::UrlSet;

/// A robots.txt the view model's tests share: a `*` group with a
/// Crawl-delay, a Googlebot group with a misspelled key, a Sitemap and a
/// Host line.
#[cfg(test)]
pub(crate) const TEST_ROBOTS: &str = "\
# comment
User-agent: *
Disallow: /private
Allow: /private/press
Crawl-delay: 5

User-agent: Googlebot
Disallow: /nogoogle
Dissallow: /typo
Sitemap: https://example.com/sitemap.xml
Host: example.com
";
