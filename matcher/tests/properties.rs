//! Properties on random inputs:
//!
//! * the indexed fast path (`Robots::check_with`) gives the verdict, deciding
//!   line and priority that a deliberately naive reference computes from the
//!   same file model (Google mode, raw and request-encoded URLs);
//! * `explain()` agrees with `check_with()`, in both modes;
//! * parsing, checking, explaining and reading diagnostics never panic on
//!   random bytes, and every span and line number stays in range.

use proptest::prelude::*;
use robots_matcher::tools::lint::{Code, Severity};
use robots_matcher::{
    AgentMatching, CheckOptions, Crawler, FetchOutcome, FetchedRobots, Mode, ParseOptions, Robots,
};

// ---------------------------------------------------------------------------
// The reference.

/// A `*`/`$` matcher written for this test: recursive, exponential in the
/// worst case, obviously right. Only a final `$` anchors.
fn naive_matches(pattern: &[u8], path: &[u8]) -> bool {
    match pattern.split_first() {
        None => true,
        Some((b'$', [])) => path.is_empty(),
        Some((b'*', rest)) => (0..=path.len()).any(|i| naive_matches(rest, &path[i..])),
        Some((&c, rest)) => path.first() == Some(&c) && naive_matches(rest, &path[1..]),
    }
}

fn hex_digit(b: u8) -> bool {
    b.is_ascii_hexdigit()
}

/// Google's pattern normalisation, written out again: `%xx` escapes get
/// upper-case digits, bytes outside ASCII are escaped.
fn reference_normalize(value: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < value.len() {
        let b = value[i];
        if b == b'%' && i + 2 < value.len() && hex_digit(value[i + 1]) && hex_digit(value[i + 2]) {
            out.push(b'%');
            out.push(value[i + 1].to_ascii_uppercase());
            out.push(value[i + 2].to_ascii_uppercase());
            i += 3;
        } else if b >= 0x80 {
            out.extend_from_slice(format!("%{b:02X}").as_bytes());
            i += 1;
        } else {
            out.push(b);
            i += 1;
        }
    }
    out
}

/// What a crawler's request carries: spaces, controls, non-ASCII and
/// `"<>`{}` escaped, existing escapes kept.
fn reference_request_encode(path: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    for &b in path {
        if b <= b' ' || b >= 0x7F || b"\"<>`{}".contains(&b) {
            out.extend_from_slice(format!("%{b:02X}").as_bytes());
        } else {
            out.push(b);
        }
    }
    out
}

/// Google's extra pattern for an Allow whose last segment starts with
/// `index.htm`: the directory, anchored.
fn reference_index_html(normalized: &[u8]) -> Option<Vec<u8>> {
    let slash = normalized.iter().rposition(|&b| b == b'/')?;
    normalized[slash..].starts_with(b"/index.htm").then(|| {
        let mut alt = normalized[..=slash].to_vec();
        alt.push(b'$');
        alt
    })
}

#[derive(Clone, Debug)]
struct ModelRule {
    allow: bool,
    value: String,
}

#[derive(Clone, Debug)]
struct ModelGroup {
    agents: Vec<String>,
    rules: Vec<ModelRule>,
}

/// A file as a list of groups, rendered with blank lines, comments and
/// sitemaps sprinkled in (none of which ends a group).
#[derive(Clone, Debug)]
struct Model {
    groups: Vec<ModelGroup>,
    /// Extra lines before each group: 0 none, 1 blank, 2 comment, 3 sitemap.
    filler: Vec<u8>,
}

/// A rule as the reference sees it: line number and kind.
#[derive(Clone, Debug)]
struct RefRule {
    allow: bool,
    line: u32,
    pattern: Vec<u8>,
    alternative: Option<Vec<u8>>,
}

/// The reference's view of a group (after merging agent-only groups into the
/// next one, as a parser does: only a rule ends a User-agent list).
#[derive(Clone, Debug)]
struct RefGroup {
    agents: Vec<String>,
    rules: Vec<RefRule>,
}

impl Model {
    fn render(&self) -> (String, Vec<RefGroup>) {
        let mut text = String::new();
        let mut line = 0u32;
        let mut groups: Vec<RefGroup> = Vec::new();
        let mut open: Option<RefGroup> = None;
        for (i, g) in self.groups.iter().enumerate() {
            let filler = match self.filler.get(i).copied().unwrap_or(0) {
                1 => "\n",
                2 => "# a comment: Disallow: /\n",
                3 => "Sitemap: https://example.com/s.xml\n",
                _ => "",
            };
            if !filler.is_empty() {
                text.push_str(filler);
                line += 1;
            }
            let current = open.get_or_insert_with(|| RefGroup {
                agents: Vec::new(),
                rules: Vec::new(),
            });
            for agent in &g.agents {
                text.push_str(&format!("User-agent: {agent}\n"));
                line += 1;
                current.agents.push(agent.clone());
            }
            for r in &g.rules {
                text.push_str(&format!(
                    "{}: {}\n",
                    if r.allow { "Allow" } else { "Disallow" },
                    r.value
                ));
                line += 1;
                let pattern = reference_normalize(r.value.as_bytes());
                let alternative = if r.allow {
                    reference_index_html(&pattern)
                } else {
                    None
                };
                current.rules.push(RefRule {
                    allow: r.allow,
                    line,
                    pattern,
                    alternative,
                });
            }
            if !g.rules.is_empty() {
                groups.push(open.take().unwrap());
            }
        }
        if let Some(g) = open {
            groups.push(g);
        }
        (text, groups)
    }
}

/// (allowed, deciding line, priority) by the book.
fn reference_verdict(
    groups: &[RefGroup],
    tokens: &[&str],
    ignores_global: bool,
    path: &[u8],
) -> (bool, u32, Option<u32>) {
    if path == b"/robots.txt" {
        return (true, 0, None);
    }
    let names = |g: &RefGroup, t: &str| {
        g.agents
            .iter()
            .any(|a| a != "*" && a.eq_ignore_ascii_case(t))
    };
    let mut selected: Vec<&RefGroup> = Vec::new();
    for t in tokens {
        selected = groups.iter().filter(|g| names(g, t)).collect();
        if !selected.is_empty() {
            break;
        }
    }
    if selected.is_empty() && !ignores_global {
        selected = groups
            .iter()
            .filter(|g| g.agents.iter().any(|a| a == "*"))
            .collect();
    }
    // Best of each kind: longest, then earliest line.
    let mut best: [Option<(u32, u32)>; 2] = [None, None];
    for rule in selected.iter().flat_map(|g| &g.rules) {
        let priority = if naive_matches(&rule.pattern, path) {
            Some(rule.pattern.len() as u32)
        } else {
            rule.alternative
                .as_ref()
                .filter(|alt| naive_matches(alt, path))
                .map(|alt| alt.len() as u32)
        };
        let Some(priority) = priority else { continue };
        let slot = &mut best[usize::from(rule.allow)];
        let better = match *slot {
            None => true,
            Some((p, l)) => priority > p || (priority == p && rule.line < l),
        };
        if better {
            *slot = Some((priority, rule.line));
        }
    }
    let (disallow, allow) = (best[0], best[1]);
    let rank = |h: Option<(u32, u32)>| h.map_or(-1i64, |(p, _)| i64::from(p));
    if rank(disallow) > rank(allow) {
        let (p, l) = disallow.unwrap();
        // A match of length 0 (empty Disallow) never disallows.
        (p == 0, l, Some(p))
    } else {
        match allow {
            Some((p, l)) => (true, l, Some(p)),
            None => (true, 0, None),
        }
    }
}

// ---------------------------------------------------------------------------
// Generators.

/// Pieces of patterns and paths: `*`, `$`, escapes in both letter cases,
/// non-ASCII, and the `/index.html` that has Google's alternative.
const PIECES: &[&str] = &[
    "/",
    "a",
    "b",
    "A",
    "*",
    "$",
    "%2f",
    "%2F",
    "%41",
    "%e9",
    "%",
    "é",
    "ツ",
    "/index.html",
    "?",
    ";x=",
    ".",
    "\"",
    "{",
];
const AGENTS: &[&str] = &["*", "FooBot", "foobot", "BarBot", "Foo-Bot", "baz_bot"];

fn piece_string(max: usize) -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(PIECES), 0..max).prop_map(|v| v.concat())
}

fn model() -> impl Strategy<Value = Model> {
    let rule =
        (any::<bool>(), piece_string(6)).prop_map(|(allow, value)| ModelRule { allow, value });
    let group = (
        prop::collection::vec(prop::sample::select(AGENTS).prop_map(str::to_string), 1..3),
        prop::collection::vec(rule, 0..6),
    )
        .prop_map(|(agents, rules)| ModelGroup { agents, rules });
    (
        prop::collection::vec(group, 0..5),
        prop::collection::vec(0u8..4, 5),
    )
        .prop_map(|(groups, filler)| Model { groups, filler })
}

/// A path, with bytes a request encodes (spaces too, which a pattern
/// cannot end with) and sometimes a fragment, which the check cuts.
fn path() -> impl Strategy<Value = String> {
    let piece = prop_oneof![4 => prop::sample::select(PIECES), 1 => Just(" ")];
    let pieces = prop::collection::vec(piece, 0..8).prop_map(|v| v.concat());
    let fragment =
        prop_oneof![3 => Just(String::new()), 1 => piece_string(3).prop_map(|p| format!("#{p}"))];
    (pieces, fragment).prop_map(|(p, fragment)| format!("/{p}{fragment}"))
}

/// (tokens, ignores `*`): one of a few crawler specs.
fn crawler() -> impl Strategy<Value = (Vec<&'static str>, bool)> {
    prop::sample::select(vec![
        (vec!["FooBot"], false),
        (vec!["BarBot"], false),
        (vec!["Qux"], false),
        (vec!["Foo-Bot", "FooBot"], false),
        (vec!["Qux", "baz_bot"], false),
        (vec!["FooBot"], true),
        (vec!["Qux"], true),
    ])
}

fn make_crawler(tokens: &[&str], ignores_global: bool) -> Crawler {
    let mut c = Crawler::new(tokens[0]);
    for t in &tokens[1..] {
        c = c.with_fallback(*t);
    }
    if ignores_global {
        c = c.ignoring_global();
    }
    c
}

fn google() -> ParseOptions {
    ParseOptions::default()
}

// ---------------------------------------------------------------------------
// Properties.

proptest! {
    #![proptest_config(ProptestConfig { cases: 768, ..ProptestConfig::default() })]

    /// The check agrees with the naive reference, both ways it is made:
    /// trying every rule (a crawler's first checks) and through the rule
    /// index (built after a few checks; 64 are more than enough).
    #[test]
    fn indexed_check_agrees_with_the_naive_reference(
        model in model(),
        paths in prop::collection::vec(path(), 1..6),
        (tokens, ignores_global) in crawler(),
    ) {
        let (text, groups) = model.render();
        let robots = Robots::parse_with(text.as_bytes(), &google());
        let crawler = make_crawler(&tokens, ignores_global);
        for indexed in [false, true] {
            if indexed {
                for _ in 0..64 {
                    robots.check(&crawler, "/");
                }
            }
            for path in &paths {
                for raw_url in [true, false] {
                    let options = CheckOptions { raw_url, ..CheckOptions::default() };
                    let requested = path.split('#').next().unwrap_or_default().as_bytes();
                    let checked = if raw_url { requested.to_vec() } else { reference_request_encode(requested) };
                    let want = reference_verdict(&groups, &tokens, ignores_global, &checked);
                    // Absolute, so that a path starting `//` is not read as a host.
                    let url = format!("https://example.com{path}");
                    let v = robots.check_with(&crawler, &url, &options);
                    prop_assert_eq!(
                        (v.allowed, v.line, v.priority), want,
                        "path {:?} (checked as {:?}) raw {} crawler {:?}\n{}", path, String::from_utf8_lossy(&checked), raw_url, tokens, text
                    );
                    if let Some(rule) = v.rule {
                        prop_assert_eq!(robots.rules()[rule].line, v.line);
                    }
                    prop_assert_eq!(robots.checked_path(&url, &options), String::from_utf8_lossy(&checked).into_owned());
                }
            }
        }
    }

    /// explain() gives check_with()'s verdict, and the deciding rule is among
    /// its matches with the same priority; in both modes and both agent
    /// matchings.
    #[test]
    fn explain_agrees_with_check(
        model in model(),
        paths in prop::collection::vec(path(), 1..4),
        (tokens, ignores_global) in crawler(),
        rfc in any::<bool>(),
        legacy in any::<bool>(),
        raw_url in any::<bool>(),
    ) {
        let (text, _) = model.render();
        let mode = if rfc { Mode::Rfc9309 } else { Mode::Google };
        let robots = Robots::parse_with(text.as_bytes(), &ParseOptions { mode, size_limit: None });
        let crawler = make_crawler(&tokens, ignores_global);
        let agent_matching = if legacy { AgentMatching::LegacyPrefix } else { AgentMatching::Exact };
        let options = CheckOptions { raw_url, agent_matching };
        for path in &paths {
            let url = format!("https://example.com{path}");
            let v = robots.check_with(&crawler, &url, &options);
            let e = FetchedRobots::new(&robots, FetchOutcome::FETCHED).explain(&crawler, &url, &options);
            prop_assert_eq!(v, e.verdict);
            prop_assert_eq!(e.mode, mode);
            if let Some(rule) = v.rule {
                prop_assert!(
                    e.matches.iter().any(|m| m.rule == rule && Some(m.priority) == v.priority),
                    "deciding rule {} not among {:?}", rule, e.matches
                );
                prop_assert!(e.groups.groups.contains(&robots.rules()[rule].group));
            }
            // The decision names the deciding rule, and only then.
            prop_assert_eq!(e.decision.deciding_rule().map(|m| m.rule), v.rule);
            // Matches are in file order and belong to the chosen groups.
            prop_assert!(e.matches.windows(2).all(|w| w[0].rule < w[1].rule));
            for m in &e.matches {
                prop_assert!(e.groups.groups.contains(&robots.rules()[m.rule].group));
            }
        }
    }

    /// Random bytes: nothing panics and everything points inside the input.
    #[test]
    fn random_bytes_never_panic(
        input in prop::collection::vec(any::<u8>(), 0..600),
        url in ".{0,40}",
        spec in "[A-Za-z*!> -]{0,20}",
        limit in prop::option::of(0usize..700),
    ) {
        exercise(&input, &url, &spec, limit);
    }

    /// Robots-like text built from the pieces parsers care about, so that
    /// the random input reaches past the line splitter.
    #[test]
    fn robots_like_text_never_panics(
        lines in prop::collection::vec(
            (
                prop::sample::select(vec![
                    "User-agent", "user-agent", "useragent", "Disallow", "disalow", "Allow", "Allowed", "Sitemap", "Crawl-delay",
                    "Noindex", "Host", "", "#", "*", "\u{FEFF}", "<html>", "foo",
                ]),
                prop::sample::select(vec![":", " ", "\t", "", "::"]),
                piece_string(5),
                prop::sample::select(vec!["\n", "\r\n", "\r", "\0\n", " # c\n", "\n\n"]),
            ),
            0..25,
        ),
        url in path(),
        limit in prop::option::of(0usize..400),
    ) {
        let text: String = lines.iter().map(|(k, s, v, end)| format!("{k}{s}{v}{end}")).collect();
        exercise(text.as_bytes(), &url, "FooBot>BarBot", limit);
    }
}

fn exercise(input: &[u8], url: &str, spec: &str, limit: Option<usize>) {
    let crawler = Crawler::parse_spec(spec).unwrap_or_else(|_| Crawler::new("FooBot"));
    for mode in [Mode::Google, Mode::Rfc9309] {
        for size_limit in [None, limit] {
            let robots = Robots::parse_with(input, &ParseOptions { mode, size_limit });
            assert_eq!(robots.input_len(), input.len());
            assert!(robots.parsed_len() <= input.len());
            let lines = robots.lines();
            assert!(!lines.is_empty());
            for (i, line) in lines.iter().enumerate() {
                assert_eq!(line.number as usize, i + 1);
                assert!(
                    line.span.start <= line.span.end && line.span.end <= input.len(),
                    "{line:?}"
                );
                for r in [&line.key, &line.value, &line.comment]
                    .into_iter()
                    .flatten()
                {
                    assert!(
                        r.start <= r.end && line.span.start <= r.start && r.end <= line.span.end,
                        "{line:?}"
                    );
                }
                if let Some(g) = line.group {
                    assert!(g < robots.groups().len());
                }
            }
            for d in robots.diagnostics() {
                assert!(
                    d.span.start <= d.span.end && d.span.end <= input.len(),
                    "{d:?}"
                );
                assert!(d.line as usize <= lines.len(), "{d:?}");
                assert!(!d.message.is_empty());
                // One code's severity varies: `unsupported-directive` is a
                // warning for the directives webmasters still rely on
                // (Noindex, Nofollow).
                assert!(
                    d.severity == d.code.severity()
                        || (d.code == Code::UnsupportedDirective
                            && d.severity == Severity::Warning),
                    "{d:?}"
                );
            }
            assert!(robots
                .diagnostics()
                .windows(2)
                .all(|w| (w[0].line, w[0].span.start) <= (w[1].line, w[1].span.start)));
            for (index, rule) in robots.rules().iter().enumerate() {
                assert!(rule.line >= 1 && rule.line as usize <= lines.len());
                assert!(robots.groups()[rule.group].rules.contains(&index));
            }
            for raw_url in [false, true] {
                for agent_matching in [AgentMatching::Exact, AgentMatching::LegacyPrefix] {
                    let options = CheckOptions {
                        raw_url,
                        agent_matching,
                    };
                    let v = robots.check_with(&crawler, url, &options);
                    let e = FetchedRobots::new(&robots, FetchOutcome::FETCHED)
                        .explain(&crawler, url, &options);
                    assert_eq!(v, e.verdict);
                    if let Some(rule) = v.rule {
                        assert_eq!(robots.rules()[rule].line, v.line);
                        assert!(e.matches.iter().any(|m| m.rule == rule));
                    }
                }
            }
        }
    }
}

// ---------------------------------------------------------------------------
// Fixed cases: the reference itself, and regressions.

#[test]
fn the_reference_follows_googles_tie_rules() {
    let model = Model {
        groups: vec![ModelGroup {
            agents: vec!["FooBot".into()],
            rules: vec![
                ModelRule {
                    allow: false,
                    value: "/a".into(),
                },
                ModelRule {
                    allow: false,
                    value: "/a".into(),
                },
                ModelRule {
                    allow: true,
                    value: "/a".into(),
                },
                ModelRule {
                    allow: false,
                    value: "".into(),
                },
                ModelRule {
                    allow: true,
                    value: "/b/index.html".into(),
                },
            ],
        }],
        filler: vec![],
    };
    let (text, groups) = model.render();
    let robots = Robots::parse(text.as_bytes());
    let crawler = Crawler::new("FooBot");
    for (path, want) in [
        ("/a", (true, 4, Some(2))),
        ("/x", (true, 5, Some(0))),
        ("/b/", (true, 6, Some(4))),
        ("/robots.txt", (true, 0, None)),
    ] {
        assert_eq!(
            reference_verdict(&groups, &["FooBot"], false, path.as_bytes()),
            want,
            "{path}"
        );
        let v = robots.check_with(
            &crawler,
            path,
            &CheckOptions {
                raw_url: true,
                ..CheckOptions::default()
            },
        );
        assert_eq!((v.allowed, v.line, v.priority), want, "{path}");
    }
}

#[test]
fn agent_only_groups_merge_into_the_next_group() {
    let model = Model {
        groups: vec![
            ModelGroup {
                agents: vec!["BarBot".into()],
                rules: vec![],
            },
            ModelGroup {
                agents: vec!["FooBot".into()],
                rules: vec![ModelRule {
                    allow: false,
                    value: "/".into(),
                }],
            },
        ],
        filler: vec![0, 1],
    };
    let (text, groups) = model.render();
    assert_eq!(groups.len(), 1);
    assert_eq!(Robots::parse(text.as_bytes()).groups().len(), 1);
    assert_eq!(
        reference_verdict(&groups, &["BarBot"], false, b"/x"),
        (false, 4, Some(1))
    );
}
