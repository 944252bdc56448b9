//! robots.txt as a crawler got it ([`FetchedRobots`]): for every way
//! fetching can end, every answer asked of it agrees (the check, a
//! crawler's matcher, the explanation, the verdict record, the usage
//! preferences, and both sides of a diff), and each follows RFC 9309
//! section 2.3.1: the file's rules after a 2xx (or redirects a crawler
//! follows), everything allowed after a 4xx, everything disallowed after a
//! 429, a 5xx or a failed fetch. One parse serves every outcome.

use robots_matcher::tools::compare::{ChangeKind, VerdictDiff};
use robots_matcher::tools::explain::Decision;
use robots_matcher::tools::record::VerdictRecord;
use robots_matcher::{
    Category, CheckOptions, Crawler, FetchOutcome, FetchedRobots, Robots, Selection,
};

const FILE: &str = "User-agent: *\n\
                    Content-Usage: train-ai=n\n\
                    Disallow: /private/\n\
                    Allow: /private/press\n\
                    \n\
                    User-agent: GPTBot\n\
                    Disallow: /\n";

const SPECS: [&str; 3] = ["Googlebot", "GPTBot", "AdsBot-Google>!*"];

const URLS: [&str; 6] = [
    "/",
    "/private/plans",
    "https://example.com/private/press/2024",
    "https://example.com/a b?c#d",
    "/robots.txt",
    "https://example.com/robots.txt",
];

/// Every outcome the CLI and the app can choose, and whether the rules
/// decide after it, else everything's verdict.
const OUTCOMES: [(&str, Option<(bool, Category)>); 13] = [
    ("200", None),
    ("204", None),
    ("redirect-1", None),
    ("redirect-5", None),
    ("redirect-6", Some((true, Category::Unavailable))),
    ("401", Some((true, Category::Unavailable))),
    ("403", Some((true, Category::Unavailable))),
    ("404", Some((true, Category::Unavailable))),
    ("410", Some((true, Category::Unavailable))),
    ("429", Some((false, Category::Unreachable))),
    ("503", Some((false, Category::Unreachable))),
    ("timeout", Some((false, Category::Unreachable))),
    ("network-error", Some((false, Category::Unreachable))),
];

fn options() -> [CheckOptions; 2] {
    [
        CheckOptions::default(),
        CheckOptions {
            raw_url: true,
            ..CheckOptions::default()
        },
    ]
}

#[test]
fn every_answer_agrees_for_every_outcome() {
    let robots = Robots::parse(FILE.as_bytes());
    // The file has preferences to lose.
    let read = FetchedRobots::new(&robots, FetchOutcome::FETCHED);
    let googlebot = Crawler::new("Googlebot");
    assert!(!read
        .usage(&googlebot, "/", &CheckOptions::default())
        .is_empty());
    for (name, fixed) in OUTCOMES {
        let outcome: FetchOutcome = name.parse().unwrap();
        let fetched = FetchedRobots::new(&robots, outcome);
        assert_eq!(fetched.outcome(), outcome);
        assert_eq!(fetched.rules().is_some(), fixed.is_none(), "{name}");
        for spec in SPECS {
            let crawler = Crawler::parse_spec(spec).unwrap();
            for options in options() {
                let matcher = fetched.matcher_with(&crawler, &options);
                for url in URLS {
                    let at = format!("{name} {spec} {url} {options:?}");
                    let verdict = fetched.check_with(&crawler, url, &options);
                    assert_eq!(matcher.check(url), verdict, "{at}");
                    // The outcome's verdict, or exactly the rules'.
                    match fixed {
                        Some((allowed, category)) => {
                            assert_eq!((verdict.allowed, verdict.category), (allowed, category));
                            assert_eq!(verdict.selection, Selection::FetchOutcome(outcome));
                            assert_eq!((verdict.rule, verdict.line), (None, 0), "{at}");
                        }
                        None => {
                            assert_eq!(verdict, robots.check_with(&crawler, url, &options), "{at}")
                        }
                    }

                    let explanation = fetched.explain(&crawler, url, &options);
                    assert_eq!(explanation.verdict, verdict, "{at}");
                    assert_eq!(
                        explanation.decision == Decision::FetchOutcome(outcome),
                        fixed.is_some(),
                        "{at}"
                    );

                    let record = VerdictRecord::new(&matcher, &verdict, url, spec);
                    assert_eq!(
                        (record.allowed, record.line, record.category),
                        (verdict.allowed, verdict.line, verdict.category),
                        "{at}"
                    );
                    let rule = verdict.rule.map(|r| robots.rules()[r].text.as_str());
                    assert_eq!(record.rule, rule, "{at}");
                    assert_eq!(record.path, robots.checked_path(url, &options), "{at}");

                    // Preferences come from the file: none without one.
                    let usage = fetched.usage(&crawler, url, &options);
                    let rules_usage = read.usage(&crawler, url, &options);
                    match fixed {
                        Some(_) => assert!(usage.is_empty(), "{at}"),
                        None => assert_eq!(usage, rules_usage, "{at}"),
                    }
                }
            }
        }
    }
}

/// A diff's sides are fetched robots.txt too: comparing the file as read
/// with the same file after each outcome changes exactly the verdicts the
/// outcome flips, each change carrying both sides' verdicts as checked.
#[test]
fn diffs_compare_what_each_side_got() {
    let robots = Robots::parse(FILE.as_bytes());
    let read = FetchedRobots::new(&robots, FetchOutcome::FETCHED);
    let crawlers: Vec<Crawler> = SPECS
        .iter()
        .map(|s| Crawler::parse_spec(s).unwrap())
        .collect();
    for (name, _) in OUTCOMES {
        let got = FetchedRobots::new(&robots, name.parse().unwrap());
        for options in options() {
            for (before, after) in [(read, got), (got, read)] {
                let changes = VerdictDiff::new(before, after, &crawlers, &options).changes(URLS);
                let mut expected = Vec::new();
                for (u, url) in URLS.iter().enumerate() {
                    for (c, crawler) in crawlers.iter().enumerate() {
                        let was = before.check_with(crawler, url, &options);
                        let is = after.check_with(crawler, url, &options);
                        if let Some(kind) = ChangeKind::between(was.allowed, is.allowed) {
                            expected.push((u, c, kind, was, is));
                        }
                    }
                }
                let found: Vec<_> = changes
                    .iter()
                    .map(|ch| (ch.url, ch.crawler, ch.kind, ch.before, ch.after))
                    .collect();
                assert_eq!(found, expected, "{name} {options:?}");
            }
        }
    }
    // A 503 blocks what the file allowed; a 404 opens what it blocked.
    let down = FetchedRobots::new(&robots, "503".parse().unwrap());
    let gone = FetchedRobots::new(&robots, "404".parse().unwrap());
    let googlebot = &crawlers[..1];
    let options = CheckOptions::default();
    let blocked = VerdictDiff::new(read, down, googlebot, &options).changes(["/", "/private/x"]);
    assert_eq!(blocked.len(), 1);
    assert_eq!(
        (blocked[0].url, blocked[0].kind),
        (0, ChangeKind::NewlyDisallowed)
    );
    let opened = VerdictDiff::new(read, gone, googlebot, &options).changes(["/", "/private/x"]);
    assert_eq!(
        opened.iter().map(|c| (c.url, c.kind)).collect::<Vec<_>>(),
        [(1, ChangeKind::NewlyAllowed)]
    );
}
