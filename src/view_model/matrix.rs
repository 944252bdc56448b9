//! Every crawler at once: the crawler x URL matrix, and the audit of the
//! crawlers by purpose ("which AI crawlers can read my site").
//!
//! Both are arrangements of the existing [`Results`]; nothing here matches
//! anything.
//!
//! **Columns.** Up to [`URL_COLUMNS_UP_TO`] URLs, a column is one URL (as
//! listed, repeats included). Above that, a column is a *first path
//! segment* of the checked path (`/blog/` holds `/blog/a` and `/blog/x/y`;
//! `/about` and `/` are segments of their own; the query is not part of
//! it), in the order the segments first appear, with how many URLs it
//! holds. At most [`MAX_SEGMENT_COLUMNS`] columns are drawn: when a list has
//! more segments, the ones holding the fewest URLs share the last column,
//! *other segments*. So 40 crawlers x 1,000 URLs is at most 2,400 cells,
//! whatever the URLs.
//!
//! **An aggregated cell** (a segment, or *other segments*) stands for every
//! row of that crawler in its URLs: its verdict is `allowed` or
//! `disallowed` when all of them are, else `mixed`, with both counts; its
//! line is the one deciding most of them (on a tie a rule rather than no
//! rule, then the lower line; 0 when no rule decided the most), and a click
//! selects the first of those rows.
//! For a one-URL cell these are simply the row's verdict, line and row.

use std::ops::Range;

use robots_matcher::CheckOptions;

use super::format::{
    format_count, percent, plural, rule_label, shared_origin, url_under, verdict_str,
};
use super::results::Results;
use super::sort::sort_indices;
use crate::crawlers::{self, Purpose};

/// Up to this many URLs, each URL is a column; above it, first path
/// segments are (a thousand columns cannot be read side by side anyway).
pub const URL_COLUMNS_UP_TO: usize = 50;

/// The most segment columns drawn; the smallest segments beyond them share
/// the last one.
pub const MAX_SEGMENT_COLUMNS: usize = 60;

/// What a cell says about its rows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MatrixVerdict {
    /// Every row allowed.
    Allowed,
    /// Every row disallowed.
    Disallowed,
    /// Some of each.
    Mixed,
    /// No row has a verdict: the URLs' origin has no robots.txt here.
    NoFile,
}

impl MatrixVerdict {
    /// `allowed`, `disallowed` or `mixed` (the cells' `data-verdict`).
    pub fn key(self) -> &'static str {
        match self {
            MatrixVerdict::Allowed => verdict_str(true),
            MatrixVerdict::Disallowed => verdict_str(false),
            MatrixVerdict::Mixed => "mixed",
            MatrixVerdict::NoFile => "no-file",
        }
    }
}

/// A column of the matrix: one URL, or the URLs of a segment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatrixColumn {
    /// The URL as listed, the segment (`/blog/`), or `other segments`.
    pub label: String,
    /// How many listed URLs it holds.
    pub urls: usize,
    /// How many segments it pools (0 for a URL, 1 for a segment).
    pub segments: usize,
}

/// One crawler's verdicts on one column's URLs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatrixCell {
    /// Rows allowed.
    pub allowed: usize,
    /// Rows disallowed.
    pub disallowed: usize,
    /// The line deciding most of the rows (0: no rule).
    pub line: u32,
    /// How many rows that line decides.
    pub line_rows: usize,
    /// `L5  Disallow: /x` for that line, when a rule decided.
    pub rule: Option<String>,
    /// The first row that line decides: the one a click selects.
    pub row: usize,
}

impl MatrixCell {
    /// The cell's verdict.
    pub fn verdict(&self) -> MatrixVerdict {
        match (self.allowed, self.disallowed) {
            (0, 0) => MatrixVerdict::NoFile,
            (_, 0) => MatrixVerdict::Allowed,
            (0, _) => MatrixVerdict::Disallowed,
            _ => MatrixVerdict::Mixed,
        }
    }

    /// Rows in the cell.
    pub fn rows(&self) -> usize {
        self.allowed + self.disallowed
    }
}

/// Rows are the crawlers, columns the URLs or their segments.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Matrix {
    /// The crawler specs, in the crawler field's order.
    pub crawlers: Vec<String>,
    /// The columns.
    pub columns: Vec<MatrixColumn>,
    /// Whether columns are segments rather than URLs.
    pub by_segment: bool,
    /// What every URL column's label starts with (the shared origin and
    /// the directories all paths share), shown once above the heads.
    pub common: String,
    /// The column of each URL, by URL index.
    column_of_url: Vec<u32>,
    /// Crawler-major: `crawler * columns + column`.
    cells: Vec<MatrixCell>,
}

impl Matrix {
    /// Arranges `results` by crawler and column.
    pub fn new(results: &Results) -> Matrix {
        let urls = results.urls.list.len();
        let crawlers = results.columns.len();
        if urls == 0 || crawlers == 0 {
            return Matrix::default();
        }
        let by_segment = urls > URL_COLUMNS_UP_TO;
        let mut common = String::new();
        let (columns, column_of_url) = if by_segment {
            segment_columns(results)
        } else {
            let list = &results.urls.list;
            let origin = shared_origin(list.iter());
            let prefix = common_directory(list.iter().map(|url| url_under(url, origin)));
            common = format!("{}{prefix}", origin.unwrap_or(""));
            let columns = list
                .iter()
                .map(|url| MatrixColumn {
                    label: url.to_string(),
                    urls: 1,
                    segments: 0,
                })
                .collect();
            (columns, (0..urls as u32).collect())
        };
        let width = columns.len();
        let cell_of_row = |row: u32| {
            let (url, crawler) = results.position(row as usize);
            crawler * width + column_of_url[url] as usize
        };
        // Rows ordered by cell, then deciding line, then row: each cell's
        // rows are then one run, and each of its lines a run within it.
        let mut order: Vec<u32> = (0..results.len() as u32).collect();
        let line_of = |row: u32| results.cell(row as usize).map_or(0, |c| c.line);
        sort_indices(&mut order, &|a, b| {
            cell_of_row(a)
                .cmp(&cell_of_row(b))
                .then(line_of(a).cmp(&line_of(b)))
        });
        let mut cells = Vec::with_capacity(crawlers * width);
        for run in runs(&order, cell_of_row) {
            let rows = &order[run];
            let allowed = rows
                .iter()
                .filter(|&&row| results.cell(row as usize).is_some_and(|c| c.allowed()))
                .count();
            // The longest run of one line; on a tie a rule rather than no
            // rule (line 0, the first run), else the lower line.
            let mut best = 0..0;
            for line_run in runs(rows, line_of) {
                let undecided = rows.get(best.start).is_some_and(|&r| line_of(r) == 0);
                if line_run.len() > best.len() || (line_run.len() == best.len() && undecided) {
                    best = line_run;
                }
            }
            let row = rows.get(best.start).map_or(0, |&r| r as usize);
            let cell = results.cell(row);
            // Each row's rule is its own origin's file's.
            let rules = results
                .fetched_of(results.file(row))
                .map_or(&[][..], |f| f.document.robots.rules());
            let disallowed = rows
                .iter()
                .filter(|&&row| results.cell(row as usize).and_then(|c| c.verdict()) == Some(false))
                .count();
            cells.push(MatrixCell {
                allowed,
                disallowed,
                line: cell.map_or(0, |c| c.line),
                line_rows: best.len(),
                rule: cell
                    .and_then(|c| c.rule())
                    .and_then(|r| rules.get(r))
                    .map(|r| rule_label(r.line, &r.text)),
                row,
            });
        }
        Matrix {
            crawlers: results.columns.iter().map(|c| c.spec.clone()).collect(),
            columns,
            by_segment,
            common,
            column_of_url,
            cells,
        }
    }

    /// What a column's head shows: its label without [`Matrix::common`]
    /// (`/a` for `https://www.example.com/news/a`).
    pub fn head(&self, column: usize) -> &str {
        let Some(label) = self.columns.get(column).map(|c| c.label.as_str()) else {
            return "";
        };
        match label.strip_prefix(self.common.as_str()) {
            Some("") => "/",
            Some(head) => head,
            None => label,
        }
    }

    /// The cell of a crawler and a column.
    pub fn cell(&self, crawler: usize, column: usize) -> Option<&MatrixCell> {
        if column >= self.columns.len() {
            return None;
        }
        self.cells.get(crawler * self.columns.len() + column)
    }

    /// The (crawler, column) cell holding a row of the results.
    pub fn cell_of_row(&self, results: &Results, row: usize) -> Option<(usize, usize)> {
        if row >= results.len() {
            return None;
        }
        let (url, crawler) = results.position(row);
        let column = *self.column_of_url.get(url)? as usize;
        Some((crawler, column))
    }

    /// What a cell says, in words: its crawler, its URLs, its verdict and
    /// the line deciding it (the cell's hover text and accessible name).
    pub fn describe(&self, crawler: usize, column: usize) -> Option<String> {
        let cell = self.cell(crawler, column)?;
        let spec = self.crawlers.get(crawler)?;
        let col = self.columns.get(column)?;
        if cell.verdict() == MatrixVerdict::NoFile {
            return Some(format!(
                "{spec}, {}: no verdict, no robots.txt given for this origin",
                col.label
            ));
        }
        if col.segments == 0 {
            return Some(format!(
                "{spec}, {}: {} by {}",
                col.label,
                cell.verdict().key(),
                cell.rule.as_deref().unwrap_or("no rule")
            ));
        }
        let verdict = match cell.verdict() {
            MatrixVerdict::Mixed => format!(
                "{} allowed, {} disallowed",
                format_count(cell.allowed),
                format_count(cell.disallowed)
            ),
            verdict => format!("all {}", verdict.key()),
        };
        let decided = match &cell.rule {
            Some(rule) => format!("{rule} decides {} of them", format_count(cell.line_rows)),
            None => format!("no rule decides {} of them", format_count(cell.line_rows)),
        };
        Some(format!(
            "{spec}, {} ({}): {verdict}; {decided}",
            col.label,
            plural(col.urls, "URL", "URLs")
        ))
    }
}

/// The ranges of `items` over which `key` stays the same.
fn runs<K: PartialEq>(items: &[u32], key: impl Fn(u32) -> K) -> Vec<Range<usize>> {
    let mut out = Vec::new();
    let mut start = 0;
    for i in 1..=items.len() {
        if i == items.len() || key(items[i]) != key(items[start]) {
            out.push(start..i);
            start = i;
        }
    }
    out
}

/// `/blog/` for `/blog/a/b?x`, `/about` for `/about?x`, `/` for `/`.
pub fn first_segment(path: &str) -> &str {
    // After the leading `/`: up to and including the next `/`, else up to
    // the query.
    let end = path
        .get(1..)
        .and_then(|rest| rest.find(['/', '?']))
        .map_or(path.len(), |i| {
            if path.as_bytes()[i + 1] == b'/' {
                i + 2
            } else {
                i + 1
            }
        });
    &path[..end]
}

/// The directories all `paths` share, without the final `/` (`/news/2024`
/// for `/news/2024/a` and `/news/2024/b`), so each path's rest starts with
/// `/`; empty when one of them is not a path.
fn common_directory<'a>(mut paths: impl Iterator<Item = &'a str>) -> &'a str {
    let Some(first) = paths.next().filter(|p| p.starts_with('/')) else {
        return "";
    };
    let mut len = first.len();
    for path in paths {
        if !path.starts_with('/') {
            return "";
        }
        len = first
            .bytes()
            .zip(path.bytes())
            .take(len)
            .take_while(|(a, b)| a == b)
            .count();
    }
    // A `/` is one byte, so the cut falls between characters.
    match first.as_bytes()[..len].iter().rposition(|&b| b == b'/') {
        Some(end) => &first[..end],
        None => "",
    }
}

/// The segment columns of a list, and each URL's column.
fn segment_columns(results: &Results) -> (Vec<MatrixColumn>, Vec<u32>) {
    let robots = &results.document().robots;
    let options = CheckOptions::default();
    let paths: Vec<String> = results
        .urls
        .list
        .iter()
        .map(|url| robots.checked_path(url, &options))
        .collect();
    let segment = |url: u32| first_segment(&paths[url as usize]);
    // URLs by segment (then input order), so each segment is one run whose
    // first URL is where the segment first appears. The app's one sort,
    // rather than a hash map, keeps the WebAssembly small.
    let mut by_segment: Vec<u32> = (0..paths.len() as u32).collect();
    sort_indices(&mut by_segment, &|a, b| segment(a).cmp(segment(b)));
    let segment_runs = runs(&by_segment, segment);
    let first_url = |run: u32| by_segment[segment_runs[run as usize].start];
    let mut appearance: Vec<u32> = (0..segment_runs.len() as u32).collect();
    sort_indices(&mut appearance, &|a, b| first_url(a).cmp(&first_url(b)));
    let mut column_of_url = vec![0; paths.len()];
    let mut segments = Vec::with_capacity(segment_runs.len());
    for (column, &run) in appearance.iter().enumerate() {
        let run = segment_runs[run as usize].clone();
        segments.push(MatrixColumn {
            label: segment(by_segment[run.start]).to_string(),
            urls: run.len(),
            segments: 1,
        });
        for &url in &by_segment[run] {
            column_of_url[url as usize] = column as u32;
        }
    }
    if segments.len() <= MAX_SEGMENT_COLUMNS {
        return (segments, column_of_url);
    }
    // The largest segments keep their column, in the order they appear; the
    // rest share the last one.
    let mut by_size: Vec<u32> = (0..segments.len() as u32).collect();
    sort_indices(&mut by_size, &|a, b| {
        segments[b as usize].urls.cmp(&segments[a as usize].urls)
    });
    let kept = MAX_SEGMENT_COLUMNS - 1;
    let mut new_index = vec![kept as u32; segments.len()];
    let mut keep: Vec<u32> = by_size[..kept].to_vec();
    sort_indices(&mut keep, &|a, b| a.cmp(&b));
    for (new, &old) in keep.iter().enumerate() {
        new_index[old as usize] = new as u32;
    }
    let mut columns: Vec<MatrixColumn> = keep
        .iter()
        .map(|&old| segments[old as usize].clone())
        .collect();
    let pooled = &by_size[kept..];
    columns.push(MatrixColumn {
        label: "other segments".to_string(),
        urls: pooled.iter().map(|&s| segments[s as usize].urls).sum(),
        segments: pooled.len(),
    });
    let column_of_url = column_of_url
        .into_iter()
        .map(|old| new_index[old as usize])
        .collect();
    (columns, column_of_url)
}

/// How much of the listed URLs a crawler may read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exposure {
    /// Disallowed on every listed URL.
    FullyBlocked,
    /// Disallowed on some.
    PartlyBlocked,
    /// Allowed on every one.
    Unrestricted,
}

/// The crawlers of one purpose among those checked, by exposure.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AuditGroup {
    /// The purpose, or `None` for crawlers that are not among the presets.
    pub purpose: Option<Purpose>,
    /// Specs disallowed on every URL.
    pub fully_blocked: Vec<String>,
    /// Specs disallowed on some URLs, with how many of the listed URLs
    /// each may fetch.
    pub partly_blocked: Vec<(String, usize)>,
    /// How many URLs are listed.
    pub urls: usize,
    /// Specs allowed on every URL.
    pub unrestricted: Vec<String>,
}

impl AuditGroup {
    /// The group's heading.
    pub fn label(&self) -> &'static str {
        self.purpose.map_or("Not among the presets", Purpose::label)
    }

    /// The group's key (`ai-training`, ..., `unknown`).
    pub fn key(&self) -> &'static str {
        self.purpose.map_or("unknown", Purpose::key)
    }

    /// The specs of one exposure, a partly blocked one with the share of
    /// the listed URLs it may fetch (`CCBot (may fetch 67%)`).
    pub fn crawlers(&self, exposure: Exposure) -> Vec<String> {
        match exposure {
            Exposure::FullyBlocked => self.fully_blocked.clone(),
            Exposure::PartlyBlocked => self
                .partly_blocked
                .iter()
                .map(|(spec, allowed)| {
                    format!("{spec} (may fetch {})", percent(*allowed, self.urls))
                })
                .collect(),
            Exposure::Unrestricted => self.unrestricted.clone(),
        }
    }
}

/// Per purpose present among the checked crawlers (in the picker's order,
/// then the crawlers no preset names), which are fully blocked, partly
/// blocked or unrestricted on the listed URLs. Empty without URLs. A
/// crawler's purpose is its first token's preset's.
pub fn audit(results: &Results) -> Vec<AuditGroup> {
    if results.urls.list.is_empty() {
        return Vec::new();
    }
    let purposes: Vec<Option<Purpose>> = Purpose::ALL.into_iter().map(Some).chain([None]).collect();
    purposes
        .into_iter()
        .filter_map(|purpose| {
            let mut group = AuditGroup {
                purpose,
                fully_blocked: Vec::new(),
                partly_blocked: Vec::new(),
                unrestricted: Vec::new(),
                // The URLs with a verdict (every crawler has the same).
                urls: results.urls.list.len()
                    - results.per_crawler.first().map_or(0, |c| c.no_file),
            };
            for (column, counts) in results.columns.iter().zip(&results.per_crawler) {
                if crawlers::find(column.crawler.name()).map(|p| p.purpose) != purpose {
                    continue;
                }
                let spec = column.spec.clone();
                match (counts.allowed, counts.disallowed) {
                    (_, 0) => group.unrestricted.push(spec),
                    (0, _) => group.fully_blocked.push(spec),
                    (allowed, _) => group.partly_blocked.push((spec, allowed)),
                }
            }
            let present = !(group.fully_blocked.is_empty()
                && group.partly_blocked.is_empty()
                && group.unrestricted.is_empty());
            present.then_some(group)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use robots_matcher::Mode;

    use super::*;
    use crate::view_model::results::testing::doc;
    use crate::view_model::{CrawlerList, FetchedDocument, UrlSet};

    fn results(robots: &str, agents: &str, urls: &str) -> Results {
        Results::new(
            FetchedDocument::as_usual(doc(robots, Mode::Google)),
            &CrawlerList::parse(agents),
            Arc::new(UrlSet::parse(urls)),
        )
    }

    const ROBOTS: &str = "\
User-agent: GPTBot
Disallow: /

User-agent: CCBot
Disallow: /blog/
Allow: /blog/public

User-agent: *
Disallow: /private
";

    #[test]
    fn heads_show_paths_without_what_they_share() {
        let urls: Vec<String> = (0..50)
            .map(|i| format!("https://www.example.com/shop/item-{i}?ref=x"))
            .collect();
        let m = Matrix::new(&results(ROBOTS, "GPTBot", &urls.join("\n")));
        assert_eq!(m.common, "https://www.example.com/shop");
        let heads: Vec<&str> = (0..m.columns.len()).map(|c| m.head(c)).collect();
        assert_eq!(heads[0], "/item-0?ref=x");
        let distinct: std::collections::HashSet<&str> = heads.iter().copied().collect();
        assert_eq!(distinct.len(), 50);
        // The origin itself, other origins, and paths.
        let m = Matrix::new(&results(
            ROBOTS,
            "GPTBot",
            "https://a.example\nhttps://a.example/x/y",
        ));
        assert_eq!(
            (m.common.as_str(), m.head(0), m.head(1)),
            ("https://a.example", "/", "/x/y")
        );
        let m = Matrix::new(&results(
            ROBOTS,
            "GPTBot",
            "https://a.example/x/1\nhttps://b.example/x/2",
        ));
        assert_eq!(
            (m.common.as_str(), m.head(0)),
            ("", "https://a.example/x/1")
        );
        let m = Matrix::new(&results(ROBOTS, "GPTBot", "/blog/a/é\n/blog/a/è"));
        assert_eq!((m.common.as_str(), m.head(1)), ("/blog/a", "/è"));
    }

    fn summary(m: &Matrix) -> Vec<Vec<(&'static str, u32)>> {
        (0..m.crawlers.len())
            .map(|c| {
                (0..m.columns.len())
                    .map(|k| {
                        let cell = m.cell(c, k).unwrap();
                        (cell.verdict().key(), cell.line)
                    })
                    .collect()
            })
            .collect()
    }

    #[test]
    fn few_urls_give_one_column_each_with_the_rows_verdict_line_and_row() {
        let r = results(ROBOTS, "Googlebot, GPTBot", "/a\n/private/x\n/blog/");
        let m = Matrix::new(&r);
        assert!(!m.by_segment);
        let labels: Vec<_> = m.columns.iter().map(|c| c.label.as_str()).collect();
        assert_eq!(labels, ["/a", "/private/x", "/blog/"]);
        assert_eq!(m.crawlers, ["Googlebot", "GPTBot"]);
        assert_eq!(
            summary(&m),
            [
                [("allowed", 0), ("disallowed", 9), ("allowed", 0)],
                [("disallowed", 2), ("disallowed", 2), ("disallowed", 2)],
            ]
        );
        // Each cell is its row: GPTBot on /private/x is row 1 * 2 + 1.
        for c in 0..2 {
            for k in 0..3 {
                let cell = m.cell(c, k).unwrap();
                assert_eq!(cell.row, k * 2 + c);
                assert_eq!(r.cell(cell.row).unwrap().line, cell.line);
                assert_eq!(m.cell_of_row(&r, cell.row), Some((c, k)));
            }
        }
        assert_eq!(
            m.describe(0, 1).unwrap(),
            "Googlebot, /private/x: disallowed by L9  Disallow: /private"
        );
        assert_eq!(
            m.describe(0, 0).unwrap(),
            "Googlebot, /a: allowed by no rule"
        );
        assert!(m.cell(2, 0).is_none() && m.cell(0, 3).is_none());
    }

    #[test]
    fn many_urls_are_grouped_by_first_segment_with_counts_and_mixed_cells() {
        // 60 URLs: 30 under /blog/ (a third public), 20 under /private/, and
        // /about ten times.
        let mut urls = String::new();
        for i in 0..30 {
            let dir = if i % 3 == 0 { "public" } else { "post" };
            urls.push_str(&format!("https://example.com/blog/{dir}-{i}?x=1\n"));
        }
        for i in 0..20 {
            urls.push_str(&format!("/private/{i}\n"));
        }
        for _ in 0..10 {
            urls.push_str("/about?q=/x/\n");
        }
        let r = results(ROBOTS, "CCBot, Googlebot", &urls);
        let m = Matrix::new(&r);
        assert!(m.by_segment);
        let columns: Vec<_> = m
            .columns
            .iter()
            .map(|c| (c.label.as_str(), c.urls))
            .collect();
        assert_eq!(columns, [("/blog/", 30), ("/private/", 20), ("/about", 10)]);
        assert_eq!(
            summary(&m),
            [
                // CCBot has a group of its own: `*`'s /private is not in it.
                [("mixed", 5), ("allowed", 0), ("allowed", 0)],
                [("allowed", 0), ("disallowed", 9), ("allowed", 0)],
            ]
        );
        let blog = m.cell(0, 0).unwrap();
        assert_eq!(
            (blog.allowed, blog.disallowed, blog.line_rows),
            (10, 20, 20)
        );
        // The first CCBot row that line 5 decides: URL 1 (`post-1`).
        assert_eq!(blog.row, 2);
        assert_eq!(r.agent(blog.row), "CCBot");
        assert_eq!(m.cell_of_row(&r, 2 * 35 + 1), Some((1, 1)));
        assert_eq!(
            m.describe(0, 0).unwrap(),
            "CCBot, /blog/ (30 URLs): 10 allowed, 20 disallowed; L5  Disallow: /blog/ decides 20 of them"
        );
        assert_eq!(
            m.describe(1, 1).unwrap(),
            "Googlebot, /private/ (20 URLs): all disallowed; L9  Disallow: /private decides 20 of them"
        );
    }

    #[test]
    fn beyond_the_column_limit_the_smallest_segments_share_the_last_column() {
        // 70 segments: /big/ with 40 URLs, then 69 of one URL each.
        let mut urls: String = (0..40).map(|i| format!("/big/{i}\n")).collect();
        urls.extend((0..69).map(|i| format!("/s{i}/page\n")));
        let r = results("User-agent: *\nDisallow: /s1\n", "Googlebot", &urls);
        let m = Matrix::new(&r);
        assert_eq!(m.columns.len(), MAX_SEGMENT_COLUMNS);
        assert_eq!(m.columns[0].label, "/big/");
        assert_eq!(m.columns[1].label, "/s0/");
        let other = m.columns.last().unwrap();
        assert_eq!(
            (other.label.as_str(), other.segments),
            ("other segments", 11)
        );
        assert_eq!(other.urls, 11);
        assert_eq!(m.columns.iter().map(|c| c.urls).sum::<usize>(), 109);
        // /s1/ and /s10/ to /s19/ are disallowed; the pooled ones are
        // /s58/ to /s68/, all allowed.
        assert_eq!(m.cell(0, 59).unwrap().verdict(), MatrixVerdict::Allowed);
        assert_eq!(m.cell(0, 2).unwrap().verdict(), MatrixVerdict::Disallowed);
        let last_url = r.len() - 1;
        assert_eq!(m.cell_of_row(&r, last_url), Some((0, 59)));
        assert_eq!(m.cell_of_row(&r, r.len()), None);
    }

    #[test]
    fn an_aggregated_cell_names_a_rule_rather_than_no_rule_on_a_tie() {
        let urls: String = (0..30).map(|i| format!("/a/y{i}\n/a/x{i}\n")).collect();
        let r = results("User-agent: *\nDisallow: /a/x\n", "Googlebot", &urls);
        let m = Matrix::new(&r);
        let cell = m.cell(0, 0).unwrap();
        assert_eq!((cell.line, cell.line_rows, cell.row), (2, 30, 1));
        assert_eq!(
            m.describe(0, 0).unwrap(),
            "Googlebot, /a/ (60 URLs): 30 allowed, 30 disallowed; L2  Disallow: /a/x decides 30 of them"
        );
        let r = results(
            "User-agent: *\nDisallow: /a/x\n",
            "Googlebot",
            &urls.replace("/x", "/z"),
        );
        assert_eq!(
            Matrix::new(&r).describe(0, 0).unwrap(),
            "Googlebot, /a/ (60 URLs): all allowed; no rule decides 60 of them"
        );
    }

    #[test]
    fn first_segments() {
        assert_eq!(first_segment("/blog/a/b?x"), "/blog/");
        assert_eq!(first_segment("/about?x=/y/"), "/about");
        assert_eq!(first_segment("/"), "/");
        assert_eq!(first_segment("/?q"), "/");
        assert_eq!(first_segment("/a"), "/a");
    }

    #[test]
    fn no_urls_or_no_crawlers_give_an_empty_matrix_and_no_audit() {
        assert_eq!(
            Matrix::new(&results(ROBOTS, "Googlebot", "")),
            Matrix::default()
        );
        assert_eq!(Matrix::new(&results(ROBOTS, "", "/a")), Matrix::default());
        assert!(audit(&results(ROBOTS, "GPTBot", "")).is_empty());
    }

    #[test]
    fn the_audit_sorts_crawlers_by_purpose_and_exposure() {
        let r = results(
            ROBOTS,
            "Googlebot, GPTBot, CCBot, ClaudeBot, MyBot, bingbot",
            "/blog/a\n/blog/public/b\n/c",
        );
        let groups = audit(&r);
        let keys: Vec<_> = groups.iter().map(AuditGroup::key).collect();
        assert_eq!(keys, ["search", "ai-training", "unknown"]);
        let training = &groups[1];
        assert_eq!(training.label(), "AI training");
        assert_eq!(training.crawlers(Exposure::FullyBlocked), ["GPTBot"]);
        assert_eq!(
            training.crawlers(Exposure::PartlyBlocked),
            ["CCBot (may fetch 67%)"]
        );
        assert_eq!(training.crawlers(Exposure::Unrestricted), ["ClaudeBot"]);
        assert_eq!(groups[0].unrestricted, ["Googlebot", "bingbot"]);
        assert_eq!(groups[2].unrestricted, ["MyBot"]);
        assert_eq!(groups[2].label(), "Not among the presets");
    }
}
