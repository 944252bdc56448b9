//! The "Why not" step: the library's near misses (`WhyNot`) in words,
//! with the path and the pattern shown and a caret under where matching
//! stopped.

use robots_matcher::tools::explain::{MissPoint, MissReason, NearMiss, Unread};
use robots_matcher::{Rule, RuleKind};

use super::{describe_group, para, sources, wrap, Explained};
use crate::text::{count, printable};

/// Text shown around a caret: at most this many characters either side.
const CONTEXT: usize = 32;

/// Adds step 5: each near miss, nearest first, then how many more there
/// were and the sources.
pub(super) fn step(text: &mut Vec<String>, explained: &Explained<'_>) {
    text.push("5. Why not".to_string());
    let why = &explained.why_not;
    if why.near_misses.is_empty() {
        para(
            text,
            "No other rule came near: none matched without deciding, and none came close to matching the path.",
        );
        return;
    }
    para(
        text,
        "The rules that came nearest to deciding, nearest first, and why each did not:",
    );
    let robots = explained.robots();
    for miss in &why.near_misses {
        let Some(rule) = robots.rules().get(miss.rule) else {
            continue;
        };
        text.push(format!("   - L{}  {}", miss.line, printable(&rule.text)));
        for line in wrap(&reason(explained, miss, rule), 76, "     ", "     ") {
            text.push(line);
        }
        if let Some(at) = miss.at {
            shown_at(text, explained, rule, at);
        }
        if miss.would_decide {
            let sentence = match miss.reason {
                MissReason::GroupNotRead(_) => "Were its group read, this rule would decide.",
                _ => "Had it matched, this rule would have decided.",
            };
            text.extend(wrap(sentence, 76, "     ", "     "));
        }
    }
    if why.omitted > 0 {
        para(
            text,
            &format!(
                "{} came near as well; these are the nearest.",
                count(why.omitted, "more rule", "more rules")
            ),
        );
    }
    sources(text, &why.sources());
}

/// Why `miss` did not decide, in a sentence.
fn reason(explained: &Explained<'_>, miss: &NearMiss, rule: &Rule) -> String {
    let robots = explained.robots();
    let deciding = explained.explanation.decision.deciding_rule().copied();
    let at = miss.at.unwrap_or(MissPoint {
        path: 0,
        pattern: 0,
    });
    let pattern = rule.pattern.as_bytes();
    let read_as = match rule.pattern.as_str_lossy() {
        normalised if normalised != rule.value => {
            format!(" (its pattern is read as {})", printable(&normalised))
        }
        _ => String::new(),
    };
    match miss.reason {
        MissReason::Differs => format!(
            "The path differs from the pattern at byte {}: {} in the path, {} in the pattern{read_as}.",
            at.path,
            byte_at(explained.explanation.checked_path.as_bytes(), at.path),
            byte_at(pattern, at.pattern),
        ),
        MissReason::PathEnds => format!(
            "The path ends after {} bytes, before the pattern does: a rule matches only paths that hold its whole pattern{read_as}.",
            at.path
        ),
        MissReason::PieceMissing => {
            let piece_end = pattern[at.pattern..]
                .iter()
                .position(|&b| b == b'*' || b == b'$')
                .map_or(pattern.len(), |end| at.pattern + end);
            format!(
                "After the *, the path holds no {} from byte {} on{read_as}.",
                printable(&String::from_utf8_lossy(&pattern[at.pattern..piece_end])),
                at.path
            )
        }
        MissReason::QueryFollows => format!(
            "It matches up to its final $, but the path's query follows at byte {}: $ anchors at the end of the whole path and query.",
            at.path
        ),
        MissReason::PathContinues => format!(
            "It matches up to its final $, but the path goes on at byte {}: $ anchors at the end of the path.",
            at.path
        ),
        MissReason::MatchesWhenNormalised => format!(
            "As compared it does not match{read_as}: Google's parser compares percent-escapes as written. RFC 9309 normalises both first (escapes of unreserved characters decoded, escapes upper-cased), and then it matches."
        ),
        MissReason::MatchesWhenEncoded => format!(
            "With --raw-url the path is matched exactly as given; percent-encoded as a crawler's request carries it, it matches{read_as}."
        ),
        MissReason::Shorter => format!(
            "It matches, with length {}, but the deciding rule is longer{}.",
            miss.length,
            deciding.map_or_else(String::new, |d| format!(" (line {}, length {})", d.line, d.priority))
        ),
        MissReason::LostTie => format!(
            "It matches, with length {}, as long as the deciding Allow{}: on a tie the Allow wins, as the less restrictive rule.",
            miss.length,
            deciding.map_or_else(String::new, |d| format!(" on line {}", d.line))
        ),
        MissReason::EarlierLineWins => format!(
            "It matches, with length {}, as long as the deciding {}{}, which comes first in the file.",
            miss.length,
            match miss.kind {
                RuleKind::Allow => "Allow",
                RuleKind::Disallow => "Disallow",
            },
            deciding.map_or_else(String::new, |d| format!(" on line {}", d.line))
        ),
        MissReason::GroupNotRead(unread) => {
            let group = describe_group(robots, miss.group);
            let crawler = printable(explained.crawler.name()).into_owned();
            let why = match unread {
                Unread::GlobalBesideNamed => format!(
                    "{crawler} does not read it because a group names it: the * group is never merged with it"
                ),
                Unread::GlobalBesideFallback => format!(
                    "{crawler} does not read it: a group names its fallback token {}, which it obeys instead",
                    printable(explained.explanation.groups.token.as_deref().unwrap_or(""))
                ),
                Unread::GlobalIgnored => format!(
                    "{crawler} ignores the * group, as Google's special-case crawlers such as AdsBot-Google do"
                ),
                Unread::FallbackNotReached => format!(
                    "{crawler} never reaches this fallback: a group names its earlier token {}",
                    printable(explained.explanation.groups.token.as_deref().unwrap_or(""))
                ),
            };
            format!("It matches, with length {}, but it is in the group at {group}, and {why}.", miss.length)
        }
    }
}

/// `'c'`, or `'%'`, or `byte 0xE9`: the byte at `at`, or `nothing` past the
/// end.
fn byte_at(bytes: &[u8], at: usize) -> String {
    match bytes.get(at) {
        Some(&b) if b.is_ascii_graphic() => format!("'{}'", char::from(b)),
        Some(&b) => format!("byte 0x{b:02X}"),
        None => "nothing".to_string(),
    }
}

/// The checked path and the normalised pattern, each with a caret under
/// where matching stopped.
fn shown_at(text: &mut Vec<String>, explained: &Explained<'_>, rule: &Rule, at: MissPoint) {
    let path = explained.explanation.checked_path.as_str();
    let pattern = rule.pattern.as_str_lossy();
    for (label, shown, offset) in [
        ("path", path, at.path),
        ("pattern", pattern.as_str(), at.pattern),
    ] {
        let (window, column) = around(shown, offset);
        text.push(format!("       {label:<8} {window}"));
        text.push(format!("       {:<8} {}^", "", " ".repeat(column)));
    }
}

/// `text` cut to at most [`CONTEXT`] characters either side of byte
/// `offset` (an ellipsis marks a cut), and the column of that byte in it.
fn around(text: &str, offset: usize) -> (String, usize) {
    let offset = (0..=offset.min(text.len()))
        .rev()
        .find(|&i| text.is_char_boundary(i))
        .unwrap_or(0);
    let (before, after) = text.split_at(offset);
    let before: Vec<char> = printable(before).chars().collect();
    let after: Vec<char> = printable(after).chars().collect();
    let mut window = String::new();
    let start = before.len().saturating_sub(CONTEXT);
    if start > 0 {
        window.push('…');
    }
    window.extend(&before[start..]);
    let column = window.chars().count();
    window.extend(after.iter().take(CONTEXT));
    if after.len() > CONTEXT {
        window.push('…');
    }
    (window, column)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_text_is_cut_around_the_caret() {
        assert_eq!(around("/privacy", 6), ("/privacy".to_string(), 6));
        assert_eq!(around("/a", 2), ("/a".to_string(), 2));
        let long = format!("/{}x{}", "a".repeat(50), "b".repeat(50));
        let (window, column) = around(&long, 51);
        assert_eq!(window.chars().nth(column), Some('x'));
        assert!(window.starts_with('…') && window.ends_with('…'));
        assert_eq!(window.chars().count(), 1 + CONTEXT + CONTEXT + 1);
        // A control character shown escaped moves the caret with it.
        assert_eq!(around("/\u{1b}x", 2).1, "/\\u{1b}".chars().count());
    }
}
