//! `robotstxt explain`: the reasoning behind a verdict, step by step, in
//! words meant to teach how crawlers read robots.txt.

use robots_matcher::{
    AgentMatching, CheckOptions, Crawler, Explanation, Mode, Robots, RuleKind, RuleMatch, Selection,
};

use crate::args::{Arg, Args};
use crate::crawler::token_warnings;
use crate::error::{warn, CliError};
use crate::help;
use crate::input::Source;
use crate::output::{print_help, Output, Status};
use crate::robots_file::RobotsFile;
use crate::settings::{SharedFlags, AGENT, LEGACY_AGENT_MATCHING, MODE, NO_SIZE_LIMIT, RAW_URL};
use crate::text::{columns, count, printable};

const SHARED: &[&str] = &[AGENT, MODE, NO_SIZE_LIMIT, RAW_URL, LEGACY_AGENT_MATCHING];
const OWN: &[&str] = &["--robots", "--help"];

pub fn run(mut args: Args) -> Result<Status, CliError> {
    let mut shared = SharedFlags::default();
    let mut robots_source = None;
    let mut urls = Vec::new();
    while let Some(arg) = args.next_arg()? {
        match arg {
            Arg::Positional(url) => urls.push(url),
            Arg::Flag { name, inline } => match name.as_str() {
                "-h" | "--help" => return print_help(help::EXPLAIN),
                "--robots" => {
                    let value = args.value(&name, inline)?;
                    args.set_once(&mut robots_source, &name, Source::from_arg(&value))?;
                }
                _ => {
                    if !shared.take(&mut args, &name, inline, SHARED)? {
                        return Err(args.unknown_flag(&name, &[OWN, SHARED].concat()));
                    }
                }
            },
        }
    }
    let robots_source = robots_source.ok_or_else(|| {
        args.error("missing --robots FILE: the robots.txt file to explain ('-' for stdin)")
    })?;
    let crawler = shared.crawler(&args)?;
    if urls.is_empty() {
        return Err(args.error("missing URL: give the URL to explain"));
    }
    let file = RobotsFile::load(&robots_source, &shared.parse_options())?;
    file.warn_if_unusable();
    for warning in token_warnings(&crawler) {
        warn(&warning);
    }
    let options = shared.check_options();
    let mut out = Output::new();
    for (index, url) in urls.iter().enumerate() {
        if index > 0 {
            out.line("")?;
        }
        let explanation = file.robots.explain(&crawler, url, &options);
        for line in explain(&file.robots, &crawler, url, &options, &explanation) {
            out.line(&line)?;
        }
    }
    out.flush()?;
    Ok(Status::Success)
}

/// The explanation of one verdict, as lines of text.
fn explain(
    robots: &Robots,
    crawler: &Crawler,
    url: &str,
    options: &CheckOptions,
    explanation: &Explanation,
) -> Vec<String> {
    let mut text = vec![
        format!("URL:      {}", printable(url)),
        format!("Crawler:  {}", printable(&crawler.spec())),
        format!(
            "Reading:  {}",
            match explanation.mode {
                Mode::Google => "Google's robots.txt parser",
                Mode::Rfc9309 => "RFC 9309 (strict)",
            }
        ),
        String::new(),
    ];
    path_step(&mut text, options, explanation);
    text.push(String::new());
    let verdict = &explanation.verdict;
    if verdict.selection == Selection::RobotsTxt {
        text.push("2. /robots.txt".to_string());
        para(
            &mut text,
            "The path is /robots.txt itself, which crawlers may always fetch, whatever its rules say.",
        );
    } else {
        groups_step(&mut text, robots, crawler, options, explanation);
        if !explanation.groups.is_empty() {
            text.push(String::new());
            rules_step(&mut text, robots, explanation);
            text.push(String::new());
            decision_step(&mut text, robots, explanation);
        }
    }
    text.push(String::new());
    let decided_by = match verdict.rule.and_then(|i| robots.rules().get(i)) {
        Some(rule) => format!(
            "decided by line {}: {}",
            verdict.line,
            printable(&rule.text)
        ),
        None if verdict.selection == Selection::RobotsTxt => {
            "robots.txt is always allowed".to_string()
        }
        None if explanation.groups.is_empty() => "no rule applies to this crawler".to_string(),
        None => "no rule matches".to_string(),
    };
    text.push(format!(
        "Verdict: {} ({}), {decided_by}",
        verdict.as_str(),
        verdict.category.as_str()
    ));
    text
}

fn path_step(text: &mut Vec<String>, options: &CheckOptions, explanation: &Explanation) {
    text.push("1. Path".to_string());
    para(
        text,
        "Rules match the path and query of a URL; its scheme, host and #fragment play no part.",
    );
    let extracted = printable(&explanation.extracted_path);
    let checked = printable(&explanation.checked_path);
    text.push(format!("   Taken from the URL:  {extracted}"));
    let how = if options.raw_url {
        "exactly as typed (--raw-url), without the percent-encoding a crawler's request applies"
    } else if explanation.checked_path == explanation.extracted_path {
        "as is: nothing in it needs percent-encoding"
    } else {
        match explanation.mode {
            Mode::Google => "percent-encoded, as a crawler's request sends it",
            Mode::Rfc9309 => {
                "percent-encoded as a request sends it, then normalised as RFC 9309 compares: escapes of unreserved characters decoded, literal * and $ escaped"
            }
        }
    };
    text.push(format!("   Checked:             {checked}"));
    para(text, &format!("({how})"));
}

fn groups_step(
    text: &mut Vec<String>,
    robots: &Robots,
    crawler: &Crawler,
    options: &CheckOptions,
    explanation: &Explanation,
) {
    text.push("2. Groups".to_string());
    para(
        text,
        "The crawler's tokens are tried in order. The first token that some group names decides: every group naming it applies, merged into one, and no other group does.",
    );
    if options.agent_matching == AgentMatching::LegacyPrefix {
        para(
            text,
            "(--legacy-agent-matching: a group also names a token when its name is a prefix of it, as old parsers read it; Google and RFC 9309 do not.)",
        );
    }
    let tokens = crawler.tokens();
    let tried = match explanation.verdict.selection {
        Selection::Token(index) => index.min(tokens.len()),
        _ => tokens.len(),
    };
    for token in &tokens[..tried] {
        let line = format!("{}: no group names it", printable(token));
        text.extend(wrap(&line, 76, "   - ", "     "));
    }
    let has_global = robots.groups().iter().any(|g| g.is_global());
    match explanation.verdict.selection {
        Selection::Token(index) => {
            let token = tokens.get(index).map_or("", String::as_str);
            let groups = &explanation.groups;
            let places: Vec<String> = groups.iter().map(|&g| describe_group(robots, g)).collect();
            let named_by = if groups.len() == 1 {
                format!("the group at {} names it, so that group applies", places.join(""))
            } else {
                format!(
                    "{} groups name it, so they apply, merged: {}",
                    groups.len(),
                    places.join("; ")
                )
            };
            let line = format!("{}: {named_by}", printable(token));
            text.extend(wrap(&line, 76, "   - ", "     "));
            if has_global {
                para(text, "The * group is not used, because a group names the crawler.");
            }
        }
        Selection::Global => {
            let places: Vec<String> = explanation
                .groups
                .iter()
                .map(|&g| describe_group(robots, g))
                .collect();
            para(
                text,
                &format!("No group names the crawler, so it obeys the * group at {}.", places.join("; ")),
            );
        }
        _ if explanation.ignored_global => para(
            text,
            "No group names the crawler, and it ignores the * group (its spec ends in !*): no rule applies to it.",
        ),
        _ => para(
            text,
            "No group names the crawler and there is no * group: no rule applies to it.",
        ),
    }
}

/// `lines 4-7 (User-agent: Googlebot, Bingbot)`.
fn describe_group(robots: &Robots, index: usize) -> String {
    let Some(group) = robots.groups().get(index) else {
        return format!("group {index}");
    };
    let lines = if group.lines.start == group.lines.end {
        format!("line {}", group.lines.start)
    } else {
        format!("lines {}-{}", group.lines.start, group.lines.end)
    };
    let names: Vec<String> = group
        .agents
        .iter()
        .map(|agent| printable(&agent.value).into_owned())
        .collect();
    format!("{lines} (User-agent: {})", names.join(", "))
}

fn rules_step(text: &mut Vec<String>, robots: &Robots, explanation: &Explanation) {
    text.push("3. Matching rules".to_string());
    para(
        text,
        "A rule matches when its pattern matches the path from its start ('*' matches any characters, a final '$' the end of the path). Its length is the length of its pattern.",
    );
    let total: usize = explanation
        .groups
        .iter()
        .filter_map(|&g| robots.groups().get(g))
        .map(|g| g.rules.len())
        .sum();
    let path = printable(&explanation.checked_path);
    let matched = explanation.matches.len();
    let whose = if explanation.groups.len() == 1 {
        "the group"
    } else {
        "these groups"
    };
    if total == 0 {
        let none = if explanation.groups.len() == 1 {
            "The group has no Allow or Disallow rules."
        } else {
            "These groups have no Allow or Disallow rules."
        };
        para(text, none);
        return;
    }
    let rules = count(total, "rule", "rules");
    if matched == 0 {
        para(
            text,
            &format!("None of the {rules} in {whose} matches {path}."),
        );
        return;
    }
    let verb = if matched == 1 { "matches" } else { "match" };
    if total == 1 {
        para(text, &format!("The only rule in {whose} matches {path}:"));
    } else {
        para(
            text,
            &format!("Of the {rules} in {whose}, {matched} {verb} {path}:"),
        );
    }
    let rows: Vec<Vec<String>> = explanation
        .matches
        .iter()
        .filter_map(|m| robots.rules().get(m.rule).map(|rule| (m, rule)))
        .map(|(m, rule)| {
            let mut note = format!("length {}", m.priority);
            let as_matched = rule.pattern.as_str_lossy();
            if m.via_index_html {
                let directory = rule.index_html.as_ref().map(|p| p.as_str_lossy()).unwrap_or_default();
                note.push_str(&format!(
                    " (Google reads an Allow for a directory's index.html as allowing the directory too: matched as {})",
                    printable(&directory)
                ));
            } else if as_matched != rule.value {
                note.push_str(&format!(" (pattern read as {})", printable(&as_matched)));
            }
            vec![
                format!("     L{}", rule.line),
                printable(&rule.text).into_owned(),
                note,
            ]
        })
        .collect();
    text.extend(columns(&rows));
}

fn decision_step(text: &mut Vec<String>, robots: &Robots, explanation: &Explanation) {
    text.push("4. Decision".to_string());
    let verdict = &explanation.verdict;
    let deciding = verdict
        .rule
        .and_then(|i| robots.rules().get(i).map(|rule| (i, rule)));
    let Some((deciding_index, rule)) = deciding else {
        para(
            text,
            "No rule matches, so nothing forbids the path: it is allowed.",
        );
        return;
    };
    let priority = verdict.priority.unwrap_or(0);
    let named = |m: &RuleMatch| {
        let text = robots.rules().get(m.rule).map_or("", |r| r.text.as_str());
        format!("'{}' (length {})", printable(text), m.priority)
    };
    let this = format!("'{}' (length {priority})", printable(&rule.text));
    // The longest match of the other kind, the first one in the file when
    // several are equally long.
    let other_kind = match rule.kind {
        RuleKind::Allow => RuleKind::Disallow,
        RuleKind::Disallow => RuleKind::Allow,
    };
    let rival = explanation
        .matches
        .iter()
        .filter(|m| m.rule != deciding_index)
        .filter(|m| {
            robots
                .rules()
                .get(m.rule)
                .is_some_and(|r| r.kind == other_kind)
        })
        .fold(None::<&RuleMatch>, |best, m| match best {
            Some(b) if b.priority >= m.priority => Some(b),
            _ => Some(m),
        });
    let sentence = match (rule.kind, rival) {
        (RuleKind::Disallow, _) if !verdict.allowed => match rival {
            Some(allow) => format!(
                "The longest match wins: {this} is longer than the longest Allow, {}, so the path is disallowed.",
                named(allow)
            ),
            None => format!("{this} is the longest match and no Allow matches, so the path is disallowed."),
        },
        (RuleKind::Disallow, _) => format!(
            "The longest match is {this}, an empty Disallow, which blocks nothing: the path is allowed."
        ),
        (RuleKind::Allow, None) => {
            format!("Only Allow rules match; the longest, {this}, decides: the path is allowed.")
        }
        (RuleKind::Allow, Some(disallow)) if disallow.priority == priority => format!(
            "{this} and {} are equally long; on a tie Allow wins, as the less restrictive rule: the path is allowed.",
            named(disallow)
        ),
        (RuleKind::Allow, Some(disallow)) => format!(
            "The longest match wins: {this} is longer than the longest Disallow, {}, so the path is allowed.",
            named(disallow)
        ),
    };
    para(text, &sentence);
}

/// Adds a paragraph, wrapped and indented under its step's heading.
fn para(text: &mut Vec<String>, sentence: &str) {
    text.extend(wrap(sentence, 76, "   ", "   "));
}

/// Wraps `text` at spaces to lines of at most `width` characters (longer
/// words stay whole); the first line starts with `first`, the others with
/// `rest`.
fn wrap(text: &str, width: usize, first: &str, rest: &str) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::from(first);
    let mut empty = true;
    for word in text.split(' ') {
        if !empty && line.chars().count() + 1 + word.chars().count() > width {
            lines.push(std::mem::replace(&mut line, String::from(rest)));
            empty = true;
        }
        if !empty {
            line.push(' ');
        }
        line.push_str(word);
        empty = false;
    }
    lines.push(line);
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    fn explained(file: &str, spec: &str, url: &str) -> String {
        let robots = Robots::parse(file.as_bytes());
        let crawler = Crawler::parse_spec(spec).unwrap();
        let options = CheckOptions::default();
        let explanation = robots.explain(&crawler, url, &options);
        explain(&robots, &crawler, url, &options, &explanation).join("\n")
    }

    #[test]
    fn a_tie_goes_to_allow() {
        let text = explained(
            "User-agent: *\nDisallow: /page\nAllow: /page\n",
            "Googlebot",
            "/page",
        );
        assert!(text.contains("on a tie Allow wins"), "{text}");
        assert!(
            text.contains("Verdict: allowed (allowed-explicit), decided by line 3: Allow: /page"),
            "{text}"
        );
    }

    #[test]
    fn fallback_tokens_are_listed_in_order() {
        let text = explained(
            "User-agent: Googlebot\nDisallow: /x\n\nUser-agent: *\nDisallow: /\n",
            "Googlebot-Image>Googlebot",
            "/x/y",
        );
        assert!(
            text.contains("- Googlebot-Image: no group names it"),
            "{text}"
        );
        assert!(
            text.contains("- Googlebot: the group at lines 1-2 (User-agent: Googlebot) names"),
            "{text}"
        );
        assert!(
            text.contains(
                "Verdict: disallowed (disallowed-explicit), decided by line 2: Disallow: /x"
            ),
            "{text}"
        );
    }

    #[test]
    fn wraps_at_spaces() {
        assert_eq!(wrap("aa bb cc", 8, "  ", "  "), vec!["  aa bb", "  cc"]);
        assert_eq!(
            wrap("averyveryverylongword x", 8, "  ", "  "),
            vec!["  averyveryverylongword", "  x"]
        );
        assert_eq!(wrap("aa bb cc", 8, "- ", "  "), vec!["- aa bb", "  cc"]);
    }
}
