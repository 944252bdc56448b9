//! The robots.txt as crawlers got it: the parse, and how fetching it ended
//! (the visitor's choice in the toolbar). Every job asks this one value for
//! its matchers, so none can check a row without the fetch outcome: when
//! the outcome leaves no usable file, its verdict is every row's.

use std::sync::Arc;

use robots_matcher::{CheckOptions, Crawler, CrawlerMatcher, Explanation, FetchOutcome, Usage};

use super::document::Document;
use super::results::Column;

/// A parse and how fetching it ended.
#[derive(Clone, Debug)]
pub struct FetchedDocument {
    /// The parse.
    pub document: Arc<Document>,
    /// How fetching it ended.
    pub outcome: FetchOutcome,
}

impl FetchedDocument {
    /// `document`, as fetching it with `outcome` left it.
    pub fn new(document: Arc<Document>, outcome: FetchOutcome) -> FetchedDocument {
        FetchedDocument { document, outcome }
    }

    /// `document`, fetched as usual (HTTP 200).
    pub fn as_usual(document: Arc<Document>) -> FetchedDocument {
        FetchedDocument::new(document, FetchOutcome::FETCHED)
    }

    /// Whether the outcome decides every verdict, whatever the rules say.
    pub fn outcome_decides(&self) -> bool {
        self.outcome.fixed_verdict().is_some()
    }

    /// Each column's crawler matcher, in column order, carrying the
    /// outcome's verdict when it decides.
    pub fn matchers(&self, columns: &[Column]) -> Vec<CrawlerMatcher<'_>> {
        let robots = &self.document.robots;
        columns
            .iter()
            .map(|c| robots.matcher_for(&c.crawler).fetched_as(self.outcome))
            .collect()
    }

    /// The AI usage preferences that apply to `url` for `crawler`: none
    /// when the outcome leaves no usable file.
    pub fn usage(&self, crawler: &Crawler, url: &str) -> Usage {
        if self.outcome_decides() {
            return Usage::default();
        }
        self.document
            .robots
            .usage(crawler, url, &CheckOptions::default())
    }

    /// Why `url` gets its verdict for `crawler`: the outcome, when it
    /// decides, else the rules.
    pub fn explain(&self, crawler: &Crawler, url: &str) -> Explanation {
        let robots = &self.document.robots;
        Explanation::fetch_outcome(self.outcome, url, robots.mode())
            .unwrap_or_else(|| robots.explain(crawler, url, &CheckOptions::default()))
    }
}
