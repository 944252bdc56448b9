//! The verdicts: one compact cell per (URL, crawler) row, the counts, how
//! many rows each rule decides, the other mode's verdicts where they
//! differ, and the table's filtered and sorted view of the rows.
//!
//! Real sites bring 100,000 URLs and several crawlers, so nothing here is
//! worse than linear in rows (sorting aside, n log n) and a row is 12 bytes:
//! its URL and crawler are indices, its text is built only for the rows on
//! screen. Checking and comparing are jobs that run a slice at a time
//! ([`CheckJob::run`], [`CompareJob::run`]), so the page can stay responsive
//! and show progress; the app decides how big a slice is.

use std::cmp::Ordering;
use std::sync::{Arc, OnceLock};

use robots_matcher::read::url_list::UrlList;
use robots_matcher::tools::compare::{ChangeCounts, VerdictDiff};
use robots_matcher::tools::usage::Usage;
use robots_matcher::{
    Category, CheckOptions, Crawler, CrawlerMatcher, FetchOutcome, FetchedRobots, Mode, RuleKind,
    Verdict,
};

use super::document::Document;
use super::format::{format_count, plural, rule_label, skipped_lines_note};
use super::inputs::CrawlerList;

/// The URL field, read once per change of its text.
#[derive(Debug, Default)]
pub struct UrlSet {
    /// The URLs and what was skipped.
    pub list: UrlList,
    /// How many URLs repeat one listed before them.
    pub repeated: usize,
    /// URL indices in URL order, computed when first sorted by.
    sorted: OnceLock<Vec<u32>>,
}

impl UrlSet {
    /// Reads the URL field.
    pub fn parse(text: &str) -> UrlSet {
        let list = UrlList::parse(text);
        let mut seen = std::collections::HashSet::with_capacity(list.len());
        let repeated = list.iter().filter(|url| !seen.insert(*url)).count();
        UrlSet {
            list,
            repeated,
            sorted: OnceLock::new(),
        }
    }

    /// URL indices ordered by URL (stable: equal URLs keep input order).
    fn sorted(&self) -> &[u32] {
        self.sorted.get_or_init(|| {
            let mut order: Vec<u32> = (0..self.list.len() as u32).collect();
            let url = |i: u32| self.list.get(i as usize).unwrap_or("");
            sort_indices(&mut order, &|a, b| url(a).cmp(url(b)));
            order
        })
    }

    /// Sentences about what was skipped in the URL field.
    fn notes(&self) -> Vec<String> {
        let list = &self.list;
        let mut notes = Vec::new();
        if list.blank_lines > 0 {
            notes.push(format!(
                "Skipped {} in the URL list.",
                plural(list.blank_lines, "empty line", "empty lines")
            ));
        }
        notes.extend(skipped_lines_note(&list.rejected));
        if self.repeated > 0 {
            notes.push(format!(
                "{} listed earlier too; every listing is checked.",
                plural(self.repeated, "URL is", "URLs are")
            ));
        }
        if !list.sitemaps.is_empty() {
            notes.push(format!(
                "This is a sitemap index: it names {} rather than pages. Open those sitemaps to check their URLs.",
                plural(list.sitemaps.len(), "sitemap", "sitemaps")
            ));
        }
        notes
    }
}

/// One verdict, as a row keeps it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cell {
    /// The kind of verdict (which says allowed or not).
    pub category: Category,
    /// The deciding line, 0 when none.
    pub line: u32,
    /// The deciding rule (index into `Robots::rules`), or [`Cell::NO_RULE`].
    rule: u32,
}

impl Cell {
    const NO_RULE: u32 = u32::MAX;

    fn new(verdict: &Verdict) -> Cell {
        Cell {
            category: verdict.category,
            line: verdict.line,
            rule: verdict.rule.map_or(Cell::NO_RULE, |r| r as u32),
        }
    }

    /// Whether the crawler may fetch the URL.
    pub fn allowed(&self) -> bool {
        !matches!(
            self.category,
            Category::DisallowedExplicit | Category::Unreachable
        )
    }

    /// The deciding rule, when one decided.
    pub fn rule(&self) -> Option<usize> {
        (self.rule != Cell::NO_RULE).then_some(self.rule as usize)
    }
}

/// Allowed and disallowed counts of some rows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Rows allowed.
    pub allowed: usize,
    /// Rows disallowed.
    pub disallowed: usize,
}

impl Counts {
    /// Every row counted.
    pub fn total(&self) -> usize {
        self.allowed + self.disallowed
    }

    fn add(&mut self, allowed: bool) {
        if allowed {
            self.allowed += 1;
        } else {
            self.disallowed += 1;
        }
    }
}

/// A valid crawler of the crawler field: a column of the results.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Column {
    /// The spec as typed.
    pub spec: String,
    /// The crawler it names.
    pub crawler: Crawler,
}

/// Every row's verdict, with counts. Rows are URL-major: row
/// `url * crawlers + crawler`, in input order.
#[derive(Debug)]
pub struct Results {
    /// The parse the verdicts come from.
    pub document: Arc<Document>,
    /// How fetching robots.txt ended (chosen by the visitor): when it
    /// leaves no usable file, its verdict is every row's.
    pub fetch: FetchOutcome,
    /// The version before, when these results are compared with it
    /// (compare mode); else they are compared with the other mode.
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
    /// Rows decided by each rule, by rule index.
    decided: Vec<u32>,
    /// Rows decided by the rule on each line, by line number.
    decided_on_line: Vec<u32>,
    /// Skipped input, one sentence each.
    pub notes: Vec<String>,
}

impl Results {
    /// Checks every URL for every valid crawler, in one go (robots.txt
    /// fetched as usual).
    pub fn new(document: Arc<Document>, crawlers: &CrawlerList, urls: Arc<UrlSet>) -> Results {
        let mut job = CheckJob::new(document, crawlers, urls);
        job.run(usize::MAX);
        job.finish()
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

    /// How many rows the rule on `line` decides.
    pub fn decided_on_line(&self, line: u32) -> usize {
        self.decided_on_line
            .get(line as usize)
            .map_or(0, |&n| n as usize)
    }

    /// Every rule of the groups, in file order, with how many rows it
    /// decides (0: dead for these URLs); and how many rows no rule decided.
    pub fn by_rule(&self) -> (Vec<RuleCount>, usize) {
        let rules = self.document.robots.rules();
        let counts = rules
            .iter()
            .enumerate()
            .map(|(i, rule)| RuleCount {
                rule: i,
                line: rule.line,
                kind: rule.kind,
                text: rule.text.clone(),
                rows: self.decided.get(i).map_or(0, |&n| n as usize),
            })
            .collect();
        let decided: usize = self.decided.iter().map(|&n| n as usize).sum();
        (counts, self.len() - decided)
    }

    /// A sentence for the editor: `Decides 2 results: /a (Googlebot), ...`.
    pub fn decides_note(&self, line: u32) -> Option<String> {
        let total = self.decided_on_line(line);
        if total == 0 {
            return None;
        }
        const SHOWN: usize = 5;
        let mut listed: Vec<String> = (0..self.len())
            .filter(|&row| self.cells[row].line == line)
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

    /// The row the first screen selects: the first one a rule decided,
    /// else the first row.
    pub fn default_selection(&self) -> Option<usize> {
        if self.is_empty() {
            return None;
        }
        Some(self.cells.iter().position(|c| c.line > 0).unwrap_or(0))
    }

    /// The crawler of a row.
    pub fn crawler(&self, row: usize) -> Option<&Crawler> {
        self.columns.get(self.position(row).1).map(|c| &c.crawler)
    }

    /// What a row shows.
    pub fn row_view(&self, row: usize, comparison: &Comparison) -> Option<RowView> {
        let cell = self.cell(row)?;
        let url = self.url(row);
        let robots = &self.document.robots;
        let checked_path = robots.checked_path(url, &CheckOptions::default());
        let other = comparison.get(row).map(|o| OtherView {
            against: comparison.against,
            allowed: o.allowed(),
            line: o.line,
        });
        // In compare mode every row shows the verdict before, changed or not
        // (its deciding line may have moved): one check, for rows on screen.
        let before = match (comparison.against, &comparison.other) {
            (Against::Before, Some(before)) => self.crawler(row).map(|crawler| {
                let verdict = before.robots.check(crawler, url);
                BeforeView {
                    allowed: verdict.allowed,
                    line: verdict.line,
                    rule: verdict
                        .rule
                        .and_then(|r| before.robots.rules().get(r))
                        .map(|r| rule_label(r.line, &r.text)),
                    changed: other.is_some(),
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
            usage: self.crawler(row).and_then(|crawler| {
                usage_view(&FetchedRobots::new(robots, FetchOutcome::FETCHED).usage(
                    crawler,
                    url,
                    &CheckOptions::default(),
                ))
            }),
        })
    }
}

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
}

/// Work done a slice at a time (checking, comparing, exporting), so that
/// the app can spread it over several tasks and show how far it is.
pub trait Job {
    /// Does up to `max` more units (URLs, or rows for an export); true when
    /// everything is done.
    fn run(&mut self, max: usize) -> bool;

    /// Rows done so far, and rows in all.
    fn progress(&self) -> (usize, usize);
}

/// Each column's crawler matcher on `fetched`, in column order.
pub(crate) fn matchers<'r>(
    columns: &[Column],
    fetched: FetchedRobots<'r>,
) -> Vec<CrawlerMatcher<'r>> {
    columns
        .iter()
        .map(|c| fetched.matcher_for(&c.crawler))
        .collect()
}

/// Checking every URL for every crawler, a slice at a time.
#[derive(Debug)]
pub struct CheckJob {
    next_url: usize,
    results: Results,
}

impl CheckJob {
    /// A job for these inputs, robots.txt fetched as usual; nothing is
    /// checked yet.
    pub fn new(document: Arc<Document>, crawlers: &CrawlerList, urls: Arc<UrlSet>) -> CheckJob {
        let columns: Vec<Column> = crawlers
            .valid()
            .map(|(spec, crawler)| Column {
                spec: spec.to_string(),
                crawler: crawler.clone(),
            })
            .collect();
        let mut notes = crawlers.notes();
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
                document,
                fetch: FetchOutcome::FETCHED,
                before: None,
                urls,
            },
        }
    }

    /// The same job, for robots.txt fetched with `fetch`.
    pub fn fetched_as(mut self, fetch: FetchOutcome) -> CheckJob {
        self.results.fetch = fetch;
        self
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
        let r = &mut self.results;
        let rules = r.document.robots.rules();
        let last_line = rules.last().map_or(0, |rule| rule.line as usize);
        r.decided_on_line = vec![0; last_line + 1];
        for (rule, &count) in r.decided.iter().enumerate() {
            if let Some(line) = rules.get(rule).map(|rule| rule.line as usize) {
                r.decided_on_line[line] += count;
            }
        }
        self.results
    }
}

impl Job for CheckJob {
    /// Checks up to `max_urls` more URLs (for every crawler).
    fn run(&mut self, max_urls: usize) -> bool {
        let r = &mut self.results;
        let matchers = matchers(&r.columns, FetchedRobots::new(&r.document.robots, r.fetch));
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

/// What the results are compared with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Against {
    /// The same text read in the other mode.
    OtherMode(Mode),
    /// The version before, in the same mode (compare mode).
    Before,
}

/// The other side's verdicts, for the rows where they differ, with how
/// many changed each way. What counts as a change is the library's
/// ([`VerdictDiff`]).
#[derive(Debug)]
pub struct Comparison {
    /// What the other side is.
    pub against: Against,
    /// The other side's parse; `None` when there is nothing to compare
    /// (not yet, or a fetch outcome decides every verdict in both modes).
    pub other: Option<Arc<Document>>,
    /// The differing rows, ascending.
    rows: Vec<u32>,
    /// Their verdicts on the other side.
    cells: Vec<Cell>,
    /// Rows that changed each way, from the other side to the results.
    pub counts: ChangeCounts,
    /// The same per crawler, in column order.
    pub per_crawler: Vec<ChangeCounts>,
}

impl Comparison {
    /// No comparison (yet): nothing differs.
    pub fn none(against: Against) -> Comparison {
        Comparison {
            against,
            other: None,
            rows: Vec::new(),
            cells: Vec::new(),
            counts: ChangeCounts::default(),
            per_crawler: Vec::new(),
        }
    }

    /// Compares every row of `results`, in one go (see [`CompareJob::new`]).
    pub fn new(results: Arc<Results>) -> Comparison {
        let mut job = CompareJob::new(results);
        job.run(usize::MAX);
        job.finish()
    }

    /// The other side's verdict for a row, when it differs.
    pub fn get(&self, row: usize) -> Option<Cell> {
        let i = self.rows.binary_search(&(row as u32)).ok()?;
        self.cells.get(i).copied()
    }

    /// Number of rows whose verdict differs.
    pub fn differing(&self) -> usize {
        self.rows.len()
    }

    /// The rows that differ, ascending.
    pub fn rows(&self) -> &[u32] {
        &self.rows
    }
}

/// Comparing every row with the other side, a slice at a time.
#[derive(Debug)]
pub struct CompareJob {
    results: Arc<Results>,
    next_url: usize,
    comparison: Comparison,
}

impl CompareJob {
    /// A job comparing `results` with their version before (compare
    /// mode), or else with the same text read in the other mode (parsed
    /// here). In the other mode a fetch outcome that decides every verdict
    /// decides them the same way, so nothing is compared.
    pub fn new(results: Arc<Results>) -> CompareJob {
        let (against, other) = match &results.before {
            Some(before) => (Against::Before, Some(before.clone())),
            None => {
                let mode = results.document.mode().other();
                let other = results
                    .fetch
                    .fixed_verdict()
                    .is_none()
                    .then(|| Arc::new(results.document.in_other_mode()));
                (Against::OtherMode(mode), other)
            }
        };
        let mut comparison = Comparison::none(against);
        comparison.other = other;
        comparison.per_crawler = vec![ChangeCounts::default(); results.columns.len()];
        CompareJob {
            comparison,
            results,
            next_url: 0,
        }
    }

    /// The comparison (complete once [`Job::run`] returned true).
    pub fn finish(self) -> Comparison {
        self.comparison
    }
}

impl Job for CompareJob {
    /// Compares up to `max_urls` more URLs.
    fn run(&mut self, max_urls: usize) -> bool {
        let results = &self.results;
        let comparison = &mut self.comparison;
        let Some(other) = &comparison.other else {
            return true;
        };
        let crawlers: Vec<Crawler> = results.columns.iter().map(|c| c.crawler.clone()).collect();
        // The other side is read: the version before is the live file,
        // fetched as usual, and the other mode is compared only when the
        // outcome lets the rules decide.
        let diff = VerdictDiff::new(
            FetchedRobots::new(&other.robots, FetchOutcome::FETCHED),
            FetchedRobots::new(&results.document.robots, results.fetch),
            &crawlers,
            &CheckOptions::default(),
        );
        let width = crawlers.len();
        let end = self
            .next_url
            .saturating_add(max_urls)
            .min(results.urls.list.len());
        for (index, url) in
            (self.next_url..end).filter_map(|i| Some((i, results.urls.list.get(i)?)))
        {
            let base = index * width;
            for column in 0..width {
                let row = base + column;
                let Some(cell) = results.cells.get(row) else {
                    continue;
                };
                if let Some((kind, before)) = diff.change_to(column, url, cell.allowed()) {
                    comparison.rows.push(row as u32);
                    comparison.cells.push(Cell::new(&before));
                    comparison.counts.add(kind);
                    if let Some(counts) = comparison.per_crawler.get_mut(column) {
                        counts.add(kind);
                    }
                }
            }
        }
        self.next_url = end;
        self.next_url >= results.urls.list.len()
    }

    fn progress(&self) -> (usize, usize) {
        let width = self.results.columns.len();
        (self.next_url * width, self.results.len())
    }
}

/// Sorts indices stably by `compare`. Every sort of the app goes through
/// this one instantiation of the standard sort: each `sort_by` with its own
/// closure would add about 4 KB of WebAssembly (measured 2026-11-22).
pub(crate) fn sort_indices(indices: &mut [u32], compare: &dyn Fn(u32, u32) -> Ordering) {
    indices.sort_unstable_by(|&a, &b| compare(a, b).then(a.cmp(&b)));
}

/// Which verdicts the table shows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum VerdictFilter {
    /// Every row.
    #[default]
    All,
    /// Allowed rows.
    Allowed,
    /// Disallowed rows.
    Disallowed,
    /// Rows whose verdict differs in the other mode.
    Differs,
}

impl VerdictFilter {
    /// Every filter, in menu order.
    pub const ALL: [VerdictFilter; 4] = [
        VerdictFilter::All,
        VerdictFilter::Allowed,
        VerdictFilter::Disallowed,
        VerdictFilter::Differs,
    ];

    /// The value of its `<option>`.
    pub fn key(self) -> &'static str {
        match self {
            VerdictFilter::All => "all",
            VerdictFilter::Allowed => "allowed",
            VerdictFilter::Disallowed => "disallowed",
            VerdictFilter::Differs => "differs",
        }
    }

    /// The filter whose [`VerdictFilter::key`] is `key`.
    pub fn from_key(key: &str) -> Option<VerdictFilter> {
        VerdictFilter::ALL.into_iter().find(|f| f.key() == key)
    }

    /// Its label in the menu, where the other mode is `other`.
    pub fn label(self, against: Against) -> String {
        match (self, against) {
            (VerdictFilter::All, _) => String::from("All verdicts"),
            (VerdictFilter::Allowed, _) => String::from("Allowed"),
            (VerdictFilter::Disallowed, _) => String::from("Disallowed"),
            (VerdictFilter::Differs, Against::OtherMode(mode)) => {
                format!("Differs under {}", mode.label())
            }
            (VerdictFilter::Differs, Against::Before) => String::from("Changed from before"),
        }
    }
}

/// The order of the table's rows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Order {
    /// As listed: URL by URL, crawlers in the field's order.
    #[default]
    Input,
    /// By URL (crawlers in the field's order within a URL).
    Url,
    /// Disallowed first, then allowed; input order within each.
    Verdict,
    /// By deciding line; rows no rule decided last.
    Line,
}

impl Order {
    /// Every order, in menu order.
    pub const ALL: [Order; 4] = [Order::Input, Order::Url, Order::Verdict, Order::Line];

    /// The value of its `<option>`.
    pub fn key(self) -> &'static str {
        match self {
            Order::Input => "input",
            Order::Url => "url",
            Order::Verdict => "verdict",
            Order::Line => "line",
        }
    }

    /// The order whose [`Order::key`] is `key`.
    pub fn from_key(key: &str) -> Option<Order> {
        Order::ALL.into_iter().find(|o| o.key() == key)
    }

    /// Its label in the menu.
    pub fn label(self) -> &'static str {
        match self {
            Order::Input => "As listed",
            Order::Url => "URL",
            Order::Verdict => "Verdict",
            Order::Line => "Deciding line",
        }
    }
}

/// Which rule decided the rows to show.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DecidedBy {
    /// The rule on this line.
    Line(u32),
    /// No rule.
    NoRule,
}

/// What the table shows: filters and an order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TableQuery {
    /// By verdict.
    pub verdict: VerdictFilter,
    /// Only this crawler (a column index), or every crawler.
    pub crawler: Option<usize>,
    /// Only URLs containing this text.
    pub text: String,
    /// Only rows this rule (or no rule) decided.
    pub decided_by: Option<DecidedBy>,
    /// The order.
    pub order: Order,
}

/// The rows the table shows, in order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TableView {
    /// Row indices, or `None` for every row in input order.
    rows: Option<Vec<u32>>,
    len: usize,
}

impl TableView {
    /// The rows of `results` that pass `query`, in its order.
    pub fn new(results: &Results, comparison: &Comparison, query: &TableQuery) -> TableView {
        if *query == TableQuery::default() {
            return TableView {
                rows: None,
                len: results.len(),
            };
        }
        let width = results.columns.len();
        let differs: Vec<bool> = if query.verdict == VerdictFilter::Differs {
            let mut marks = vec![false; results.len()];
            for &row in comparison.rows() {
                if let Some(mark) = marks.get_mut(row as usize) {
                    *mark = true;
                }
            }
            marks
        } else {
            Vec::new()
        };
        let keep = |row: usize, cell: Cell| {
            let verdict = match query.verdict {
                VerdictFilter::All => true,
                VerdictFilter::Allowed => cell.allowed(),
                VerdictFilter::Disallowed => !cell.allowed(),
                VerdictFilter::Differs => differs[row],
            };
            let decided = match query.decided_by {
                None => true,
                Some(DecidedBy::Line(line)) => cell.line == line,
                Some(DecidedBy::NoRule) => cell.line == 0,
            };
            verdict && decided && query.crawler.is_none_or(|c| row % width.max(1) == c)
        };
        let urls: Box<dyn Iterator<Item = usize>> = match query.order {
            Order::Url => Box::new(results.urls.sorted().iter().map(|&u| u as usize)),
            _ => Box::new(0..results.urls.list.len()),
        };
        let mut rows = Vec::new();
        for url in urls {
            if !query.text.is_empty()
                && !results
                    .urls
                    .list
                    .get(url)
                    .is_some_and(|u| u.contains(query.text.as_str()))
            {
                continue;
            }
            for row in url * width..(url + 1) * width {
                if keep(row, results.cells[row]) {
                    rows.push(row as u32);
                }
            }
        }
        let cell = |row: u32| results.cells[row as usize];
        match query.order {
            Order::Verdict => {
                sort_indices(&mut rows, &|a, b| cell(a).allowed().cmp(&cell(b).allowed()))
            }
            Order::Line => {
                let line = |row: u32| match cell(row).line {
                    0 => u32::MAX,
                    line => line,
                };
                sort_indices(&mut rows, &|a, b| line(a).cmp(&line(b)));
            }
            Order::Input | Order::Url => {}
        }
        TableView {
            len: rows.len(),
            rows: Some(rows),
        }
    }

    /// Number of rows shown.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether no row is shown.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The row at a position of the table.
    pub fn row(&self, position: usize) -> Option<usize> {
        match &self.rows {
            None => (position < self.len).then_some(position),
            Some(rows) => rows.get(position).map(|&r| r as usize),
        }
    }

    /// The position of a row in the table, when it is shown.
    pub fn position(&self, row: usize) -> Option<usize> {
        match &self.rows {
            None => (row < self.len).then_some(row),
            Some(rows) => rows.iter().position(|&r| r as usize == row),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::view_model::TEST_ROBOTS as ROBOTS;

    fn results(robots: &str, agents: &str, urls: &str, mode: Mode) -> Arc<Results> {
        Arc::new(Results::new(
            Arc::new(Document::new(robots, mode, true)),
            &CrawlerList::parse(agents),
            Arc::new(UrlSet::parse(urls)),
        ))
    }

    fn rows(r: &Results) -> Vec<(&str, &str, bool, u32)> {
        (0..r.len())
            .map(|row| {
                let cell = r.cell(row).unwrap();
                (r.url(row), r.agent(row), cell.allowed(), cell.line)
            })
            .collect()
    }

    /// Results of `after` compared with `before` (compare mode).
    fn compared(before: &str, after: &str, agents: &str, urls: &str) -> Arc<Results> {
        let doc = |text: &str| Arc::new(Document::new(text, Mode::Google, true));
        let mut job = CheckJob::new(
            doc(after),
            &CrawlerList::parse(agents),
            Arc::new(UrlSet::parse(urls)),
        )
        .compared_with(Some(doc(before)));
        job.run(usize::MAX);
        Arc::new(job.finish())
    }

    #[test]
    fn compare_mode_counts_changes_each_way_and_per_crawler() {
        let r = compared(
            "User-agent: *\nDisallow: /private/\n",
            "User-agent: *\nDisallow: /blog/\n\nUser-agent: GPTBot\nDisallow: /\n",
            "Googlebot, GPTBot",
            "/private/a\n/blog/b\n/about",
        );
        let comparison = Comparison::new(r.clone());
        assert_eq!(comparison.against, Against::Before);
        // Googlebot: /private/a newly allowed, /blog/b newly blocked.
        // GPTBot: /blog/b and /about newly blocked (/private/a stays blocked).
        assert_eq!(
            (
                comparison.counts.newly_allowed,
                comparison.counts.newly_disallowed
            ),
            (1, 3)
        );
        let per: Vec<(usize, usize)> = comparison
            .per_crawler
            .iter()
            .map(|c| (c.newly_allowed, c.newly_disallowed))
            .collect();
        assert_eq!(per, [(1, 1), (0, 2)]);
        assert_eq!(comparison.rows(), [0, 2, 3, 5]);
        // Every row shows its verdict before; only changed rows are marked.
        let unchanged = r.row_view(1, &comparison).unwrap().before.unwrap();
        assert_eq!(
            (unchanged.allowed, unchanged.line, unchanged.changed),
            (false, 2, false)
        );
        assert_eq!(r.row_view(1, &comparison).unwrap().line, 5);
        let changed = r.row_view(0, &comparison).unwrap().before.unwrap();
        assert!(!changed.allowed && changed.changed);
        assert_eq!(changed.rule.as_deref(), Some("L2  Disallow: /private/"));
        // Outside compare mode no row has a verdict before.
        let plain = results("User-agent: *\n", "Googlebot", "/a", Mode::Google);
        assert!(plain
            .row_view(0, &Comparison::new(plain.clone()))
            .unwrap()
            .before
            .is_none());
    }

    #[test]
    fn a_fetch_outcome_decides_every_row_and_nothing_differs_between_modes() {
        for (name, allowed) in [
            ("404", true),
            ("503", false),
            ("redirect-6", true),
            ("timeout", false),
        ] {
            let mut job = CheckJob::new(
                Arc::new(Document::new(
                    "User-agent: *\nDisallow: /a\n",
                    Mode::Google,
                    true,
                )),
                &CrawlerList::parse("Googlebot, GPTBot"),
                Arc::new(UrlSet::parse("/a\n/b")),
            )
            .fetched_as(name.parse().unwrap());
            job.run(usize::MAX);
            let r = Arc::new(job.finish());
            assert!(
                rows(&r)
                    .iter()
                    .all(|&(_, _, a, line)| a == allowed && line == 0),
                "{name}"
            );
            assert_eq!(Comparison::new(r).differing(), 0, "{name}");
        }
        // A 200 after five redirects reads the file.
        let mut job = CheckJob::new(
            Arc::new(Document::new(
                "User-agent: *\nDisallow: /a\n",
                Mode::Google,
                true,
            )),
            &CrawlerList::parse("Googlebot"),
            Arc::new(UrlSet::parse("/a")),
        )
        .fetched_as("redirect-5".parse().unwrap());
        job.run(usize::MAX);
        assert_eq!(rows(&job.finish()), [("/a", "Googlebot", false, 2)]);
    }

    #[test]
    fn rows_carry_the_usage_preferences_that_apply() {
        let r = results(
            "User-agent: *\nContent-Signal: search=yes, ai-train=no\nContent-Usage: /blog/ train-ai=n\nAllow: /\n\nUser-agent: Googlebot\nAllow: /\n",
            "GPTBot, Googlebot",
            "/blog/a\n/shop",
            Mode::Google,
        );
        let comparison = Comparison::new(r.clone());
        let usage = r.row_view(0, &comparison).unwrap().usage.unwrap();
        assert_eq!(
            usage.json,
            r#"{"content_usage":{"train-ai":"n"},"content_signal":{"search":"yes","ai-train":"no"}}"#
        );
        assert_eq!(usage.summary, "train-ai=n, search=yes, ai-train=no");
        // No Content-Usage path matches /shop; Googlebot's group has none.
        let shop = r.row_view(2, &comparison).unwrap().usage.unwrap();
        assert!(shop.json.starts_with(r#"{"content_usage":null"#));
        assert!(r.row_view(1, &comparison).unwrap().usage.is_none());
    }

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
        let robots = &r.document.robots;
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
                disallowed: 2
            }
        );
        assert_eq!(
            r.per_crawler,
            [
                Counts {
                    allowed: 3,
                    disallowed: 1
                },
                Counts {
                    allowed: 3,
                    disallowed: 1
                }
            ]
        );
    }

    #[test]
    fn row_views_show_the_rule_the_path_and_the_other_mode() {
        let r = results(
            "User-agent: *\nDissallow: /x\n",
            "Googlebot",
            "/x/é\n/y",
            Mode::Google,
        );
        let comparison = Comparison::new(r.clone());
        assert_eq!(comparison.against, Against::OtherMode(Mode::Rfc9309));
        assert_eq!(comparison.rows(), [0]);
        let view = r.row_view(0, &comparison).unwrap();
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
        let view = r.row_view(1, &comparison).unwrap();
        assert!(
            view.allowed && view.rule.is_none() && view.other.is_none() && !view.show_checked_path
        );
        assert!(r.row_view(2, &comparison).is_none());
    }

    #[test]
    fn comparisons_in_slices_equal_one_pass() {
        let urls: String = (0..500)
            .map(|i| format!("/private/{}\n/x{i}\n", i % 7))
            .collect();
        let r = results(
            "User-agent: *\nDisallow: /private/3\nDissallow: /x1\nAllow: /private/3%2A\n",
            "a, b>!*, Googlebot",
            &urls,
            Mode::Google,
        );
        let whole = Comparison::new(r.clone());
        let mut job = CompareJob::new(r.clone());
        let mut slices = 0;
        while !job.run(37) {
            slices += 1;
            let (done, total) = job.progress();
            assert!(done < total);
        }
        assert!(slices > 10);
        let sliced = job.finish();
        assert_eq!(sliced.rows(), whole.rows());
        assert!(whole.differing() > 0);
        for &row in whole.rows() {
            assert_ne!(
                whole.get(row as usize).unwrap().allowed(),
                r.cell(row as usize).unwrap().allowed()
            );
        }
    }

    #[test]
    fn checking_in_slices_equals_one_pass() {
        let urls: String = (0..1000)
            .map(|i| format!("https://a.example/private/{i}\n/nogoogle/{i}\n"))
            .collect();
        let whole = results(ROBOTS, "Googlebot, bingbot, x>!*", &urls, Mode::Google);
        let mut job = CheckJob::new(
            whole.document.clone(),
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
    fn table_views_filter_and_sort() {
        let r = results(
            ROBOTS,
            "Googlebot, bingbot",
            "/private/b\n/a\n/typo/x\n/private/press/1",
            Mode::Google,
        );
        let comparison = Comparison::new(r.clone());
        let view = |query: TableQuery| {
            let view = TableView::new(&r, &comparison, &query);
            (0..view.len())
                .map(|p| view.row(p).unwrap())
                .collect::<Vec<_>>()
        };
        assert_eq!(view(TableQuery::default()), (0..8).collect::<Vec<_>>());
        let disallowed = TableQuery {
            verdict: VerdictFilter::Disallowed,
            ..TableQuery::default()
        };
        assert_eq!(view(disallowed), [1, 4]);
        let allowed_bing = TableQuery {
            verdict: VerdictFilter::Allowed,
            crawler: Some(1),
            ..TableQuery::default()
        };
        assert_eq!(view(allowed_bing), [3, 5, 7]);
        let text = TableQuery {
            text: "private".into(),
            ..TableQuery::default()
        };
        assert_eq!(view(text), [0, 1, 6, 7]);
        let by_url = TableQuery {
            order: Order::Url,
            ..TableQuery::default()
        };
        assert_eq!(view(by_url), [2, 3, 0, 1, 6, 7, 4, 5]);
        let by_verdict = TableQuery {
            order: Order::Verdict,
            ..TableQuery::default()
        };
        assert_eq!(view(by_verdict), [1, 4, 0, 2, 3, 5, 6, 7]);
        let by_line = TableQuery {
            order: Order::Line,
            ..TableQuery::default()
        };
        assert_eq!(view(by_line), [1, 7, 4, 0, 2, 3, 5, 6]);
        let rule = TableQuery {
            decided_by: Some(DecidedBy::Line(3)),
            ..TableQuery::default()
        };
        assert_eq!(view(rule), [1]);
        let no_rule = TableQuery {
            decided_by: Some(DecidedBy::NoRule),
            crawler: Some(0),
            ..TableQuery::default()
        };
        assert_eq!(view(no_rule), [0, 2, 6]);
        let differs = TableQuery {
            verdict: VerdictFilter::Differs,
            ..TableQuery::default()
        };
        assert_eq!(view(differs), [4]);
        let table = TableView::new(
            &r,
            &comparison,
            &TableQuery {
                verdict: VerdictFilter::Disallowed,
                ..TableQuery::default()
            },
        );
        assert_eq!((table.position(4), table.position(0)), (Some(1), None));
        let all = TableView::new(&r, &comparison, &TableQuery::default());
        assert_eq!(
            (all.position(7), all.position(8), all.row(8)),
            (Some(7), None, None)
        );
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

    #[test]
    fn menu_keys_name_one_filter_or_order_each() {
        for filter in VerdictFilter::ALL {
            assert_eq!(VerdictFilter::from_key(filter.key()), Some(filter));
        }
        for order in Order::ALL {
            assert_eq!(Order::from_key(order.key()), Some(order));
        }
        assert_eq!(VerdictFilter::from_key("Allowed"), None);
        assert_eq!(Order::from_key(""), None);
        assert_eq!(
            VerdictFilter::Differs.label(Against::OtherMode(Mode::Rfc9309)),
            format!("Differs under {}", Mode::Rfc9309.label())
        );
    }
}
