//! `robotstxt check`: the verdict for each URL, as an aligned table or JSON
//! Lines.

use robots_matcher::VerdictRecord;

use crate::args::{Arg, Args};
use crate::crawler::token_warnings;
use crate::error::{warn, CliError};
use crate::help;
use crate::input::{stdin_at_most_once, urls_to_check, Source};
use crate::output::{print_help, Output, Status};
use crate::robots_file::RobotsFile;
use crate::settings::{SharedFlags, URL_LIST_FLAGS};
use crate::text::{columns, count, printable};
use crate::verdict_text::line_and_rule;

const COMMAND: &str = "check";
const SHARED: &[&str] = URL_LIST_FLAGS;
const OWN: &[&str] = &["--robots", "--fail-on-disallowed", "--help"];

pub fn run(mut args: Args) -> Result<Status, CliError> {
    let mut shared = SharedFlags::default();
    let mut robots_source = None;
    let mut fail_on_disallowed = false;
    let mut urls = Vec::new();
    while let Some(arg) = args.next_arg()? {
        match arg {
            Arg::Positional(url) => urls.push(url),
            Arg::Flag { name, inline } => match name.as_str() {
                "-h" | "--help" => return print_help(help::CHECK),
                "--robots" => {
                    let value = args.value(&name, inline)?;
                    args.set_once(&mut robots_source, &name, Source::from_arg(&value))?;
                }
                "--fail-on-disallowed" => {
                    args.no_value(&name, &inline)?;
                    fail_on_disallowed = true;
                }
                _ => {
                    if !shared.take(&mut args, &name, inline, SHARED)? {
                        return Err(args.unknown_flag(&name, &[OWN, SHARED].concat()));
                    }
                }
            },
        }
    }
    let (urls_source, json) = (shared.urls.take(), shared.json);
    let robots_source = robots_source.ok_or_else(|| {
        args.error("missing --robots FILE: the robots.txt file to check against ('-' for stdin)")
    })?;
    let crawler = shared.crawler(&args)?;
    if let Some(list) = &urls_source {
        stdin_at_most_once(&[&robots_source, list], COMMAND)?;
    }
    if urls_source.is_none() && urls.is_empty() {
        return Err(args.error("no URLs to check: give them as arguments or with --urls FILE"));
    }

    let file = RobotsFile::load(&robots_source, &shared.parse_options())?;
    let listed = urls_source
        .as_ref()
        .map(Source::read_url_list)
        .transpose()?;
    let urls = urls_to_check(&listed, &urls);
    file.warn_if_unusable();
    for warning in token_warnings(&crawler) {
        warn(&warning);
    }

    let robots = &file.robots;
    let options = shared.check_options();
    let agent = crawler.spec();
    let mut out = Output::new();
    let mut rows = Vec::with_capacity(urls.len());
    let mut disallowed = 0;
    // One crawler, many URLs: resolve its groups once.
    let matcher = robots.matcher_with(&crawler, &options);
    for &url in &urls {
        let verdict = matcher.check(url);
        let record = VerdictRecord::new(robots, &verdict, url, &agent, &options);
        if !verdict.allowed {
            disallowed += 1;
        }
        if json {
            out.json(&record)?;
        } else {
            let (line, rule) = line_and_rule(robots, &verdict);
            let shown_path = if record.path == url { "" } else { &record.path };
            rows.push(vec![
                verdict.as_str().to_string(),
                printable(url).into_owned(),
                printable(shown_path).into_owned(),
                line,
                printable(&rule).into_owned(),
            ]);
        }
    }
    if !json {
        // The path column exists only when some URL's path differs from it.
        if rows.iter().all(|row| row[2].is_empty()) {
            for row in &mut rows {
                row.remove(2);
            }
        }
        for line in columns(&rows) {
            out.line(&line)?;
        }
        out.line(&format!(
            "{} checked for {}: {} allowed, {} disallowed",
            count(urls.len(), "URL", "URLs"),
            printable(&agent),
            urls.len() - disallowed,
            disallowed
        ))?;
    }
    out.flush()?;
    Ok(if fail_on_disallowed && disallowed > 0 {
        Status::Findings
    } else {
        Status::Success
    })
}
