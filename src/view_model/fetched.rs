//! The robots.txt as crawlers got it: the parse, and how fetching it ended
//! (the visitor's choice in the toolbar, or the live file fetched as usual
//! for compare mode's version before). Every job asks this one value (the
//! library's [`FetchedRobots`]) for its matchers, explanations and usage
//! preferences, so none can check a row without the fetch outcome: when
//! the outcome leaves no usable file, its verdict is every row's.

use std::sync::Arc;

use robots_matcher::{Crawler, CrawlerMatcher, FetchOutcome, FetchedRobots};

use super::document::Document;

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

    /// The robots.txt as fetched, for the library's questions.
    pub fn robots(&self) -> FetchedRobots<'_> {
        FetchedRobots::new(&self.document.robots, self.outcome)
    }

    /// Each crawler's matcher, in order, carrying the outcome's verdict
    /// when it decides.
    pub fn matchers<'c>(
        &self,
        crawlers: impl IntoIterator<Item = &'c Crawler>,
    ) -> Vec<CrawlerMatcher<'_>> {
        let robots = self.robots();
        crawlers
            .into_iter()
            .map(|crawler| robots.matcher_for(crawler))
            .collect()
    }
}
