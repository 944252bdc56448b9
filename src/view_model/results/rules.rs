//! How many rows each rule decides: the by-rule view (every rule with its
//! count, the dead ones at 0, told apart from the rules of groups no
//! chosen crawler reads), and per line for the editor's gutter and its
//! line details.
//!
//! "Dead" depends on the chosen crawlers: a rule of a group none of them
//! reads decides nothing here, though every other crawler may obey it, so
//! it is never listed as dead (a webmaster cleaning up would delete a live
//! rule). Which groups a crawler reads is the library's answer
//! ([`robots_matcher::CrawlerMatcher::groups`]), as fetched: when the
//! fetch outcome replaces the file, no crawler reads any group.

use robots_matcher::RuleKind;

use super::Results;
use crate::view_model::format::{format_count, plural};
use crate::view_model::origins::EDITOR_FILE;

/// A rule and how many rows it decides.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleCount {
    /// Index into `Robots::rules`.
    pub rule: usize,
    /// Its line.
    pub line: u32,
    /// Allow or Disallow.
    pub kind: RuleKind,
    /// The rule as written.
    pub text: String,
    /// Rows it decides.
    pub rows: usize,
    /// Whether a chosen crawler reads its group: a rule at 0 rows is dead
    /// for these URLs only then.
    pub read: bool,
}

impl Results {
    /// Sums the rows each rule decides by line (once every row is checked).
    pub(super) fn tally_lines(&mut self) {
        let rules = self.fetched.document.robots.rules();
        let last_line = rules.last().map_or(0, |rule| rule.line as usize);
        self.decided_on_line = vec![0; last_line + 1];
        for (rule, &count) in self.decided.iter().enumerate() {
            if let Some(line) = rules.get(rule).map(|rule| rule.line as usize) {
                self.decided_on_line[line] += count;
            }
        }
    }

    /// How many rows the rule on `line` decides.
    pub fn decided_on_line(&self, line: u32) -> usize {
        self.decided_on_line
            .get(line as usize)
            .map_or(0, |&n| n as usize)
    }

    /// How many rows are checked against the editor's file.
    fn editor_rows(&self) -> usize {
        if self.files.split.all_in_editor() {
            return self.len();
        }
        let urls = (0..self.urls.list.len())
            .filter(|&url| self.files.file_of_url(url) == EDITOR_FILE)
            .count();
        urls * self.columns.len()
    }

    /// Every rule of the editor's file, in file order, with how many of
    /// its rows it decides (0: dead for these URLs); and how many of its
    /// rows no rule decided.
    pub fn by_rule(&self) -> (Vec<RuleCount>, usize) {
        let rules = self.document().robots.rules();
        let mut read = vec![false; self.document().robots.groups().len()];
        for matcher in self.fetched.matchers(self.crawlers()) {
            for &group in matcher.groups() {
                if let Some(read) = read.get_mut(group) {
                    *read = true;
                }
            }
        }
        let counts = rules
            .iter()
            .enumerate()
            .map(|(i, rule)| RuleCount {
                rule: i,
                line: rule.line,
                kind: rule.kind,
                text: rule.text.clone(),
                rows: self.decided.get(i).map_or(0, |&n| n as usize),
                read: read.get(rule.group).copied().unwrap_or(false),
            })
            .collect();
        let decided: usize = self.decided.iter().map(|&n| n as usize).sum();
        (counts, self.editor_rows() - decided)
    }

    /// A sentence for the editor: `Decides 2 results: /a (Googlebot), ...`.
    pub fn decides_note(&self, line: u32) -> Option<String> {
        let total = self.decided_on_line(line);
        if total == 0 {
            return None;
        }
        const SHOWN: usize = 5;
        let mut listed: Vec<String> = (0..self.len())
            .filter(|&row| self.cells[row].line == line && self.in_editor(row))
            .take(SHOWN)
            .map(|row| format!("{} ({})", self.url(row), self.agent(row)))
            .collect();
        if total > SHOWN {
            listed.push(format!("and {} more", format_count(total - SHOWN)));
        }
        Some(format!(
            "Decides {}: {}",
            plural(total, "result", "results"),
            listed.join(", ")
        ))
    }
}

#[cfg(test)]
mod tests {
    use robots_matcher::{FetchOutcome, Mode};

    use std::sync::Arc;

    use super::super::testing::{doc, results};
    use crate::view_model::TEST_ROBOTS as ROBOTS;
    use crate::view_model::{CrawlerList, FetchedDocument, UrlSet};

    #[test]
    fn rules_count_the_rows_they_decide_and_dead_rules_show_zero() {
        let r = results(
            ROBOTS,
            "Googlebot, bingbot",
            "/private/1\n/private/2\n/nogoogle\n/z",
            Mode::Google,
        );
        let (rules, undecided) = r.by_rule();
        let counts: Vec<(u32, usize)> = rules.iter().map(|c| (c.line, c.rows)).collect();
        assert_eq!(counts, [(3, 2), (4, 0), (8, 1), (9, 0)]);
        assert_eq!(undecided, 5);
        assert_eq!(r.decided_on_line(3), 2);
        assert_eq!(r.decided_on_line(4), 0);
        assert_eq!(r.decided_on_line(1000), 0);
        assert_eq!(
            r.decides_note(3).unwrap(),
            "Decides 2 results: /private/1 (bingbot), /private/2 (bingbot)"
        );
        assert_eq!(r.decides_note(4), None);
        assert_eq!(r.default_selection(), Some(1));
    }

    /// Lines and whether a chosen crawler reads the rule, for rules at 0.
    fn unused(r: &super::Results) -> Vec<(u32, bool)> {
        r.by_rule()
            .0
            .iter()
            .filter(|c| c.rows == 0)
            .map(|c| (c.line, c.read))
            .collect()
    }

    #[test]
    fn rules_no_chosen_crawler_reads_are_told_apart_from_dead_ones() {
        let robots = "User-agent: *\nDisallow: /private\nDisallow: /never\n\nUser-agent: GPTBot\nDisallow: /\n\nUser-agent: Googlebot\nDisallow: /g\nDisallow: /unused\n";
        // Only Googlebot: the * and GPTBot groups are not read, /unused is
        // read but decides none of these URLs.
        let r = results(robots, "Googlebot", "/g/1\n/private", Mode::Google);
        assert_eq!(unused(&r), [(2, false), (3, false), (6, false), (10, true)]);
        // With bingbot the * group is read: its unmatched rule is dead.
        let r = results(robots, "Googlebot, bingbot", "/g/1\n/private", Mode::Google);
        assert_eq!(unused(&r), [(3, true), (6, false), (10, true)]);
        // Googlebot-Image falls back to the Googlebot group.
        let r = results(robots, "Googlebot-Image>Googlebot", "/x", Mode::Google);
        assert_eq!(
            unused(&r),
            [(2, false), (3, false), (6, false), (9, true), (10, true)]
        );
        // A fetch outcome that replaces the file: no group is read.
        let r = results(robots, "GPTBot", "/x", Mode::Google);
        assert_eq!(
            unused(&r),
            [(2, false), (3, false), (9, false), (10, false)]
        );
        let unreachable = FetchedDocument::new(
            doc(robots, Mode::Google),
            "503".parse::<FetchOutcome>().unwrap(),
        );
        let r = super::Results::new(
            unreachable,
            &CrawlerList::parse("GPTBot"),
            Arc::new(UrlSet::parse("/x")),
        );
        assert!(r.by_rule().0.iter().all(|c| !c.read));
    }
}
