//! `robotstxt diff`: which URLs change verdict between two versions of a
//! robots.txt file, and which rule decides in each.

use robots_matcher::tools::compare::{ChangeKind, VerdictDiff};
use robots_matcher::tools::record::VerdictRecord;
use robots_matcher::{Crawler, Verdict};
use serde::Serialize;

use crate::cli::DiffArgs;
use crate::crawler::token_warnings;
use crate::error::{warn, CliError};
use crate::input::{stdin_at_most_once, urls_to_check, Source};
use crate::output::{Output, Status};
use crate::robots_file::RobotsFile;
use crate::text::{columns, count, printable};
use crate::verdict_text::line_and_rule;

const COMMAND: &str = "diff";

/// A URL whose verdict changes.
struct Change<'u> {
    url: &'u str,
    kind: ChangeKind,
    old: Verdict,
    new: Verdict,
}

/// The JSON Lines object of a change: what changes, then the library's
/// full record of the URL in each file.
#[derive(Serialize)]
struct ChangeRecord<'a> {
    change: &'static str,
    url: &'a str,
    agent: &'a str,
    old: VerdictRecord<'a>,
    new: VerdictRecord<'a>,
}

pub fn run(args: DiffArgs) -> Result<Status, CliError> {
    let usage = |message: String| CliError::usage(Some(COMMAND), message);
    let mut positionals = args.positionals;
    if positionals.len() < 2 {
        return Err(usage(
            "missing files: give the OLD and the NEW robots.txt file".to_string(),
        ));
    }
    // The first two arguments are the files, so a forgotten file shows up
    // as a URL taken for a file: name both in the message.
    let files_named = format!(
        "OLD is '{}' and NEW is '{}'",
        positionals[0], positionals[1]
    );
    let urls = positionals.split_off(2);
    let old_source = Source::robots_from_arg(&positionals[0])?;
    let new_source = Source::robots_from_arg(&positionals[1])?;
    let crawler = args.crawler.crawler(COMMAND)?;
    let urls_source = args.urls.as_deref().map(Source::from_arg);
    let json = args.json;
    let mut inputs = vec![&old_source, &new_source];
    inputs.extend(urls_source.as_ref());
    stdin_at_most_once(&inputs, COMMAND)?;
    if urls_source.is_none() && urls.is_empty() {
        return Err(usage(format!(
            "no URLs to compare: give them with --urls FILE or as arguments after OLD and NEW (here {files_named})"
        )));
    }

    let options = args.read.parse_options();
    let old = RobotsFile::load(&old_source, &options, &args.http, None)?;
    // --fetch-status: NEW as if fetching it had ended that way.
    let new = RobotsFile::load(&new_source, &options, &args.http, args.fetch_status)?;
    let listed = urls_source
        .as_ref()
        .map(Source::read_url_list)
        .transpose()?;
    let urls = urls_to_check(&listed, &urls);
    old.warn_if_unusable();
    new.warn_if_unusable();
    for warning in token_warnings(&crawler) {
        warn(&warning);
    }

    let check = args.crawler.check_options();
    // What counts as a change is the library's, as in the app's compare mode.
    let changes: Vec<Change> = VerdictDiff::new(
        old.fetched(),
        new.fetched(),
        std::slice::from_ref(&crawler),
        &check,
    )
    .changes(urls.iter().copied())
    .into_iter()
    .map(|change| Change {
        url: urls[change.url],
        kind: change.kind,
        old: change.before,
        new: change.after,
    })
    .collect();

    let agent = crawler.spec();
    let mut out = Output::new();
    if json {
        let old_matcher = old.fetched().matcher_with(&crawler, &check);
        let new_matcher = new.fetched().matcher_with(&crawler, &check);
        for change in &changes {
            out.json(&ChangeRecord {
                change: change.kind.as_str(),
                url: change.url,
                agent: &agent,
                old: VerdictRecord::new(&old_matcher, &change.old, change.url, &agent),
                new: VerdictRecord::new(&new_matcher, &change.new, change.url, &agent),
            })?;
        }
    } else {
        write_human(&mut out, &old, &new, &crawler, &changes, urls.len())?;
    }
    out.flush()?;
    Ok(if args.fail_on_change && !changes.is_empty() {
        Status::Findings
    } else {
        Status::Success
    })
}

/// Each change as a heading line and one line per file, then a summary:
///
/// ```text
/// newly disallowed  https://example.com/blog/
///   old.txt  L3  Allow: /blog
///   new.txt  L5  Disallow: /blog/
/// ```
fn write_human(
    out: &mut Output,
    old: &RobotsFile,
    new: &RobotsFile,
    crawler: &Crawler,
    changes: &[Change],
    checked: usize,
) -> Result<(), CliError> {
    let side = |file: &RobotsFile, verdict: &Verdict| {
        let (line, rule) = line_and_rule(&file.robots, verdict);
        vec![
            format!("  {}", printable(file.source.name())),
            line,
            printable(&rule).into_owned(),
        ]
    };
    for change in changes {
        let heading = match change.kind {
            ChangeKind::NewlyAllowed => "newly allowed",
            ChangeKind::NewlyDisallowed => "newly disallowed",
        };
        out.line(&format!("{heading}  {}", printable(change.url)))?;
        for line in columns(&[side(old, &change.old), side(new, &change.new)]) {
            out.line(&line)?;
        }
    }
    let agent = printable(&crawler.spec()).into_owned();
    if changes.is_empty() {
        out.line(&format!(
            "No verdict changes for {agent} ({} compared)",
            count(checked, "URL", "URLs")
        ))
    } else {
        let newly_allowed = changes
            .iter()
            .filter(|c| c.kind == ChangeKind::NewlyAllowed)
            .count();
        out.line(&format!(
            "{} of {} {} verdict for {agent}: {newly_allowed} newly allowed, {} newly disallowed",
            changes.len(),
            count(checked, "URL", "URLs"),
            if changes.len() == 1 {
                "changes"
            } else {
                "change"
            },
            changes.len() - newly_allowed
        ))
    }
}
