//! Loading a robots.txt file for checking, from a file, stdin or a live
//! URL, and telling the user when the file is not what crawlers can use
//! (HTML, UTF-16, cut by the size limit) or when how fetching it ended
//! decides instead of its rules.

use robots_matcher::tools::lint::{Code, Severity};
use robots_matcher::{FetchOutcome, FetchedRobots, ParseOptions, Robots};

use crate::cli::HttpArgs;
use crate::error::{note, warn, CliError};
use crate::fetch::fetch;
use crate::input::{size_in_mib, Source, MAX_ROBOTS_BYTES};
use crate::text::printable;
use crate::verdict_text::outcome_reason;

/// A robots.txt file, read and parsed.
pub struct RobotsFile {
    pub source: Source,
    pub robots: Robots,
    /// How fetching the file ended, when it was fetched or simulated with
    /// `--fetch-status`.
    pub outcome: Option<FetchOutcome>,
}

/// The bytes of a robots.txt source, and how fetching it ended when it was
/// fetched. A fetch whose outcome decides for every URL has no bytes.
pub struct RobotsBytes {
    pub bytes: Vec<u8>,
    pub outcome: Option<FetchOutcome>,
}

/// Reads `source`: a file or stdin as is, a URL fetched like a crawler
/// does (and what the fetch did told on stderr). Only what the parse will
/// use is read: Google's 500 KiB and one byte more (so the parser can tell
/// the file was cut), or with `--no-size-limit` up to [`MAX_ROBOTS_BYTES`],
/// past which the file is cut with a warning.
pub fn read_robots(
    source: &Source,
    http: &HttpArgs,
    options: &ParseOptions,
) -> Result<RobotsBytes, CliError> {
    let keep = options.size_limit.unwrap_or(MAX_ROBOTS_BYTES);
    let mut read = match source {
        Source::Url(url) => {
            let fetched = fetch(url, &http.fetch_settings(keep));
            let mut summary = fetched.summary();
            if fetched.outcome.fixed_verdict().is_some() {
                summary.push_str(&format!("; {}", outcome_reason(fetched.outcome)));
            }
            note(&summary);
            RobotsBytes {
                bytes: fetched.body,
                outcome: Some(fetched.outcome),
            }
        }
        Source::Stdin | Source::File(_) => RobotsBytes {
            bytes: source.read_bytes(keep)?,
            outcome: None,
        },
    };
    if options.size_limit.is_none() && read.bytes.len() > keep {
        read.bytes.truncate(keep);
        warn(&format!(
            "{}: the file is over {}, the most robotstxt reads even with --no-size-limit; only its first {keep} bytes were read, the rest is ignored",
            printable(source.name()),
            size_in_mib(keep)
        ));
    }
    Ok(read)
}

impl RobotsFile {
    /// Reads and parses `source`. With `simulated` (`--fetch-status`),
    /// fetching is taken to have ended that way: when that decides for
    /// every URL the file is not read at all.
    pub fn load(
        source: &Source,
        options: &ParseOptions,
        http: &HttpArgs,
        simulated: Option<FetchOutcome>,
    ) -> Result<RobotsFile, CliError> {
        let read = match simulated {
            Some(outcome) if outcome.fixed_verdict().is_some() => RobotsBytes {
                bytes: Vec::new(),
                outcome: Some(outcome),
            },
            _ => {
                let mut read = read_robots(source, http, options)?;
                read.outcome = simulated.or(read.outcome);
                read
            }
        };
        Ok(RobotsFile {
            source: source.clone(),
            robots: Robots::parse_owned(read.bytes, options),
            outcome: read.outcome,
        })
    }

    /// The file as a crawler got it: every verdict, explanation, record
    /// and diff is asked of this. A local file reads as fetched.
    pub fn fetched(&self) -> FetchedRobots<'_> {
        FetchedRobots::new(&self.robots, self.outcome.unwrap_or(FetchOutcome::FETCHED))
    }

    /// Warns on stderr about error-level findings: verdicts on such a file
    /// are still Google's, but probably not what the webmaster meant, so
    /// `check`, `explain` and `diff` should not stay silent about them.
    pub fn warn_if_unusable(&self) {
        if self.fetched().rules().is_none() {
            return;
        }
        for warning in unusable_warnings(&self.robots) {
            warn(&format!("{}: {warning}", self.source.name()));
        }
    }
}

/// The error-level diagnostics of `robots`, as warning messages.
fn unusable_warnings(robots: &Robots) -> Vec<String> {
    robots
        .file_diagnostics()
        .into_iter()
        .filter(|d| d.severity == Severity::Error)
        .map(|d| {
            if d.code == Code::FileTooLarge && robots.parsed_len() < robots.input_len() {
                format!(
                    "{} (--no-size-limit reads up to {}).",
                    d.message.trim_end_matches('.'),
                    size_in_mib(MAX_ROBOTS_BYTES)
                )
            } else {
                d.message.clone()
            }
        })
        .collect()
}
