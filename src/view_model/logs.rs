//! Log replay in the app ("did the bots obey?"): the messages between the
//! page and its log worker (`src/worker/logs.rs`), the work the
//! worker does with them ([`Session`]: the library's log reader and
//! replay), and the report as the panel shows it ([`LogsView`]).
//!
//! The worker does everything that touches the log: it reads the opened
//! files itself (the page hands it the `File` objects, never their text),
//! judges every request with the library's [`Replay`], puts the report
//! in words and rows ([`LogsView`]) and sends it drawn
//! (`super::logs_html`), so the report's size, not the log's, is what
//! crosses, and the page's side is small. The page's own code calls none
//! of this but the message types, so the replay is linked only into the
//! worker.

use robots_matcher::read::ip_ranges::IpRanges;
use robots_matcher::read::log::{LogReader, LogSummary, Timestamp, HOUR};
use robots_matcher::tools::crawlers;
use robots_matcher::tools::replay::{
    ClientKind, CrawlerReport, HourCounts, Judged, Replay, ReplayOptions, ReplayRecord, Report,
    RobotsVersion, Versions,
};
use robots_matcher::FetchOutcome;
use serde::{Deserialize, Serialize};

use super::analysis::mode_of;
use super::document::Document;

/// The editor's text, as the report names it.
pub const EDITOR_VERSION: &str = "editor";
/// Compare mode's version before, as the report names it.
pub const BEFORE_VERSION: &str = "version before";

/// The most bars the timeline draws: past that many hours, a bar stands for
/// several hours (a day, a week).
pub const MAX_BARS: usize = 240;

/// One robots.txt version the page sends: the editor's text, or compare
/// mode's version before.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct VersionText {
    /// What the report calls it.
    pub name: String,
    /// The text.
    pub text: String,
    /// When it went live, as typed (RFC 3339, a date, or the log's own
    /// form); empty for "from the start".
    pub since: String,
}

/// What the page asks the log worker. The files go beside the message (a
/// message carries no `File`): the logs first, then one file per ranges
/// token, in order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum LogsRequest {
    /// Judge the attached logs.
    Replay {
        /// The versions, any order (the library orders them by time).
        versions: Vec<VersionText>,
        /// Parsed in RFC 9309's reading (else Google's).
        rfc9309: bool,
        /// With Google's 500 KiB limit.
        size_limited: bool,
        /// The tokens whose ranges files are attached after the logs.
        ranges: Vec<String>,
        /// How many logs are attached.
        logs: usize,
    },
    /// The timeline of one crawler (an empty token: every crawler).
    Timeline {
        /// The crawler's token, or empty.
        token: String,
    },
    /// Every judged request as records, CSV (else JSON lines); the worker
    /// reads the logs again and answers with a file.
    Export {
        /// CSV rather than JSON lines.
        csv: bool,
    },
}

/// What the log worker answers.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum LogsAnswer {
    /// How far reading has come.
    Progress {
        /// Bytes read of every log.
        bytes: u64,
        /// Bytes of every log in all.
        total: u64,
        /// Lines read.
        lines: u64,
    },
    /// The report of everything read.
    Done(Rendered),
    /// The timeline asked for, drawn.
    Timeline {
        /// The chart and its table.
        html: String,
    },
    /// The export is attached to this message, as a file.
    Exported {
        /// Its name.
        name: String,
    },
    /// Nothing could be judged, and why (a version time that does not
    /// read, a ranges file that is not ranges, a log of another format).
    Failed {
        /// The message, for a webmaster.
        message: String,
    },
}

/// The report drawn (`super::logs_html::render`): its three parts, and
/// the lines read.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rendered {
    /// Lines read, every log.
    pub lines: u64,
    /// The logs read, the summary, the export and the timeline's choice.
    pub head: String,
    /// The timeline of every crawler.
    pub timeline: String,
    /// Per crawler, per rule, the ranges.
    pub body: String,
}

/// The report in words and rows, before it is drawn.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct LogsView {
    /// Lines read, every log.
    pub lines: u64,
    /// Requests read, browsers included.
    pub requests: u64,
    /// Browsers' requests (not judged).
    pub browsers: u64,
    /// Each log: what it was and what could not be read.
    pub logs: Vec<LogReading>,
    /// Each version and how many requests it judged.
    pub versions: Vec<VersionRow>,
    /// Each crawler (and group of unknown clients), most requests first.
    pub crawlers: Vec<CrawlerRow>,
    /// Each deciding line (or fetch outcome) with violations.
    pub rules: Vec<RuleRow>,
    /// Requests per hour (or per bar of hours) by verdict, every crawler.
    pub timeline: Vec<Bar>,
    /// Logs that could not be read at all, a message each.
    pub errors: Vec<String>,
    /// Sentences that qualify the report (requests outside the timeline,
    /// clients grouped, requests without a time).
    pub notes: Vec<String>,
}

impl LogsView {
    /// The name of version `index` (`editor`, `version before`), or
    /// nothing for an index the report does not hold.
    pub fn version_name(&self, index: u32) -> &str {
        self.versions
            .get(index as usize)
            .map_or("", |version| version.name.as_str())
    }
}

/// One log's reading.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LogReading {
    /// The file's name.
    pub name: String,
    /// The format detected, named (`Combined Log Format (Apache, nginx)`).
    pub format: String,
    /// Lines read.
    pub lines: u64,
    /// Requests read.
    pub requests: u64,
    /// Sentences of what was read with a caveat or not at all, each with
    /// its count; then the first lines concerned.
    pub problems: Vec<String>,
    /// The first lines that could not be read or were read with a caveat:
    /// `line N: message: text`.
    pub first_lines: Vec<String>,
}

/// One version of robots.txt.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct VersionRow {
    /// Its name (`editor`, `version before`).
    pub name: String,
    /// When it went live, in words.
    pub since: String,
    /// Requests it judged.
    pub requests: u64,
}

/// One crawler's row.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct CrawlerRow {
    /// The robots.txt token (or a group's name).
    pub token: String,
    /// The spec it was judged as (`Googlebot-Image>Googlebot`).
    pub spec: String,
    /// Among the presets.
    pub known: bool,
    /// Its operator, when known.
    pub operator: String,
    /// Every request claiming it.
    pub requests: u64,
    /// Disallowed by the version live at the time (violations and cached).
    pub disallowed: u64,
    /// Disallowed, outside the cache window, verified or not checked.
    pub violations: u64,
    /// Disallowed within the cache window after a change.
    pub cached: u64,
    /// Claims from outside its operator's ranges.
    pub unverified: u64,
    /// Whether ranges were given for it.
    pub ranges_given: bool,
    /// Where its operator publishes its ranges, when the presets say.
    pub ranges_source: String,
    /// The share of its page requests it obeyed (`97.5%`, `-`).
    pub obeyed: String,
    /// Its robots.txt fetches.
    pub robots_fetches: u64,
    /// Those fetches by status (`200 x3, 503 x1`).
    pub fetch_statuses: String,
    /// What its fetches changed, a sentence each.
    pub fetch_changes: Vec<String>,
    /// First and last seen (RFC 3339), or `-`.
    pub first_seen: String,
    /// Last seen.
    pub last_seen: String,
    /// Its first violations.
    pub samples: Vec<SampleRow>,
}

/// A violation worth showing, with what decided it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SampleRow {
    /// When (RFC 3339), or `-`.
    pub time: String,
    /// The client's address, or `-`.
    pub ip: String,
    /// The URL requested.
    pub url: String,
    /// The version that judged it (an index into [`LogsView::versions`]).
    pub version: u32,
    /// The deciding line, 0 when the crawler's robots.txt fetch decided.
    pub line: u32,
    /// Where it is: `access.log:12`.
    pub place: String,
}

/// One deciding line's violations.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RuleRow {
    /// The version (an index into [`LogsView::versions`]).
    pub version: u32,
    /// The line, 0 for a fetch outcome.
    pub line: u32,
    /// The rule as written, or the outcome in words.
    pub rule: String,
    /// Violations.
    pub violations: u64,
    /// By crawler: `GPTBot 2, CCBot 1`.
    pub crawlers: String,
}

/// One bar of the timeline: requests from `start` for `hours` hours.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Bar {
    /// Its first hour (RFC 3339).
    pub start: String,
    /// How many hours it stands for.
    pub hours: u32,
    /// Allowed requests.
    pub allowed: u64,
    /// Violations.
    pub violations: u64,
    /// Within the cache window.
    pub cached: u64,
    /// Unverified claims.
    pub unverified: u64,
}

impl Bar {
    /// Every request of the bar.
    pub fn total(&self) -> u64 {
        self.allowed + self.violations + self.cached + self.unverified
    }

    /// Its parts from the bottom up, as (class, count): the chart stacks
    /// them in this order, and its table names them so.
    pub fn parts(&self) -> [(&'static str, u64); 4] {
        [
            ("allowed", self.allowed),
            ("violations", self.violations),
            ("cached", self.cached),
            ("unverified", self.unverified),
        ]
    }
}

/// A replay under way in the worker: the versions and ranges the page
/// sent, and the library's replay fed with the logs' bytes.
pub struct Session {
    replay: Replay,
    /// The logs that could not be read at all, a message each.
    errors: Vec<String>,
}

impl Session {
    /// A replay of `versions` parsed as the page parses them; a version
    /// time that does not read, or versions that cannot be ordered, is a
    /// message.
    pub fn new(
        versions: &[VersionText],
        rfc9309: bool,
        size_limited: bool,
    ) -> Result<Session, String> {
        let mut list = Vec::new();
        for version in versions {
            let since = match version.since.trim() {
                "" => None,
                text => Some(Timestamp::parse(text).map_err(|_| {
                    format!(
                        "The time {} of \"{}\" does not read: give it as 2024-05-02T10:00:00Z (UTC), with an offset (+02:00), or as a date.",
                        quoted(text),
                        version.name
                    )
                })?),
            };
            list.push(RobotsVersion {
                name: version.name.clone(),
                since,
                robots: Document::new(&version.text, mode_of(rfc9309), size_limited).robots,
            });
        }
        let versions =
            Versions::new(list).map_err(|e| format!("{}.", capitalised(&e.to_string())))?;
        Ok(Session {
            replay: Replay::new(versions, ReplayOptions::default()),
            errors: Vec::new(),
        })
    }

    /// Verifies claims of `token` against a ranges file's bytes; a file
    /// that is not ranges is a message naming it.
    pub fn verify(&mut self, token: &str, file: &str, bytes: &[u8]) -> Result<(), String> {
        let ranges = IpRanges::parse(bytes)
            .map_err(|e| format!("The IP ranges file {file} for {token} cannot be used: {e}."))?;
        self.replay.verify(token, ranges);
        Ok(())
    }

    /// Starts reading the log `name`.
    pub fn start_log(&mut self, name: &str) {
        self.replay.start_log(LogReader::new(name));
    }

    /// Judges the next chunk of the open log.
    pub fn feed(&mut self, chunk: &[u8]) {
        self.replay.feed(chunk, &mut |_| {});
    }

    /// Judges the next chunk, writing each crawler request's record to
    /// `out` (CSV rows, else JSON lines).
    pub fn feed_records(&mut self, chunk: &[u8], csv: bool, out: &mut String) {
        self.replay
            .feed(chunk, &mut |judged| write_record(judged, csv, out));
    }

    /// Ends the open log (writing its last records when `csv` is given); a
    /// log in which no line read as a request is a message in the report
    /// (with why reading stopped, or its first line), and the other logs
    /// still count.
    pub fn end_log(&mut self, csv: Option<bool>, out: &mut String) {
        let summary = match csv {
            Some(csv) => self
                .replay
                .end_log(&mut |judged| write_record(judged, csv, out)),
            None => self.replay.end_log(&mut |_| {}),
        };
        if let Some(error) = unreadable_log(summary) {
            self.errors.push(error);
        }
    }

    /// Lines read so far.
    pub fn lines(&self) -> u64 {
        self.replay.progress().lines
    }

    /// The report as the panel shows it.
    pub fn view(&self) -> LogsView {
        LogsView {
            errors: self.errors.clone(),
            ..view_of(&self.replay.report())
        }
    }

    /// The timeline of one crawler, or of all when `token` is empty.
    pub fn timeline(&self, token: &str) -> Vec<Bar> {
        if token.is_empty() {
            bars(&self.replay.report().timeline)
        } else {
            bars(&self.replay.timeline_of(token))
        }
    }
}

/// The CSV header of an export.
pub fn csv_header() -> String {
    ReplayRecord::csv_header()
}

fn write_record(judged: &Judged<'_>, csv: bool, out: &mut String) {
    let record = judged.record();
    if csv {
        record.write_csv(out);
    } else if let Ok(line) = serde_json::to_string(&record) {
        out.push_str(&line);
        out.push('\n');
    }
}

/// The message for a log none of whose lines read as a request: a file of
/// another format, binary bytes, an archive.
fn unreadable_log(summary: &LogSummary) -> Option<String> {
    if summary.requests > 0 || (summary.lines == summary.skipped && summary.stopped.is_none()) {
        return None;
    }
    let why = match (&summary.stopped, summary.unreadable.first.first()) {
        (Some(stopped), _) => stopped.clone(),
        (None, Some(first)) => format!("line {}: {}: {}", first.line, first.message, first.text),
        (None, None) => "no line holds a request".to_string(),
    };
    Some(format!(
        "{} is not an access log this page reads (Combined or Common Log Format, JSON lines, W3C extended, CSV with a header; .gz too): {why}.",
        summary.name
    ))
}

fn quoted(text: &str) -> String {
    let cut: String = text.chars().take(40).collect();
    format!("\"{cut}\"")
}

/// `value` (finite, at most 10^15) with `places` decimals (at most 4),
/// rounded half away from zero. Written out with integers: the standard
/// library's float formatting would add about 4 KB (its code and tables)
/// to the log worker, which has nothing else that needs it.
pub fn fixed(value: f64, places: u32) -> String {
    let scale = 10u64.pow(places.min(4));
    let scaled = (value.abs() * scale as f64).round() as u64;
    let sign = if value < 0.0 && scaled > 0 { "-" } else { "" };
    if scale == 1 {
        return format!("{sign}{scaled}");
    }
    let width = places.min(4) as usize;
    format!("{sign}{}.{:0width$}", scaled / scale, scaled % scale)
}

fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |first| {
        // The library's messages start with an ASCII letter; `to_uppercase`
        // would link Unicode's case table (12 KB) into the log worker.
        std::iter::once(first.to_ascii_uppercase())
            .chain(chars)
            .collect()
    })
}

fn time_text(time: Option<Timestamp>) -> String {
    time.map_or_else(|| "-".to_string(), |t| t.to_string())
}

/// The report's words and rows.
pub fn view_of(report: &Report) -> LogsView {
    let mut notes = Vec::new();
    if report.outside_timeline > 0 {
        notes.push(format!(
            "{} requests fall outside the timeline's {} hours: counted, not charted.",
            report.outside_timeline,
            robots_matcher::tools::replay::MAX_HOURS
        ));
    }
    if report.judged_without_time > 0 {
        notes.push(format!(
            "{} requests had no time that reads: each was judged as of the line before.",
            report.judged_without_time
        ));
    }
    if report.grouped_other_clients {
        notes.push(
            "Beyond 1,000 kinds of unknown clients, the rest share one row, (other clients)."
                .to_string(),
        );
    }
    // In the report's order (most requests first, then by token): the
    // library orders its crawlers, and dropping browsers keeps that order.
    let crawlers: Vec<CrawlerRow> = report
        .crawlers
        .iter()
        .filter(|c| c.kind != ClientKind::Browser)
        .map(crawler_row)
        .collect();
    LogsView {
        lines: report.logs.iter().map(|l| l.lines).sum(),
        requests: report.requests,
        browsers: report.browsers.requests,
        logs: report.logs.iter().map(log_file).collect(),
        versions: report
            .versions
            .iter()
            .map(|v| VersionRow {
                name: v.name.clone(),
                since: v.since.map_or_else(
                    || "live from the start".to_string(),
                    |t| format!("live since {t}"),
                ),
                requests: v.requests,
            })
            .collect(),
        crawlers,
        rules: report
            .rules
            .iter()
            .map(|r| RuleRow {
                version: r.version as u32,
                line: r.line,
                rule: match (&r.rule, r.outcome) {
                    (Some(rule), _) => rule.clone(),
                    (None, Some(outcome)) => outcome_sentence(outcome),
                    (None, None) => "no rule".to_string(),
                },
                violations: r.violations,
                crawlers: r
                    .crawlers
                    .iter()
                    .map(|(token, n)| format!("{token} {n}"))
                    .collect::<Vec<_>>()
                    .join(", "),
            })
            .collect(),
        timeline: bars(&report.timeline),
        errors: Vec::new(),
        notes,
    }
}

/// What a crawler may do after a robots.txt fetch that ended so.
fn outcome_sentence(outcome: FetchOutcome) -> String {
    match outcome.fixed_verdict().map(|v| v.allowed) {
        Some(false) => format!(
            "after the crawler's robots.txt fetch answered {outcome}: every URL is disallowed from then on (RFC 9309 2.3.1.4)"
        ),
        Some(true) => format!(
            "after the crawler's robots.txt fetch answered {outcome}: every URL is allowed from then on (RFC 9309 2.3.1.3)"
        ),
        None => format!("after the crawler's robots.txt fetch answered {outcome}"),
    }
}

fn crawler_row(c: &CrawlerReport) -> CrawlerRow {
    let preset = crawlers::find(&c.token);
    CrawlerRow {
        token: c.token.clone(),
        spec: c.spec.clone(),
        known: c.kind == ClientKind::Known,
        operator: c.operator.unwrap_or_default().to_string(),
        requests: c.requests,
        disallowed: c.counts.disallowed(),
        violations: c.counts.violations,
        cached: c.counts.cached,
        unverified: c.counts.unverified,
        ranges_given: c.ranges_given,
        ranges_source: preset
            .and_then(|p| p.ip_ranges())
            .unwrap_or_default()
            .to_string(),
        obeyed: c.obeyed.map_or_else(
            || "-".to_string(),
            |share| format!("{}%", fixed(share * 100.0, 1)),
        ),
        robots_fetches: c.robots_fetches,
        fetch_statuses: c
            .fetch_statuses
            .iter()
            .map(|s| {
                let status = s
                    .status
                    .map_or_else(|| "no status".to_string(), |s| s.to_string());
                format!("{status} x{}", s.count)
            })
            .collect::<Vec<_>>()
            .join(", "),
        fetch_changes: c
            .fetch_changes
            .iter()
            .map(|change| {
                let then = match change.every_url {
                    Some(false) => "every URL is disallowed for it from then on (RFC 9309 2.3.1.4)",
                    Some(true) => "every URL is allowed for it from then on (RFC 9309 2.3.1.3)",
                    None => "the file's rules decide again",
                };
                format!(
                    "{}: robots.txt answered {}: {then}.",
                    change.time, change.outcome
                )
            })
            .collect(),
        first_seen: time_text(c.first_seen),
        last_seen: time_text(c.last_seen),
        samples: c
            .first_violations
            .iter()
            .map(|s| SampleRow {
                time: time_text(s.time),
                ip: s.ip.map_or_else(|| "-".to_string(), |ip| ip.to_string()),
                url: s.url.clone(),
                version: s.version as u32,
                line: s.line,
                place: format!("line {}", s.log_line),
            })
            .collect(),
    }
}

fn log_file(summary: &LogSummary) -> LogReading {
    let mut problems = Vec::new();
    let mut first_lines = Vec::new();
    for (notes, what) in [
        (
            &summary.unreadable,
            "could not be read (nothing of them was used)",
        ),
        (&summary.without_request, "hold no HTTP request"),
        (
            &summary.unreadable_times,
            "have a time that does not read (judged as of the line before)",
        ),
        (
            &summary.out_of_order,
            "are earlier than a line before them (each judged by its own time)",
        ),
        (&summary.not_utf8, "have bytes that are not UTF-8"),
    ] {
        if notes.count == 0 {
            continue;
        }
        problems.push(format!("{} lines {what}", notes.count));
        first_lines.extend(
            notes
                .first
                .iter()
                .map(|n| format!("line {}: {}: {}", n.line, n.message, n.text)),
        );
    }
    if summary.without_time > 0 {
        problems.push(format!("{} requests have no time", summary.without_time));
    }
    if let Some(stopped) = &summary.stopped {
        problems.push(format!("reading stopped: {stopped}"));
    }
    LogReading {
        name: summary.name.clone(),
        format: summary.format.map_or_else(
            || "no format detected".to_string(),
            |f| f.label().to_string(),
        ),
        lines: summary.lines,
        requests: summary.requests,
        problems,
        first_lines,
    }
}

/// The hours as at most [`MAX_BARS`] bars, from the first hour to the
/// last (hours without requests are empty bars, so time reads evenly).
pub fn bars(hours: &[HourCounts]) -> Vec<Bar> {
    let (Some(first), Some(last)) = (
        hours.iter().map(|h| h.hour.unix()).min(),
        hours.iter().map(|h| h.hour.unix()).max(),
    ) else {
        return Vec::new();
    };
    let span = (last - first) / HOUR + 1;
    let per_bar = (span as u64).div_ceil(MAX_BARS as u64).max(1) as i64;
    let count = (span + per_bar - 1) / per_bar;
    let mut bars: Vec<Bar> = (0..count)
        .map(|i| Bar {
            start: time_text(Timestamp::from_unix(first + i * per_bar * HOUR)),
            hours: per_bar as u32,
            ..Bar::default()
        })
        .collect();
    for hour in hours {
        let index = ((hour.hour.unix() - first) / HOUR / per_bar) as usize;
        if let Some(bar) = bars.get_mut(index) {
            bar.allowed += hour.counts.allowed;
            bar.violations += hour.counts.violations;
            bar.cached += hour.counts.cached;
            bar.unverified += hour.counts.unverified;
        }
    }
    bars
}

#[cfg(test)]
mod tests {
    use super::*;

    const ROBOTS: &str = "User-agent: GPTBot\nDisallow: /article/\n";

    fn line(ip: &str, time: &str, path: &str, status: u16, agent: &str) -> String {
        format!("{ip} - - [{time}] \"GET {path} HTTP/1.1\" {status} 10 \"-\" \"{agent}\"\n")
    }

    const GPTBOT: &str = "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.2; +https://openai.com/gptbot";
    const BINGBOT: &str = "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)";
    const BROWSER: &str = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36";

    fn version(name: &str, text: &str, since: &str) -> VersionText {
        VersionText {
            name: name.into(),
            text: text.into(),
            since: since.into(),
        }
    }

    fn run(versions: &[VersionText], log: &str, chunk: usize) -> LogsView {
        let mut session = Session::new(versions, false, true).expect("versions");
        session.start_log("access.log");
        for part in log.as_bytes().chunks(chunk) {
            session.feed(part);
        }
        session.end_log(None, &mut String::new());
        session.view()
    }

    #[test]
    fn a_log_is_judged_per_crawler_in_any_chunks() {
        let log = [
            line(
                "192.0.2.1",
                "03/May/2024:12:00:00 +0000",
                "/article/1",
                200,
                GPTBOT,
            ),
            line(
                "192.0.2.1",
                "03/May/2024:12:05:00 +0000",
                "/about",
                200,
                GPTBOT,
            ),
            line(
                "198.51.100.7",
                "03/May/2024:13:00:00 +0000",
                "/robots.txt",
                503,
                BINGBOT,
            ),
            line(
                "198.51.100.7",
                "03/May/2024:13:01:00 +0000",
                "/about",
                200,
                BINGBOT,
            ),
            line(
                "203.0.113.9",
                "03/May/2024:13:02:00 +0000",
                "/",
                200,
                BROWSER,
            ),
        ]
        .concat();
        for chunk in [1, 7, 4096] {
            let view = run(&[version("editor", ROBOTS, "")], &log, chunk);
            assert_eq!(view.lines, 5);
            assert_eq!(view.browsers, 1);
            let gpt = view
                .crawlers
                .iter()
                .find(|c| c.token == "GPTBot")
                .expect("GPTBot");
            assert_eq!((gpt.requests, gpt.disallowed, gpt.violations), (2, 1, 1));
            assert_eq!(gpt.obeyed, "50.0%");
            assert_eq!(gpt.samples[0].url, "/article/1");
            assert_eq!(gpt.samples[0].line, 2);
            // bingbot's 503 makes every later URL disallowed for it.
            let bing = view
                .crawlers
                .iter()
                .find(|c| c.token == "bingbot")
                .expect("bingbot");
            assert_eq!(
                (bing.requests, bing.disallowed, bing.robots_fetches),
                (2, 1, 1)
            );
            assert_eq!(bing.fetch_statuses, "503 x1");
            assert!(
                bing.fetch_changes[0].contains("every URL is disallowed"),
                "{:?}",
                bing.fetch_changes
            );
            assert!(view
                .rules
                .iter()
                .any(|r| r.line == 0 && r.rule.contains("2.3.1.4")));
            assert_eq!(view.logs[0].format, "Combined Log Format (Apache, nginx)");
            assert!(!view.timeline.is_empty());
        }
    }

    #[test]
    fn each_request_is_judged_by_the_version_live_at_its_time() {
        let log = [
            line(
                "192.0.2.1",
                "01/May/2024:12:00:00 +0000",
                "/article/1",
                200,
                GPTBOT,
            ),
            // Within 24 hours of the change: cached, not a violation.
            line(
                "192.0.2.1",
                "02/May/2024:12:00:00 +0000",
                "/article/2",
                200,
                GPTBOT,
            ),
            line(
                "192.0.2.1",
                "04/May/2024:12:00:00 +0000",
                "/article/3",
                200,
                GPTBOT,
            ),
        ]
        .concat();
        let versions = [
            version("version before", "User-agent: *\nAllow: /\n", ""),
            version("editor", ROBOTS, "2024-05-02T10:00:00Z"),
        ];
        let view = run(&versions, &log, 64);
        let gpt = &view.crawlers[0];
        assert_eq!(
            (gpt.requests, gpt.disallowed, gpt.violations, gpt.cached),
            (3, 2, 1, 1)
        );
        assert_eq!(view.versions[1].since, "live since 2024-05-02T10:00:00Z");
        assert_eq!(view.versions[1].requests, 2);
    }

    #[test]
    fn bad_settings_and_bad_logs_are_messages() {
        let bad = Session::new(&[version("editor", ROBOTS, "Tuesday")], false, true);
        assert!(bad.err().is_some_and(|m| m.contains("\"Tuesday\"")));
        let two = Session::new(
            &[version("a", ROBOTS, ""), version("b", ROBOTS, "")],
            false,
            true,
        );
        assert!(two.err().is_some_and(|m| m.starts_with('\'')));
        let mut session = Session::new(&[version("editor", ROBOTS, "")], false, true).expect("ok");
        let ranges = session.verify("GPTBot", "gptbot.json", b"not json");
        assert!(ranges.err().is_some_and(|m| m.contains("gptbot.json")));
        session.start_log("image.png");
        session.feed(b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\x01\0");
        session.end_log(None, &mut String::new());
        // A good log after it still counts.
        session.start_log("access.log");
        session.feed(
            line(
                "192.0.2.1",
                "03/May/2024:12:00:00 +0000",
                "/article/1",
                200,
                GPTBOT,
            )
            .as_bytes(),
        );
        session.end_log(None, &mut String::new());
        let view = session.view();
        assert!(view.errors[0].contains("image.png"), "{:?}", view.errors);
        assert_eq!(view.crawlers[0].violations, 1);
    }

    #[test]
    fn unverified_claims_are_kept_apart_and_records_are_the_libraries() {
        let log = [
            line(
                "192.0.2.1",
                "03/May/2024:12:00:00 +0000",
                "/article/1",
                200,
                GPTBOT,
            ),
            line(
                "20.15.240.65",
                "03/May/2024:12:01:00 +0000",
                "/article/2",
                200,
                GPTBOT,
            ),
        ]
        .concat();
        let mut session = Session::new(&[version("editor", ROBOTS, "")], false, true).expect("ok");
        session
            .verify(
                "GPTBot",
                "gptbot.json",
                br#"{"prefixes":[{"ipv4Prefix":"20.15.240.64/28"}]}"#,
            )
            .expect("ranges");
        session.start_log("access.log");
        let mut out = String::new();
        session.feed_records(log.as_bytes(), false, &mut out);
        session.end_log(Some(false), &mut out);
        let gpt = &session.view().crawlers[0];
        assert_eq!((gpt.requests, gpt.unverified, gpt.violations), (2, 1, 1));
        assert!(gpt.ranges_given);
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), 2);
        assert!(lines[0].contains("\"verified\":false"), "{}", lines[0]);
        assert!(lines[1].contains("\"verified\":true"), "{}", lines[1]);
        let mut csv = csv_header();
        session.start_log("again.log");
        session.feed_records(log.as_bytes(), true, &mut csv);
        session.end_log(Some(true), &mut csv);
        assert_eq!(csv.lines().count(), 3);
    }

    #[test]
    fn a_long_timeline_is_drawn_in_at_most_max_bars() {
        let hours: Vec<HourCounts> = (0..2_000)
            .map(|i| HourCounts {
                hour: Timestamp::from_unix(1_700_000_000 / HOUR * HOUR + i * HOUR).expect("time"),
                counts: robots_matcher::tools::replay::Counts {
                    allowed: 1,
                    ..Default::default()
                },
            })
            .collect();
        let bars = bars(&hours);
        assert!(bars.len() <= MAX_BARS);
        assert_eq!(bars.iter().map(Bar::total).sum::<u64>(), 2_000);
        assert_eq!(bars[0].hours, 9);
        assert!(super::bars(&[]).is_empty());
    }

    #[test]
    fn fixed_rounds_half_away_from_zero_with_the_places_asked() {
        assert_eq!(fixed(97.5, 1), "97.5");
        assert_eq!(fixed(50.0, 1), "50.0");
        assert_eq!(fixed(0.049, 1), "0.0");
        assert_eq!(fixed(99.96, 1), "100.0");
        assert_eq!(fixed(12.345, 2), "12.35");
        assert_eq!(fixed(720.0, 0), "720");
        assert_eq!(fixed(0.5, 2), "0.50");
        assert_eq!(fixed(-1.25, 1), "-1.3");
        assert_eq!(fixed(-0.001, 2), "0.00");
    }
}
