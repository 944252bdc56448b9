//! Change severity on real files: every file of the shared corpus is
//! edited the ways webmasters edit robots.txt, and each edit must get the
//! classes it deserves:
//!
//! - Googlebot blocked (a `Googlebot` group with `Disallow: /` appended):
//!   critical for Googlebot wherever it was allowed, and a Disallow added
//!   for Googlebot;
//! - an AI block added at the top (a group of the presets' AI-training
//!   crawlers with `Disallow: /`): warnings for them, nothing critical, no
//!   search crawler's verdict moved;
//! - comments reflowed (comment runs joined and re-wrapped, line ends
//!   turned into CR LF, spaces around comments changed): `comments-only`,
//!   and nothing else;
//! - an Allow rule removed: an `allow-removed` warning for the crawlers of
//!   its group.
//!
//! Without the corpus (`../shared/corpus`) the test prints a note and
//! passes, except under CI, where it fails.

use test_support::corpus;

use robots_matcher::tools::compare::VerdictDiff;
use robots_matcher::tools::crawlers::{presets, Purpose};
use robots_matcher::tools::severity::{
    FileChanges, Severity, SeverityCounts, TextChange, VerdictClasses,
};
use robots_matcher::{CheckOptions, Crawler, FetchOutcome, FetchedRobots, LineKind, Robots};

fn corpus_files() -> Option<Vec<(String, Vec<u8>)>> {
    let paths = corpus::files(env!("CARGO_MANIFEST_DIR"), "the severity corpus test")?;
    Some(
        paths
            .into_iter()
            .map(|path| {
                let name = path.file_name().unwrap().to_string_lossy().into_owned();
                (name, std::fs::read(&path).unwrap())
            })
            .collect(),
    )
}

const URLS: &[&str] = &[
    "https://example.com/",
    "/about",
    "/blog/2024/post.html",
    "/search?q=x",
    "/wp-admin/",
];

/// Every class an edit gets, counted by severity and listed by code: the
/// verdict changes of `agents` on [`URLS`], then the file changes.
fn classes(
    old: &Robots,
    new: &Robots,
    agents: &[Crawler],
) -> (SeverityCounts, Vec<&'static str>, FileChanges) {
    let read = |r| FetchedRobots::new(r, FetchOutcome::FETCHED);
    let options = CheckOptions::default();
    let verdicts = VerdictClasses::new(agents);
    let mut counts = SeverityCounts::default();
    let mut codes = Vec::new();
    for change in
        VerdictDiff::new(read(old), read(new), agents, &options).changes(URLS.iter().copied())
    {
        let class = verdicts.class(change.crawler, URLS[change.url], change.kind, &change.after);
        counts.add(class.severity);
        codes.push(class.code);
    }
    let file = FileChanges::new(read(old), read(new), &options);
    for (class, _) in file.classified() {
        counts.add(class.severity);
        codes.push(class.code);
    }
    (counts, codes, file)
}

fn crawler(spec: &str) -> Crawler {
    Crawler::parse_spec(spec).unwrap()
}

#[test]
fn blocking_googlebot_is_critical_in_every_file() {
    let Some(files) = corpus_files() else { return };
    let agents = [
        crawler("Googlebot"),
        crawler("Googlebot-Image>Googlebot"),
        crawler("GPTBot"),
    ];
    let mut critical = 0;
    for (name, bytes) in &files {
        let before = Robots::parse(bytes);
        let mut after = bytes.clone();
        after.extend_from_slice(b"\n\nUser-agent: Googlebot\nDisallow: /\n");
        let after = Robots::parse(&after);
        let (counts, codes, file) = classes(&before, &after, &agents);
        let googlebot = crawler("Googlebot");
        let was_open = URLS.iter().any(|url| before.check(&googlebot, url).allowed);
        if was_open && after.check(&googlebot, "/").allowed {
            // The appended group did not take (a file cut by Google's
            // line limit, a group joined by what came before): no verdict
            // may have moved for Googlebot.
            assert!(!codes.contains(&"search-crawler-disallowed"), "{name}");
            continue;
        }
        if was_open {
            assert!(counts.critical > 0, "{name}: {codes:?}");
            assert!(
                codes.contains(&"search-crawler-disallowed"),
                "{name}: {codes:?}"
            );
            critical += 1;
        }
        // GPTBot only moves when it followed Googlebot's group (never).
        assert!(
            file.rules.iter().any(|r| r.text == "Disallow: /"
                && r.agents.iter().any(|a| a.eq_ignore_ascii_case("Googlebot")))
                || !file.compared,
            "{name}: {:?}",
            file.rules
        );
    }
    println!(
        "Googlebot blocked: {critical} of {} files critical",
        files.len()
    );
    assert!(critical > files.len() * 9 / 10, "{critical}");
}

#[test]
fn an_ai_block_added_is_a_warning_never_critical() {
    let Some(files) = corpus_files() else { return };
    let blocked: Vec<&str> = presets()
        .iter()
        .filter(|p| p.purpose == Purpose::AiTraining)
        .map(|p| p.token)
        .collect();
    let mut block = String::from("# Block AI training crawlers\n");
    for token in &blocked {
        block.push_str(&format!("User-agent: {token}\n"));
    }
    block.push_str("Disallow: /\n\n");
    let agents = [
        crawler("Googlebot"),
        crawler("bingbot"),
        crawler("GPTBot"),
        crawler("CCBot"),
        crawler("*"),
    ];
    let mut warned = 0;
    for (name, bytes) in &files {
        // After a byte order mark, as an editor inserts text.
        let bom = if bytes.starts_with(b"\xef\xbb\xbf") {
            3
        } else {
            0
        };
        let mut after = bytes[..bom].to_vec();
        after.extend_from_slice(block.as_bytes());
        after.extend_from_slice(&bytes[bom..]);
        let before = Robots::parse(bytes);
        let after = Robots::parse(&after);
        let (counts, codes, _) = classes(&before, &after, &agents);
        let takes_effect = after
            .check(&crawler("GPTBot"), "/blog/2024/post.html")
            .allowed
            != before
                .check(&crawler("GPTBot"), "/blog/2024/post.html")
                .allowed;
        // A file starting with rules before any User-agent line lends them
        // to the block's group; nothing else can reach a search crawler.
        let starts_with_rules = before
            .lines()
            .iter()
            .find(|l| !matches!(l.kind, LineKind::Blank | LineKind::Comment))
            .is_some_and(|l| matches!(l.kind, LineKind::Allow | LineKind::Disallow));
        if starts_with_rules {
            continue;
        }
        assert_eq!(counts.critical, 0, "{name}: {codes:?}");
        if takes_effect {
            assert!(codes.contains(&"crawler-disallowed"), "{name}: {codes:?}");
            assert!(counts.warning > 0);
            warned += 1;
        }
        // Lines before the file's first User-agent now follow the block's
        // group: a directive there moves into it.
        for code in &codes {
            assert!(
                [
                    "crawler-disallowed",
                    "disallow-added",
                    "newly-allowed",
                    "allow-added",
                    "directive-changed"
                ]
                .contains(code),
                "{name}: {code}"
            );
        }
    }
    println!("AI block added: {warned} of {} files warned", files.len());
    assert!(warned > files.len() / 2, "{warned}");
}

/// `bytes` with its comments reflowed: runs of comment-only lines joined
/// and wrapped again at 40 columns (with `#  ` instead of `# `), the
/// spaces before an end-of-line comment doubled, and every line ending in
/// CR LF. Lines are whatever ends at LF, CR LF or CR, as crawlers read
/// them.
fn reflow(bytes: &[u8]) -> Vec<u8> {
    let mut lines: Vec<&[u8]> = Vec::new();
    let mut start = 0;
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'\n' || bytes[i] == b'\r' {
            lines.push(&bytes[start..i]);
            if bytes[i] == b'\r' && bytes.get(i + 1) == Some(&b'\n') {
                i += 1;
            }
            start = i + 1;
        }
        i += 1;
    }
    lines.push(&bytes[start..]);
    let mut out = Vec::new();
    let mut words: Vec<Vec<u8>> = Vec::new();
    let flush = |words: &mut Vec<Vec<u8>>, out: &mut Vec<u8>| {
        let mut line: Vec<u8> = Vec::new();
        for word in words.drain(..) {
            if !line.is_empty() && line.len() + word.len() > 40 {
                out.extend_from_slice(b"#  ");
                out.extend_from_slice(&line);
                out.extend_from_slice(b"\r\n");
                line.clear();
            }
            if !line.is_empty() {
                line.push(b' ');
            }
            line.extend_from_slice(&word);
        }
        if !line.is_empty() {
            out.extend_from_slice(b"#  ");
            out.extend_from_slice(&line);
            out.extend_from_slice(b"\r\n");
        }
    };
    for line in lines {
        let trimmed = line.trim_ascii_start();
        if let Some(comment) = trimmed.strip_prefix(b"#") {
            words.extend(
                comment
                    .split(|b| b.is_ascii_whitespace())
                    .filter(|w| !w.is_empty())
                    .map(<[u8]>::to_vec),
            );
            continue;
        }
        flush(&mut words, &mut out);
        match line.iter().position(|&b| b == b'#') {
            Some(at) => {
                out.extend_from_slice(line[..at].trim_ascii_end());
                out.extend_from_slice(b"    ");
                out.extend_from_slice(&line[at..]);
            }
            None => out.extend_from_slice(line),
        }
        out.extend_from_slice(b"\r\n");
    }
    flush(&mut words, &mut out);
    out
}

#[test]
fn reflowed_comments_are_comments_only_in_every_file() {
    let Some(files) = corpus_files() else { return };
    let agents = [crawler("Googlebot"), crawler("GPTBot"), crawler("*")];
    let mut reflowed = 0;
    for (name, bytes) in &files {
        let after = reflow(bytes);
        if after == *bytes {
            continue;
        }
        // Files with a NUL byte, a line Google cuts at 16,663 bytes, or a
        // byte order mark before the first comment read differently when
        // their lines move; they are not comment edits.
        if bytes.contains(&0)
            || bytes.starts_with(b"\xef\xbb\xbf")
            || bytes.split(|&b| b == b'\n').any(|l| l.len() > 16_000)
        {
            continue;
        }
        let (counts, codes, file) = classes(&Robots::parse(bytes), &Robots::parse(&after), &agents);
        assert_eq!(
            file.text,
            TextChange::CommentsOnly,
            "{name}: {codes:?} {:?} {:?}",
            file.rules,
            file.directives
        );
        assert_eq!(codes, ["comments-only"], "{name}");
        assert_eq!(
            (counts.critical, counts.warning, counts.info),
            (0, 0, 1),
            "{name}"
        );
        reflowed += 1;
    }
    println!(
        "comments reflowed: {reflowed} of {} files comments-only",
        files.len()
    );
    assert!(reflowed > files.len() / 2, "{reflowed}");
}

#[test]
fn a_removed_allow_rule_is_a_warning_for_its_crawlers() {
    let Some(files) = corpus_files() else { return };
    let mut removed = 0;
    for (name, bytes) in &files {
        let robots = Robots::parse(bytes);
        let Some(rule) = robots
            .rules()
            .iter()
            .find(|r| r.kind == robots_matcher::RuleKind::Allow)
        else {
            continue;
        };
        let group = &robots.groups()[rule.group];
        // A group that names no crawler (`User-agent: 008`) rules nobody:
        // its rules are not compared.
        if group.names().next().is_none() {
            continue;
        }
        // The same Allow in another group for the same crawlers keeps it.
        let repeated = robots
            .rules()
            .iter()
            .filter(|r| r.kind == rule.kind && r.pattern == rule.pattern)
            .count()
            > 1;
        if repeated {
            continue;
        }
        let span = robots.line(rule.line).unwrap().span.clone();
        let mut after = bytes[..span.start].to_vec();
        after.extend_from_slice(&bytes[span.end..]);
        let (counts, codes, file) =
            classes(&robots, &Robots::parse(&after), &[crawler("Googlebot")]);
        assert!(codes.contains(&"allow-removed"), "{name}: {codes:?}");
        assert!(counts.at_least(Severity::Warning) > 0, "{name}");
        let change = file.rules.iter().find(|r| r.line == rule.line).unwrap();
        // Each name once, as first written (a group may repeat one).
        let mut names: Vec<String> = Vec::new();
        for name in group.names() {
            if !names.iter().any(|n| n.eq_ignore_ascii_case(name)) {
                names.push(name.to_string());
            }
        }
        // Listed in order of first appearance in the file.
        let mut agents = change.agents.clone();
        agents.sort();
        names.sort();
        assert_eq!(agents, names, "{name}");
        removed += 1;
    }
    println!("Allow removed: {removed} of {} files warned", files.len());
    assert!(removed > 300, "{removed}");
}
