//! Local inputs are read only as far as they are used: an endless file
//! (`/dev/zero`), an endless stdin and an endless batch line cost a bounded
//! amount of memory (each run's address space is capped, so reading one
//! whole fails the test instead of filling the machine) and end with a
//! clear message. Also: arguments that are not URLs are read like the
//! same lines of a URL list, and `lint --fix` escapes what it quotes.

mod support;

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread;
use std::time::{Duration, Instant};

use support::{capped_command, fixtures, run, run_capped};

/// The address space a bounded run gets.
const CAP_MIB: u64 = 1024;

fn capped(args: &[&str]) -> support::Run {
    run_capped(&fixtures(), args, b"", CAP_MIB)
}

#[test]
fn an_endless_file_is_read_to_the_limit_only() {
    let check = capped(&[
        "check",
        "--robots",
        "/dev/zero",
        "--agent",
        "Googlebot",
        "/x",
    ]);
    assert_eq!(check.status, 0, "{}", check.stderr_text());
    assert!(check.stdout_text().starts_with("allowed  /x"));
    // The size is not known, and is not made up from what was read.
    assert_eq!(
        check.stderr_text(),
        "robotstxt: warning: /dev/zero: This file is over 512000 bytes (500 KiB), the most Google reads: Google ignores what follows (the rest of line 1 and every line after it), so it is ignored here as well (--no-size-limit reads up to 32 MiB).\n"
    );

    let lint = capped(&["lint", "/dev/zero"]);
    assert_eq!(lint.status, 1, "{}", lint.stderr_text());
    assert!(
        lint.stdout_text().contains("error[file-too-large]"),
        "{}",
        lint.stdout_text()
    );

    // --no-size-limit: 32 MiB at most, and a warning that says so.
    let whole = capped(&[
        "check",
        "--no-size-limit",
        "--robots",
        "/dev/zero",
        "--agent",
        "Googlebot",
        "/x",
    ]);
    assert_eq!(whole.status, 0, "{}", whole.stderr_text());
    assert!(
        whole.stderr_text().contains(
            "/dev/zero: the file is over 32 MiB, the most robotstxt reads even with --no-size-limit; only its first 33554432 bytes were read, the rest is ignored"
        ),
        "{}",
        whole.stderr_text()
    );
}

#[test]
fn an_endless_url_list_is_refused() {
    let run = capped(&[
        "check",
        "--robots",
        "basic.txt",
        "--agent",
        "Googlebot",
        "--urls",
        "/dev/zero",
    ]);
    assert_eq!(run.status, 2);
    assert_eq!(
        run.stderr_text(),
        "robotstxt: error: cannot read '/dev/zero': it is over 256 MiB, the most robotstxt reads as a URL list (about 7 million URLs); split it\n"
    );
}

/// `yes LINE` started as a child, its output piped into the capped binary
/// running `args`; returns the binary's stdout, stderr and exit status and
/// how long it ran.
fn from_endless_stdin(line: &str, args: &[&str]) -> (support::Run, Duration) {
    let mut yes = Command::new("yes")
        .arg(line)
        .stdout(Stdio::piped())
        .spawn()
        .expect("yes starts");
    let stdout = yes.stdout.take().expect("yes's stdout is piped");
    let started = Instant::now();
    let output = capped_command(args, CAP_MIB)
        .current_dir(fixtures())
        .stdin(Stdio::from(stdout))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .output()
        .expect("the robotstxt binary runs");
    let took = started.elapsed();
    let _ = yes.kill();
    let _ = yes.wait();
    (
        support::Run {
            status: output.status.code().unwrap_or(-1),
            stdout: output.stdout,
            stderr: output.stderr,
        },
        took,
    )
}

#[test]
fn an_endless_stdin_is_read_to_the_limit_only() {
    let (run, took) = from_endless_stdin(
        "Disallow: /x",
        &["check", "--robots", "-", "--agent", "Googlebot", "/x"],
    );
    assert_eq!(run.status, 0, "{}", run.stderr_text());
    assert!(took < Duration::from_secs(20), "{took:?}");
    // Rules before any User-agent line belong to no group.
    assert!(
        run.stdout_text().starts_with("allowed  /x"),
        "{}",
        run.stdout_text()
    );
    let (lint, _) = from_endless_stdin("Disallow: /x", &["lint", "-"]);
    assert_eq!(lint.status, 1, "{}", lint.stderr_text());
    assert!(lint.stdout_text().contains("error[file-too-large]"));
}

#[test]
fn an_endless_batch_line_is_answered_and_dropped() {
    let mut child = capped_command(&["batch"], CAP_MIB)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the robotstxt binary starts");
    let mut stdin = child.stdin.take().expect("stdin is piped");
    let stop = Arc::new(AtomicBool::new(false));
    let writer = {
        let stop = Arc::clone(&stop);
        thread::spawn(move || {
            // A request, then a line that does not end (until told).
            let request =
                b"{\"robots\":\"User-agent: *\\nDisallow: /\",\"agent\":\"A\",\"url\":\"/x\"}\n";
            let _ = stdin.write_all(request);
            let chunk = vec![b'a'; 1 << 20];
            let mut sent = 0usize;
            while !stop.load(Ordering::Relaxed) && sent < 4096 {
                if stdin.write_all(&chunk).is_err() {
                    return;
                }
                sent += 1;
            }
            // The line ends at last; the next request is answered.
            let _ = stdin.write_all(b"\n");
            let _ = stdin.write_all(request);
        })
    };
    let mut answers = BufReader::new(child.stdout.take().expect("stdout is piped"));
    let mut read_answer = || {
        let mut line = String::new();
        answers.read_line(&mut line).expect("an answer line");
        line
    };
    assert!(read_answer().starts_with("{\"allowed\":false"));
    // Answered while the line is still coming.
    assert_eq!(
        read_answer(),
        "{\"error\":\"line 2: the request is over 64 MiB, the most batch reads in one line; it was skipped\"}\n"
    );
    stop.store(true, Ordering::Relaxed);
    assert!(read_answer().starts_with("{\"allowed\":false"));
    writer.join().expect("the writer finishes");
    let mut rest = String::new();
    answers
        .read_to_string(&mut rest)
        .expect("the rest of stdout");
    assert_eq!(rest, "");
    let status = child.wait().expect("batch ends");
    assert!(status.success(), "{status:?}");
}

#[test]
fn arguments_that_are_not_urls_are_skipped_as_list_lines_are() {
    let args = run(
        &[
            "check",
            "--robots",
            "basic.txt",
            "--agent",
            "Googlebot",
            "private/x",
            "hello world",
            "=HYPERLINK(\"http://evil.example\")",
            "/private/x",
        ],
        b"",
    );
    assert_eq!(args.status, 0);
    assert_eq!(
        args.stderr_text(),
        "robotstxt: warning: argument 'private/x' is not a URL or a path (paths start with /); skipped\n\
         robotstxt: warning: argument 'hello world' is not a URL or a path (paths start with /); skipped\n\
         robotstxt: warning: argument '=HYPERLINK(\"http://evil.example\")' is not a URL or a path (paths start with /); skipped\n"
    );
    assert!(
        args.stdout_text()
            .ends_with("1 URL checked for Googlebot: 1 allowed, 0 disallowed\n"),
        "{}",
        args.stdout_text()
    );
    let list = run(
        &[
            "check",
            "--robots",
            "basic.txt",
            "--agent",
            "Googlebot",
            "--urls",
            "-",
        ],
        b"private/x\nhello world\n/private/x\n",
    );
    assert!(list.stderr_text().contains(
        "<stdin> line 1: 'private/x' is not a URL or a path (paths start with /); skipped"
    ));
    assert_eq!(list.stdout_text(), args.stdout_text());
    // explain and diff read their URL arguments the same way.
    let explain = run(
        &[
            "explain",
            "--robots",
            "basic.txt",
            "--agent",
            "Googlebot",
            "private/x",
        ],
        b"",
    );
    assert_eq!(explain.status, 2);
    assert!(explain.stderr_text().starts_with(
        "robotstxt: warning: argument 'private/x' is not a URL or a path (paths start with /); skipped\n"
    ));
    let diff = run(
        &[
            "diff",
            "old.txt",
            "new.txt",
            "--agent",
            "Googlebot",
            "hello world",
        ],
        b"",
    );
    assert!(diff
        .stderr_text()
        .contains("argument 'hello world' is not a URL"));
}

#[test]
fn lint_fix_escapes_what_it_quotes_from_the_file() {
    let dir = std::env::temp_dir().join(format!("robotstxt-limits-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("esc.txt");
    std::fs::write(
        &file,
        b"User-agent: *\n\x1b]0;PWNED\x07\x1b[2J\x1b[31mEVIL /x\n",
    )
    .unwrap();
    let path = file.to_str().unwrap();
    for args in [
        vec!["lint", "--fix", "--dry-run", path],
        vec!["lint", "--fix", path],
    ] {
        let fixed = run(&args, b"");
        assert!(!fixed.stdout.contains(&0x1b), "{}", fixed.stdout_text());
        assert!(!fixed.stderr.contains(&0x1b), "{}", fixed.stderr_text());
        assert!(
            fixed.stderr_text().contains(
                "1 fix not written (--dry-run): Write '\\u{1b}]0;PWNED\\u{7}\\u{1b}[2J\\u{1b}[31mEVIL:'"
            ) || fixed.stderr_text().contains("1 fix written: Write '\\u{1b}]0;PWNED"),
            "{}",
            fixed.stderr_text()
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
