//! Replays of small logs: versions, the cache window, robots.txt fetches,
//! verification and the report.

use super::*;
use crate::Robots;

const GPTBOT: &str = "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.2; +https://openai.com/gptbot";
const GOOGLEBOT: &str = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const GOOGLEBOT_IMAGE: &str = "Googlebot-Image/1.0";
const FIREFOX: &str = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";

/// A Combined Log Format line on 2024-05-02 at `time` (`HH:MM:SS`, UTC),
/// or on a later day with `+D HH:MM:SS`.
fn line(ip: &str, time: &str, path: &str, status: u16, agent: &str) -> String {
    let (day, clock) = match time.split_once(' ') {
        Some((plus, clock)) => (
            2 + plus.trim_start_matches('+').parse::<u32>().unwrap(),
            clock,
        ),
        None => (2, time),
    };
    format!("{ip} - - [{day:02}/May/2024:{clock} +0000] \"GET {path} HTTP/1.1\" {status} 100 \"-\" \"{agent}\"\n")
}

fn at(text: &str) -> Option<Timestamp> {
    Some(Timestamp::parse(text).unwrap())
}

fn version(name: &str, since: Option<&str>, text: &str) -> RobotsVersion {
    RobotsVersion {
        name: name.to_string(),
        since: since.and_then(at),
        robots: Robots::parse(text.as_bytes()),
    }
}

/// Blocks nothing until 10:00 on 2024-05-02, then /article/ for GPTBot.
fn two_versions() -> Versions {
    Versions::new(vec![
        version("old.txt", None, "User-agent: *\nDisallow: /admin/\n"),
        version(
            "new.txt",
            Some("2024-05-02T10:00:00Z"),
            "User-agent: *\nDisallow: /admin/\n\nUser-agent: GPTBot\nDisallow: /article/\n",
        ),
    ])
    .unwrap()
}

/// Each request's (line, allowed, cached, verified, version name) and the
/// report, with the log fed in chunks of `size`.
type Seen = (u64, bool, bool, Option<bool>, String);

fn replay_in_chunks(replay: &mut Replay, log: &str, size: usize) -> (Vec<Seen>, Report) {
    let mut seen = Vec::new();
    let mut sink = |judged: &Judged<'_>| {
        seen.push((
            judged.request.line,
            judged.verdict.allowed,
            judged.cached,
            judged.verified,
            judged.version.name.clone(),
        ))
    };
    replay.start_log(LogReader::new("access.log"));
    for chunk in log.as_bytes().chunks(size.max(1)) {
        replay.feed(chunk, &mut sink);
    }
    replay.end_log(&mut sink);
    (seen, replay.report())
}

fn replay(versions: impl Fn() -> Versions, log: &str) -> (Vec<Seen>, Report) {
    let whole = replay_in_chunks(
        &mut Replay::new(versions(), ReplayOptions::default()),
        log,
        log.len(),
    );
    for size in [1, 13, 4096] {
        let chunked = replay_in_chunks(
            &mut Replay::new(versions(), ReplayOptions::default()),
            log,
            size,
        );
        assert_eq!(chunked, whole, "chunks of {size}");
    }
    whole
}

fn crawler<'r>(report: &'r Report, token: &str) -> &'r CrawlerReport {
    report
        .crawlers
        .iter()
        .find(|c| c.token == token)
        .unwrap_or_else(|| {
            panic!(
                "no {token} in {:?}",
                report.crawlers.iter().map(|c| &c.token).collect::<Vec<_>>()
            )
        })
}

#[test]
fn each_request_is_judged_by_the_version_live_at_its_time() {
    let log = [
        line("192.0.2.1", "09:00:00", "/article/1", 200, GPTBOT),
        line("192.0.2.1", "+2 09:00:00", "/article/2", 200, GPTBOT),
        // GPTBot has a group of its own in the new version: the * group's
        // Disallow no longer applies to it.
        line("192.0.2.1", "+2 09:00:01", "/admin/", 200, GPTBOT),
        line("192.0.2.1", "+2 09:00:02", "/", 200, GPTBOT),
        line("66.249.66.1", "+2 09:00:03", "/admin/", 200, GOOGLEBOT),
    ]
    .concat();
    let (seen, report) = replay(two_versions, &log);
    let names: Vec<(&str, bool)> = seen.iter().map(|s| (s.4.as_str(), s.1)).collect();
    assert_eq!(
        names,
        [
            ("old.txt", true),
            ("new.txt", false),
            ("new.txt", true),
            ("new.txt", true),
            ("new.txt", false)
        ]
    );
    let gptbot = crawler(&report, "GPTBot");
    assert_eq!((gptbot.requests, gptbot.counts.violations), (4, 1));
    assert_eq!(gptbot.obeyed, Some(0.75));
    assert_eq!(gptbot.first_seen, at("2024-05-02T09:00:00Z"));
    assert_eq!(gptbot.last_seen, at("2024-05-04T09:00:02Z"));
    assert_eq!(report.versions[0].requests, 1);
    assert_eq!(report.versions[1].requests, 4);
    // Per rule: each deciding line, with the crawlers it stopped.
    assert_eq!(report.rules.len(), 2);
    assert_eq!(report.rules[0].rule.as_deref(), Some("Disallow: /admin/"));
    assert_eq!((report.rules[0].version, report.rules[0].line), (1, 2));
    assert_eq!(report.rules[0].crawlers, [("Googlebot".to_string(), 1)]);
    assert_eq!(report.rules[1].rule.as_deref(), Some("Disallow: /article/"));
    assert_eq!(report.rules[1].crawlers, [("GPTBot".to_string(), 1)]);
    assert_eq!(report.rules[1].first[0].url, "/article/2");
    assert_eq!(report.rules[1].first[0].log_line, 2);
    assert_eq!(gptbot.violations_by_line[0].line, 5);
}

#[test]
fn within_24_hours_of_a_change_a_new_block_is_cached_not_a_violation() {
    let log = [
        // 10 minutes after the change: the old copy allowed it.
        line("192.0.2.1", "10:10:00", "/article/1", 200, GPTBOT),
        // 23 hours 59 minutes after: still within the window.
        line("192.0.2.1", "+1 09:59:00", "/article/2", 200, GPTBOT),
        // 24 hours and a minute after: a violation.
        line("192.0.2.1", "+1 10:01:00", "/article/3", 200, GPTBOT),
    ]
    .concat();
    let (seen, report) = replay(two_versions, &log);
    let cached: Vec<(bool, bool)> = seen.iter().map(|s| (s.1, s.2)).collect();
    assert_eq!(cached, [(false, true), (false, true), (false, false)]);
    let gptbot = crawler(&report, "GPTBot");
    assert_eq!(gptbot.counts.cached, 2);
    assert_eq!(gptbot.counts.violations, 1);
    assert_eq!(gptbot.counts.disallowed(), 3);
    assert_eq!(report.rules[0].violations, 1);
}

#[test]
fn a_fetch_of_the_new_version_ends_the_cache_window() {
    let log = [
        line("192.0.2.1", "10:05:00", "/robots.txt", 200, GPTBOT),
        line("192.0.2.1", "10:10:00", "/article/1", 200, GPTBOT),
    ]
    .concat();
    let (seen, report) = replay(two_versions, &log);
    assert!(seen[0].1);
    assert_eq!((seen[1].1, seen[1].2), (false, false));
    assert_eq!(crawler(&report, "GPTBot").counts.violations, 1);
    assert_eq!(crawler(&report, "GPTBot").robots_fetches, 1);
}

#[test]
fn a_fetch_before_the_change_leaves_the_window_open() {
    let log = [
        line("192.0.2.1", "09:55:00", "/robots.txt", 200, GPTBOT),
        line("192.0.2.1", "10:10:00", "/article/1", 200, GPTBOT),
    ]
    .concat();
    let (seen, _) = replay(two_versions, &log);
    assert_eq!((seen[1].1, seen[1].2), (false, true));
}

#[test]
fn a_newly_allowed_url_within_the_window_is_marked_cached_too() {
    let versions = || {
        Versions::new(vec![
            version("old", None, "User-agent: *\nDisallow: /x\n"),
            version(
                "new",
                Some("2024-05-02T10:00:00Z"),
                "User-agent: *\nAllow: /\n",
            ),
        ])
        .unwrap()
    };
    let log = line("192.0.2.1", "11:00:00", "/x", 200, GPTBOT);
    let (seen, report) = replay(versions, &log);
    assert_eq!((seen[0].1, seen[0].2), (true, true));
    assert_eq!(crawler(&report, "GPTBot").counts.allowed, 1);
}

#[test]
fn a_5xx_robots_txt_disallows_everything_for_that_crawler_until_its_next_fetch() {
    let versions = || {
        Versions::one(
            "robots.txt",
            Robots::parse(b"User-agent: *\nDisallow: /admin/\n"),
        )
    };
    let log = [
        line("66.249.66.1", "10:00:00", "/robots.txt", 503, GOOGLEBOT),
        line("66.249.66.1", "10:05:00", "/page", 200, GOOGLEBOT),
        // Another crawler's fetch went fine: its verdicts are the file's.
        line("192.0.2.1", "10:06:00", "/page", 200, GPTBOT),
        line("66.249.66.1", "11:00:00", "/robots.txt", 200, GOOGLEBOT),
        line("66.249.66.1", "11:05:00", "/page", 200, GOOGLEBOT),
        line("66.249.66.1", "12:00:00", "/robots.txt", 404, GOOGLEBOT),
        line("66.249.66.1", "12:05:00", "/admin/", 200, GOOGLEBOT),
    ]
    .concat();
    let mut records = Vec::new();
    let mut replay = Replay::new(versions(), ReplayOptions::default());
    replay.start_log(LogReader::new("access.log"));
    let mut sink = |judged: &Judged<'_>| {
        let record = judged.record();
        records.push((
            record.verdict.allowed,
            record.verdict.category,
            record.fetch_status.clone(),
            record.robots_txt,
        ));
    };
    replay.feed(log.as_bytes(), &mut sink);
    replay.end_log(&mut sink);
    use crate::Category::*;
    assert_eq!(
        records,
        [
            (true, AllowedImplicit, None, true),
            (false, Unreachable, Some("503".to_string()), false),
            (true, AllowedImplicit, None, false),
            // The fetch itself is allowed, whatever the one before did.
            (true, AllowedImplicit, Some("503".to_string()), true),
            (true, AllowedImplicit, Some("200".to_string()), false),
            (true, AllowedImplicit, Some("200".to_string()), true),
            (true, Unavailable, Some("404".to_string()), false),
        ]
    );
    let report = replay.report();
    let googlebot = crawler(&report, "Googlebot");
    assert_eq!(googlebot.robots_fetches, 3);
    assert_eq!(googlebot.counts.violations, 1);
    let statuses: Vec<(Option<u16>, u64)> = googlebot
        .fetch_statuses
        .iter()
        .map(|s| (s.status, s.count))
        .collect();
    assert_eq!(statuses, [(Some(200), 1), (Some(404), 1), (Some(503), 1)]);
    let changes: Vec<(String, Option<bool>)> = googlebot
        .fetch_changes
        .iter()
        .map(|c| (c.time.to_string(), c.every_url))
        .collect();
    assert_eq!(
        changes,
        [
            ("2024-05-02T10:00:00Z".to_string(), Some(false)),
            ("2024-05-02T11:00:00Z".to_string(), None),
            ("2024-05-02T12:00:00Z".to_string(), Some(true)),
        ]
    );
    // The violation's deciding "rule" is the fetch outcome.
    assert_eq!(report.rules[0].line, 0);
    assert_eq!(
        report.rules[0].outcome,
        Some(FetchOutcome::Status {
            code: 503,
            redirects: 0
        })
    );
    assert_eq!(report.rules[0].rule, None);
    assert_eq!(
        googlebot.violations_by_line[0].outcome,
        report.rules[0].outcome
    );
}

fn googlebot_ranges() -> IpRanges {
    IpRanges::parse(
        br#"{"prefixes":[{"ipv4Prefix":"66.249.64.0/19"},{"ipv6Prefix":"2001:4860:4801::/48"}]}"#,
    )
    .unwrap()
}

#[test]
fn claims_from_outside_the_ranges_are_unverified_and_kept_apart() {
    let versions = || {
        Versions::one(
            "robots.txt",
            Robots::parse(b"User-agent: *\nDisallow: /private/\n"),
        )
    };
    let log = [
        line("66.249.66.1", "10:00:00", "/private/a", 200, GOOGLEBOT),
        line(
            "2001:4860:4801:10::1",
            "10:00:01",
            "/private/b",
            200,
            GOOGLEBOT,
        ),
        line("203.0.113.50", "10:00:02", "/private/c", 200, GOOGLEBOT),
        line("203.0.113.50", "10:00:03", "/robots.txt", 503, GOOGLEBOT),
        line(
            "66.249.66.2",
            "10:00:04",
            "/private/d",
            200,
            GOOGLEBOT_IMAGE,
        ),
        line("203.0.113.51", "10:00:05", "/x", 200, GOOGLEBOT_IMAGE),
        line("192.0.2.1", "10:00:06", "/private/e", 200, GPTBOT),
    ]
    .concat();
    let mut replay = Replay::new(versions(), ReplayOptions::default());
    replay.verify("googlebot", googlebot_ranges());
    let (seen, report) = replay_in_chunks(&mut replay, &log, 100);
    let verified: Vec<Option<bool>> = seen.iter().map(|s| s.3).collect();
    assert_eq!(
        verified,
        [
            Some(true),
            Some(true),
            Some(false),
            Some(false),
            Some(true),
            Some(false),
            None
        ]
    );
    let googlebot = crawler(&report, "Googlebot");
    assert_eq!(googlebot.requests, 4);
    assert_eq!(googlebot.counts.unverified, 2);
    assert_eq!(googlebot.counts.violations, 2);
    assert_eq!(googlebot.unverified_disallowed, 1);
    assert_eq!(googlebot.verified, 2);
    assert!(googlebot.ranges_given);
    // An unverified fetch of robots.txt changes nothing for the crawler.
    assert_eq!(googlebot.robots_fetches, 0);
    assert!(googlebot.fetch_statuses.is_empty());
    // Googlebot-Image falls back to Googlebot, and so do its ranges.
    let image = crawler(&report, "Googlebot-Image");
    assert_eq!((image.verified, image.counts.unverified), (1, 1));
    assert_eq!(image.spec, "Googlebot-Image>Googlebot");
    assert!(!crawler(&report, "GPTBot").ranges_given);
    assert_eq!(report.counts.unverified, 3);
}

#[test]
fn unknown_bots_are_grouped_and_browsers_counted_apart() {
    let versions = || {
        Versions::one(
            "robots.txt",
            Robots::parse(
                b"User-agent: *\nDisallow: /private/\n\nUser-agent: FooBot\nDisallow: /\n",
            ),
        )
    };
    let log = [
        line(
            "192.0.2.1",
            "10:00:00",
            "/a",
            200,
            "Mozilla/5.0 (compatible; FooBot/1.0; +http://foo.example/bot)",
        ),
        line("192.0.2.1", "10:00:01", "/b", 200, "FooBot/2.0"),
        line("192.0.2.2", "10:00:02", "/private/x", 200, "curl/8.5.0"),
        line("192.0.2.3", "10:00:03", "/private/x", 200, FIREFOX),
        line("192.0.2.3", "10:00:04", "/private/y", 200, "-"),
    ]
    .concat();
    let (seen, report) = replay(versions, &log);
    assert_eq!(seen.len(), 4, "browsers are not judged");
    let foobot = crawler(&report, "FooBot");
    assert_eq!(foobot.kind, ClientKind::Unknown);
    assert_eq!((foobot.requests, foobot.counts.violations), (2, 2));
    assert_eq!(crawler(&report, "curl").counts.violations, 1);
    assert_eq!(crawler(&report, NO_USER_AGENT).counts.violations, 1);
    assert_eq!(report.browsers.requests, 1);
    assert_eq!(report.requests, 5);
    assert_eq!(report.crawler_requests, 4);
    assert!(report
        .crawlers
        .iter()
        .all(|c| c.kind != ClientKind::Browser));
}

#[test]
fn the_timeline_counts_requests_per_hour_by_verdict() {
    let log = [
        line("192.0.2.1", "09:10:00", "/article/1", 200, GPTBOT),
        line("192.0.2.1", "09:50:00", "/admin/", 200, GPTBOT),
        line("192.0.2.1", "+3 10:10:00", "/article/2", 200, GPTBOT),
        line("66.249.66.1", "+3 10:20:00", "/", 200, GOOGLEBOT),
        line("192.0.2.9", "+3 10:30:00", "/", 200, FIREFOX),
    ]
    .concat();
    let (_, report) = replay(two_versions, &log);
    let hours: Vec<(String, u64, u64)> = report
        .timeline
        .iter()
        .map(|h| (h.hour.to_string(), h.counts.allowed, h.counts.violations))
        .collect();
    assert_eq!(
        hours,
        [
            ("2024-05-02T09:00:00Z".to_string(), 1, 1),
            ("2024-05-05T10:00:00Z".to_string(), 1, 1),
        ]
    );
    let mut replay = Replay::new(two_versions(), ReplayOptions::default());
    replay.feed(log.as_bytes(), &mut |_| {});
    let gptbot = replay.timeline_of("gptbot");
    assert_eq!(gptbot.len(), 2);
    assert_eq!(gptbot[1].counts.violations, 1);
    assert_eq!(gptbot[1].counts.allowed, 0);
    assert!(replay.timeline_of("nobody").is_empty());
    assert_eq!(replay.progress().lines, 5);
}

#[test]
fn lines_whose_time_does_not_read_are_judged_as_of_the_line_before() {
    let log = [
        line("192.0.2.1", "+1 09:00:00", "/article/1", 200, GPTBOT),
        "192.0.2.1 - - [yesterday] \"GET /article/2 HTTP/1.1\" 200 1 \"-\" \"GPTBot/1.2\"\n"
            .to_string(),
    ]
    .concat();
    let (seen, report) = replay(two_versions, &log);
    assert_eq!(seen[1].4, "new.txt");
    assert_eq!(report.logs[0].unreadable_times.count, 1);
    assert_eq!(report.judged_without_time, 0);
    // With no time at all, the earliest version judges.
    let (seen, report) = replay(
        two_versions,
        "{\"url\":\"/article/3\",\"user_agent\":\"GPTBot/1.2\"}\n",
    );
    assert_eq!(seen[0].4, "old.txt");
    assert_eq!(report.judged_without_time, 1);
}

/// The replay of one GPTBot violation, verified, from inside Google's
/// test ranges.
fn one_violation(each: &mut impl FnMut(&Judged<'_>)) {
    let log = line("66.249.66.1", "+1 10:00:00", "/article/a,b", 200, GPTBOT);
    let mut replay = Replay::new(two_versions(), ReplayOptions::default());
    replay.verify("GPTBot", googlebot_ranges());
    replay.feed(log.as_bytes(), each);
}

const AGENT_FIELD: &str = "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.2; +https://openai.com/gptbot";

#[test]
fn records_are_written_as_csv_with_the_verdict_records_columns() {
    let mut csv = ReplayRecord::csv_header();
    one_violation(&mut |judged| {
        judged.record().write_csv(&mut csv);
        assert!(judged.is_violation());
        assert_eq!(judged.fetched().outcome(), FetchOutcome::FETCHED);
    });
    assert_eq!(
        csv,
        format!(
            "time,ip,crawler,status,allowed,line,rule,verdict,category,url,path,agent,mode,cached,verified,robots_txt,version,fetch_status,method,host,user_agent,log,log_line\r\n\
             2024-05-03T10:00:00Z,66.249.66.1,GPTBot,200,false,5,Disallow: /article/,disallowed,disallowed-explicit,\"/article/a,b\",\"/article/a,b\",GPTBot,google,false,true,false,new.txt,,GET,,\"{AGENT_FIELD}\",log,1\r\n"
        )
    );
}

#[cfg(feature = "serde")]
#[test]
fn records_are_written_as_json_with_the_csv_columns_as_keys() {
    let mut json = String::new();
    one_violation(&mut |judged| json = serde_json::to_string(&judged.record()).unwrap());
    assert_eq!(
        json,
        format!(
            r#"{{"time":"2024-05-03T10:00:00Z","ip":"66.249.66.1","crawler":"GPTBot","status":200,"allowed":false,"line":5,"rule":"Disallow: /article/","verdict":"disallowed","category":"disallowed-explicit","url":"/article/a,b","path":"/article/a,b","agent":"GPTBot","mode":"google","cached":false,"verified":true,"robots_txt":false,"version":"new.txt","fetch_status":null,"method":"GET","host":null,"user_agent":"{AGENT_FIELD}","log":"log","log_line":1}}"#
        )
    );
    let header = ReplayRecord::csv_header();
    let mut at = 0;
    for key in header.trim_end().split(',') {
        at += json[at..]
            .find(&format!("\"{key}\":"))
            .unwrap_or_else(|| panic!("{key}"));
    }
}

#[test]
fn several_logs_make_one_report_with_a_summary_each() {
    let mut replay = Replay::new(two_versions(), ReplayOptions::default());
    replay.start_log(LogReader::new("a.log"));
    replay.feed(
        line("192.0.2.1", "+1 10:00:00", "/article/1", 200, GPTBOT).as_bytes(),
        &mut |_| {},
    );
    replay.start_log(LogReader::new("b.log"));
    replay.feed(b"not a log line\n", &mut |_| {});
    replay.feed(
        line("192.0.2.1", "+1 11:00:00", "/article/2", 200, GPTBOT).as_bytes(),
        &mut |j| assert_eq!(j.log, "b.log"),
    );
    let report = replay.report();
    assert_eq!(report.logs.len(), 2);
    assert_eq!(report.logs[1].name, "b.log");
    assert_eq!(report.logs[1].unreadable.count, 1);
    let gptbot = crawler(&report, "GPTBot");
    assert_eq!(gptbot.counts.violations, 2);
    assert_eq!(gptbot.first_violations[1].log, 1);
    assert_eq!(gptbot.first_violations[1].log_line, 2);
    assert_eq!(replay.end_log(&mut |_| {}).name, "b.log");
    assert_eq!(replay.progress().lines, 3);
}

/// What a worker posts to its page: the report as JSON, times as RFC 3339,
/// outcomes by name, the log's format by its short name.
#[cfg(feature = "serde")]
#[test]
fn the_report_serializes_for_a_worker() {
    let log = [
        line("66.249.66.1", "10:00:00", "/robots.txt", 503, GOOGLEBOT),
        line("66.249.66.1", "10:05:00", "/page", 200, GOOGLEBOT),
    ]
    .concat();
    let (_, report) = replay(two_versions, &log);
    let json = serde_json::to_value(&report).unwrap();
    assert_eq!(json["logs"][0]["format"], "combined");
    assert_eq!(json["versions"][1]["since"], "2024-05-02T10:00:00Z");
    let googlebot = &json["crawlers"][0];
    assert_eq!(googlebot["token"], "Googlebot");
    assert_eq!(googlebot["kind"], "known");
    assert_eq!(googlebot["counts"]["violations"], 1);
    assert_eq!(googlebot["fetch_changes"][0]["outcome"], "503");
    assert_eq!(googlebot["fetch_changes"][0]["every_url"], false);
    assert_eq!(json["rules"][0]["outcome"], "503");
    assert_eq!(json["timeline"][0]["hour"], "2024-05-02T10:00:00Z");
}
