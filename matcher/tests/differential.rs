//! Our Google-mode verdicts against the `robotstxt` crate (0.3, a Rust
//! port of Google's `robots.cc`), on the real files of the shared corpus
//! and on generated files and paths: every verdict is the same, or the
//! difference is one of the known ways `robotstxt` 0.3 is wrong. A new
//! kind of difference fails the test.
//!
//! A difference is *explained* when `robotstxt` itself gives our verdict
//! once one of its known faults is repaired ([`Fault`]: each repair leaves
//! the file's meaning to Google unchanged, so the repaired answer is
//! Google's). The repairs are tried alone, then in pairs, then all three;
//! the first that gives our verdict names the kinds. Every kind is also
//! shown on a file of a few lines (`every_known_fault_is_real`), which is
//! the example the README's list gives.
//!
//! The corpus lives beside the repository (`../shared/corpus/robots`).
//! Without it that part prints a note and passes, except when `CI` is
//! set (as `.ci/run` sets it): then it fails. `robotstxt` parses the whole
//! file for every URL, so the corpus part checks a few URLs per file
//! (`DIFFERENTIAL_URLS` raises it for a deeper run).

use std::collections::BTreeMap;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::Once;

use robots_matcher::{Crawler, LineKind, Robots};
use robotstxt::matcher::{LongestMatchRobotsMatchStrategy, RobotsMatchStrategy, RobotsMatcher};
use test_support::corpus;
use test_support::rng::{pick, seeded, Rng};

/// A known way `robotstxt` 0.3 answers other than Google's parser and
/// matcher (and ours), each with the repair that takes it away.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Fault {
    /// It skips a UTF-8 byte order mark by comparing characters with the
    /// BOM's bytes, which never match: the first line is read as
    /// `\u{feff}User-agent`, an unknown key. Google skips the BOM.
    /// Repair: remove the BOM before it parses.
    ByteOrderMark,
    /// It ports `robots.cc` as of 2019, where a Sitemap line or an unknown
    /// one (`Crawl-delay`, `Host`) ends a group: Google fixed that in
    /// November 2021 ("Fix group closure bug cased by not explicitly
    /// defined rules, such as sitemap, being treated as group
    /// separators"), and a `User-agent` after them joins the group.
    /// Repair: blank those lines (their line numbers kept).
    GroupClosedBySitemapOrUnknown,
    /// Its wildcard matcher inserts into its list of positions
    /// (`Vec::insert`) where `robots.cc` assigns, so stale positions are
    /// read again: `Disallow: /*.html$` does not match
    /// `/search/search.aspxuser.html`. It also indexes characters where
    /// the pattern's length is in bytes. Repair: `robots.cc`'s `Matches`
    /// on bytes, in its match strategy.
    WildcardMatching,
}

const FAULTS: [Fault; 3] = [
    Fault::ByteOrderMark,
    Fault::GroupClosedBySitemapOrUnknown,
    Fault::WildcardMatching,
];

/// Why a verdict differs, when it is known.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Known {
    /// Googlebot always may fetch `/robots.txt` itself; `robots.cc` (and
    /// `robotstxt`) only matches rules, and `Disallow: /` blocks it.
    RobotsTxtItself,
    /// It panics where we answer: a line longer than its limit (16,664
    /// bytes) cut inside a UTF-8 character (`&str` slicing); Google's
    /// reader cuts bytes.
    Panics,
    /// The faults whose repair gives our verdict.
    Faults(Vec<Fault>),
}

/// `robots.cc`'s `Matches`: the positions of `path` that the pattern's
/// prefix can reach, on bytes, `$` special only at the end.
fn google_matches(path: &[u8], pattern: &[u8]) -> bool {
    let mut reachable = vec![0usize];
    for (i, &p) in pattern.iter().enumerate() {
        if p == b'$' && i + 1 == pattern.len() {
            return reachable.last() == Some(&path.len());
        }
        if p == b'*' {
            reachable = (reachable[0]..=path.len()).collect();
        } else {
            reachable = reachable
                .iter()
                .filter(|&&at| path.get(at) == Some(&p))
                .map(|&at| at + 1)
                .collect();
            if reachable.is_empty() {
                return false;
            }
        }
    }
    true
}

/// `robotstxt`'s longest-match strategy with `robots.cc`'s matcher.
#[derive(Default)]
struct RepairedMatching;

impl RobotsMatchStrategy for RepairedMatching {
    fn match_allow(&self, path: &str, pattern: &str) -> i32 {
        if google_matches(path.as_bytes(), pattern.as_bytes()) {
            i32::try_from(pattern.len()).unwrap_or(i32::MAX)
        } else {
            -1
        }
    }

    fn match_disallow(&self, path: &str, pattern: &str) -> i32 {
        self.match_allow(path, pattern)
    }
}

/// Panics inside `robotstxt` are answers here (see [`Known::Panics`]):
/// they are caught, and their message is not printed.
fn quiet_robotstxt_panics() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let default = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            let theirs = info
                .location()
                .is_some_and(|l| l.file().contains("robotstxt-0.3"));
            if !theirs {
                default(info);
            }
        }));
    });
}

/// `robotstxt`'s verdict with `repairs` made, `None` when it panics.
fn theirs(text: &str, robots: &Robots, agent: &str, url: &str, repairs: &[Fault]) -> Option<bool> {
    let mut text = text;
    let blanked;
    if repairs.contains(&Fault::ByteOrderMark) {
        text = text.strip_prefix('\u{feff}').unwrap_or(text);
    }
    if repairs.contains(&Fault::GroupClosedBySitemapOrUnknown) {
        blanked = without_sitemap_and_unknown_lines(text, robots);
        text = &blanked;
    }
    catch_unwind(AssertUnwindSafe(|| {
        if repairs.contains(&Fault::WildcardMatching) {
            RobotsMatcher::<RepairedMatching>::default()
                .one_agent_allowed_by_robots(text, agent, url)
        } else {
            RobotsMatcher::<LongestMatchRobotsMatchStrategy>::default()
                .one_agent_allowed_by_robots(text, agent, url)
        }
    }))
    .ok()
}

/// `text` with its Sitemap and unknown-key lines (as our parse of it
/// reads them) emptied, line ends kept.
fn without_sitemap_and_unknown_lines(text: &str, robots: &Robots) -> String {
    let bytes = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let (mut line, mut start, mut at) = (0, 0, 0);
    while at <= bytes.len() {
        let end = at == bytes.len() || bytes[at] == b'\n' || bytes[at] == b'\r';
        if !end {
            at += 1;
            continue;
        }
        let kind = robots.lines().get(line).map(|l| l.kind);
        if !matches!(kind, Some(LineKind::Sitemap | LineKind::Other)) {
            out.push_str(&text[start..at]);
        }
        let crlf = bytes.get(at) == Some(&b'\r') && bytes.get(at + 1) == Some(&b'\n');
        let ending = if crlf {
            2
        } else {
            usize::from(at < bytes.len())
        };
        out.push_str(&text[at..at + ending]);
        at += ending.max(1);
        start = at;
        line += 1;
    }
    out
}

/// Why `robotstxt` says `!ours` for (`agent`, `url`), or `None` when no
/// known reason explains it.
fn explain(text: &str, robots: &Robots, agent: &str, url: &str, ours: bool) -> Option<Known> {
    let Some(_) = theirs(text, robots, agent, url, &[]) else {
        return Some(Known::Panics);
    };
    if ours && url.ends_with("/robots.txt") {
        return Some(Known::RobotsTxtItself);
    }
    let pairs = [[0, 1], [0, 2], [1, 2]].map(|[a, b]| vec![FAULTS[a], FAULTS[b]]);
    let subsets = FAULTS
        .iter()
        .map(|&f| vec![f])
        .chain(pairs)
        .chain([FAULTS.to_vec()]);
    for repairs in subsets {
        if theirs(text, robots, agent, url, &repairs) == Some(ours) {
            return Some(Known::Faults(repairs));
        }
    }
    None
}

/// What a comparison found.
#[derive(Default)]
struct Tally {
    checks: usize,
    same: usize,
    known: BTreeMap<Known, usize>,
    /// An example of each known reason.
    examples: BTreeMap<Known, String>,
    unexplained: Vec<String>,
}

impl Tally {
    /// Compares one file for `agents` and `paths`.
    fn compare(&mut self, name: &str, text: &str, agents: &[String], paths: &[String]) {
        let robots = Robots::parse(text.as_bytes());
        for agent in agents {
            let crawler = Crawler::new(agent.clone());
            for path in paths {
                let url = format!("https://example.com{path}");
                let ours = robots.check(&crawler, &url);
                self.checks += 1;
                let answer = theirs(text, &robots, agent, &url, &[]);
                if answer == Some(ours.allowed) {
                    self.same += 1;
                    continue;
                }
                let rule = ours.rule.map_or(String::new(), |r| {
                    format!(" by line {} `{}`", ours.line, robots.rules()[r].text)
                });
                let case = format!(
                    "{name}: {agent} {path}: we say {}{rule}, robotstxt {}",
                    ours.as_str(),
                    match answer {
                        Some(true) => "allowed",
                        Some(false) => "disallowed",
                        None => "panics",
                    }
                );
                match explain(text, &robots, agent, &url, ours.allowed) {
                    Some(known) => {
                        let panicked = known == Known::Panics;
                        self.examples.entry(known.clone()).or_insert(case);
                        *self.known.entry(known).or_default() += 1;
                        if panicked {
                            // Every other URL panics alike.
                            return;
                        }
                    }
                    None => self.unexplained.push(case),
                }
            }
        }
    }

    fn merge(&mut self, other: Tally) {
        self.checks += other.checks;
        self.same += other.same;
        for (known, count) in other.known {
            *self.known.entry(known).or_default() += count;
        }
        for (known, example) in other.examples {
            self.examples.entry(known).or_insert(example);
        }
        self.unexplained.extend(other.unexplained);
    }

    fn report(&self, what: &str) {
        println!(
            "{what}: {} checks, {} the same, {} known differences",
            self.checks,
            self.same,
            self.checks - self.same - self.unexplained.len()
        );
        for (known, count) in &self.known {
            println!(
                "  {count:6}  {known:?}\n          e.g. {}",
                self.examples[known]
            );
        }
        assert!(
            self.unexplained.is_empty(),
            "{what}: {} differences no known fault of robotstxt explains (the first 20):\n{}",
            self.unexplained.len(),
            self.unexplained
                .iter()
                .take(20)
                .cloned()
                .collect::<Vec<_>>()
                .join("\n")
        );
    }
}

// ---------------------------------------------------------------------------
// Inputs.

/// Pieces of generated paths and of the patterns' wildcards.
const WORDS: &[&str] = &[
    "a",
    "b",
    "x",
    "search",
    "index.html",
    "p.php",
    ".html",
    "%2F",
    "%2f",
    "%7E",
    "~",
    "%C3%A9",
    "2024",
    "?",
    "q=1",
    "&",
    ";",
    "=",
    "-",
    "_",
    ".",
    "/",
    "$",
    "*",
    "%24",
    "%2A",
];

/// Percent-encodes what a request would (our `check` does the same to
/// the path; `robotstxt` expects it done).
fn request_form(path: &str) -> String {
    let mut out = String::new();
    for &b in path.as_bytes() {
        if b.is_ascii_alphanumeric() || b"/-._~!$&'()*+,;=:@?%".contains(&b) {
            out.push(char::from(b));
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// Paths for `robots`: `count` built from its own rules (wildcards
/// filled, `$` dropped, sometimes something appended) and one fixed.
fn paths_for(robots: &Robots, rng: &mut Rng, count: usize) -> Vec<String> {
    const FIXED: &[&str] = &["/", "/robots.txt", "/index.html", "/search?q=1", "/a/b/"];
    let mut paths = vec![pick(rng, FIXED).to_string()];
    let rules = robots.rules();
    for _ in 0..count {
        let mut path = String::new();
        if !rules.is_empty() {
            for c in rules[rng.usize(..rules.len())].value.chars() {
                match c {
                    '*' => path.push_str(pick(rng, WORDS)),
                    '$' => {}
                    c => path.push(c),
                }
            }
        }
        if !path.starts_with('/') {
            path.insert(0, '/');
        }
        if rng.bool() {
            path.push_str(pick(rng, WORDS));
        }
        paths.push(request_form(&path));
    }
    paths
}

/// Googlebot, and the first token the file names (or a crawler no group
/// names).
fn agents_for(robots: &Robots) -> Vec<String> {
    let named = robots
        .groups()
        .iter()
        .flat_map(|g| g.names())
        .find(|&t| t != "*" && !t.eq_ignore_ascii_case("googlebot"));
    vec![
        "Googlebot".to_string(),
        named.unwrap_or("FooBot").to_string(),
    ]
}

/// A generated robots.txt: groups of User-agent lines and rules, with
/// misspelled keys, missing colons, Sitemap and unknown lines, comments,
/// blank lines, every line ending, sometimes a BOM.
fn generated_file(rng: &mut Rng) -> String {
    const AGENTS: &[&str] = &[
        "*",
        "Googlebot",
        "googlebot/2.1",
        "FooBot",
        "* extra",
        "Googlebot-Image",
        "",
        "*Googlebot",
        "Google bot",
    ];
    const RULE_KEYS: &[&str] = &[
        "Allow",
        "Disallow",
        "disallow",
        "Dissallow",
        "Disallowed",
        "Disalow",
        "ALLOW",
    ];
    const OTHER_LINES: &[&str] = &[
        "Sitemap: https://example.com/s.xml",
        "Crawl-delay: 5",
        "Host: example.com",
        "# comment",
        "",
        "Useragent: FooBot",
        "User agent: *",
        "Disallow /x",
        "Noindex: /a",
    ];
    const PARTS: &[&str] = &[
        "/",
        "a",
        "b",
        "*",
        "$",
        ".html",
        "index.html",
        "%7E",
        "~",
        "%2F",
        "%2f",
        "é",
        "?",
        "=",
        "%24",
        "%2A",
        "/a",
        "/b/",
    ];
    const ENDINGS: &[&str] = &["\n", "\r\n", "\r"];
    let mut text = String::new();
    if rng.usize(..8) == 0 {
        text.push('\u{feff}');
    }
    let ending = pick(rng, ENDINGS);
    for _ in 0..rng.usize(1..5) {
        for _ in 0..rng.usize(1..3) {
            text.push_str(&format!("User-agent: {}{ending}", pick(rng, AGENTS)));
        }
        for _ in 0..rng.usize(0..6) {
            if rng.usize(..5) == 0 {
                text.push_str(pick(rng, OTHER_LINES));
            } else {
                let separator = pick(rng, &[": ", ":", " : ", ":\t"]);
                let pattern: String = (0..rng.usize(0..5)).map(|_| pick(rng, PARTS)).collect();
                let key = pick(rng, RULE_KEYS);
                text.push_str(&format!("{key}{separator}{pattern}"));
            }
            if rng.usize(..6) == 0 {
                text.push_str(" # note");
            }
            text.push_str(ending);
        }
    }
    text
}

/// A generated path: pieces of the same alphabet as the patterns.
fn generated_path(rng: &mut Rng) -> String {
    let mut path = String::from("/");
    for _ in 0..rng.usize(0..5) {
        path.push_str(pick(rng, WORDS));
    }
    request_form(&path)
}

// ---------------------------------------------------------------------------
// Tests.

#[test]
fn generated_files_and_paths_differ_only_where_robotstxt_is_wrong() {
    quiet_robotstxt_panics();
    let mut rng = seeded(0x5EED_0019);
    let mut tally = Tally::default();
    for i in 0..3_000 {
        let text = generated_file(&mut rng);
        let paths: Vec<String> = (0..12).map(|_| generated_path(&mut rng)).collect();
        let agents = ["Googlebot", "FooBot", "Googlebot-Image"].map(String::from);
        tally.compare(
            &format!("generated file {i} {text:?}"),
            &text,
            &agents,
            &paths,
        );
    }
    tally.report("generated files");
    // The generator reaches the faults (else it tests little).
    assert!(tally.same > tally.checks / 2);
    assert!(tally
        .known
        .keys()
        .any(|k| matches!(k, Known::Faults(f) if f.contains(&Fault::WildcardMatching))));
    assert!(tally
        .known
        .keys()
        .any(|k| matches!(k, Known::Faults(f) if f.contains(&Fault::ByteOrderMark))));
}

#[test]
fn corpus_files_differ_only_where_robotstxt_is_wrong() {
    quiet_robotstxt_panics();
    let Some(files) = corpus::files(env!("CARGO_MANIFEST_DIR"), "the differential test") else {
        return;
    };
    let urls: usize = std::env::var("DIFFERENTIAL_URLS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(3);
    // robotstxt parses the file for every URL: the files are shared out
    // among the cores.
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let chunk = files.len().div_ceil(threads).max(1);
    let mut tally = Tally::default();
    std::thread::scope(|scope| {
        let workers: Vec<_> = files
            .chunks(chunk)
            .enumerate()
            .map(|(n, files)| {
                scope.spawn(move || {
                    let mut rng = seeded(0x5EED_0019 + n as u64);
                    let mut tally = Tally::default();
                    for path in files {
                        let bytes = std::fs::read(path).unwrap();
                        // robotstxt reads text: both sides get the same.
                        let text = String::from_utf8_lossy(&bytes);
                        let robots = Robots::parse(text.as_bytes());
                        let paths = paths_for(&robots, &mut rng, urls);
                        let name = path.file_name().unwrap_or_default().to_string_lossy();
                        tally.compare(&name, &text, &agents_for(&robots), &paths);
                    }
                    tally
                })
            })
            .collect();
        for worker in workers {
            tally.merge(worker.join().unwrap());
        }
    });
    tally.report(&format!("{} corpus files", files.len()));
    assert!(tally.checks >= files.len() * (urls + 1));
}

/// Each known fault on a file of a few lines: `robotstxt` gives the other
/// verdict, and the repair gives ours.
#[test]
fn every_known_fault_is_real() {
    quiet_robotstxt_panics();
    let cases: [(&str, &str, &str, Known); 5] = [
        (
            "\u{feff}User-agent: *\nDisallow: /private\n",
            "Googlebot",
            "/private/a",
            Known::Faults(vec![Fault::ByteOrderMark]),
        ),
        (
            "User-agent: *\nCrawl-delay: 5\nUser-agent: FooBot\nDisallow: /\n",
            "Googlebot",
            "/page",
            Known::Faults(vec![Fault::GroupClosedBySitemapOrUnknown]),
        ),
        (
            "User-agent: *\nDisallow: /*.html$\n",
            "Googlebot",
            "/search/search.aspxuser.html",
            Known::Faults(vec![Fault::WildcardMatching]),
        ),
        (
            "User-agent: *\nDisallow: /\n",
            "Googlebot",
            "/robots.txt",
            Known::RobotsTxtItself,
        ),
        (
            &format!("User-agent: *\nDisallow: /{}\n", "é".repeat(9_000)),
            "Googlebot",
            "/x",
            Known::Panics,
        ),
    ];
    for (text, agent, path, known) in cases {
        let robots = Robots::parse(text.as_bytes());
        let url = format!("https://example.com{path}");
        let ours = robots.check(&Crawler::new(agent), &url).allowed;
        assert_ne!(
            theirs(text, &robots, agent, &url, &[]),
            Some(ours),
            "{known:?}"
        );
        assert_eq!(
            explain(text, &robots, agent, &url, ours),
            Some(known.clone())
        );
    }
    // And the repaired matcher is robots.cc's.
    assert!(google_matches(b"/search/search.aspxuser.html", b"/*.html$"));
    assert!(!google_matches(b"/a.htmlx", b"/*.html$"));
    assert!(google_matches(b"/a$b", b"/a$b"));
    assert!(!LongestMatchRobotsMatchStrategy::matches(
        "/search/search.aspxuser.html",
        "/*.html$"
    ));
}
