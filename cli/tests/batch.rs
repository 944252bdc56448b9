//! `robotstxt batch` against the library it wraps, on garbage, on large
//! inputs and interactively.

mod support;

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use robots_matcher::{CheckOptions, Crawler, Mode, ParseOptions, Robots};
use serde_json::{json, Value};
use support::run;
use test_support::rng::bytes;

/// Output lines parsed as JSON; fails the test on anything else.
fn answers(stdout: &[u8]) -> Vec<Value> {
    String::from_utf8(stdout.to_vec())
        .expect("batch writes UTF-8")
        .lines()
        .map(|line| {
            serde_json::from_str(line).unwrap_or_else(|e| panic!("{line:?} is not JSON: {e}"))
        })
        .collect()
}

#[test]
fn batch_answers_what_the_library_answers() {
    let files = [
        "User-agent: *\nDisallow: /private\nAllow: /private/press\n",
        "User-agent: Googlebot\nDisallow: /g/\n\nUser-agent: *\nDisallow: /\n",
        "user-agent: FooBot\nallow: /a/index.html\ndisallow: /a/\ndisallow: /*.php$\n",
        "User-agent: *\nDisallow: /%7Euser/\nDisallow /nocolon\nAllow: /a%2Ab\nDisallow: /a\n",
        "User-agent: *\nDisallow:\n",
    ];
    let urls = [
        "/",
        "/private",
        "/private/press/1",
        "/g/x",
        "/a/",
        "/a/index.html",
        "/x.php",
        "/x.php?y",
        "/~user/x",
        "/nocolon",
        "/a*b",
        "http://example.com/caf\u{e9} x",
    ];
    let crawlers = [
        vec!["Googlebot"],
        vec!["FooBot"],
        vec!["Googlebot-Image", "Googlebot"],
        vec!["Other>!*"],
    ];
    let mut input = String::new();
    let mut expected = Vec::new();
    for file in files {
        for mode in [Mode::Google, Mode::Rfc9309] {
            let robots = Robots::parse_with(
                file.as_bytes(),
                &ParseOptions {
                    mode,
                    ..ParseOptions::googlebot()
                },
            );
            for agents in &crawlers {
                let crawler = Crawler::parse_spec(&agents.join(">")).expect("a valid spec");
                for url in urls {
                    for raw_url in [false, true] {
                        let request = json!({
                            "robots": file, "agents": agents, "url": url,
                            "raw_url": raw_url, "mode": mode.as_str(),
                        });
                        input.push_str(&request.to_string());
                        input.push('\n');
                        let verdict = robots.check_with(
                            &crawler,
                            url,
                            &CheckOptions {
                                raw_url,
                                ..CheckOptions::default()
                            },
                        );
                        let rule = verdict.rule.map(|i| robots.rules()[i].text.clone());
                        let path = robots.checked_path(
                            url,
                            &CheckOptions {
                                raw_url,
                                ..CheckOptions::default()
                            },
                        );
                        let want = json!({
                            "allowed": verdict.allowed,
                            "line": verdict.line,
                            "rule": rule,
                            "verdict": verdict.as_str(),
                            "category": verdict.category.as_str(),
                            "url": url,
                            "path": path,
                            "agent": crawler.spec(),
                            "mode": mode.as_str(),
                        });
                        expected.push((request, want));
                    }
                }
            }
        }
    }
    let result = run(&["batch"], input.as_bytes());
    assert_eq!(result.status, 0, "{}", result.stderr_text());
    let answers = answers(&result.stdout);
    assert_eq!(answers.len(), expected.len());
    for (answer, (request, want)) in answers.iter().zip(expected) {
        // Every key, and no other: the answer is the whole record.
        assert_eq!(answer, &want, "answer to {request}");
    }
}

#[test]
fn batch_keeps_the_five_answer_keys_first() {
    let result = run(
        &["batch"],
        br#"{"robots":"User-agent: *\nDisallow: /","agents":["A","B"],"url":"/x y"}"#,
    );
    assert_eq!(
        result.stdout_text(),
        "{\"allowed\":false,\"line\":2,\"rule\":\"Disallow: /\",\"verdict\":\"disallowed\",\"category\":\"disallowed-explicit\",\
         \"url\":\"/x y\",\"path\":\"/x%20y\",\"agent\":\"A>B\",\"mode\":\"google\"}\n"
    );
}

#[test]
fn batch_survives_garbage_lines() {
    let mut lines: Vec<Vec<u8>> = vec![
        b"null".to_vec(),
        b"123456789012345678901234567890123456789012345678901234567890".to_vec(),
        b"1e999999".to_vec(),
        b"-0".to_vec(),
        b"\"just a string\"".to_vec(),
        b"{}".to_vec(),
        b"{\"robots\": null, \"agent\": null, \"url\": null}".to_vec(),
        br#"{"robots": "", "agent": "A", "url": "/", "raw_url": 1e400}"#.to_vec(),
        br#"{"robots": "", "agent": "A", "url": 18446744073709551616}"#.to_vec(),
        br#"{"robots": {"nested": {"deeper": [1, 2, {"x": null}]}}, "agent": "A", "url": "/"}"#
            .to_vec(),
        br#"{"robots": "", "agents": [[["A"]]], "url": "/"}"#.to_vec(),
        br#"{"robots": "", "agents": ["A", ""], "url": "/"}"#.to_vec(),
        br#"{"robots": "", "agent": ">>>", "url": "/"}"#.to_vec(),
        br#"{"robots": "", "agent": "!*", "url": "/"}"#.to_vec(),
        br#"{"robots_b64": "====", "agent": "A", "url": "/"}"#.to_vec(),
        br#"{"robots": "", "agent": "A", "url": "/", "url": "/dup"}"#.to_vec(),
        br#"{"robots": "\u0000\ud800", "agent": "A", "url": "\u0000"}"#.to_vec(),
        b"\xEF\xBB\xBF{\"robots\": \"\", \"agent\": \"A\", \"url\": \"/\"}".to_vec(),
        b"{\"robots\": \"\xFF\xFE\", \"agent\": \"A\", \"url\": \"/\"}".to_vec(),
    ];
    // Nesting deeper than any parser should recurse.
    lines.push(format!("{}{}", "[".repeat(100_000), "]".repeat(100_000)).into_bytes());
    lines.push(
        format!(
            "{{\"robots\": {}1{}, \"agent\": \"A\", \"url\": \"/\"}}",
            "{\"a\":".repeat(5_000),
            "}".repeat(5_000)
        )
        .into_bytes(),
    );
    let mut random = test_support::rng::seeded(0x9E37_79B9_7F4A_7C15);
    for _ in 0..300 {
        let len = random.usize(..200);
        lines.push(bytes(&mut random, len));
    }
    // Valid requests with random bytes as robots.txt, URL and agent.
    for _ in 0..100 {
        let robots = String::from_utf8_lossy(&bytes(&mut random, 300)).into_owned();
        let url = String::from_utf8_lossy(&bytes(&mut random, 20)).into_owned();
        let agent = String::from_utf8_lossy(&bytes(&mut random, 8)).into_owned();
        lines.push(
            json!({"robots": robots, "agent": agent, "url": url})
                .to_string()
                .into_bytes(),
        );
        let b64 = base64_of(&bytes(&mut random, 300));
        lines.push(
            json!({"robots_b64": b64, "agent": "Googlebot", "url": "/x"})
                .to_string()
                .into_bytes(),
        );
    }
    let mut input = Vec::new();
    for line in &lines {
        input.extend_from_slice(line);
        input.push(b'\n');
    }
    let result = run(&["batch"], &input);
    assert_eq!(result.status, 0, "stderr: {}", result.stderr_text());
    assert!(result.stderr.is_empty(), "stderr: {}", result.stderr_text());
    // One answer per non-blank input line (random bytes may hold line ends).
    let expected = input
        .split(|&b| b == b'\n')
        .filter(|line| !line.iter().all(|b| matches!(b, b' ' | b'\t' | b'\r')))
        .count();
    let answers = answers(&result.stdout);
    assert_eq!(answers.len(), expected);
    for answer in &answers {
        let object = answer.as_object().expect("every answer is an object");
        assert!(
            object.contains_key("error") || object.contains_key("verdict"),
            "{answer}"
        );
    }
}

/// Standard base64, written out to keep the test independent of the code
/// under test.
fn base64_of(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::new();
    for chunk in bytes.chunks(3) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, &b)| n | u32::from(b) << (16 - 8 * i));
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(ALPHABET[(n >> (18 - 6 * i) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

#[test]
fn batch_handles_multi_megabyte_files_repeated() {
    let mut robots = String::from("User-agent: *\n");
    let mut i = 0;
    while robots.len() < 3_000_000 {
        robots.push_str(&format!("Disallow: /section-{i}/page\n"));
        i += 1;
    }
    let request =
        |url: &str| json!({"robots": robots, "agent": "Googlebot", "url": url}).to_string();
    let input = [
        request("/section-7/page"),
        request("/section-8/other"),
        request("/x"),
    ]
    .join("\n");
    let started = std::time::Instant::now();
    let result = run(&["batch", "--no-size-limit"], input.as_bytes());
    assert_eq!(result.status, 0, "{}", result.stderr_text());
    let answers = answers(&result.stdout);
    assert_eq!(answers.len(), 3);
    assert_eq!(answers[0]["verdict"], "disallowed");
    assert_eq!(answers[0]["line"], 9);
    assert_eq!(answers[1]["verdict"], "allowed");
    assert_eq!(answers[2]["verdict"], "allowed");
    // Generous: a debug build parses 3 MB in well under this.
    assert!(
        started.elapsed() < Duration::from_secs(60),
        "took {:?}",
        started.elapsed()
    );
}

#[test]
fn batch_answers_each_line_before_the_next_arrives() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_robotstxt"))
        .arg("batch")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let mut stdin = child.stdin.take().expect("stdin is piped");
    let stdout = child.stdout.take().expect("stdout is piped");
    let (sender, receiver) = mpsc::channel();
    let reader = std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            if sender.send(line.expect("readable output")).is_err() {
                break;
            }
        }
    });
    for (url, verdict) in [("/private", "disallowed"), ("/public", "allowed")] {
        let request =
            json!({"robots": "User-agent: *\nDisallow: /private\n", "agent": "A", "url": url});
        writeln!(stdin, "{request}").expect("the request is written");
        stdin.flush().expect("the request is sent");
        let answer = receiver
            .recv_timeout(Duration::from_secs(20))
            .expect("an answer arrives while stdin stays open");
        let answer: Value = serde_json::from_str(&answer).expect("the answer is JSON");
        assert_eq!(answer["verdict"], verdict);
    }
    drop(stdin);
    assert!(child.wait().expect("the binary exits").success());
    reader.join().expect("the reader finishes");
}
