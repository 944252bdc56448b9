//! Arbitrary bytes as an access log, fed in arbitrary chunks to the log
//! reader and to a replay against two robots.txt versions with IP ranges,
//! with invariants that must hold for any input: nothing panics, every
//! line is accounted for, the chunks do not change what is read, and every
//! judged request's record is consistent with its verdict.
#![no_main]

use libfuzzer_sys::fuzz_target;
use robots_matcher::read::ip_ranges::IpRanges;
use robots_matcher::read::log::{LogFormat, LogReader, LogSummary};
use robots_matcher::tools::replay::{Replay, ReplayOptions, RobotsVersion, Versions};
use robots_matcher::Robots;

/// What a read gave: every request's line, target and time, and the
/// summary.
fn read(data: &[u8], chunk: usize, format: Option<LogFormat>) -> (Vec<(u64, String)>, LogSummary) {
    let mut reader = LogReader::new("fuzz.log").with_decompression_limit(1 << 20);
    if let Some(format) = format {
        reader = reader.with_format(format);
    }
    let mut seen = Vec::new();
    let mut visit = |r: &robots_matcher::read::log::LogRequest<'_>| {
        seen.push((r.line, format!("{}|{:?}|{:?}", r.target, r.time, r.ip)))
    };
    for piece in data.chunks(chunk.max(1)) {
        reader.feed(piece, &mut visit);
    }
    let summary = reader.finish(&mut visit).clone();
    (seen, summary)
}

fuzz_target!(|data: &[u8]| {
    // The first byte picks the chunk size and a forced format.
    let (head, log) = data.split_first().map_or((0, data), |(h, rest)| (*h, rest));
    let chunk = usize::from(head & 0x3f) + 1;
    let format = match head >> 6 {
        0 => None,
        1 => Some(LogFormat::JsonLines),
        2 => Some(LogFormat::W3c),
        _ => Some(LogFormat::Csv),
    };

    let (whole, summary) = read(log, log.len(), format);
    let (chunked, chunked_summary) = read(log, chunk, format);
    assert_eq!(whole, chunked);
    assert_eq!(summary, chunked_summary);
    assert_eq!(summary.requests as usize, whole.len());
    assert!(summary.unreadable.count + summary.requests + summary.skipped <= summary.lines + 1);
    for (line, _) in &whole {
        assert!(*line >= 1 && *line <= summary.lines);
    }
    for notes in [&summary.unreadable, &summary.unreadable_times, &summary.out_of_order] {
        assert!(notes.first.len() as u64 <= notes.count);
        for note in &notes.first {
            assert!(note.line >= 1 && note.line <= summary.lines);
            assert!(note.text.len() <= 4 * 121);
        }
    }

    let versions = Versions::new(vec![
        RobotsVersion {
            name: "old".into(),
            since: None,
            robots: Robots::parse(b"User-agent: *\nDisallow: /a\n"),
        },
        RobotsVersion {
            name: "new".into(),
            since: "2024-05-02T10:00:00Z".parse().ok(),
            robots: Robots::parse(b"User-agent: *\nDisallow: /b\n\nUser-agent: GPTBot\nDisallow: /\n"),
        },
    ])
    .expect("two versions with distinct times");
    let mut replay = Replay::new(versions, ReplayOptions::default());
    if let Ok(ranges) = IpRanges::parse(br#"{"prefixes":[{"ipv4Prefix":"66.249.64.0/19"},{"ipv6Prefix":"2001:db8::/32"}]}"#) {
        replay.verify("Googlebot", ranges);
    }
    let mut judged = 0u64;
    let mut check = |j: &robots_matcher::tools::replay::Judged<'_>| {
        judged += 1;
        let record = j.record();
        assert_eq!(record.verdict.allowed, j.verdict.allowed);
        assert_eq!(record.verdict.line, j.verdict.line);
        assert_eq!(record.cached, j.cached);
        if j.robots_txt {
            assert!(j.verdict.allowed);
        }
        let mut row = String::new();
        record.write_csv(&mut row);
        assert!(row.ends_with("\r\n"));
    };
    replay.start_log(LogReader::new("fuzz.log").with_decompression_limit(1 << 20));
    for piece in log.chunks(chunk) {
        replay.feed(piece, &mut check);
    }
    replay.end_log(&mut check);
    let report = replay.report();
    assert_eq!(report.crawler_requests, judged);
    assert_eq!(report.requests, report.crawler_requests + report.browsers.requests);
    let by_crawler: u64 = report.crawlers.iter().map(|c| c.requests).sum();
    assert_eq!(by_crawler, judged);
    let charted: u64 = report.timeline.iter().map(|h| h.counts.total()).sum();
    assert!(charted + report.outside_timeline <= judged);
});
