//! Live robots.txt: the binary fetches from a small HTTP server on
//! 127.0.0.1 started inside each test, and applies RFC 9309's rules to how
//! the fetch ended (statuses, redirect chains, a slow server, a body over
//! the size limit, gzip-, deflate- and br-encoded bodies, codings it cannot
//! decode, compression bombs and endless bodies, one deadline across
//! redirects, redirect targets of every kind, a TLS handshake with a
//! plain-HTTP server, the User-agent header).

mod support;

use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::OnceLock;
use std::thread;
use std::time::{Duration, Instant};

use support::{fixtures, run_capped, run_in, Run};

const RULES: &str = "User-agent: *\nDisallow: /private\n";

/// `User-agent: *\nDisallow: /private\n` as brotli (Node's
/// `zlib.brotliCompressSync`).
const RULES_BR: [u8; 37] = [
    0x0b, 0x10, 0x80, 0x55, 0x73, 0x65, 0x72, 0x2d, 0x61, 0x67, 0x65, 0x6e, 0x74, 0x3a, 0x20, 0x2a,
    0x0a, 0x44, 0x69, 0x73, 0x61, 0x6c, 0x6c, 0x6f, 0x77, 0x3a, 0x20, 0x2f, 0x70, 0x72, 0x69, 0x76,
    0x61, 0x74, 0x65, 0x0a, 0x03,
];

/// The most `--no-size-limit` reads (the CLI's `MAX_ROBOTS_BYTES`).
const CEILING: usize = 32 * 1024 * 1024;

/// The address space a bounded run gets: a few times what it keeps, far
/// below what reading a bomb or an endless body whole would take.
const CAP_MIB: u64 = 1024;

/// A server answering every connection on its own thread until the test
/// process ends; its base URL is `http://127.0.0.1:PORT`.
struct Server {
    base: String,
}

impl Server {
    fn start() -> Server {
        let listener = TcpListener::bind("127.0.0.1:0").expect("a local port is free");
        let base = format!("http://{}", listener.local_addr().expect("a bound address"));
        thread::spawn(move || {
            for stream in listener.incoming().flatten() {
                thread::spawn(move || answer(stream));
            }
        });
        Server { base }
    }

    fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }
}

/// Reads one request and answers it by its path.
fn answer(mut stream: TcpStream) {
    let mut reader = BufReader::new(stream.try_clone().expect("the stream clones"));
    let mut request_line = String::new();
    if reader.read_line(&mut request_line).is_err() {
        return;
    }
    let mut user_agent = String::new();
    let mut accepts_gzip = false;
    loop {
        let mut header = String::new();
        if reader.read_line(&mut header).unwrap_or(0) == 0 || header.trim().is_empty() {
            break;
        }
        let lower = header.to_ascii_lowercase();
        if let Some(value) = lower.strip_prefix("user-agent:") {
            user_agent = header[header.len() - value.len()..].trim().to_string();
        }
        if lower.starts_with("accept-encoding:") && lower.contains("gzip") {
            accepts_gzip = true;
        }
    }
    let path = request_line.split(' ').nth(1).unwrap_or("/").to_string();
    let segments: Vec<&str> = path.trim_start_matches('/').split('/').collect();
    let response = match segments.as_slice() {
        ["robots.txt"] => ok(RULES.as_bytes(), &[]),
        ["status", code, "robots.txt"] => response(code, "", b"server says no", &[]),
        ["hop", n, "robots.txt"] => match n.parse::<u32>() {
            Ok(0) | Err(_) => ok(RULES.as_bytes(), &[]),
            Ok(n) => {
                let next = format!("Location: /hop/{}/robots.txt\r\n", n - 1);
                response("301", &next, b"", &[])
            }
        },
        ["slow", "robots.txt"] => {
            thread::sleep(Duration::from_secs(5));
            ok(RULES.as_bytes(), &[])
        }
        ["stall", "robots.txt"] => {
            // The head and part of the body, then nothing for 5 seconds.
            let head = b"HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\nUser-agent: *\n";
            let _ = stream.write_all(head);
            let _ = stream.flush();
            thread::sleep(Duration::from_secs(5));
            return;
        }
        ["big", "robots.txt"] => ok(&big_file(), &[]),
        ["gzip", "robots.txt"] if accepts_gzip => {
            let mut encoder =
                flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
            encoder.write_all(RULES.as_bytes()).expect("gzip in memory");
            let body = encoder.finish().expect("gzip in memory");
            response("200", "Content-Encoding: gzip\r\n", &body, &[])
        }
        ["br", "robots.txt"] => response("200", "Content-Encoding: br\r\n", &RULES_BR, &[]),
        ["deflate", "zlib", "robots.txt"] => {
            let mut encoder =
                flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::default());
            encoder.write_all(RULES.as_bytes()).expect("zlib in memory");
            let body = encoder.finish().expect("zlib in memory");
            response("200", "Content-Encoding: deflate\r\n", &body, &[])
        }
        ["deflate", "raw", "robots.txt"] => {
            let mut encoder =
                flate2::write::DeflateEncoder::new(Vec::new(), flate2::Compression::default());
            encoder
                .write_all(RULES.as_bytes())
                .expect("deflate in memory");
            let body = encoder.finish().expect("deflate in memory");
            response("200", "Content-Encoding: deflate\r\n", &body, &[])
        }
        // The rules as plain text, said to be in a coding.
        ["coded", coding, "robots.txt"] => {
            let header = format!("Content-Encoding: {coding}\r\n");
            response("200", &header, RULES.as_bytes(), &[])
        }
        ["bomb", "robots.txt"] => response("200", "Content-Encoding: gzip\r\n", bomb(), &[]),
        ["endless", "robots.txt"] => {
            // No length, no end: rules until the reader hangs up.
            let head = b"HTTP/1.1 200 OK\r\nConnection: close\r\n\r\nUser-agent: *\n";
            let rules = b"Disallow: /x\n".repeat(10_000);
            if stream.write_all(head).is_ok() {
                while stream.write_all(&rules).is_ok() {}
            }
            return;
        }
        ["late", n, "robots.txt"] => {
            thread::sleep(Duration::from_millis(600));
            match n.parse::<u32>() {
                Ok(0) | Err(_) => ok(RULES.as_bytes(), &[]),
                Ok(n) => {
                    let next = format!("Location: /late/{}/robots.txt\r\n", n - 1);
                    response("302", &next, b"", &[])
                }
            }
        }
        ["to", kind, "robots.txt"] => {
            let location = match *kind {
                "javascript" => "javascript:alert(1)",
                "mailto" => "mailto:webmaster@example.com",
                "data" => "data:text/plain,User-agent: *",
                "file" => "file:///etc/passwd",
                "ftp" => "ftp://127.0.0.1/robots.txt",
                "empty" => "",
                "space" => "/spaced dir/robots.txt",
                "utf8" => "/café/robots.txt",
                _ => "/robots.txt",
            };
            response("302", &format!("Location: {location}\r\n"), b"", &[])
        }
        ["spaced%20dir" | "caf%C3%A9", "robots.txt"] => ok(RULES.as_bytes(), &[]),
        ["ua", "robots.txt"] => ok(format!("# {user_agent}\n{RULES}").as_bytes(), &[]),
        _ => response("404", "", b"not found", &[]),
    };
    let _ = stream.write_all(&response);
}

fn ok(body: &[u8], extra: &[u8]) -> Vec<u8> {
    response("200", "Content-Type: text/plain\r\n", body, extra)
}

fn response(code: &str, headers: &str, body: &[u8], extra: &[u8]) -> Vec<u8> {
    let mut out = format!(
        "HTTP/1.1 {code} Status\r\n{headers}Content-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    )
    .into_bytes();
    out.extend_from_slice(body);
    out.extend_from_slice(extra);
    out
}

/// 600 KiB: a rule at the start and one past Google's 500 KiB limit.
fn big_file() -> Vec<u8> {
    let mut big = b"User-agent: *\nDisallow: /early\n".to_vec();
    while big.len() < 600 * 1024 - 100 {
        big.extend_from_slice(b"# filler to push the last rule past the limit\n");
    }
    big.extend_from_slice(b"Disallow: /late\n");
    big
}

/// A gzip body that expands to 40 MiB of rules, more than any limit
/// keeps (made once, shared by the tests).
fn bomb() -> &'static [u8] {
    static BOMB: OnceLock<Vec<u8>> = OnceLock::new();
    BOMB.get_or_init(|| {
        let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
        encoder
            .write_all(b"User-agent: *\n")
            .expect("gzip in memory");
        let rules = b"Disallow: /x\n".repeat(80_000);
        for _ in 0..(40 * 1024 * 1024 / rules.len() + 1) {
            encoder.write_all(&rules).expect("gzip in memory");
        }
        encoder.finish().expect("gzip in memory")
    })
}

fn robotstxt(args: &[&str]) -> Run {
    run_in(&fixtures(), args, b"")
}

fn check(robots: &str, extra: &[&str], urls: &[&str]) -> Run {
    let mut args = vec!["check", "--robots", robots, "--agent", "Googlebot"];
    args.extend_from_slice(extra);
    args.extend_from_slice(urls);
    robotstxt(&args)
}

#[test]
fn statuses_decide_as_rfc_9309_says() {
    let server = Server::start();
    for (code, verdict, section) in [
        ("404", "allowed", "2.3.1.3"),
        ("401", "allowed", "2.3.1.3"),
        ("410", "allowed", "2.3.1.3"),
        ("429", "disallowed", "2.3.1.4"),
        ("500", "disallowed", "2.3.1.4"),
        ("503", "disallowed", "2.3.1.4"),
    ] {
        let url = server.url(&format!("/status/{code}/robots.txt"));
        let run = check(&url, &[], &["/private", "/open"]);
        assert_eq!(run.status, 0, "{code}: {}", run.stderr_text());
        let expected = format!(
            "robots.txt answered HTTP {code}, so every URL is {verdict} (RFC 9309 {section})"
        );
        let stdout = run.stdout_text();
        assert_eq!(stdout.matches(&expected).count(), 2, "{code}: {stdout}");
        assert!(
            stdout.starts_with(&format!("{verdict} ")),
            "{code}: {stdout}"
        );
        assert!(
            run.stderr_text()
                .contains(&format!("fetched {url}: HTTP {code}; {expected}")),
            "{code}: {}",
            run.stderr_text()
        );
    }
}

#[test]
fn a_fetched_file_is_checked_by_its_rules() {
    let server = Server::start();
    let url = server.url("/robots.txt");
    let run = check(&url, &["--format", "csv"], &["/private", "/open"]);
    assert_eq!(run.status, 0, "{}", run.stderr_text());
    let stdout = run.stdout_text();
    assert!(
        stdout.contains("false,2,Disallow: /private,disallowed"),
        "{stdout}"
    );
    assert!(
        stdout.contains("true,0,,allowed,allowed-implicit,/open"),
        "{stdout}"
    );
    assert_eq!(
        run.stderr_text(),
        format!("robotstxt: fetched {url}: HTTP 200\n")
    );
}

#[test]
fn a_page_url_fetches_its_sites_robots_txt() {
    let server = Server::start();
    let run = check(&server.url("/some/page?x=1"), &[], &["/private"]);
    assert!(
        run.stdout_text().starts_with("disallowed"),
        "{}",
        run.stdout_text()
    );
    assert!(run
        .stderr_text()
        .contains(&format!("fetched {}: HTTP 200", server.url("/robots.txt"))));
}

#[test]
fn five_redirects_are_followed_and_a_sixth_is_not() {
    let server = Server::start();
    let five = check(&server.url("/hop/5/robots.txt"), &[], &["/private"]);
    assert!(
        five.stdout_text().starts_with("disallowed"),
        "{}",
        five.stdout_text()
    );
    assert!(five.stdout_text().contains("L2"), "{}", five.stdout_text());
    let stderr = five.stderr_text();
    assert!(stderr.contains("HTTP 200 after 5 redirects"), "{stderr}");
    assert_eq!(stderr.matches("; redirected to ").count(), 5, "{stderr}");
    assert!(stderr.contains(&format!(
        "redirected to {}",
        server.url("/hop/0/robots.txt")
    )));

    let six = check(&server.url("/hop/6/robots.txt"), &[], &["/private"]);
    let stdout = six.stdout_text();
    assert!(stdout.starts_with("allowed"), "{stdout}");
    assert!(
        stdout.contains("a redirect after 5 redirects (crawlers follow 5), so every URL is allowed (RFC 9309 2.3.1.2)"),
        "{stdout}"
    );
    assert_eq!(six.stderr_text().matches("; redirected to ").count(), 5);
}

#[test]
fn a_slow_server_times_out_and_disallows_everything() {
    let server = Server::start();
    let started = Instant::now();
    let run = check(
        &server.url("/slow/robots.txt"),
        &["--timeout", "0.5"],
        &["/open"],
    );
    assert!(
        started.elapsed() < Duration::from_secs(4),
        "{:?}",
        started.elapsed()
    );
    let stdout = run.stdout_text();
    assert!(stdout.starts_with("disallowed"), "{stdout}");
    assert!(
        stdout.contains(
            "fetching robots.txt ended in a timeout, so every URL is disallowed (RFC 9309 2.3.1.4)"
        ),
        "{stdout}"
    );
}

#[test]
fn a_body_that_stops_coming_times_out_too() {
    let server = Server::start();
    let started = Instant::now();
    let run = check(
        &server.url("/stall/robots.txt"),
        &["--timeout=0.5"],
        &["/open"],
    );
    assert!(
        started.elapsed() < Duration::from_secs(4),
        "{:?}",
        started.elapsed()
    );
    assert!(
        run.stdout_text()
            .contains("fetching robots.txt ended in a timeout, so every URL is disallowed"),
        "{}",
        run.stdout_text()
    );
}

#[test]
fn a_closed_port_is_a_network_error() {
    let url = {
        let listener = TcpListener::bind("127.0.0.1:0").expect("a local port is free");
        format!(
            "http://{}/robots.txt",
            listener.local_addr().expect("an address")
        )
    };
    let run = check(&url, &[], &["/open"]);
    assert_eq!(run.status, 0);
    assert!(
        run.stdout_text()
            .contains("fetching robots.txt ended in a network error, so every URL is disallowed"),
        "{}",
        run.stdout_text()
    );
}

#[test]
fn only_the_first_500_kib_are_read_unless_told() {
    let server = Server::start();
    let url = server.url("/big/robots.txt");
    let limited = check(&url, &[], &["/early", "/late"]);
    let stdout = limited.stdout_text();
    assert!(stdout.contains("disallowed  /early"), "{stdout}");
    assert!(stdout.contains("allowed     /late"), "{stdout}");
    // The read stopped one byte past the limit: the size is not known and
    // not made up, and the line the limit cuts is not called ignored.
    let stderr = limited.stderr_text();
    assert!(
        stderr.contains(&format!(
            "robotstxt: warning: {url}: This file is over 512000 bytes (500 KiB), the most Google reads: Google ignores what follows (the rest of line "
        )),
        "{stderr}"
    );
    assert!(
        stderr.contains("so it is ignored here as well (--no-size-limit reads up to 32 MiB)"),
        "{stderr}"
    );
    assert!(!stderr.contains("512001"), "{stderr}");
    let whole = check(&url, &["--no-size-limit"], &["/late"]);
    assert!(
        whole.stdout_text().starts_with("disallowed"),
        "{}",
        whole.stdout_text()
    );

    let fetched = robotstxt(&["fetch", &url]);
    assert_eq!(fetched.stdout.len(), 512_000);
    let fetched = robotstxt(&["fetch", "--no-size-limit", &url]);
    assert_eq!(fetched.stdout, big_file());
}

#[test]
fn a_gzip_body_is_decoded() {
    let server = Server::start();
    let run = robotstxt(&["fetch", &server.url("/gzip/robots.txt")]);
    assert_eq!(run.stdout_text(), RULES);
    let run = check(&server.url("/gzip/robots.txt"), &[], &["/private"]);
    assert!(
        run.stdout_text().starts_with("disallowed"),
        "{}",
        run.stdout_text()
    );
}

#[test]
fn the_user_agent_header_is_the_crawlers() {
    let server = Server::start();
    let url = server.url("/ua/robots.txt");
    let default = robotstxt(&["fetch", &url]);
    assert!(
        default
            .stdout_text()
            .starts_with("# Mozilla/5.0 (compatible; robotstxt/"),
        "{}",
        default.stdout_text()
    );
    let custom = robotstxt(&["fetch", "--user-agent", "TestBot/1.0", &url]);
    assert!(custom.stdout_text().starts_with("# TestBot/1.0\n"));
    assert_eq!(
        custom.stderr_text(),
        format!("robotstxt: fetched {url}: HTTP 200\n")
    );
}

#[test]
fn lint_explain_and_diff_fetch_too() {
    let server = Server::start();
    let down = server.url("/status/503/robots.txt");
    let lint = robotstxt(&["lint", &down]);
    assert_eq!(lint.status, 1);
    assert!(
        lint.stdout_text().starts_with(&format!(
            "{down}: error[fetch-outcome]: robots.txt answered HTTP 503, so every URL is disallowed"
        )),
        "{}",
        lint.stdout_text()
    );
    let gone = robotstxt(&[
        "lint",
        "--format",
        "github",
        &server.url("/status/404/robots.txt"),
    ]);
    assert_eq!(gone.status, 0);
    assert!(
        gone.stdout_text().starts_with("::warning file="),
        "{}",
        gone.stdout_text()
    );

    let explain = robotstxt(&[
        "explain",
        "--robots",
        &down,
        "--agent",
        "Googlebot",
        "/private",
    ]);
    let text = explain.stdout_text();
    assert!(
        text.contains("Fetched:  HTTP 503 (fetched from the site)"),
        "{text}"
    );
    assert!(
        text.contains("Verdict: disallowed (unreachable), decided by HTTP 503"),
        "{text}"
    );

    let diff = robotstxt(&[
        "diff",
        &server.url("/robots.txt"),
        &down,
        "--agent",
        "Googlebot",
        "/open",
        "/private",
    ]);
    let text = diff.stdout_text();
    assert!(
        text.starts_with("critical  newly disallowed  /open"),
        "{text}"
    );
    assert!(text.contains("1 of 2 URLs changes verdict"), "{text}");
}

#[test]
fn deflate_and_br_bodies_are_decoded_like_gzip() {
    let server = Server::start();
    for path in [
        "/br/robots.txt",
        "/deflate/zlib/robots.txt",
        "/deflate/raw/robots.txt",
    ] {
        let url = server.url(path);
        let run = robotstxt(&["fetch", &url]);
        assert_eq!(run.stdout_text(), RULES, "{path}: {}", run.stderr_text());
        let run = check(&url, &[], &["/private"]);
        assert!(
            run.stdout_text().starts_with("disallowed  /private  L2"),
            "{path}: {}",
            run.stdout_text()
        );
    }
}

#[test]
fn a_body_in_a_coding_that_cannot_be_decoded_is_a_failed_fetch_not_rules() {
    let server = Server::start();
    for (path, reason) in [
        (
            "/coded/x-foo/robots.txt",
            "(the body is sent with Content-Encoding: x-foo, which crawlers cannot decode (robotstxt decodes gzip, deflate, br))",
        ),
        // Brotli's header says nothing; plain text is read as broken brotli.
        ("/coded/br/robots.txt", "(the br body cannot be decoded: "),
        ("/coded/gzip/robots.txt", "(the gzip body cannot be decoded: "),
    ] {
        let url = server.url(path);
        let run = check(&url, &[], &["/open"]);
        let stdout = run.stdout_text();
        assert!(
            stdout.starts_with("disallowed  /open  -  (fetching robots.txt ended in a network error"),
            "{path}: {stdout}"
        );
        let stderr = run.stderr_text();
        assert!(
            stderr.contains(&format!("fetched {url}: a network error {reason}")),
            "{path}: {stderr}"
        );
        let lint = robotstxt(&["lint", &url]);
        assert_eq!(lint.status, 1, "{path}");
        assert!(
            lint.stdout_text().contains("error[fetch-outcome]"),
            "{path}: {}",
            lint.stdout_text()
        );
    }
    // `identity` is no coding at all.
    let run = check(
        &server.url("/coded/identity/robots.txt"),
        &[],
        &["/private"],
    );
    assert!(run.stdout_text().starts_with("disallowed  /private  L2"));
}

#[test]
fn a_gzip_bomb_costs_only_what_is_kept() {
    let server = Server::start();
    let url = server.url("/bomb/robots.txt");
    // Google's limit: the first 500 KiB are read and checked.
    let limited = run_capped(
        &fixtures(),
        &["check", "--robots", &url, "--agent", "Googlebot", "/x"],
        b"",
        CAP_MIB,
    );
    assert_eq!(limited.status, 0, "{}", limited.stderr_text());
    assert!(
        limited.stdout_text().starts_with("disallowed  /x  L2"),
        "{}",
        limited.stdout_text()
    );
    // --no-size-limit: at most 32 MiB, and a warning that the body was cut.
    let whole = run_capped(
        &fixtures(),
        &["fetch", "--no-size-limit", &url],
        b"",
        CAP_MIB,
    );
    assert_eq!(whole.status, 0, "{}", whole.stderr_text());
    assert_eq!(whole.stdout.len(), CEILING);
    assert!(
        whole.stderr_text().contains(&format!(
            "{url}: the file is over 32 MiB, the most robotstxt reads even with --no-size-limit; only its first 33554432 bytes were read"
        )),
        "{}",
        whole.stderr_text()
    );
}

#[test]
fn an_endless_body_is_cut_not_read_until_the_timeout() {
    let server = Server::start();
    let url = server.url("/endless/robots.txt");
    let started = Instant::now();
    let run = run_capped(
        &fixtures(),
        &["fetch", "--no-size-limit", "--timeout", "60", &url],
        b"",
        CAP_MIB,
    );
    assert!(
        started.elapsed() < Duration::from_secs(30),
        "{:?}",
        started.elapsed()
    );
    assert_eq!(run.status, 0, "{}", run.stderr_text());
    assert_eq!(run.stdout.len(), CEILING);
    assert!(run.stderr_text().contains("the file is over 32 MiB"));
    let limited = run_capped(&fixtures(), &["fetch", &url], b"", CAP_MIB);
    assert_eq!(limited.stdout.len(), 512_000);
}

#[test]
fn the_timeout_covers_every_redirect_together() {
    let server = Server::start();
    // Five redirects, each answered after 0.6 s: 3.6 s in all, against a
    // 1.5 s timeout for the whole fetch.
    let started = Instant::now();
    let run = check(
        &server.url("/late/5/robots.txt"),
        &["--timeout", "1.5"],
        &["/open"],
    );
    let took = started.elapsed();
    assert!(took < Duration::from_millis(2700), "{took:?}");
    assert!(
        run.stdout_text().starts_with(
            "disallowed  /open  -  (fetching robots.txt ended in a timeout, so every URL is disallowed"
        ),
        "{}",
        run.stdout_text()
    );
    let stderr = run.stderr_text();
    assert!(
        stderr.contains(
            "a timeout (not done within 1.5 s, the time --timeout gives the whole fetch, redirects included)"
        ),
        "{stderr}"
    );
    assert!(stderr.contains("; redirected to "), "{stderr}");
    // Time enough for all of them: the file's rules decide.
    let run = check(
        &server.url("/late/2/robots.txt"),
        &["--timeout", "10"],
        &["/private"],
    );
    assert!(
        run.stdout_text().starts_with("disallowed  /private  L2"),
        "{}",
        run.stdout_text()
    );
}

#[test]
fn redirects_lead_only_to_http_and_https() {
    let server = Server::start();
    for (kind, location) in [
        ("javascript", "'javascript:alert(1)', a javascript: URL"),
        ("mailto", "'mailto:webmaster@example.com', a mailto: URL"),
        ("data", "'data:text/plain,User-agent: *', a data: URL"),
        ("file", "'file:///etc/passwd', a file: URL"),
        ("ftp", "'ftp://127.0.0.1/robots.txt', a ftp: URL"),
    ] {
        let url = server.url(&format!("/to/{kind}/robots.txt"));
        let run = check(&url, &[], &["/open"]);
        assert!(
            run.stdout_text()
                .starts_with("disallowed  /open  -  (fetching robots.txt ended in a network error"),
            "{kind}: {}",
            run.stdout_text()
        );
        let expected = format!(
            "fetched {url}: a network error (HTTP 302 to {location}; crawlers follow only http and https)"
        );
        assert!(
            run.stderr_text().contains(&expected),
            "{kind}: {}",
            run.stderr_text()
        );
    }
}

#[test]
fn an_empty_location_is_the_same_url_a_redirect_loop() {
    let server = Server::start();
    let url = server.url("/to/empty/robots.txt");
    let run = check(&url, &[], &["/open"]);
    // Followed as RFC 3986 resolves it, to the same URL, until the
    // crawler gives up after 5 redirects: as a 404, everything allowed.
    assert!(
        run.stdout_text().starts_with(
            "allowed  /open  -  (fetching robots.txt ended at a redirect after 5 redirects (crawlers follow 5), so every URL is allowed"
        ),
        "{}",
        run.stdout_text()
    );
    let stderr = run.stderr_text();
    assert_eq!(
        stderr
            .matches(&format!("; redirected to {url} again (a redirect loop)"))
            .count(),
        5,
        "{stderr}"
    );
}

#[test]
fn spaces_and_utf8_in_a_location_are_encoded_and_followed() {
    let server = Server::start();
    for (kind, target) in [
        ("space", "/spaced%20dir/robots.txt"),
        ("utf8", "/caf%C3%A9/robots.txt"),
    ] {
        let run = check(
            &server.url(&format!("/to/{kind}/robots.txt")),
            &[],
            &["/private"],
        );
        assert!(
            run.stdout_text().starts_with("disallowed  /private  L2"),
            "{kind}: {} {}",
            run.stdout_text(),
            run.stderr_text()
        );
        assert!(
            run.stderr_text().contains(&format!(
                "HTTP 200 after 1 redirect; redirected to {}",
                server.url(target)
            )),
            "{kind}: {}",
            run.stderr_text()
        );
    }
}

#[test]
fn a_tls_failure_is_told_in_the_tls_librarys_words() {
    // A plain-HTTP server: it answers the TLS handshake with HTTP.
    let listener = TcpListener::bind("127.0.0.1:0").expect("a local port is free");
    let address = listener.local_addr().expect("a bound address");
    thread::spawn(move || {
        for mut stream in listener.incoming().flatten() {
            let _ = stream.write_all(b"HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n");
        }
    });
    let url = format!("https://{address}/robots.txt");
    let run = robotstxt(&["fetch", "--timeout", "5", &url]);
    let stderr = run.stderr_text();
    assert!(
        stderr.contains(&format!("fetched {url}: a network error (TLS: ")),
        "{stderr}"
    );
    assert!(stderr.contains("corrupt message"), "{stderr}");
    assert!(!stderr.contains("UTF-8"), "{stderr}");
}

#[test]
fn test_checks_expectations_against_the_fetch_outcome() {
    let server = Server::start();
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("robotstxt-fetch-test");
    std::fs::create_dir_all(&dir).expect("the temporary directory can be created");
    std::fs::write(
        dir.join("expectations.txt"),
        "Googlebot allowed /open\nGooglebot disallowed /private\n",
    )
    .expect("the expectations can be written");
    let test = |robots: &str| {
        run_in(
            &dir,
            &["test", "--robots", robots, "--json", "expectations.txt"],
            b"",
        )
    };
    let live = test(&server.url("/robots.txt"));
    assert_eq!(live.status, 0, "{}", live.stdout_text());
    assert!(!live.stderr_text().contains("is not on the site"));
    // A 503: every URL disallowed, so /open fails, with the outcome told.
    let down = test(&server.url("/status/503/robots.txt"));
    assert_eq!(down.status, 1);
    let rows: Vec<serde_json::Value> = down
        .stdout_text()
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect();
    assert_eq!(rows[0]["passed"], false);
    assert_eq!(rows[0]["record"]["category"], "unreachable");
    assert_eq!(rows[1]["passed"], true);
    assert!(
        down.stderr_text().contains("HTTP 503"),
        "{}",
        down.stderr_text()
    );
    // A full URL on another site is checked, with a warning: that site's
    // own robots.txt rules it.
    std::fs::write(
        dir.join("elsewhere.txt"),
        "Googlebot allowed https://other.example/open\nGooglebot allowed https://other.example/x\n",
    )
    .expect("the expectations can be written");
    let elsewhere = run_in(
        &dir,
        &[
            "test",
            "--robots",
            &server.url("/robots.txt"),
            "elsewhere.txt",
        ],
        b"",
    );
    assert_eq!(elsewhere.status, 0);
    let warnings: Vec<String> = elsewhere
        .stderr_text()
        .lines()
        .filter(|l| l.contains("is not on the site"))
        .map(str::to_string)
        .collect();
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert!(
        warnings[0].contains(
            "elsewhere.txt:1: https://other.example/open is not on the site of http://127.0.0.1:"
        ),
        "{warnings:?}"
    );
}
