//! `robotstxt logs` beyond the goldens: logs larger than the memory the
//! binary may take (streamed, never held), hostile lines (a megabyte long,
//! binary bytes) among good ones, and IP ranges fetched from a URL (a
//! server on 127.0.0.1 started by the test).

mod support;

use std::io::{BufRead, BufReader, Write};
use std::net::TcpListener;
use std::thread;

use support::{fixtures, run, run_capped};

const GPTBOT: &str = "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.2; +https://openai.com/gptbot";

/// A Combined Log Format line of GPTBot asking for `path` at the `i`th
/// second of 2024-05-02.
fn line(i: usize, ip: &str, path: &str) -> String {
    format!(
        "{ip} - - [02/May/2024:{:02}:{:02}:{:02} +0000] \"GET {path} HTTP/1.1\" 200 512 \"-\" \"{GPTBOT}\"\n",
        i / 3600 % 24,
        i / 60 % 60,
        i % 60
    )
}

#[test]
fn a_log_larger_than_the_memory_allowed_is_streamed() {
    // 60 MB of log through stdin into a binary whose address space is
    // capped at 40 MiB: holding the log would fail.
    let mut log = String::with_capacity(61_000_000);
    let mut i = 0;
    while log.len() < 60_000_000 {
        let path = if i % 2 == 0 { "/article/x" } else { "/public" };
        log.push_str(&line(i, "192.0.2.10", path));
        i += 1;
    }
    let dir = fixtures();
    let run = run_capped(
        &dir,
        &["logs", "--robots", "logs/robots-new.txt", "-"],
        log.as_bytes(),
        40,
    );
    assert_eq!(run.status, 0, "{}", run.stderr_text());
    let stdout = run.stdout_text();
    let requests = format!("{i} requests");
    let summary = stdout.lines().next().unwrap_or_default();
    assert!(summary.ends_with(&requests), "{summary}");
    assert!(
        stdout.contains(&format!(
            "Disallow: /article/: {} violations (GPTBot",
            i.div_ceil(2)
        )),
        "{stdout}"
    );
}

#[test]
fn hostile_lines_are_reported_and_the_rest_judged() {
    let mut log = line(1, "192.0.2.10", "/article/1").into_bytes();
    log.extend(std::iter::repeat_n(b'x', 1024 * 1024));
    log.push(b'\n');
    log.extend_from_slice(b"\x00\x01\x02binary\xff\xfe\n");
    log.extend_from_slice(line(3, "2001:db8::5", "/article/2").as_bytes());
    log.extend_from_slice(line(2, "192.0.2.10", "/public").as_bytes());
    let judged = run(
        &[
            "logs",
            "--robots",
            "logs/robots-new.txt",
            "--format",
            "json",
            "-",
        ],
        &log,
    );
    assert_eq!(judged.status, 0, "{}", judged.stderr_text());
    let records: Vec<&str> = std::str::from_utf8(&judged.stdout)
        .expect("JSON is UTF-8")
        .lines()
        .collect();
    assert_eq!(records.len(), 3);
    assert!(
        records[1].contains(r#""ip":"2001:db8::5""#),
        "{}",
        records[1]
    );
    assert!(records[1].contains(r#""allowed":false"#));
    assert!(records[2].contains(r#""log_line":5"#));
    let stderr = judged.stderr_text();
    for expected in [
        "2 lines could not be read (nothing of them was used):",
        "line 2: 1048576 bytes long, over the 65536 bytes a line is read up to: xxx",
        "line 3: binary data, not a line of text: \\x00\\x01\\x02binary",
        "1 line out of time order (judged by its own time):",
        "line 5: 1 s earlier than line 4",
        "1 line with bytes that are not UTF-8 (read as U+FFFD):",
    ] {
        assert!(stderr.contains(expected), "{expected}\n{stderr}");
    }
}

/// A server on 127.0.0.1 answering `/ranges.json` with Google-shaped
/// ranges and anything else with a 404; its base URL.
fn ranges_server() -> String {
    let listener = TcpListener::bind("127.0.0.1:0").expect("a local port is free");
    let base = format!("http://{}", listener.local_addr().expect("a bound address"));
    thread::spawn(move || {
        for mut stream in listener.incoming().flatten() {
            let mut request = String::new();
            let mut reader = BufReader::new(&stream);
            let _ = reader.read_line(&mut request);
            loop {
                let mut header = String::new();
                match reader.read_line(&mut header) {
                    Ok(0) | Err(_) => break,
                    Ok(_) if header.trim().is_empty() => break,
                    Ok(_) => {}
                }
            }
            let body = br#"{"prefixes":[{"ipv4Prefix":"192.0.2.0/28"}]}"#;
            let response = if request.starts_with("GET /ranges.json ") {
                let mut response = format!(
                    "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
                    body.len()
                )
                .into_bytes();
                response.extend_from_slice(body);
                response
            } else {
                b"HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".to_vec()
            };
            let _ = stream.write_all(&response);
        }
    });
    base
}

#[test]
fn ip_ranges_are_fetched_from_a_url() {
    let base = ranges_server();
    let log = [
        line(1, "192.0.2.10", "/article/1"),
        line(2, "192.0.2.99", "/article/2"),
    ]
    .concat();
    let ranges = format!("GPTBot={base}/ranges.json");
    let fetched = run(
        &[
            "logs",
            "--robots",
            "logs/robots-new.txt",
            "--ip-ranges",
            &ranges,
            "--format",
            "json",
            "-",
        ],
        log.as_bytes(),
    );
    assert_eq!(fetched.status, 0, "{}", fetched.stderr_text());
    let stdout = fetched.stdout_text();
    let verified: Vec<bool> = stdout
        .lines()
        .map(|record| record.contains(r#""verified":true"#))
        .collect();
    assert_eq!(verified, [true, false]);
    assert!(fetched
        .stderr_text()
        .contains(&format!("fetched {base}/ranges.json: HTTP 200")));

    let missing = format!("GPTBot={base}/missing.json");
    let failed = run(
        &[
            "logs",
            "--robots",
            "logs/robots-new.txt",
            "--ip-ranges",
            &missing,
            "-",
        ],
        log.as_bytes(),
    );
    assert_eq!(failed.status, 2);
    assert!(
        failed.stderr_text().contains(&format!(
            "robotstxt: error: cannot read the IP ranges at {base}/missing.json: the fetch ended with HTTP 404"
        )),
        "{}",
        failed.stderr_text()
    );
}
