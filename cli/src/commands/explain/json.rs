//! `explain --json`: one object per URL with the facts the text words: the
//! verdict record (as `check --format json` writes it), the path, the
//! groups, the matching rules, the decision, the near misses, and each
//! step's sources. Names are the library's stable ones (`as_str`).

use robots_matcher::tools::explain::{
    Basis, Decision, MissReason, NearMiss, PathEncoding, RuleMatch, Step,
};
use robots_matcher::tools::record::VerdictRecord;
use robots_matcher::{Robots, Selection};
use serde_json::{json, Value};

use super::Explained;

/// The JSON object for one explained URL.
pub(super) fn explanation(explained: &Explained<'_>) -> Value {
    let e = &explained.explanation;
    let robots = explained.robots();
    let agent = explained.crawler.spec();
    let matcher = explained
        .file
        .fetched()
        .matcher_with(explained.crawler, explained.options);
    let record = VerdictRecord::new(&matcher, &e.verdict, explained.url, &agent);
    let deciding = e.decision.deciding_rule().map(|m| m.rule);
    let choice = &e.groups;
    let step = |step: Step| sources(&explained.sources(step));
    json!({
        "url": explained.url,
        "agent": agent,
        "mode": e.mode.as_str(),
        "fetch": explained.file.outcome.map(|o| o.name()),
        "verdict": record,
        "path": {
            "extracted": e.extracted_path,
            "checked": e.checked_path,
            "encoding": match e.path_encoding {
                PathEncoding::Raw => "raw",
                PathEncoding::Unchanged => "unchanged",
                PathEncoding::Encoded => "encoded",
            },
            "sources": step(Step::Path),
        },
        "groups": {
            "evaluated": e.evaluated(Step::Groups),
            "selection": selection(choice.selection),
            "token": choice.token,
            "unnamed_tokens": choice.unnamed_tokens,
            "groups": choice.groups.iter().filter_map(|&g| robots.groups().get(g)).map(|g| json!({
                "lines": [g.lines.start, g.lines.end],
                "agents": g.agents.iter().map(|a| a.value.as_str()).collect::<Vec<_>>(),
            })).collect::<Vec<_>>(),
            "file_has_global": choice.file_has_global,
            "rule_count": choice.rule_count,
            "sources": step(Step::Groups),
        },
        "rules": {
            "evaluated": e.evaluated(Step::Rules),
            "matches": e.matches.iter().map(|m| matched(robots, m, deciding == Some(m.rule))).collect::<Vec<_>>(),
            "sources": step(Step::Rules),
        },
        "decision": decision(robots, &e.decision, step(Step::Decision)),
        "why_not": {
            "evaluated": explained.why_not.evaluated,
            "near_misses": explained.why_not.near_misses.iter().map(|m| near_miss(robots, m)).collect::<Vec<_>>(),
            "omitted": explained.why_not.omitted,
            "sources": sources(&explained.why_not.sources()),
        },
    })
}

/// Why the groups apply, by a stable name.
fn selection(selection: Selection) -> &'static str {
    match selection {
        Selection::Token(0) => "token",
        Selection::Token(_) => "fallback-token",
        Selection::Global => "global",
        Selection::NoGroup => "no-group",
        Selection::GlobalIgnored => "global-ignored",
        Selection::RobotsTxt => "robots-txt",
        Selection::FetchOutcome(_) => "fetch-outcome",
    }
}

fn rule_text(robots: &Robots, rule: usize) -> &str {
    robots.rules().get(rule).map_or("", |r| r.text.as_str())
}

fn matched(robots: &Robots, m: &RuleMatch, deciding: bool) -> Value {
    json!({
        "line": m.line,
        "rule": rule_text(robots, m.rule),
        "kind": m.kind.as_str(),
        "length": m.priority,
        "via_index_html": m.via_index_html,
        "deciding": deciding,
    })
}

fn decision(robots: &Robots, decision: &Decision, sources: Value) -> Value {
    let rule = |m: &RuleMatch| matched(robots, m, false);
    let (winner, other) = match decision {
        Decision::OnlyMatch(w) | Decision::EmptyDisallow(w) => (Some(w), None),
        Decision::LongestMatch { winner, rival } => (Some(winner), rival.as_ref()),
        Decision::AllowWinsTie { allow, disallow } => (Some(allow), Some(disallow)),
        Decision::RobotsTxt
        | Decision::FetchOutcome(_)
        | Decision::NoGroup
        | Decision::NoRuleMatched => (None, None),
    };
    json!({
        "kind": decision.as_str(),
        "deciding": winner.map(|w| matched(robots, w, true)),
        "rival": other.map(rule),
        "sources": sources,
    })
}

fn near_miss(robots: &Robots, miss: &NearMiss) -> Value {
    let pattern = robots
        .rules()
        .get(miss.rule)
        .map(|r| r.pattern.as_str_lossy())
        .unwrap_or_default();
    json!({
        "line": miss.line,
        "rule": rule_text(robots, miss.rule),
        "kind": miss.kind.as_str(),
        "reason": miss.reason.as_str(),
        "unread": match miss.reason {
            MissReason::GroupNotRead(unread) => Some(unread.as_str()),
            _ => None,
        },
        "group_lines": robots.groups().get(miss.group).map(|g| [g.lines.start, g.lines.end]),
        "pattern": pattern,
        "path_offset": miss.at.map(|at| at.path),
        "pattern_offset": miss.at.map(|at| at.pattern),
        "length": miss.length,
        "would_decide": miss.would_decide,
        "sources": sources(&[miss.basis()]),
    })
}

/// Sources as `{basis, title, url, google_only}` objects.
fn sources(bases: &[Basis]) -> Value {
    Value::Array(
        bases
            .iter()
            .map(|basis| {
                let reference = basis.reference();
                json!({
                    "basis": basis.as_str(),
                    "title": reference.title,
                    "url": reference.url,
                    "google_only": basis.google_only(),
                })
            })
            .collect(),
    )
}
