//! Properties of the log reader and the replay on random inputs (the
//! `log_replay` fuzz target searches further):
//!
//! * no input panics: random bytes, and random lines built from the
//!   pieces real logs are made of (so that most of them parse);
//! * how the log is cut into chunks changes nothing: the same requests,
//!   the same summary, the same report;
//! * every line is accounted for, and the report's totals add up.

use proptest::prelude::*;
use robots_matcher::read::ip_ranges::IpRanges;
use robots_matcher::read::log::{LogReader, LogRequest, LogSummary};
use robots_matcher::tools::replay::{Replay, ReplayOptions, Report, RobotsVersion, Versions};
use robots_matcher::Robots;

/// Every request's line, time, address, target and user agent, and the
/// summary, with the log fed in chunks of `size`.
fn read(log: &[u8], size: usize) -> (Vec<String>, LogSummary) {
    let mut seen = Vec::new();
    let mut visit = |r: &LogRequest<'_>| {
        seen.push(format!(
            "{} {:?} {:?} {} {}",
            r.line, r.time, r.ip, r.target, r.user_agent
        ))
    };
    let mut reader = LogReader::new("random.log");
    for chunk in log.chunks(size.max(1)) {
        reader.feed(chunk, &mut visit);
    }
    let summary = reader.finish(&mut visit).clone();
    (seen, summary)
}

fn replay(log: &[u8], size: usize) -> (u64, Report) {
    let versions = Versions::new(vec![
        RobotsVersion {
            name: "old".into(),
            since: None,
            robots: Robots::parse(b"User-agent: *\nDisallow: /a\n"),
        },
        RobotsVersion {
            name: "new".into(),
            since: "2024-05-02T10:00:00Z".parse().ok(),
            robots: Robots::parse(
                b"User-agent: *\nDisallow: /b\n\nUser-agent: GPTBot\nDisallow: /\n",
            ),
        },
    ])
    .expect("distinct times");
    let mut replay = Replay::new(versions, ReplayOptions::default());
    replay.verify(
        "Googlebot",
        IpRanges::parse(br#"{"prefixes":[{"ipv4Prefix":"66.249.64.0/19"}]}"#).expect("ranges"),
    );
    let mut judged = 0u64;
    let mut count = |_: &robots_matcher::tools::replay::Judged<'_>| judged += 1;
    replay.start_log(LogReader::new("random.log"));
    for chunk in log.chunks(size.max(1)) {
        replay.feed(chunk, &mut count);
    }
    replay.end_log(&mut count);
    (judged, replay.report())
}

/// Lines made of the pieces of real log lines, shuffled and cut.
fn log_lines() -> impl Strategy<Value = Vec<u8>> {
    let piece = prop_oneof![
        Just("66.249.66.1".to_string()),
        Just("2001:db8::1".to_string()),
        Just(" - - ".to_string()),
        Just("[02/May/2024:10:00:00 +0000]".to_string()),
        Just("[02/May/2024:09:59:00 -0700]".to_string()),
        Just(" \"GET /a/b?c HTTP/1.1\" ".to_string()),
        Just(" \"GET /robots.txt HTTP/1.1\" ".to_string()),
        Just("200 512 \"-\" ".to_string()),
        Just("503 0 \"-\" ".to_string()),
        Just("\"Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)\"".to_string()),
        Just("\"GPTBot/1.2\"".to_string()),
        Just("{\"ClientRequestURI\":\"/b\",\"EdgeStartTimestamp\":1714644000000000000,\"ClientRequestUserAgent\":\"GPTBot/1.2\"}".to_string()),
        Just("#Fields: date time c-ip cs-uri-stem cs(User-Agent)".to_string()),
        Just("2024-05-02 10:00:00 66.249.66.1 /a Googlebot/2.1".to_string()),
        Just("time,ip,url,user_agent".to_string()),
        Just("\\x22".to_string()),
        Just("\"".to_string()),
        Just("\n".to_string()),
        Just("\r\n".to_string()),
        "[ -~]{0,12}",
    ];
    prop::collection::vec(piece, 0..60).prop_map(|pieces| pieces.concat().into_bytes())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn random_bytes_never_panic_and_chunks_change_nothing(
        log in prop::collection::vec(any::<u8>(), 0..2048),
        size in 1usize..64,
    ) {
        let whole = read(&log, log.len());
        prop_assert_eq!(&read(&log, size), &whole);
        let (requests, summary) = whole;
        prop_assert_eq!(summary.requests as usize, requests.len());
        prop_assert!(summary.unreadable.count + summary.requests + summary.skipped <= summary.lines);
        let (judged, report) = replay(&log, size);
        prop_assert_eq!(replay(&log, log.len()), (judged, report.clone()));
        prop_assert_eq!(report.requests, summary.requests);
    }

    #[test]
    fn log_like_lines_add_up_whatever_the_chunks(log in log_lines(), size in 1usize..300) {
        let whole = read(&log, log.len());
        prop_assert_eq!(&read(&log, size), &whole);
        let (judged, report) = replay(&log, size);
        prop_assert_eq!(&replay(&log, log.len()), &(judged, report.clone()));
        prop_assert_eq!(report.crawler_requests, judged);
        prop_assert_eq!(report.requests, judged + report.browsers.requests);
        let by_crawler: u64 = report.crawlers.iter().map(|c| c.requests).sum();
        prop_assert_eq!(by_crawler, judged);
        prop_assert_eq!(report.counts.total(), judged);
        let charted: u64 = report.timeline.iter().map(|h| h.counts.total()).sum();
        prop_assert!(charted + report.outside_timeline <= judged);
        let rules: u64 = report.rules.iter().map(|r| r.violations).sum();
        prop_assert_eq!(rules, report.counts.violations);
    }
}
