//! What a replay found, as data for a front end to word and chart: per
//! crawler its requests, violations with the deciding lines, the share it
//! obeyed, unverified claims, first and last seen and its robots.txt
//! fetches; per rule the violations it saw; requests per hour by verdict.
//!
//! The tallies grow with the crawlers, rules and hours seen, never with
//! the lines: a million requests of 400 crawlers over a day fit in a few
//! hundred kilobytes. Hours are capped ([`MAX_HOURS`]; requests past them
//! are counted, not charted).

use std::collections::BTreeMap;

use rustc_hash::FxHashMap as HashMap;
use std::net::IpAddr;

use super::clients::{Client, ClientKind};
use super::versions::Versions;
use crate::fetch::FetchOutcome;
use crate::read::log::{LogSummary, Timestamp};
use crate::verdict::Verdict;

/// The most hours the timeline holds (a little over a year).
pub const MAX_HOURS: usize = 24 * 400;

/// The most (crawler, hour) cells kept for per-crawler timelines.
const MAX_CRAWLER_HOURS: usize = 200_000;

/// The first violations kept per crawler and per rule, to show.
pub const SAMPLES: usize = 5;

/// The changes of what a crawler may do kept per crawler.
const FETCH_CHANGES: usize = 20;

/// Requests by what their verdict was.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Counts {
    /// Allowed by the version live at the time (robots.txt fetches
    /// included).
    pub allowed: u64,
    /// Disallowed by it, with no cache window to excuse them.
    pub violations: u64,
    /// Disallowed by it, but within the cache window after a change whose
    /// previous version allowed them ([`super::Judged::cached`]).
    pub cached: u64,
    /// Claims of a crawler from outside its operator's IP ranges.
    pub unverified: u64,
}

impl Counts {
    /// Disallowed by the version live at the time: violations and cached.
    pub fn disallowed(&self) -> u64 {
        self.violations + self.cached
    }

    /// Every request counted.
    pub fn total(&self) -> u64 {
        self.allowed + self.violations + self.cached + self.unverified
    }

    fn add(&mut self, class: Class) {
        match class {
            Class::Allowed => self.allowed += 1,
            Class::Violation => self.violations += 1,
            Class::Cached => self.cached += 1,
            Class::Unverified => self.unverified += 1,
        }
    }
}

/// Where a judged request is counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Class {
    Allowed,
    Violation,
    Cached,
    Unverified,
}

/// A request worth showing: a violation, with where it is in the logs.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Sample {
    /// When it was made.
    pub time: Option<Timestamp>,
    /// Who made it.
    pub ip: Option<IpAddr>,
    /// The crawler's token.
    pub crawler: String,
    /// What was requested.
    pub url: String,
    /// The response's status.
    pub status: Option<u16>,
    /// The version it was judged by (an index into the report's versions).
    pub version: usize,
    /// The deciding line, 0 when a fetch outcome decided.
    pub line: u32,
    /// Its log (an index into the report's logs) and line there.
    pub log: usize,
    /// Its line in that log.
    pub log_line: u64,
}

/// Violations one deciding line (of one version) saw.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct LineCount {
    /// The version (an index into the report's versions).
    pub version: usize,
    /// The line, 0 when the crawler's robots.txt fetch outcome decided.
    pub line: u32,
    /// That outcome, when it decided.
    #[cfg_attr(feature = "serde", serde(serialize_with = "outcome_name"))]
    pub outcome: Option<FetchOutcome>,
    /// How many violations.
    pub count: u64,
}

/// How often a crawler's robots.txt fetches got one status.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct FetchStatus {
    /// The status the server answered (`None` when the log has none).
    pub status: Option<u16>,
    /// How many fetches.
    pub count: u64,
    /// The first and last of them.
    pub first: Option<Timestamp>,
    /// The last of them.
    pub last: Option<Timestamp>,
}

/// A robots.txt fetch that changed what the crawler may do, by the fetch
/// policy: from `time` on, its verdicts are the outcome's (every URL
/// allowed or disallowed), or the file's rules again.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct FetchChange {
    /// When.
    pub time: Timestamp,
    /// How the fetch ended.
    #[cfg_attr(feature = "serde", serde(serialize_with = "outcome_name_one"))]
    pub outcome: FetchOutcome,
    /// What every URL got from then on: `Some(false)` all disallowed,
    /// `Some(true)` all allowed, `None` the file's rules decide again.
    pub every_url: Option<bool>,
}

/// One crawler's (or client group's) requests.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct CrawlerReport {
    /// The robots.txt token (`Googlebot`), or the group's name.
    pub token: String,
    /// The crawler checked (`Googlebot-Image>Googlebot`).
    pub spec: String,
    /// Known crawler, unknown client or browsers.
    pub kind: ClientKind,
    /// Who runs it, for a known crawler.
    pub operator: Option<&'static str>,
    /// Why it visits (`search`, `ai-training`, ...), for a known crawler.
    pub purpose: Option<&'static str>,
    /// Every request whose user agent claims it: robots.txt fetches and
    /// unverified claims included.
    pub requests: u64,
    /// Its requests by verdict.
    pub counts: Counts,
    /// Its requests for robots.txt (verified or unchecked claims).
    pub robots_fetches: u64,
    /// Claims from inside its operator's ranges.
    pub verified: u64,
    /// Whether IP ranges were given for it.
    pub ranges_given: bool,
    /// Its unverified claims that its rules disallowed.
    pub unverified_disallowed: u64,
    /// Its first request.
    pub first_seen: Option<Timestamp>,
    /// Its last request.
    pub last_seen: Option<Timestamp>,
    /// The share of its judged page requests (robots.txt fetches and
    /// unverified claims aside) that were not violations, from 0 to 1;
    /// `None` without any.
    pub obeyed: Option<f64>,
    /// Its robots.txt fetches by status.
    pub fetch_statuses: Vec<FetchStatus>,
    /// The fetches that changed what it may do (the first few).
    pub fetch_changes: Vec<FetchChange>,
    /// Its violations by deciding line, most first.
    pub violations_by_line: Vec<LineCount>,
    /// Its first violations.
    pub first_violations: Vec<Sample>,
}

/// The violations one deciding line saw.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct RuleReport {
    /// The version (an index into the report's versions).
    pub version: usize,
    /// The line, 0 when a robots.txt fetch outcome decided.
    pub line: u32,
    /// The rule as written, when a rule decided.
    pub rule: Option<String>,
    /// The fetch outcome, when it decided instead.
    #[cfg_attr(feature = "serde", serde(serialize_with = "outcome_name"))]
    pub outcome: Option<FetchOutcome>,
    /// Violations it decided.
    pub violations: u64,
    /// Those violations by crawler token, most first.
    pub crawlers: Vec<(String, u64)>,
    /// The first of them.
    pub first: Vec<Sample>,
}

/// One hour of the timeline.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct HourCounts {
    /// The hour's start.
    pub hour: Timestamp,
    /// Its crawler requests by verdict.
    pub counts: Counts,
}

/// A version and how many requests it judged.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct VersionReport {
    /// Its name.
    pub name: String,
    /// When it went live (`None`: from the start).
    pub since: Option<Timestamp>,
    /// Requests judged by it.
    pub requests: u64,
}

/// Browsers' requests: counted, not judged.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct BrowserReport {
    /// How many.
    pub requests: u64,
    /// The first.
    pub first_seen: Option<Timestamp>,
    /// The last.
    pub last_seen: Option<Timestamp>,
}

/// Everything a replay found.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Report {
    /// Each log read, with its format and the lines it could not read.
    pub logs: Vec<LogSummary>,
    /// The robots.txt versions, in the order they went live.
    pub versions: Vec<VersionReport>,
    /// Requests read from the logs.
    pub requests: u64,
    /// Of them, requests of crawlers and other non-browser clients.
    pub crawler_requests: u64,
    /// Crawler requests by verdict.
    pub counts: Counts,
    /// Browsers' requests, not judged.
    pub browsers: BrowserReport,
    /// Every crawler and client group, most requests first (ties by token).
    pub crawlers: Vec<CrawlerReport>,
    /// Every line that decided a violation, most violations first.
    pub rules: Vec<RuleReport>,
    /// Crawler requests per hour, by verdict.
    pub timeline: Vec<HourCounts>,
    /// Crawler requests in hours past [`MAX_HOURS`]: counted, not charted.
    pub outside_timeline: u64,
    /// Requests with no time of their own or of a line before them,
    /// judged by the earliest version.
    pub judged_without_time: u64,
    /// The first request's time.
    pub first_seen: Option<Timestamp>,
    /// The last request's time.
    pub last_seen: Option<Timestamp>,
    /// Whether so many unknown clients came that some share one group.
    pub grouped_other_clients: bool,
}

#[cfg(feature = "serde")]
fn outcome_name<S: serde::Serializer>(
    outcome: &Option<FetchOutcome>,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    match outcome {
        Some(outcome) => serializer.serialize_str(&outcome.name()),
        None => serializer.serialize_none(),
    }
}

#[cfg(feature = "serde")]
fn outcome_name_one<S: serde::Serializer>(
    outcome: &FetchOutcome,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    serializer.serialize_str(&outcome.name())
}

/// Where a violation's deciding line is: version, line, and the fetch
/// outcome when that decided.
type RuleKey = (usize, u32, Option<FetchOutcome>);

/// One crawler's tallies.
#[derive(Clone, Debug, Default)]
struct CrawlerTally {
    requests: u64,
    counts: Counts,
    robots_fetches: u64,
    verified: u64,
    unverified_disallowed: u64,
    page_requests: u64,
    first_seen: Option<Timestamp>,
    last_seen: Option<Timestamp>,
    statuses: BTreeMap<Option<u16>, FetchStatus>,
    changes: Vec<FetchChange>,
    /// What every URL got after its last fetch (for telling changes).
    every_url: Option<Option<bool>>,
    lines: HashMap<RuleKey, u64>,
    samples: Vec<Sample>,
}

/// A rule's tallies.
#[derive(Clone, Debug, Default)]
struct RuleTally {
    violations: u64,
    crawlers: HashMap<usize, u64>,
    samples: Vec<Sample>,
}

/// What one judged request adds to the tallies.
pub(super) struct Entry<'a> {
    pub client: usize,
    pub time: Option<Timestamp>,
    pub version: usize,
    pub verdict: &'a Verdict,
    pub class: Class,
    pub robots_fetch: bool,
    pub verified: Option<bool>,
    /// Makes the sample of a violation, when one is kept.
    pub sample: &'a dyn Fn() -> Sample,
}

/// The running tallies of a replay.
#[derive(Default)]
pub(super) struct Tally {
    crawlers: Vec<CrawlerTally>,
    rules: HashMap<RuleKey, RuleTally>,
    hours: BTreeMap<i64, Counts>,
    crawler_hours: HashMap<(usize, i64), Counts>,
    outside_timeline: u64,
    versions: Vec<u64>,
    requests: u64,
    browsers: BrowserReport,
    judged_without_time: u64,
    first_seen: Option<Timestamp>,
    last_seen: Option<Timestamp>,
}

fn widen(first: &mut Option<Timestamp>, last: &mut Option<Timestamp>, time: Option<Timestamp>) {
    if let Some(time) = time {
        *first = Some(first.map_or(time, |f| f.min(time)));
        *last = Some(last.map_or(time, |l| l.max(time)));
    }
}

impl Tally {
    /// A request read, whoever sent it.
    pub(super) fn request(&mut self, time: Option<Timestamp>) {
        self.requests += 1;
        widen(&mut self.first_seen, &mut self.last_seen, time);
    }

    /// A browser's request.
    pub(super) fn browser(&mut self, time: Option<Timestamp>) {
        self.browsers.requests += 1;
        let browsers = &mut self.browsers;
        widen(&mut browsers.first_seen, &mut browsers.last_seen, time);
    }

    /// A request judged with no time known.
    pub(super) fn without_time(&mut self) {
        self.judged_without_time += 1;
    }

    /// A judged request.
    pub(super) fn judged(&mut self, entry: Entry<'_>) {
        if self.crawlers.len() <= entry.client {
            self.crawlers
                .resize_with(entry.client + 1, CrawlerTally::default);
        }
        if self.versions.len() <= entry.version {
            self.versions.resize(entry.version + 1, 0);
        }
        self.versions[entry.version] += 1;
        let crawler = &mut self.crawlers[entry.client];
        crawler.requests += 1;
        crawler.counts.add(entry.class);
        widen(&mut crawler.first_seen, &mut crawler.last_seen, entry.time);
        match entry.verified {
            Some(true) => crawler.verified += 1,
            Some(false) if !entry.verdict.allowed => crawler.unverified_disallowed += 1,
            _ => {}
        }
        if entry.robots_fetch && entry.class != Class::Unverified {
            crawler.robots_fetches += 1;
        } else if entry.class != Class::Unverified {
            crawler.page_requests += 1;
        }
        if entry.class == Class::Violation {
            let key = (
                entry.version,
                entry.verdict.line,
                fetch_outcome(entry.verdict),
            );
            *crawler.lines.entry(key).or_default() += 1;
            let keep = crawler.samples.len() < SAMPLES;
            let rule = self.rules.entry(key).or_default();
            rule.violations += 1;
            *rule.crawlers.entry(entry.client).or_default() += 1;
            if keep || rule.samples.len() < SAMPLES {
                let sample = (entry.sample)();
                if rule.samples.len() < SAMPLES {
                    rule.samples.push(sample.clone());
                }
                if keep {
                    crawler.samples.push(sample);
                }
            }
        }
        if let Some(time) = entry.time {
            let hour = time.hour().unix();
            if self.hours.len() < MAX_HOURS || self.hours.contains_key(&hour) {
                self.hours.entry(hour).or_default().add(entry.class);
                let cells = self.crawler_hours.len();
                let key = (entry.client, hour);
                if cells < MAX_CRAWLER_HOURS || self.crawler_hours.contains_key(&key) {
                    self.crawler_hours.entry(key).or_default().add(entry.class);
                }
            } else {
                self.outside_timeline += 1;
            }
        }
    }

    /// A robots.txt fetch by a crawler (verified or unchecked), which the
    /// fetch policy turns into what it may do next.
    pub(super) fn fetch(
        &mut self,
        client: usize,
        time: Option<Timestamp>,
        status: Option<u16>,
        outcome: FetchOutcome,
    ) {
        if self.crawlers.len() <= client {
            self.crawlers.resize_with(client + 1, CrawlerTally::default);
        }
        let crawler = &mut self.crawlers[client];
        let counted = crawler.statuses.entry(status).or_insert(FetchStatus {
            status,
            count: 0,
            first: None,
            last: None,
        });
        counted.count += 1;
        widen(&mut counted.first, &mut counted.last, time);
        let every_url = outcome.fixed_verdict().map(|verdict| verdict.allowed);
        let before = crawler.every_url.unwrap_or(None);
        crawler.every_url = Some(every_url);
        if every_url != before && crawler.changes.len() < FETCH_CHANGES {
            if let Some(time) = time {
                crawler.changes.push(FetchChange {
                    time,
                    outcome,
                    every_url,
                });
            }
        }
    }

    /// The per-hour counts of one client.
    pub(super) fn hours_of(&self, client: usize) -> Vec<HourCounts> {
        let mut hours: Vec<HourCounts> = self
            .crawler_hours
            .iter()
            .filter(|((id, _), _)| *id == client)
            .filter_map(|(&(_, hour), &counts)| {
                Some(HourCounts {
                    hour: Timestamp::from_unix(hour)?,
                    counts,
                })
            })
            .collect();
        crate::sort::sort_by_key(&mut hours, |hour| hour.hour);
        hours
    }

    /// The report of everything tallied.
    pub(super) fn report(
        &self,
        clients: &[Client],
        versions: &Versions,
        logs: Vec<LogSummary>,
        grouped_other_clients: bool,
        ranges_given: impl Fn(usize) -> bool,
    ) -> Report {
        let mut crawlers: Vec<CrawlerReport> = self
            .crawlers
            .iter()
            .enumerate()
            .filter(|(_, tally)| tally.requests > 0)
            .filter_map(|(id, tally)| {
                Some(crawler_report(clients.get(id)?, tally, ranges_given(id)))
            })
            .collect();
        crate::sort::sort_by(&mut crawlers, |a, b| {
            b.requests.cmp(&a.requests).then(a.token.cmp(&b.token))
        });
        let mut rules: Vec<RuleReport> = self
            .rules
            .iter()
            .map(|(&(version, line, outcome), tally)| {
                let mut by_crawler: Vec<(String, u64)> = tally
                    .crawlers
                    .iter()
                    .filter_map(|(&id, &n)| Some((clients.get(id)?.token.clone(), n)))
                    .collect();
                crate::sort::sort_by(&mut by_crawler, |a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
                RuleReport {
                    version,
                    line,
                    rule: versions
                        .list()
                        .get(version)
                        .and_then(|v| v.robots.rules().iter().find(|rule| rule.line == line))
                        .filter(|_| outcome.is_none())
                        .map(|rule| rule.text.clone()),
                    outcome,
                    violations: tally.violations,
                    crawlers: by_crawler,
                    first: tally.samples.clone(),
                }
            })
            .collect();
        crate::sort::sort_by(&mut rules, |a, b| {
            b.violations
                .cmp(&a.violations)
                .then((a.version, a.line).cmp(&(b.version, b.line)))
        });
        let mut counts = Counts::default();
        for (tally, _) in self.crawlers.iter().zip(clients) {
            counts.allowed += tally.counts.allowed;
            counts.violations += tally.counts.violations;
            counts.cached += tally.counts.cached;
            counts.unverified += tally.counts.unverified;
        }
        Report {
            logs,
            versions: versions
                .list()
                .iter()
                .enumerate()
                .map(|(i, v)| VersionReport {
                    name: v.name.clone(),
                    since: v.since,
                    requests: self.versions.get(i).copied().unwrap_or(0),
                })
                .collect(),
            requests: self.requests,
            crawler_requests: counts.total(),
            counts,
            browsers: self.browsers.clone(),
            crawlers,
            rules,
            timeline: self
                .hours
                .iter()
                .filter_map(|(&hour, &counts)| {
                    Some(HourCounts {
                        hour: Timestamp::from_unix(hour)?,
                        counts,
                    })
                })
                .collect(),
            outside_timeline: self.outside_timeline,
            judged_without_time: self.judged_without_time,
            first_seen: self.first_seen,
            last_seen: self.last_seen,
            grouped_other_clients,
        }
    }
}

/// The fetch outcome that decided a verdict, if one did.
fn fetch_outcome(verdict: &Verdict) -> Option<FetchOutcome> {
    match verdict.selection {
        crate::verdict::Selection::FetchOutcome(outcome) => Some(outcome),
        _ => None,
    }
}

fn crawler_report(client: &Client, tally: &CrawlerTally, ranges_given: bool) -> CrawlerReport {
    let mut lines: Vec<LineCount> = tally
        .lines
        .iter()
        .map(|(&(version, line, outcome), &count)| LineCount {
            version,
            line,
            outcome,
            count,
        })
        .collect();
    crate::sort::sort_by(&mut lines, |a, b| {
        b.count
            .cmp(&a.count)
            .then((a.version, a.line).cmp(&(b.version, b.line)))
    });
    CrawlerReport {
        token: client.token.clone(),
        spec: client.spec.clone(),
        kind: client.kind,
        operator: client.preset.map(|p| p.operator),
        purpose: client.preset.map(|p| p.purpose.key()),
        requests: tally.requests,
        counts: tally.counts,
        robots_fetches: tally.robots_fetches,
        verified: tally.verified,
        ranges_given,
        unverified_disallowed: tally.unverified_disallowed,
        first_seen: tally.first_seen,
        last_seen: tally.last_seen,
        obeyed: (tally.page_requests > 0).then(|| {
            (tally.page_requests - tally.counts.violations.min(tally.page_requests)) as f64
                / tally.page_requests as f64
        }),
        fetch_statuses: tally.statuses.values().cloned().collect(),
        fetch_changes: tally.changes.clone(),
        violations_by_line: lines,
        first_violations: tally.samples.clone(),
    }
}
