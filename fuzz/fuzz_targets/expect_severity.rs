//! Arbitrary bytes as an expectations file, checked against two versions of
//! a robots.txt, and the change between those versions classed: nothing
//! panics, and what comes out holds together.
#![no_main]

use libfuzzer_sys::fuzz_target;
use robots_matcher::tools::compare::VerdictDiff;
use robots_matcher::tools::expect::Expectations;
use robots_matcher::tools::severity::{FileChanges, VerdictClasses};
use robots_matcher::{CheckOptions, FetchOutcome, FetchedRobots, Mode, ParseOptions, Robots};

fuzz_target!(|data: &[u8]| {
    // Layout: [expectations] 0xFF [robots before] 0xFF [robots after];
    // missing parts fall back to a small file.
    let mut parts = data.splitn(3, |&b| b == 0xFF);
    let expectations = parts.next().unwrap_or_default();
    let before = parts.next().unwrap_or(b"User-agent: *\nDisallow: /a\n");
    let after = parts.next().unwrap_or(b"User-agent: *\nAllow: /\n");

    let read = Expectations::read(expectations);
    let lines = expectations.split(|&b| b == b'\n').count() as u32;
    assert!(read.errors().iter().all(|e| e.line <= lines));
    assert!(read.entries().iter().all(|e| e.line >= 1 && e.line <= lines));
    assert!(read.entries().windows(2).all(|w| w[0].line < w[1].line));

    for mode in [Mode::Google, Mode::Rfc9309] {
        let options = ParseOptions {
            mode,
            size_limit: Some(before.len() / 2 + 1),
        };
        let (old, new) = (
            Robots::parse_with(before, &options),
            Robots::parse_with(after, &options),
        );
        for outcome in ["200", "404", "503"] {
            let outcome: FetchOutcome = outcome.parse().unwrap();
            let fetched = FetchedRobots::new(&new, outcome);
            let checked = read.check(fetched, &CheckOptions::default());
            assert_eq!(checked.rows().len(), read.check_count());
            assert_eq!(checked.passed() + checked.failed(), checked.rows().len());
            for row in checked.rows() {
                let entry = &read.entries()[row.expectation];
                let line = row.deciding_line(entry);
                let reading = checked.reading(row.mode);
                assert!(line as usize <= reading.robots().lines().len());
                if let Some(rule) = row.verdict.rule {
                    assert_eq!(reading.robots().rules()[rule].line, row.verdict.line);
                }
            }
        }
        let read_as = |r| FetchedRobots::new(r, FetchOutcome::FETCHED);
        let crawlers = read.crawlers();
        let classes = VerdictClasses::new(crawlers);
        let urls: Vec<&str> = read.entries().iter().map(|e| e.url.as_str()).collect();
        for change in VerdictDiff::new(read_as(&old), read_as(&new), crawlers, &CheckOptions::default())
            .changes(urls.iter().copied())
        {
            let class = classes.class(change.crawler, urls[change.url], change.kind, &change.after);
            assert!(!class.code.is_empty());
        }
        let file = FileChanges::new(read_as(&old), read_as(&new), &CheckOptions::default());
        if before == after {
            assert!(file.classified().is_empty());
        }
        for rule in &file.rules {
            assert!(!rule.agents.is_empty());
        }
    }
});
