//! Loading a robots.txt file for checking, and telling the user when the
//! file is not what crawlers can use (HTML, UTF-16, cut by the size limit).

use robots_matcher::{Code, ParseOptions, Robots, Severity};

use crate::error::{warn, CliError};
use crate::input::Source;

/// A robots.txt file, read and parsed.
pub struct RobotsFile {
    pub source: Source,
    pub robots: Robots,
}

impl RobotsFile {
    /// Reads and parses `source`.
    pub fn load(source: &Source, options: &ParseOptions) -> Result<RobotsFile, CliError> {
        let bytes = source.read_bytes()?;
        Ok(RobotsFile {
            source: source.clone(),
            robots: Robots::parse_with(&bytes, options),
        })
    }

    /// Warns on stderr about error-level findings: verdicts on such a file
    /// are still Google's, but probably not what the webmaster meant, so
    /// `check`, `explain` and `diff` should not stay silent about them.
    pub fn warn_if_unusable(&self) {
        for warning in unusable_warnings(&self.robots) {
            warn(&format!("{}: {warning}", self.source.name()));
        }
    }
}

/// The error-level diagnostics of `robots`, as warning messages.
fn unusable_warnings(robots: &Robots) -> Vec<String> {
    robots
        .diagnostics()
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .map(|d| {
            if d.code == Code::FileTooLarge && robots.parsed_len() < robots.input_len() {
                format!(
                    "{} (--no-size-limit reads it all).",
                    d.message.trim_end_matches('.')
                )
            } else {
                d.message.clone()
            }
        })
        .collect()
}
