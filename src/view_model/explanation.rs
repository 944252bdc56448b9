//! The explanation panel's words for one result, from the library's
//! [`Explanation`]: which groups applied and why, every matching rule with
//! its length, the decision, the rules that nearly decided and why not
//! ([`WhyNot`]), and for each step the document that governs it
//! ([`Basis::reference`]). The facts are the library's; only the wording
//! is here.

use std::ops::Range;

use robots_matcher::tools::explain::{
    Basis, Decision, Explanation, MissPoint, MissReason, NearMiss, PathEncoding, RuleMatch, Step,
    Unread, WhyNot,
};
use robots_matcher::tools::reference::Reference;
use robots_matcher::tools::usage::{Usage, UsageLine};
use robots_matcher::{Category, CheckOptions, Crawler, Mode, Selection};

use super::fetched::FetchedDocument;
use super::format::{line_range_label, rule_label, verdict_str};
use super::results::{Against, CheckRun};

/// A rule that matched, as the panel lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchView {
    /// Its line.
    pub line: u32,
    /// The rule as written.
    pub text: String,
    /// Length of the matched pattern (Google's priority).
    pub length: u32,
    /// Matched through Google's `/index.html` alternative.
    pub via_index_html: bool,
    /// Whether it decided.
    pub deciding: bool,
}

/// A rule that nearly decided, and why it did not, as the panel lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NearMissView {
    /// Its line.
    pub line: u32,
    /// The rule as written.
    pub text: String,
    /// Why it did not decide, in a sentence.
    pub reason: String,
    /// Had it matched (or were its group read), it would have decided.
    pub would_decide: bool,
}

/// The documents behind each step, in the order the panel shows the steps.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StepSources {
    /// The path taken from the URL.
    pub path: Vec<Reference>,
    /// The groups that apply.
    pub groups: Vec<Reference>,
    /// The rules that match.
    pub rules: Vec<Reference>,
    /// The decision.
    pub decision: Vec<Reference>,
    /// The near misses.
    pub why_not: Vec<Reference>,
}

/// Everything behind one verdict, ready to show.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExplanationView {
    /// The URL as typed.
    pub url: String,
    /// The crawler spec as typed.
    pub agent: String,
    /// The reading.
    pub mode: Mode,
    /// The verdict.
    pub allowed: bool,
    /// The kind of verdict.
    pub category: Category,
    /// The path taken from the URL.
    pub extracted_path: String,
    /// The path matched.
    pub checked_path: String,
    /// Whether the path was percent-encoded on the way.
    pub encoded: bool,
    /// Which groups applied and why, in one sentence.
    pub groups: String,
    /// The applied groups' line ranges, for links into the editor.
    pub group_lines: Vec<Range<u32>>,
    /// Every matching rule.
    pub matches: Vec<MatchView>,
    /// How the verdict follows from the matches, in one sentence.
    pub decision: String,
    /// The deciding line, 0 when none.
    pub line: u32,
    /// The other mode's verdict, when it differs: (mode, allowed, the
    /// deciding rule's label).
    pub other: Option<(Mode, bool, Option<String>)>,
    /// In compare mode, the same result explained in the version before.
    pub before: Option<Box<ExplanationView>>,
    /// The AI usage preferences that apply, a sentence per line, then
    /// where each directive comes from.
    pub usage: Vec<String>,
    /// The deciding rule as written (empty when none).
    pub rule: String,
    /// Whether the groups' rules were evaluated (not when how fetching
    /// robots.txt ended decided, for `/robots.txt` itself, or when no group
    /// applies).
    pub rules_evaluated: bool,
}

impl ExplanationView {
    /// Explains row `row` of `run` with `FetchedRobots::explain` (the fetch
    /// outcome, when it decides), with the other side of its comparison:
    /// the other mode's verdict where it differs, or in compare mode the
    /// whole explanation in the version before.
    pub fn new(run: &CheckRun, row: usize) -> Option<ExplanationView> {
        let (results, comparison) = (run.results(), run.comparison());
        let crawler = results.crawler(row)?;
        let (url, agent) = (results.url(row), results.agent(row));
        // Each row is explained in its own origin's file; a row whose
        // origin has none has no explanation (the page says so).
        let file = results.file(row);
        let mut view = explain(results.fetched_of(file)?, crawler, url, agent);
        match (comparison.against, comparison.other_of(file)) {
            (Against::Before, Some(before)) => {
                // The version before is the live file, fetched as usual.
                view.before = Some(Box::new(explain(before, crawler, url, agent)));
            }
            (Against::OtherMode(mode), Some(other)) => {
                view.other = comparison.get(row).map(|cell| {
                    let rule = cell
                        .rule()
                        .and_then(|r| other.document.robots.rules().get(r))
                        .map(|r| rule_label(r.line, &r.text));
                    (mode, cell.allowed(), rule)
                });
            }
            (_, None) => {}
        }
        Some(view)
    }
}

/// The rules that nearly decided (and why not) and the documents behind
/// each step of an [`ExplanationView`]: apart from it because the page
/// loads their code (the library's near-miss search, the documents'
/// table) after the first verdicts, in a lazy chunk.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ExplanationDetails {
    /// The rules that nearly decided, nearest first.
    pub near_misses: Vec<NearMissView>,
    /// How many more came near.
    pub more_misses: usize,
    /// The documents behind each step.
    pub sources: StepSources,
}

impl ExplanationDetails {
    /// The details of row `row` of `run`, as [`ExplanationView::new`]
    /// explains it (in the version checked).
    pub fn new(run: &CheckRun, row: usize) -> Option<ExplanationDetails> {
        let results = run.results();
        let crawler = results.crawler(row)?;
        let fetched = results.fetched_of(results.file(row))?;
        let robots = &fetched.document.robots;
        let fetched = fetched.robots();
        let e = fetched.explain(crawler, results.url(row), &CheckOptions::default());
        let why_not = fetched.why_not(crawler, &e);
        Some(ExplanationDetails {
            near_misses: near_miss_views(robots, &e, crawler.name(), &why_not),
            more_misses: why_not.omitted,
            sources: StepSources {
                path: references(e.sources(robots, Step::Path)),
                groups: references(e.sources(robots, Step::Groups)),
                rules: references(e.sources(robots, Step::Rules)),
                decision: references(e.sources(robots, Step::Decision)),
                why_not: references(why_not.sources()),
            },
        })
    }
}

/// Explains a request of an access log: `url` for `crawler` in
/// `document` as fetched with `outcome` (the log panel's click-through).
pub fn explain_request(
    document: std::sync::Arc<super::Document>,
    outcome: robots_matcher::FetchOutcome,
    crawler: &Crawler,
    url: &str,
    agent: &str,
) -> ExplanationView {
    explain(
        &FetchedDocument::new(document, outcome),
        crawler,
        url,
        agent,
    )
}

/// Explains `url` for `crawler` in the robots.txt as fetched.
fn explain(
    fetched: &FetchedDocument,
    crawler: &Crawler,
    url: &str,
    agent: &str,
) -> ExplanationView {
    let robots = &fetched.document.robots;
    let fetched = fetched.robots();
    // Without a usable file there are no preferences either.
    let usage = usage_sentences(&fetched.usage(crawler, url, &CheckOptions::default()));
    let e = fetched.explain(crawler, url, &CheckOptions::default());
    let group_lines: Vec<Range<u32>> = e
        .groups
        .groups
        .iter()
        .filter_map(|&g| robots.groups().get(g))
        .map(|g| g.lines.clone())
        .collect();
    let label = |m: &RuleMatch| {
        rule_label(
            m.line,
            robots.rules().get(m.rule).map_or("", |r| r.text.as_str()),
        )
    };
    let deciding = e.decision.deciding_rule().map(|m| m.rule);
    let matches = e
        .matches
        .iter()
        .map(|m| MatchView {
            line: m.line,
            text: robots
                .rules()
                .get(m.rule)
                .map_or_else(String::new, |r| r.text.clone()),
            length: m.priority,
            via_index_html: m.via_index_html,
            deciding: Some(m.rule) == deciding,
        })
        .collect();
    ExplanationView {
        url: url.to_string(),
        agent: agent.to_string(),
        mode: e.mode,
        allowed: e.verdict.allowed,
        category: e.verdict.category,
        encoded: e.path_encoding == PathEncoding::Encoded,
        groups: groups_sentence(&e, crawler.name(), &group_lines),
        rule: deciding
            .and_then(|r| robots.rules().get(r))
            .map_or_else(String::new, |r| r.text.clone()),
        rules_evaluated: e.evaluated(Step::Rules),
        decision: decision_sentence(&e, &label),
        line: e.verdict.line,
        extracted_path: e.extracted_path,
        checked_path: e.checked_path,
        group_lines,
        matches,
        other: None,
        before: None,
        usage,
    }
}

/// The documents behind `bases`, each once.
fn references(bases: Vec<Basis>) -> Vec<Reference> {
    let mut references: Vec<Reference> = Vec::with_capacity(bases.len());
    for reference in bases.into_iter().map(Basis::reference) {
        if !references.contains(&reference) {
            references.push(reference);
        }
    }
    references
}

/// The near misses in words.
fn near_miss_views(
    robots: &robots_matcher::Robots,
    e: &Explanation,
    crawler: &str,
    why_not: &WhyNot,
) -> Vec<NearMissView> {
    why_not
        .near_misses
        .iter()
        .filter_map(|miss| {
            let rule = robots.rules().get(miss.rule)?;
            Some(NearMissView {
                line: miss.line,
                text: rule.text.clone(),
                reason: miss_reason(miss, rule.pattern.as_bytes(), e, crawler),
                would_decide: miss.would_decide,
            })
        })
        .collect()
}

/// A byte of a path or pattern as a reader sees it: `"x"`, `%0A`, or the
/// end.
fn byte_label(bytes: &[u8], at: usize) -> String {
    match bytes.get(at) {
        Some(&b) if b.is_ascii_graphic() => format!("\"{}\"", b as char),
        Some(&b) => format!("%{b:02X}"),
        None => "its end".to_string(),
    }
}

/// Why a near miss did not decide, in a sentence.
fn miss_reason(miss: &NearMiss, pattern: &[u8], e: &Explanation, crawler: &str) -> String {
    let at = miss.at.unwrap_or(MissPoint {
        path: 0,
        pattern: 0,
    });
    let token = e.groups.token.as_deref().unwrap_or(crawler);
    let length = miss.length;
    match miss.reason {
        MissReason::Differs => format!(
            "No match: at byte {} the path has {} where the pattern has {}.",
            at.path,
            byte_label(e.checked_path.as_bytes(), at.path),
            byte_label(pattern, at.pattern)
        ),
        MissReason::PathEnds => {
            "No match: the path ends before the pattern does.".to_string()
        }
        MissReason::PieceMissing => {
            "No match: what follows the * in the pattern is nowhere in the rest of the path."
                .to_string()
        }
        MissReason::QueryFollows => format!(
            "Matches up to its final $, but a query follows at byte {}: $ anchors at the end of the path and query.",
            at.path
        ),
        MissReason::PathContinues => format!(
            "Matches up to its final $, but the path goes on at byte {}.",
            at.path
        ),
        MissReason::MatchesWhenNormalised => "Matches once percent-escapes are normalised, as RFC 9309 compares them; Google's parser compares escapes as written.".to_string(),
        MissReason::MatchesWhenEncoded => {
            "Matches once the path is percent-encoded as a crawler requests it.".to_string()
        }
        MissReason::Shorter => format!("Matches with length {length}, but a longer rule decides."),
        MissReason::LostTie => format!(
            "Matches with length {length}, as long as the deciding Allow: on a tie the Allow wins."
        ),
        MissReason::EarlierLineWins => format!(
            "Matches with length {length}, as long as the deciding rule, which comes first in the file."
        ),
        MissReason::GroupNotRead(unread) => match unread {
            Unread::GlobalBesideNamed => {
                format!("Matches, but {crawler} does not read the * group: a group names it.")
            }
            Unread::GlobalBesideFallback => format!(
                "Matches, but {crawler} does not read the * group: it obeys the group naming {token}."
            ),
            Unread::GlobalIgnored => format!("Matches, but {crawler} ignores the * group."),
            Unread::FallbackNotReached => format!(
                "Matches, but {crawler} obeys the group naming {token} and never falls back to this one."
            ),
        },
    }
}

/// A sentence per usage line that applies, then what each directive is.
fn usage_sentences(usage: &Usage) -> Vec<String> {
    let lines: Vec<&UsageLine> = [&usage.content_usage, &usage.content_signal]
        .into_iter()
        .flatten()
        .collect();
    let mut sentences: Vec<String> = lines
        .iter()
        .map(|line| {
            let scope = line
                .path
                .as_deref()
                .map_or_else(|| "every path".to_string(), |p| format!("paths under {p}"));
            let prefs: Vec<String> = line
                .preferences
                .iter()
                .map(|p| {
                    let meaning = p
                        .term(line.directive)
                        .map_or("an unknown label", |t| t.meaning);
                    format!("{}={} ({meaning}: {})", p.label, p.value, p.stance())
                })
                .collect();
            format!(
                "{} on line {} ({scope}): {}.",
                line.directive.key(),
                line.line,
                if prefs.is_empty() {
                    "no readable preference".to_string()
                } else {
                    prefs.join("; ")
                }
            )
        })
        .collect();
    for line in &lines {
        let about = line.directive.about().to_string();
        if !sentences.contains(&about) {
            sentences.push(about);
        }
    }
    sentences
}

/// Which groups applied and why.
fn groups_sentence(e: &Explanation, name: &str, lines: &[Range<u32>]) -> String {
    let choice = &e.groups;
    let ranges: Vec<String> = lines.iter().map(line_range_label).collect();
    let ranges = ranges.join(" and ");
    let (s, applies) = if lines.len() == 1 {
        ("", "applies")
    } else {
        ("s", "apply, merged")
    };
    let unnamed = choice.unnamed_tokens.join(" or ");
    let token = choice.token.as_deref().unwrap_or(name);
    match choice.selection {
        Selection::Token(0) if choice.file_has_global => {
            format!("The group{s} naming {token} ({ranges}) {applies}; the * group does not.")
        }
        Selection::Token(0) => format!("The group{s} naming {token} ({ranges}) {applies}."),
        Selection::Token(_) => format!(
            "No group names {unnamed}, so it falls back to the group{s} naming {token} ({ranges})."
        ),
        Selection::Global => {
            format!("No group names {unnamed}, so the * group{s} ({ranges}) {applies}.")
        }
        Selection::GlobalIgnored => {
            format!("No group names {unnamed}, and {name} ignores the * group, so no rule applies.")
        }
        Selection::NoGroup => {
            format!("No group names {unnamed} and there is no * group, so no rule applies.")
        }
        Selection::RobotsTxt => "The URL is /robots.txt itself, which is always allowed.".into(),
        Selection::FetchOutcome(outcome) => {
            format!("Fetching robots.txt ended with {outcome}: no group and no rule takes part.")
        }
    }
}

/// How the verdict follows from the matches.
fn decision_sentence(e: &Explanation, label: &dyn Fn(&RuleMatch) -> String) -> String {
    let verdict = if e.verdict.allowed {
        "Allowed"
    } else {
        "Disallowed"
    };
    let group = if e.groups.groups.len() == 1 {
        "the group"
    } else {
        "the groups"
    };
    match &e.decision {
        Decision::RobotsTxt => "Allowed: crawlers may always fetch robots.txt.".into(),
        Decision::FetchOutcome(outcome) if e.verdict.allowed => format!(
            "Allowed: fetching robots.txt ended with {outcome}, so it is unavailable and crawlers may fetch everything (RFC 9309 {}).",
            outcome.rfc_section()
        ),
        Decision::FetchOutcome(outcome) => format!(
            "Disallowed: fetching robots.txt ended with {outcome}, so it is unreachable and crawlers fetch nothing (RFC 9309 {}).",
            outcome.rfc_section()
        ),
        Decision::NoGroup => "Allowed: no rule applies to this crawler.".into(),
        Decision::NoRuleMatched => format!("Allowed: no rule of {group} matches this path."),
        Decision::OnlyMatch(m) => {
            format!("{verdict}: it is the only matching rule ({}).", label(m))
        }
        Decision::LongestMatch { winner, rival } => {
            let mut sentence = format!(
                "{verdict}: the longest matching pattern wins ({}, length {}).",
                label(winner),
                winner.priority
            );
            if let Some(rival) = rival {
                sentence.push_str(&format!(
                    " It outweighs {} (length {}).",
                    label(rival),
                    rival.priority
                ));
            }
            sentence
        }
        Decision::AllowWinsTie { allow, disallow } => format!(
            "Allowed: an Allow and a Disallow both match with length {}; on a tie the Allow ({}) wins over the Disallow ({}).",
            allow.priority,
            label(allow),
            label(disallow)
        ),
        Decision::EmptyDisallow(m) => format!(
            "Allowed: the deciding rule is the empty {}, and an empty Disallow blocks nothing.",
            label(m)
        ),
    }
}

/// `RFC 9309: allowed (L2)`: the other mode's verdict as a row shows it.
pub fn other_label(mode: Mode, allowed: bool, line: u32) -> String {
    let line = if line > 0 {
        format!(" (L{line})")
    } else {
        String::new()
    };
    format!("{}: {}{line}", mode.label(), verdict_str(allowed))
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use robots_matcher::tools::reference;

    use crate::view_model::results::testing::{compared, doc, results};
    use crate::view_model::{CrawlerList, Results, UrlSet};

    const ROBOTS: &str = "\
User-agent: *
Disallow: /private
Allow: /private/press

User-agent: Googlebot
Disallow: /nogoogle
";

    fn explain(robots: &str, agents: &str, url: &str) -> ExplanationView {
        let run = CheckRun::compared_at_once(results(robots, agents, url, Mode::Google));
        ExplanationView::new(&run, 0).unwrap()
    }

    fn details(robots: &str, agents: &str, url: &str) -> ExplanationDetails {
        let run = CheckRun::compared_at_once(results(robots, agents, url, Mode::Google));
        ExplanationDetails::new(&run, 0).unwrap()
    }

    #[test]
    fn ties_name_both_rules() {
        let e = explain(
            "User-agent: *\nDisallow: /page\nAllow: /page\nDisallow: /p\n",
            "Googlebot",
            "/page",
        );
        assert!(e.allowed);
        assert_eq!(
            e.matches.iter().map(|m| m.length).collect::<Vec<_>>(),
            [5, 5, 2]
        );
        assert_eq!(
            e.matches
                .iter()
                .filter(|m| m.deciding)
                .map(|m| m.line)
                .collect::<Vec<_>>(),
            [3]
        );
        assert_eq!(
            e.groups,
            "No group names Googlebot, so the * group (lines 1–4) applies."
        );
        assert_eq!(
            e.decision,
            "Allowed: an Allow and a Disallow both match with length 5; on a tie the Allow (L3  Allow: /page) wins over the Disallow (L2  Disallow: /page)."
        );
        assert_eq!(
            (e.mode, e.checked_path.as_str(), e.encoded),
            (Mode::Google, "/page", false)
        );
    }

    #[test]
    fn near_misses_say_why_they_did_not_decide() {
        let e = explain(
            "User-agent: *\nDisallow: /*.pdf$\nDisallow: /*?\n",
            "Googlebot",
            "/report.pdf?download=1",
        );
        assert_eq!(e.rule, "Disallow: /*?");
        assert!(e.rules_evaluated);
        let e = details(
            "User-agent: *\nDisallow: /*.pdf$\nDisallow: /*?\n",
            "Googlebot",
            "/report.pdf?download=1",
        );
        let misses: Vec<(u32, &str)> = e
            .near_misses
            .iter()
            .map(|m| (m.line, m.text.as_str()))
            .collect();
        assert_eq!(misses, [(2, "Disallow: /*.pdf$")]);
        assert_eq!(
            e.near_misses[0].reason,
            "Matches up to its final $, but a query follows at byte 11: $ anchors at the end of the path and query."
        );
        // A named crawler does not read the * group.
        let e = details(ROBOTS, "Googlebot", "/private/x");
        assert!(e.near_misses.iter().any(|m| m.line == 2
            && m.reason == "Matches, but Googlebot does not read the * group: a group names it."
            && m.would_decide));
    }

    #[test]
    fn each_step_links_what_governs_it() {
        let e = details(ROBOTS, "Googlebot", "/nogoogle");
        assert_eq!(e.sources.groups, [reference::USER_AGENT]);
        assert_eq!(e.sources.decision, [reference::RULES]);
        // Google-only behaviour links Google's documentation.
        let (file, spec) = ("User-agent: *\nDisallow: /\n", "AdsBot-Google>!*");
        assert!(details(file, spec, "/landing")
            .sources
            .groups
            .contains(&reference::GOOGLE_SPECIAL_CASE_CRAWLERS));
        assert!(!explain(file, spec, "/landing").rules_evaluated);
    }

    #[test]
    fn a_fetch_outcome_evaluates_no_rule() {
        let results = Arc::new(Results::new(
            FetchedDocument::new(doc(ROBOTS, Mode::Google), "503".parse().unwrap()),
            &CrawlerList::parse("Googlebot"),
            Arc::new(UrlSet::parse("/private")),
        ));
        let run = CheckRun::compared_at_once(results);
        let e = ExplanationView::new(&run, 0).unwrap();
        assert!(!e.allowed);
        assert!(!e.rules_evaluated);
        let e = ExplanationDetails::new(&run, 0).unwrap();
        assert!(e.near_misses.is_empty());
        assert_eq!(e.sources.decision, [reference::ACCESS_UNREACHABLE]);
        assert_eq!(e.sources.groups, [reference::ACCESS_UNREACHABLE]);
    }

    #[test]
    fn groups_are_named_with_their_lines() {
        let e = explain(ROBOTS, "Googlebot", "/nogoogle/x");
        assert_eq!(
            e.groups,
            "The group naming Googlebot (lines 5–6) applies; the * group does not."
        );
        assert_eq!(
            e.decision,
            "Disallowed: it is the only matching rule (L6  Disallow: /nogoogle)."
        );
        assert_eq!(e.group_lines, vec![5..6]);
        let e = explain(ROBOTS, "Googlebot-Image>Googlebot", "/nogoogle/x");
        assert_eq!(e.groups, "No group names Googlebot-Image, so it falls back to the group naming Googlebot (lines 5–6).");
        let e = explain(
            "User-agent: Googlebot\nDisallow: /a\n\nUser-agent: googlebot\nAllow: /a/b\n",
            "Googlebot",
            "/a/b",
        );
        assert_eq!(
            e.groups,
            "The groups naming Googlebot (lines 1–2 and lines 4–5) apply, merged."
        );
        assert!(
            e.decision
                .contains("It outweighs L2  Disallow: /a (length 2)"),
            "{}",
            e.decision
        );
    }

    #[test]
    fn no_group_no_match_and_special_cases() {
        let e = explain(ROBOTS, "Googlebot", "/robots.txt");
        assert_eq!(
            e.groups,
            "The URL is /robots.txt itself, which is always allowed."
        );
        assert_eq!(e.decision, "Allowed: crawlers may always fetch robots.txt.");
        let e = explain("User-agent: *\nDisallow: /\n", "AdsBot-Google>!*", "/x");
        assert_eq!(e.groups, "No group names AdsBot-Google, and AdsBot-Google ignores the * group, so no rule applies.");
        assert_eq!(e.decision, "Allowed: no rule applies to this crawler.");
        assert!(e.matches.is_empty());
        let e = explain("User-agent: bingbot\nDisallow: /\n", "Googlebot", "/x");
        assert_eq!(
            e.groups,
            "No group names Googlebot and there is no * group, so no rule applies."
        );
        let e = explain(ROBOTS, "bingbot", "/other");
        assert_eq!(
            e.decision,
            "Allowed: no rule of the group matches this path."
        );
        let e = explain("User-agent: *\nDisallow:\n", "x", "/a");
        assert_eq!(e.decision, "Allowed: the deciding rule is the empty L2  Disallow:, and an empty Disallow blocks nothing.");
        let e = explain(
            "User-agent: *\nDisallow: /a\nDisallow: /a/b\n",
            "x",
            "/a/b/c",
        );
        assert_eq!(
            e.decision,
            "Disallowed: the longest matching pattern wins (L3  Disallow: /a/b, length 4)."
        );
    }

    #[test]
    fn index_html_paths_and_the_other_mode() {
        let e = explain(
            "User-agent: *\nDisallow: /\nAllow: /index.html\n",
            "Googlebot",
            "/",
        );
        assert!(e.allowed);
        assert!(e.matches.iter().any(|m| m.via_index_html && m.deciding));
        assert_eq!(
            e.other,
            Some((Mode::Rfc9309, false, Some("L2  Disallow: /".to_string())))
        );
        let e = explain(ROBOTS, "x", "/café");
        assert!(e.encoded);
        assert_eq!(
            (e.extracted_path.as_str(), e.checked_path.as_str()),
            ("/café", "/caf%C3%A9")
        );
        assert_eq!(
            other_label(Mode::Google, false, 2),
            "Google: disallowed (L2)"
        );
        assert_eq!(other_label(Mode::Rfc9309, true, 0), "RFC 9309: allowed");
    }

    #[test]
    fn compare_mode_explains_the_version_before_too() {
        let run = CheckRun::compared_at_once(compared(
            "User-agent: *\nDisallow: /x\n",
            "User-agent: *\nAllow: /\n",
            "Googlebot",
            "/x",
        ));
        let e = ExplanationView::new(&run, 0).unwrap();
        assert!(e.allowed && e.other.is_none());
        let before = e.before.unwrap();
        assert!(!before.allowed);
        assert_eq!(before.line, 2);
        assert!(
            before.decision.contains("L2  Disallow: /x"),
            "{}",
            before.decision
        );
    }

    #[test]
    fn fetch_outcomes_are_explained_with_their_section() {
        let results = Results::new(
            FetchedDocument::new(
                doc(
                    "User-agent: *\nDisallow: /\nContent-Usage: train-ai=n\n",
                    Mode::Google,
                ),
                "404".parse().unwrap(),
            ),
            &CrawlerList::parse("Googlebot"),
            Arc::new(UrlSet::parse("/x")),
        );
        let run = CheckRun::compared_at_once(Arc::new(results));
        let e = ExplanationView::new(&run, 0).unwrap();
        assert!(e.allowed);
        assert_eq!(
            e.decision,
            "Allowed: fetching robots.txt ended with HTTP 404, so it is unavailable and crawlers may fetch everything (RFC 9309 2.3.1.3)."
        );
        assert!(e.groups.contains("HTTP 404"), "{}", e.groups);
        // Without a usable file there are no preferences either.
        assert!(e.usage.is_empty());
    }

    #[test]
    fn usage_preferences_are_worded_with_their_meaning_and_source() {
        let e = explain(
            "User-agent: *\nContent-Usage: / train-ai=n, foo=y\nAllow: /\n",
            "GPTBot",
            "/a",
        );
        assert_eq!(
            e.usage[0],
            "Content-Usage on line 2 (paths under /): train-ai=n (training AI models: not wanted); foo=y (an unknown label: allowed)."
        );
        assert!(e.usage[1].starts_with("Content-Usage comes from the IETF AI Preferences drafts"));
        assert!(e.allowed);
    }
}
