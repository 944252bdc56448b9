//! Verdict changes between two readings of robots.txt: two versions of a
//! file (the live one and a draft, as `robotstxt diff` and the app's
//! compare mode ask), or one file read in both modes.
//!
//! What counts as a change is decided here once: a URL changes for a
//! crawler when it is allowed on one side and disallowed on the other. A
//! different deciding line alone is not a change (the verdict a crawler
//! acts on is the same). Front ends only word the changes.

use crate::agent::Crawler;
use crate::fetched::FetchedRobots;
use crate::verdict::{CheckOptions, CrawlerMatcher, Verdict};

/// Which way a verdict changed, from before to after.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ChangeKind {
    /// Disallowed before, allowed after.
    NewlyAllowed,
    /// Allowed before, disallowed after.
    NewlyDisallowed,
}

impl ChangeKind {
    /// Stable name: `newly-allowed` or `newly-disallowed`.
    pub fn as_str(self) -> &'static str {
        match self {
            ChangeKind::NewlyAllowed => "newly-allowed",
            ChangeKind::NewlyDisallowed => "newly-disallowed",
        }
    }

    /// The change between a verdict before and one after (whether each
    /// allows), if they differ.
    pub fn between(allowed_before: bool, allowed_after: bool) -> Option<ChangeKind> {
        match (allowed_before, allowed_after) {
            (false, true) => Some(ChangeKind::NewlyAllowed),
            (true, false) => Some(ChangeKind::NewlyDisallowed),
            _ => None,
        }
    }
}

/// One URL whose verdict changes for one crawler.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VerdictChange {
    /// Which way it changed.
    pub kind: ChangeKind,
    /// The URL's index in the list compared.
    pub url: usize,
    /// The crawler's index in the list compared.
    pub crawler: usize,
    /// The verdict before (the first reading).
    pub before: Verdict,
    /// The verdict after (the second reading).
    pub after: Verdict,
}

/// How many verdicts changed each way.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ChangeCounts {
    /// Disallowed before, allowed after.
    pub newly_allowed: usize,
    /// Allowed before, disallowed after.
    pub newly_disallowed: usize,
}

impl ChangeCounts {
    /// Counts one change.
    pub fn add(&mut self, kind: ChangeKind) {
        match kind {
            ChangeKind::NewlyAllowed => self.newly_allowed += 1,
            ChangeKind::NewlyDisallowed => self.newly_disallowed += 1,
        }
    }

    /// Every change counted.
    pub fn total(&self) -> usize {
        self.newly_allowed + self.newly_disallowed
    }
}

/// Two readings of robots.txt, ready to compare URLs for several crawlers:
/// each crawler's groups are looked up once per side.
#[derive(Clone, Debug)]
pub struct VerdictDiff<'r> {
    before: Vec<CrawlerMatcher<'r>>,
    after: Vec<CrawlerMatcher<'r>>,
}

impl<'r> VerdictDiff<'r> {
    /// Compares `before` with `after` for `crawlers` (in that order: a
    /// change's `crawler` indexes this list). Each side is robots.txt as a
    /// crawler got it: a side whose fetch replaced its rules gives every
    /// URL that outcome's verdict.
    pub fn new(
        before: FetchedRobots<'r>,
        after: FetchedRobots<'r>,
        crawlers: &[Crawler],
        options: &CheckOptions,
    ) -> VerdictDiff<'r> {
        let matchers = |fetched: FetchedRobots<'r>| {
            crawlers
                .iter()
                .map(|crawler| fetched.matcher_with(crawler, options))
                .collect()
        };
        VerdictDiff {
            before: matchers(before),
            after: matchers(after),
        }
    }

    /// How `url` changed for crawler `crawler`, and its verdict before,
    /// given whether it is allowed after (which a caller holding the
    /// results after already knows: only the side before is checked).
    /// `None` when the verdict stands, or for a crawler the diff was not
    /// built for.
    pub fn change_to(
        &self,
        crawler: usize,
        url: &str,
        allowed_after: bool,
    ) -> Option<(ChangeKind, Verdict)> {
        let before = self.before.get(crawler)?.check(url);
        ChangeKind::between(before.allowed, allowed_after).map(|kind| (kind, before))
    }

    /// The verdict after for crawler `crawler` on `url` (`None` for a
    /// crawler the diff was not built for).
    pub fn after(&self, crawler: usize, url: &str) -> Option<Verdict> {
        Some(self.after.get(crawler)?.check(url))
    }

    /// Every change for the URLs, URL by URL, crawlers in their order.
    pub fn changes<'u>(&self, urls: impl IntoIterator<Item = &'u str>) -> Vec<VerdictChange> {
        let mut changes = Vec::new();
        for (index, url) in urls.into_iter().enumerate() {
            for (crawler, matcher) in self.after.iter().enumerate() {
                let after = matcher.check(url);
                if let Some((kind, before)) = self.change_to(crawler, url, after.allowed) {
                    changes.push(VerdictChange {
                        kind,
                        url: index,
                        crawler,
                        before,
                        after,
                    });
                }
            }
        }
        changes
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{FetchOutcome, Mode, ParseOptions, Robots};

    /// `robots` fetched as usual.
    fn read(robots: &Robots) -> FetchedRobots<'_> {
        FetchedRobots::new(robots, FetchOutcome::FETCHED)
    }

    fn diff_of(before: &str, after: &str, agents: &[&str], urls: &[&str]) -> Vec<VerdictChange> {
        let (before, after) = (
            Robots::parse(before.as_bytes()),
            Robots::parse(after.as_bytes()),
        );
        let crawlers: Vec<Crawler> = agents.iter().map(|&a| Crawler::new(a)).collect();
        VerdictDiff::new(
            read(&before),
            read(&after),
            &crawlers,
            &CheckOptions::default(),
        )
        .changes(urls.iter().copied())
    }

    #[test]
    fn only_verdicts_that_flip_are_changes() {
        let changes = diff_of(
            "User-agent: *\nDisallow: /private/\nAllow: /blog\n",
            "User-agent: *\nDisallow: /blog/\n\nUser-agent: GPTBot\nDisallow: /\n",
            &["Googlebot", "GPTBot"],
            &["/private/x", "/blog/post", "/about", "/blog"],
        );
        let summary: Vec<(usize, usize, ChangeKind, u32, u32)> = changes
            .iter()
            .map(|c| (c.url, c.crawler, c.kind, c.before.line, c.after.line))
            .collect();
        assert_eq!(
            summary,
            vec![
                (0, 0, ChangeKind::NewlyAllowed, 2, 0),
                (1, 0, ChangeKind::NewlyDisallowed, 3, 2),
                (1, 1, ChangeKind::NewlyDisallowed, 3, 5),
                (2, 1, ChangeKind::NewlyDisallowed, 0, 5),
                (3, 1, ChangeKind::NewlyDisallowed, 3, 5),
            ]
        );
        // /private/x for GPTBot: disallowed before (line 2) and after
        // (line 5): another line decides, but the verdict stands.
        assert!(!changes.iter().any(|c| c.url == 0 && c.crawler == 1));
    }

    #[test]
    fn identical_files_change_nothing() {
        let text = "User-agent: *\nDisallow: /a\nAllow: /a/b\n";
        assert!(diff_of(text, text, &["Googlebot", "bingbot"], &["/a", "/a/b", "/c"]).is_empty());
    }

    #[test]
    fn change_to_checks_only_the_side_before() {
        let before = Robots::parse(b"User-agent: *\nDisallow: /x\n");
        let after = Robots::parse(b"User-agent: *\n");
        let crawlers = [Crawler::new("Googlebot")];
        let diff = VerdictDiff::new(
            read(&before),
            read(&after),
            &crawlers,
            &CheckOptions::default(),
        );
        let open = after.check(&crawlers[0], "/x").allowed;
        let change = diff.change_to(0, "/x", open);
        assert_eq!(
            change.map(|(kind, before)| (kind, before.line)),
            Some((ChangeKind::NewlyAllowed, 2))
        );
        assert_eq!(diff.change_to(0, "/y", open), None);
        // A crawler the diff was not built for has no verdict before.
        assert_eq!(diff.change_to(1, "/x", open), None);
    }

    #[test]
    fn one_text_in_both_modes_is_a_comparison_too() {
        let text = b"User-agent: *\nDissallow: /x\n";
        let google = Robots::parse(text);
        let strict = Robots::parse_with(
            text,
            &ParseOptions {
                mode: Mode::Rfc9309,
                ..ParseOptions::default()
            },
        );
        let crawlers = [Crawler::new("Googlebot")];
        let diff = VerdictDiff::new(
            read(&google),
            read(&strict),
            &crawlers,
            &CheckOptions::default(),
        );
        // Google reads the misspelled key; RFC 9309 ignores the line.
        let changes = diff.changes(["/x", "/y"]);
        assert_eq!(changes.len(), 1);
        assert_eq!(
            (changes[0].url, changes[0].kind),
            (0, ChangeKind::NewlyAllowed)
        );
        assert_eq!((changes[0].before.line, changes[0].after.line), (2, 0));
    }

    #[test]
    fn a_side_without_a_robots_txt_gives_its_fixed_verdict() {
        let live = Robots::parse(b"User-agent: *\nDisallow: /private/\n");
        let crawlers = [Crawler::new("Googlebot")];
        let down = FetchedRobots::new(&live, FetchOutcome::Timeout);
        let diff = VerdictDiff::new(read(&live), down, &crawlers, &CheckOptions::default());
        let changes = diff.changes(["/private/a", "/public"]);
        // Only what was allowed becomes blocked when robots.txt is down.
        assert_eq!(changes.len(), 1);
        assert_eq!(
            (changes[0].url, changes[0].kind),
            (1, ChangeKind::NewlyDisallowed)
        );
        assert_eq!(changes[0].after.category, crate::Category::Unreachable);
    }

    #[test]
    fn counts_add_up_by_kind() {
        let mut counts = ChangeCounts::default();
        for kind in [
            ChangeKind::NewlyAllowed,
            ChangeKind::NewlyDisallowed,
            ChangeKind::NewlyDisallowed,
        ] {
            counts.add(kind);
        }
        assert_eq!(
            (
                counts.newly_allowed,
                counts.newly_disallowed,
                counts.total()
            ),
            (1, 2, 3)
        );
        assert_eq!(ChangeKind::NewlyAllowed.as_str(), "newly-allowed");
    }
}
