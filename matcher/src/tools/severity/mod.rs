//! How much a change of robots.txt matters: every change between two
//! versions (a URL's verdict for a crawler, a rule, a directive, the text)
//! gets a class, and every class a severity, `critical`, `warning` or
//! `info`. `robotstxt diff` and the app's compare mode both ask this
//! module, so they class every change alike.
//!
//! The classes are data ([`CHANGE_CLASSES`]): each says which changes it
//! covers ([`Trigger`]) and how severe they are, and a change takes the
//! first class in the table that covers it, so the table reads from the
//! most severe down:
//!
//! | class | severity | covers |
//! | --- | --- | --- |
//! | `search-crawler-disallowed` | critical | a search engine's crawler (Googlebot, bingbot and every preset of purpose search) newly disallowed from a URL |
//! | `site-root-disallowed` | critical | `*` newly disallowed from the site root (`/`): every crawler without a group of its own |
//! | `crawler-disallowed` | warning | any other crawler newly disallowed from a URL |
//! | `allow-removed` | warning | an Allow rule gone from a crawler's groups |
//! | `disallow-added` | warning | a Disallow rule new in a crawler's groups (it can only block more) |
//! | `newly-allowed` | info | a crawler newly allowed on a URL |
//! | `allow-added` | info | an Allow rule new in a crawler's groups |
//! | `disallow-removed` | info | a Disallow rule gone from a crawler's groups |
//! | `directive-changed` | info | a Sitemap, Crawl-delay, Content-Signal or other line added or removed |
//! | `comments-only` | info | nothing changed but comments, blank lines and whitespace |
//! | `rules-unchanged` | info | lines changed (order, letter case, a spelling Google reads alike) without changing a rule or directive |
//!
//! Verdict changes are those of the URLs and crawlers compared
//! ([`crate::tools::compare::VerdictDiff`]); whether `*` is newly
//! disallowed from the site root is also checked on its own
//! ([`FileChanges::site_root`]), whatever URLs were listed, because a
//! staging file deployed to production is the most expensive mistake there
//! is. Rule and directive changes come from the files' text
//! ([`FileChanges`]).

mod file_changes;

use std::fmt;

pub use file_changes::{
    DirectiveChange, Edit, FileChange, FileChanges, RootChange, RuleChange, TextChange,
    MAX_RULE_WORK,
};

use crate::tools::compare::{ChangeKind, VerdictDiff};
use crate::tools::crawlers::{self, Purpose};
use crate::url::path_params_query;
use crate::{Crawler, RuleKind, Selection, Verdict};

/// How much a change matters.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Severity {
    /// Worth knowing: the change opens up, or changes nothing a crawler
    /// acts on.
    Info,
    /// Worth a look before deploying: something is blocked that was not.
    Warning,
    /// Search traffic or the whole site is at stake.
    Critical,
}

impl Severity {
    /// Every severity, least first.
    pub const ALL: [Severity; 3] = [Severity::Info, Severity::Warning, Severity::Critical];

    /// `info`, `warning` or `critical`.
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Info => "info",
            Severity::Warning => "warning",
            Severity::Critical => "critical",
        }
    }

    /// Reads `info`, `warning` or `critical` (any letter case).
    pub fn parse(name: &str) -> Option<Severity> {
        Severity::ALL
            .into_iter()
            .find(|s| s.as_str().eq_ignore_ascii_case(name))
    }
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One class of changes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChangeClass {
    /// Stable name: `search-crawler-disallowed`.
    pub code: &'static str,
    /// How much its changes matter.
    pub severity: Severity,
    /// Which changes it covers.
    pub trigger: Trigger,
}

impl ChangeClass {
    /// What it means, in a sentence for a webmaster. Kept out of
    /// [`CHANGE_CLASSES`] (a match on the code): a front end that only
    /// classes changes (the app's first load) then carries none of the
    /// sentences, only the one that shows them (its compare summary).
    pub fn description(&self) -> &'static str {
        match self.code {
            "search-crawler-disallowed" => "A search engine's crawler is newly disallowed from a URL: its pages can drop out of search results.",
            "site-root-disallowed" => "Every crawler without a group of its own (*) is newly disallowed from the site root: the whole site is closed to them.",
            "crawler-disallowed" => "A crawler is newly disallowed from a URL.",
            "allow-removed" => "An Allow rule is gone: what it opened may now be blocked by a Disallow.",
            "disallow-added" => "A Disallow rule is new: it can only block more.",
            "newly-allowed" => "A crawler is newly allowed on a URL.",
            "allow-added" => "An Allow rule is new: it can only open more.",
            "disallow-removed" => "A Disallow rule is gone: it can only open more.",
            "directive-changed" => "A line other than a rule (Sitemap, Crawl-delay, Content-Signal, ...) was added or removed.",
            "comments-only" => "Nothing changed but comments, blank lines and whitespace.",
            _ => "Lines changed (their order, letter case, a spelling Google reads alike) but no rule or directive did.",
        }
    }
}

/// Which changes a class covers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Trigger {
    /// A URL's verdict changing this way, for these crawlers, on these
    /// URLs.
    Verdict {
        /// Newly allowed or newly disallowed.
        kind: ChangeKind,
        /// Which crawlers.
        crawlers: CrawlerScope,
        /// Which URLs.
        urls: UrlScope,
    },
    /// A rule of this kind added to or removed from a crawler's groups.
    Rule {
        /// Allow or Disallow.
        kind: RuleKind,
        /// Added or removed.
        edit: Edit,
    },
    /// Any other line of a group or of the file (Sitemap, Crawl-delay,
    /// Content-Signal, ...) added or removed.
    Directive,
    /// The text changed in comments, blank lines or whitespace only.
    CommentsOnly,
    /// The text changed, its rules and directives did not.
    RulesUnchanged,
}

/// Which crawlers a verdict trigger covers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CrawlerScope {
    /// Crawlers whose preset's purpose is search ([`is_search_crawler`]).
    Search,
    /// `*`: the crawler `*` itself, a crawler the `*` groups decide for,
    /// or every crawler at once (a fetch outcome that disallows
    /// everything).
    Everyone,
    /// Any crawler.
    Any,
}

/// Which URLs a verdict trigger covers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UrlScope {
    /// The site root: the path `/` (a query aside).
    SiteRoot,
    /// Any URL.
    Any,
}

/// Every class, most severe first: a change takes the first that covers
/// it. The table in the module documentation says the same.
pub const CHANGE_CLASSES: [ChangeClass; 11] = [
    ChangeClass {
        code: "search-crawler-disallowed",
        severity: Severity::Critical,
        trigger: Trigger::Verdict {
            kind: ChangeKind::NewlyDisallowed,
            crawlers: CrawlerScope::Search,
            urls: UrlScope::Any,
        },
    },
    ChangeClass {
        code: "site-root-disallowed",
        severity: Severity::Critical,
        trigger: Trigger::Verdict {
            kind: ChangeKind::NewlyDisallowed,
            crawlers: CrawlerScope::Everyone,
            urls: UrlScope::SiteRoot,
        },
    },
    ChangeClass {
        code: "crawler-disallowed",
        severity: Severity::Warning,
        trigger: Trigger::Verdict {
            kind: ChangeKind::NewlyDisallowed,
            crawlers: CrawlerScope::Any,
            urls: UrlScope::Any,
        },
    },
    ChangeClass {
        code: "allow-removed",
        severity: Severity::Warning,
        trigger: Trigger::Rule {
            kind: RuleKind::Allow,
            edit: Edit::Removed,
        },
    },
    ChangeClass {
        code: "disallow-added",
        severity: Severity::Warning,
        trigger: Trigger::Rule {
            kind: RuleKind::Disallow,
            edit: Edit::Added,
        },
    },
    ChangeClass {
        code: "newly-allowed",
        severity: Severity::Info,
        trigger: Trigger::Verdict {
            kind: ChangeKind::NewlyAllowed,
            crawlers: CrawlerScope::Any,
            urls: UrlScope::Any,
        },
    },
    ChangeClass {
        code: "allow-added",
        severity: Severity::Info,
        trigger: Trigger::Rule {
            kind: RuleKind::Allow,
            edit: Edit::Added,
        },
    },
    ChangeClass {
        code: "disallow-removed",
        severity: Severity::Info,
        trigger: Trigger::Rule {
            kind: RuleKind::Disallow,
            edit: Edit::Removed,
        },
    },
    ChangeClass {
        code: "directive-changed",
        severity: Severity::Info,
        trigger: Trigger::Directive,
    },
    ChangeClass {
        code: "comments-only",
        severity: Severity::Info,
        trigger: Trigger::CommentsOnly,
    },
    ChangeClass {
        code: "rules-unchanged",
        severity: Severity::Info,
        trigger: Trigger::RulesUnchanged,
    },
];

/// The first class whose trigger `covers` accepts. Every change has one:
/// the table holds a class for every kind of change with the widest
/// scopes (tested).
fn first_class(covers: impl Fn(&Trigger) -> bool) -> &'static ChangeClass {
    CHANGE_CLASSES
        .iter()
        .find(|class| covers(&class.trigger))
        .unwrap_or(&CHANGE_CLASSES[CHANGE_CLASSES.len() - 1])
}

/// The class of a file change of this trigger (rule, directive, text).
pub(crate) fn class_of(trigger: Trigger) -> &'static ChangeClass {
    first_class(|t| *t == trigger)
}

/// Whether `crawler` is a search engine's: its name (first token) is a
/// preset of purpose search ([`crawlers::find`]), as the app's audit
/// reads a crawler's purpose.
pub fn is_search_crawler(crawler: &Crawler) -> bool {
    crawlers::find(crawler.name()).is_some_and(|preset| preset.purpose == Purpose::Search)
}

/// Whether `url`'s path is the site root `/` (a query or parameters
/// aside).
pub fn is_site_root(url: &str) -> bool {
    let path = path_params_query(url);
    path == "/" || path.starts_with("/?") || path.starts_with("/;")
}

/// Classes verdict changes for a list of crawlers (the crawlers a
/// `VerdictDiff` was made for): each crawler's purpose is looked up once.
#[derive(Clone, Debug)]
pub struct VerdictClasses {
    search: Vec<bool>,
    star: Vec<bool>,
}

impl VerdictClasses {
    /// For `crawlers`, in the order the diff's changes index them.
    pub fn new(crawlers: &[Crawler]) -> VerdictClasses {
        VerdictClasses {
            search: crawlers.iter().map(is_search_crawler).collect(),
            star: crawlers.iter().map(|c| c.name() == "*").collect(),
        }
    }

    /// The class of a change of `crawler` (its index) on `url` this way,
    /// `after` being its verdict after the change.
    pub fn class(
        &self,
        crawler: usize,
        url: &str,
        kind: ChangeKind,
        after: &Verdict,
    ) -> &'static ChangeClass {
        let everyone_after = match after.selection {
            Selection::Global => true,
            Selection::FetchOutcome(_) => !after.allowed,
            _ => false,
        };
        self.class_with(crawler, url, kind, everyone_after)
    }

    /// The class of the change `diff` found for `crawler` (its index) on
    /// `url` (see [`VerdictDiff::change_to`]), for a caller that holds the
    /// verdict after only as allowed or not: the verdict after is checked
    /// again only where the class depends on it (`*` on the site root).
    pub fn class_in(
        &self,
        diff: &VerdictDiff<'_>,
        crawler: usize,
        url: &str,
        kind: ChangeKind,
    ) -> &'static ChangeClass {
        if kind == ChangeKind::NewlyDisallowed && is_site_root(url) {
            if let Some(after) = diff.after(crawler, url) {
                return self.class(crawler, url, kind, &after);
            }
        }
        self.class_with(crawler, url, kind, false)
    }

    /// Whether a verdict change of `crawler` (its index) on `url` is the
    /// change of `*` on the site root that [`FileChanges::site_root`] also
    /// reports (then counted once, with the verdict changes).
    pub fn shows_site_root(&self, crawler: usize, url: &str) -> bool {
        self.star.get(crawler).copied().unwrap_or(false) && is_site_root(url)
    }

    /// [`VerdictClasses::class`], given whether the verdict after is one
    /// for every crawler at once (the `*` groups', or a fetch outcome
    /// disallowing everything).
    fn class_with(
        &self,
        crawler: usize,
        url: &str,
        kind: ChangeKind,
        everyone_after: bool,
    ) -> &'static ChangeClass {
        let search = self.search.get(crawler).copied().unwrap_or(false);
        let everyone = self.star.get(crawler).copied().unwrap_or(false) || everyone_after;
        let root = is_site_root(url);
        first_class(|trigger| match *trigger {
            Trigger::Verdict {
                kind: k,
                crawlers,
                urls,
            } => {
                k == kind
                    && match crawlers {
                        CrawlerScope::Search => search,
                        CrawlerScope::Everyone => everyone,
                        CrawlerScope::Any => true,
                    }
                    && match urls {
                        UrlScope::SiteRoot => root,
                        UrlScope::Any => true,
                    }
            }
            _ => false,
        })
    }
}

/// How many changes of each severity.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SeverityCounts {
    /// Critical changes.
    pub critical: usize,
    /// Warnings.
    pub warning: usize,
    /// Infos.
    pub info: usize,
}

impl SeverityCounts {
    /// Counts one change.
    pub fn add(&mut self, severity: Severity) {
        match severity {
            Severity::Critical => self.critical += 1,
            Severity::Warning => self.warning += 1,
            Severity::Info => self.info += 1,
        }
    }

    /// How many changes of `severity`.
    pub fn of(&self, severity: Severity) -> usize {
        match severity {
            Severity::Critical => self.critical,
            Severity::Warning => self.warning,
            Severity::Info => self.info,
        }
    }

    /// These counts of verdict changes with the changes of the file
    /// itself added, as `robotstxt diff` and the app's compare mode count
    /// them: every rule, directive and text change, and `*`'s change on the
    /// site root unless the verdict changes already hold it (`root_shown`,
    /// see [`VerdictClasses::shows_site_root`]).
    pub fn with_file_changes(mut self, file: &FileChanges, root_shown: bool) -> SeverityCounts {
        for (class, _) in file.listed(root_shown) {
            self.add(class.severity);
        }
        self
    }

    /// How many changes are at least as severe as `severity`.
    pub fn at_least(&self, severity: Severity) -> usize {
        Severity::ALL
            .into_iter()
            .filter(|&s| s >= severity)
            .map(|s| self.of(s))
            .sum()
    }
}

#[cfg(test)]
mod tests;
