//! Text output is coloured on a terminal only, and never with NO_COLOR.
//! The terminal is util-linux's `script`, which runs the command on a
//! pseudo-terminal; the test is skipped (and says so) where it is missing.

mod support;

use std::process::Command;

use support::fixtures;

/// stdout of `robotstxt ARGS` run on a pseudo-terminal, or `None` when
/// `script` is not installed.
fn on_terminal(args: &str, no_color: Option<&str>) -> Option<String> {
    let binary = env!("CARGO_BIN_EXE_robotstxt");
    let mut command = Command::new("script");
    command
        .args(["-qec", &format!("{binary} {args}"), "/dev/null"])
        .current_dir(fixtures())
        .env_remove("NO_COLOR");
    if let Some(value) = no_color {
        command.env("NO_COLOR", value);
    }
    let output = command.output().ok()?;
    Some(String::from_utf8_lossy(&output.stdout).into_owned())
}

const CHECK: &str = "check --robots basic.txt --agent Bingbot / /private";

#[test]
fn a_terminal_gets_colours_unless_no_color() {
    let Some(coloured) = on_terminal(CHECK, None) else {
        eprintln!("skipped: util-linux `script` is not installed");
        return;
    };
    assert!(
        coloured.contains("\u{1b}[32mallowed\u{1b}[0m"),
        "{coloured:?}"
    );
    assert!(
        coloured.contains("\u{1b}[31mdisallowed\u{1b}[0m"),
        "{coloured:?}"
    );
    let lint = on_terminal("lint messy.txt", None).unwrap_or_default();
    assert!(lint.contains("\u{1b}[33mwarning\u{1b}[0m"), "{lint:?}");

    let plain = on_terminal(CHECK, Some("1")).unwrap_or_default();
    assert!(plain.contains("allowed"), "{plain:?}");
    assert!(!plain.contains('\u{1b}'), "{plain:?}");
    // An empty NO_COLOR does not count (no-color.org).
    let empty = on_terminal(CHECK, Some("")).unwrap_or_default();
    assert!(empty.contains('\u{1b}'), "{empty:?}");
}

#[test]
fn a_pipe_gets_no_colours() {
    let run = support::run_in(
        &fixtures(),
        &[
            "check",
            "--robots",
            "basic.txt",
            "--agent",
            "Bingbot",
            "/private",
        ],
        b"",
    );
    assert!(!run.stdout_text().contains('\u{1b}'));
}
