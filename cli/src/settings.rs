//! What the flags several subcommands share (`--agent`, `--mode`,
//! `--no-size-limit`, `--raw-url`, `--legacy-agent-matching`) mean for the
//! matcher.

use robots_matcher::{AgentMatching, CheckOptions, Crawler, Mode, ParseOptions};

use crate::cli::{CrawlerArgs, ReadArgs};
use crate::crawler::crawler_from_specs;
use crate::error::CliError;

impl ReadArgs {
    /// How to parse: the chosen mode, and Google's 500 KiB limit unless
    /// `--no-size-limit`.
    pub fn parse_options(&self) -> ParseOptions {
        ParseOptions::new(self.mode.unwrap_or_default(), !self.no_size_limit)
    }
}

impl CrawlerArgs {
    /// How to check URLs.
    pub fn check_options(&self) -> CheckOptions {
        CheckOptions {
            raw_url: self.raw_url,
            agent_matching: if self.legacy_agent_matching {
                AgentMatching::LegacyPrefix
            } else {
                AgentMatching::Exact
            },
        }
    }

    /// The crawler the `--agent` flags describe; at least one is required.
    /// Mistakes are usage errors of `command`.
    pub fn crawler(&self, command: &'static str) -> Result<Crawler, CliError> {
        if self.agents.is_empty() {
            return Err(CliError::usage(
                Some(command),
                "missing --agent: name the crawler to check as, e.g. --agent Googlebot",
            ));
        }
        crawler_from_specs(&self.agents).map_err(|message| CliError::usage(Some(command), message))
    }
}

/// Reads a batch request's `mode`.
pub fn parse_mode(value: &str) -> Result<Mode, String> {
    mode_value(value).map_err(|hint| format!("unknown mode '{value}': {hint}"))
}

/// Reads a `--mode` value; the error is only the hint, as clap already
/// names the value and the flag.
pub fn mode_value(value: &str) -> Result<Mode, &'static str> {
    Mode::parse(value).ok_or("use google or rfc9309")
}
