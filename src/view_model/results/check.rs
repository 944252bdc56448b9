//! The check: every URL for every crawler, a slice of URLs at a time. The
//! one loop that asks the library for verdicts; everything else reads the
//! cells it writes.

use std::sync::Arc;

use robots_matcher::CrawlerMatcher;

use super::{Cell, Column, Counts, Results};
use crate::view_model::document::Document;
use crate::view_model::fetched::FetchedDocument;
use crate::view_model::inputs::CrawlerList;
use crate::view_model::job::Job;
use crate::view_model::limits::check_refusal;
use crate::view_model::url_set::UrlSet;

/// Checking every URL for every crawler, a slice at a time.
#[derive(Debug)]
pub struct CheckJob {
    next_url: usize,
    results: Results,
}

impl CheckJob {
    /// A job checking `urls` for the valid crawlers of `crawlers` against
    /// `fetched`; nothing is checked yet. Over a limit ([`check_refusal`]),
    /// the job checks nothing and its results say why: rows are reserved
    /// only once they are known to fit.
    pub fn new(fetched: FetchedDocument, crawlers: &CrawlerList, urls: Arc<UrlSet>) -> CheckJob {
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
        let rows = urls.list.len() * columns.len();
        CheckJob {
            next_url: 0,
            results: Results {
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

impl Job for CheckJob {
    /// Checks up to `max_urls` more URLs (for every crawler).
    fn run(&mut self, max_urls: usize) -> bool {
        let r = &mut self.results;
        let matchers: Vec<CrawlerMatcher> = r.fetched.matchers(r.crawlers());
        let end = self
            .next_url
            .saturating_add(max_urls)
            .min(r.urls.list.len());
        if !matchers.is_empty() {
            // By index: `UrlList::iter().skip(n)` walks the n URLs before,
            // which every slice would redo.
            for url in (self.next_url..end).filter_map(|i| r.urls.list.get(i)) {
                for (column, matcher) in matchers.iter().enumerate() {
                    let verdict = matcher.check(url);
                    r.counts.add(verdict.allowed);
                    r.per_crawler[column].add(verdict.allowed);
                    if let Some(rule) = verdict.rule {
                        if rule >= r.decided.len() {
                            r.decided.resize(rule + 1, 0);
                        }
                        r.decided[rule] += 1;
                    }
                    r.cells.push(Cell::new(&verdict));
                }
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
        let mut job = CheckJob::new(fetched.clone(), &crawlers, urls.clone());
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
        let job = CheckJob::new(fetched, &crawlers, fits);
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
