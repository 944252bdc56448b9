//! The `robotstxt` command: check URLs against robots.txt exactly as
//! Googlebot reads it (or strictly by RFC 9309), lint robots.txt files,
//! explain verdicts and compare two versions of a file.
//!
//! All matching is done by the `robots_matcher` library; this crate reads
//! the command line and inputs and words the results.

mod args;
mod commands;
mod crawler;
mod error;
mod help;
mod input;
mod output;
mod robots_file;
mod settings;
mod text;
mod verdict_text;

use std::ffi::OsString;
use std::io::Write;
use std::process::ExitCode;

use args::{closest, Arg, Args};
use error::{CliError, EXIT_USAGE};
use output::{print_help, Output, Status};

const COMMANDS: &[&str] = &["check", "batch", "lint", "explain", "diff", "help"];

fn main() -> ExitCode {
    match run(std::env::args_os().skip(1)) {
        Ok(status) => ExitCode::from(status.code()),
        Err(CliError::OutputClosed) => ExitCode::SUCCESS,
        Err(error) => {
            report(&error);
            ExitCode::from(EXIT_USAGE)
        }
    }
}

/// Runs the command the arguments name.
fn run(argv: impl IntoIterator<Item = OsString>) -> Result<Status, CliError> {
    let mut args = Args::new(argv, None);
    let command = match args.next_arg()? {
        None => {
            return Err(args.error(format!(
                "missing command: robotstxt <command>, where the command is one of {}",
                COMMANDS.join(", ")
            )))
        }
        Some(Arg::Flag { name, .. }) => {
            return match name.as_str() {
                "-h" | "--help" => print_help(help::MAIN),
                "-V" | "--version" => print_version(),
                _ => Err(args.unknown_flag(&name, &["--help", "--version"])),
            }
        }
        Some(Arg::Positional(command)) => command,
    };
    match command.as_str() {
        "check" => commands::check::run(args.for_command("check")),
        "batch" => commands::batch::run(args.for_command("batch")),
        "lint" => commands::lint::run(args.for_command("lint")),
        "explain" => commands::explain::run(args.for_command("explain")),
        "diff" => commands::diff::run(args.for_command("diff")),
        "help" => match args.next_arg()? {
            None => print_help(help::MAIN),
            Some(Arg::Positional(topic)) => {
                print_help(command_help(&topic).ok_or_else(|| unknown_command(&args, &topic))?)
            }
            Some(Arg::Flag { name, .. }) => Err(args.unknown_flag(&name, &[])),
        },
        other => Err(unknown_command(&args, other)),
    }
}

fn command_help(command: &str) -> Option<&'static str> {
    Some(match command {
        "check" => help::CHECK,
        "batch" => help::BATCH,
        "lint" => help::LINT,
        "explain" => help::EXPLAIN,
        "diff" => help::DIFF,
        "help" => help::MAIN,
        _ => return None,
    })
}

fn unknown_command(args: &Args, command: &str) -> CliError {
    let suggestion = closest(command, COMMANDS)
        .map(|c| format!(" (did you mean {c}?)"))
        .unwrap_or_default();
    args.error(format!(
        "unknown command '{command}'{suggestion}; the commands are {}",
        COMMANDS.join(", ")
    ))
}

fn print_version() -> Result<Status, CliError> {
    let mut out = Output::new();
    out.line(concat!("robotstxt ", env!("CARGO_PKG_VERSION")))?;
    out.flush()?;
    Ok(Status::Success)
}

/// The one-line message for a failed run, and for command-line mistakes a
/// pointer to the help that shows the right usage.
fn report(error: &CliError) {
    let mut stderr = std::io::stderr().lock();
    let _ = writeln!(stderr, "robotstxt: error: {error}");
    if let CliError::Usage { command, .. } = error {
        let help = match command {
            Some(command) => format!("robotstxt {command} --help"),
            None => "robotstxt --help".to_string(),
        };
        let _ = writeln!(stderr, "Run '{help}' for usage.");
    }
}
