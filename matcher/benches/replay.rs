//! Log replay throughput: requests judged per second on one core, from
//! the bytes of a Combined Log Format log to the report, with two
//! robots.txt versions and IP ranges given (issue 25's target: at least
//! 1,000,000 lines a second).
//!
//!     cargo bench -p robots-matcher --bench replay
//!
//! The log is generated (deterministically): a day of a busy site, a
//! million lines by default (`LINES=...`), about 230 bytes each; half
//! browsers, the rest some twenty crawlers and tools, some claiming to be
//! Googlebot from outside Google's ranges, robots.txt fetches among them;
//! the second version goes live at noon. `BENCH_DUMP=DIR` writes the log
//! (`access.log`), the versions (`robots-old.txt`, `robots-new.txt`) and
//! the ranges (`googlebot.json`, `bingbot.json`) there, for timing the
//! CLI on the same inputs.

use std::hint::black_box;
use std::io::Write;
use std::time::Instant;

use robots_matcher::read::ip_ranges::IpRanges;
use robots_matcher::read::log::{LogReader, Timestamp};
use robots_matcher::tools::replay::{Replay, ReplayOptions, RobotsVersion, Versions};
use robots_matcher::Robots;

const TARGET_LINES_PER_SECOND: f64 = 1_000_000.0;

const OLD: &str = "\
User-agent: *
Disallow: /admin/
Disallow: /cart
Disallow: /checkout/
Disallow: /search
Disallow: /*?sessionid=
Disallow: /*.json$
Allow: /search/about
Disallow: /account/
Disallow: /tmp/

User-agent: Googlebot
User-agent: bingbot
Disallow: /admin/
Disallow: /cart
Disallow: /checkout/
Allow: /search/about
Disallow: /search

User-agent: AhrefsBot
User-agent: SemrushBot
Crawl-delay: 10
Disallow: /search
Disallow: /tag/

Sitemap: https://www.example.com/sitemap.xml
";

const NEW_BLOCKS: &str = "
User-agent: GPTBot
User-agent: CCBot
User-agent: ClaudeBot
Disallow: /article/
Disallow: /news/
Allow: /article/about

User-agent: Bytespider
Disallow: /
";

/// User agents and how many of every 100 requests send each.
const AGENTS: [(u32, &str); 18] = [
    (20, "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36"),
    (12, "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1"),
    (10, "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15"),
    (8, "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0"),
    (10, "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"),
    (3, "Googlebot-Image/1.0"),
    (7, "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm) Chrome/116.0.1938.76 Safari/537.36"),
    (5, "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.2; +https://openai.com/gptbot"),
    (3, "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)"),
    (3, "Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)"),
    (3, "Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)"),
    (2, "CCBot/2.0 (https://commoncrawl.org/faq/)"),
    (2, "Mozilla/5.0 (Linux; Android 5.0) AppleWebKit/537.36 (KHTML, like Gecko) Mobile Safari/537.36 (compatible; Bytespider; spider-feedback@bytedance.com)"),
    (2, "Mozilla/5.0 (compatible; SemrushBot/7~bl; +http://www.semrush.com/bot.html)"),
    (4, "curl/8.5.0"),
    (3, "python-requests/2.31.0"),
    (2, "Mozilla/5.0 (compatible; WidgetScanBot/3.1; +https://widgets.example/bot)"),
    (2, "-"),
];

const PATHS: [&str; 16] = [
    "/",
    "/article/2024/05/robots-txt-explained",
    "/article/about",
    "/news/today?page=2",
    "/search?q=robots",
    "/search/about",
    "/static/app.3f9a1c.css",
    "/images/hero-1200.jpg",
    "/admin/login",
    "/cart",
    "/product/12345?sessionid=abc",
    "/api/items.json",
    "/tag/rust",
    "/account/settings",
    "/blog/2024/05/02/a-day-of-logs",
    "/robots.txt",
];

const STATUSES: [u16; 8] = [200, 200, 200, 200, 304, 200, 404, 301];

/// The generated log: `lines` lines over a day, from 2024-05-02T00:00Z.
fn generate(lines: usize) -> Vec<u8> {
    let start = Timestamp::parse("2024-05-02T00:00:00Z").unwrap().unix();
    let months = ["May"];
    let mut out = Vec::with_capacity(lines * 240);
    let buckets: Vec<&str> = AGENTS
        .iter()
        .flat_map(|(n, agent)| std::iter::repeat_n(*agent, *n as usize))
        .collect();
    for i in 0..lines {
        let agent = buckets[(i * 37) % buckets.len()];
        let path = PATHS[(i * 7919 + i / 3) % PATHS.len()];
        let status = match path {
            "/robots.txt" => 200,
            _ => STATUSES[(i * 31) % STATUSES.len()],
        };
        let seconds = start + (i as i64 * 86_400) / lines as i64;
        let second = seconds - start;
        let ip = if agent.contains("Googlebot") {
            // Four in five from Google's ranges, the rest pretending.
            if i % 5 == 0 {
                format!("203.0.113.{}", i % 250)
            } else {
                format!("66.249.{}.{}", 64 + (i % 32), i % 250)
            }
        } else if agent.contains("bingbot") {
            format!("157.55.39.{}", i % 250)
        } else if i % 7 == 0 {
            format!("2001:db8:{:x}::{:x}", i % 4096, i % 65_536)
        } else {
            format!("198.51.{}.{}", i % 200, (i * 13) % 250)
        };
        writeln!(
            out,
            "{ip} - - [{:02}/{}/2024:{:02}:{:02}:{:02} +0000] \"GET {path} HTTP/1.1\" {status} {} \"https://www.example.com/\" \"{agent}\"",
            2,
            months[0],
            second / 3600,
            second % 3600 / 60,
            second % 60,
            (i * 97) % 50_000,
        )
        .unwrap();
    }
    out
}

/// Google's and Bing's ranges, in their files' shape: many prefixes,
/// the ones the generated crawlers come from among them.
fn ranges(first: &str, count: usize) -> String {
    let mut prefixes: Vec<String> = (0..count)
        .map(|i| {
            format!(
                "{{\"ipv4Prefix\":\"{}.{}.{}.0/24\"}}",
                34 + i % 20,
                100 + i / 20 % 100,
                i % 250
            )
        })
        .collect();
    prefixes.push(format!("{{\"ipv4Prefix\":\"{first}\"}}"));
    prefixes.push("{\"ipv6Prefix\":\"2001:4860:4801:10::/64\"}".to_string());
    format!(
        "{{\"creationTime\":\"2024-05-01T23:00:00\",\"prefixes\":[{}]}}",
        prefixes.join(",")
    )
}

fn versions() -> Versions {
    let new = format!("{OLD}{NEW_BLOCKS}");
    Versions::new(vec![
        RobotsVersion {
            name: "robots-old.txt".into(),
            since: None,
            robots: Robots::parse(OLD.as_bytes()),
        },
        RobotsVersion {
            name: "robots-new.txt".into(),
            since: Some(Timestamp::parse("2024-05-02T12:00:00Z").unwrap()),
            robots: Robots::parse(new.as_bytes()),
        },
    ])
    .unwrap()
}

/// Time this thread has spent on a CPU, when Linux tells it
/// (`/proc/thread-self/schedstat`): on a shared machine, what one core
/// spent on the work, without the time other processes took.
fn cpu_time() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let nanoseconds: f64 = stat.split_whitespace().next()?.parse().ok()?;
    Some(nanoseconds / 1e9)
}

fn main() {
    let lines: usize = std::env::var("LINES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(1_000_000);
    let log = generate(lines);
    let google = ranges("66.249.64.0/19", 150);
    let bing = ranges("157.55.39.0/24", 60);
    if let Ok(dir) = std::env::var("BENCH_DUMP") {
        let dir = std::path::Path::new(&dir);
        std::fs::create_dir_all(dir).unwrap();
        std::fs::write(dir.join("access.log"), &log).unwrap();
        std::fs::write(dir.join("robots-old.txt"), OLD).unwrap();
        std::fs::write(dir.join("robots-new.txt"), format!("{OLD}{NEW_BLOCKS}")).unwrap();
        std::fs::write(dir.join("googlebot.json"), &google).unwrap();
        std::fs::write(dir.join("bingbot.json"), &bing).unwrap();
        eprintln!("wrote the inputs to {}", dir.display());
    }
    let runs: usize = if std::env::var_os("BENCH_QUICK").is_some() {
        1
    } else {
        5
    };
    let mut rates = Vec::new();
    for _ in 0..runs {
        let mut replay = Replay::new(versions(), ReplayOptions::default());
        replay.verify("Googlebot", IpRanges::parse(google.as_bytes()).unwrap());
        replay.verify("bingbot", IpRanges::parse(bing.as_bytes()).unwrap());
        let started = Instant::now();
        let cpu_started = cpu_time();
        replay.start_log(LogReader::new("access.log"));
        let mut judged = 0u64;
        for chunk in log.chunks(256 * 1024) {
            replay.feed(black_box(chunk), &mut |j| {
                judged += 1;
                black_box(j.verdict.allowed);
            });
        }
        replay.end_log(&mut |_| judged += 1);
        let report = black_box(replay.report());
        let wall = started.elapsed().as_secs_f64();
        let cpu = cpu_time().zip(cpu_started).map(|(end, start)| end - start);
        let seconds = cpu.unwrap_or(wall);
        assert_eq!(report.logs[0].lines, lines as u64);
        assert_eq!(report.logs[0].unreadable.count, 0);
        let rate = lines as f64 / seconds;
        eprintln!(
            "{lines} lines ({:.0} MB): {:.3} s on the CPU, {wall:.3} s elapsed: {:.2} M lines/s of CPU time ({:.2} M/s elapsed); {judged} crawler requests judged, {} violations, {} cached, {} unverified",
            log.len() as f64 / 1e6,
            seconds,
            rate / 1e6,
            lines as f64 / wall / 1e6,
            report.counts.violations,
            report.counts.cached,
            report.counts.unverified,
        );
        rates.push(rate);
    }
    // Reading alone (no judging), to see where the time goes.
    let cpu_started = cpu_time();
    let started = Instant::now();
    let mut reader = LogReader::new("access.log");
    let mut requests = 0u64;
    for chunk in log.chunks(256 * 1024) {
        reader.feed(black_box(chunk), &mut |r| {
            requests += 1;
            black_box(&r.user_agent);
        });
    }
    reader.finish(&mut |_| requests += 1);
    let seconds = cpu_time()
        .zip(cpu_started)
        .map_or(started.elapsed().as_secs_f64(), |(end, start)| end - start);
    eprintln!(
        "reading alone: {requests} requests in {seconds:.3} s on the CPU: {:.2} M lines/s",
        lines as f64 / seconds / 1e6
    );
    rates.sort_by(f64::total_cmp);
    let median = rates[rates.len() / 2];
    println!(
        "replay, 2 versions, ranges given: median {:.2} M lines/s of one core's time over {runs} runs (target >= {:.1} M): {}",
        median / 1e6,
        TARGET_LINES_PER_SECOND / 1e6,
        if median >= TARGET_LINES_PER_SECOND { "PASS" } else { "MISS" }
    );
}
