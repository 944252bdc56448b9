//! Arbitrary bytes, split into robots.txt + URL + crawler spec, through every
//! public entry point, with invariants that must hold for any input.
#![no_main]

use libfuzzer_sys::fuzz_target;
use robots_matcher::read::url_list::UrlList;
use robots_matcher::{
    AgentMatching, CheckOptions, Crawler, FetchOutcome, FetchedRobots, Mode, ParseOptions, Robots,
};

fuzz_target!(|data: &[u8]| {
    // Layout: [robots bytes] 0xFF 0xFE [url] 0xFF 0xFE [agent spec]; missing
    // parts fall back to fixed values, so plain robots.txt seeds work too.
    let mut parts = data.splitn(3, |&b| b == 0xFF);
    let robots = parts.next().unwrap_or_default();
    let url = parts
        .next()
        .map(|u| String::from_utf8_lossy(u).into_owned())
        .unwrap_or_else(|| "/a/b?c=d".to_string());
    let spec = parts
        .next()
        .map(|a| String::from_utf8_lossy(a).into_owned())
        .unwrap_or_else(|| "Googlebot-Image>Googlebot".to_string());
    let crawler = Crawler::parse_spec(&spec).unwrap_or_else(|_| Crawler::new("FooBot"));
    let limit = robots.len() / 2;

    for mode in [Mode::Google, Mode::Rfc9309] {
        for size_limit in [None, Some(limit)] {
            let parsed = Robots::parse_with(robots, &ParseOptions { mode, size_limit });
            assert_eq!(parsed.input_len(), robots.len());
            assert!(parsed.parsed_len() <= robots.len());
            let lines = parsed.lines();
            for (i, line) in lines.iter().enumerate() {
                assert_eq!(line.number as usize, i + 1);
                assert!(line.span.start <= line.span.end && line.span.end <= robots.len());
                for r in [&line.key, &line.value, &line.comment].into_iter().flatten() {
                    assert!(r.start <= r.end && r.end <= robots.len(), "{r:?}");
                }
            }
            for d in parsed.diagnostics() {
                assert!(d.span.start <= d.span.end && d.span.end <= robots.len(), "{d:?}");
                assert!(d.line as usize <= lines.len(), "{d:?}");
                assert!(!d.message.is_empty());
                let _ = (d.code.as_str(), d.severity.as_str());
            }
            for rule in parsed.rules() {
                assert!(rule.line >= 1 && rule.line as usize <= lines.len());
                assert!(rule.group < parsed.groups().len());
            }
            for raw_url in [false, true] {
                for agent_matching in [AgentMatching::Exact, AgentMatching::LegacyPrefix] {
                    let options = CheckOptions {
                        raw_url,
                        agent_matching,
                    };
                    let verdict = parsed.check_with(&crawler, &url, &options);
                    let explained = FetchedRobots::new(&parsed, FetchOutcome::FETCHED)
                        .explain(&crawler, &url, &options);
                    assert_eq!(verdict, explained.verdict);
                    assert_eq!(explained.decision.deciding_rule().map(|m| m.rule), verdict.rule);
                    if let Some(rule) = verdict.rule {
                        assert!(rule < parsed.rules().len());
                        assert_eq!(parsed.rules()[rule].line, verdict.line);
                        assert!(explained
                            .matches
                            .iter()
                            .any(|m| m.rule == rule && Some(m.priority) == verdict.priority));
                    }
                    let _ = parsed.checked_path(&url, &options);
                }
            }
        }
    }

    // The same bytes as a URL list (lines, a table or a sitemap): every
    // URL it yields is non-empty and from a line of the text.
    let text = String::from_utf8_lossy(data);
    let list = UrlList::parse(&text);
    let lines = text.split('\n').count() as u32;
    for (i, url) in list.iter().enumerate() {
        assert!(!url.is_empty());
        assert!(list.line(i).is_some_and(|line| line >= 1 && line <= lines));
    }
    let _ = UrlList::read_file("list.csv", data);
});
