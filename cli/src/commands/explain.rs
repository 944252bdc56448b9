//! `robotstxt explain`: the reasoning behind a verdict, step by step, in
//! words meant to teach how crawlers read robots.txt: the path, the groups,
//! the matching rules, the decision, the rules that nearly decided ("why
//! not"), each step with the source that governs it. `--json` gives the
//! same facts as data.

mod json;
mod why_not;

use robots_matcher::tools::explain::{
    match_sources, Basis, Decision, Explanation, GroupChoice, PathEncoding, RuleMatch, Step, WhyNot,
};
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
        let explained = Explained::new(&file, &crawler, url, &options);
        if args.json {
            out.json(&json::explanation(&explained))?;
            continue;
        }
        if index > 0 {
            out.line("")?;
        }
        for line in explained.text() {
            out.line(&line)?;
        }
    }
    out.flush()?;
    Ok(Status::Success)
}

/// One URL's explanation and near misses, with what they were asked of.
struct Explained<'a> {
    file: &'a RobotsFile,
    crawler: &'a Crawler,
    url: &'a str,
    options: &'a CheckOptions,
    explanation: Explanation,
    why_not: WhyNot,
}

impl<'a> Explained<'a> {
    /// Explains `url` for `crawler` in `file`, and finds its near misses.
    fn new(
        file: &'a RobotsFile,
        crawler: &'a Crawler,
        url: &'a str,
        options: &'a CheckOptions,
    ) -> Explained<'a> {
        let fetched = file.fetched();
        let explanation = fetched.explain(crawler, url, options);
        Explained {
            file,
            crawler,
            url,
            options,
            why_not: fetched.why_not(crawler, &explanation),
            explanation,
        }
    }

    fn robots(&self) -> &Robots {
        &self.file.robots
    }

    /// What `step` rests on.
    fn sources(&self, step: Step) -> Vec<Basis> {
        self.explanation.sources(self.robots(), step)
    }

    /// The explanation as lines of text. Every fact comes from the
    /// library's [`Explanation`] and [`WhyNot`]; this only words them.
    fn text(&self) -> Vec<String> {
        let explanation = &self.explanation;
        let mut text = vec![
            format!("URL:      {}", printable(self.url)),
            format!("Crawler:  {}", printable(&self.crawler.spec())),
            format!(
                "Reading:  {}",
                match explanation.mode {
                    Mode::Google => "Google's robots.txt parser",
                    Mode::Rfc9309 => "RFC 9309 (strict)",
                }
            ),
        ];
        if let Some(outcome) = self.file.outcome {
            text.push(format!(
                "Fetched:  {} ({})",
                outcome,
                match self.file.source {
                    Source::Url(_) => "fetched from the site",
                    Source::Stdin | Source::File(_) => "as given by --fetch-status",
                }
            ));
        }
        text.push(String::new());
        self.path_step(&mut text);
        text.push(String::new());
        self.groups_step(&mut text);
        text.push(String::new());
        self.rules_step(&mut text);
        text.push(String::new());
        self.decision_step(&mut text);
        if self.why_not.evaluated {
            text.push(String::new());
            why_not::step(&mut text, self);
        }
        text.push(String::new());
        text.push(self.verdict_line());
        text
    }

    fn verdict_line(&self) -> String {
        let explanation = &self.explanation;
        let verdict = &explanation.verdict;
        let decided_by = match explanation.decision.deciding_rule() {
            Some(m) => format!(
                "decided by line {}: {}",
                m.line,
                printable(rule_text(self.robots(), m))
            ),
            None => match explanation.decision {
                Decision::RobotsTxt => "robots.txt is always allowed".to_string(),
                Decision::FetchOutcome(outcome) => format!("decided by {outcome}"),
                Decision::NoGroup => "no rule applies to this crawler".to_string(),
                _ => "no rule matches".to_string(),
            },
        };
        format!(
            "Verdict: {} ({}), {decided_by}",
            verdict.as_str(),
            verdict.category.as_str()
        )
    }

    fn path_step(&self, text: &mut Vec<String>) {
        let explanation = &self.explanation;
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
        sources(text, &self.sources(Step::Path));
    }

    fn groups_step(&self, text: &mut Vec<String>) {
        text.push("2. Groups".to_string());
        if self.not_evaluated(text, Step::Groups) {
            return;
        }
        let explanation = &self.explanation;
        let choice = &explanation.groups;
        para(
            text,
            "The crawler's tokens are tried in order. The first token that some group names decides: every group naming it applies, merged into one, and no other group does.",
        );
        if self.options.agent_matching == AgentMatching::LegacyPrefix {
            para(
                text,
                "(--legacy-agent-matching: a group also names a token when its name is a prefix of it, as old parsers read it; Google and RFC 9309 do not.)",
            );
        }
        for token in &choice.unnamed_tokens {
            let line = format!("{}: no group names it", printable(token));
            text.extend(wrap(&line, 76, "   - ", "     "));
        }
        self.groups_chosen(text, choice);
        sources(text, &self.sources(Step::Groups));
    }

    fn groups_chosen(&self, text: &mut Vec<String>, choice: &GroupChoice) {
        let robots = self.robots();
        let places: Vec<String> = choice
            .groups
            .iter()
            .map(|&g| describe_group(robots, g))
            .collect();
        match choice.selection {
            Selection::Token(index) => {
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
                if index > 0 {
                    para(
                        text,
                        "That is a fallback: with no group of its own, the crawler obeys the groups of a later token, as Google's crawlers do (Googlebot-Image obeys a Googlebot group).",
                    );
                }
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
                "No group names the crawler, and it ignores the * group (its spec ends in !*, as Google's special-case crawlers such as AdsBot-Google do): no rule applies to it.",
            ),
            Selection::NoGroup => para(
                text,
                "No group names the crawler and there is no * group: no rule applies to it.",
            ),
            // Decided before any group is looked at: not evaluated.
            Selection::RobotsTxt | Selection::FetchOutcome(_) => {}
        }
    }

    /// When `step` was not taken, says so, why, and its sources, and
    /// returns true.
    fn not_evaluated(&self, text: &mut Vec<String>, step: Step) -> bool {
        if self.explanation.evaluated(step) {
            return false;
        }
        let what = match step {
            Step::Groups => "Not looked at",
            _ => "Not evaluated",
        };
        para(
            text,
            &format!("{what}: {}.", self.not_evaluated_because(step)),
        );
        sources(text, &self.sources(step));
        true
    }

    /// Why no group was looked at (`Step::Groups`) or no rule evaluated
    /// (`Step::Rules`): the full reason at the first step it stops.
    fn not_evaluated_because(&self, step: Step) -> String {
        match (self.explanation.decision, step) {
            (Decision::FetchOutcome(outcome), Step::Groups) => format!(
                "{}; how fetching ended decides for every URL, so no group and no rule takes part",
                outcome_reason(outcome)
            ),
            (Decision::FetchOutcome(_), _) => {
                "how fetching robots.txt ended decides for every URL".to_string()
            }
            (Decision::RobotsTxt, Step::Groups) => {
                "the path is /robots.txt itself, which crawlers may always fetch, whatever its rules say".to_string()
            }
            (Decision::RobotsTxt, _) => "/robots.txt itself is always allowed".to_string(),
            _ => "no group applies to the crawler, so none of the file's rules does".to_string(),
        }
    }

    fn rules_step(&self, text: &mut Vec<String>) {
        text.push("3. Matching rules".to_string());
        if self.not_evaluated(text, Step::Rules) {
            return;
        }
        let explanation = &self.explanation;
        let robots = self.robots();
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
        } else if matched == 0 && total == 1 {
            para(
                text,
                &format!("The only rule in {whose} does not match {path}."),
            );
        } else if matched == 0 {
            let rules = count(total, "rule", "rules");
            para(
                text,
                &format!("None of the {rules} in {whose} matches {path}."),
            );
        } else {
            let verb = if matched == 1 { "matches" } else { "match" };
            if total == 1 {
                para(text, &format!("The only rule in {whose} matches {path}:"));
            } else {
                let rules = count(total, "rule", "rules");
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
                    for basis in match_sources(robots, m) {
                        match basis {
                            Basis::TypoAccepted => note.push_str(
                                " (its key is misspelt or extended; Google reads it, RFC 9309 does not)",
                            ),
                            Basis::MissingColon => note.push_str(
                                " (no colon after its key; Google reads it, RFC 9309 does not)",
                            ),
                            _ => {}
                        }
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
        sources(text, &self.sources(Step::Rules));
    }

    fn decision_step(&self, text: &mut Vec<String>) {
        text.push("4. Decision".to_string());
        let robots = self.robots();
        let named = |m: &RuleMatch| {
            format!(
                "'{}' (length {})",
                printable(rule_text(robots, m)),
                m.priority
            )
        };
        let sentence = match self.explanation.decision {
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
            Decision::NoRuleMatched => {
                "No rule matches, so nothing forbids the path: it is allowed.".to_string()
            }
            Decision::NoGroup => {
                "No rule applies to the crawler, so nothing forbids the path: it is allowed."
                    .to_string()
            }
            Decision::RobotsTxt => {
                "The path is /robots.txt itself, which crawlers may always fetch: it is allowed."
                    .to_string()
            }
            Decision::FetchOutcome(outcome) => format!("{}.", outcome_reason(outcome)),
        };
        para(text, &sentence);
        sources(text, &self.sources(Step::Decision));
    }
}

/// A matched rule as written in the file.
fn rule_text<'r>(robots: &'r Robots, m: &RuleMatch) -> &'r str {
    robots
        .rules()
        .get(m.rule)
        .map_or("", |rule| rule.text.as_str())
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

/// The documents a step rests on, one `Source:` line each with its
/// address under it (a document two bases share, once); Google-only
/// behaviour is marked so.
fn sources(text: &mut Vec<String>, bases: &[Basis]) {
    for (i, basis) in bases.iter().enumerate() {
        let reference = basis.reference();
        if bases[..i].iter().any(|b| b.reference() == reference) {
            continue;
        }
        let google = if basis.google_only() {
            " [Google only]"
        } else {
            ""
        };
        text.push(format!("   Source: {}{google}", reference.title));
        text.push(format!("           {}", reference.url));
    }
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
    use robots_matcher::FetchOutcome;

    fn explained_with(file: &str, outcome: Option<FetchOutcome>, spec: &str, url: &str) -> String {
        let file = RobotsFile {
            source: Source::File("robots.txt".into()),
            robots: Robots::parse(file.as_bytes()),
            outcome,
        };
        let crawler = Crawler::parse_spec(spec).unwrap();
        Explained::new(&file, &crawler, url, &CheckOptions::default())
            .text()
            .join("\n")
    }

    fn explained(file: &str, spec: &str, url: &str) -> String {
        explained_with(file, None, spec, url)
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
        assert!(text.contains("That is a fallback"), "{text}");
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
            ("Opener", "/robots.txt", "Not looked at: the path is /robots.txt itself"),
            ("Empty", "/x", "The group has no Allow or Disallow rules."),
            (
                "Other>!*",
                "/x",
                "it ignores the * group (its spec ends in !*, as Google's special-case crawlers such as AdsBot-Google do): no rule applies to it.",
            ),
            ("Other>!*", "/x", "Not evaluated: no group applies to the crawler"),
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
    }

    #[test]
    fn a_fetch_outcome_evaluates_no_group_and_no_rule() {
        let text = explained_with(
            "User-agent: *\nAllow: /\n",
            Some("503".parse().unwrap()),
            "Googlebot",
            "/x",
        );
        assert!(!text.contains("None of"), "{text}");
        assert!(!text.contains("5. Why not"), "{text}");
        let groups = text.split("2. Groups").nth(1).unwrap_or_default();
        assert!(
            groups.contains("Not looked at: robots.txt answered HTTP 503"),
            "{text}"
        );
        assert!(
            text.contains("3. Matching rules\n   Not evaluated:"),
            "{text}"
        );
        // Every step cites the outcome's own section, 2.3.1.4.
        assert_eq!(text.matches("#section-2.3.1.4").count(), 4, "{text}");
        assert!(!text.contains("#section-2.2.1"), "{text}");
    }

    #[test]
    fn google_only_steps_cite_google() {
        let text = explained(
            "User-agent: *\nDisallow: /\nAllow: /index.html\n",
            "Googlebot",
            "/",
        );
        assert!(
            text.contains("Source: Google's robots.txt parser (robots.cc) [Google only]"),
            "{text}"
        );
        let text = explained("User-agent: *\nDisallow: /\n", "AdsBot-Google>!*", "/x");
        assert!(text.contains("google-special-case-crawlers"), "{text}");
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
