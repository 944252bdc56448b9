//! A loop to look at under a profiler (not a comparison):
//!
//!     cargo bench -p robots-matcher --bench profile -- parse FILE [SECONDS]
//!     cargo bench -p robots-matcher --bench profile -- check FILE [SECONDS]
//!     cargo bench -p robots-matcher --bench profile -- check-each FILE [SECONDS]
//!     cargo bench -p robots-matcher --bench profile -- first FILE [SECONDS]
//!     cargo bench -p robots-matcher --bench profile -- batch FILE [SECONDS]
//!
//! `check` resolves the crawler once (`Robots::matcher_for`); `check-each`
//! calls `Robots::check` per URL; `first` parses and checks one URL (the
//! first of FILE.urls when there is one), again and again (what a crawler fetching a fresh robots.txt pays); `batch`
//! parses, then checks every URL with one matcher, again and again (the
//! peers bench's real-file sample: the crawler's first checks and its rule
//! index count).
//!
//! Our parses take a share of the file's bytes, read into an `Arc<[u8]>`
//! before the loop (`Robots::parse_shared`, what the peers bench times),
//! or, with `INPUT=borrowed`, borrow them and keep a copy (`Robots::parse`).
//!
//! The crawler is Googlebot, or the token in `CRAWLER`. `PEER=fast-robots`
//! runs `parse`, `first` and `batch` through fast-robots instead. `RUNS=N` makes
//! exactly N runs instead of running for SECONDS (for callgrind, whose
//! instruction counts do not move with the machine's load).
//!
//! e.g. `perf record -g target/release/deps/profile-* parse big.txt 5`.

use std::hint::black_box;
use std::time::{Duration, Instant};

use std::sync::Arc;

use robots_matcher::{Crawler, ParseOptions, Robots};

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
    let (Some(what), Some(file)) = (args.first(), args.get(1)) else {
        eprintln!("usage: profile parse|check|check-each|first FILE [SECONDS]");
        return;
    };
    let seconds: f64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(3.0);
    let bytes = std::fs::read(file).expect("read FILE");
    let deadline = Instant::now() + Duration::from_secs_f64(seconds);
    let fixed_runs: Option<u64> = std::env::var("RUNS").ok().and_then(|n| n.parse().ok());
    // Whether to go on after `runs` runs (of `per_run` each).
    let more = |runs: u64| match fixed_runs {
        Some(n) => runs < n,
        None => Instant::now() < deadline,
    };
    let shared: Arc<[u8]> = Arc::from(&bytes[..]);
    let borrowed = std::env::var("INPUT").as_deref() == Ok("borrowed");
    let options = ParseOptions::default();
    let parse = |bytes: &[u8]| match borrowed {
        true => Robots::parse(bytes),
        false => Robots::parse_shared(Arc::clone(&shared), &options),
    };
    let token = std::env::var("CRAWLER").unwrap_or_else(|_| "Googlebot".to_string());
    let crawler = Crawler::new(&token);
    let mut runs = 0u64;
    let start = Instant::now();
    // `PEER=fast-robots`: the same loops through fast-robots (its text and
    // each URL's path as we check it, prepared before the loop), for
    // instruction counts side by side under callgrind.
    if std::env::var("PEER").as_deref() == Ok("fast-robots") {
        let text = String::from_utf8_lossy(&bytes).into_owned();
        let ours = Robots::parse(&bytes);
        let paths: Vec<String> = urls_of(file, &ours)
            .iter()
            .map(|u| ours.checked_path(u, &robots_matcher::CheckOptions::default()))
            .collect();
        let first = paths.first().map_or("/", String::as_str);
        while more(runs) {
            let robots = fast_robots::RobotsTxt::parse(black_box(&text));
            match what.as_str() {
                "parse" => {}
                "first" => {
                    black_box(robots.is_allowed(&token, black_box(first)));
                }
                _ => {
                    let matcher = robots.matcher();
                    for p in &paths {
                        black_box(matcher.is_allowed(&token, black_box(p)));
                    }
                }
            }
            black_box(robots);
            runs += 1;
        }
        println!("{what} (fast-robots): {runs} runs");
        return;
    }
    match what.as_str() {
        "parse" => {
            while more(runs) {
                black_box(parse(black_box(&bytes)));
                runs += 1;
            }
        }
        "first" => {
            // The first URL of FILE.urls, as the peers bench checks first.
            let urls = urls_of(file, &Robots::parse(&bytes));
            let url = match std::fs::metadata(format!("{file}.urls")) {
                Ok(_) => urls.first().map_or("/", String::as_str),
                Err(_) => "https://example.com/a/b",
            };
            while more(runs) {
                let robots = parse(black_box(&bytes));
                black_box(robots.check(&crawler, black_box(url)));
                runs += 1;
            }
        }
        "batch" => {
            let urls = urls_of(file, &Robots::parse(&bytes));
            while more(runs) {
                let robots = parse(black_box(&bytes));
                let matcher = robots.matcher_for(&crawler);
                for u in &urls {
                    black_box(matcher.check(black_box(u)).allowed);
                }
                runs += 1;
            }
        }
        _ => {
            let robots = Robots::parse(&bytes);
            let urls = urls_of(file, &robots);
            let matcher = robots.matcher_for(&crawler);
            while more(runs) {
                if what == "check-each" {
                    for u in &urls {
                        black_box(robots.check(&crawler, black_box(u)).allowed);
                    }
                } else {
                    for u in &urls {
                        black_box(matcher.check(black_box(u)).allowed);
                    }
                }
                runs += match fixed_runs {
                    Some(_) => 1,
                    None => urls.len() as u64,
                };
            }
        }
    }
    let per = start.elapsed().as_secs_f64() / runs.max(1) as f64;
    println!("{what}: {runs} runs, {:.3} µs each", per * 1e6);
}

/// FILE.urls (one per line, as `BENCH_DUMP` of the peers bench writes) or
/// URLs made from the file's own rules.
fn urls_of(file: &str, robots: &Robots) -> Vec<String> {
    match std::fs::read_to_string(format!("{file}.urls")) {
        Ok(list) => list.lines().map(str::to_string).collect(),
        Err(_) => robots
            .rules()
            .iter()
            .map(|r| format!("https://example.com{}x", r.value))
            .collect(),
    }
}
