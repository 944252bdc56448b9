//! `robotstxt completions SHELL` prints a script for each shell. Bash's is
//! syntax-checked with `bash -n` and then loaded and asked for completions;
//! the others are checked for their shell's registration and for every
//! command and flag (no zsh, fish or PowerShell is installed to run them).

mod support;

use std::process::Command;

use support::{fixtures, run_in};

fn script(shell: &str) -> String {
    let run = run_in(&fixtures(), &["completions", shell], b"");
    assert_eq!(run.status, 0, "{}", run.stderr_text());
    run.stdout_text()
}

/// What every script must offer: each command and some flags of each.
const WORDS: &[&str] = &[
    "check",
    "batch",
    "lint",
    "explain",
    "diff",
    "fetch",
    "completions",
    "robots",
    "fetch-status",
    "format",
    "no-size-limit",
    "user-agent",
    "timeout",
    "fail-on-change",
];

#[test]
fn bash_script_loads_and_completes() {
    let script = script("bash");
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("robotstxt-completions");
    std::fs::create_dir_all(&dir).expect("the temporary directory can be created");
    let path = dir.join("robotstxt.bash");
    std::fs::write(&path, &script).expect("the script can be written");
    let syntax = Command::new("bash")
        .arg("-n")
        .arg(&path)
        .status()
        .expect("bash runs");
    assert!(syntax.success(), "bash -n rejects the script");
    // Load it and complete `robotstxt lint --format <TAB>` and
    // `robotstxt li<TAB>`.
    let probe = format!(
        "source '{}'\n\
         COMP_WORDS=(robotstxt lint --format ''); COMP_CWORD=3; _robotstxt robotstxt '' --format; echo \"${{COMPREPLY[*]}}\"\n\
         COMP_WORDS=(robotstxt li); COMP_CWORD=1; _robotstxt robotstxt li robotstxt; echo \"${{COMPREPLY[*]}}\"\n",
        path.display()
    );
    let output = Command::new("bash")
        .arg("-c")
        .arg(probe)
        .output()
        .expect("bash runs");
    let text = String::from_utf8_lossy(&output.stdout);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines, vec!["text json github sarif", "lint"], "{text}");
}

#[test]
fn every_shell_gets_every_command_and_flag() {
    for (shell, registration) in [
        ("bash", "complete -F _robotstxt"),
        ("zsh", "#compdef robotstxt"),
        ("fish", "complete -c robotstxt"),
        ("powershell", "Register-ArgumentCompleter"),
    ] {
        let script = script(shell);
        assert!(script.contains(registration), "{shell}");
        for word in WORDS {
            assert!(script.contains(word), "{shell} lacks {word}");
        }
    }
}

#[test]
fn an_unknown_shell_is_a_usage_error() {
    let run = run_in(&fixtures(), &["completions", "tcsh"], b"");
    assert_eq!(run.status, 2);
    assert_eq!(
        run.stderr_text().lines().count(),
        2,
        "{}",
        run.stderr_text()
    );
}
