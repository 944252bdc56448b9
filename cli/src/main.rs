//! The `robotstxt` command: check URLs against robots.txt exactly as
//! Googlebot reads it (or strictly by RFC 9309), lint robots.txt files,
//! explain verdicts and compare two versions of a file, reading each
//! robots.txt from a file, stdin or the live site.
//!
//! All matching is done by the `robots_matcher` library; this crate reads
//! the command line and inputs and words the results.

mod cli;
mod commands;
mod content_coding;
mod crawler;
mod error;
mod fetch;
mod formats;
mod input;
mod junit;
mod output;
mod robots_file;
mod settings;
mod text;
mod verdict_text;

use std::ffi::OsString;
use std::io::Write;
use std::process::ExitCode;

use cli::{Command, Parsed};
use error::{CliError, EXIT_USAGE};
use output::{Output, Status};

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
    match cli::parse(argv)? {
        Parsed::Print(text) => {
            let mut out = Output::new();
            out.line(text.trim_end())?;
            out.flush()?;
            Ok(Status::Success)
        }
        Parsed::Run(command) => match command {
            Command::Check(args) => commands::check::run(args),
            Command::Batch(args) => commands::batch::run(args),
            Command::Lint(args) => commands::lint::run(args),
            Command::Explain(args) => commands::explain::run(args),
            Command::Diff(args) => commands::diff::run(args),
            Command::Test(args) => commands::test::run(args),
            Command::Fetch(args) => commands::fetch::run(args),
            Command::Logs(args) => commands::logs::run(args),
            Command::Completions(args) => {
                let mut out = Output::new();
                out.bytes(&cli::completions(args.shell))?;
                out.flush()?;
                Ok(Status::Success)
            }
        },
    }
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
