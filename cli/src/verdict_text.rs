//! Words for a verdict that `check` and `diff` share: the deciding rule as
//! written, or why no rule decided.

use std::borrow::Cow;

use robots_matcher::{FetchOutcome, Robots, Selection, Verdict};

/// The deciding rule as written in the file (`Disallow: /private`), if a
/// rule decided.
fn deciding_rule<'r>(robots: &'r Robots, verdict: &Verdict) -> Option<&'r str> {
    verdict
        .rule
        .and_then(|index| robots.rules().get(index))
        .map(|rule| rule.text.as_str())
}

/// Why a verdict has no deciding rule, in a few words.
pub fn why_no_rule(verdict: &Verdict) -> Cow<'static, str> {
    Cow::Borrowed(match verdict.selection {
        Selection::RobotsTxt => "/robots.txt itself is always allowed",
        Selection::GlobalIgnored => "no group names this crawler, and it ignores the * group",
        Selection::NoGroup => "no group names this crawler and there is no * group",
        Selection::FetchOutcome(outcome) => return Cow::Owned(outcome_reason(outcome)),
        Selection::Token(_) | Selection::Global => "no rule matches",
    })
}

/// How fetching robots.txt ended and what that means for every URL, with
/// the RFC 9309 section that says so: "robots.txt answered HTTP 404, so
/// every URL is allowed (RFC 9309 2.3.1.3)". Every command words the
/// policy's decisions, fetched or simulated, with this.
pub fn outcome_reason(outcome: FetchOutcome) -> String {
    let how = match outcome {
        FetchOutcome::Status { .. } if outcome.fixed_verdict().is_none() => {
            format!("robots.txt answered {outcome}, so its rules decide")
        }
        FetchOutcome::Status {
            code: 300..=399, ..
        } => format!("fetching robots.txt ended at {outcome}"),
        FetchOutcome::Status { .. } => format!("robots.txt answered {outcome}"),
        FetchOutcome::Timeout | FetchOutcome::NetworkError => {
            format!("fetching robots.txt ended in {outcome}")
        }
    };
    match outcome.fixed_verdict() {
        Some(verdict) => format!(
            "{how}, so every URL is {} (RFC 9309 {})",
            verdict.as_str(),
            outcome.rfc_section()
        ),
        None => format!("{how} (RFC 9309 {})", outcome.rfc_section()),
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

    #[test]
    fn fetch_outcomes_say_what_they_mean_for_every_url() {
        let reason = |name: &str| outcome_reason(name.parse().unwrap());
        assert_eq!(
            reason("404"),
            "robots.txt answered HTTP 404, so every URL is allowed (RFC 9309 2.3.1.3)"
        );
        assert_eq!(
            reason("503"),
            "robots.txt answered HTTP 503, so every URL is disallowed (RFC 9309 2.3.1.4)"
        );
        assert_eq!(
            reason("timeout"),
            "fetching robots.txt ended in a timeout, so every URL is disallowed (RFC 9309 2.3.1.4)"
        );
        assert_eq!(
            reason("redirect-6"),
            "fetching robots.txt ended at a redirect after 5 redirects (crawlers follow 5), so every URL is allowed (RFC 9309 2.3.1.2)"
        );
        assert_eq!(
            reason("redirect-2"),
            "robots.txt answered HTTP 200 after 2 redirects, so its rules decide (RFC 9309 2.3.1.1)"
        );
        let verdict = "429"
            .parse::<FetchOutcome>()
            .unwrap()
            .fixed_verdict()
            .unwrap();
        assert_eq!(why_no_rule(&verdict), reason("429"));
    }
}
