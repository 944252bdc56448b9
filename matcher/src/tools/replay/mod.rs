//! Log replay: did the crawlers obey? Each request of an access log is
//! judged by the robots.txt version live when it was made, for the
//! crawler its user agent names, as that crawler had the file (its own
//! robots.txt fetches in the log and the fetch policy), and against the
//! IP ranges its operator publishes; the [`Report`] sums it up per
//! crawler, per rule and per hour.
//!
//! - **Versions** ([`Versions`]): several robots.txt files, each live from
//!   a time; the earliest applies before its time too.
//! - **Cache window**: a crawler may use a copy up to 24 hours old (RFC
//!   9309 section 2.4). A request made within that window after a change,
//!   whose verdict a version live in the window would have given
//!   otherwise, is marked [`Judged::cached`], not a violation. The window
//!   starts at the crawler's last robots.txt fetch that read the file when
//!   the log shows a later one than 24 hours back: from then on it had
//!   that version.
//! - **robots.txt fetches**: a request for `/robots.txt` is always allowed
//!   (crawlers must fetch it), and its status is what the crawler got: a
//!   5xx makes every URL disallowed for that crawler, a 4xx every URL
//!   allowed, until its next fetch ([`crate::fetch_policy`], applied
//!   through [`FetchedRobots`]).
//! - **Who is who**: with IP ranges given for a token ([`Replay::verify`]),
//!   a claim of that crawler (or of one falling back to the token, as
//!   Googlebot-Image does to Googlebot) from outside them is unverified and
//!   counted apart; its robots.txt fetches change nothing.
//!
//! Memory is bounded by the report (crawlers, rules, hours), not by the
//! log: a front end feeds chunks of bytes as they come and reads the
//! report whenever it likes.
//!
//! ```
//! use robots_matcher::read::log::LogReader;
//! use robots_matcher::tools::replay::{Replay, ReplayOptions, RobotsVersion, Versions};
//! use robots_matcher::Robots;
//!
//! let versions = Versions::new(vec![
//!     RobotsVersion { name: "old".into(), since: None, robots: Robots::parse(b"User-agent: *\nAllow: /\n") },
//!     RobotsVersion {
//!         name: "new".into(),
//!         since: Some("2024-05-02T10:00:00Z".parse().unwrap()),
//!         robots: Robots::parse(b"User-agent: GPTBot\nDisallow: /article/\n"),
//!     },
//! ]).unwrap();
//! let mut replay = Replay::new(versions, ReplayOptions::default());
//! let log = br#"192.0.2.1 - - [03/May/2024:12:00:00 +0000] "GET /article/1 HTTP/1.1" 200 9 "-" "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.2; +https://openai.com/gptbot"
//! "#;
//! replay.start_log(LogReader::new("access.log"));
//! replay.feed(log, &mut |judged| assert!(!judged.verdict.allowed));
//! replay.end_log(&mut |_| {});
//! let report = replay.report();
//! assert_eq!(report.crawlers[0].token, "GPTBot");
//! assert_eq!(report.crawlers[0].counts.violations, 1);
//! assert_eq!(report.rules[0].rule.as_deref(), Some("Disallow: /article/"));
//! ```

mod clients;
mod fetches;
mod record;
mod report;
mod versions;

use std::net::IpAddr;

pub use clients::{
    Client, ClientKind, MAX_CACHED_AGENTS, MAX_UNKNOWN_GROUPS, NO_USER_AGENT, OTHER_CLIENTS,
};
pub use record::ReplayRecord;
pub use report::{
    BrowserReport, Counts, CrawlerReport, FetchChange, FetchStatus, HourCounts, LineCount, Report,
    RuleReport, Sample, VersionReport, MAX_HOURS, SAMPLES,
};
pub use versions::{RobotsVersion, Versions, VersionsError};

use clients::{Clients, BROWSERS};
use fetches::Fetches;
use report::{Class, Entry, Tally};

use crate::fetch::FetchOutcome;
use crate::fetched::FetchedRobots;
use crate::read::ip_ranges::IpRanges;
use crate::read::log::{LogReader, LogRequest, LogSummary, Timestamp, DAY};
use crate::tools::record::VerdictRecord;
use crate::verdict::{CheckOptions, Selection, Verdict};

/// How requests are judged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReplayOptions {
    /// How URLs are read and crawlers matched.
    pub check: CheckOptions,
    /// How long after a change a crawler may still use its copy of the
    /// version before, in seconds: 24 hours (RFC 9309 section 2.4).
    pub cache_window: i64,
}

impl Default for ReplayOptions {
    fn default() -> ReplayOptions {
        ReplayOptions {
            check: CheckOptions::default(),
            cache_window: DAY,
        }
    }
}

/// One request, judged: what the sink of [`Replay::feed`] gets.
pub struct Judged<'a> {
    /// The request as the log wrote it.
    pub request: &'a LogRequest<'a>,
    /// The log's name.
    pub log: &'a str,
    /// The crawler (or client group) its user agent names.
    pub client: &'a Client,
    /// The time it was judged at: its own, or the line before's when its
    /// own did not read.
    pub time: Option<Timestamp>,
    /// The version live at that time.
    pub version: &'a RobotsVersion,
    /// The crawler's last robots.txt fetch before it, as the log shows it
    /// (`None`: none seen, the file as served).
    pub fetch_status: Option<FetchOutcome>,
    /// The verdict of that version as the crawler had it.
    pub verdict: Verdict,
    /// Within the cache window after a change whose previous version
    /// decided otherwise.
    pub cached: bool,
    /// Inside the crawler's published ranges; `None` when none were given
    /// for it or the line has no address.
    pub verified: Option<bool>,
    /// A fetch of robots.txt itself.
    pub robots_txt: bool,
    options: &'a CheckOptions,
}

impl<'a> Judged<'a> {
    /// The version as the crawler had it: ask it to explain the verdict
    /// (`FetchedRobots::explain`).
    pub fn fetched(&self) -> FetchedRobots<'a> {
        FetchedRobots::new(
            &self.version.robots,
            self.fetch_status.unwrap_or(FetchOutcome::FETCHED),
        )
    }

    /// Whether this is a violation: disallowed by the version live at the
    /// time, outside the cache window, and not an unverified claim.
    pub fn is_violation(&self) -> bool {
        !self.verdict.allowed && !self.cached && self.verified != Some(false)
    }

    /// The record of this request (see [`ReplayRecord`]).
    pub fn record(&self) -> ReplayRecord<'a> {
        let request = self.request;
        let verdict = if self.robots_txt {
            // Allowed whatever the last fetch did: it is that fetch.
            FetchedRobots::new(&self.version.robots, FetchOutcome::FETCHED)
        } else {
            self.fetched()
        };
        let matcher = verdict.matcher_with(&self.client.crawler, self.options);
        ReplayRecord {
            time: request.time,
            ip: request.ip,
            crawler: &self.client.token,
            status: request.status,
            verdict: VerdictRecord::new(
                &matcher,
                &self.verdict,
                &request.target,
                &self.client.spec,
            ),
            cached: self.cached,
            verified: self.verified,
            robots_txt: self.robots_txt,
            version: &self.version.name,
            fetch_status: self.fetch_status.map(FetchOutcome::name),
            method: request.method.as_deref(),
            host: request.host.as_deref(),
            user_agent: &request.user_agent,
            log: self.log,
            log_line: request.line,
        }
    }
}

/// How far a replay has read.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Progress {
    /// Bytes fed (before decompression).
    pub bytes: u64,
    /// Lines read.
    pub lines: u64,
    /// Requests read.
    pub requests: u64,
}

/// A replay of access logs against robots.txt versions. See the
/// [module docs](self).
pub struct Replay {
    reader: Option<LogReader>,
    judge: Judge,
}

/// Everything but the open log, so that both can be borrowed at once.
struct Judge {
    versions: Versions,
    options: ReplayOptions,
    clients: Clients,
    ranges: Vec<(String, IpRanges)>,
    /// Per client: the index of its ranges, once looked up.
    client_ranges: Vec<Option<Option<usize>>>,
    fetches: Vec<Fetches>,
    tally: Tally,
    logs: Vec<LogSummary>,
    /// The open log's name.
    log: String,
    /// The last time read: a line whose time does not read is judged at it.
    last_time: Option<Timestamp>,
    /// Progress of the logs already ended.
    done: Progress,
}

impl Replay {
    /// A replay judging by `versions`.
    pub fn new(versions: Versions, options: ReplayOptions) -> Replay {
        Replay {
            reader: None,
            judge: Judge {
                versions,
                options,
                clients: Clients::new(),
                ranges: Vec::new(),
                client_ranges: Vec::new(),
                fetches: Vec::new(),
                tally: Tally::default(),
                logs: Vec::new(),
                log: String::new(),
                last_time: None,
                done: Progress::default(),
            },
        }
    }

    /// Verifies claims of the crawler `token` (and of crawlers falling back
    /// to it) against `ranges`. Give ranges before feeding: requests
    /// judged before are not judged again.
    pub fn verify(&mut self, token: &str, ranges: IpRanges) {
        let judge = &mut self.judge;
        match judge
            .ranges
            .iter_mut()
            .find(|(known, _)| known.eq_ignore_ascii_case(token))
        {
            Some(slot) => slot.1 = ranges,
            None => judge.ranges.push((token.to_string(), ranges)),
        }
        judge.client_ranges.clear();
    }

    /// The versions judged by.
    pub fn versions(&self) -> &Versions {
        &self.judge.versions
    }

    /// Starts reading a log (a reader made for it: its name, a format if
    /// it is not to be detected). A log still open is ended first, its
    /// last line judged without a sink: end each log with
    /// [`Replay::end_log`] to see every request.
    pub fn start_log(&mut self, reader: LogReader) {
        if self.reader.is_some() {
            self.end_log(&mut |_| {});
        }
        self.judge.log = reader.summary().name.clone();
        self.reader = Some(reader);
    }

    /// Reads the next chunk of the open log (a log called `log` is opened
    /// when none is), giving each crawler request judged to `sink`.
    pub fn feed(&mut self, chunk: &[u8], sink: &mut dyn FnMut(&Judged<'_>)) {
        let reader = self.reader.get_or_insert_with(|| LogReader::new("log"));
        if self.judge.log.is_empty() {
            self.judge.log = reader.summary().name.clone();
        }
        let judge = &mut self.judge;
        reader.feed(chunk, &mut |request| judge.request(request, sink));
    }

    /// Reads the end of the open log and gives what reading it found.
    pub fn end_log(&mut self, sink: &mut dyn FnMut(&Judged<'_>)) -> &LogSummary {
        let judge = &mut self.judge;
        let summary = match self.reader.take() {
            Some(mut reader) => reader
                .finish(&mut |request| judge.request(request, sink))
                .clone(),
            None => LogSummary::default(),
        };
        judge.done.bytes += summary.bytes;
        judge.done.lines += summary.lines;
        judge.done.requests += summary.requests;
        judge.logs.push(summary);
        judge.log.clear();
        &judge.logs[judge.logs.len() - 1]
    }

    /// How much has been read.
    pub fn progress(&self) -> Progress {
        let done = self.judge.done;
        match &self.reader {
            Some(reader) => {
                let open = reader.summary();
                Progress {
                    bytes: done.bytes + open.bytes,
                    lines: done.lines + open.lines,
                    requests: done.requests + open.requests,
                }
            }
            None => done,
        }
    }

    /// The report of everything read so far (the open log's lines too).
    pub fn report(&self) -> Report {
        let judge = &self.judge;
        let mut logs = judge.logs.clone();
        if let Some(reader) = &self.reader {
            logs.push(reader.summary().clone());
        }
        judge.tally.report(
            &judge.clients.list,
            &judge.versions,
            logs,
            judge.clients.grouped_others(),
            |client| judge.ranges_index(client).is_some(),
        )
    }

    /// One crawler's requests per hour by verdict (the timeline on
    /// demand), by its token or group name; empty when it was not seen.
    pub fn timeline_of(&self, token: &str) -> Vec<HourCounts> {
        match self.judge.clients.find(token) {
            Some(client) => self.judge.tally.hours_of(client),
            None => Vec::new(),
        }
    }
}

impl Judge {
    /// Judges one request and counts it.
    fn request(&mut self, request: &LogRequest<'_>, sink: &mut dyn FnMut(&Judged<'_>)) {
        self.tally.request(request.time);
        let id = self.clients.of(&request.user_agent);
        if id == BROWSERS {
            self.tally.browser(request.time);
            return;
        }
        if request.time.is_some() {
            self.last_time = request.time;
        }
        let time = self.last_time;
        if time.is_none() {
            self.tally.without_time();
        }
        let verified = self.verified(id, request.ip);
        if self.fetches.len() <= id {
            self.fetches.resize_with(id + 1, Fetches::default);
        }
        let index = self.versions.live_at(time);
        let version = &self.versions.list()[index];
        let client = &self.clients.list[id];
        let check = &self.options.check;
        let served = FetchedRobots::new(&version.robots, FetchOutcome::FETCHED);
        let robots_txt = memchr::memmem::find(request.target.as_bytes(), b"robots.txt").is_some()
            && served
                .check_with(&client.crawler, &request.target, check)
                .selection
                == Selection::RobotsTxt;
        let fetches = &mut self.fetches[id];
        let fetch_status = time.and_then(|time| fetches.outcome_at(time));
        let outcome = fetch_status.unwrap_or(FetchOutcome::FETCHED);
        let verdict = if robots_txt {
            served.check_with(&client.crawler, &request.target, check)
        } else {
            FetchedRobots::new(&version.robots, outcome).check_with(
                &client.crawler,
                &request.target,
                check,
            )
        };
        let cached = match time {
            Some(time) if !robots_txt => {
                let window = time.plus(-self.options.cache_window);
                let from = fetches
                    .last_read(time)
                    .map_or(window, |read| read.max(window));
                self.versions
                    .live_during(from, time)
                    .filter(|&other| other != index)
                    .any(|other| {
                        FetchedRobots::new(&self.versions.list()[other].robots, outcome)
                            .check_with(&client.crawler, &request.target, check)
                            .allowed
                            != verdict.allowed
                    })
            }
            _ => false,
        };
        if robots_txt && verified != Some(false) {
            let outcome = FetchOutcome::Status {
                code: request.status.unwrap_or(200),
                redirects: 0,
            };
            if let Some(time) = time {
                fetches.record(time, outcome);
            }
            self.tally.fetch(id, time, request.status, outcome);
        }
        let class = match (verified, verdict.allowed, cached) {
            (Some(false), _, _) => Class::Unverified,
            (_, true, _) => Class::Allowed,
            (_, false, true) => Class::Cached,
            (_, false, false) => Class::Violation,
        };
        let log = self.logs.len();
        let sample = || Sample {
            time: request.time,
            ip: request.ip,
            crawler: client.token.clone(),
            url: request.target.to_string(),
            status: request.status,
            version: index,
            line: verdict.line,
            log,
            log_line: request.line,
        };
        self.tally.judged(Entry {
            client: id,
            time,
            version: index,
            verdict: &verdict,
            class,
            robots_fetch: robots_txt,
            verified,
            sample: &sample,
        });
        sink(&Judged {
            request,
            log: &self.log,
            client,
            time,
            version,
            fetch_status,
            verdict,
            cached,
            verified,
            robots_txt,
            options: check,
        });
    }

    /// Whether `ip` is inside the ranges given for the client, if any were.
    fn verified(&mut self, client: usize, ip: Option<IpAddr>) -> Option<bool> {
        if self.client_ranges.len() <= client {
            self.client_ranges.resize(client + 1, None);
        }
        let index = match self.client_ranges[client] {
            Some(index) => index,
            None => {
                let index = self.ranges_index(client);
                self.client_ranges[client] = Some(index);
                index
            }
        }?;
        Some(self.ranges[index].1.contains(ip?))
    }

    /// The ranges given for one of the client's tokens, most specific
    /// first.
    fn ranges_index(&self, client: usize) -> Option<usize> {
        let client = self.clients.list.get(client)?;
        client.crawler.tokens().iter().find_map(|token| {
            self.ranges
                .iter()
                .position(|(known, _)| known.eq_ignore_ascii_case(token))
        })
    }
}

#[cfg(test)]
mod tests;
