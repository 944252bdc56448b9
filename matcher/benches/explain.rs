//! How long explaining one verdict takes on the corpus's largest files:
//! `FetchedRobots::explain` plus `FetchedRobots::why_not` (the near
//! misses), against the target of 50 ms native per explanation.
//!
//!     cargo bench -p robots-matcher --bench explain [-- FILE...]
//!
//! Without files, the eight largest files of `../shared/corpus/robots`.
//! Each file is parsed as the CLI and the app read it (Googlebot's first
//! 500 KiB), and a file longer than that once more whole. Then: the first
//! explanation (which also builds the file's text view and files its
//! User-agent lines: what the CLI's one `explain` pays) and the median and
//! slowest of the next ones, over paths made from the file's own rules (so
//! that they nearly match) for Googlebot, Googlebot-Image>Googlebot and a
//! crawler no group names. Each of those is the best of 3 runs, so that a
//! busy machine's pauses are not taken for the code's. PASS when the
//! slowest, first included, is within the target; a report, it always
//! exits 0.

use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use robots_matcher::{CheckOptions, Crawler, FetchOutcome, FetchedRobots, ParseOptions, Robots};

const TARGET: Duration = Duration::from_millis(50);

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    let files: Vec<PathBuf> = match args.is_empty() {
        false => args.iter().map(PathBuf::from).collect(),
        true => largest_corpus_files(8),
    };
    if files.is_empty() {
        println!("no files: give some, or put the corpus at ../shared/corpus");
        return;
    }
    let crawlers = [
        Crawler::new("Googlebot"),
        Crawler::parse_spec("Googlebot-Image>Googlebot").expect("spec"),
        Crawler::new("SomeBot"),
    ];
    println!(
        "{:<44} {:>9} {:>7} {:>10} {:>10} {:>10}  target {TARGET:?}",
        "file", "read", "rules", "first", "median", "slowest"
    );
    for file in &files {
        let Ok(bytes) = std::fs::read(file) else {
            println!("{}: unreadable", file.display());
            continue;
        };
        let name = file
            .file_name()
            .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
        let limited = ParseOptions::googlebot();
        let limit = limited.size_limit.unwrap_or(usize::MAX);
        measure(&name, &bytes, &limited, &crawlers);
        if bytes.len() > limit {
            measure(
                &format!("{name} (whole)"),
                &bytes,
                &ParseOptions::default(),
                &crawlers,
            );
        }
    }
}

/// Parses `bytes`, explains paths of it for `crawlers` and prints the
/// times.
fn measure(name: &str, bytes: &[u8], parse: &ParseOptions, crawlers: &[Crawler]) {
    let options = CheckOptions::default();
    let explain = |fetched: &FetchedRobots<'_>, crawler: &Crawler, url: &str| {
        let t = Instant::now();
        let explanation = black_box(fetched.explain(crawler, url, &options));
        black_box(fetched.why_not(crawler, &explanation));
        t.elapsed()
    };
    // The first explanation of a fresh parse, best of 3 parses.
    let first = (0..3)
        .map(|_| {
            let robots = Robots::parse_with(bytes, parse);
            explain(
                &FetchedRobots::new(&robots, FetchOutcome::FETCHED),
                &crawlers[0],
                "/a/b?c=d",
            )
        })
        .min()
        .unwrap_or_default();
    let robots = Robots::parse_with(bytes, parse);
    let fetched = FetchedRobots::new(&robots, FetchOutcome::FETCHED);
    let urls = paths(&robots);
    let mut times: Vec<Duration> = Vec::new();
    for crawler in crawlers {
        for url in &urls {
            let best = (0..3).map(|_| explain(&fetched, crawler, url)).min();
            times.push(best.unwrap_or_default());
        }
    }
    times.sort();
    let median = times[times.len() / 2];
    let slowest = times.last().copied().unwrap_or_default().max(first);
    println!(
        "{name:<44} {:>9} {:>7} {:>10.2?} {:>10.2?} {:>10.2?}  {}",
        robots.parsed_len(),
        robots.rules().len(),
        first,
        median,
        slowest,
        if slowest <= TARGET { "PASS" } else { "MISS" }
    );
}

/// Paths from every 64th rule, cut short and with a query added, so that
/// they nearly match, and a few everyday ones.
fn paths(robots: &Robots) -> Vec<String> {
    let mut paths = vec![
        "/".to_string(),
        "/search?q=x".to_string(),
        "/a.pdf?download=1".to_string(),
    ];
    let rules = robots.rules();
    for rule in rules.iter().step_by((rules.len() / 64).max(1)).take(64) {
        let value = rule.value.replace(['*', '$'], "");
        let value = value.trim_start_matches('/');
        let cut = (0..=value.len().saturating_sub(2))
            .rev()
            .find(|&i| value.is_char_boundary(i))
            .unwrap_or(0);
        paths.push(format!("/{}x", &value[..cut]));
        paths.push(format!("/{value}?x=1"));
    }
    paths
}

fn largest_corpus_files(n: usize) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/corpus/robots");
    let Ok(entries) = std::fs::read_dir(&dir) else {
        return Vec::new();
    };
    let mut files: Vec<(u64, PathBuf)> = entries
        .filter_map(|e| e.ok())
        .filter_map(|e| Some((e.metadata().ok()?.len(), e.path())))
        .collect();
    files.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.cmp(&b.1)));
    files.into_iter().take(n).map(|(_, path)| path).collect()
}
