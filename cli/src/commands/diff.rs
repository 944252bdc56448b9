//! `robotstxt diff`: which URLs change verdict between two versions of a
//! robots.txt file, and which rule decides in each; what else changed in
//! the file; and how much each change matters (the library's
//! `tools::severity`).

use robots_matcher::tools::compare::{ChangeKind, VerdictDiff};
use robots_matcher::tools::record::VerdictRecord;
use robots_matcher::tools::severity::{
    ChangeClass, Edit, FileChange, FileChanges, RootChange, SeverityCounts, TextChange,
    VerdictClasses,
};
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

/// Crawler names listed with a rule change before the rest are counted.
const LISTED_AGENTS: usize = 5;

/// A URL whose verdict changes for a crawler.
struct Change<'u> {
    url: &'u str,
    agent: String,
    /// `*` on the site root, compared whatever the URLs.
    root: bool,
    kind: ChangeKind,
    old: Verdict,
    new: Verdict,
    class: &'static ChangeClass,
}

/// The JSON Lines object of a verdict change: what changes, how much it
/// matters, then the library's full record of the URL in each file.
#[derive(Serialize)]
struct ChangeRecord<'a> {
    change: &'static str,
    url: &'a str,
    agent: &'a str,
    severity: &'static str,
    class: &'static str,
    old: VerdictRecord<'a>,
    new: VerdictRecord<'a>,
}

/// The JSON Lines object of a rule or directive added or removed, or of
/// a change to the text alone.
#[derive(Serialize)]
struct FileChangeRecord<'a> {
    change: String,
    severity: &'static str,
    class: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    text: Option<String>,
    /// `old` or `new`: the file the line is in.
    #[serde(skip_serializing_if = "Option::is_none")]
    file: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    line: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    agents: Option<&'a [String]>,
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
    let crawlers = std::slice::from_ref(&crawler);
    // What counts as a change, and its class, are the library's, as in the
    // app's compare mode.
    let classes = VerdictClasses::new(crawlers);
    let agent = crawler.spec();
    let mut changes: Vec<Change> = VerdictDiff::new(old.fetched(), new.fetched(), crawlers, &check)
        .changes(urls.iter().copied())
        .into_iter()
        .map(|change| Change {
            url: urls[change.url],
            agent: agent.clone(),
            root: false,
            kind: change.kind,
            old: change.before,
            new: change.after,
            class: classes.class(change.crawler, urls[change.url], change.kind, &change.after),
        })
        .collect();
    let verdict_changes = changes.len();
    let file_changes = FileChanges::new(old.fetched(), new.fetched(), &check);
    if file_changes.incomplete {
        warn("the files hold too many groups and rules to compare every rule: some rule changes are not listed");
    }
    // `*` on the site root is checked whatever URLs were given, unless
    // they already show it.
    let root_shown = changes.iter().any(|c| classes.shows_site_root(0, c.url));
    let mut severities = SeverityCounts::default();
    for change in &changes {
        severities.add(change.class.severity);
    }
    let severities = severities.with_file_changes(&file_changes, root_shown);
    if let Some(root) = file_changes.site_root.as_ref().filter(|_| !root_shown) {
        changes.push(root_change(root));
    }
    let others: Vec<(&'static ChangeClass, FileChange)> = file_changes
        .classified()
        .into_iter()
        .filter(|(_, change)| !matches!(change, FileChange::SiteRoot(_)))
        .collect();

    let mut out = Output::new();
    if json {
        let star = Crawler::new("*");
        let (old_read, new_read) = (old.fetched(), new.fetched());
        let old_matchers = (
            old_read.matcher_with(&crawler, &check),
            old_read.matcher_with(&star, &check),
        );
        let new_matchers = (
            new_read.matcher_with(&crawler, &check),
            new_read.matcher_with(&star, &check),
        );
        // The URL changes are the contract; the file's own are asked for.
        let shown = if args.file_changes {
            &changes[..]
        } else {
            &changes[..verdict_changes]
        };
        for change in shown {
            let pick = |(listed, root)| if change.root { root } else { listed };
            out.json(&ChangeRecord {
                change: change.kind.as_str(),
                url: change.url,
                agent: &change.agent,
                severity: change.class.severity.as_str(),
                class: change.class.code,
                old: VerdictRecord::new(
                    pick((&old_matchers.0, &old_matchers.1)),
                    &change.old,
                    change.url,
                    &change.agent,
                ),
                new: VerdictRecord::new(
                    pick((&new_matchers.0, &new_matchers.1)),
                    &change.new,
                    change.url,
                    &change.agent,
                ),
            })?;
        }
        if args.file_changes {
            for (class, change) in &others {
                out.json(&file_change_record(class, change))?;
            }
        }
    } else {
        write_human(&mut out, &old, &new, &changes, &others)?;
        write_summary(
            &mut out,
            &crawler,
            &changes[..verdict_changes],
            urls.len(),
            &severities,
        )?;
    }
    out.flush()?;
    let fails_on_severity = args
        .fail_on
        .is_some_and(|severity| severities.at_least(severity) > 0);
    Ok(
        if (args.fail_on_change && verdict_changes > 0) || fails_on_severity {
            Status::Findings
        } else {
            Status::Success
        },
    )
}

/// `*`'s change on the site root, as a URL change.
fn root_change(root: &RootChange) -> Change<'static> {
    Change {
        url: "/",
        agent: "*".to_string(),
        root: true,
        kind: root.kind,
        old: root.before,
        new: root.after,
        class: FileChange::SiteRoot(root).class(),
    }
}

/// The JSON object of a file change other than the site root.
fn file_change_record<'a>(
    class: &'static ChangeClass,
    change: &FileChange<'a>,
) -> FileChangeRecord<'a> {
    let side = |edit: Edit| match edit {
        Edit::Removed => "old",
        Edit::Added => "new",
    };
    let mut record = FileChangeRecord {
        change: String::new(),
        severity: class.severity.as_str(),
        class: class.code,
        text: None,
        file: None,
        line: None,
        agents: None,
    };
    match change {
        FileChange::Rule(rule) => {
            record.change = format!("rule-{}", rule.edit.as_str());
            record.text = Some(rule.text.clone());
            record.file = Some(side(rule.edit));
            record.line = Some(rule.line);
            record.agents = Some(&rule.agents);
        }
        FileChange::Directive(directive) => {
            record.change = format!("directive-{}", directive.edit.as_str());
            record.text = Some(format!("{}: {}", directive.key, directive.value));
            record.file = Some(side(directive.edit));
            record.line = Some(directive.line);
            record.agents = Some(&directive.agents);
        }
        FileChange::Text(_) | FileChange::SiteRoot(_) => record.change = class.code.to_string(),
    }
    record
}

/// Each URL change as a heading line and one line per file, then the
/// file's own changes a line each:
///
/// ```text
/// critical  newly disallowed  https://example.com/blog/  (search-crawler-disallowed)
///   old.txt  L3  Allow: /blog
///   new.txt  L5  Disallow: /blog/
/// warning   Allow removed  Allow: /blog  old.txt L3, for Googlebot  (allow-removed)
/// ```
fn write_human(
    out: &mut Output,
    old: &RobotsFile,
    new: &RobotsFile,
    changes: &[Change],
    others: &[(&'static ChangeClass, FileChange)],
) -> Result<(), CliError> {
    let side = |file: &RobotsFile, verdict: &Verdict| {
        let (line, rule) = line_and_rule(&file.robots, verdict);
        vec![
            format!("  {}", printable(file.source.name())),
            line,
            printable(&rule).into_owned(),
        ]
    };
    let severity = |class: &ChangeClass| format!("{:<8}", class.severity.as_str());
    for change in changes {
        let heading = match change.kind {
            ChangeKind::NewlyAllowed => "newly allowed",
            ChangeKind::NewlyDisallowed => "newly disallowed",
        };
        let whom = if change.root {
            " for *, the site root"
        } else {
            ""
        };
        out.line(&format!(
            "{}  {heading}  {}{whom}  ({})",
            severity(change.class),
            printable(change.url),
            change.class.code
        ))?;
        for line in columns(&[side(old, &change.old), side(new, &change.new)]) {
            out.line(&line)?;
        }
    }
    for (class, change) in others {
        let what = match change {
            FileChange::Rule(rule) => {
                let file = match rule.edit {
                    Edit::Removed => old,
                    Edit::Added => new,
                };
                format!(
                    "{} {}  {}  {} L{}, for {}",
                    rule.kind.as_str(),
                    rule.edit.as_str(),
                    printable(&rule.text),
                    printable(file.source.name()),
                    rule.line,
                    agents_text(&rule.agents)
                )
            }
            FileChange::Directive(directive) => {
                let file = match directive.edit {
                    Edit::Removed => old,
                    Edit::Added => new,
                };
                let group = if directive.agents.is_empty() {
                    String::new()
                } else {
                    format!(", in the group of {}", agents_text(&directive.agents))
                };
                format!(
                    "line {}  {}: {}  {} L{}{group}",
                    directive.edit.as_str(),
                    printable(&directive.key),
                    printable(&directive.value),
                    printable(file.source.name()),
                    directive.line
                )
            }
            FileChange::Text(TextChange::CommentsOnly) => {
                "only comments, blank lines and whitespace changed".to_string()
            }
            FileChange::Text(_) | FileChange::SiteRoot(_) => {
                "lines changed, but no rule or directive".to_string()
            }
        };
        out.line(&format!("{}  {what}  ({})", severity(class), class.code))?;
    }
    Ok(())
}

/// `GPTBot, CCBot and 3 more`.
fn agents_text(agents: &[String]) -> String {
    let shown: Vec<String> = agents
        .iter()
        .take(LISTED_AGENTS)
        .map(|a| printable(a).into_owned())
        .collect();
    match agents.len().checked_sub(LISTED_AGENTS) {
        Some(more) if more > 0 => format!("{} and {more} more", shown.join(", ")),
        _ => shown.join(", "),
    }
}

/// The verdict summary, then the changes by severity.
fn write_summary(
    out: &mut Output,
    crawler: &Crawler,
    changes: &[Change],
    checked: usize,
    severities: &SeverityCounts,
) -> Result<(), CliError> {
    let agent = printable(&crawler.spec()).into_owned();
    if changes.is_empty() {
        out.line(&format!(
            "No verdict changes for {agent} ({} compared)",
            count(checked, "URL", "URLs")
        ))?;
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
        ))?;
    }
    let total = severities.critical + severities.warning + severities.info;
    if total == 0 {
        return out.line("No changes");
    }
    out.line(&format!(
        "{}: {} critical, {}, {}",
        count(total, "change", "changes"),
        severities.critical,
        count(severities.warning, "warning", "warnings"),
        count(severities.info, "info", "infos")
    ))
}
