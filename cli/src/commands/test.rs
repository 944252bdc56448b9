//! `robotstxt test`: checks an expectations file (the library's
//! `tools::expect`) against a robots.txt, and reports every expectation
//! and crawler as passed or failed with the line that decided it: as
//! text, JSON Lines, JUnit XML or GitHub workflow commands.

use robots_matcher::tools::expect::{Checked, Expectation, Expectations, Row, MAX_FILE_BYTES};
use robots_matcher::tools::record::VerdictRecord;
use robots_matcher::{CheckOptions, CrawlerMatcher, Mode, Origin};
use serde::Serialize;

use crate::cli::{TestArgs, TestFormat};
use crate::crawler::token_warnings;
use crate::error::{warn, CliError};
use crate::formats::{colour_stdout, first_cell_painted, workflow_command};
use crate::input::{size_in_mib, stdin_at_most_once, Source};
use crate::junit;
use crate::output::{Output, Status};
use crate::robots_file::RobotsFile;
use crate::text::{count, printable, ColumnWidths};
use crate::verdict_text::{line_and_rule, outcome_reason, why_no_rule};

const COMMAND: &str = "test";

pub fn run(args: TestArgs) -> Result<Status, CliError> {
    let format = match (args.format, args.json) {
        (Some(format), _) => format,
        (None, true) => TestFormat::Json,
        (None, false) => TestFormat::Text,
    };
    let usage = |message: &str| CliError::usage(Some(COMMAND), message);
    let robots_source = Source::robots_from_arg(args.robots.as_deref().ok_or_else(|| {
        usage("missing --robots FILE|URL: the robots.txt to check the expectations against")
    })?)?;
    let expectations_source = Source::from_arg(args.expectations.as_deref().ok_or_else(|| {
        usage("missing EXPECTATIONS: the expectations file to check ('-' for stdin), one 'CRAWLERS allowed|disallowed URL' a line")
    })?);
    stdin_at_most_once(&[&robots_source, &expectations_source], COMMAND)?;

    let mut out = Output::new();
    let expectations = read_expectations(&expectations_source, format, &mut out)?;
    let file = RobotsFile::load(
        &robots_source,
        &args.read.parse_options(),
        &args.http,
        args.fetch_status.fetch_status,
    )?;
    file.warn_if_unusable();
    warn_other_sites(&robots_source, &expectations, expectations_source.name());
    let mut warned = Vec::new();
    for crawler in expectations.crawlers() {
        for warning in token_warnings(crawler) {
            if !warned.contains(&warning) {
                warn(&warning);
                warned.push(warning);
            }
        }
    }

    let options = args.matching.check_options();
    let checked = expectations.check(file.fetched(), &options);
    let report = Report {
        expectations: &expectations,
        checked: &checked,
        file: &file,
        name: expectations_source.name(),
    };
    match format {
        TestFormat::Text => report.text(&mut out)?,
        TestFormat::Json => report.json(&mut out, &options)?,
        TestFormat::Junit => report.junit(&mut out)?,
        TestFormat::Github => report.github(&mut out, &expectations_source)?,
    }
    out.flush()?;
    Ok(if checked.failed() > 0 {
        Status::Findings
    } else {
        Status::Success
    })
}

/// Reads the expectations file. Its mistakes are printed one a line
/// (`FILE:LINE: error: ...`, and as error annotations with `--format
/// github`), and then the run stops: a file with a mistake is not checked
/// in part, as a CI check must not pass on what it did not read.
fn read_expectations(
    source: &Source,
    format: TestFormat,
    out: &mut Output,
) -> Result<Expectations, CliError> {
    let name = printable(source.name()).into_owned();
    let bytes = source.read_bytes(MAX_FILE_BYTES)?;
    if bytes.len() > MAX_FILE_BYTES {
        return Err(CliError::Input(format!(
            "cannot read '{name}': it is over {}, the most robotstxt reads as an expectations file; split it",
            size_in_mib(MAX_FILE_BYTES)
        )));
    }
    let expectations = Expectations::read(&bytes);
    if expectations.is_valid() {
        if expectations.entries().is_empty() {
            return Err(CliError::Input(format!(
                "'{name}' holds no expectation: write one a line, like 'Googlebot allowed /'"
            )));
        }
        return Ok(expectations);
    }
    let mut stderr = std::io::stderr().lock();
    for error in expectations.errors() {
        let place = match error.line {
            0 => name.clone(),
            line => format!("{name}:{line}"),
        };
        let message = printable(&error.kind.to_string()).into_owned();
        // A failing stderr must not hide the exit status.
        let _ = std::io::Write::write_fmt(&mut stderr, format_args!("{place}: error: {message}\n"));
        if format == TestFormat::Github {
            out.line(&workflow_command(
                "error",
                &file_and_line(source, error.line),
                &message,
            ))?;
        }
    }
    out.flush()?;
    let more = expectations.errors_not_kept();
    let mistakes = expectations.errors().len() + more;
    Err(CliError::Input(format!(
        "{} in '{name}'{}; nothing was checked",
        count(mistakes, "mistake", "mistakes"),
        if more > 0 {
            format!(" (the first {} shown)", expectations.errors().len())
        } else {
            String::new()
        }
    )))
}

/// Warns, once per site, about expectations whose full URL is on another
/// site than the robots.txt's (the URL it was fetched from; for a local
/// file, the first full URL's site): that site's own robots.txt rules it,
/// so the check may not say what its crawlers do.
fn warn_other_sites(robots: &Source, expectations: &Expectations, name: &str) {
    let fetched_from = match robots {
        Source::Url(url) => Origin::of(url).ok(),
        _ => None,
    };
    let Some(off) = expectations.off_site(fetched_from.as_ref()) else {
        return;
    };
    let site = if off.assumed {
        format!(
            "{}, the first full URL's site, taken as {}'s",
            off.site,
            robots.name()
        )
    } else {
        format!(
            "the site of {}, which is checked",
            off.site.robots_txt_url()
        )
    };
    for (entry, other) in &off.others {
        warn(&format!(
            "{}:{}: {} is not on {}; {} rules it",
            printable(name),
            entry.line,
            printable(&entry.url),
            printable(&site),
            printable(&other.robots_txt_url())
        ));
    }
}

/// The `file` and `line` properties of an annotation on the expectations
/// file (none for stdin, which GitHub cannot point at).
fn file_and_line(source: &Source, line: u32) -> Vec<(&'static str, String)> {
    let mut properties = Vec::new();
    if let Source::File(path) = source {
        properties.push(("file", path.clone()));
        if line > 0 {
            properties.push(("line", line.to_string()));
        }
    }
    properties
}

/// A check's results, worded for each format.
struct Report<'a> {
    expectations: &'a Expectations,
    checked: &'a Checked<'a>,
    file: &'a RobotsFile,
    /// The expectations file's name.
    name: &'a str,
}

/// One row in words.
struct RowWords<'a> {
    expectation: &'a Expectation,
    crawler: String,
    /// What was found, in the shape of what was expected:
    /// `allowed,train-ai=y`.
    found: String,
    deciding_line: u32,
    /// The deciding line as written, when a line decided.
    deciding_text: Option<String>,
    /// Why no line decided, when none did.
    no_line_because: String,
}

impl<'a> Report<'a> {
    fn words(&self, row: &Row) -> RowWords<'a> {
        let expectation = &self.expectations.entries()[row.expectation];
        let mut found: Vec<String> = Vec::new();
        if expectation.allowed.is_some() {
            found.push(row.verdict.as_str().to_string());
        }
        for (expected, check) in expectation.usage.iter().zip(&row.usage) {
            let label = &expected.preference.label;
            found.push(match &check.found {
                Some(value) => format!("{label}={value}"),
                None => format!("no {label}"),
            });
        }
        let deciding_line = row.deciding_line(expectation);
        let robots = self.checked.reading(row.mode).robots();
        let deciding_text = if deciding_line == 0 {
            None
        } else if deciding_line == row.verdict.line {
            Some(line_and_rule(robots, &row.verdict).1)
        } else {
            robots
                .other_directives()
                .iter()
                .find(|d| d.line == deciding_line)
                .map(|d| format!("{}: {}", d.key, d.value))
        };
        let no_line_because = if !row.verdict_held || expectation.usage.is_empty() {
            why_no_rule(&row.verdict).into_owned()
        } else if self.checked.reading(row.mode).rules().is_none() {
            outcome_reason(self.checked.reading(row.mode).outcome())
        } else {
            let failed = expectation
                .usage
                .iter()
                .zip(&row.usage)
                .find(|(_, check)| !check.held)
                .map_or(&expectation.usage[0], |(expected, _)| expected);
            format!("no {} line applies", failed.directive.key())
        };
        RowWords {
            expectation,
            crawler: self.expectations.crawlers()[row.crawler].spec(),
            found: found.join(","),
            deciding_line,
            deciding_text,
            no_line_because,
        }
    }

    /// `L7  Disallow: /x`, or `-  (no rule matches)`.
    fn decided_cells(words: &RowWords) -> (String, String) {
        match &words.deciding_text {
            Some(text) => (format!("L{}", words.deciding_line), text.clone()),
            None => ("-".to_string(), format!("({})", words.no_line_because)),
        }
    }

    /// A line per row, then the summary:
    ///
    /// ```text
    /// ok    expectations.txt:2  Googlebot  allowed     /         allowed     -   (no rule matches)
    /// FAIL  expectations.txt:3  Googlebot  disallowed  /admin/x  allowed     L4  Allow: /admin/
    /// ```
    ///
    /// The table is measured in one pass and written in a second, so a
    /// million checks are never held as text.
    fn text(&self, out: &mut Output) -> Result<(), CliError> {
        let mut widths = ColumnWidths::default();
        for row in self.checked.rows() {
            widths.add(&self.text_cells(row));
        }
        let colour = colour_stdout();
        for row in self.checked.rows() {
            let cells = self.text_cells(row);
            let line = widths.line(&cells);
            let status = &cells[0];
            if colour {
                out.line(&first_cell_painted(&line, status, row.passed))?;
            } else {
                out.line(&line)?;
            }
        }
        out.line(&self.summary())
    }

    /// A row's cells in the text table.
    fn text_cells(&self, row: &Row) -> Vec<String> {
        let words = self.words(row);
        let (line, text) = Self::decided_cells(&words);
        vec![
            if row.passed { "ok" } else { "FAIL" }.to_string(),
            format!("{}:{}", printable(self.name), words.expectation.line),
            printable(&words.crawler).into_owned(),
            words.expectation.expected_text(),
            printable(&words.expectation.url).into_owned(),
            words.found,
            line,
            printable(&text).into_owned(),
        ]
    }

    /// `12 checks of 7 expectations against robots.txt: 10 passed, 2 failed`.
    fn summary(&self) -> String {
        format!(
            "{} of {} against {}: {} passed, {} failed",
            count(self.checked.rows().len(), "check", "checks"),
            count(
                self.expectations.entries().len(),
                "expectation",
                "expectations"
            ),
            printable(self.file.source.name()),
            self.checked.passed(),
            self.checked.failed()
        )
    }

    /// One JSON object per row.
    fn json(&self, out: &mut Output, options: &CheckOptions) -> Result<(), CliError> {
        let mut matchers = Matchers::new(self, options);
        for row in self.checked.rows() {
            let words = self.words(row);
            let matcher = matchers.get(row);
            let expectation = words.expectation;
            out.json(&RowRecord {
                line: expectation.line,
                crawler: &words.crawler,
                url: &expectation.url,
                expected: expectation.verdict_word(),
                allowed: row.verdict.allowed,
                passed: row.passed,
                deciding_line: words.deciding_line,
                deciding_text: words.deciding_text.as_deref(),
                usage: expectation
                    .usage
                    .iter()
                    .zip(&row.usage)
                    .map(|(expected, check)| UsageRecord {
                        expected: expected.to_string(),
                        directive: expected.directive.key(),
                        line: check.line,
                        found: check.found.as_deref(),
                        passed: check.held,
                    })
                    .collect(),
                record: VerdictRecord::new(matcher, &row.verdict, &expectation.url, &words.crawler),
            })?;
        }
        Ok(())
    }

    /// One JUnit test case per row, with a failure naming the deciding
    /// line for each failing one.
    fn junit(&self, out: &mut Output) -> Result<(), CliError> {
        let fetched = self.file.fetched();
        let mut properties = vec![
            ("robots", self.file.source.name().to_string()),
            ("mode", fetched.robots().mode().as_str().to_string()),
        ];
        if let Some(outcome) = self.file.outcome {
            properties.push(("fetch", outcome_reason(outcome)));
        }
        junit::start(
            out,
            &junit::Suite {
                name: self.name,
                file: match &self.file.source {
                    Source::File(_) => Some(self.name),
                    _ => None,
                },
                tests: self.checked.rows().len(),
                failures: self.checked.failed(),
                properties,
            },
        )?;
        let robots_name = self.file.source.name();
        for row in self.checked.rows() {
            let words = self.words(row);
            let name = format!(
                "line {}: {} {} {}",
                words.expectation.line,
                words.crawler,
                words.expectation.expected_text(),
                words.expectation.url
            );
            let message = self.failure_message(&words);
            let detail = match &words.deciding_text {
                Some(text) => format!("{robots_name}:{}: {text}", words.deciding_line),
                None => format!("{robots_name}: {}", words.no_line_because),
            };
            junit::case(
                out,
                &junit::Case {
                    name: &name,
                    classname: self.name,
                    failure: (!row.passed).then_some(junit::Failure {
                        message: &message,
                        kind: if row.verdict_held { "usage" } else { "verdict" },
                        text: &detail,
                    }),
                },
            )?;
        }
        junit::end(out)
    }

    /// `expected disallowed for Googlebot on /x, found allowed`.
    fn failure_message(&self, words: &RowWords) -> String {
        format!(
            "expected {} for {} on {}, found {}",
            words.expectation.expected_text(),
            words.crawler,
            words.expectation.url,
            words.found
        )
    }

    /// An error annotation on the expectations file's line of each
    /// failing row, then a notice with the summary.
    fn github(&self, out: &mut Output, source: &Source) -> Result<(), CliError> {
        for row in self.checked.rows().iter().filter(|row| !row.passed) {
            let words = self.words(row);
            let (line, text) = Self::decided_cells(&words);
            let decided = if words.deciding_text.is_some() {
                format!("{} {line} {text}", self.file.source.name())
            } else {
                text
            };
            let mut properties = file_and_line(source, words.expectation.line);
            properties.push(("title", "expectation failed".to_string()));
            out.line(&workflow_command(
                "error",
                &properties,
                &format!("{}: {decided}", self.failure_message(&words)),
            ))?;
        }
        out.line(&workflow_command("notice", &[], &self.summary()))
    }
}

/// Each crawler's matcher per reading, made once: verdict records are
/// made from the matcher that gave the verdict.
struct Matchers<'a> {
    report: &'a Report<'a>,
    options: &'a CheckOptions,
    made: Vec<[Option<CrawlerMatcher<'a>>; 2]>,
}

impl<'a> Matchers<'a> {
    fn new(report: &'a Report<'a>, options: &'a CheckOptions) -> Matchers<'a> {
        Matchers {
            report,
            options,
            made: vec![[None, None]; report.expectations.crawlers().len()],
        }
    }

    fn get(&mut self, row: &Row) -> &CrawlerMatcher<'a> {
        let (report, options) = (self.report, self.options);
        let slot = match row.mode {
            Mode::Google => 0,
            Mode::Rfc9309 => 1,
        };
        self.made[row.crawler][slot].get_or_insert_with(|| {
            report
                .checked
                .reading(row.mode)
                .matcher_with(&report.expectations.crawlers()[row.crawler], options)
        })
    }
}

/// The JSON Lines object of a row: the fields the issue names first, then
/// the usage preferences checked and the library's verdict record.
#[derive(Serialize)]
struct RowRecord<'a> {
    line: u32,
    crawler: &'a str,
    url: &'a str,
    expected: Option<&'static str>,
    allowed: bool,
    passed: bool,
    deciding_line: u32,
    deciding_text: Option<&'a str>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    usage: Vec<UsageRecord<'a>>,
    record: VerdictRecord<'a>,
}

/// An expected usage preference, checked.
#[derive(Serialize)]
struct UsageRecord<'a> {
    expected: String,
    directive: &'static str,
    line: u32,
    found: Option<&'a str>,
    passed: bool,
}
