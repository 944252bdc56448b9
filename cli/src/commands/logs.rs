//! `robotstxt logs`: did the crawlers obey? Access logs streamed through
//! the library's log replay (`robots_matcher::tools::replay`), which reads
//! them, names each request's crawler, judges it by the robots.txt version
//! live at its time and sums it up; this command loads the versions and
//! the IP ranges, feeds the logs, and words the report or writes the
//! library's records.

use std::collections::HashMap;
use std::io::{IsTerminal, Read};
use std::time::{Duration, Instant};

use robots_matcher::read::ip_ranges::IpRanges;
use robots_matcher::read::log::{LineNotes, LogReader, LogSummary, Timestamp};
use robots_matcher::tools::crawlers;
use robots_matcher::tools::replay::{
    ClientKind, CrawlerReport, HourCounts, Judged, Replay, ReplayOptions, ReplayRecord, Report,
    RobotsVersion, RuleReport, Versions,
};
use robots_matcher::FetchOutcome;

use crate::cli::{HttpArgs, LogsArgs, LogsFormat};
use crate::error::{io_reason, note, CliError};
use crate::fetch::{fetch, is_url};
use crate::input::{stdin_at_most_once, Source};
use crate::output::{Output, Status};
use crate::robots_file::RobotsFile;
use crate::text::{columns, printable};
use crate::verdict_text::outcome_reason;

const COMMAND: &str = "logs";

/// Bytes read from a log at a time.
const CHUNK: usize = 256 * 1024;

/// The most bytes of an IP-range file (Google's largest is under 100 KB).
const MAX_RANGES_BYTES: usize = 8 * 1024 * 1024;

/// How often progress is redrawn on a terminal.
const PROGRESS_EVERY: Duration = Duration::from_millis(200);

/// Unknown clients listed one by one in the text report; the rest are
/// summed up.
const OTHER_CLIENTS_SHOWN: usize = 30;

/// Violations shown under each rule in the text report.
const RULE_SAMPLES: usize = 3;

pub fn run(args: LogsArgs) -> Result<Status, CliError> {
    if args.robots.is_empty() {
        return Err(CliError::usage(
            Some(COMMAND),
            "missing --robots: give the robots.txt the requests are judged by (and each later version as FILE@TIME)",
        ));
    }
    if args.logs.is_empty() {
        return Err(CliError::usage(
            Some(COMMAND),
            "missing LOG: give the access logs to read (files, .gz files, or '-' for stdin)",
        ));
    }
    let logs: Vec<Source> = args.logs.iter().map(|arg| Source::from_arg(arg)).collect();
    let versions: Vec<(Source, Option<Timestamp>)> = args
        .robots
        .iter()
        .map(|arg| version_arg(arg))
        .collect::<Result<_, _>>()?;
    let mut inputs: Vec<&Source> = logs.iter().collect();
    inputs.extend(versions.iter().map(|(source, _)| source));
    stdin_at_most_once(&inputs, COMMAND)?;

    let versions = load_versions(versions, &args)?;
    let mut replay = Replay::new(
        versions,
        ReplayOptions {
            check: args.matching.check_options(),
            ..ReplayOptions::default()
        },
    );
    for (token, ranges) in load_ranges(&args.ip_ranges, &args.http)? {
        replay.verify(&token, ranges);
    }

    let mut records = Records {
        out: Output::new(),
        format: args.format,
        only: Only::new(&args.crawlers),
        written: Ok(()),
        violations: 0,
    };
    if args.format == LogsFormat::Csv {
        records.out.bytes(ReplayRecord::csv_header().as_bytes())?;
    }
    let mut progress = Progress::new();
    for source in &logs {
        let mut reader = LogReader::new(source.name());
        if let Some(format) = args.log_format {
            reader = reader.with_format(format);
        }
        replay.start_log(reader);
        progress.start(&replay);
        feed(&mut replay, source, &mut progress, &mut records)?;
        let summary = replay.end_log(&mut |judged| records.take(judged));
        progress.clear();
        if args.format != LogsFormat::Text {
            for line in log_lines(summary) {
                note(&line);
            }
        }
    }
    let Records {
        mut out,
        only,
        written,
        violations,
        ..
    } = records;
    written?;
    let report = replay.report();
    let unread = |log: &LogSummary| log.unreadable.count > 0 || log.stopped.is_some();
    if report.requests == 0 && report.logs.iter().any(unread) {
        return Err(CliError::Input(format!(
            "no line of {} is a request in a log format read here (Combined or Common Log Format, JSON lines, W3C extended, CSV with a header){}",
            names(&report.logs),
            why_unread(&report.logs)
        )));
    }
    if args.format == LogsFormat::Text {
        write_report(&mut out, &report, &replay, &only, args.timeline)?;
    }
    out.flush()?;
    Ok(if args.fail_on_violation && violations > 0 {
        Status::Findings
    } else {
        Status::Success
    })
}

/// A `--robots` value: the source, and the time after its last `@` when
/// there is one. A file or URL that exists with an `@` in its name is
/// taken whole.
fn version_arg(arg: &str) -> Result<(Source, Option<Timestamp>), CliError> {
    let whole = || Source::robots_from_arg(arg).map(|source| (source, None));
    let Some((name, time)) = arg.rsplit_once('@') else {
        return whole();
    };
    if std::path::Path::new(arg).exists() {
        return whole();
    }
    match Timestamp::parse(time) {
        Ok(since) => Source::robots_from_arg(name).map(|source| (source, Some(since))),
        // `user@host` in a URL is not a time.
        Err(_) if is_url(arg) && !time.starts_with(|c: char| c.is_ascii_digit()) => whole(),
        Err(error) => Err(CliError::usage(
            Some(COMMAND),
            format!(
                "--robots '{}': the time after '@' does not read: {error}",
                printable(arg)
            ),
        )),
    }
}

/// Reads and parses every version. A URL whose fetch does not give the
/// file (a 404, a 503) is an error here: a version is what the site
/// served, and this fetch did not get it.
fn load_versions(
    sources: Vec<(Source, Option<Timestamp>)>,
    args: &LogsArgs,
) -> Result<Versions, CliError> {
    let options = args.read.parse_options();
    let mut list = Vec::new();
    for (source, since) in sources {
        let file = RobotsFile::load(&source, &options, &args.http, None)?;
        if let Some(outcome) = file.outcome.filter(|o| o.fixed_verdict().is_some()) {
            return Err(CliError::Input(format!(
                "{}: {}; a version must be the file itself: save it and give the file",
                printable(source.name()),
                outcome_reason(outcome)
            )));
        }
        file.warn_if_unusable();
        list.push(RobotsVersion {
            name: source.name().to_string(),
            since,
            robots: file.robots,
        });
    }
    Versions::new(list).map_err(|error| CliError::usage(Some(COMMAND), error.to_string()))
}

/// The ranges of every `--ip-ranges` value, each file or URL read once.
fn load_ranges(specs: &[String], http: &HttpArgs) -> Result<Vec<(String, IpRanges)>, CliError> {
    let mut read: HashMap<String, IpRanges> = HashMap::new();
    let mut all = Vec::new();
    for spec in specs {
        let (token, source) = match spec.split_once('=') {
            Some((token, source)) => (token.trim(), source.trim().to_string()),
            None => {
                let token = spec.trim();
                let url = crawlers::find(token).and_then(|preset| preset.ip_ranges());
                let url = url.ok_or_else(|| {
                    CliError::usage(
                        Some(COMMAND),
                        format!(
                            "--ip-ranges {}: no published IP ranges are known for this crawler; give a file or URL as {}=FILE",
                            printable(token),
                            printable(token)
                        ),
                    )
                })?;
                (token, url.to_string())
            }
        };
        if token.is_empty() || source.is_empty() {
            return Err(CliError::usage(
                Some(COMMAND),
                format!(
                    "--ip-ranges '{}': write TOKEN=FILE or TOKEN=URL, e.g. Googlebot=googlebot.json",
                    printable(spec)
                ),
            ));
        }
        if !read.contains_key(&source) {
            let ranges = ranges_from(&source, http)?;
            read.insert(source.clone(), ranges);
        }
        all.push((token.to_string(), read[&source].clone()));
    }
    Ok(all)
}

/// One IP-range file, read or fetched.
fn ranges_from(source: &str, http: &HttpArgs) -> Result<IpRanges, CliError> {
    let bytes = if is_url(source) {
        let fetched = fetch(source, &http.fetch_settings(MAX_RANGES_BYTES));
        note(&fetched.summary());
        match fetched.outcome {
            FetchOutcome::Status {
                code: 200..=299, ..
            } => fetched.body,
            outcome => {
                return Err(CliError::Input(format!(
                    "cannot read the IP ranges at {}: the fetch ended with {outcome}",
                    printable(source)
                )))
            }
        }
    } else {
        Source::from_arg(source).read_bytes(MAX_RANGES_BYTES)?
    };
    if bytes.len() > MAX_RANGES_BYTES {
        return Err(CliError::Input(format!(
            "{}: over {} bytes, too large for an IP-range file",
            printable(source),
            MAX_RANGES_BYTES
        )));
    }
    IpRanges::parse(&bytes)
        .map_err(|error| CliError::Input(format!("{}: {error}", printable(source))))
}

/// Where judged requests go: records written as they come (json, csv),
/// and the violations counted for `--fail-on-violation`.
struct Records {
    out: Output,
    format: LogsFormat,
    only: Only,
    /// The first failed write; nothing is written after it.
    written: Result<(), CliError>,
    violations: u64,
}

impl Records {
    fn take(&mut self, judged: &Judged<'_>) {
        if !self.only.keeps(&judged.client.token) {
            return;
        }
        self.violations += u64::from(judged.is_violation());
        if self.written.is_err() {
            return;
        }
        self.written = match self.format {
            LogsFormat::Json => self.out.json(&judged.record()),
            LogsFormat::Csv => {
                let mut row = String::new();
                judged.record().write_csv(&mut row);
                self.out.bytes(row.as_bytes())
            }
            LogsFormat::Text => Ok(()),
        };
    }
}

/// Feeds one log to the replay, a chunk at a time, until it ends or the
/// output goes away.
fn feed(
    replay: &mut Replay,
    source: &Source,
    progress: &mut Progress,
    records: &mut Records,
) -> Result<(), CliError> {
    let unreadable = |error: std::io::Error| {
        CliError::Input(format!(
            "cannot read '{}': {}",
            printable(source.name()),
            io_reason(&error)
        ))
    };
    let (mut input, size): (Box<dyn Read>, Option<u64>) = match source {
        Source::Stdin => (Box::new(std::io::stdin().lock()), None),
        Source::File(path) | Source::Url(path) => {
            let file = std::fs::File::open(path).map_err(unreadable)?;
            let size = file.metadata().ok().map(|m| m.len());
            (Box::new(file), size)
        }
    };
    let mut buffer = vec![0; CHUNK];
    loop {
        let read = match input.read(&mut buffer) {
            Ok(0) => return Ok(()),
            Ok(read) => read,
            Err(error) if error.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(error) => return Err(unreadable(error)),
        };
        replay.feed(&buffer[..read], &mut |judged| records.take(judged));
        if records.written.is_err() {
            return Ok(());
        }
        progress.show(source.name(), replay, size);
    }
}

/// Progress on stderr while a long log is read, when stderr is a
/// terminal.
struct Progress {
    enabled: bool,
    shown: bool,
    last: Instant,
    /// Bytes fed before the log being read.
    before: u64,
}

impl Progress {
    fn new() -> Progress {
        Progress {
            enabled: std::io::stderr().is_terminal(),
            shown: false,
            last: Instant::now(),
            before: 0,
        }
    }

    /// A new log starts.
    fn start(&mut self, replay: &Replay) {
        self.before = replay.progress().bytes;
    }

    fn show(&mut self, name: &str, replay: &Replay, size: Option<u64>) {
        if !self.enabled || self.last.elapsed() < PROGRESS_EVERY {
            return;
        }
        self.last = Instant::now();
        let progress = replay.progress();
        let bytes = progress.bytes - self.before;
        let share = size
            .filter(|&size| size > 0)
            .map(|size| format!("{}%, ", bytes * 100 / size))
            .unwrap_or_default();
        eprint!(
            "\r\x1b[Krobotstxt: reading {}: {share}{} MB, {} lines",
            printable(name),
            bytes / 1_000_000,
            progress.lines
        );
        self.shown = true;
    }

    /// Clears the progress line after a log, so that what follows starts
    /// on a clean line.
    fn clear(&mut self) {
        if self.shown {
            eprint!("\r\x1b[K");
            self.shown = false;
        }
    }
}

/// The crawlers `--crawler` asks for (all when none).
struct Only(Vec<String>);

impl Only {
    fn new(tokens: &[String]) -> Only {
        Only(
            tokens
                .iter()
                .map(|t| t.trim().to_ascii_lowercase())
                .collect(),
        )
    }

    fn keeps(&self, token: &str) -> bool {
        self.0.is_empty() || self.0.iter().any(|t| t.eq_ignore_ascii_case(token))
    }
}

/// What reading a log found, as lines for a person: its format and size,
/// then each kind of line that was not read or read with a caveat, with
/// the first few.
fn log_lines(log: &LogSummary) -> Vec<String> {
    let name = printable(&log.name);
    let format = log.format.map_or("no format recognised".to_string(), |f| {
        f.label().to_string()
    });
    let compressed = if log.compressed { ", gzip" } else { "" };
    let mut lines = vec![format!(
        "{name}: {format}{compressed}; {} lines, {} requests",
        log.lines.to_string(),
        log.requests.to_string()
    )];
    if let Some(stopped) = &log.stopped {
        lines.push(format!("  reading stopped: {stopped}"));
    }
    for (notes, what) in [
        (
            &log.unreadable,
            [
                "could not be read",
                "nothing of it was used",
                "nothing of them was used",
            ],
        ),
        (
            &log.without_request,
            [
                "without an HTTP request",
                "nothing to judge",
                "nothing to judge",
            ],
        ),
        (
            &log.unreadable_times,
            [
                "with a time that does not read",
                "judged as of the line before",
                "each judged as of the line before",
            ],
        ),
        (
            &log.out_of_order,
            [
                "out of time order",
                "judged by its own time",
                "each judged by its own time",
            ],
        ),
        (
            &log.not_utf8,
            [
                "with bytes that are not UTF-8",
                "read as U+FFFD",
                "read as U+FFFD",
            ],
        ),
    ] {
        lines.extend(notes_lines(notes, what));
    }
    if log.without_time > 0 {
        lines.push(format!(
            "  {} without a time (judged as of the line before)",
            counted(log.without_time, "request", "requests")
        ));
    }
    lines
}

/// Lines of one kind: `[what they are, what was done with one, with
/// several]`, then the first few.
fn notes_lines(notes: &LineNotes, [what, one, several]: [&str; 3]) -> Vec<String> {
    if notes.count == 0 {
        return Vec::new();
    }
    let done = if notes.count == 1 { one } else { several };
    let mut lines = vec![format!(
        "  {} {what} ({done}):",
        counted(notes.count, "line", "lines")
    )];
    for note in &notes.first {
        lines.push(format!(
            "    line {}: {}: {}",
            note.line,
            note.message,
            printable(&note.text)
        ));
    }
    if notes.count > notes.first.len() as u64 {
        lines.push(format!(
            "    and {} more",
            notes.count - notes.first.len() as u64
        ));
    }
    lines
}

fn names(logs: &[LogSummary]) -> String {
    logs.iter()
        .map(|log| format!("'{}'", printable(&log.name)))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Why the first log that gave nothing gave nothing: reading stopped (an
/// archive, a broken .gz), or its first unreadable line and why.
fn why_unread(logs: &[LogSummary]) -> String {
    logs.iter()
        .find_map(|log| {
            let name = printable(&log.name);
            if let Some(stopped) = &log.stopped {
                return Some(format!("; {name}: {stopped}"));
            }
            let first = log.unreadable.first.first()?;
            let why = if first.message.starts_with("not a line of a log format") {
                printable(&first.text).into_owned()
            } else {
                first.message.clone()
            };
            Some(format!("; {name} line {}: {why}", first.line))
        })
        .unwrap_or_default()
}

/// The text report.
fn write_report(
    out: &mut Output,
    report: &Report,
    replay: &Replay,
    only: &Only,
    timeline: bool,
) -> Result<(), CliError> {
    for log in &report.logs {
        for line in log_lines(log) {
            out.line(&line)?;
        }
    }
    out.line(&versions_line(report))?;
    let crawlers: Vec<&CrawlerReport> = report
        .crawlers
        .iter()
        .filter(|c| only.keeps(&c.token))
        .collect();
    for token in &only.0 {
        if !crawlers.iter().any(|c| c.token.eq_ignore_ascii_case(token)) {
            out.line(&format!(
                "No request claims to be {} (--crawler takes a robots.txt token, or an unknown client's name as the report shows it).",
                printable(token)
            ))?;
        }
    }
    let known: Vec<&CrawlerReport> = crawlers
        .iter()
        .copied()
        .filter(|c| c.kind == ClientKind::Known)
        .collect();
    let others: Vec<&CrawlerReport> = crawlers
        .iter()
        .copied()
        .filter(|c| c.kind != ClientKind::Known)
        .collect();
    out.line("")?;
    out.line(&format!(
        "Crawlers: {} by {}; browsers: {} (not judged: robots.txt is for crawlers)",
        counted(
            known.iter().map(|c| c.requests).sum(),
            "request",
            "requests"
        ),
        counted(known.len() as u64, "known crawler", "known crawlers"),
        counted(report.browsers.requests, "request", "requests")
    ))?;
    write_crawlers(out, &known, usize::MAX)?;
    if !others.is_empty() {
        out.line("")?;
        out.line(&format!(
            "Other clients, by product token ({}; judged by the groups naming that token, else the * group):",
            counted(others.iter().map(|c| c.requests).sum(), "request", "requests")
        ))?;
        write_crawlers(out, &others, OTHER_CLIENTS_SHOWN)?;
    }
    let rules: Vec<&RuleReport> = report
        .rules
        .iter()
        .filter(|rule| rule.crawlers.iter().any(|(token, _)| only.keeps(token)))
        .collect();
    if !rules.is_empty() {
        out.line("")?;
        out.line("Violations by deciding rule:")?;
        for rule in rules {
            write_rule(out, report, rule, only)?;
        }
    }
    write_fetches(out, &crawlers)?;
    write_unverified(out, &crawlers)?;
    if timeline {
        write_timeline(out, report, replay, &only.0)?;
    }
    out.line("")?;
    out.line(&summary_line(&crawlers))
}

fn versions_line(report: &Report) -> String {
    let versions: Vec<String> = report
        .versions
        .iter()
        .map(|v| {
            let since = v.since.map_or("live from the start".to_string(), |t| {
                format!("live since {t}")
            });
            format!(
                "{} ({since}; {} judged)",
                printable(&v.name),
                counted(v.requests, "request", "requests")
            )
        })
        .collect();
    format!("robots.txt versions: {}", versions.join(", "))
}

fn write_crawlers(
    out: &mut Output,
    crawlers: &[&CrawlerReport],
    shown: usize,
) -> Result<(), CliError> {
    if crawlers.is_empty() {
        return Ok(());
    }
    let seen = |time: Option<Timestamp>| time.map_or("-".to_string(), |t| t.to_string());
    let mut rows = vec![[
        "crawler",
        "requests",
        "disallowed",
        "violations",
        "cached",
        "unverified",
        "obeyed",
        "robots.txt",
        "first seen",
        "last seen",
    ]
    .map(String::from)
    .to_vec()];
    for crawler in crawlers.iter().take(shown) {
        rows.push(vec![
            printable(&crawler.token).into_owned(),
            crawler.requests.to_string(),
            crawler.counts.disallowed().to_string(),
            crawler.counts.violations.to_string(),
            crawler.counts.cached.to_string(),
            if crawler.ranges_given {
                crawler.counts.unverified.to_string()
            } else {
                "-".to_string()
            },
            crawler
                .obeyed
                .map_or("-".to_string(), |share| format!("{:.1}%", share * 100.0)),
            crawler.robots_fetches.to_string(),
            seen(crawler.first_seen),
            seen(crawler.last_seen),
        ]);
    }
    for line in columns(&rows) {
        out.line(&format!("  {line}"))?;
    }
    if crawlers.len() > shown {
        let rest = &crawlers[shown..];
        out.line(&format!(
            "  and {} more, {} requests, {} violations",
            rest.len(),
            rest.iter().map(|c| c.requests).sum::<u64>(),
            rest.iter().map(|c| c.counts.violations).sum::<u64>()
        ))?;
    }
    Ok(())
}

fn write_rule(
    out: &mut Output,
    report: &Report,
    rule: &RuleReport,
    only: &Only,
) -> Result<(), CliError> {
    let version = report
        .versions
        .get(rule.version)
        .map_or("?", |v| v.name.as_str());
    let deciding = match (&rule.rule, rule.outcome) {
        (Some(text), _) => format!(
            "{}  L{}  {}",
            printable(version),
            rule.line,
            printable(text)
        ),
        (None, Some(outcome)) => format!(
            "after the crawler's robots.txt fetch ({})",
            outcome_reason(outcome)
        ),
        (None, None) => format!("{}  L{}", printable(version), rule.line),
    };
    let by: Vec<String> = rule
        .crawlers
        .iter()
        .filter(|(token, _)| only.keeps(token))
        .map(|(token, n)| format!("{} {}", printable(token), n))
        .collect();
    out.line(&format!(
        "  {deciding}: {} ({})",
        violations(rule.violations),
        by.join(", ")
    ))?;
    let samples: Vec<Vec<String>> = rule
        .first
        .iter()
        .filter(|sample| only.keeps(&sample.crawler))
        .take(RULE_SAMPLES)
        .map(|sample| {
            vec![
                format!(
                    "    {}",
                    sample.time.map_or("-".to_string(), |t| t.to_string())
                ),
                printable(&sample.crawler).into_owned(),
                sample.ip.map_or("-".to_string(), |ip| ip.to_string()),
                printable(&sample.url).into_owned(),
                format!(
                    "{}:{}",
                    report
                        .logs
                        .get(sample.log)
                        .map_or("?".into(), |log| printable(&log.name)),
                    sample.log_line
                ),
            ]
        })
        .collect();
    for line in columns(&samples) {
        out.line(&line)?;
    }
    Ok(())
}

fn violations(n: u64) -> String {
    counted(n, "violation", "violations")
}

/// `1 request`, `2,000 requests`.
fn counted(n: u64, one: &str, several: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { several })
}

/// Each crawler's robots.txt fetches by status, and what each fetch that
/// changed its verdicts did, worded as the fetch policy says.
fn write_fetches(out: &mut Output, crawlers: &[&CrawlerReport]) -> Result<(), CliError> {
    let fetching: Vec<&&CrawlerReport> = crawlers
        .iter()
        .filter(|c| !c.fetch_statuses.is_empty())
        .collect();
    if fetching.is_empty() {
        return Ok(());
    }
    out.line("")?;
    out.line(
        "robots.txt fetches (each crawler's status decides what it may do until its next fetch):",
    )?;
    for crawler in fetching {
        let statuses: Vec<String> = crawler
            .fetch_statuses
            .iter()
            .map(|s| {
                let status = s
                    .status
                    .map_or("no status".to_string(), |code| format!("HTTP {code}"));
                format!("{status} x{}", s.count)
            })
            .collect();
        out.line(&format!(
            "  {}: {}",
            printable(&crawler.token),
            statuses.join(", ")
        ))?;
        let changed_rules = crawler
            .fetch_changes
            .iter()
            .any(|change| change.every_url.is_some());
        if changed_rules {
            for change in &crawler.fetch_changes {
                out.line(&format!(
                    "    from {}: {}",
                    change.time,
                    outcome_reason(change.outcome)
                ))?;
            }
        }
    }
    Ok(())
}

fn write_unverified(out: &mut Output, crawlers: &[&CrawlerReport]) -> Result<(), CliError> {
    let checked: Vec<&&CrawlerReport> = crawlers.iter().filter(|c| c.ranges_given).collect();
    if checked.is_empty() {
        return Ok(());
    }
    out.line("")?;
    out.line("Verified against the IP ranges given (claims from outside them are not the crawler, and are counted apart):")?;
    for crawler in checked {
        out.line(&format!(
            "  {}: {} verified, {} unverified ({} of them to disallowed URLs)",
            printable(&crawler.token),
            crawler.verified,
            crawler.counts.unverified,
            crawler.unverified_disallowed
        ))?;
    }
    Ok(())
}

/// Requests per hour, for all crawlers or each `--crawler`.
fn write_timeline(
    out: &mut Output,
    report: &Report,
    replay: &Replay,
    only: &[String],
) -> Result<(), CliError> {
    let mut charts: Vec<(String, Vec<HourCounts>)> = Vec::new();
    if only.is_empty() {
        charts.push(("all crawlers".to_string(), report.timeline.clone()));
    } else {
        for token in only {
            charts.push((token.clone(), replay.timeline_of(token)));
        }
    }
    for (name, hours) in charts {
        out.line("")?;
        out.line(&format!("Requests per hour, {}:", printable(&name)))?;
        let mut rows = vec![["hour", "allowed", "violations", "cached", "unverified"]
            .map(String::from)
            .to_vec()];
        for hour in &hours {
            rows.push(vec![
                hour.hour.to_string(),
                hour.counts.allowed.to_string(),
                hour.counts.violations.to_string(),
                hour.counts.cached.to_string(),
                hour.counts.unverified.to_string(),
            ]);
        }
        for line in columns(&rows) {
            out.line(&format!("  {line}"))?;
        }
    }
    if report.outside_timeline > 0 {
        out.line(&format!(
            "  ({} requests fall in hours past the first {} and are counted, not charted)",
            report.outside_timeline,
            robots_matcher::tools::replay::MAX_HOURS
        ))?;
    }
    Ok(())
}

fn summary_line(crawlers: &[&CrawlerReport]) -> String {
    let requests: u64 = crawlers.iter().map(|c| c.requests).sum();
    let violations_total: u64 = crawlers.iter().map(|c| c.counts.violations).sum();
    let violators = crawlers.iter().filter(|c| c.counts.violations > 0).count();
    let cached: u64 = crawlers.iter().map(|c| c.counts.cached).sum();
    let unverified: u64 = crawlers.iter().map(|c| c.counts.unverified).sum();
    format!(
        "{}: {} by {}, {} cached (within 24 hours after a change, the version before allowed them), {} unverified",
        counted(requests, "crawler request", "crawler requests"),
        violations(violations_total),
        counted(violators as u64, "crawler", "crawlers"),
        cached,
        unverified
    )
}
