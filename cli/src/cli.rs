//! The command line, declared with clap: every command, flag and help text
//! is generated from these definitions.

// The doc comments below are the help a terminal shows, so they are written
// as plain text (`SEVERITY[CODE]`, `<loc>`), not as rustdoc markup.
#![allow(rustdoc::broken_intra_doc_links, rustdoc::invalid_html_tags)]

use std::ffi::OsString;
use std::time::Duration;

use clap::error::{ContextKind, ContextValue, ErrorKind};
use clap::{Args, CommandFactory, Parser, Subcommand, ValueEnum};
use robots_matcher::tools::severity::Severity;
use robots_matcher::{FetchOutcome, Mode};

use crate::error::CliError;
use crate::fetch::DEFAULT_USER_AGENT;

const CRAWLERS: &str = "\
Crawlers (--agent SPEC): a product token such as Googlebot, or tokens to try
in order, separated by '>': Googlebot-Image>Googlebot obeys a Googlebot-Image
group, else a Googlebot group, else the * group. A spec ending in '>!*' never
obeys the * group (AdsBot-Google>!*). Several --agent flags are one crawler
whose tokens follow each other in order.

robots.txt sources: a file, '-' for stdin, or an http(s) URL, fetched like a
crawler does; a page's URL (https://example.com/page) fetches its site's
/robots.txt. 4xx answers allow everything, 429, 5xx, timeouts and network
errors disallow everything (RFC 9309 2.3.1). Like Googlebot, only the first
500 KiB (512000 bytes) of a robots.txt file are read unless --no-size-limit,
which reads up to 32 MiB. A fetch decodes gzip, deflate and br bodies and
refuses other codings; --timeout covers the whole fetch, redirects included.

Exit status: 0 done, 1 found what was asked to fail on (lint errors,
--fail-on-disallowed, --fail-on-change, --fail-on, failed expectations), 2 bad
command line or unreadable input.";

/// robotstxt: check URLs against robots.txt exactly as Googlebot reads it,
/// or strictly by RFC 9309.
#[derive(Parser, Debug)]
#[command(name = "robotstxt", version, after_help = CRAWLERS, term_width = 80)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Is each URL allowed for a crawler? One line (or record) per URL
    ///
    /// Prints one line per URL, in order (URLs from --urls first, then the
    /// arguments): the verdict, the URL, the path checked (when it differs
    /// from the URL), and the line and text of the deciding rule, or why no
    /// rule decided. A summary line follows.
    ///
    /// Exit status: 0 whatever the verdicts (1 with --fail-on-disallowed when
    /// a URL is disallowed), 2 for a bad command line or an unreadable file.
    ///
    /// Example: robotstxt check --robots robots.txt --agent Googlebot /private/x
    Check(CheckArgs),
    /// Answer JSON Lines requests from stdin, one JSON line per request
    ///
    /// Each input line is a JSON object: robots (robots.txt as text) or
    /// robots_b64 (its raw bytes in standard base64); agent (a crawler spec)
    /// or agents (a list of specs that make one crawler); url; optional
    /// raw_url (true to match the path as typed) and mode (google or
    /// rfc9309, overrides --mode). Other keys are ignored; null counts as
    /// absent for the optional keys.
    ///
    /// Each request gets exactly one output line, in order: the record that
    /// `check --format json` writes, without `usage`. A line that cannot be answered (bad
    /// JSON, a missing or mistyped key, bad base64) gets {"error":"..."} and
    /// the rest go on. An empty agent is a valid request: it names no group,
    /// as in Google's library. Blank lines are skipped. Output is flushed
    /// whenever the input has no further line ready. Consecutive requests
    /// with the same robots.txt (and mode) reuse the parsed file.
    ///
    /// Exit status: 0 once stdin is answered (even if some lines were
    /// errors), 2 for a bad command line or unreadable stdin.
    Batch(BatchArgs),
    /// Report problems in robots.txt files, compiler-style
    ///
    /// Prints one line per finding: FILE:LINE:COLUMN: SEVERITY[CODE]: MESSAGE.
    /// Columns count characters from 1. Findings about the whole file (an
    /// HTML page, a UTF-16 file) have no line. A summary line follows.
    ///
    /// Exit status: 1 if any finding is an error (crawlers will not read the
    /// file as intended, or it cannot be fetched), else 0; 2 for a bad
    /// command line or an unreadable file.
    Lint(LintArgs),
    /// Show step by step how the verdict for a URL is reached
    ///
    /// For each URL: the path taken from it, the path actually checked,
    /// which groups apply to the crawler and why, every rule of those groups
    /// that matches and its length, how the longest match and the tie-break
    /// decide, the rules that nearly decided and why each did not ("why
    /// not"), and the verdict with its deciding line. Each step names the
    /// source that governs it: the RFC 9309 section, or Google's
    /// documentation or parser for what only Google does.
    ///
    /// Exit status: 0, or 2 for a bad command line or an unreadable file.
    Explain(ExplainArgs),
    /// List what changes between two robots.txt files, and how much it matters
    ///
    /// For every URL whose verdict differs (allowed in one file, disallowed
    /// in the other) prints the change and the deciding rule in each file
    /// with its line. URLs whose verdict stays the same are not listed, even
    /// when another line decides it. Then the file's own changes: * newly
    /// disallowed from (or allowed on) the site root, whatever URLs were
    /// given; rules and other lines added or removed, per crawler; or
    /// comments and whitespace alone. Each change is critical, warning or
    /// info (see --fail-on and the README), and a summary counts them.
    ///
    /// Exit status: 0 (1 with --fail-on-change when a verdict changes, or
    /// with --fail-on when a change is that severe), 2 for a bad command
    /// line or an unreadable file.
    Diff(DiffArgs),
    /// Check an expectations file: do crawlers get the verdicts you expect?
    ///
    /// EXPECTATIONS holds one expectation a line: CRAWLERS EXPECTED URL, as
    /// in 'Googlebot,bingbot allowed /' or 'GPTBot disallowed /blog/'.
    /// CRAWLERS are comma-separated crawler specs (see `robotstxt --help`);
    /// EXPECTED is allowed, disallowed, and/or AI usage preferences that
    /// must apply (train-ai=n for Content-Usage, ai-train=no for
    /// Content-Signal), comma-separated; URL is a URL or a path. '#' starts
    /// a comment; '@mode rfc9309' (or google, default) sets the reading for
    /// the lines below. Each crawler of each line is one check, printed
    /// with the verdict and the line of robots.txt that decided it.
    ///
    /// Exit status: 0 when every expectation holds, 1 when one fails, 2
    /// for a bad command line, an unreadable file or mistakes in the
    /// expectations file (each is printed as FILE:LINE; nothing is checked).
    ///
    /// Example: robotstxt test --robots public/robots.txt robots-expectations.txt
    Test(TestArgs),
    /// Fetch a robots.txt like a crawler and print it, with how the fetch went
    ///
    /// Prints the body (as fetched, up to the size limit) on stdout, and on
    /// stderr the URL fetched, the status, each redirect taken and, when the
    /// outcome decides for every URL, that verdict.
    ///
    /// Exit status: 0 whatever the outcome (a 404, a timeout: it is told on
    /// stderr), 2 for a bad command line.
    Fetch(FetchArgs),
    /// Did the crawlers obey? Judge access logs by the robots.txt live at the time
    ///
    /// Reads access logs (Combined or Common Log Format, JSON lines, W3C
    /// extended, CSV with a header; .gz too; '-' for stdin) as they stream,
    /// names the crawler of each request from its user agent, and judges it
    /// by the robots.txt version live when it was made (--robots
    /// FILE@TIME for each version after the first), as that crawler had
    /// the file: within 24 hours after a change a request the previous
    /// version allowed is 'cached', not a violation (RFC 9309 2.4); a
    /// crawler's robots.txt fetches in the log and their status apply the
    /// fetch policy (after a 5xx, everything is disallowed for it until its
    /// next fetch). With --ip-ranges, claims from outside the operator's
    /// published ranges are unverified and counted apart.
    ///
    /// text prints the report: each log's format and the lines it could
    /// not read, per crawler its requests, violations, cached and
    /// unverified requests, share obeyed, robots.txt fetches, first and
    /// last seen; the violations per rule; what robots.txt fetches changed.
    /// json prints one object a line per crawler request (browsers are not
    /// judged): time, ip, crawler, status, allowed, line, rule, verdict,
    /// category, url, path, agent, mode, cached, verified (null when no
    /// ranges were given for the crawler), robots_txt, version,
    /// fetch_status, method, host, user_agent, log, log_line; csv the same
    /// columns.
    ///
    /// Exit status: 0 (1 with --fail-on-violation when a crawler fetched a
    /// URL disallowed at the time, outside the cache window, and not from
    /// outside its ranges), 2 for a bad command line or an unreadable input.
    ///
    /// Example: robotstxt logs --robots old.txt --robots new.txt@2024-05-02T10:00:00Z --ip-ranges Googlebot access.log.gz
    Logs(LogsArgs),
    /// Print a shell completion script
    ///
    /// Example: robotstxt completions bash > /etc/bash_completion.d/robotstxt
    Completions(CompletionsArgs),
}

/// `--agent`, and how its checks match.
#[derive(Args, Debug, Clone, Default)]
pub struct CrawlerArgs {
    /// The crawler (repeatable; see `robotstxt --help`)
    #[arg(long = "agent", value_name = "SPEC")]
    pub agents: Vec<String>,
    #[command(flatten)]
    pub matching: MatchArgs,
}

/// `--raw-url`, `--legacy-agent-matching`: how URLs are read and crawlers
/// matched (also for `test`, whose crawlers come from its file).
#[derive(Args, Debug, Clone, Default)]
pub struct MatchArgs {
    /// Match the path exactly as typed, without the percent-encoding a
    /// crawler's request applies
    #[arg(long)]
    pub raw_url: bool,
    /// Let a group name a prefix of the crawler's token (User-agent: Google
    /// applies to Googlebot), as old parsers did; Google and RFC 9309 do not
    #[arg(long)]
    pub legacy_agent_matching: bool,
}

/// `--mode`, `--no-size-limit`.
#[derive(Args, Debug, Clone, Default)]
pub struct ReadArgs {
    /// Whose reading to follow: google or rfc9309 [default: google]
    #[arg(long, value_name = "MODE", value_parser = mode_value)]
    pub mode: Option<Mode>,
    /// Read the whole file, not just the first 500 KiB: up to 32 MiB, the
    /// most robotstxt reads (past that the file is cut, with a warning)
    #[arg(long)]
    pub no_size_limit: bool,
}

/// How robots.txt URLs are fetched.
#[derive(Args, Debug, Clone)]
pub struct HttpArgs {
    /// The User-agent header sent when fetching a robots.txt URL
    #[arg(long, value_name = "HEADER", default_value = DEFAULT_USER_AGENT)]
    pub user_agent: String,
    /// Seconds the whole fetch of a robots.txt URL may take, redirects
    /// included, before giving up (a timeout disallows everything)
    #[arg(long, value_name = "SECONDS", default_value = "10", value_parser = parse_seconds)]
    pub timeout: Duration,
}

/// `--fetch-status`.
#[derive(Args, Debug, Clone, Default)]
pub struct FetchStatusArgs {
    /// Check as if fetching robots.txt had ended this way, without
    /// fetching: an HTTP status (200, 404, 503, ...), redirect-N, timeout or
    /// network-error
    #[arg(long, value_name = "CODE|timeout", value_parser = parse_fetch_status)]
    pub fetch_status: Option<FetchOutcome>,
}

#[derive(Args, Debug)]
pub struct CheckArgs {
    /// The robots.txt to check against: a file, '-' for stdin, or a URL
    #[arg(long, value_name = "FILE|URL")]
    pub robots: Option<String>,
    /// URLs to check ('-' for stdin): one per line (blank lines and lines
    /// starting with # skipped), a CSV table (url, loc or address column)
    /// or a sitemap's <loc>s; other lines are skipped with a warning
    #[arg(long, value_name = "FILE")]
    pub urls: Option<String>,
    /// Output format; json is JSON Lines, one record per URL: allowed, line
    /// (0 = no rule), rule, verdict, category, url, path, agent, mode
    #[arg(long, value_enum, value_name = "FORMAT")]
    pub format: Option<CheckFormat>,
    /// Same as --format json
    #[arg(long, conflicts_with = "format")]
    pub json: bool,
    /// Exit 1 if any URL is disallowed
    #[arg(long)]
    pub fail_on_disallowed: bool,
    #[command(flatten)]
    pub crawler: CrawlerArgs,
    #[command(flatten)]
    pub read: ReadArgs,
    #[command(flatten)]
    pub fetch_status: FetchStatusArgs,
    #[command(flatten)]
    pub http: HttpArgs,
    /// The URLs to check
    #[arg(value_name = "URL")]
    pub url_args: Vec<String>,
}

#[derive(ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum CheckFormat {
    /// An aligned table and a summary line
    Text,
    /// JSON Lines, one record per URL
    Json,
    /// CSV with a header row
    Csv,
    /// GitHub Actions workflow commands: a warning per disallowed URL
    Github,
}

#[derive(Args, Debug)]
pub struct BatchArgs {
    #[command(flatten)]
    pub read: ReadArgs,
    /// Arguments batch does not take, kept to say where requests come from
    /// (a file name here is the usual mistake).
    #[arg(hide = true)]
    pub stray: Vec<String>,
}

#[derive(Args, Debug)]
pub struct LintArgs {
    /// Output format: text (compiler-style), json (JSON Lines: file, line,
    /// column, end, severity, code, message, span), github (workflow
    /// commands that annotate a pull request) or sarif (SARIF 2.1.0)
    #[arg(long, value_enum, value_name = "FORMAT")]
    pub format: Option<LintFormat>,
    /// Same as --format json
    #[arg(long, conflicts_with = "format")]
    pub json: bool,
    /// Apply the fixes the findings carry (a misspelled key, a missing
    /// colon, a byte order mark, a User-agent that joins the group above,
    /// a pattern that needs percent-encoding): print them as a diff, write
    /// the files, and lint the result
    #[arg(long)]
    pub fix: bool,
    /// With --fix: print the fixes, write nothing
    #[arg(long, requires = "fix")]
    pub dry_run: bool,
    #[command(flatten)]
    pub read: ReadArgs,
    #[command(flatten)]
    pub http: HttpArgs,
    /// The robots.txt files to lint: files, '-' for stdin, or URLs
    #[arg(value_name = "FILE|URL")]
    pub files: Vec<String>,
}

#[derive(ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum LintFormat {
    /// FILE:LINE:COLUMN: SEVERITY[CODE]: MESSAGE, and a summary line
    Text,
    /// JSON Lines, one object per finding
    Json,
    /// GitHub Actions workflow commands (::error file=...::message)
    Github,
    /// SARIF 2.1.0, for code-scanning dashboards
    Sarif,
}

#[derive(Args, Debug)]
pub struct ExplainArgs {
    /// The robots.txt to explain: a file, '-' for stdin, or a URL
    #[arg(long, value_name = "FILE|URL")]
    pub robots: Option<String>,
    #[command(flatten)]
    pub crawler: CrawlerArgs,
    #[command(flatten)]
    pub read: ReadArgs,
    #[command(flatten)]
    pub fetch_status: FetchStatusArgs,
    #[command(flatten)]
    pub http: HttpArgs,
    /// JSON Lines, one object per URL: the verdict record, every step's
    /// facts, the near misses and each step's sources
    #[arg(long)]
    pub json: bool,
    /// The URLs to explain
    #[arg(value_name = "URL")]
    pub urls: Vec<String>,
}

#[derive(Args, Debug)]
pub struct DiffArgs {
    /// URLs to compare ('-' for stdin), read like check's --urls: a list, a
    /// CSV table or a sitemap
    #[arg(long, value_name = "FILE")]
    pub urls: Option<String>,
    /// JSON Lines, one object per changed URL: change (newly-allowed,
    /// newly-disallowed), url, agent, severity, class, old and new (each the
    /// record check --format json writes)
    #[arg(long)]
    pub json: bool,
    /// With --json, also print the file's own changes, after the URLs: *
    /// on the site root (the shape of a URL change), and per rule or other
    /// line change (rule-removed, rule-added, directive-removed,
    /// directive-added), severity, class, text, file, line, agents, or for
    /// the text change (comments-only, rules-unchanged), severity, class.
    /// (Text output always shows them.)
    #[arg(long, requires = "json")]
    pub file_changes: bool,
    /// Exit 1 if any verdict changes
    #[arg(long)]
    pub fail_on_change: bool,
    /// Exit 1 if any change is at least this severe: critical (a search
    /// crawler newly disallowed, or * from the site root), warning (another
    /// crawler newly disallowed, an Allow removed, a Disallow added) or
    /// info (anything else that changed, comments included)
    #[arg(long, value_name = "SEVERITY", value_parser = parse_severity)]
    pub fail_on: Option<Severity>,
    #[command(flatten)]
    pub crawler: CrawlerArgs,
    #[command(flatten)]
    pub read: ReadArgs,
    /// Compare with NEW as if fetching it had ended this way, without
    /// fetching it: an HTTP status (200, 404, 503, ...), redirect-N, timeout
    /// or network-error
    #[arg(long, value_name = "CODE|timeout", value_parser = parse_fetch_status)]
    pub fetch_status: Option<FetchOutcome>,
    #[command(flatten)]
    pub http: HttpArgs,
    /// OLD and NEW robots.txt (files, '-' or URLs), then URLs to compare
    #[arg(value_name = "OLD NEW [URL]")]
    pub positionals: Vec<String>,
}

#[derive(Args, Debug)]
pub struct TestArgs {
    /// The robots.txt to check: a file, '-' for stdin, or a URL (fetched
    /// like a crawler does: a 503 disallows everything)
    #[arg(long, value_name = "FILE|URL")]
    pub robots: Option<String>,
    /// Output format: text (a line per check and a summary), json (JSON
    /// Lines, one object per check: line, crawler, url, expected, allowed,
    /// passed, deciding_line, deciding_text, usage, record), junit (JUnit
    /// XML, a testcase per check) or github (an error annotation on each
    /// failing line of the expectations file)
    #[arg(long, value_enum, value_name = "FORMAT")]
    pub format: Option<TestFormat>,
    /// Same as --format json
    #[arg(long, conflicts_with = "format")]
    pub json: bool,
    #[command(flatten)]
    pub matching: MatchArgs,
    #[command(flatten)]
    pub read: ReadArgs,
    #[command(flatten)]
    pub fetch_status: FetchStatusArgs,
    #[command(flatten)]
    pub http: HttpArgs,
    /// The expectations file ('-' for stdin)
    #[arg(value_name = "EXPECTATIONS")]
    pub expectations: Option<String>,
}

#[derive(ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum TestFormat {
    /// A line per check (ok or FAIL) and a summary line
    Text,
    /// JSON Lines, one object per check
    Json,
    /// JUnit XML, one testcase per check
    Junit,
    /// GitHub Actions workflow commands: an error per failing check
    Github,
}

#[derive(Args, Debug)]
pub struct FetchArgs {
    #[command(flatten)]
    pub read: ReadArgs,
    #[command(flatten)]
    pub http: HttpArgs,
    /// The robots.txt URL, or a page's URL (its site's /robots.txt is fetched)
    #[arg(value_name = "URL")]
    pub url: String,
}

#[derive(Args, Debug)]
pub struct LogsArgs {
    /// A robots.txt version: a file, '-' or a URL, and when it went live
    /// (FILE@2024-05-02T10:00:00Z, RFC 3339; a date alone is its midnight
    /// UTC). Repeatable; the version without a time (at most one) was live
    /// from the start, and the earliest applies before its time
    #[arg(long = "robots", value_name = "FILE[@TIME]")]
    pub robots: Vec<String>,
    /// Verify claims of crawler TOKEN (and of crawlers falling back to it)
    /// against IP ranges in googlebot.json's shape, from a file or URL;
    /// TOKEN alone fetches the ranges its operator publishes (Googlebot,
    /// bingbot, GPTBot, ...). Repeatable
    #[arg(long = "ip-ranges", value_name = "TOKEN[=FILE|URL]")]
    pub ip_ranges: Vec<String>,
    /// Output: text (the report), json (JSON Lines, one object per crawler
    /// request) or csv
    #[arg(long, value_enum, value_name = "FORMAT", default_value = "text")]
    pub format: LogsFormat,
    /// Read the logs in this format instead of telling it from their first
    /// lines: combined, common, json, w3c or csv
    #[arg(long, value_name = "FORMAT", value_parser = parse_log_format)]
    pub log_format: Option<robots_matcher::read::log::LogFormat>,
    /// Only these crawlers (robots.txt tokens, or an unknown client's
    /// name; repeatable): their records, report rows and timeline
    #[arg(long = "crawler", value_name = "TOKEN")]
    pub crawlers: Vec<String>,
    /// Print the requests per hour by verdict (per --crawler when given)
    #[arg(long)]
    pub timeline: bool,
    /// Exit 1 if a crawler fetched a URL disallowed at the time (not within
    /// the cache window, not an unverified claim)
    #[arg(long)]
    pub fail_on_violation: bool,
    #[command(flatten)]
    pub matching: MatchArgs,
    #[command(flatten)]
    pub read: ReadArgs,
    #[command(flatten)]
    pub http: HttpArgs,
    /// The access logs: files (.gz read as they come) or '-' for stdin
    #[arg(value_name = "LOG")]
    pub logs: Vec<String>,
}

#[derive(ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum LogsFormat {
    /// The report
    Text,
    /// JSON Lines, one object per crawler request
    Json,
    /// CSV with a header row, one row per crawler request
    Csv,
}

#[derive(Args, Debug)]
pub struct CompletionsArgs {
    /// The shell to complete for
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,
}

fn parse_seconds(value: &str) -> Result<Duration, String> {
    value
        .trim()
        .parse::<f64>()
        .ok()
        .filter(|s| s.is_finite() && *s > 0.0 && *s <= 3600.0)
        .map(Duration::from_secs_f64)
        .ok_or_else(|| {
            format!("'{value}' is not a number of seconds: give more than 0 and at most 3600")
        })
}

/// Reads a `--mode` value; the error is only the hint, as clap already
/// names the value and the flag.
pub fn mode_value(value: &str) -> Result<Mode, &'static str> {
    Mode::parse(value).ok_or("use google or rfc9309")
}

fn parse_log_format(value: &str) -> Result<robots_matcher::read::log::LogFormat, String> {
    value
        .parse()
        .map_err(|e: robots_matcher::read::log::LogFormatError| e.to_string())
}

fn parse_severity(value: &str) -> Result<Severity, String> {
    Severity::parse(value).ok_or_else(|| "use critical, warning or info".to_string())
}

fn parse_fetch_status(value: &str) -> Result<FetchOutcome, String> {
    value
        .parse()
        .map_err(|e: robots_matcher::FetchOutcomeError| e.to_string())
}

/// What the command line asks for: a command to run, or text (help,
/// version) to print and succeed with.
pub enum Parsed {
    Run(Command),
    Print(String),
}

/// Reads the command line; mistakes become one-line usage errors.
pub fn parse(argv: impl IntoIterator<Item = OsString>) -> Result<Parsed, CliError> {
    let argv: Vec<OsString> = std::iter::once(OsString::from("robotstxt"))
        .chain(argv)
        .collect();
    match Cli::try_parse_from(&argv) {
        Ok(cli) => Ok(Parsed::Run(cli.command)),
        Err(error) => match error.kind() {
            ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
                Ok(Parsed::Print(error.render().to_string()))
            }
            // `robotstxt` alone: a missing command is a mistake.
            ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand | ErrorKind::MissingSubcommand => {
                Err(CliError::usage(
                    None,
                    format!(
                        "missing command: robotstxt <command>, where the command is one of {}",
                        command_names().join(", ")
                    ),
                ))
            }
            // clap does not say which argument: name it.
            ErrorKind::InvalidUtf8 => {
                let (at, arg) = argv
                    .iter()
                    .enumerate()
                    .find(|(_, arg)| arg.to_str().is_none())
                    .map_or((0, Default::default()), |(at, arg)| {
                        (at, arg.to_string_lossy())
                    });
                Err(CliError::usage(
                    command_of(&argv),
                    format!(
                        "argument {at} ({}) is not valid UTF-8; file names, URLs and crawler names must be (percent-encode other bytes in a URL)",
                        crate::text::printable(&arg)
                    ),
                ))
            }
            _ => Err(CliError::usage(command_of(&argv), one_line(&error))),
        },
    }
}

/// The subcommand names, for messages.
fn command_names() -> Vec<String> {
    Cli::command()
        .get_subcommands()
        .map(|c| c.get_name().to_string())
        .chain(std::iter::once("help".to_string()))
        .collect()
}

/// The subcommands, as the static names usage errors point at.
const COMMANDS: [&str; 9] = [
    "check",
    "batch",
    "lint",
    "explain",
    "diff",
    "test",
    "fetch",
    "logs",
    "completions",
];

/// The subcommand the arguments name, for the pointer to its help.
fn command_of(argv: &[OsString]) -> Option<&'static str> {
    let name = argv.get(1)?.to_str()?;
    COMMANDS.into_iter().find(|known| *known == name)
}

/// clap's error as one line: its first line without the `error: ` prefix,
/// and the suggestion it offers, if any.
fn one_line(error: &clap::Error) -> String {
    let rendered = error.render().to_string();
    let first = rendered.lines().next().unwrap_or_default();
    let message = first.strip_prefix("error: ").unwrap_or(first).to_string();
    let suggested = [ContextKind::SuggestedArg, ContextKind::SuggestedSubcommand]
        .into_iter()
        .find_map(|kind| match error.get(kind) {
            Some(ContextValue::String(s)) => Some(s.clone()),
            Some(ContextValue::Strings(list)) => list.first().cloned(),
            _ => None,
        });
    match suggested {
        Some(s) => format!("{message} (did you mean {s}?)"),
        None => message,
    }
}

/// The completion script for `shell`.
pub fn completions(shell: clap_complete::Shell) -> Vec<u8> {
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut Cli::command(), "robotstxt", &mut script);
    script
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error(args: &[&str]) -> String {
        match parse(args.iter().map(OsString::from)) {
            Err(e) => e.to_string(),
            Ok(_) => panic!("{args:?} was accepted"),
        }
    }

    #[test]
    fn the_definitions_are_consistent() {
        Cli::command().debug_assert();
        let names: Vec<String> = Cli::command()
            .get_subcommands()
            .map(|c| c.get_name().to_string())
            .collect();
        assert_eq!(names, COMMANDS);
    }

    #[test]
    fn the_help_states_the_limits_the_code_applies() {
        let help = |args: &[&str]| match parse(args.iter().map(OsString::from)) {
            Ok(Parsed::Print(text)) => text.split_whitespace().collect::<Vec<_>>().join(" "),
            _ => panic!("{args:?} printed no help"),
        };
        let ceiling = crate::input::size_in_mib(crate::input::MAX_ROBOTS_BYTES);
        assert!(help(&["--help"]).contains(&format!("which reads up to {ceiling}")));
        assert!(help(&["check", "--help"]).contains(&format!("up to {ceiling}, the most")));
    }

    #[test]
    fn mistakes_are_one_line_with_a_suggestion() {
        let message = error(&["check", "--robot", "x"]);
        assert!(!message.contains('\n'), "{message}");
        assert!(message.contains("did you mean --robots?"), "{message}");
        assert!(error(&["chek"]).contains("did you mean check?"));
        assert!(error(&[]).starts_with("missing command"));
        assert!(error(&["check", "--timeout", "0"]).contains("more than 0 and at most 3600"));
        assert!(error(&["check", "--fetch-status", "down"]).contains("not a fetch outcome"));
    }

    #[test]
    fn an_argument_that_is_not_utf8_is_named() {
        use std::os::unix::ffi::OsStringExt;
        let args = [
            OsString::from("check"),
            OsString::from("--robots"),
            OsString::from("robots.txt"),
            OsString::from_vec(b"/private\xff\xfe".to_vec()),
        ];
        let message = match parse(args) {
            Err(e) => e.to_string(),
            Ok(_) => panic!("accepted"),
        };
        assert!(
            message.contains("argument 4 (/private\u{fffd}\u{fffd}) is not valid UTF-8"),
            "{message}"
        );
    }
}
