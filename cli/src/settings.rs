//! What the flags several subcommands share (`--agent`, `--mode`,
//! `--no-size-limit`, `--raw-url`, `--legacy-agent-matching`, `--timeout`,
//! `--user-agent`) mean for the matcher and for fetching.

use robots_matcher::{AgentMatching, CheckOptions, Crawler, Mode, ParseOptions};

use crate::cli::{mode_value, CrawlerArgs, HttpArgs, MatchArgs, ReadArgs};
use crate::crawler::crawler_from_specs;
use crate::error::CliError;
use crate::fetch::FetchSettings;

impl ReadArgs {
    /// How to parse: the chosen mode, and Google's 500 KiB limit unless
    /// `--no-size-limit`.
    pub fn parse_options(&self) -> ParseOptions {
        ParseOptions::new(self.mode.unwrap_or_default(), !self.no_size_limit)
    }
}

impl HttpArgs {
    /// How to fetch a robots.txt of which `keep` bytes are used.
    pub fn fetch_settings(&self, keep: usize) -> FetchSettings<'_> {
        FetchSettings {
            user_agent: &self.user_agent,
            timeout: self.timeout,
            keep,
        }
    }
}

impl MatchArgs {
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
}

impl CrawlerArgs {
    /// How to check URLs.
    pub fn check_options(&self) -> CheckOptions {
        self.matching.check_options()
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
