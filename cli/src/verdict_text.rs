//! Words for a verdict that `check` and `diff` share: the deciding rule as
//! written, or why no rule decided.

use robots_matcher::{Crawler, Robots, Selection, Verdict};
use serde::Serialize;

/// The deciding rule as written in the file (`Disallow: /private`), if a
/// rule decided.
pub fn deciding_rule<'r>(robots: &'r Robots, verdict: &Verdict) -> Option<&'r str> {
    verdict
        .rule
        .and_then(|index| robots.rules().get(index))
        .map(|rule| rule.text.as_str())
}

/// Why a verdict has no deciding rule, in a few words.
pub fn why_no_rule(robots: &Robots, crawler: &Crawler, verdict: &Verdict) -> &'static str {
    match verdict.selection {
        Selection::RobotsTxt => "/robots.txt itself is always allowed",
        Selection::NoGroup
            if crawler.ignores_global() && robots.groups().iter().any(|g| g.is_global()) =>
        {
            "no group names this crawler, and it ignores the * group"
        }
        Selection::NoGroup => "no group names this crawler and there is no * group",
        Selection::FetchOutcome => "robots.txt could not be fetched",
        Selection::Token(_) | Selection::Global => "no rule matches",
    }
}

/// The `L2` and `Disallow: /private` cells of a verdict, or `-` and the
/// reason in parentheses when no rule decided.
pub fn line_and_rule(robots: &Robots, crawler: &Crawler, verdict: &Verdict) -> (String, String) {
    match deciding_rule(robots, verdict) {
        Some(rule) => (format!("L{}", verdict.line), rule.to_string()),
        None => (
            "-".to_string(),
            format!("({})", why_no_rule(robots, crawler, verdict)),
        ),
    }
}

/// A verdict in JSON output.
#[derive(Serialize)]
pub struct VerdictJson<'r> {
    pub allowed: bool,
    pub verdict: &'static str,
    pub category: &'static str,
    /// The deciding line, 0 when no rule decided.
    pub line: u32,
    pub rule: Option<&'r str>,
}

impl<'r> VerdictJson<'r> {
    pub fn new(robots: &'r Robots, verdict: &Verdict) -> VerdictJson<'r> {
        VerdictJson {
            allowed: verdict.allowed,
            verdict: verdict.as_str(),
            category: verdict.category.as_str(),
            line: verdict.line,
            rule: deciding_rule(robots, verdict),
        }
    }
}
