//! What can go wrong in a run, as values: each carries the one-line message
//! the user sees, and decides the exit status.

use std::fmt;
use std::io;

/// Exit status when the command line or an input file is unusable.
pub const EXIT_USAGE: u8 = 2;

/// A failure that ends the run.
#[derive(Debug)]
pub enum CliError {
    /// The command line is wrong. `command` names the subcommand whose help
    /// the hint points at (`None` for the top level).
    Usage {
        message: String,
        command: Option<&'static str>,
    },
    /// An input (robots.txt file, URL list, stdin) could not be read.
    Input(String),
    /// Writing the output failed for another reason than the reader going
    /// away.
    Output(String),
    /// The reader of our output went away (`robotstxt ... | head`): stop
    /// quietly, there is nobody left to tell.
    OutputClosed,
}

impl CliError {
    /// A command-line mistake in `command`'s arguments.
    pub fn usage(command: Option<&'static str>, message: impl Into<String>) -> CliError {
        CliError::Usage {
            message: message.into(),
            command,
        }
    }

    /// Turns a failed write to stdout into the matching error.
    pub fn from_output(error: io::Error) -> CliError {
        if error.kind() == io::ErrorKind::BrokenPipe {
            CliError::OutputClosed
        } else {
            CliError::Output(format!("cannot write the output: {}", io_reason(&error)))
        }
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CliError::Usage { message, .. } => f.write_str(message),
            CliError::Input(message) | CliError::Output(message) => f.write_str(message),
            CliError::OutputClosed => f.write_str("the output was closed"),
        }
    }
}

/// A short reason for a file or stream I/O error, without Rust's "(os
/// error N)" suffix, which means nothing to a webmaster. (Network errors
/// keep the client's own words: see `fetch`.)
pub fn io_reason(error: &io::Error) -> String {
    match error.kind() {
        io::ErrorKind::NotFound => "no such file".to_string(),
        io::ErrorKind::PermissionDenied => "permission denied".to_string(),
        io::ErrorKind::IsADirectory => "it is a directory, not a file".to_string(),
        _ => {
            let text = error.to_string();
            match text.find(" (os error") {
                Some(cut) => text[..cut].to_string(),
                None => text,
            }
        }
    }
}

/// Prints a warning on stderr. A failing stderr is ignored: warnings must
/// never turn into a crash.
pub fn warn(message: &str) {
    use std::io::Write;
    let _ = writeln!(io::stderr(), "robotstxt: warning: {message}");
}

/// Prints a fact the user should know (such as what a fetch did) on
/// stderr, where it stays out of machine-readable output.
pub fn note(message: &str) {
    use std::io::Write;
    let _ = writeln!(io::stderr(), "robotstxt: {message}");
}
