//! `robotstxt explain`: the reasoning behind a verdict, step by step, in
//! words meant to teach how crawlers read robots.txt.

use robots_matcher::tools::explain::{Decision, Explanation, GroupChoice, PathEncoding, RuleMatch};
use robots_matcher::{AgentMatching, CheckOptions, Crawler, Mode, Robots, RuleKind, Selection};

use crate::cli::ExplainArgs;
use crate::crawler::token_warnings;
use crate::error::{warn, CliError};
use crate::input::{urls_to_check, Source};
use crate::output::{Output, Status};
use crate::robots_file::RobotsFile;
use crate::text::{columns, count, printable};
use crate::verdict_text::outcome_reason;

const COMMAND: &str = "explain";

pub fn run(args: ExplainArgs) -> Result<Status, CliError> {
    let robots_source = Source::robots_from_arg(args.robots.as_deref().ok_or_else(|| {
        CliError::usage(
            Some(COMMAND),
            "missing --robots FILE: the robots.txt file to explain ('-' for stdin)",
        )
    })?)?;
    let crawler = args.crawler.crawler(COMMAND)?;
    let urls = urls_to_check(&None, &args.urls);
    if urls.is_empty() {
        return Err(CliError::usage(
            Some(COMMAND),
            "missing URL: give the URL to explain",
        ));
    }
    let parse = args.read.parse_options();
    let file = RobotsFile::load(
        &robots_source,
        &parse,
        &args.http,
        args.fetch_status.fetch_status,
    )?;
    file.warn_if_unusable();
    for warning in token_warnings(&crawler) {
        warn(&warning);
    }
    let options = args.crawler.check_options();
    let mut out = Output::new();
    for (index, &url) in urls.iter().enumerate() {
        if index > 0 {
            out.line("")?;
        }
        let explanation = file.fetched().explain(&crawler, url, &options);
        for line in explain(&file, &crawler, url, &options, &explanation) {
            out.line(&line)?;
        }
    }
    out.flush()?;
    Ok(Status::Success)
}

/// The explanation of one verdict, as lines of text. Every fact comes from
/// the library's [`Explanation`]; this only words it.
fn explain(
    file: &RobotsFile,
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
    ];
    if let Some(outcome) = file.outcome {
        text.push(format!(
            "Fetched:  {} ({})",
            outcome,
            match file.source {
                Source::Url(_) => "fetched from the site",
                Source::Stdin | Source::File(_) => "as given by --fetch-status",
            }
        ));
    }
    text.push(String::new());
    let robots = &file.robots;
    path_step(&mut text, explanation);
    text.push(String::new());
    match explanation.decision {
        Decision::RobotsTxt => {
            text.push("2. /robots.txt".to_string());
            para(
                &mut text,
                "The path is /robots.txt itself, which crawlers may always fetch, whatever its rules say.",
            );
        }
        Decision::FetchOutcome(outcome) => {
            text.push("2. Fetching robots.txt".to_string());
            para(
                &mut text,
                &format!(
                    "{}. How fetching ended decides for every URL; no group and no rule takes part.",
                    outcome_reason(outcome)
                ),
            );
        }
        Decision::NoGroup => groups_step(&mut text, robots, options, &explanation.groups),
        Decision::NoRuleMatched
        | Decision::OnlyMatch(_)
        | Decision::LongestMatch { .. }
        | Decision::AllowWinsTie { .. }
        | Decision::EmptyDisallow(_) => {
            groups_step(&mut text, robots, options, &explanation.groups);
            text.push(String::new());
            rules_step(&mut text, robots, explanation);
            text.push(String::new());
            decision_step(&mut text, robots, &explanation.decision);
        }
    }
    text.push(String::new());
    let verdict = &explanation.verdict;
    let decided_by = match explanation.decision.deciding_rule() {
        Some(m) => format!(
            "decided by line {}: {}",
            m.line,
            printable(rule_text(robots, m))
        ),
        None => match explanation.decision {
            Decision::RobotsTxt => "robots.txt is always allowed".to_string(),
            Decision::FetchOutcome(outcome) => format!("decided by {outcome}"),
            Decision::NoGroup => "no rule applies to this crawler".to_string(),
            _ => "no rule matches".to_string(),
        },
    };
    text.push(format!(
        "Verdict: {} ({}), {decided_by}",
        verdict.as_str(),
        verdict.category.as_str()
    ));
    text
}

/// A matched rule as written in the file.
fn rule_text<'r>(robots: &'r Robots, m: &RuleMatch) -> &'r str {
    robots
        .rules()
        .get(m.rule)
        .map_or("", |rule| rule.text.as_str())
}

fn path_step(text: &mut Vec<String>, explanation: &Explanation) {
    text.push("1. Path".to_string());
    para(
        text,
        "Rules match the path and query of a URL; its scheme, host and #fragment play no part.",
    );
    let extracted = printable(&explanation.extracted_path);
    let checked = printable(&explanation.checked_path);
    text.push(format!("   Taken from the URL:  {extracted}"));
    let how = match explanation.path_encoding {
        PathEncoding::Raw => {
            "exactly as typed (--raw-url), without the percent-encoding a crawler's request applies"
        }
        PathEncoding::Unchanged => "as is: nothing in it needs percent-encoding",
        PathEncoding::Encoded => match explanation.mode {
            Mode::Google => "percent-encoded, as a crawler's request sends it",
            Mode::Rfc9309 => {
                "percent-encoded as a request sends it, then normalised as RFC 9309 compares: escapes of unreserved characters decoded, literal * and $ escaped"
            }
        },
    };
    text.push(format!("   Checked:             {checked}"));
    para(text, &format!("({how})"));
}

fn groups_step(
    text: &mut Vec<String>,
    robots: &Robots,
    options: &CheckOptions,
    choice: &GroupChoice,
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
    for token in &choice.unnamed_tokens {
        let line = format!("{}: no group names it", printable(token));
        text.extend(wrap(&line, 76, "   - ", "     "));
    }
    let places: Vec<String> = choice
        .groups
        .iter()
        .map(|&g| describe_group(robots, g))
        .collect();
    match choice.selection {
        Selection::Token(_) => {
            let named_by = if choice.groups.len() == 1 {
                format!("the group at {} names it, so that group applies", places.join(""))
            } else {
                format!(
                    "{} groups name it, so they apply, merged: {}",
                    choice.groups.len(),
                    places.join("; ")
                )
            };
            let token = choice.token.as_deref().unwrap_or("");
            let line = format!("{}: {named_by}", printable(token));
            text.extend(wrap(&line, 76, "   - ", "     "));
            if choice.file_has_global {
                para(text, "The * group is not used, because a group names the crawler.");
            }
        }
        Selection::Global => para(
            text,
            &format!("No group names the crawler, so it obeys the * group at {}.", places.join("; ")),
        ),
        Selection::GlobalIgnored => para(
            text,
            "No group names the crawler, and it ignores the * group (its spec ends in !*): no rule applies to it.",
        ),
        Selection::NoGroup => para(
            text,
            "No group names the crawler and there is no * group: no rule applies to it.",
        ),
        // Decided before any group is looked at; not a groups step.
        Selection::RobotsTxt | Selection::FetchOutcome(_) => {}
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
    let choice = &explanation.groups;
    let total = choice.rule_count;
    let path = printable(&explanation.checked_path);
    let matched = explanation.matches.len();
    let one_group = choice.groups.len() == 1;
    let whose = if one_group {
        "the group"
    } else {
        "these groups"
    };
    if total == 0 {
        let none = if one_group {
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
                format!("     L{}", m.line),
                printable(&rule.text).into_owned(),
                note,
            ]
        })
        .collect();
    text.extend(columns(&rows));
}

fn decision_step(text: &mut Vec<String>, robots: &Robots, decision: &Decision) {
    text.push("4. Decision".to_string());
    let named = |m: &RuleMatch| {
        format!(
            "'{}' (length {})",
            printable(rule_text(robots, m)),
            m.priority
        )
    };
    let sentence = match *decision {
        Decision::OnlyMatch(winner) | Decision::LongestMatch { winner, rival: None } => {
            match winner.kind {
                RuleKind::Disallow => format!(
                    "{} is the longest match and no Allow matches, so the path is disallowed.",
                    named(&winner)
                ),
                RuleKind::Allow => format!(
                    "Only Allow rules match; the longest, {}, decides: the path is allowed.",
                    named(&winner)
                ),
            }
        }
        Decision::LongestMatch {
            winner,
            rival: Some(rival),
        } => match winner.kind {
            RuleKind::Disallow => format!(
                "The longest match wins: {} is longer than the longest Allow, {}, so the path is disallowed.",
                named(&winner),
                named(&rival)
            ),
            RuleKind::Allow => format!(
                "The longest match wins: {} is longer than the longest Disallow, {}, so the path is allowed.",
                named(&winner),
                named(&rival)
            ),
        },
        Decision::AllowWinsTie { allow, disallow } => format!(
            "{} and {} are equally long; on a tie Allow wins, as the less restrictive rule: the path is allowed.",
            named(&allow),
            named(&disallow)
        ),
        Decision::EmptyDisallow(disallow) => format!(
            "The longest match is {}, an empty Disallow, which blocks nothing: the path is allowed.",
            named(&disallow)
        ),
        // Only `NoRuleMatched` comes here: the others end at step 2.
        Decision::NoRuleMatched
        | Decision::NoGroup
        | Decision::RobotsTxt
        | Decision::FetchOutcome(_) => {
            "No rule matches, so nothing forbids the path: it is allowed.".to_string()
        }
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
        let file = RobotsFile {
            source: Source::File("robots.txt".into()),
            robots: Robots::parse(file.as_bytes()),
            outcome: None,
        };
        let crawler = Crawler::parse_spec(spec).unwrap();
        let options = CheckOptions::default();
        let explanation = file.fetched().explain(&crawler, url, &options);
        explain(&file, &crawler, url, &options, &explanation).join("\n")
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
    fn each_decision_has_its_sentence() {
        let file = "User-agent: *\nDisallow:\n\nUser-agent: Opener\nAllow: /open\nAllow: /open/more\n\nUser-agent: Empty\n";
        let cases = [
            (
                "Googlebot",
                "/x",
                "The longest match is 'Disallow:' (length 0), an empty Disallow, which blocks nothing",
            ),
            (
                "Opener",
                "/open/more",
                "Only Allow rules match; the longest, 'Allow: /open/more' (length 10), decides",
            ),
            ("Opener", "/x", "No rule matches, so nothing forbids the path"),
            ("Opener", "/robots.txt", "2. /robots.txt"),
            ("Empty", "/x", "The group has no Allow or Disallow rules."),
            (
                "Other>!*",
                "/x",
                "it ignores the * group (its spec ends in !*): no rule applies to it.",
            ),
        ];
        for (spec, url, sentence) in cases {
            let text = explained(file, spec, url).replace("\n   ", " ");
            assert!(text.contains(sentence), "{spec} {url}: {text}");
        }
        let verdict = |spec, url| {
            let text = explained(file, spec, url);
            text.lines().last().unwrap_or("").to_string()
        };
        assert_eq!(
            verdict("Opener", "/x"),
            "Verdict: allowed (allowed-implicit), no rule matches"
        );
        assert_eq!(
            verdict("Other>!*", "/x"),
            "Verdict: allowed (allowed-implicit), no rule applies to this crawler"
        );
        assert_eq!(
            verdict("Opener", "/robots.txt"),
            "Verdict: allowed (allowed-implicit), robots.txt is always allowed"
        );
        assert!(!explained(file, "Other>!*", "/x").contains("3. Matching rules"));
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
