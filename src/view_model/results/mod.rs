//! The verdicts: one compact cell per (URL, crawler) row, with counts.
//!
//! Real sites bring 100,000 URLs and several crawlers, so nothing here is
//! worse than linear in rows (sorting aside, n log n) and a row is 12 bytes:
//! its URL and crawler are indices, its text is built only for the rows on
//! screen. By concern:
//!
//! - `cell`: what a row keeps, counts, the columns;
//! - `check`: the check, a job run a slice at a time ([`CheckJob`]);
//! - `compare`: the other side's verdicts where they differ (the other
//!   mode, or the version before) ([`CompareJob`]);
//! - `run`: one check run, its results and their comparison in one value;
//! - `rules`: how many rows each rule and line decides (the by-rule view,
//!   the gutter);
//! - `table`: the table's filters and order, and the rows it shows;
//! - `row`: what one row shows.

mod cell;
mod check;
mod compare;
mod row;
mod rules;
mod run;
mod table;

use std::sync::Arc;

use robots_matcher::{Crawler, Origin};

pub use cell::{Cell, Column, Counts};
pub use check::CheckJob;
pub use compare::{Against, CompareJob, Comparison, FileChangeView};
pub use row::{BeforeView, OtherView, RowView, UsageView};
pub use rules::RuleCount;
pub use run::CheckRun;
pub use table::{DecidedBy, Order, TableQuery, TableView, VerdictFilter};

use super::document::Document;
use super::fetched::FetchedDocument;
use super::inputs::CrawlerList;
use super::job::Job;
use super::origins::{OriginFiles, EDITOR_FILE};
use super::url_set::UrlSet;

/// Every row's verdict, with counts. Rows are URL-major: row
/// `url * crawlers + crawler`, in input order. Each URL is checked against
/// its own origin's robots.txt ([`OriginFiles`]): the editor's, a kept
/// one, or none (rows without a verdict).
#[derive(Debug)]
pub struct Results {
    /// The editor's robots.txt, as fetched: the by-rule view, the gutter
    /// and the "Show them" filters are about its rows.
    pub fetched: FetchedDocument,
    /// The other origins' files, and which file each URL is for.
    pub files: Arc<OriginFiles>,
    /// The version before, when these results are compared with it
    /// (compare mode: the live file, fetched as usual); else they are
    /// compared with the other mode.
    pub before: Option<Arc<Document>>,
    /// The URLs checked.
    pub urls: Arc<UrlSet>,
    /// The crawlers checked.
    pub columns: Vec<Column>,
    cells: Vec<Cell>,
    /// Counts over every row.
    pub counts: Counts,
    /// Counts per crawler, in column order.
    pub per_crawler: Vec<Counts>,
    /// Rows of the editor's file decided by each of its rules, by rule
    /// index.
    decided: Vec<u32>,
    /// Rows decided by the rule on each line, by line number.
    decided_on_line: Vec<u32>,
    /// Skipped input, one sentence each.
    pub notes: Vec<String>,
    /// Why nothing was checked, when the input is over a limit (also the
    /// first note).
    pub refusal: Option<String>,
}

impl Results {
    /// Checks every URL for every valid crawler against `fetched`, in one
    /// go.
    pub fn new(fetched: FetchedDocument, crawlers: &CrawlerList, urls: Arc<UrlSet>) -> Results {
        Results::of_origins(fetched, OriginFiles::editor_only(), crawlers, urls)
    }

    /// Checks every URL for every valid crawler against its origin's file
    /// (`fetched` is the editor's), in one go.
    pub fn of_origins(
        fetched: FetchedDocument,
        files: Arc<OriginFiles>,
        crawlers: &CrawlerList,
        urls: Arc<UrlSet>,
    ) -> Results {
        let mut job = CheckJob::new(fetched, files, crawlers, urls);
        job.run(usize::MAX);
        job.finish()
    }

    /// The parse of the editor's file.
    pub fn document(&self) -> &Document {
        &self.fetched.document
    }

    /// The file a row was checked against: [`EDITOR_FILE`], a kept one, or
    /// [`NO_FILE`](super::NO_FILE).
    pub fn file(&self, row: usize) -> u32 {
        self.files.file_of_url(self.position(row).0)
    }

    /// A file as fetched, `None` for [`NO_FILE`](super::NO_FILE).
    pub fn fetched_of(&self, file: u32) -> Option<&FetchedDocument> {
        match file {
            EDITOR_FILE => Some(&self.fetched),
            file => self.files.site(file).map(|site| &site.fetched),
        }
    }

    /// The origin of a row's URL, when it has one (a path has none).
    pub fn origin(&self, row: usize) -> Option<Origin> {
        Origin::of(self.url(row)).ok()
    }

    /// Whether a row is of the editor's file.
    pub fn in_editor(&self, row: usize) -> bool {
        self.file(row) == EDITOR_FILE
    }

    /// What the results are compared with: the version before in compare
    /// mode, else the other mode.
    pub fn against(&self) -> Against {
        match self.before {
            Some(_) => Against::Before,
            None => Against::OtherMode(self.document().mode().other()),
        }
    }

    /// Number of rows.
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// Whether there is no row.
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// Row `row`'s verdict.
    pub fn cell(&self, row: usize) -> Option<Cell> {
        self.cells.get(row).copied()
    }

    /// The URL index and column of a row.
    pub fn position(&self, row: usize) -> (usize, usize) {
        let width = self.columns.len().max(1);
        (row / width, row % width)
    }

    /// The URL of a row, as typed.
    pub fn url(&self, row: usize) -> &str {
        self.urls.list.get(self.position(row).0).unwrap_or("")
    }

    /// What the rows stand for: the same for results of the same URL list
    /// and crawlers (only the robots.txt or the mode changed), so a row
    /// keeps its URL and crawler.
    pub fn rows_identity(&self) -> u64 {
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        std::hash::Hash::hash(&(Arc::as_ptr(&self.urls) as usize), &mut hasher);
        for column in &self.columns {
            std::hash::Hash::hash(&column.spec, &mut hasher);
        }
        std::hash::Hasher::finish(&hasher)
    }

    /// The crawler spec of a row, as typed.
    pub fn agent(&self, row: usize) -> &str {
        self.columns
            .get(self.position(row).1)
            .map_or("", |c| c.spec.as_str())
    }

    /// The crawlers checked, in column order.
    pub fn crawlers(&self) -> impl Iterator<Item = &Crawler> {
        self.columns.iter().map(|c| &c.crawler)
    }

    /// The crawler of a row.
    pub fn crawler(&self, row: usize) -> Option<&Crawler> {
        self.columns.get(self.position(row).1).map(|c| &c.crawler)
    }

    /// The row the first screen selects: the first one of the editor's
    /// file a rule decided, else its first row, else the first row.
    pub fn default_selection(&self) -> Option<usize> {
        if self.is_empty() {
            return None;
        }
        let editor = |row: &usize| self.in_editor(*row);
        let decided = (0..self.len())
            .filter(editor)
            .find(|&row| self.cells[row].line > 0);
        Some(
            decided
                .or_else(|| (0..self.len()).find(editor))
                .unwrap_or(0),
        )
    }
}

/// Results for the view model's tests.
#[cfg(test)]
pub(crate) mod testing {
    use std::sync::Arc;

    use robots_matcher::Mode;

    use super::{CheckJob, Results};
    use crate::view_model::{CrawlerList, Document, FetchedDocument, Job, OriginFiles, UrlSet};

    /// A parse in `mode`, with Google's size limit.
    pub fn doc(text: &str, mode: Mode) -> Arc<Document> {
        Arc::new(Document::new(text, mode, true))
    }

    /// Every row of `robots` for `agents` and `urls`, fetched as usual.
    pub fn results(robots: &str, agents: &str, urls: &str, mode: Mode) -> Arc<Results> {
        Arc::new(Results::new(
            FetchedDocument::as_usual(doc(robots, mode)),
            &CrawlerList::parse(agents),
            Arc::new(UrlSet::parse(urls)),
        ))
    }

    /// Every row's (URL, agent, allowed, line).
    pub fn rows(r: &Results) -> Vec<(&str, &str, bool, u32)> {
        (0..r.len())
            .map(|row| {
                let cell = r.cell(row).unwrap();
                (r.url(row), r.agent(row), cell.allowed(), cell.line)
            })
            .collect()
    }

    /// A live file and a draft of it compared (compare mode): Googlebot
    /// and GPTBot on `/private/a`, `/blog/b` and `/about`.
    pub fn live_and_draft() -> Arc<Results> {
        compared(
            "User-agent: *\nDisallow: /private/\n",
            "User-agent: *\nDisallow: /blog/\n\nUser-agent: GPTBot\nDisallow: /\n",
            "Googlebot, GPTBot",
            "/private/a\n/blog/b\n/about",
        )
    }

    /// Results of `after` compared with `before` (compare mode).
    pub fn compared(before: &str, after: &str, agents: &str, urls: &str) -> Arc<Results> {
        let mut job = CheckJob::new(
            FetchedDocument::as_usual(doc(after, Mode::Google)),
            OriginFiles::editor_only(),
            &CrawlerList::parse(agents),
            Arc::new(UrlSet::parse(urls)),
        )
        .compared_with(Some(doc(before, Mode::Google)));
        job.run(usize::MAX);
        Arc::new(job.finish())
    }
}

#[cfg(test)]
mod tests {
    use robots_matcher::Mode;

    use super::testing::{results, rows};
    use super::*;
    use crate::view_model::TEST_ROBOTS as ROBOTS;

    #[test]
    fn rows_are_url_major_in_input_order_with_the_matchers_verdicts() {
        let r = results(
            ROBOTS,
            "Googlebot, bingbot",
            "/a\n/private/x\n/nogoogle\n/private/press/1",
            Mode::Google,
        );
        assert_eq!(
            rows(&r),
            [
                ("/a", "Googlebot", true, 0),
                ("/a", "bingbot", true, 0),
                ("/private/x", "Googlebot", true, 0),
                ("/private/x", "bingbot", false, 3),
                ("/nogoogle", "Googlebot", false, 8),
                ("/nogoogle", "bingbot", true, 0),
                ("/private/press/1", "Googlebot", true, 0),
                ("/private/press/1", "bingbot", true, 4),
            ]
        );
        let robots = &r.document().robots;
        for row in 0..r.len() {
            let crawler = &r.columns[r.position(row).1].crawler;
            let verdict = robots.check(crawler, r.url(row));
            let cell = r.cell(row).unwrap();
            assert_eq!(
                (cell.allowed(), cell.line, cell.category),
                (verdict.allowed, verdict.line, verdict.category)
            );
            assert_eq!(cell.rule(), verdict.rule);
        }
        assert_eq!(
            r.counts,
            Counts {
                allowed: 6,
                disallowed: 2,
                no_file: 0
            }
        );
        assert_eq!(
            r.per_crawler,
            [
                Counts {
                    allowed: 3,
                    disallowed: 1,
                    no_file: 0
                },
                Counts {
                    allowed: 3,
                    disallowed: 1,
                    no_file: 0
                }
            ]
        );
        assert_eq!(r.against(), Against::OtherMode(Mode::Rfc9309));
    }

    #[test]
    fn notes_tell_what_was_skipped() {
        let r = results(
            ROBOTS,
            "Googlebot, a>>b",
            "/a\n\nhello world\n/b\n/a\n\n",
            Mode::Google,
        );
        assert_eq!(r.len(), 3);
        assert!(r
            .notes
            .iter()
            .any(|n| n == "1 URL is listed earlier too; every listing is checked."));
        let notes = r.notes.join(" | ");
        assert!(notes.contains("Skipped crawler 'a>>b'"), "{notes}");
        assert!(
            notes.contains("Skipped 1 empty line in the URL list."),
            "{notes}"
        );
        assert!(notes.contains("Skipped 1 line that is not a URL or a path (paths start with /): line 3 (hello world)."), "{notes}");
        let index = results(
            ROBOTS,
            "x",
            "<sitemapindex><sitemap><loc>https://a.example/s.xml</loc></sitemap></sitemapindex>",
            Mode::Google,
        );
        assert!(index.notes.join(" ").contains("sitemap index"));
        assert!(index.is_empty());
        assert_eq!(index.default_selection(), None);
    }

    #[test]
    fn a_hundred_thousand_urls_by_three_crawlers() {
        let urls: String = (0..100_000)
            .map(|i| format!("https://a.example/p/{i}?q={}\n", i % 10))
            .collect();
        let r = results(
            "User-agent: *\nDisallow: /p/1\nAllow: /*?q=1\n",
            "Googlebot, bingbot, GPTBot",
            &urls,
            Mode::Google,
        );
        assert_eq!(r.len(), 300_000);
        assert_eq!(r.counts.total(), 300_000);
        let disallowed = (0..100_000)
            .filter(|i| format!("{i}").starts_with('1') && i % 10 != 1)
            .count()
            * 3;
        assert_eq!(r.counts.disallowed, disallowed);
        let (rules, undecided) = r.by_rule();
        assert_eq!(
            rules.iter().map(|c| c.rows).sum::<usize>() + undecided,
            300_000
        );
    }
}
