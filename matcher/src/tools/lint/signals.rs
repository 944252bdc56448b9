//! `signal-contradicts-rules`: a usage preference (Content-Signal or
//! Content-Usage) that the file's own rules contradict, using the presets'
//! purposes to say which crawlers a use concerns:
//!
//! - a use invited (`search=yes`, `ai-input=yes`, `train-ai=y`) while every
//!   crawler of that purpose is shut out of the whole site (a Disallow
//!   that matches every path, and no Allow), so none can act on it;
//! - a use declined (`ai-train=no`) while a group naming a crawler of that
//!   purpose lets it fetch the whole site (`Allow: /` or an empty
//!   `Disallow:`, and no Disallow): it is invited in by name for the very
//!   use the line declines.
//!
//! Labels and their purposes: Content-Signal's `search` (search),
//! `ai-input` (AI search and assistants), `ai-train` (AI training);
//! Content-Usage's `search` and `train-ai` (draft-ietf-aipref-vocab-07).

use super::{Code, Diagnostic};
use crate::agent::Crawler;
use crate::model::{Rule, RuleKind};
use crate::robots::Robots;
use crate::tools::crawlers::{find, presets, Purpose};
use crate::tools::usage::{parse_usage, term, UsageDirective};

/// The purpose whose crawlers a label's use concerns.
fn purpose_of(directive: UsageDirective, label: &str) -> Option<Purpose> {
    Some(match (directive, label) {
        (_, "search") => Purpose::Search,
        (UsageDirective::ContentSignal, "ai-input") => Purpose::AiSearch,
        (UsageDirective::ContentSignal, "ai-train")
        | (UsageDirective::ContentUsage, "train-ai") => Purpose::AiTraining,
        _ => return None,
    })
}

/// A pattern that matches every path.
fn matches_everything(rule: &Rule) -> bool {
    matches!(rule.pattern.as_bytes(), b"/" | b"/*" | b"*")
}

/// How the rules that apply to a crawler treat the whole site.
enum WholeSite {
    /// A Disallow matching every path (its line), no Allow.
    Blocked(u32),
    /// An allow-everything rule (its line), no Disallow that blocks.
    Invited(u32),
    Neither,
}

fn whole_site(robots: &Robots, crawler: &Crawler) -> WholeSite {
    let matcher = robots.matcher_for(crawler);
    let rules: Vec<&Rule> = matcher
        .groups()
        .iter()
        .flat_map(|&g| &robots.rules()[robots.groups()[g].rules.clone()])
        .collect();
    let allows = rules
        .iter()
        .any(|r| r.kind == RuleKind::Allow && !r.value.is_empty());
    let blocking = rules
        .iter()
        .any(|r| r.kind == RuleKind::Disallow && !r.value.is_empty());
    if let Some(all) = rules
        .iter()
        .find(|r| r.kind == RuleKind::Disallow && matches_everything(r))
    {
        if !allows {
            return WholeSite::Blocked(all.line);
        }
    }
    let invite = rules.iter().find(|r| {
        (r.kind == RuleKind::Allow && matches_everything(r))
            || (r.kind == RuleKind::Disallow && r.value.is_empty())
    });
    match invite {
        Some(rule) if !blocking => WholeSite::Invited(rule.line),
        _ => WholeSite::Neither,
    }
}

/// The findings for every usage line of `robots`.
pub(super) fn contradictions(robots: &Robots) -> Vec<Diagnostic> {
    let mut findings = Vec::new();
    for other in robots.other_directives() {
        let Some(directive) = UsageDirective::from_key(&other.key) else {
            continue;
        };
        for preference in parse_usage(directive, &other.value).preferences {
            let (Some(purpose), Some(allows)) = (
                purpose_of(directive, &preference.label),
                preference.allows(),
            ) else {
                continue;
            };
            let meaning = term(directive, &preference.label).map_or("", |t| t.meaning);
            let said = format!(
                "Line {}'s {} says {}={} ({meaning})",
                other.line,
                directive.key(),
                preference.label,
                preference.value
            );
            let message = if allows {
                invited_but_blocked(robots, purpose, &said)
            } else {
                declined_but_invited(robots, purpose, &said)
            };
            if let Some(message) = message {
                let span = robots.line(other.line).map_or(0..0, |l| l.span.clone());
                findings.push(Diagnostic::new(
                    Code::SignalContradictsRules,
                    other.line,
                    span,
                    message,
                ));
            }
        }
    }
    findings
}

/// A use invited while every crawler of its purpose is shut out.
fn invited_but_blocked(robots: &Robots, purpose: Purpose, said: &str) -> Option<String> {
    let crawlers: Vec<&str> = presets()
        .iter()
        .filter(|p| p.purpose == purpose)
        .map(|p| p.token)
        .collect();
    let mut lines: Vec<u32> = Vec::new();
    for preset in presets().iter().filter(|p| p.purpose == purpose) {
        match whole_site(robots, &preset.crawler()) {
            WholeSite::Blocked(line) if !lines.contains(&line) => lines.push(line),
            WholeSite::Blocked(_) => {}
            _ => return None,
        }
    }
    if lines.is_empty() {
        return None;
    }
    crate::sort::sort_by_key(&mut lines, |&l| l);
    let named: Vec<&str> = crawlers.iter().take(3).copied().collect();
    Some(format!(
        "{said}, but the file shuts every {} out of the whole site ({} of them, such as {}, by line{} {}): none of them may fetch a page to use it that way. Allow them, or state what you mean.",
        purpose.crawler_noun().trim_start_matches("a ").trim_start_matches("an "),
        crawlers.len(),
        named.join(", "),
        if lines.len() == 1 { "" } else { "s" },
        lines.iter().map(u32::to_string).collect::<Vec<_>>().join(", ")
    ))
}

/// A use declined while a group names a crawler of its purpose and lets it
/// fetch everything.
fn declined_but_invited(robots: &Robots, purpose: Purpose, said: &str) -> Option<String> {
    let mut invited: Vec<(String, u32)> = Vec::new();
    for group in robots.groups() {
        for token in group.names().filter(|&n| n != "*") {
            if find(token).is_none_or(|p| p.purpose != purpose)
                || invited.iter().any(|(t, _)| t.eq_ignore_ascii_case(token))
            {
                continue;
            }
            if let WholeSite::Invited(line) = whole_site(robots, &Crawler::new(token)) {
                invited.push((token.to_string(), line));
            }
        }
    }
    let (first, line) = invited.first()?;
    let names: Vec<&str> = invited.iter().map(|(t, _)| t.as_str()).collect();
    Some(format!(
        "{said}, but the file lets {} ({}) fetch the whole site by name (line {line}{}): it visits for the very use this line declines. Block it with 'Disallow: /', or drop the preference.",
        names.join(", "),
        if names.len() == 1 {
            purpose.crawler_noun().to_string()
        } else {
            format!("each {}", purpose.crawler_noun().trim_start_matches("a ").trim_start_matches("an "))
        },
        if names.len() > 1 { format!(" for {first}") } else { String::new() },
    ))
}
