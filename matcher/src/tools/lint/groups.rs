//! `group-drops-global-rules`: a group naming crawlers, with Disallow rules
//! of its own, that leaves out paths the `*` group disallows. A crawler
//! follows only the groups that name it, so once it has one, the `*`
//! group's rules stop applying to it: `User-agent: GPTBot` with
//! `Disallow: /drafts/` lets GPTBot into the `/private/` that `*` kept
//! everyone out of. A group that only allows (`Allow: /` for Googlebot) is
//! deliberate, and so is a path the group itself allows: neither is a
//! finding. Nor is a User-agent value read only in part (`Spinn3r` as
//! `Spinn`): the crawler it means never follows the group.
//!
//! A `*` Disallow is left out when a path it blocks (its pattern with each
//! `*` read as one letter and a final `$` dropped) is disallowed for the
//! `*` group but allowed for the named crawler with no rule deciding. The
//! fix copies the left-out Disallow lines, with the `*` group's Allow lines
//! that carve exceptions out of them, to the end of the group.

use std::collections::{HashMap, HashSet};

use super::{shorten, Code, Diagnostic, Fix};
use crate::agent::Crawler;
use crate::model::{AgentName, Group, RuleKind};
use crate::options::GOOGLE_SIZE_LIMIT;
use crate::robots::Robots;
use crate::tools::crawlers::find;
use crate::verdict::{Category, CheckOptions};

/// The findings for every group of `robots` (whose bytes are `input`).
pub(super) fn dropped_rules(robots: &Robots, input: &[u8]) -> Vec<Diagnostic> {
    let rules = robots.rules();
    let global = Crawler::new("*");
    let raw = CheckOptions {
        raw_url: true,
        ..CheckOptions::default()
    };
    let global_matcher = robots.matcher_with(&global, &raw);
    let global_groups = global_matcher.groups();
    if global_groups.is_empty() {
        return Vec::new();
    }
    // The `*` group's Disallows, each with a path it blocks.
    let global_disallows: Vec<(usize, String)> = global_groups
        .iter()
        .flat_map(|&g| robots.groups()[g].rules.clone())
        .filter(|&r| rules[r].kind == RuleKind::Disallow && !rules[r].value.is_empty())
        .map(|r| (r, example_path(&rules[r].value)))
        .filter(|(_, path)| !global_matcher.check(path).allowed)
        .collect();
    // The `*` group's Allows, each with a path it allows.
    let global_allows: Vec<(usize, String)> = global_groups
        .iter()
        .flat_map(|&g| robots.groups()[g].rules.clone())
        .filter(|&r| rules[r].kind == RuleKind::Allow && !rules[r].value.is_empty())
        .map(|r| (r, example_path(&rules[r].value)))
        .collect();
    let mut reported: Vec<String> = Vec::new();
    // For each crawler (lowercased token), which `*` Allows decide nothing
    // else for it: computed once per crawler, not once per group naming it
    // (a file that repeats its groups hundreds of times stays linear).
    let mut free_for: HashMap<String, Vec<bool>> = HashMap::new();
    let mut findings = Vec::new();
    // Bytes the fixes may still copy, all findings together (see
    // `FIX_ROOM`).
    let mut fix_room = FIX_ROOM;
    // Whether each rule is in the group's `dropped` (below).
    let mut is_dropped = vec![false; rules.len()];
    for group in robots.groups() {
        if group.is_global() || !has_own_disallow(robots, group) {
            continue;
        }
        let mut crawlers: Vec<&str> = Vec::new();
        // The left-out Disallows in the order first found, each once
        // (`is_dropped`, cleared after each group: a group can leave out
        // thousands, and a list searched for each would make the lint
        // quadratic).
        let mut dropped: Vec<usize> = Vec::new();
        // The `*` Allows that no other rule decides for any of its crawlers
        // (no rule, or that very Allow, where a crawler is named in the `*`
        // group too): copying them with the Disallows they carve exceptions
        // from keeps those exceptions and changes nothing else.
        // Held as places in `global_allows`, so each crawler checks each
        // Allow once (linear in the Allows, not quadratic).
        let mut free_allows: Vec<usize> = (0..global_allows.len()).collect();
        for agent in &group.agents {
            let AgentName::Token(token) = &agent.name else {
                continue;
            };
            // Every crawler of the group gets the copied rules, whether or
            // not it is reported here (it may be reported at another group
            // naming it, ignore `*`, or be named by a value read only in
            // part, as `Mozilla/5.0 (...)` names `Mozilla`): an Allow is free to copy only when
            // it decides nothing else for any of them.
            let key = token.to_ascii_lowercase();
            let free = free_for.entry(key.clone()).or_insert_with(|| {
                let matcher = robots.matcher_with(&Crawler::new(token.as_str()), &raw);
                global_allows
                    .iter()
                    .map(|(r, path)| {
                        let verdict = matcher.check(path);
                        verdict.category == Category::AllowedImplicit || verdict.rule == Some(*r)
                    })
                    .collect()
            });
            free_allows.retain(|&place| free[place]);
            // A value read only in part (`Spinn3r` is read as `Spinn`)
            // names no crawler that follows it: `user-agent-cut` says so.
            if token.len() != agent.value.trim().len() {
                continue;
            }
            // A crawler named by several groups is reported once; one that
            // ignores `*` anyway loses nothing.
            if reported.contains(&key) || find(token).is_some_and(|p| p.ignores_wildcard) {
                continue;
            }
            reported.push(key);
            let matcher = robots.matcher_with(&Crawler::new(token.as_str()), &raw);
            let left_out: Vec<usize> = global_disallows
                .iter()
                .filter(|(_, path)| matcher.check(path).category == Category::AllowedImplicit)
                .map(|&(r, _)| r)
                .collect();
            if !left_out.is_empty() {
                crawlers.push(agent.value.as_str());
                for r in left_out {
                    if !std::mem::replace(&mut is_dropped[r], true) {
                        dropped.push(r);
                    }
                }
            }
        }
        for &r in &dropped {
            is_dropped[r] = false;
        }
        let all_allows: Vec<usize> = global_allows.iter().map(|&(r, _)| r).collect();
        let free_allows: Vec<usize> = free_allows.iter().map(|&place| all_allows[place]).collect();
        let copied = Copied {
            disallows: &dropped,
            allows: &free_allows,
            all_allows: &all_allows,
        };
        if let Some(finding) = finding(robots, input, group, &crawlers, copied, &mut fix_room) {
            findings.push(finding);
        }
    }
    findings
}

/// How many bytes of copied rules the fixes of one lint may add, all
/// together: Google's size limit. Each fix copies its group's left-out
/// rules, so a file with thousands of `*` Disallows and thousands of
/// named groups would otherwise get fixes of gigabytes (built in time
/// and memory quadratic in the file), and fixes that together outgrow
/// the limit would push the file's last rules past what Google reads
/// anyway. Findings past the room keep their message, without a fix.
const FIX_ROOM: usize = GOOGLE_SIZE_LIMIT;

/// What a finding past [`FIX_ROOM`] adds to its message.
const ROOM_SPENT: &str = " No fix is offered here: the fixes of the groups above already copy as much as Google reads of a file; apply them and check again.";

/// Whether `group` has a Disallow that blocks something.
fn has_own_disallow(robots: &Robots, group: &Group) -> bool {
    robots.rules()[group.rules.clone()]
        .iter()
        .any(|r| r.kind == RuleKind::Disallow && !r.value.is_empty())
}

/// A path `pattern` matches: each `*` read as one letter, a final `$`
/// dropped, a leading `/` added when the pattern starts with `*`.
fn example_path(pattern: &str) -> String {
    let pattern = pattern.strip_suffix('$').unwrap_or(pattern);
    let path = pattern.replace('*', "x");
    if path.starts_with('/') {
        path
    } else {
        format!("/{path}")
    }
}

/// How many of a finding's patterns and lines its message names: a group
/// can leave out thousands, and a message listing each would be longer
/// than the file.
const SHOWN: usize = 5;

/// The first of `items` (at most [`SHOWN`] + 1 of the `total`), joined,
/// with how many more there are when there are more than `SHOWN`.
fn first_few(items: &[String], total: usize) -> String {
    if total > SHOWN {
        format!("{} and {} more", items[..SHOWN].join(", "), total - SHOWN)
    } else {
        items.join(", ")
    }
}

/// What the fix copies: the `*` group's left-out Disallows, and the `*`
/// Allows free to copy with them (indices into the rules).
#[derive(Clone, Copy)]
struct Copied<'a> {
    disallows: &'a [usize],
    allows: &'a [usize],
    /// Every `*` Allow: a carve-out that is not free to copy (a crawler of
    /// the group has a rule of its own for it) leaves no safe fix.
    all_allows: &'a [usize],
}

/// The finding for `group`, whose `crawlers` no longer follow the `*`
/// group's `copied.disallows`.
fn finding(
    robots: &Robots,
    input: &[u8],
    group: &Group,
    crawlers: &[&str],
    copied: Copied,
    fix_room: &mut usize,
) -> Option<Diagnostic> {
    let dropped = copied.disallows;
    let first = group.agents.first()?;
    if dropped.is_empty() {
        return None;
    }
    let rules = robots.rules();
    let patterns: Vec<String> = dropped
        .iter()
        .take(SHOWN + 1)
        .map(|&r| format!("'{}'", shorten(&rules[r].value)))
        .collect();
    let lines: Vec<String> = dropped
        .iter()
        .take(SHOWN + 1)
        .map(|&r| rules[r].line.to_string())
        .collect();
    let who = crawlers.join(", ");
    let message = format!(
        "The group of {who} (line {}) has Disallow rules of its own, so {who} follows only them and no longer the * group's: it may fetch {}, which the * group disallows (line{} {}). If it should stay out of them too, copy those rules into its group.",
        first.line,
        first_few(&patterns, dropped.len()),
        if dropped.len() == 1 { "" } else { "s" },
        first_few(&lines, dropped.len()),
    );
    let span = robots.line(first.line).map_or(0..0, |l| l.span.clone());
    let mut diagnostic = Diagnostic::new(Code::GroupDropsGlobalRules, first.line, span, message);
    if *fix_room == 0 {
        diagnostic.message.push_str(ROOM_SPENT);
        return Some(diagnostic);
    }
    match copy_fix(robots, input, group, copied, &who) {
        Some(fix) if fix.replacement.len() <= *fix_room => {
            *fix_room -= fix.replacement.len();
            diagnostic.fix = Some(fix);
        }
        // The fixes offered stay the first ones in the file.
        Some(_) => {
            *fix_room = 0;
            diagnostic.message.push_str(ROOM_SPENT);
        }
        None => {}
    }
    Some(diagnostic)
}

/// The edit that copies the left-out Disallow lines, each followed by the
/// `*` Allow lines that carve exceptions out of it, after `group`'s last
/// rule, each on a line of its own ending as the file's lines do; none
/// when such an Allow is not free to copy.
fn copy_fix(
    robots: &Robots,
    input: &[u8],
    group: &Group,
    copied: Copied,
    who: &str,
) -> Option<Fix> {
    let dropped = copied.disallows;
    let rules = robots.rules();
    let last = rules[group.rules.clone()].last()?;
    let lines = robots.lines();
    let line = lines.get(last.line as usize - 1)?;
    let next = lines
        .get(last.line as usize)
        .map_or(input.len(), |l| l.span.start);
    let ending = match &input[line.span.end..next] {
        b"" => None,
        ending => Some(String::from_utf8_lossy(ending).into_owned()),
    };
    // The line's own ending, else the file's first one, else LF.
    let first_ending = || match input.iter().position(|&b| b == b'\n' || b == b'\r') {
        Some(at) if input[at..].starts_with(b"\r\n") => "\r\n",
        Some(at) if input[at] == b'\r' => "\r",
        _ => "\n",
    };
    let newline = ending.clone().unwrap_or_else(|| first_ending().to_string());
    let mut text = String::new();
    if ending.is_none() {
        text.push_str(&newline);
    }
    // The lines to copy in order, each once (a set beside the list, as a
    // fix can copy thousands of lines).
    let mut lines_copied: Vec<&str> = Vec::new();
    let mut copied_once: HashSet<&str> = HashSet::new();
    for &r in dropped {
        let disallow = &rules[r];
        if copied_once.insert(&disallow.text) {
            lines_copied.push(&disallow.text);
        }
        let carves = |a: usize| {
            let allow = &rules[a];
            allow.value.len() > disallow.value.len()
                && allow
                    .value
                    .starts_with(disallow.value.trim_end_matches('$'))
        };
        for &a in copied.all_allows.iter().filter(|&&a| carves(a)) {
            if !copied.allows.contains(&a) {
                // Copying it would change a crawler's own verdict, leaving
                // it out would shut the others out of the exception.
                return None;
            }
            if copied_once.insert(&rules[a].text) {
                lines_copied.push(&rules[a].text);
            }
        }
    }
    for rule in &lines_copied {
        text.push_str(rule);
        text.push_str(&newline);
    }
    if ending.is_none() {
        text.truncate(text.len() - newline.len());
    }
    Some(Fix {
        span: next..next,
        replacement: text,
        title: format!(
            "Copy the * group's {} left-out rule{} into the group of {who}",
            dropped.len(),
            if dropped.len() == 1 { "" } else { "s" }
        ),
    })
}
