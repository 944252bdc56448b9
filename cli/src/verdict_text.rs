//! Words for a verdict that `check` and `diff` share: the deciding rule as
//! written, or why no rule decided.

use robots_matcher::{Robots, Selection, Verdict};

/// The deciding rule as written in the file (`Disallow: /private`), if a
/// rule decided.
fn deciding_rule<'r>(robots: &'r Robots, verdict: &Verdict) -> Option<&'r str> {
    verdict
        .rule
        .and_then(|index| robots.rules().get(index))
        .map(|rule| rule.text.as_str())
}

/// Why a verdict has no deciding rule, in a few words.
pub fn why_no_rule(verdict: &Verdict) -> &'static str {
    match verdict.selection {
        Selection::RobotsTxt => "/robots.txt itself is always allowed",
        Selection::GlobalIgnored => "no group names this crawler, and it ignores the * group",
        Selection::NoGroup => "no group names this crawler and there is no * group",
        Selection::FetchOutcome(_) => "robots.txt could not be fetched",
        Selection::Token(_) | Selection::Global => "no rule matches",
    }
}

/// The `L2` and `Disallow: /private` cells of a verdict, or `-` and the
/// reason in parentheses when no rule decided.
pub fn line_and_rule(robots: &Robots, verdict: &Verdict) -> (String, String) {
    match deciding_rule(robots, verdict) {
        Some(rule) => (format!("L{}", verdict.line), rule.to_string()),
        None => ("-".to_string(), format!("({})", why_no_rule(verdict))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use robots_matcher::Crawler;

    #[test]
    fn reasons_name_why_no_rule_decided() {
        let robots = Robots::parse(b"User-agent: *\nDisallow: /x\n");
        let reason = |spec: &str, url: &str| {
            let crawler = Crawler::parse_spec(spec).unwrap();
            line_and_rule(&robots, &robots.check(&crawler, url))
        };
        assert_eq!(
            reason("A", "/x"),
            ("L2".to_string(), "Disallow: /x".to_string())
        );
        assert_eq!(reason("A", "/y").1, "(no rule matches)");
        assert_eq!(
            reason("A>!*", "/x").1,
            "(no group names this crawler, and it ignores the * group)"
        );
        assert_eq!(
            reason("A", "/robots.txt").1,
            "(/robots.txt itself is always allowed)"
        );
        let empty = Robots::parse(b"");
        let verdict = empty.check(&Crawler::new("A"), "/x");
        assert_eq!(
            why_no_rule(&verdict),
            "no group names this crawler and there is no * group"
        );
    }
}
