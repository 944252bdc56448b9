//! What governs each step of an explanation: the behaviour a step rests on
//! ([`Basis`]), from which front ends link the document that writes it
//! down ([`Basis::reference`]: the RFC 9309 section where the RFC governs,
//! Google's documentation or its open-source parser for what only Google
//! does).
//!
//! The bases follow from the facts: a fallback token adds Google's crawler
//! overview to the group step, a rule read through a misspelt key adds
//! Google's parser to the rules step, a fetch outcome makes every step
//! rest on its RFC 9309 2.3.1 section (the rules were never evaluated).

use crate::key::{classify, Spelling};
use crate::robots::Robots;
use crate::tools::explain::{Decision, Explanation, PathEncoding, RuleMatch};
use crate::verdict::Selection;
use crate::{FetchOutcome, Mode};

/// A step of an explanation, in the order front ends show them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Step {
    /// The path taken from the URL and how it was encoded.
    Path,
    /// Which groups apply to the crawler.
    Groups,
    /// Which of their rules match the path.
    Rules,
    /// How the verdict follows.
    Decision,
}

/// A behaviour an explanation step (or a near miss) rests on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Basis {
    /// Rules match the path and query from the path's first byte,
    /// byte by byte, case-sensitively.
    PathMatching,
    /// Bytes outside ASCII and reserved ones are percent-encoded before
    /// comparing, and escapes of unreserved characters decoded (RFC 9309's
    /// normalisation).
    PercentEncoding,
    /// Google compares the path as a crawler's request carries it:
    /// non-ASCII percent-encoded, escapes kept as written.
    GooglePathEncoding,
    /// `/robots.txt` itself is always allowed.
    RobotsTxtAllowed,
    /// How fetching robots.txt ended decides for every URL; no group and
    /// no rule is evaluated.
    FetchOutcome(FetchOutcome),
    /// The groups naming the crawler's product token apply, merged; else
    /// the `*` groups; else no rule applies.
    GroupSelection,
    /// A Google crawler with no group of its own obeys a fallback token's
    /// (Googlebot-Image obeys `Googlebot`).
    FallbackToken,
    /// Special-case crawlers (AdsBot-Google, ...) ignore the `*` group.
    IgnoresGlobal,
    /// `*` matches any run of characters, a final `$` the end of the path.
    SpecialCharacters,
    /// Google reads an Allow of `.../index.html` as also allowing the
    /// directory (`.../`).
    IndexHtml,
    /// Google reads misspelt and extended keys (`Dissallow`,
    /// `Disallowed`).
    TypoAccepted,
    /// Google reads a `key value` line without its colon.
    MissingColon,
    /// Google reads only the first 500 KiB of the file.
    SizeLimit,
    /// The longest matching pattern decides.
    LongestMatch,
    /// An Allow and a Disallow of the same length: the Allow wins.
    AllowWinsTie,
    /// A rule without a path (`Disallow:`) restricts nothing.
    EmptyDisallow,
    /// No rule matches: the path is allowed.
    NoMatchAllows,
}

impl Basis {
    /// Stable lower-case name, e.g. `allow-wins-tie`.
    pub fn as_str(self) -> &'static str {
        match self {
            Basis::PathMatching => "path-matching",
            Basis::PercentEncoding => "percent-encoding",
            Basis::GooglePathEncoding => "google-path-encoding",
            Basis::RobotsTxtAllowed => "robots-txt-allowed",
            Basis::FetchOutcome(_) => "fetch-outcome",
            Basis::GroupSelection => "group-selection",
            Basis::FallbackToken => "fallback-token",
            Basis::IgnoresGlobal => "ignores-global",
            Basis::SpecialCharacters => "special-characters",
            Basis::IndexHtml => "index-html",
            Basis::TypoAccepted => "typo-accepted",
            Basis::MissingColon => "missing-colon",
            Basis::SizeLimit => "size-limit",
            Basis::LongestMatch => "longest-match",
            Basis::AllowWinsTie => "allow-wins-tie",
            Basis::EmptyDisallow => "empty-disallow",
            Basis::NoMatchAllows => "no-match-allows",
        }
    }

    /// Whether this is Google's behaviour rather than RFC 9309's (the RFC
    /// says otherwise, or nothing).
    pub fn google_only(self) -> bool {
        matches!(
            self,
            Basis::GooglePathEncoding
                | Basis::FallbackToken
                | Basis::IgnoresGlobal
                | Basis::IndexHtml
                | Basis::TypoAccepted
                | Basis::MissingColon
                | Basis::SizeLimit
        )
    }
}

impl Explanation {
    /// Whether `step` was taken: when how fetching robots.txt ended
    /// decided, or for `/robots.txt` itself, no group was looked at and no
    /// rule evaluated; when no group applies, no rule was evaluated.
    pub fn evaluated(&self, step: Step) -> bool {
        match (step, self.decision) {
            (Step::Path | Step::Decision, _) => true,
            (_, Decision::FetchOutcome(_) | Decision::RobotsTxt) => false,
            (Step::Rules, Decision::NoGroup) => false,
            (Step::Groups | Step::Rules, _) => true,
        }
    }

    /// What `step` rests on, the governing behaviour first. `robots` is the
    /// file explained (its lines tell how each matching rule was read).
    pub fn sources(&self, robots: &Robots, step: Step) -> Vec<Basis> {
        if let Decision::FetchOutcome(outcome) = self.decision {
            return vec![Basis::FetchOutcome(outcome)];
        }
        let mut sources = Vec::new();
        match step {
            Step::Path => {
                sources.push(Basis::PathMatching);
                match (self.path_encoding, self.mode) {
                    (PathEncoding::Encoded, Mode::Google) => {
                        sources.push(Basis::GooglePathEncoding)
                    }
                    (PathEncoding::Encoded, Mode::Rfc9309) => sources.push(Basis::PercentEncoding),
                    (PathEncoding::Unchanged | PathEncoding::Raw, _) => {}
                }
            }
            Step::Groups => match self.groups.selection {
                Selection::RobotsTxt => sources.push(Basis::RobotsTxtAllowed),
                Selection::Token(index) => {
                    sources.push(Basis::GroupSelection);
                    if index > 0 {
                        sources.push(Basis::FallbackToken);
                    }
                }
                Selection::GlobalIgnored => {
                    sources.extend([Basis::GroupSelection, Basis::IgnoresGlobal]);
                }
                Selection::Global | Selection::NoGroup | Selection::FetchOutcome(_) => {
                    sources.push(Basis::GroupSelection);
                }
            },
            Step::Rules => match self.decision {
                Decision::RobotsTxt => sources.push(Basis::RobotsTxtAllowed),
                Decision::NoGroup => sources.push(Basis::GroupSelection),
                _ => self.rule_sources(robots, &mut sources),
            },
            Step::Decision => self.decision_sources(&mut sources),
        }
        sources
    }

    /// The rules step's: matching itself, then what the matching rules
    /// needed (each once), and Google's size limit when it cut the file.
    fn rule_sources(&self, robots: &Robots, sources: &mut Vec<Basis>) {
        sources.push(Basis::PathMatching);
        for m in &self.matches {
            for basis in match_sources(robots, m) {
                if !sources.contains(&basis) {
                    sources.push(basis);
                }
            }
        }
        if robots.ignored_len() > 0 && !sources.contains(&Basis::SizeLimit) {
            sources.push(Basis::SizeLimit);
        }
    }

    fn decision_sources(&self, sources: &mut Vec<Basis>) {
        match self.decision {
            Decision::RobotsTxt => sources.push(Basis::RobotsTxtAllowed),
            Decision::FetchOutcome(outcome) => sources.push(Basis::FetchOutcome(outcome)),
            Decision::NoGroup => {
                sources.push(Basis::GroupSelection);
                if self.groups.selection == Selection::GlobalIgnored {
                    sources.push(Basis::IgnoresGlobal);
                }
            }
            Decision::NoRuleMatched => sources.push(Basis::NoMatchAllows),
            Decision::OnlyMatch(winner) | Decision::LongestMatch { winner, .. } => {
                sources.push(Basis::LongestMatch);
                if winner.via_index_html {
                    sources.push(Basis::IndexHtml);
                }
            }
            Decision::AllowWinsTie { allow, .. } => {
                sources.push(Basis::AllowWinsTie);
                if allow.via_index_html {
                    sources.push(Basis::IndexHtml);
                }
            }
            Decision::EmptyDisallow(_) => sources.push(Basis::EmptyDisallow),
        }
    }
}

/// What one matching rule needed beyond plain matching: `*` or a final
/// `$`, Google's `/index.html` rule, a key Google reads despite its
/// spelling, a missing colon. `robots` is the file explained.
pub fn match_sources(robots: &Robots, m: &RuleMatch) -> Vec<Basis> {
    let mut sources = Vec::new();
    let Some(rule) = robots.rules().get(m.rule) else {
        return sources;
    };
    let pattern = rule.pattern.as_bytes();
    if pattern.contains(&b'*') || pattern.ends_with(b"$") {
        sources.push(Basis::SpecialCharacters);
    }
    if m.via_index_html {
        sources.push(Basis::IndexHtml);
    }
    let (spelling, missing_colon) = key_reading(robots, rule.line);
    if spelling != Spelling::Exact {
        sources.push(Basis::TypoAccepted);
    }
    if missing_colon {
        sources.push(Basis::MissingColon);
    }
    sources
}

/// How line `number`'s key was read: its spelling, and whether the colon
/// after it is missing (Google then reads the whitespace as the colon).
fn key_reading(robots: &Robots, number: u32) -> (Spelling, bool) {
    let Some((key, value)) = robots
        .line(number)
        .and_then(|line| line.key.clone().zip(line.value.clone()))
    else {
        return (Spelling::Exact, false);
    };
    let input = robots.input();
    let spelling = classify(&input[key.clone()], robots.mode()).spelling;
    let between = input.get(key.end..value.start).unwrap_or_default();
    (spelling, !between.contains(&b':'))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::agent::Crawler;
    use crate::fetched::FetchedRobots;
    use crate::verdict::CheckOptions;

    fn sources(file: &str, spec: &str, url: &str) -> [Vec<Basis>; 4] {
        sources_with(
            &Robots::parse(file.as_bytes()),
            FetchOutcome::FETCHED,
            spec,
            url,
        )
    }

    fn sources_with(
        robots: &Robots,
        outcome: FetchOutcome,
        spec: &str,
        url: &str,
    ) -> [Vec<Basis>; 4] {
        let crawler = Crawler::parse_spec(spec).unwrap();
        let e =
            FetchedRobots::new(robots, outcome).explain(&crawler, url, &CheckOptions::default());
        [Step::Path, Step::Groups, Step::Rules, Step::Decision].map(|step| e.sources(robots, step))
    }

    #[test]
    fn a_fetch_outcome_governs_every_step_and_no_rule_is_evaluated() {
        let robots = Robots::parse(b"User-agent: *\nDisallow: /x\n");
        let outcome: FetchOutcome = "503".parse().unwrap();
        let all = sources_with(&robots, outcome, "Googlebot", "/x");
        for step in all {
            assert_eq!(step, vec![Basis::FetchOutcome(outcome)]);
        }
        let e = FetchedRobots::new(&robots, outcome).explain(
            &Crawler::new("Googlebot"),
            "/x",
            &CheckOptions::default(),
        );
        assert!(!e.evaluated(Step::Groups) && !e.evaluated(Step::Rules));
        assert!(e.evaluated(Step::Decision));
    }

    #[test]
    fn google_only_behaviour_rests_on_google_sources() {
        // The Googlebot-Image fallback.
        let [_, groups, _, _] = sources(
            "User-agent: Googlebot\nDisallow: /x\n",
            "Googlebot-Image>Googlebot",
            "/x",
        );
        assert_eq!(groups, vec![Basis::GroupSelection, Basis::FallbackToken]);
        // AdsBot ignoring `*`.
        let [_, groups, rules, decision] =
            sources("User-agent: *\nDisallow: /\n", "AdsBot-Google>!*", "/x");
        assert_eq!(groups, vec![Basis::GroupSelection, Basis::IgnoresGlobal]);
        assert_eq!(rules, vec![Basis::GroupSelection]);
        assert_eq!(decision, vec![Basis::GroupSelection, Basis::IgnoresGlobal]);
        // The `/index.html` rule, in the rules and the decision.
        let [_, _, rules, decision] = sources(
            "User-agent: *\nDisallow: /\nAllow: /index.html\n",
            "Googlebot",
            "/",
        );
        assert_eq!(rules, vec![Basis::PathMatching, Basis::IndexHtml]);
        assert_eq!(decision, vec![Basis::LongestMatch, Basis::IndexHtml]);
        // A misspelt key and a missing colon, only when a matching rule
        // was read through them.
        let file = "User-agent: *\nDissallow: /a\nDisallow /b\nDisallowed: /c\n";
        assert_eq!(
            sources(file, "Googlebot", "/a")[2],
            vec![Basis::PathMatching, Basis::TypoAccepted]
        );
        assert_eq!(
            sources(file, "Googlebot", "/b")[2],
            vec![Basis::PathMatching, Basis::MissingColon]
        );
        assert_eq!(
            sources(file, "Googlebot", "/c")[2],
            vec![Basis::PathMatching, Basis::TypoAccepted]
        );
        assert_eq!(
            sources(file, "Googlebot", "/d")[2],
            vec![Basis::PathMatching]
        );
        for basis in [
            Basis::FallbackToken,
            Basis::IgnoresGlobal,
            Basis::IndexHtml,
            Basis::TypoAccepted,
            Basis::MissingColon,
        ] {
            assert!(basis.google_only(), "{basis:?}");
        }
    }

    #[test]
    fn rfc_behaviour_rests_on_the_rfc() {
        let file = "User-agent: *\nDisallow: /*.pdf$\nAllow: /page\nDisallow: /page\n";
        let [path, groups, rules, decision] = sources(file, "Googlebot", "/a.pdf");
        assert_eq!(path, vec![Basis::PathMatching]);
        assert_eq!(groups, vec![Basis::GroupSelection]);
        assert_eq!(rules, vec![Basis::PathMatching, Basis::SpecialCharacters]);
        assert_eq!(decision, vec![Basis::LongestMatch]);
        assert_eq!(
            sources(file, "Googlebot", "/page")[3],
            vec![Basis::AllowWinsTie]
        );
        assert_eq!(
            sources(file, "Googlebot", "/q")[3],
            vec![Basis::NoMatchAllows]
        );
        assert_eq!(
            sources(file, "Googlebot", "/robots.txt")[1],
            vec![Basis::RobotsTxtAllowed]
        );
        assert_eq!(
            sources("User-agent: *\nDisallow:\n", "Googlebot", "/q")[3],
            vec![Basis::EmptyDisallow]
        );
        // The path's encoding: Google's request encoding, or the RFC's.
        assert_eq!(
            sources(file, "Googlebot", "/café")[0],
            vec![Basis::PathMatching, Basis::GooglePathEncoding]
        );
        let rfc = Robots::parse_with(
            file.as_bytes(),
            &crate::ParseOptions {
                mode: Mode::Rfc9309,
                size_limit: None,
            },
        );
        assert_eq!(
            sources_with(&rfc, FetchOutcome::FETCHED, "Googlebot", "/café")[0],
            vec![Basis::PathMatching, Basis::PercentEncoding]
        );
    }

    #[test]
    fn a_cut_file_adds_the_size_limit() {
        let mut file = String::from("User-agent: *\nDisallow: /a\n");
        file.push_str(&"# padding\n".repeat(60_000));
        file.push_str("Disallow: /b\n");
        let robots = Robots::parse_with(file.as_bytes(), &crate::ParseOptions::googlebot());
        let [_, _, rules, _] = sources_with(&robots, FetchOutcome::FETCHED, "Googlebot", "/a");
        assert_eq!(rules, vec![Basis::PathMatching, Basis::SizeLimit]);
    }
}
