//! Real robots.txt files: every file of the shared corpus parses in both
//! modes, answers a few checks and yields diagnostics without a panic; a few
//! odd files copied into `tests/fixtures/` give the diagnostics they should.
//!
//! The corpus lives beside the repository (`../shared/corpus` from the
//! workspace root). Without it the corpus test prints a note and passes,
//! except when `CI` is set: CI always has it, so there it fails.

use std::collections::BTreeMap;
use std::path::Path;
use std::time::Instant;

use test_support::corpus;

use robots_matcher::tools::explain::RuleMatch;
use robots_matcher::tools::lint::{Code, Diagnostic, Severity};
use robots_matcher::{
    CheckOptions, Crawler, FetchOutcome, FetchedRobots, Mode, ParseOptions, Robots, RuleKind,
    Selection,
};

const URLS: &[&str] = &[
    "https://example.com/",
    "https://example.com/search?q=robots",
    "https://example.com/wp-admin/admin-ajax.php",
    "/private/a b/é.html",
    "https://example.com/index.html",
];

fn crawlers() -> Vec<Crawler> {
    vec![
        Crawler::new("Googlebot"),
        Crawler::parse_spec("Googlebot-Image>Googlebot").unwrap(),
        Crawler::new("GPTBot"),
        Crawler::parse_spec("AdsBot-Google>!*").unwrap(),
    ]
}

#[test]
fn every_corpus_file_parses_checks_and_lints() {
    let Some(files) = corpus::files(env!("CARGO_MANIFEST_DIR"), "the corpus test") else {
        return;
    };
    let start = Instant::now();
    let crawlers = crawlers();
    let (mut bytes, mut lines, mut groups, mut rules) = (0usize, 0usize, 0usize, 0usize);
    // Per code: how many findings, and in how many files.
    let mut by_code: BTreeMap<&'static str, (usize, usize)> = BTreeMap::new();
    let mut checks = 0usize;
    for path in &files {
        let input = std::fs::read(path).unwrap();
        bytes += input.len();
        for mode in [Mode::Google, Mode::Rfc9309] {
            let robots = Robots::parse_with(
                &input,
                &ParseOptions {
                    mode,
                    size_limit: None,
                },
            );
            let name = path.display();
            assert_eq!(robots.input_len(), input.len(), "{name}");
            let mut codes_here = std::collections::BTreeSet::new();
            let diagnostics = robots.diagnostics();
            // The file-level findings (what the CLI asks before checking)
            // are the lint's own, and hold every error it finds.
            let file = robots.file_diagnostics();
            assert!(file.iter().all(|d| diagnostics.contains(d)), "{name}");
            let errors =
                |all: &[Diagnostic]| all.iter().filter(|d| d.severity == Severity::Error).count();
            assert_eq!(errors(&file), errors(&diagnostics), "{name}");
            for d in diagnostics {
                assert!(
                    d.span.start <= d.span.end && d.span.end <= input.len(),
                    "{name}: {d:?}"
                );
                assert!(d.line as usize <= robots.lines().len(), "{name}: {d:?}");
                assert!(!d.message.is_empty(), "{name}: {d:?}");
                if mode == Mode::Google {
                    by_code.entry(d.code.as_str()).or_default().0 += 1;
                    codes_here.insert(d.code.as_str());
                }
            }
            for code in codes_here {
                by_code.entry(code).or_default().1 += 1;
            }
            if mode == Mode::Google {
                lines += robots.lines().len();
                groups += robots.groups().len();
                rules += robots.rules().len();
            }
            for crawler in &crawlers {
                // The first checks of a crawler try every rule; later ones
                // walk its rule index (built in between, and checked to
                // hold together in debug builds): both give one verdict.
                let matcher = robots.matcher_for(crawler);
                let scanned: Vec<_> = URLS.iter().map(|url| matcher.check(url)).collect();
                for _ in 0..4 {
                    for (url, verdict) in URLS.iter().zip(&scanned) {
                        assert_eq!(matcher.check(url), *verdict, "{name} {url} {crawler}");
                    }
                }
                for url in URLS {
                    let options = CheckOptions::default();
                    let v = robots.check_with(crawler, url, &options);
                    let e = FetchedRobots::new(&robots, FetchOutcome::FETCHED)
                        .explain(crawler, url, &options);
                    assert_eq!(v, e.verdict, "{name} {url} {crawler}");
                    // The explanation tries every rule of the groups: the
                    // verdict decided again from its matches (longest wins,
                    // an Allow on a tie, the first in the file among
                    // equals, a length-0 match never disallows) is the one
                    // the rule index gave (every check but a crawler's
                    // first walks it).
                    if matches!(v.selection, Selection::Token(_) | Selection::Global) {
                        let allow = |m: &RuleMatch| m.kind == RuleKind::Allow;
                        let best =
                            e.matches
                                .iter()
                                .fold(None::<&RuleMatch>, |best, m| match best {
                                    Some(b) if (b.priority, allow(b)) >= (m.priority, allow(m)) => {
                                        Some(b)
                                    }
                                    _ => Some(m),
                                });
                        let allowed = best.is_none_or(|b| allow(b) || b.priority == 0);
                        assert_eq!(
                            (v.allowed, v.line),
                            (allowed, best.map_or(0, |b| b.line)),
                            "{name} {url} {crawler}"
                        );
                    }
                    if let Some(rule) = v.rule {
                        assert_eq!(robots.rules()[rule].line, v.line, "{name}");
                    }
                    checks += 1;
                }
            }
        }
        // What Googlebot reads: the size limit cuts big files.
        let limited = Robots::parse_with(&input, &ParseOptions::googlebot());
        assert!(limited.parsed_len() <= robots_matcher::GOOGLE_SIZE_LIMIT);
    }
    println!(
        "corpus: {} files, {} bytes, {} lines, {} groups, {} rules; {} checks and explanations; {:.2?}",
        files.len(),
        bytes,
        lines,
        groups,
        rules,
        checks,
        start.elapsed()
    );
    println!("diagnostics by code (Google mode): findings, files");
    for (code, (count, in_files)) in &by_code {
        println!("  {code:<28} {count:>7} {in_files:>6}");
    }
    assert!(
        files.len() > 100,
        "expected the whole corpus, found {} files",
        files.len()
    );
}

// ---------------------------------------------------------------------------
// Fixtures: odd real files (see tests/fixtures/PROVENANCE.md).

fn fixture(name: &str) -> Vec<u8> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name);
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn codes(robots: &Robots) -> Vec<Code> {
    robots.diagnostics().iter().map(|d| d.code).collect()
}

fn count(robots: &Robots, code: Code) -> usize {
    robots
        .diagnostics()
        .iter()
        .filter(|d| d.code == code)
        .count()
}

#[test]
fn utf16_file_is_diagnosed_and_has_no_rules() {
    let input = fixture("www.myvue.com.txt");
    let robots = Robots::parse(&input);
    let utf16 = robots
        .diagnostics()
        .into_iter()
        .find(|d| d.code == Code::Utf16)
        .expect("utf16");
    assert_eq!((utf16.line, utf16.span.clone()), (0, 0..2));
    // Every other byte is NUL: Google reads no directive at all.
    assert!(
        robots.rules().is_empty() && robots.groups().is_empty() && robots.sitemaps().is_empty()
    );
    assert_eq!(count(&robots, Code::NulByte), robots.lines().len());
    assert!(robots.check(&Crawler::new("Googlebot"), "/login").allowed);
}

#[test]
fn bom_is_skipped_and_diagnosed() {
    let robots = Robots::parse(&fixture("mlb.mlb.com.txt"));
    let bom = robots
        .diagnostics()
        .into_iter()
        .find(|d| d.code == Code::Bom)
        .expect("bom");
    assert_eq!((bom.line, bom.span.clone()), (1, 0..3));
    // The first line is still a User-agent line, so its group counts.
    assert_eq!(robots.groups()[0].names().collect::<Vec<_>>(), ["truveo"]);
    assert!(!robots.check(&Crawler::new("truveo"), "/x").allowed);
    assert_eq!(count(&robots, Code::UnsupportedDirective), 7);
    // `Yahoo! slurp` is read as `Yahoo`.
    assert_eq!(count(&robots, Code::UserAgentCut), 1);
    assert!(robots.has_group_for("yahoo"));
}

#[test]
fn nul_byte_ends_the_line_where_google_stops() {
    let input = fixture("sgppto.txt");
    let robots = Robots::parse(&input);
    let nul = robots
        .diagnostics()
        .into_iter()
        .find(|d| d.code == Code::NulByte)
        .expect("nul-byte");
    assert_eq!(nul.line, 19);
    assert_eq!(input[nul.span.start], 0);
    // The pattern before the NUL run is kept, the bytes after it are not.
    let rule = robots
        .rules()
        .iter()
        .find(|r| r.line == 19)
        .expect("rule on line 19");
    assert_eq!(rule.value, "/*/action~*/");
    // Line 5's User-agent follows the Crawl-delay of line 4 with no rule
    // between: SemrushBot shares the rules below (a real-world case of the
    // trap).
    assert_eq!(
        codes(&robots),
        [
            Code::UserAgentCut,
            Code::UnsupportedDirective,
            Code::AgentJoinsPreviousGroup,
            Code::NulByte
        ]
    );
}

#[test]
fn html_page_is_an_error_with_no_rules() {
    let robots = Robots::parse(&fixture("www.visa.com.txt"));
    let html = robots
        .diagnostics()
        .into_iter()
        .find(|d| d.code == Code::HtmlDocument)
        .expect("html-document");
    assert_eq!(html.severity, Severity::Error);
    assert_eq!(html.line, 0);
    assert!(robots.rules().is_empty());
    assert_eq!(count(&robots, Code::UnknownDirective), 8);
    assert_eq!(count(&robots, Code::MissingColon), 2);
}

#[test]
fn cr_only_line_endings_split_lines() {
    let input = fixture("www.prometric.com.txt");
    assert!(!input.contains(&b'\n'));
    let robots = Robots::parse(&input);
    assert_eq!(robots.lines().len(), 5);
    assert_eq!(robots.sitemaps()[0].line, 1);
    assert_eq!(robots.groups()[0].lines, 3..4);
    assert_eq!(codes(&robots), [Code::EmptyDisallow]);
    let v = robots.check(&Crawler::new("Googlebot"), "/anything");
    assert_eq!((v.allowed, v.line), (true, 4));
}

#[test]
fn huge_html_line_is_cut_and_diagnosed() {
    let input = fixture("www.anker.com.txt");
    let robots = Robots::parse(&input);
    let long: Vec<_> = robots
        .diagnostics()
        .into_iter()
        .filter(|d| d.code == Code::LineTooLong)
        .collect();
    assert_eq!(long.len(), 1);
    let line = robots.line(long[0].line).unwrap();
    assert!(line.span.len() > robots_matcher::MAX_LINE_BYTES);
    assert_eq!(
        long[0].span,
        line.span.start + robots_matcher::MAX_LINE_BYTES..line.span.end
    );
    assert_eq!(count(&robots, Code::HtmlDocument), 1);
    assert!(robots.rules().is_empty());
}

#[test]
fn invalid_utf8_is_diagnosed_and_a_latin1_nbsp_spoils_the_star() {
    let input = fixture("www.turktelekom.com.tr.txt");
    let robots = Robots::parse(&input);
    let bad = robots
        .diagnostics()
        .into_iter()
        .find(|d| d.code == Code::InvalidUtf8)
        .expect("invalid-utf8");
    assert_eq!((bad.line, bad.span.clone()), (1, 13..14));
    assert_eq!(input[13], 0xA0);
    // `*` followed by a Latin-1 no-break space is not the global group and
    // names no crawler, so its rules apply to nobody.
    assert_eq!(count(&robots, Code::EmptyUserAgent), 1);
    assert_eq!(robots.rules().len(), 2);
    let v = robots.check(
        &Crawler::new("Googlebot"),
        "/destek/Sayfalar/gizlilik-guvenlik.aspx",
    );
    assert_eq!((v.allowed, v.line), (true, 0));
    // RFC 9309 mode reads it the same way.
    let strict = Robots::parse_with(
        &input,
        &ParseOptions {
            mode: Mode::Rfc9309,
            size_limit: None,
        },
    );
    assert_eq!(codes(&strict), codes(&robots));
}
