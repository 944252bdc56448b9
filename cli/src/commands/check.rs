//! `robotstxt check`: the verdict for each URL, as an aligned table, JSON
//! Lines, CSV or GitHub workflow commands.

use robots_matcher::tools::record::VerdictRecord;
use robots_matcher::{Robots, Verdict};

use crate::cli::{CheckArgs, CheckFormat};
use crate::crawler::token_warnings;
use crate::error::{warn, CliError};
use crate::formats::{colour_stdout, first_cell_painted, workflow_command};
use crate::input::{stdin_at_most_once, urls_to_check, Source};
use crate::output::{Output, Status};
use crate::robots_file::RobotsFile;
use crate::text::{count, printable, ColumnWidths};
use crate::verdict_text::line_and_rule;

const COMMAND: &str = "check";

pub fn run(args: CheckArgs) -> Result<Status, CliError> {
    let format = match (args.format, args.json) {
        (Some(format), _) => format,
        (None, true) => CheckFormat::Json,
        (None, false) => CheckFormat::Text,
    };
    let usage = |message: &str| CliError::usage(Some(COMMAND), message);
    let robots_source = Source::robots_from_arg(args.robots.as_deref().ok_or_else(|| {
        usage("missing --robots FILE: the robots.txt file to check against ('-' for stdin)")
    })?)?;
    let crawler = args.crawler.crawler(COMMAND)?;
    let urls_source = args.urls.as_deref().map(Source::from_arg);
    if let Some(list) = &urls_source {
        stdin_at_most_once(&[&robots_source, list], COMMAND)?;
    }
    if urls_source.is_none() && args.url_args.is_empty() {
        return Err(usage(
            "no URLs to check: give them as arguments or with --urls FILE",
        ));
    }

    let file = RobotsFile::load(
        &robots_source,
        &args.read.parse_options(),
        &args.http,
        args.fetch_status.fetch_status,
    )?;
    let listed = urls_source
        .as_ref()
        .map(Source::read_url_list)
        .transpose()?;
    let urls = urls_to_check(&listed, &args.url_args);
    file.warn_if_unusable();
    for warning in token_warnings(&crawler) {
        warn(&warning);
    }

    let robots = &file.robots;
    let options = args.crawler.check_options();
    let agent = crawler.spec();
    let mut out = Output::new();
    // The text table is aligned: its column widths are measured over every
    // row first, then the rows are made again to be written. Only the
    // verdicts are held between (a million URLs' rows held as strings took
    // 516 MB; their verdicts take a tenth of that).
    let mut table = Table::default();
    let mut disallowed = 0;
    if format == CheckFormat::Csv {
        out.line(csv_line(&VerdictRecord::csv_header(false)))?;
    }
    // One crawler, many URLs: resolve its groups once.
    let fetched = file.fetched();
    let matcher = fetched.matcher_with(&crawler, &options);
    for &url in &urls {
        let verdict = matcher.check(url);
        let record = VerdictRecord::new(&matcher, &verdict, url, &agent);
        if !verdict.allowed {
            disallowed += 1;
        }
        match format {
            // The AI usage preferences too; none when the fetch left no file.
            CheckFormat::Json => {
                out.json(&record.with_usage(fetched.usage(&crawler, url, &options)))?
            }
            CheckFormat::Csv => {
                let mut row = String::new();
                record.write_csv(false, &mut row);
                out.line(csv_line(&row))?;
            }
            CheckFormat::Github => {
                if !verdict.allowed {
                    out.line(&annotation(
                        &file,
                        &verdict,
                        url,
                        &agent,
                        args.fail_on_disallowed,
                    ))?;
                }
            }
            CheckFormat::Text => table.measure(text_row(robots, &verdict, url, &record), verdict),
        }
    }
    let summary = format!(
        "{} checked for {}: {} allowed, {} disallowed",
        count(urls.len(), "URL", "URLs"),
        printable(&agent),
        urls.len() - disallowed,
        disallowed
    );
    match format {
        CheckFormat::Text => {
            let rows = (urls.iter().zip(&table.verdicts)).map(|(&url, verdict)| {
                let record = VerdictRecord::new(&matcher, verdict, url, &agent);
                text_row(robots, verdict, url, &record)
            });
            table.write(&mut out, rows, &summary)?
        }
        CheckFormat::Github => out.line(&workflow_command("notice", &[], &summary))?,
        CheckFormat::Json | CheckFormat::Csv => {}
    }
    out.flush()?;
    Ok(if args.fail_on_disallowed && disallowed > 0 {
        Status::Findings
    } else {
        Status::Success
    })
}

/// A row of the text table: verdict, URL, the path checked (when it is
/// not the URL as given), the deciding line and rule.
fn text_row(robots: &Robots, verdict: &Verdict, url: &str, record: &VerdictRecord) -> Vec<String> {
    let (line, rule) = line_and_rule(robots, verdict);
    let shown_path = if record.path == url { "" } else { &record.path };
    vec![
        verdict.as_str().to_string(),
        printable(url).into_owned(),
        printable(shown_path).into_owned(),
        line,
        printable(&rule).into_owned(),
    ]
}

/// The text table, measured a row at a time.
#[derive(Default)]
struct Table {
    verdicts: Vec<Verdict>,
    /// The widths with the path column, and without it.
    with_path: ColumnWidths,
    without_path: ColumnWidths,
    /// The path column exists only when some URL's path differs from it.
    any_path: bool,
}

impl Table {
    fn measure(&mut self, mut row: Vec<String>, verdict: Verdict) {
        self.any_path |= !row[2].is_empty();
        self.with_path.add(&row);
        row.remove(2);
        self.without_path.add(&row);
        self.verdicts.push(verdict);
    }

    /// The rows (made again, as measured) aligned, verdicts coloured on a
    /// terminal, then the summary.
    fn write(
        &self,
        out: &mut Output,
        rows: impl Iterator<Item = Vec<String>>,
        summary: &str,
    ) -> Result<(), CliError> {
        let colour = colour_stdout();
        for mut row in rows {
            let line = match self.any_path {
                true => self.with_path.line(&row),
                false => {
                    row.remove(2);
                    self.without_path.line(&row)
                }
            };
            if colour {
                let verdict = &row[0];
                out.line(&first_cell_painted(&line, verdict, verdict == "allowed"))?;
            } else {
                out.line(&line)?;
            }
        }
        out.line(summary)
    }
}

/// A row of the record's own CSV (the app's exports write the same) as a
/// line of output: the record ends rows with CRLF, as CSV files do; the
/// CLI prints lines.
fn csv_line(row: &str) -> &str {
    row.trim_end_matches("\r\n")
}

/// A disallowed URL as a workflow command: an error when the run fails on
/// it, else a warning, pointing at the deciding line of a local file.
fn annotation(file: &RobotsFile, verdict: &Verdict, url: &str, agent: &str, fails: bool) -> String {
    let robots: &Robots = &file.robots;
    let (line, rule) = line_and_rule(robots, verdict);
    let mut properties = Vec::new();
    if let Source::File(path) = &file.source {
        properties.push(("file", path.clone()));
        if verdict.line > 0 {
            properties.push(("line", verdict.line.to_string()));
        }
    }
    properties.push(("title", "disallowed".to_string()));
    let decided = if verdict.line > 0 {
        format!("{line} {rule}")
    } else {
        rule
    };
    workflow_command(
        if fails { "error" } else { "warning" },
        &properties,
        &format!("{url} is disallowed for {agent}: {decided}"),
    )
}
