//! Exporting the table's rows as CSV or JSON, with the library's
//! [`VerdictRecord`] (the same records and field names as the CLI's
//! `check --json`), a slice of rows at a time so that 300,000 rows never
//! freeze the page.
//!
//! Each row is checked again through the library while it is written, with
//! the same matchers as the table (the robots.txt as fetched, so a fetch
//! outcome that decides every verdict decides every record too): a record
//! is exactly what `robotstxt check` would print for it; where the other
//! side's verdict differs, the record carries it as `other`.

use std::sync::Arc;

use robots_matcher::tools::record::VerdictRecord;
use robots_matcher::CrawlerMatcher;

use super::job::Job;
use super::results::{CheckRun, TableView};

/// The file formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExportFormat {
    /// RFC 4180 CSV, a header and one line per row.
    Csv,
    /// A JSON array of records.
    Json,
}

impl ExportFormat {
    /// The download's file name.
    pub fn file_name(self) -> &'static str {
        match self {
            ExportFormat::Csv => "robots-results.csv",
            ExportFormat::Json => "robots-results.json",
        }
    }

    /// The download's media type.
    pub fn mime(self) -> &'static str {
        match self {
            ExportFormat::Csv => "text/csv",
            ExportFormat::Json => "application/json",
        }
    }
}

/// Writing the table's rows, a slice at a time.
#[derive(Debug)]
pub struct ExportJob {
    format: ExportFormat,
    run: CheckRun,
    view: Arc<TableView>,
    next: usize,
    /// Records written.
    written: usize,
    /// Rows left out: their origin has no robots.txt, so no verdict.
    without_file: usize,
    out: String,
}

impl ExportJob {
    /// A job writing `view`'s rows of `run` in `format` (`run` compared,
    /// so that every record carries the other side where it differs).
    pub fn new(format: ExportFormat, run: CheckRun, view: Arc<TableView>) -> ExportJob {
        let out = match format {
            ExportFormat::Csv => VerdictRecord::csv_header(true),
            ExportFormat::Json => String::from("["),
        };
        ExportJob {
            format,
            run,
            view,
            next: 0,
            written: 0,
            without_file: 0,
            out,
        }
    }

    /// What a user must be told once the file is written: the rows it
    /// leaves out, so that a shorter file is never taken for the table.
    pub fn note(&self) -> Option<String> {
        (self.without_file > 0).then(|| {
            format!(
                "{} of {} rows are not in {}: their origins have no robots.txt here, so they have no verdict. Give those origins a file (an empty one if they have none) to export them.",
                self.without_file,
                self.written + self.without_file,
                self.format.file_name(),
            )
        })
    }

    /// The file's text (complete once [`Job::run`] returned true).
    pub fn finish(mut self) -> String {
        if self.format == ExportFormat::Json {
            self.out
                .push_str(if self.written == 0 { "]\n" } else { "\n]\n" });
        }
        self.out
    }

    /// Writes every row at once.
    #[cfg(test)]
    fn all(mut self) -> String {
        while !self.run(7) {}
        self.finish()
    }
}

impl Job for ExportJob {
    /// Writes up to `max_rows` more rows.
    fn run(&mut self, max_rows: usize) -> bool {
        let results = self.run.results();
        let comparison = self.run.comparison();
        // The table's matchers: each row's robots.txt as fetched, on both
        // sides (made when a row of the file first comes in this slice).
        type Matchers<'r> = (Vec<CrawlerMatcher<'r>>, Option<Vec<CrawlerMatcher<'r>>>);
        let mut files: Vec<Option<Matchers>> = Vec::new();
        files.resize_with(results.files.sites.len() + 1, || None);
        let end = self.next.saturating_add(max_rows).min(self.view.len());
        for position in self.next..end {
            let Some(row) = self.view.row(position) else {
                break;
            };
            let file = results.file(row);
            let (Some(fetched), Some(slot)) =
                (results.fetched_of(file), files.get_mut(file as usize))
            else {
                // No robots.txt for the row's origin: no verdict to write.
                self.without_file += 1;
                continue;
            };
            let (matchers, others) = &*slot.get_or_insert_with(|| {
                let others = comparison
                    .other_of(file)
                    .map(|other| other.matchers(results.crawlers()));
                (fetched.matchers(results.crawlers()), others)
            });
            let (_, column) = results.position(row);
            let url = results.url(row);
            let agent = results.agent(row);
            let verdict = matchers[column].check(url);
            let mut record = VerdictRecord::new(&matchers[column], &verdict, url, agent);
            if let Some(other) = others.as_ref().and_then(|others| others.get(column)) {
                if comparison.get(row).is_some() {
                    let verdict = other.check(url);
                    record = record.with_other(VerdictRecord::new(other, &verdict, url, agent));
                }
            }
            match self.format {
                ExportFormat::Csv => record.write_csv(true, &mut self.out),
                ExportFormat::Json => {
                    self.out
                        .push_str(if self.written == 0 { "\n  " } else { ",\n  " });
                    // A record of strings, numbers and booleans always
                    // serialises.
                    if let Ok(json) = serde_json::to_string(&record) {
                        self.out.push_str(&json);
                    }
                }
            }
            self.written += 1;
        }
        self.next = end;
        self.next >= self.view.len()
    }

    fn progress(&self) -> (usize, usize) {
        (self.next, self.view.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::view_model::results::testing::{doc, results};
    use crate::view_model::{
        CrawlerList, FetchedDocument, Order, Results, TableQuery, UrlSet, VerdictFilter,
        FETCH_OUTCOMES,
    };
    use robots_matcher::Mode;

    fn job(
        format: ExportFormat,
        robots: &str,
        agents: &str,
        urls: &str,
        query: TableQuery,
    ) -> ExportJob {
        let run = CheckRun::compared_at_once(results(robots, agents, urls, Mode::Google));
        let view = Arc::new(TableView::new(&run, &query));
        ExportJob::new(format, run, view)
    }

    const ROBOTS: &str = "User-agent: *\nDisallow: /private\nDissallow: /typo\n";

    #[test]
    fn each_row_is_written_from_its_own_file_and_rows_without_one_are_left_out() {
        use crate::view_model::{OriginFiles, OriginSplit, SiteDocument};
        let urls = Arc::new(UrlSet::parse(
            "https://a.example/private\nhttps://c.example/private\nhttps://b.example/private",
        ));
        let split = OriginSplit::new(&urls, None, &["https://b.example"]);
        let site = SiteDocument::new(
            "https://b.example".into(),
            doc("User-agent: *\nAllow: /\n", Mode::Google),
            None,
        );
        let files = Arc::new(OriginFiles {
            split: Arc::new(split),
            sites: vec![site],
        });
        let r = Results::of_origins(
            FetchedDocument::as_usual(doc(ROBOTS, Mode::Google)),
            files,
            &CrawlerList::parse("bingbot"),
            urls,
        );
        let run = CheckRun::compared_at_once(Arc::new(r));
        let view = Arc::new(TableView::new(&run, &TableQuery::default()));
        assert_eq!(view.len(), 3);
        let mut job = ExportJob::new(ExportFormat::Json, run, view);
        while !job.run(2) {}
        // The row left out is said, with the way to get it in.
        let note = job.note().unwrap_or_default();
        assert!(
            note.starts_with(
                "1 of 3 rows are not in robots-results.json: their origins have no robots.txt here"
            ),
            "{note}"
        );
        let json = job.finish();
        let records: Vec<serde_json::Value> = serde_json::from_str(&json).unwrap();
        let written: Vec<(&str, bool, u64)> = records
            .iter()
            .map(|r| {
                (
                    r["url"].as_str().unwrap(),
                    r["allowed"].as_bool().unwrap(),
                    r["line"].as_u64().unwrap(),
                )
            })
            .collect();
        assert_eq!(
            written,
            [
                ("https://a.example/private", false, 2),
                ("https://b.example/private", true, 2),
            ]
        );
    }

    #[test]
    fn csv_has_the_record_columns_and_quotes_what_needs_it() {
        let mut csv = job(
            ExportFormat::Csv,
            ROBOTS,
            "bingbot",
            "/private/a,b\n/x\"y\n/typo",
            TableQuery::default(),
        );
        while !csv.run(2) {}
        // Every row has its file: nothing to say.
        assert_eq!(csv.note(), None);
        let csv = csv.finish();
        let lines: Vec<&str> = csv.split("\r\n").collect();
        assert_eq!(
            lines[0],
            "allowed,line,rule,verdict,category,url,path,agent,mode,other_allowed,other_line,other_rule,other_verdict,other_category,other_path,other_mode"
        );
        assert_eq!(
            lines[1],
            "false,2,Disallow: /private,disallowed,disallowed-explicit,\"/private/a,b\",\"/private/a,b\",bingbot,google,,,,,,,"
        );
        assert_eq!(
            lines[2],
            "true,0,,allowed,allowed-implicit,\"/x\"\"y\",/x%22y,bingbot,google,,,,,,,"
        );
        assert_eq!(
            lines[3],
            "false,3,Dissallow: /typo,disallowed,disallowed-explicit,/typo,/typo,bingbot,google,true,0,,allowed,allowed-implicit,/typo,rfc9309"
        );
        assert_eq!(lines.len(), 5);
        assert_eq!(lines[4], "");
    }

    #[test]
    fn json_is_an_array_of_records() {
        let json = job(
            ExportFormat::Json,
            ROBOTS,
            "bingbot, Googlebot",
            "/private/\"q\"\n/typo",
            TableQuery::default(),
        )
        .all();
        let value: serde_json::Value = serde_json::from_str(&json).unwrap();
        let rows = value.as_array().unwrap();
        assert_eq!(rows.len(), 4);
        assert_eq!(rows[0]["url"], "/private/\"q\"");
        assert_eq!(rows[0]["agent"], "bingbot");
        assert_eq!(rows[0]["allowed"], false);
        assert_eq!(rows[0]["rule"], "Disallow: /private");
        assert!(rows[0].get("other").is_none());
        assert_eq!(rows[3]["other"]["mode"], "rfc9309");
        assert_eq!(rows[3]["other"]["allowed"], true);
        let empty = job(ExportFormat::Json, ROBOTS, "", "/a", TableQuery::default()).all();
        assert_eq!(empty, "[]\n");
    }

    #[test]
    fn exports_follow_the_table() {
        let query = TableQuery {
            verdict: VerdictFilter::Disallowed,
            order: Order::Url,
            ..TableQuery::default()
        };
        let csv = job(ExportFormat::Csv, ROBOTS, "x", "/typo\n/a\n/private", query).all();
        let urls: Vec<&str> = csv
            .split("\r\n")
            .skip(1)
            .filter(|l| !l.is_empty())
            .map(|l| l.split(',').nth(5).unwrap())
            .collect();
        assert_eq!(urls, ["/private", "/typo"]);
    }

    #[test]
    fn three_hundred_thousand_rows_in_slices() {
        let urls: String = (0..100_000).map(|i| format!("/p/{i}\n")).collect();
        let mut job = job(
            ExportFormat::Csv,
            "User-agent: *\nDisallow: /p/1\n",
            "a, b, c",
            &urls,
            TableQuery::default(),
        );
        let mut slices = 0;
        while !job.run(20_000) {
            slices += 1;
        }
        assert_eq!(slices, 14);
        assert_eq!(job.progress(), (300_000, 300_000));
        let csv = job.finish();
        assert_eq!(csv.matches("\r\n").count(), 300_001);
        assert!(csv.ends_with("/p/99999,/p/99999,c,google,,,,,,,\r\n"));
    }

    #[test]
    fn exports_with_every_fetch_outcome_equal_the_table() {
        let robots = "User-agent: *\nDisallow: /private\nAllow: /private/press\n";
        let urls = "/private/x\n/private/press\n/public";
        for (name, _) in FETCH_OUTCOMES {
            let results = Results::new(
                FetchedDocument::new(doc(robots, Mode::Google), name.parse().unwrap()),
                &CrawlerList::parse("Googlebot, GPTBot"),
                Arc::new(UrlSet::parse(urls)),
            );
            let run = CheckRun::compared_at_once(Arc::new(results));
            let view = Arc::new(TableView::new(&run, &TableQuery::default()));
            let mut job = ExportJob::new(ExportFormat::Json, run.clone(), view.clone());
            while !job.run(2) {}
            let json: serde_json::Value = serde_json::from_str(&job.finish()).unwrap();
            let records = json.as_array().unwrap();
            assert_eq!(records.len(), view.len(), "{name}");
            for (position, record) in records.iter().enumerate() {
                let row = view.row(position).unwrap();
                let cell = run.results().cell(row).unwrap();
                let shown = run.row_view(row).unwrap();
                assert_eq!(record["allowed"], cell.allowed(), "{name}, row {row}");
                assert_eq!(record["line"], cell.line, "{name}, row {row}");
                assert_eq!(
                    record["category"],
                    cell.category.as_str(),
                    "{name}, row {row}"
                );
                assert_eq!(
                    record["rule"].as_str(),
                    shown
                        .rule
                        .as_deref()
                        .and_then(|r| r.split_once("  "))
                        .map(|(_, r)| r),
                    "{name}, row {row}"
                );
            }
            let disallowed = records.iter().filter(|r| r["allowed"] == false).count();
            assert_eq!(disallowed, run.results().counts.disallowed, "{name}");
        }
    }
}
