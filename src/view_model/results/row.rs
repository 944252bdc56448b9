//! What one row of the table shows: its verdict and deciding rule, the
//! path checked, the other side's verdict where it differs, the verdict
//! before (compare mode) and the AI usage preferences that apply. Built
//! only for the rows on screen.

use robots_matcher::tools::severity::Severity;
use robots_matcher::tools::usage::Usage;
use robots_matcher::{Category, CheckOptions};

use super::{Against, CheckRun};
use crate::view_model::format::rule_label;

impl CheckRun {
    /// What a row shows.
    pub fn row_view(&self, row: usize) -> Option<RowView> {
        let results = self.results();
        let comparison = self.comparison();
        let cell = results.cell(row)?;
        let url = results.url(row);
        let file = results.file(row);
        // A row whose origin has no robots.txt: no verdict, its origin named.
        let Some(fetched) = results.fetched_of(file) else {
            let path = results
                .document()
                .robots
                .checked_path(url, &CheckOptions::default());
            return Some(RowView {
                row,
                allowed: false,
                category: cell.category,
                line: 0,
                rule: None,
                show_checked_path: !url.ends_with(path.as_str()),
                checked_path: path,
                other: None,
                before: None,
                usage: None,
                no_file: results.origin(row).map(|o| o.to_string()),
            });
        };
        let robots = &fetched.document.robots;
        let checked_path = robots.checked_path(url, &CheckOptions::default());
        let other = comparison.get(row).map(|o| OtherView {
            against: comparison.against,
            allowed: o.allowed(),
            line: o.line,
        });
        // In compare mode every row shows the verdict before, changed or not
        // (its deciding line may have moved): one check, for rows on screen.
        let before = match (comparison.against, comparison.other_of(file)) {
            (Against::Before, Some(before)) => results.crawler(row).map(|crawler| {
                let verdict = before.robots().check(crawler, url);
                BeforeView {
                    allowed: verdict.allowed,
                    line: verdict.line,
                    rule: verdict
                        .rule
                        .and_then(|r| before.document.robots.rules().get(r))
                        .map(|r| rule_label(r.line, &r.text)),
                    changed: other.is_some(),
                    class: comparison.class_of(row).map(|c| (c.severity, c.code)),
                }
            }),
            _ => None,
        };
        Some(RowView {
            row,
            allowed: cell.allowed(),
            category: cell.category,
            line: cell.line,
            rule: cell
                .rule()
                .and_then(|r| robots.rules().get(r))
                .map(|r| rule_label(r.line, &r.text)),
            show_checked_path: !url.ends_with(checked_path.as_str()),
            checked_path,
            other,
            before,
            usage: results.crawler(row).and_then(|crawler| {
                let options = CheckOptions::default();
                usage_view(&fetched.robots().usage(crawler, url, &options))
            }),
            no_file: None,
        })
    }
}

/// What one row shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RowView {
    /// The row's index in the results.
    pub row: usize,
    /// The verdict.
    pub allowed: bool,
    /// The kind of verdict.
    pub category: Category,
    /// The deciding line, 0 when none.
    pub line: u32,
    /// The deciding rule, `L3  Disallow: /x`.
    pub rule: Option<String>,
    /// The path the rules were matched against.
    pub checked_path: String,
    /// Whether to show `checked_path`: the typed URL does not simply end in
    /// it (percent-encoding, a dropped fragment, an added `/`).
    pub show_checked_path: bool,
    /// The other side's verdict (the other mode's, or the version
    /// before), when it differs.
    pub other: Option<OtherView>,
    /// In compare mode, the verdict before, whether it differs or not.
    pub before: Option<BeforeView>,
    /// The AI usage preferences that apply, when any do.
    pub usage: Option<UsageView>,
    /// When the row's origin has no robots.txt here (no verdict): the
    /// origin.
    pub no_file: Option<String>,
}

/// A row's AI usage preferences.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UsageView {
    /// The library's JSON of them (what `robotstxt check --json` writes).
    pub json: String,
    /// Short: `train-ai=n, search=y`.
    pub summary: String,
}

/// The view of `usage`, or `None` when no preference applies.
fn usage_view(usage: &Usage) -> Option<UsageView> {
    if usage.is_empty() {
        return None;
    }
    let summary: Vec<String> = [&usage.content_usage, &usage.content_signal]
        .into_iter()
        .flatten()
        .flat_map(|line| &line.preferences)
        .map(|p| format!("{}={}", p.label, p.value))
        .collect();
    Some(UsageView {
        json: serde_json::to_string(usage).unwrap_or_default(),
        summary: summary.join(", "),
    })
}

/// The other side's verdict of a row, when it differs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OtherView {
    /// What the other side is.
    pub against: Against,
    /// Its verdict.
    pub allowed: bool,
    /// Its deciding line, 0 when none.
    pub line: u32,
}

/// A row's verdict in the version before (compare mode).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BeforeView {
    /// The verdict before.
    pub allowed: bool,
    /// Its deciding line before, 0 when none.
    pub line: u32,
    /// Its deciding rule before, `L3  Disallow: /x`.
    pub rule: Option<String>,
    /// Whether the verdict changed.
    pub changed: bool,
    /// The change's severity and class code (the library's), when it
    /// changed.
    pub class: Option<(Severity, &'static str)>,
}
#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use robots_matcher::Mode;

    use super::super::testing::{doc, live_and_draft, results};
    use super::*;
    use crate::view_model::{CrawlerList, FetchedDocument, Results, UrlSet};

    #[test]
    fn row_views_show_the_rule_the_path_and_the_other_mode() {
        let r = results(
            "User-agent: *\nDissallow: /x\n",
            "Googlebot",
            "/x/é\n/y",
            Mode::Google,
        );
        let run = CheckRun::compared_at_once(r);
        assert_eq!(run.comparison().against, Against::OtherMode(Mode::Rfc9309));
        assert_eq!(run.comparison().rows(), [0]);
        let view = run.row_view(0).unwrap();
        assert!(!view.allowed);
        assert_eq!(view.rule.as_deref(), Some("L2  Dissallow: /x"));
        assert_eq!(view.checked_path, "/x/%C3%A9");
        assert!(view.show_checked_path);
        assert_eq!(
            view.other,
            Some(OtherView {
                against: Against::OtherMode(Mode::Rfc9309),
                allowed: true,
                line: 0
            })
        );
        let view = run.row_view(1).unwrap();
        assert!(
            view.allowed && view.rule.is_none() && view.other.is_none() && !view.show_checked_path
        );
        assert!(run.row_view(2).is_none());
    }

    #[test]
    fn in_compare_mode_every_row_shows_its_verdict_before() {
        let run = CheckRun::compared_at_once(live_and_draft());
        // Every row shows its verdict before; only changed rows are marked.
        let unchanged = run.row_view(1).unwrap().before.unwrap();
        assert_eq!(
            (unchanged.allowed, unchanged.line, unchanged.changed),
            (false, 2, false)
        );
        assert_eq!(run.row_view(1).unwrap().line, 5);
        let changed = run.row_view(0).unwrap().before.unwrap();
        assert!(!changed.allowed && changed.changed);
        assert_eq!(changed.rule.as_deref(), Some("L2  Disallow: /private/"));
        // Outside compare mode no row has a verdict before.
        let plain = results("User-agent: *\n", "Googlebot", "/a", Mode::Google);
        assert!(CheckRun::compared_at_once(plain)
            .row_view(0)
            .unwrap()
            .before
            .is_none());
    }

    #[test]
    fn rows_carry_the_usage_preferences_that_apply() {
        const ROBOTS: &str = "User-agent: *\nContent-Signal: search=yes, ai-train=no\nContent-Usage: /blog/ train-ai=n\nAllow: /\n\nUser-agent: Googlebot\nAllow: /\n";
        let run = CheckRun::compared_at_once(results(
            ROBOTS,
            "GPTBot, Googlebot",
            "/blog/a\n/shop",
            Mode::Google,
        ));
        let usage = run.row_view(0).unwrap().usage.unwrap();
        assert_eq!(
            usage.json,
            r#"{"content_usage":{"train-ai":"n"},"content_signal":{"search":"yes","ai-train":"no"}}"#
        );
        assert_eq!(usage.summary, "train-ai=n, search=yes, ai-train=no");
        // No Content-Usage path matches /shop; Googlebot's group has none.
        let shop = run.row_view(2).unwrap().usage.unwrap();
        assert!(shop.json.starts_with(r#"{"content_usage":null"#));
        assert!(run.row_view(1).unwrap().usage.is_none());
        // Without a usable file there are no preferences either.
        let unreachable = Results::new(
            FetchedDocument::new(doc(ROBOTS, Mode::Google), "503".parse().unwrap()),
            &CrawlerList::parse("GPTBot"),
            Arc::new(UrlSet::parse("/blog/a")),
        );
        let run = CheckRun::compared_at_once(Arc::new(unreachable));
        assert!(run.row_view(0).unwrap().usage.is_none());
    }
}
