//! Why a verdict is what it is, as facts: the path checked and how it was
//! encoded, which groups apply to the crawler and why, every rule that
//! matched with its length, and the decision with its reason; the rules
//! that nearly decided and why each did not ([`why_not`]); and what governs
//! each step ([`sources`]), to link the RFC 9309 section or Google's
//! documentation it rests on.
//!
//! The facts are stated here once; front ends only word them. The app's
//! explanation panel and `robotstxt explain` (and the CLI's one-line
//! reasons) read [`Explanation`], [`WhyNot`] and [`Basis`] and derive
//! nothing themselves: not the tie and its rival, not an ignored `*` group,
//! not an empty Disallow, not the only match, not a near miss or its
//! reason, not which document governs a step.
//!
//! [`FetchedRobots::explain`] and [`FetchedRobots::why_not`] are separate
//! questions: a front end that shows only the steps does not pay for (or
//! link the code of) the near misses.

pub mod sources;
pub mod why_not;

pub use sources::{match_sources, Basis, Step};
pub use why_not::{MissPoint, MissReason, NearMiss, Unread, WhyNot, NEAR_MISS_LIMIT};

use crate::agent::Crawler;
use crate::fetch::FetchOutcome;
use crate::fetched::FetchedRobots;
use crate::model::RuleKind;
use crate::robots::Robots;
use crate::url::path_params_query;
use crate::verdict::{CheckOptions, Selection, Verdict};
use crate::Mode;

/// How the path that was matched came from the URL's path.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PathEncoding {
    /// Matched exactly as given ([`CheckOptions::raw_url`]).
    Raw,
    /// Nothing in it needed encoding.
    Unchanged,
    /// Percent-encoded as a crawler's request sends it (and, in RFC 9309
    /// mode, normalised: escapes of unreserved characters decoded, literal
    /// `*` and `$` escaped).
    Encoded,
}

/// A rule that matched the path.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RuleMatch {
    /// Index into [`Robots::rules`].
    pub rule: usize,
    /// Allow or Disallow.
    pub kind: RuleKind,
    /// The rule's line.
    pub line: u32,
    /// Length of the matched pattern: the rule's priority.
    pub priority: u32,
    /// Matched through Google's `/index.html` alternative of an Allow (an
    /// Allow for `/a/index.html` also allows `/a/`).
    pub via_index_html: bool,
}

/// Which groups apply to the crawler, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GroupChoice {
    /// Why these groups (or none) apply.
    pub selection: Selection,
    /// The crawler's tokens that were tried and that no group names, in
    /// order: those before the token that chose the groups, or all of them.
    pub unnamed_tokens: Vec<String>,
    /// The token whose groups apply, when one chose them.
    pub token: Option<String>,
    /// Indices into [`Robots::groups`] of the groups that apply, merged
    /// into one, in file order.
    pub groups: Vec<usize>,
    /// Whether the file has a `*` group (which applies only when no group
    /// names the crawler, and never to a crawler that ignores it).
    pub file_has_global: bool,
    /// How many Allow and Disallow rules the applied groups hold.
    pub rule_count: usize,
}

/// How the verdict follows from the matching rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    /// The URL is `/robots.txt` itself, which crawlers may always fetch.
    RobotsTxt,
    /// robots.txt could not be fetched (how it ended is given); the
    /// verdict is the fetch policy's (see [`crate::fetch_policy`]), not a
    /// rule's.
    FetchOutcome(FetchOutcome),
    /// No group applies to the crawler ([`GroupChoice::selection`] says
    /// why): allowed.
    NoGroup,
    /// Groups apply but none of their rules matches the path: allowed.
    NoRuleMatched,
    /// Exactly one rule matches, and it decides.
    OnlyMatch(RuleMatch),
    /// Several rules match and the longest decides. `rival` is the longest
    /// match of the other kind (the first in the file among equals), which
    /// is shorter; `None` when only rules of the winner's kind match.
    LongestMatch {
        /// The deciding rule.
        winner: RuleMatch,
        /// The longest matching rule of the other kind.
        rival: Option<RuleMatch>,
    },
    /// An Allow and a Disallow match with the same length: the Allow wins,
    /// as the less restrictive rule.
    AllowWinsTie {
        /// The deciding Allow.
        allow: RuleMatch,
        /// The Disallow it ties with.
        disallow: RuleMatch,
    },
    /// The longest match is an empty `Disallow:` (length 0), which blocks
    /// nothing: allowed.
    EmptyDisallow(RuleMatch),
}

impl Decision {
    /// Stable lower-case name, e.g. `allow-wins-tie`.
    pub fn as_str(&self) -> &'static str {
        match self {
            Decision::RobotsTxt => "robots-txt",
            Decision::FetchOutcome(_) => "fetch-outcome",
            Decision::NoGroup => "no-group",
            Decision::NoRuleMatched => "no-rule-matched",
            Decision::OnlyMatch(_) => "only-match",
            Decision::LongestMatch { .. } => "longest-match",
            Decision::AllowWinsTie { .. } => "allow-wins-tie",
            Decision::EmptyDisallow(_) => "empty-disallow",
        }
    }

    /// The rule that decided, when one did.
    pub fn deciding_rule(&self) -> Option<&RuleMatch> {
        match self {
            Decision::OnlyMatch(rule)
            | Decision::LongestMatch { winner: rule, .. }
            | Decision::AllowWinsTie { allow: rule, .. }
            | Decision::EmptyDisallow(rule) => Some(rule),
            Decision::RobotsTxt
            | Decision::FetchOutcome(_)
            | Decision::NoGroup
            | Decision::NoRuleMatched => None,
        }
    }
}

/// Everything behind a verdict, step by step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Explanation {
    /// The verdict explained.
    pub verdict: Verdict,
    /// The reading the file was parsed with.
    pub mode: Mode,
    /// The path, params and query taken from the URL.
    pub extracted_path: String,
    /// The bytes actually matched, as text; differs from `extracted_path`
    /// when characters were percent-encoded.
    pub checked_path: String,
    /// How `checked_path` came from `extracted_path`.
    pub path_encoding: PathEncoding,
    /// Which groups apply and why.
    pub groups: GroupChoice,
    /// Every rule of those groups that matched, in file order.
    pub matches: Vec<RuleMatch>,
    /// How the verdict follows from the matches.
    pub decision: Decision,
}

/// The explaining tool's question about robots.txt as a crawler got it.
impl FetchedRobots<'_> {
    /// Checks `url` and records every step: the path checked, the groups
    /// chosen and why, every rule that matched, and the decision; or, when
    /// how fetching ended replaced the rules, that outcome and its verdict.
    /// The verdict is always [`FetchedRobots::check_with`]'s.
    pub fn explain(&self, crawler: &Crawler, url: &str, options: &CheckOptions) -> Explanation {
        match self.fixed_verdict() {
            Some(verdict) => {
                outcome_explanation(self.outcome(), verdict, url, self.robots().mode())
            }
            None => explain_rules(self.robots(), crawler, url, options),
        }
    }
}

/// The explanation of `verdict`, which fetching robots.txt with `outcome`
/// gives every URL instead of the rules: no group and no rule took part.
fn outcome_explanation(
    outcome: FetchOutcome,
    verdict: Verdict,
    url: &str,
    mode: Mode,
) -> Explanation {
    let path = path_params_query(url).into_owned();
    Explanation {
        verdict,
        mode,
        checked_path: path.clone(),
        extracted_path: path,
        path_encoding: PathEncoding::Unchanged,
        groups: GroupChoice {
            selection: verdict.selection,
            unnamed_tokens: Vec::new(),
            token: None,
            groups: Vec::new(),
            file_has_global: false,
            rule_count: 0,
        },
        matches: Vec::new(),
        decision: Decision::FetchOutcome(outcome),
    }
}

/// The explanation of the verdict `robots`' rules give `url`.
fn explain_rules(
    robots: &Robots,
    crawler: &Crawler,
    url: &str,
    options: &CheckOptions,
) -> Explanation {
    let extracted = path_params_query(url);
    let path = robots.encoded(&extracted, options);
    let checked_path = String::from_utf8_lossy(&path).into_owned();
    let path_encoding = if options.raw_url {
        PathEncoding::Raw
    } else if checked_path == extracted {
        PathEncoding::Unchanged
    } else {
        PathEncoding::Encoded
    };
    let verdict = robots.check_with(crawler, url, options);
    let (selection, applied) = robots.select(crawler, options.agent_matching);
    let groups = applied.groups().to_vec();
    let rules = robots.rules();
    let mut matches = Vec::new();
    let mut rule_count = 0;
    for &group in &groups {
        let ids = robots.groups()[group].rules.clone();
        rule_count += ids.len();
        for id in ids {
            let rule = &rules[id];
            let (priority, via_index_html) = if rule.pattern.matches(&path) {
                (rule.pattern.priority(), false)
            } else if let Some(alt) = rule.index_html.as_ref().filter(|alt| alt.matches(&path)) {
                (alt.priority(), true)
            } else {
                continue;
            };
            matches.push(RuleMatch {
                rule: id,
                kind: rule.kind,
                line: rule.line,
                priority,
                via_index_html,
            });
        }
    }
    // Merged groups list their rules group by group; file order is rule
    // order.
    crate::sort::sort_by_key(&mut matches, |m| m.rule);
    let tokens = crawler.tokens();
    let tried = match selection {
        Selection::Token(index) => index.min(tokens.len()),
        _ => tokens.len(),
    };
    let decision = decide(&verdict, &matches);
    Explanation {
        groups: GroupChoice {
            // `/robots.txt` is decided before any group is looked at.
            selection: verdict.selection,
            unnamed_tokens: tokens[..tried].to_vec(),
            token: match selection {
                Selection::Token(index) => tokens.get(index).cloned(),
                _ => None,
            },
            groups,
            file_has_global: robots.has_global_group(),
            rule_count,
        },
        extracted_path: extracted.into_owned(),
        checked_path,
        path_encoding,
        matches,
        decision,
        mode: robots.mode,
        verdict,
    }
}

/// The reason for `verdict`, given every rule that matched (file order).
fn decide(verdict: &Verdict, matches: &[RuleMatch]) -> Decision {
    match verdict.selection {
        Selection::RobotsTxt => return Decision::RobotsTxt,
        Selection::FetchOutcome(outcome) => return Decision::FetchOutcome(outcome),
        Selection::NoGroup | Selection::GlobalIgnored => return Decision::NoGroup,
        Selection::Token(_) | Selection::Global => {}
    }
    let Some(winner) = verdict
        .rule
        .and_then(|rule| matches.iter().find(|m| m.rule == rule))
        .copied()
    else {
        return Decision::NoRuleMatched;
    };
    // A Disallow decides an allowed verdict only when it is empty.
    if winner.kind == RuleKind::Disallow && verdict.allowed {
        return Decision::EmptyDisallow(winner);
    }
    // The longest match of the other kind; the first in the file among
    // equals, as the matcher keeps.
    let rival = matches
        .iter()
        .filter(|m| m.kind == winner.kind.opposite())
        .fold(None::<RuleMatch>, |best, m| match best {
            Some(b) if b.priority >= m.priority => Some(b),
            _ => Some(*m),
        });
    match rival {
        // Only an Allow wins a tie.
        Some(disallow) if disallow.priority == winner.priority => Decision::AllowWinsTie {
            allow: winner,
            disallow,
        },
        _ if matches.len() == 1 => Decision::OnlyMatch(winner),
        rival => Decision::LongestMatch { winner, rival },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn explain(file: &str, spec: &str, url: &str) -> Explanation {
        let robots = Robots::parse(file.as_bytes());
        let crawler = Crawler::parse_spec(spec).unwrap();
        FetchedRobots::new(&robots, FetchOutcome::FETCHED).explain(
            &crawler,
            url,
            &CheckOptions::default(),
        )
    }

    fn lines(decision: &Decision) -> Vec<u32> {
        match *decision {
            Decision::OnlyMatch(m) | Decision::EmptyDisallow(m) => vec![m.line],
            Decision::LongestMatch { winner, rival } => {
                let mut lines = vec![winner.line];
                lines.extend(rival.map(|r| r.line));
                lines
            }
            Decision::AllowWinsTie { allow, disallow } => vec![allow.line, disallow.line],
            _ => Vec::new(),
        }
    }

    #[test]
    fn a_tie_names_both_rules() {
        let e = explain(
            "User-agent: *\nDisallow: /page\nAllow: /page\n",
            "Googlebot",
            "/page",
        );
        assert!(matches!(e.decision, Decision::AllowWinsTie { .. }));
        assert_eq!(lines(&e.decision), vec![3, 2]);
        assert_eq!(
            e.decision.deciding_rule().map(|m| m.line),
            Some(e.verdict.line)
        );
    }

    #[test]
    fn the_longest_match_names_its_rival_of_the_other_kind() {
        let file =
            "User-agent: *\nAllow: /a\nAllow: /b\nDisallow: /a/b\nDisallow: /a/c\nAllow: /a/b/c\n";
        let e = explain(file, "Googlebot", "/a/b/c");
        assert_eq!(lines(&e.decision), vec![6, 4]);
        assert!(e.verdict.allowed);
        let e = explain(file, "Googlebot", "/a/b/x");
        assert_eq!(lines(&e.decision), vec![4, 2]);
        assert!(!e.verdict.allowed);
        // Only one kind matches: no rival.
        let e = explain(
            "User-agent: *\nDisallow: /a\nDisallow: /a/b\n",
            "Googlebot",
            "/a/b",
        );
        assert_eq!(
            e.decision,
            Decision::LongestMatch {
                winner: e.matches[1],
                rival: None
            }
        );
    }

    #[test]
    fn the_rival_is_the_first_of_equally_long_matches() {
        let e = explain(
            "User-agent: *\nAllow: /a*\nAllow: /*a\nDisallow: /abc\n",
            "Googlebot",
            "/abc",
        );
        assert_eq!(lines(&e.decision), vec![4, 2]);
    }

    #[test]
    fn one_match_is_the_only_match() {
        let e = explain("User-agent: *\nDisallow: /x\n", "Googlebot", "/x/1");
        assert_eq!(lines(&e.decision), vec![2]);
        assert!(matches!(e.decision, Decision::OnlyMatch(_)));
        assert_eq!(e.groups.rule_count, 1);
    }

    #[test]
    fn an_empty_disallow_allows() {
        let e = explain("User-agent: *\nDisallow:\n", "Googlebot", "/x");
        assert!(e.verdict.allowed);
        assert!(matches!(e.decision, Decision::EmptyDisallow(m) if m.line == 2 && m.priority == 0));
    }

    #[test]
    fn no_match_no_group_and_ignored_globals_are_told_apart() {
        let e = explain("User-agent: *\nDisallow: /x\n", "Googlebot", "/y");
        assert_eq!(e.decision, Decision::NoRuleMatched);
        assert_eq!(e.groups.selection, Selection::Global);
        assert_eq!(e.groups.unnamed_tokens, vec!["Googlebot".to_string()]);

        let e = explain("User-agent: bingbot\nDisallow: /\n", "Googlebot", "/y");
        assert_eq!(e.decision, Decision::NoGroup);
        assert_eq!(e.groups.selection, Selection::NoGroup);
        assert!(!e.groups.file_has_global);

        let e = explain("User-agent: *\nDisallow: /\n", "AdsBot-Google>!*", "/y");
        assert_eq!(e.decision, Decision::NoGroup);
        assert_eq!(e.groups.selection, Selection::GlobalIgnored);
        assert!(e.groups.file_has_global);
    }

    #[test]
    fn fallback_tokens_record_the_unnamed_ones() {
        let e = explain(
            "User-agent: Googlebot\nDisallow: /x\n\nUser-agent: *\nDisallow: /\n",
            "Googlebot-Image>Googlebot",
            "/x/y",
        );
        assert_eq!(e.groups.unnamed_tokens, vec!["Googlebot-Image".to_string()]);
        assert_eq!(e.groups.token.as_deref(), Some("Googlebot"));
        assert_eq!(e.groups.selection, Selection::Token(1));
        assert_eq!(e.groups.groups, vec![0]);
        assert!(e.groups.file_has_global);
    }

    #[test]
    fn robots_txt_is_decided_before_groups() {
        let e = explain("User-agent: *\nDisallow: /\n", "Googlebot", "/robots.txt");
        assert_eq!(e.decision, Decision::RobotsTxt);
        assert_eq!(e.groups.selection, Selection::RobotsTxt);
        assert!(e.verdict.allowed);
    }

    #[test]
    fn the_path_encoding_is_reported() {
        let e = explain("User-agent: *\n", "Googlebot", "/café");
        assert_eq!(
            (e.path_encoding, e.checked_path.as_str()),
            (PathEncoding::Encoded, "/caf%C3%A9")
        );
        let e = explain("User-agent: *\n", "Googlebot", "https://a.example/x?y#z");
        assert_eq!(
            (e.path_encoding, e.checked_path.as_str()),
            (PathEncoding::Unchanged, "/x?y")
        );
        let robots = Robots::parse(b"User-agent: *\n");
        let raw = CheckOptions {
            raw_url: true,
            ..CheckOptions::default()
        };
        let e = FetchedRobots::new(&robots, FetchOutcome::FETCHED).explain(
            &Crawler::new("a"),
            "/café",
            &raw,
        );
        assert_eq!(e.path_encoding, PathEncoding::Raw);
    }

    #[test]
    fn index_html_matches_are_marked() {
        let e = explain(
            "User-agent: *\nDisallow: /\nAllow: /docs/index.html\n",
            "Googlebot",
            "/docs/",
        );
        assert!(e.verdict.allowed);
        assert!(e.matches.iter().any(|m| m.via_index_html && m.line == 3));
    }

    #[test]
    fn fetch_outcomes_explain_themselves() {
        let robots = Robots::parse(b"User-agent: *\nAllow: /\n");
        let outcome = FetchOutcome::Timeout;
        let fetched = FetchedRobots::new(&robots, outcome);
        let crawler = Crawler::new("Googlebot");
        let e = fetched.explain(&crawler, "https://a.example/x#y", &CheckOptions::default());
        assert_eq!(e.decision, Decision::FetchOutcome(outcome));
        assert_eq!(e.checked_path, "/x");
        assert!(!e.verdict.allowed);
        assert!(e.matches.is_empty() && e.groups.groups.is_empty());
    }
}
