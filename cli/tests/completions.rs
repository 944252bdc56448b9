//! `robotstxt completions SHELL` prints a script for each shell. Bash's is
//! syntax-checked with `bash -n` and then loaded and asked for completions;
//! zsh's and fish's are syntax-checked by those shells (`scripts/test`
//! installs them; without them the check says so and passes, except under
//! CI); every script is checked for its shell's registration and for every
//! command and flag (PowerShell has no Debian package to run it).

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

/// Checks `shell`'s script with the shell's own parser (`args` then the
/// file), when the shell is installed.
fn syntax_checked_by(shell: &str, program: &str, args: &[&str]) {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("robotstxt-completions");
    std::fs::create_dir_all(&dir).expect("the temporary directory can be created");
    let path = dir.join(format!("robotstxt.{shell}"));
    std::fs::write(&path, script(shell)).expect("the script can be written");
    match Command::new(program).args(args).arg(&path).output() {
        Ok(run) => assert!(
            run.status.success(),
            "{program} rejects the {shell} script: {}",
            String::from_utf8_lossy(&run.stderr)
        ),
        Err(_) if std::env::var_os("CI").is_none() => {
            println!("{program} is not installed: the {shell} script is not syntax-checked");
        }
        Err(error) => panic!("{program} is needed under CI ({error}); scripts/test installs it"),
    }
}

#[test]
fn zsh_and_fish_scripts_parse() {
    syntax_checked_by("zsh", "zsh", &["-n"]);
    syntax_checked_by("fish", "fish", &["--no-execute"]);
}
