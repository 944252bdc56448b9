//! `robotstxt lint --fix` writes the fixed file; refuses to write where it
//! cannot (stdin); and linting the result finds nothing left to fix.

use std::process::{Command, Stdio};

fn robotstxt() -> Command {
    Command::new(env!("CARGO_BIN_EXE_robotstxt"))
}

#[test]
fn fix_writes_the_file_and_the_result_lints_clean() {
    let dir = std::env::temp_dir().join(format!("robotstxt-fix-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("robots.txt");
    std::fs::write(
        &file,
        "User-agent: *\nContent-Signal: search=yes, ai-train=no\n\nUser-agent: GPTBot\nDisallow: /\nDisallow /x\nDisallow: /browse/Still Life\n",
    )
    .unwrap();
    let run = robotstxt()
        .args(["lint", "--fix"])
        .arg(&file)
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(0), "{run:?}");
    let stdout = String::from_utf8(run.stdout).unwrap();
    assert!(stdout.contains("+3: Allow: /"), "{stdout}");
    assert!(stdout.contains("-6: Disallow /x"), "{stdout}");
    assert!(String::from_utf8(run.stderr)
        .unwrap()
        .contains("3 fixes written"));
    assert_eq!(
        std::fs::read_to_string(&file).unwrap(),
        "User-agent: *\nContent-Signal: search=yes, ai-train=no\nAllow: /\n\nUser-agent: GPTBot\nDisallow: /\nDisallow: /x\nDisallow: /browse/Still%20Life\n"
    );
    // Nothing is left to fix; only the infos that Google ignores
    // Content-Signal and that Lighthouse before 13 rejects it stay.
    let again = robotstxt()
        .args(["lint", "--fix"])
        .arg(&file)
        .output()
        .unwrap();
    let stdout = String::from_utf8(again.stdout).unwrap();
    assert!(
        stdout.contains("info[unsupported-directive]: Google ignores 'Content-Signal': it states whether the content may be used for search, AI input and AI training. Who reads it: the crawlers that say they honour it (Cloudflare's managed robots.txt writes it, with use= since 2026).\n")
            && stdout.contains("info[validator-rejects]: Lighthouse before version 13 reports line 2")
            && stdout.ends_with("\n0 errors, 0 warnings, 2 infos\n"),
        "{stdout}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn fix_without_dry_run_refuses_stdin() {
    let mut child = robotstxt()
        .args(["lint", "--fix", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdin.take());
    let run = child.wait_with_output().unwrap();
    assert_eq!(run.status.code(), Some(2));
    assert!(String::from_utf8(run.stderr)
        .unwrap()
        .contains("add --dry-run"));
}

#[test]
fn fix_leaves_a_file_that_is_not_text_alone() {
    let dir = std::env::temp_dir().join(format!("robotstxt-fix-bin-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("robots.bin");
    // Random-looking bytes with NULs, and lines a fix would rewrite.
    let bytes: Vec<u8> = b"\x00\x9f\x01Disallow /x\n\x00\xff\xfe\nUser-agent *\n"
        .iter()
        .copied()
        .cycle()
        .take(4_000)
        .collect();
    std::fs::write(&file, &bytes).unwrap();
    let run = robotstxt()
        .args(["lint", "--fix"])
        .arg(&file)
        .output()
        .unwrap();
    let stderr = String::from_utf8(run.stderr).unwrap();
    assert!(
        stderr.contains(
            "not fixed: it holds NUL bytes, so it may not be a text file; fix it by hand"
        ),
        "{stderr}"
    );
    assert!(!stderr.contains("written"), "{stderr}");
    assert_eq!(std::fs::read(&file).unwrap(), bytes);
    std::fs::remove_dir_all(&dir).unwrap();
}
