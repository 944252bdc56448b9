//! Expectations files on random input: reading never panics whatever the
//! bytes; what is read holds together (lines in order and in range, one
//! row per expectation and crawler, every mistake on a line of the file);
//! an expectation written from a verdict always holds against that file,
//! and its opposite never does; and every change between two random files
//! gets a class without a panic.

use proptest::prelude::*;
use robots_matcher::tools::compare::VerdictDiff;
use robots_matcher::tools::expect::Expectations;
use robots_matcher::tools::severity::{FileChanges, VerdictClasses};
use robots_matcher::{CheckOptions, Crawler, FetchOutcome, FetchedRobots, Robots};

/// Pieces expectations and robots.txt files are made of, so that random
/// lines are often well formed and often nearly so.
fn piece() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("Googlebot".to_string()),
        Just("bingbot, GPTBot".to_string()),
        Just("Googlebot-Image>Googlebot".to_string()),
        Just("AdsBot-Google>!*".to_string()),
        Just("*".to_string()),
        Just("allowed".to_string()),
        Just("disallowed".to_string()),
        Just("allow".to_string()),
        Just("train-ai=n".to_string()),
        Just("ai-train=no,".to_string()),
        Just("/".to_string()),
        Just("/a/b?c".to_string()),
        Just("https://example.com/x".to_string()),
        Just("#".to_string()),
        Just(",".to_string()),
        Just("@mode".to_string()),
        Just("rfc9309".to_string()),
        Just("\r".to_string()),
        Just("\n".to_string()),
        Just("\u{feff}".to_string()),
        "[ -~]{0,6}",
        "\\PC{0,3}",
    ]
}

fn text() -> impl Strategy<Value = String> {
    prop::collection::vec(piece(), 0..40).prop_map(|pieces| {
        let mut text = String::new();
        for (i, p) in pieces.iter().enumerate() {
            text.push_str(p);
            text.push(if i % 4 == 3 { '\n' } else { ' ' });
        }
        text
    })
}

fn robots_text() -> impl Strategy<Value = String> {
    let line = prop_oneof![
        Just("User-agent: *".to_string()),
        Just("User-agent: Googlebot".to_string()),
        Just("User-agent: GPTBot".to_string()),
        Just("Disallow: /".to_string()),
        Just("Disallow: /a".to_string()),
        Just("Allow: /a/b".to_string()),
        Just("Allow: /".to_string()),
        Just("Content-Usage: / train-ai=n".to_string()),
        Just("Content-Signal: ai-train=no".to_string()),
        Just("Sitemap: https://example.com/s.xml".to_string()),
        Just("# a comment".to_string()),
        Just(String::new()),
        "[ -~]{0,12}",
    ];
    prop::collection::vec(line, 0..16).prop_map(|lines| lines.join("\n"))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn reading_never_panics_and_holds_together(bytes in prop::collection::vec(any::<u8>(), 0..400), text in text()) {
        let _ = Expectations::read(&bytes);
        let read = Expectations::parse(&text);
        let lines = text.split('\n').count() as u32;
        let mut last = 0;
        for entry in read.entries() {
            prop_assert!(entry.line > last && entry.line <= lines);
            last = entry.line;
            prop_assert!(!entry.crawlers.is_empty());
            prop_assert!(entry.crawlers.iter().all(|&c| c < read.crawlers().len()));
            prop_assert!(entry.allowed.is_some() || !entry.usage.is_empty());
        }
        prop_assert!(read.errors().iter().all(|e| e.line >= 1 && e.line <= lines));
        prop_assert_eq!(
            read.check_count(),
            read.entries().iter().map(|e| e.crawlers.len()).sum::<usize>()
        );
        // Lines with mistakes give no expectation.
        for error in read.errors() {
            prop_assert!(read.entries().iter().all(|e| e.line != error.line));
        }
    }

    #[test]
    fn checking_never_panics_and_gives_one_row_per_check(text in text(), robots in robots_text(), outcome in prop::sample::select(vec!["200", "404", "503"])) {
        let read = Expectations::parse(&text);
        let robots = Robots::parse(robots.as_bytes());
        let fetched = FetchedRobots::new(&robots, outcome.parse().unwrap());
        let checked = read.check(fetched, &CheckOptions::default());
        prop_assert_eq!(checked.rows().len(), read.check_count());
        for row in checked.rows() {
            let entry = &read.entries()[row.expectation];
            prop_assert!(entry.crawlers.contains(&row.crawler));
            prop_assert_eq!(row.usage.len(), entry.usage.len());
            prop_assert_eq!(row.passed, row.verdict_held && row.usage.iter().all(|u| u.held));
            let _ = row.deciding_line(entry);
        }
    }

    #[test]
    fn expectations_written_from_verdicts_hold_and_their_opposites_fail(robots in robots_text(), path in "/[a-c/]{0,5}") {
        let robots = Robots::parse(robots.as_bytes());
        let fetched = FetchedRobots::new(&robots, FetchOutcome::FETCHED);
        let specs = ["Googlebot", "GPTBot", "Googlebot-Image>Googlebot", "AdsBot-Google>!*", "*"];
        let mut held = String::new();
        let mut opposite = String::new();
        for spec in specs {
            let allowed = fetched.check(&Crawler::parse_spec(spec).unwrap(), &path).allowed;
            let (word, other) = if allowed { ("allowed", "disallowed") } else { ("disallowed", "allowed") };
            held.push_str(&format!("{spec} {word} {path}\n"));
            opposite.push_str(&format!("{spec} {other} {path}\n"));
        }
        let checked = Expectations::parse(&held).check(fetched, &CheckOptions::default());
        prop_assert_eq!(checked.failed(), 0);
        let checked = Expectations::parse(&opposite).check(fetched, &CheckOptions::default());
        prop_assert_eq!(checked.passed(), 0);
    }

    #[test]
    fn every_change_gets_a_class(before in robots_text(), after in robots_text()) {
        let (old, new) = (Robots::parse(before.as_bytes()), Robots::parse(after.as_bytes()));
        let read = |r| FetchedRobots::new(r, FetchOutcome::FETCHED);
        let crawlers = [Crawler::new("Googlebot"), Crawler::new("GPTBot"), Crawler::new("*")];
        let urls = ["/", "/a", "/a/b"];
        let classes = VerdictClasses::new(&crawlers);
        for change in VerdictDiff::new(read(&old), read(&new), &crawlers, &CheckOptions::default()).changes(urls) {
            let class = classes.class(change.crawler, urls[change.url], change.kind, &change.after);
            prop_assert!(!class.code.is_empty());
        }
        let file = FileChanges::new(read(&old), read(&new), &CheckOptions::default());
        // Identical texts change nothing; different ones change something
        // (comments and whitespace at least).
        if before == after {
            prop_assert!(file.classified().is_empty());
        } else {
            prop_assert!(!file.classified().is_empty());
        }
    }
}
