//! The flags several subcommands share (`--agent`, `--mode`,
//! `--no-size-limit`, `--raw-url`, `--legacy-agent-matching`, `--urls`,
//! `--json`) and what they mean for the matcher.

use robots_matcher::{AgentMatching, CheckOptions, Crawler, Mode, ParseOptions};

use crate::args::Args;
use crate::crawler::crawler_from_specs;
use crate::error::CliError;
use crate::input::Source;

/// The shared flags as given.
#[derive(Clone, Debug, Default)]
pub struct SharedFlags {
    pub agents: Vec<String>,
    pub mode: Option<Mode>,
    pub no_size_limit: bool,
    pub raw_url: bool,
    pub legacy_agent_matching: bool,
    /// `--urls FILE`: a list of URLs (one per line, a CSV table or a
    /// sitemap).
    pub urls: Option<Source>,
    /// `--json`: JSON Lines instead of text.
    pub json: bool,
}

/// Names of the shared flags, for `take` and typo suggestions.
pub const AGENT: &str = "--agent";
pub const MODE: &str = "--mode";
pub const NO_SIZE_LIMIT: &str = "--no-size-limit";
pub const RAW_URL: &str = "--raw-url";
pub const LEGACY_AGENT_MATCHING: &str = "--legacy-agent-matching";
pub const URLS: &str = "--urls";
pub const JSON: &str = "--json";

/// The shared flags of the commands that check a list of URLs (`check`,
/// `diff`): all of them.
pub const URL_LIST_FLAGS: &[&str] = &[
    AGENT,
    MODE,
    NO_SIZE_LIMIT,
    RAW_URL,
    LEGACY_AGENT_MATCHING,
    URLS,
    JSON,
];

impl SharedFlags {
    /// Consumes `name` when it is a shared flag that this subcommand
    /// `accepts`; returns whether it did.
    pub fn take(
        &mut self,
        args: &mut Args,
        name: &str,
        inline: Option<String>,
        accepts: &[&str],
    ) -> Result<bool, CliError> {
        if !accepts.contains(&name) {
            return Ok(false);
        }
        match name {
            AGENT => self.agents.push(args.value(name, inline)?),
            MODE => {
                let value = args.value(name, inline)?;
                let mode = parse_mode(&value).map_err(|message| args.error(message))?;
                args.set_once(&mut self.mode, name, mode)?;
            }
            NO_SIZE_LIMIT => {
                args.no_value(name, &inline)?;
                self.no_size_limit = true;
            }
            RAW_URL => {
                args.no_value(name, &inline)?;
                self.raw_url = true;
            }
            LEGACY_AGENT_MATCHING => {
                args.no_value(name, &inline)?;
                self.legacy_agent_matching = true;
            }
            URLS => {
                let value = args.value(name, inline)?;
                args.set_once(&mut self.urls, name, Source::from_arg(&value))?;
            }
            JSON => {
                args.no_value(name, &inline)?;
                self.json = true;
            }
            _ => return Ok(false),
        }
        Ok(true)
    }

    /// How to parse: the chosen mode, and Google's 500 KiB limit unless
    /// `--no-size-limit`.
    pub fn parse_options(&self) -> ParseOptions {
        ParseOptions::new(self.mode.unwrap_or_default(), !self.no_size_limit)
    }

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
    pub fn crawler(&self, args: &Args) -> Result<Crawler, CliError> {
        if self.agents.is_empty() {
            return Err(
                args.error("missing --agent: name the crawler to check as, e.g. --agent Googlebot")
            );
        }
        crawler_from_specs(&self.agents).map_err(|message| args.error(message))
    }
}

/// Reads a `--mode` value (or a batch request's `mode`).
pub fn parse_mode(value: &str) -> Result<Mode, String> {
    Mode::parse(value).ok_or_else(|| format!("unknown mode '{value}': use google or rfc9309"))
}
