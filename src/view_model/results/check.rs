//! The check: every URL for every crawler against its own origin's
//! robots.txt, a slice of URLs at a time. The one loop that asks the
//! library for verdicts; everything else reads the cells it writes.
//!
//! A URL whose file is the very parse it was checked against last time
//! (another origin's file, kept while the editor's is edited) keeps its
//! earlier rows: a keystroke re-checks only the URLs of the file that
//! changed.

use std::sync::Arc;

use robots_matcher::CrawlerMatcher;

use super::{Cell, Column, Counts, Results};
use crate::view_model::document::Document;
use crate::view_model::fetched::FetchedDocument;
use crate::view_model::inputs::CrawlerList;
use crate::view_model::job::Job;
use crate::view_model::limits::check_refusal;
use crate::view_model::origins::{OriginFiles, EDITOR_FILE, NO_FILE};
use crate::view_model::url_set::UrlSet;

/// Checking every URL for every crawler, a slice at a time.
#[derive(Debug)]
pub struct CheckJob {
    next_url: usize,
    results: Results,
    /// Earlier results of the same URLs and crawlers, whose rows are kept
    /// for the URLs whose file did not change.
    previous: Option<Arc<Results>>,
    /// URLs whose rows were kept from the previous results.
    kept: usize,
}

impl CheckJob {
    /// A job checking `urls` for the valid crawlers of `crawlers` against
    /// `fetched`; nothing is checked yet. Over a limit ([`check_refusal`]),
    /// the job checks nothing and its results say why: rows are reserved
    /// only once they are known to fit.
    /// Each URL is checked against its origin's file (`files`; `fetched`
    /// is the editor's).
    pub fn new(
        fetched: FetchedDocument,
        files: Arc<OriginFiles>,
        crawlers: &CrawlerList,
        urls: Arc<UrlSet>,
    ) -> CheckJob {
        let valid = crawlers.valid().count();
        let refusal = check_refusal(urls.list.len(), valid);
        let columns: Vec<Column> = crawlers
            .valid()
            .take(if refusal.is_some() { 0 } else { valid })
            .map(|(spec, crawler)| Column {
                spec: spec.to_string(),
                crawler: crawler.clone(),
            })
            .collect();
        let mut notes: Vec<String> = refusal.iter().cloned().collect();
        notes.extend(crawlers.notes());
        notes.extend(urls.notes());
        notes.extend(files.split.note());
        let rows = urls.list.len() * columns.len();
        CheckJob {
            next_url: 0,
            previous: None,
            kept: 0,
            results: Results {
                files,
                per_crawler: vec![Counts::default(); columns.len()],
                columns,
                cells: Vec::with_capacity(rows),
                counts: Counts::default(),
                decided: Vec::new(),
                decided_on_line: Vec::new(),
                notes,
                refusal,
                fetched,
                before: None,
                urls,
            },
        }
    }

    /// The same job, for results to be compared with `before` (compare
    /// mode) rather than with the other mode.
    pub fn compared_with(mut self, before: Option<Arc<Document>>) -> CheckJob {
        self.results.before = before;
        self
    }

    /// The same job, keeping the rows of `previous` (results of the same
    /// URL list and crawlers) for every URL checked against the same parse
    /// of the same file, fetched the same way.
    pub fn reusing(mut self, previous: Arc<Results>) -> CheckJob {
        let r = &self.results;
        let same_rows = Arc::ptr_eq(&previous.urls, &r.urls)
            && previous.columns == r.columns
            && previous.refusal.is_none()
            && r.refusal.is_none();
        if same_rows {
            self.previous = Some(previous);
        }
        self
    }

    /// Whether URL `url`'s rows in the previous results stand as they are:
    /// they were checked against the very parse its file is now, fetched
    /// the same way.
    fn unchanged(&self, url: usize, file: u32) -> bool {
        let Some(previous) = &self.previous else {
            return false;
        };
        let before = previous.files.file_of_url(url);
        match (previous.fetched_of(before), self.results.fetched_of(file)) {
            (Some(old), Some(new)) => {
                Arc::ptr_eq(&old.document, &new.document) && old.outcome == new.outcome
            }
            _ => false,
        }
    }

    /// How many URLs kept their rows from the previous results (so far).
    pub fn kept_urls(&self) -> usize {
        self.kept
    }

    /// Whether every URL is checked.
    fn is_done(&self) -> bool {
        self.next_url >= self.results.urls.list.len()
    }

    /// The results (complete once [`Job::run`] returned true).
    pub fn finish(mut self) -> Results {
        self.results.tally_lines();
        self.results
    }
}

impl Results {
    /// Adds the next row, of file `file`, to the cells and the counts.
    fn add(&mut self, column: usize, file: u32, cell: Cell) {
        self.counts.add(&cell);
        if let Some(counts) = self.per_crawler.get_mut(column) {
            counts.add(&cell);
        }
        // The by-rule view and the gutter count the editor's rules.
        if let (EDITOR_FILE, Some(rule)) = (file, cell.rule()) {
            if rule >= self.decided.len() {
                self.decided.resize(rule + 1, 0);
            }
            self.decided[rule] += 1;
        }
        self.cells.push(cell);
    }
}

impl Job for CheckJob {
    /// Checks up to `max_urls` more URLs (for every crawler), each against
    /// its origin's file.
    fn run(&mut self, max_urls: usize) -> bool {
        let end = self
            .next_url
            .saturating_add(max_urls)
            .min(self.results.urls.list.len());
        let width = self.results.columns.len();
        if width == 0 {
            self.next_url = end;
            return self.is_done();
        }
        let files = self.results.files.clone();
        let urls = self.results.urls.clone();
        let fetched = self.results.fetched.clone();
        let editor: Vec<CrawlerMatcher> = fetched.matchers(self.results.crawlers());
        // The other files' matchers, made when a URL of theirs first comes
        // in this slice.
        let mut sites: Vec<Option<Vec<CrawlerMatcher>>> = Vec::new();
        sites.resize_with(files.sites.len(), || None);
        // By index: `UrlList::iter().skip(n)` walks the n URLs before,
        // which every slice would redo.
        for index in self.next_url..end {
            let Some(url) = urls.list.get(index) else {
                continue;
            };
            let file = files.file_of_url(index);
            if let Some(previous) = self
                .previous
                .as_ref()
                .filter(|_| self.unchanged(index, file))
            {
                let r = &mut self.results;
                let kept = previous
                    .cells
                    .get(index * width..(index + 1) * width)
                    .unwrap_or(&[]);
                for (column, cell) in kept.iter().enumerate() {
                    r.add(column, file, *cell);
                }
                self.kept += 1;
                continue;
            }
            let matchers = match file {
                EDITOR_FILE => Some(&editor),
                NO_FILE => None,
                file => files.site(file).map(|site| {
                    let at = file as usize - 1;
                    &*sites[at]
                        .get_or_insert_with(|| site.fetched.matchers(self.results.crawlers()))
                }),
            };
            let r = &mut self.results;
            let Some(matchers) = matchers else {
                for column in 0..width {
                    r.add(column, file, Cell::no_file());
                }
                continue;
            };
            for (column, matcher) in matchers.iter().enumerate() {
                r.add(column, file, Cell::new(&matcher.check(url)));
            }
        }
        self.next_url = end;
        self.is_done()
    }

    fn progress(&self) -> (usize, usize) {
        let r = &self.results;
        (r.cells.len(), r.urls.list.len() * r.columns.len())
    }
}

#[cfg(test)]
mod tests {
    use robots_matcher::{FetchOutcome, Mode};

    use super::super::testing::{doc, results, rows};
    use super::super::CheckRun;
    use super::*;
    use crate::view_model::TEST_ROBOTS as ROBOTS;
    use crate::view_model::{OriginSplit, SiteDocument};

    fn fetched_as(outcome: &str, robots: &str, agents: &str, urls: &str) -> Results {
        let outcome: FetchOutcome = outcome.parse().unwrap();
        Results::new(
            FetchedDocument::new(doc(robots, Mode::Google), outcome),
            &CrawlerList::parse(agents),
            Arc::new(UrlSet::parse(urls)),
        )
    }

    #[test]
    fn checking_in_slices_equals_one_pass() {
        let urls: String = (0..1000)
            .map(|i| format!("https://a.example/private/{i}\n/nogoogle/{i}\n"))
            .collect();
        let whole = results(ROBOTS, "Googlebot, bingbot, x>!*", &urls, Mode::Google);
        let mut job = CheckJob::new(
            whole.fetched.clone(),
            OriginFiles::editor_only(),
            &CrawlerList::parse("Googlebot, bingbot, x>!*"),
            whole.urls.clone(),
        );
        assert_eq!(job.progress(), (0, 6000));
        while !job.run(333) {}
        assert!(job.is_done());
        let sliced = job.finish();
        assert_eq!(sliced.cells, whole.cells);
        assert_eq!(sliced.counts, whole.counts);
        assert_eq!(sliced.decided_on_line, whole.decided_on_line);
    }

    /// Three origins: the editor's file, a kept one, and one with none.
    fn three_origins(editor: &str) -> (FetchedDocument, Arc<OriginFiles>, Arc<UrlSet>) {
        let urls = Arc::new(UrlSet::parse(
            "https://a.example/private/1\nhttps://b.example/private/1\nhttps://c.example/private/1\n/private/2\nhttps://b.example/shop",
        ));
        let split = OriginSplit::new(&urls, None, &["https://b.example"]);
        let site = SiteDocument::new(
            "https://b.example".into(),
            doc("User-agent: *\nDisallow: /shop\n", Mode::Google),
            None,
        );
        let files = Arc::new(OriginFiles {
            split: Arc::new(split),
            sites: vec![site],
        });
        (
            FetchedDocument::as_usual(doc(editor, Mode::Google)),
            files,
            urls,
        )
    }

    #[test]
    fn every_url_is_checked_against_its_own_origins_file() {
        let (fetched, files, urls) = three_origins("User-agent: *\nDisallow: /private/\n");
        let crawlers = CrawlerList::parse("Googlebot, GPTBot");
        let r = Results::of_origins(fetched, files.clone(), &crawlers, urls);
        let verdicts: Vec<(&str, Option<bool>, u32)> = (0..r.len())
            .step_by(2)
            .map(|row| {
                let cell = r.cell(row).unwrap();
                (r.url(row), cell.verdict(), cell.line)
            })
            .collect();
        assert_eq!(
            verdicts,
            [
                ("https://a.example/private/1", Some(false), 2),
                ("https://b.example/private/1", Some(true), 0),
                ("https://c.example/private/1", None, 0),
                ("/private/2", Some(false), 2),
                ("https://b.example/shop", Some(false), 2),
            ]
        );
        // Each verdict is the library's for the row's own file.
        for row in 0..r.len() {
            let cell = r.cell(row).unwrap();
            let Some(fetched) = r.fetched_of(r.file(row)) else {
                assert!(!cell.has_file() && r.file(row) == NO_FILE);
                continue;
            };
            let v = fetched
                .robots()
                .matcher_for(r.crawler(row).unwrap())
                .check(r.url(row));
            assert_eq!((cell.verdict(), cell.line), (Some(v.allowed), v.line));
        }
        assert_eq!(
            r.counts,
            Counts {
                allowed: 2,
                disallowed: 6,
                no_file: 2
            }
        );
        assert_eq!(r.per_crawler[1].no_file, 1);
        assert!(r
            .notes
            .iter()
            .any(|n| n.starts_with("No robots.txt given for 1 origin: 1 URL has no verdict")));
        // The by-rule view counts the editor's rows only: line 2 decides
        // the two of a.example and the path, for two crawlers.
        assert_eq!(r.decided_on_line(2), 4);
        let (rules, undecided) = r.by_rule();
        assert_eq!((rules[0].rows, undecided), (4, 0));
        assert_eq!(r.decides_note(2).unwrap().matches("b.example").count(), 0);
        assert_eq!(r.default_selection(), Some(0));
    }

    #[test]
    fn an_edit_of_the_editors_file_rechecks_only_its_urls() {
        let crawlers = CrawlerList::parse("Googlebot, GPTBot");
        let (fetched, files, urls) = three_origins("User-agent: *\nDisallow: /private/\n");
        let first = Arc::new(Results::of_origins(
            fetched,
            files.clone(),
            &crawlers,
            urls.clone(),
        ));
        // The editor's file changes; the kept file and the URLs do not.
        let edited = FetchedDocument::as_usual(doc("User-agent: *\nAllow: /\n", Mode::Google));
        let mut job = CheckJob::new(edited.clone(), files.clone(), &crawlers, urls.clone())
            .reusing(first.clone());
        while !job.run(2) {}
        // b.example's two URLs kept their rows; a.example's, the path's and
        // c.example's (no file: nothing to check) were done anew.
        assert_eq!(job.kept_urls(), 2);
        let sliced = job.finish();
        let fresh = Results::of_origins(edited, files, &crawlers, urls);
        assert_eq!(sliced.cells, fresh.cells);
        assert_eq!(
            (sliced.counts, sliced.per_crawler.clone()),
            (fresh.counts, fresh.per_crawler.clone())
        );
        assert_eq!(sliced.decided, fresh.decided);
        // Other URLs, or other crawlers: nothing is kept.
        let (fetched, files, _) = three_origins("User-agent: *\n");
        let other_urls = Arc::new(UrlSet::parse("https://b.example/shop"));
        let job = CheckJob::new(fetched, files, &crawlers, other_urls).reusing(first);
        assert!(job.previous.is_none());
    }

    #[test]
    fn a_check_over_the_row_limit_is_refused_before_any_row_is_reserved() {
        use crate::view_model::limits::MAX_ROWS;
        let agents: Vec<String> = (0..400).map(|i| format!("Bot{i}")).collect();
        let crawlers = CrawlerList::parse(&agents.join(", "));
        let urls: String = (0..MAX_ROWS / 400 + 1)
            .map(|i| format!("/p{i}\n"))
            .collect();
        let urls = Arc::new(UrlSet::parse(&urls));
        let fetched = FetchedDocument::as_usual(doc(ROBOTS, Mode::Google));
        let mut job = CheckJob::new(
            fetched.clone(),
            OriginFiles::editor_only(),
            &crawlers,
            urls.clone(),
        );
        assert_eq!(job.results.cells.capacity(), 0);
        assert_eq!(job.progress(), (0, 0));
        assert!(job.run(usize::MAX));
        let refused = job.finish();
        assert!(refused.is_empty() && refused.counts.total() == 0);
        let why = refused.refusal.clone().unwrap();
        assert!(why.contains("125,001 URLs x 400 crawlers"), "{why}");
        assert_eq!(refused.notes[0], why);
        // Comparing refused results compares nothing.
        assert_eq!(
            CheckRun::compared_at_once(Arc::new(refused))
                .comparison()
                .differing(),
            0
        );
        // One URL fewer fits, and is reserved at once.
        let fits = Arc::new(UrlSet::parse(&"/p\n".repeat(MAX_ROWS / 400)));
        let job = CheckJob::new(fetched, OriginFiles::editor_only(), &crawlers, fits);
        assert!(job.results.refusal.is_none());
        assert_eq!(job.progress(), (0, MAX_ROWS));
    }

    #[test]
    fn a_fetch_outcome_decides_every_row_and_nothing_differs_between_modes() {
        for (name, allowed) in [
            ("404", true),
            ("503", false),
            ("redirect-6", true),
            ("timeout", false),
        ] {
            let r = fetched_as(
                name,
                "User-agent: *\nDisallow: /a\n",
                "Googlebot, GPTBot",
                "/a\n/b",
            );
            assert!(
                rows(&r)
                    .iter()
                    .all(|&(_, _, a, line)| a == allowed && line == 0),
                "{name}"
            );
            let run = CheckRun::compared_at_once(Arc::new(r));
            assert_eq!(run.comparison().differing(), 0, "{name}");
        }
        // A 200 after five redirects reads the file.
        let r = fetched_as(
            "redirect-5",
            "User-agent: *\nDisallow: /a\n",
            "Googlebot",
            "/a",
        );
        assert_eq!(rows(&r), [("/a", "Googlebot", false, 2)]);
    }
}
