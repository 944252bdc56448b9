//! The classes as data, and each class on the edits it covers.

use super::*;
use crate::tools::compare::VerdictDiff;
use crate::{CheckOptions, FetchOutcome, FetchedRobots, Robots};

/// robots.txt fetched as usual.
fn read(robots: &Robots) -> FetchedRobots<'_> {
    FetchedRobots::new(robots, FetchOutcome::FETCHED)
}

/// The class codes of every verdict change for `agents` on `urls`.
fn verdict_classes(
    before: &str,
    after: &str,
    agents: &[&str],
    urls: &[&str],
) -> Vec<(String, String, &'static str)> {
    let (old, new) = (
        Robots::parse(before.as_bytes()),
        Robots::parse(after.as_bytes()),
    );
    let crawlers: Vec<Crawler> = agents
        .iter()
        .map(|a| Crawler::parse_spec(a).unwrap())
        .collect();
    let classes = VerdictClasses::new(&crawlers);
    VerdictDiff::new(read(&old), read(&new), &crawlers, &CheckOptions::default())
        .changes(urls.iter().copied())
        .iter()
        .map(|c| {
            (
                agents[c.crawler].to_string(),
                urls[c.url].to_string(),
                classes.class(c.crawler, urls[c.url], c.kind, &c.after).code,
            )
        })
        .collect()
}

/// The codes of every file change.
fn file_classes(before: &str, after: &str) -> Vec<&'static str> {
    let (old, new) = (
        Robots::parse(before.as_bytes()),
        Robots::parse(after.as_bytes()),
    );
    FileChanges::new(read(&old), read(&new), &CheckOptions::default())
        .classified()
        .iter()
        .map(|(class, _)| class.code)
        .collect()
}

fn triple(agent: &str, url: &str, code: &'static str) -> (String, String, &'static str) {
    (agent.to_string(), url.to_string(), code)
}

#[test]
fn the_table_reads_from_the_most_severe_down_with_unique_codes() {
    for pair in CHANGE_CLASSES.windows(2) {
        assert!(
            pair[0].severity >= pair[1].severity,
            "{} before {}",
            pair[0].code,
            pair[1].code
        );
    }
    let mut codes: Vec<&str> = CHANGE_CLASSES.iter().map(|c| c.code).collect();
    codes.sort();
    codes.dedup();
    assert_eq!(codes.len(), CHANGE_CLASSES.len());
    assert!(CHANGE_CLASSES
        .iter()
        .all(|c| c.description().ends_with('.')));
    // Each class its own sentence (the match on codes names every one).
    let mut sentences: Vec<&str> = CHANGE_CLASSES.iter().map(|c| c.description()).collect();
    sentences.sort();
    sentences.dedup();
    assert_eq!(sentences.len(), CHANGE_CLASSES.len());
}

#[test]
fn every_change_has_a_class_of_its_own_kind() {
    for kind in [ChangeKind::NewlyAllowed, ChangeKind::NewlyDisallowed] {
        let widest = Trigger::Verdict {
            kind,
            crawlers: CrawlerScope::Any,
            urls: UrlScope::Any,
        };
        assert!(
            CHANGE_CLASSES.iter().any(|c| c.trigger == widest),
            "{kind:?}"
        );
    }
    for kind in [RuleKind::Allow, RuleKind::Disallow] {
        for edit in [Edit::Added, Edit::Removed] {
            let trigger = Trigger::Rule { kind, edit };
            assert_eq!(class_of(trigger).trigger, trigger);
        }
    }
    for trigger in [
        Trigger::Directive,
        Trigger::CommentsOnly,
        Trigger::RulesUnchanged,
    ] {
        assert_eq!(class_of(trigger).trigger, trigger);
    }
    // The classes and severities.
    let severity = |code: &str| {
        CHANGE_CLASSES
            .iter()
            .find(|c| c.code == code)
            .unwrap()
            .severity
    };
    assert_eq!(severity("search-crawler-disallowed"), Severity::Critical);
    assert_eq!(severity("site-root-disallowed"), Severity::Critical);
    assert_eq!(severity("crawler-disallowed"), Severity::Warning);
    assert_eq!(severity("allow-removed"), Severity::Warning);
    assert_eq!(severity("newly-allowed"), Severity::Info);
    assert_eq!(severity("comments-only"), Severity::Info);
}

#[test]
fn severities_have_names_and_an_order() {
    for severity in Severity::ALL {
        assert_eq!(Severity::parse(severity.as_str()), Some(severity));
    }
    assert_eq!(Severity::parse("CRITICAL"), Some(Severity::Critical));
    assert_eq!(Severity::parse("error"), None);
    assert!(Severity::Critical > Severity::Warning && Severity::Warning > Severity::Info);
    let mut counts = SeverityCounts::default();
    for s in [
        Severity::Info,
        Severity::Critical,
        Severity::Warning,
        Severity::Warning,
    ] {
        counts.add(s);
    }
    assert_eq!((counts.critical, counts.warning, counts.info), (1, 2, 1));
    assert_eq!(
        (
            counts.at_least(Severity::Critical),
            counts.at_least(Severity::Warning),
            counts.at_least(Severity::Info)
        ),
        (1, 3, 4)
    );
}

#[test]
fn search_crawlers_newly_disallowed_are_critical_and_others_warnings() {
    let before = "User-agent: *\nDisallow: /private/\n";
    let after =
        "User-agent: *\nDisallow: /private/\nDisallow: /blog/\n\nUser-agent: GPTBot\nDisallow: /\n";
    let classes = verdict_classes(
        before,
        after,
        &[
            "Googlebot",
            "Googlebot-Image>Googlebot",
            "bingbot",
            "GPTBot",
            "AdsBot-Google>!*",
        ],
        &["/blog/post", "/about"],
    );
    assert_eq!(
        classes,
        [
            triple("Googlebot", "/blog/post", "search-crawler-disallowed"),
            triple(
                "Googlebot-Image>Googlebot",
                "/blog/post",
                "search-crawler-disallowed"
            ),
            triple("bingbot", "/blog/post", "search-crawler-disallowed"),
            triple("GPTBot", "/blog/post", "crawler-disallowed"),
            triple("GPTBot", "/about", "crawler-disallowed"),
        ]
    );
    assert!(is_search_crawler(&Crawler::new("YandexBot")));
    assert!(!is_search_crawler(&Crawler::new("OAI-SearchBot")));
    assert!(!is_search_crawler(&Crawler::new("*")));
}

#[test]
fn the_star_group_closing_the_site_root_is_critical() {
    let before = "User-agent: *\nDisallow: /private/\n\nUser-agent: GPTBot\nDisallow: /private/\n";
    let after = "User-agent: *\nDisallow: /\n\nUser-agent: GPTBot\nDisallow: /\n";
    let classes = verdict_classes(
        before,
        after,
        &["*", "CCBot", "GPTBot"],
        &["https://example.com/", "/?utm=1", "/about"],
    );
    assert_eq!(
        classes,
        [
            triple("*", "https://example.com/", "site-root-disallowed"),
            // CCBot has no group: the `*` group decides for it.
            triple("CCBot", "https://example.com/", "site-root-disallowed"),
            // GPTBot's own group closed the root: not `*`.
            triple("GPTBot", "https://example.com/", "crawler-disallowed"),
            triple("*", "/?utm=1", "site-root-disallowed"),
            triple("CCBot", "/?utm=1", "site-root-disallowed"),
            triple("GPTBot", "/?utm=1", "crawler-disallowed"),
            triple("*", "/about", "crawler-disallowed"),
            triple("CCBot", "/about", "crawler-disallowed"),
            triple("GPTBot", "/about", "crawler-disallowed"),
        ]
    );
    assert_eq!(file_classes(before, after)[0], "site-root-disallowed");
}

#[test]
fn newly_allowed_is_info() {
    let classes = verdict_classes(
        "User-agent: *\nDisallow: /\n",
        "User-agent: *\nDisallow: /private/\n",
        &["Googlebot", "*"],
        &["/", "/private/x"],
    );
    assert_eq!(
        classes,
        [
            triple("Googlebot", "/", "newly-allowed"),
            triple("*", "/", "newly-allowed"),
        ]
    );
}

#[test]
fn a_fetch_outcome_that_disallows_everything_closes_the_root_for_everyone() {
    let robots = Robots::parse(b"User-agent: GPTBot\nDisallow: /x\n");
    let down = FetchedRobots::new(&robots, "503".parse().unwrap());
    let crawlers = [Crawler::new("GPTBot")];
    let classes = VerdictClasses::new(&crawlers);
    let diff = VerdictDiff::new(read(&robots), down, &crawlers, &CheckOptions::default());
    let codes: Vec<&str> = diff
        .changes(["/", "/a"])
        .iter()
        .map(|c| {
            classes
                .class(c.crawler, ["/", "/a"][c.url], c.kind, &c.after)
                .code
        })
        .collect();
    assert_eq!(codes, ["site-root-disallowed", "crawler-disallowed"]);
    let changes = FileChanges::new(read(&robots), down, &CheckOptions::default());
    assert!(!changes.compared);
    let root = changes.site_root.unwrap();
    assert_eq!(root.kind, ChangeKind::NewlyDisallowed);
    assert_eq!(root.after.category, crate::Category::Unreachable);
    assert_eq!(
        changes
            .classified()
            .iter()
            .map(|(c, _)| c.code)
            .collect::<Vec<_>>(),
        ["site-root-disallowed"]
    );
}

#[test]
fn removed_allow_rules_are_warnings_naming_their_crawlers() {
    let before =
        "User-agent: Googlebot\nUser-agent: bingbot\nDisallow: /private/\nAllow: /private/press/\n";
    let after = "User-agent: Googlebot\nUser-agent: bingbot\nDisallow: /private/\n";
    let (old, new) = (
        Robots::parse(before.as_bytes()),
        Robots::parse(after.as_bytes()),
    );
    let changes = FileChanges::new(read(&old), read(&new), &CheckOptions::default());
    assert_eq!(
        changes.rules,
        [RuleChange {
            edit: Edit::Removed,
            kind: RuleKind::Allow,
            text: "Allow: /private/press/".into(),
            line: 4,
            agents: vec!["Googlebot".into(), "bingbot".into()],
        }]
    );
    assert_eq!(changes.text, TextChange::Rules);
    assert_eq!(file_classes(before, after), ["allow-removed"]);
}

#[test]
fn rules_are_compared_per_crawler_not_per_group() {
    // Splitting a group, reordering its rules and renaming its letter case
    // change no crawler's rules.
    let before = "User-agent: Googlebot\nUser-agent: bingbot\nDisallow: /a\nAllow: /b\n";
    let after = "User-agent: bingbot\nAllow: /b\nDisallow: /a\n\nuser-agent: GOOGLEBOT\nallow: /b\ndisallow: /a\n";
    assert_eq!(file_classes(before, after), ["rules-unchanged"]);
    // A crawler added to a group gets its rules: added for it alone.
    let joined =
        "User-agent: Googlebot\nUser-agent: bingbot\nUser-agent: GPTBot\nDisallow: /a\nAllow: /b\n";
    let (old, new) = (
        Robots::parse(before.as_bytes()),
        Robots::parse(joined.as_bytes()),
    );
    let changes = FileChanges::new(read(&old), read(&new), &CheckOptions::default());
    let summary: Vec<(Edit, &str, u32, Vec<String>)> = changes
        .rules
        .iter()
        .map(|r| (r.edit, r.text.as_str(), r.line, r.agents.clone()))
        .collect();
    assert_eq!(
        summary,
        [
            (Edit::Added, "Disallow: /a", 4, vec!["GPTBot".to_string()]),
            (Edit::Added, "Allow: /b", 5, vec!["GPTBot".to_string()]),
        ]
    );
    assert_eq!(
        file_classes(before, joined),
        ["disallow-added", "allow-added"]
    );
    // Patterns compare as normalised: %7e is %7E.
    assert_eq!(
        file_classes(
            "User-agent: *\nDisallow: /%7euser\n",
            "User-agent: *\nDisallow: /%7Euser\n"
        ),
        ["rules-unchanged"]
    );
}

#[test]
fn comments_and_whitespace_alone_are_info() {
    let before = "# Our rules\nUser-agent: *\nDisallow: /private # keep out\n\nSitemap: https://e.com/s.xml\n";
    let after = "# Our rules, reflowed\n# over two lines\r\nUser-agent:*\r\n\r\n\r\nDisallow:   /private   #keep   out\r\nSitemap: https://e.com/s.xml";
    assert_eq!(file_classes(before, after), ["comments-only"]);
    assert_eq!(file_classes(before, before), Vec::<&str>::new());
    // Letter case of a key is not whitespace.
    assert_eq!(
        file_classes(before, &before.replace("Disallow", "DISALLOW")),
        ["rules-unchanged"]
    );
}

#[test]
fn directives_added_or_removed_are_info() {
    let before = "User-agent: *\nCrawl-delay: 5\nDisallow: /x\n\nSitemap: https://e.com/a.xml\n";
    let after = "User-agent: *\nCrawl-delay: 10\nContent-Signal: ai-train=no\nDisallow: /x\n\nSitemap: https://e.com/a.xml\nSitemap: https://e.com/b.xml\n";
    let (old, new) = (
        Robots::parse(before.as_bytes()),
        Robots::parse(after.as_bytes()),
    );
    let changes = FileChanges::new(read(&old), read(&new), &CheckOptions::default());
    let summary: Vec<(Edit, &str, &str, u32)> = changes
        .directives
        .iter()
        .map(|d| (d.edit, d.key.as_str(), d.value.as_str(), d.line))
        .collect();
    assert_eq!(
        summary,
        [
            (Edit::Removed, "Crawl-delay", "5", 2),
            (Edit::Added, "Sitemap", "https://e.com/b.xml", 7),
            (Edit::Added, "Crawl-delay", "10", 2),
            (Edit::Added, "Content-Signal", "ai-train=no", 3),
        ]
    );
    assert_eq!(changes.directives[3].agents, ["*"]);
    assert!(file_classes(before, after)
        .iter()
        .all(|c| *c == "directive-changed"));
}

#[test]
fn the_rule_comparison_stops_at_its_budget_and_says_so() {
    // 60 crawlers share a group of 100 rules, and each has a group of its
    // own: 60 different sets of groups of 101 rules each, 12,000 rules
    // read in all (a 500 KiB file can hold far more).
    let mut before = String::new();
    for i in 0..60 {
        before.push_str(&format!("User-agent: bot-{}\n", letters(i)));
    }
    for i in 0..100 {
        before.push_str(&format!("Disallow: /{i}\n"));
    }
    for i in 0..60 {
        before.push_str(&format!(
            "\nUser-agent: bot-{}\nDisallow: /own\n",
            letters(i)
        ));
    }
    let after = before.replace("Disallow: /own", "Disallow: /own2");
    let (old, new) = (
        Robots::parse(before.as_bytes()),
        Robots::parse(after.as_bytes()),
    );
    let (complete, stopped) = file_changes::rule_changes(&old, &new, 13_000);
    assert!(!stopped);
    // Each crawler's own rule changed: one removal and one addition per
    // line, each naming its one crawler.
    assert_eq!(complete.len(), 120);
    let (partial, stopped) = file_changes::rule_changes(&old, &new, 5_000);
    assert!(stopped);
    assert!(partial.len() < complete.len());
    // FileChanges says so.
    assert!(!FileChanges::new(read(&old), read(&new), &CheckOptions::default()).incomplete);
}

/// A crawler name made of letters only: 0 is `a`, 26 is `ba`.
fn letters(mut n: usize) -> String {
    let mut name = Vec::new();
    loop {
        name.push(b'a' + (n % 26) as u8);
        n /= 26;
        if n == 0 {
            break;
        }
    }
    name.reverse();
    String::from_utf8(name).unwrap()
}

#[test]
fn class_in_equals_class_with_the_verdict_after() {
    let before = Robots::parse(b"User-agent: *\nDisallow: /tmp\n");
    let afters = [
        Robots::parse(b"User-agent: *\nDisallow: /\n"),
        Robots::parse(b"User-agent: Googlebot\nDisallow: /\n\nUser-agent: a\nDisallow: /x\n"),
    ];
    let crawlers: Vec<Crawler> = ["*", "Googlebot", "a", "b"]
        .iter()
        .map(|a| Crawler::parse_spec(a).unwrap())
        .collect();
    let urls = ["/", "/?q=1", "/x", "/tmp"];
    let classes = VerdictClasses::new(&crawlers);
    let options = CheckOptions::default();
    let outcomes = [
        FetchOutcome::FETCHED,
        FetchOutcome::Status {
            code: 503,
            redirects: 0,
        },
    ];
    let mut seen = 0;
    for after in &afters {
        for outcome in outcomes {
            let new = FetchedRobots::new(after, outcome);
            let diff = VerdictDiff::new(read(&before), new, &crawlers, &options);
            for change in diff.changes(urls.iter().copied()) {
                let url = urls[change.url];
                assert_eq!(
                    classes.class_in(&diff, change.crawler, url, change.kind),
                    classes.class(change.crawler, url, change.kind, &change.after),
                    "{url} {}",
                    change.crawler
                );
                seen += 1;
            }
        }
    }
    assert!(seen > 10);
    assert!(classes.shows_site_root(0, "/?q=1"));
    assert!(!classes.shows_site_root(0, "/x"));
    assert!(!classes.shows_site_root(1, "/"));
}

#[test]
fn file_changes_are_counted_with_the_site_root_once() {
    let (old, new) = (
        Robots::parse(b"User-agent: *\nAllow: /a\nDisallow: /tmp\n"),
        Robots::parse(b"User-agent: *\nDisallow: /\n"),
    );
    let file = FileChanges::new(read(&old), read(&new), &CheckOptions::default());
    assert!(file.site_root.is_some());
    let all = file.listed(false);
    let without_root = file.listed(true);
    assert_eq!(all.len(), without_root.len() + 1);
    assert!(matches!(all[0].1, FileChange::SiteRoot(_)));
    let mut verdicts = SeverityCounts::default();
    verdicts.add(Severity::Critical);
    let counted = verdicts.with_file_changes(&file, true);
    // `*` on `/` (the verdict change), Allow removed, Disallow: /tmp
    // removed, Disallow: / added.
    assert_eq!((counted.critical, counted.warning, counted.info), (1, 2, 1));
    assert_eq!(
        SeverityCounts::default().with_file_changes(&file, false),
        counted
    );
}
