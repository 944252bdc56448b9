//! Findings about the crawler a User-agent line names, checked against the
//! crawler presets (`tools::crawlers`):
//!
//! - `agent-is-user-agent-string`: a whole user-agent string pasted as the
//!   value (`Mozilla/5.0 (compatible; Googlebot/2.1; ...)`): one with a
//!   `(` or `;` whose product token is `Mozilla` or empty, so crawlers read
//!   it as no crawler's name and the crawler it means never obeys the
//!   group. Fixed by writing that crawler's token, when the string names a
//!   preset. (A name with a version, `Offline Explorer/1.2`, is
//!   `user-agent-cut`'s.)
//! - `agent-looks-misspelled`: a token no preset uses, a likely typo of
//!   one that does: two neighbouring letters swapped (`GTPBot` for
//!   `GPTBot`), a separator left after the name (`Nutch-` from
//!   `Nutch-1.10`), or, in a name of at least nine characters, one letter
//!   changed, added or dropped (`AhrefsBots`). Case is no misspelling; a
//!   shorter name one letter from a known one is usually another crawler
//!   (`NPBot` is not `wpbot`, `Snapbot` not `ShapBot`), so it is not
//!   reported. Fixed by writing the preset's token.

use std::ops::Range;

use super::{shorten, Code, Diagnostic, Fix};
use crate::agent::{is_valid_token, product_token};
use crate::tools::crawlers::{identify, presets};

/// The shortest token checked for a swap of two letters.
const MIN_SWAPPED_LEN: usize = 5;
/// The shortest token checked for one letter changed, added or dropped:
/// in shorter names such a difference is usually another crawler.
const MIN_EDITED_LEN: usize = 9;
/// Within a family (`Name-Suffix`), the shortest differing suffix that can
/// be a typo rather than another member of the family.
const MIN_FAMILY_SUFFIX_LEN: usize = 4;

/// The finding for a User-agent line whose value is `text` (at `value`),
/// if any.
pub(super) fn agent_finding(line: u32, text: &str, value: Range<usize>) -> Option<Diagnostic> {
    user_agent_string(line, text, value.clone()).or_else(|| misspelled(line, text, value))
}

/// `agent-is-user-agent-string`: a pasted user-agent string (see the
/// module's documentation), with the preset it names as the fix.
fn user_agent_string(line: u32, text: &str, value: Range<usize>) -> Option<Diagnostic> {
    let read_as = product_token(text);
    let pasted = text.contains(['(', ';'])
        && (read_as.is_empty() || read_as.eq_ignore_ascii_case("Mozilla"));
    if !pasted {
        return None;
    }
    let meant = identify(text);
    let read = if read_as.is_empty() {
        "no name in it".to_string()
    } else {
        format!("'{read_as}'")
    };
    let message = |whom: String| {
        format!(
            "'{}' is a whole user-agent string, but a User-agent line names a crawler by its token: crawlers read this one as {read}, {whom}",
            shorten(text)
        )
    };
    Some(match meant {
        Some(preset) if is_valid_token(preset.token) => {
            let token = preset.token;
            let mut d = Diagnostic::new(
                Code::AgentIsUserAgentString,
                line,
                value.clone(),
                message(format!("so {token} does not follow this group. Write 'User-agent: {token}'.")),
            );
            d.fix = Some(Fix {
                span: value,
                replacement: token.to_string(),
                title: format!("Write 'User-agent: {token}'"),
            });
            d
        }
        Some(preset) => Diagnostic::new(
            Code::AgentIsUserAgentString,
            line,
            value,
            message(format!("so {} does not follow this group. Write the token its operator documents.", preset.token)),
        ),
        None => Diagnostic::new(
            Code::AgentIsUserAgentString,
            line,
            value,
            message("which no crawler uses, so this group applies to no crawler. Write the token of the crawler you mean, such as 'Googlebot'.".to_string()),
        ),
    })
}

/// `agent-looks-misspelled`: the token crawlers read, one edit from a
/// preset's and no preset's itself.
fn misspelled(line: u32, text: &str, value: Range<usize>) -> Option<Diagnostic> {
    let token = product_token(text);
    if token.len() < MIN_SWAPPED_LEN || crate::tools::crawlers::find(token).is_some() {
        return None;
    }
    let preset = presets().iter().find(|p| {
        !p.is_generic()
            && is_valid_token(p.token)
            && likely_typo(token.as_bytes(), p.token.as_bytes())
            && !same_family(token, p.token)
    })?;
    let span = value.start..value.start + token.len();
    let known = preset.token;
    Some(Diagnostic {
        fix: Some(Fix {
            span: span.clone(),
            replacement: known.to_string(),
            title: format!("Write '{known}'"),
        }),
        ..Diagnostic::new(
            Code::AgentLooksMisspelled,
            line,
            span,
            format!(
                "'{token}' is no known crawler's token; did you mean '{known}' ({}, {})? As written, {known} does not follow this group.",
                preset.operator,
                preset.purpose.crawler_noun()
            ),
        )
    })
}

/// Whether `token` is likely a typo of `known` (see the module's
/// documentation).
fn likely_typo(token: &[u8], known: &[u8]) -> bool {
    let separator_left = token.len() == known.len() + 1
        && matches!(token.last(), Some(b'-' | b'_'))
        && token[..known.len()].eq_ignore_ascii_case(known);
    let swapped = token.len() == known.len() && swapped_neighbours(token, known);
    separator_left || swapped || (token.len() >= MIN_EDITED_LEN && one_letter_apart(token, known))
}

/// Whether `a` is `b` with two neighbouring letters swapped (ignoring
/// case), and nothing else changed.
fn swapped_neighbours(a: &[u8], b: &[u8]) -> bool {
    let Some(first) = a
        .iter()
        .zip(b)
        .position(|(x, y)| !x.eq_ignore_ascii_case(y))
    else {
        return false;
    };
    first + 1 < a.len()
        && a[first].eq_ignore_ascii_case(&b[first + 1])
        && a[first + 1].eq_ignore_ascii_case(&b[first])
        && a[first + 2..].eq_ignore_ascii_case(&b[first + 2..])
}

/// Whether `a` and `b` differ, ignoring case, by exactly one byte changed,
/// added or removed.
fn one_letter_apart(a: &[u8], b: &[u8]) -> bool {
    let (short, long) = if a.len() <= b.len() { (a, b) } else { (b, a) };
    let Some(first) = short
        .iter()
        .zip(long)
        .position(|(x, y)| !x.eq_ignore_ascii_case(y))
    else {
        // One is the other plus one byte at the end.
        return long.len() == short.len() + 1;
    };
    match long.len() - short.len() {
        0 => short[first + 1..].eq_ignore_ascii_case(&long[first + 1..]),
        1 => short[first..].eq_ignore_ascii_case(&long[first + 1..]),
        _ => false,
    }
}

/// Whether `token` is another member of `known`'s family: both are
/// `Name-...` with the same name, and the part after it is too short to
/// tell a typo from another crawler (`SemrushBot-SI`, `SemrushBot-SA`).
fn same_family(token: &str, known: &str) -> bool {
    let common = token
        .bytes()
        .zip(known.bytes())
        .take_while(|(a, b)| a.eq_ignore_ascii_case(b))
        .count();
    match token[..common].rfind('-') {
        Some(dash) => token.len() - dash - 1 < MIN_FAMILY_SUFFIX_LEN,
        None => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_letter_means_one_changed_added_or_removed() {
        let apart = |a: &str, b: &str| one_letter_apart(a.as_bytes(), b.as_bytes());
        assert!(apart("GPTBott", "GPTBot"));
        assert!(apart("GPBot", "GPTBot"));
        assert!(apart("GPTBox", "GPTBot"));
        assert!(apart("Googlebot-Images", "Googlebot-Image"));
        assert!(!apart("GTPBot", "GPTBot"), "a swap is two letters");
        assert!(!apart("gptbot", "GPTBot"), "case is no edit");
        assert!(!apart("GTPBoot", "GPTBot"));
        assert!(!apart("", ""));
    }

    #[test]
    fn a_swap_is_two_neighbours_exchanged() {
        let swapped = |a: &str, b: &str| swapped_neighbours(a.as_bytes(), b.as_bytes());
        assert!(swapped("GTPBot", "GPTBot"));
        assert!(!swapped("TGPBot", "GPTBot"));
        assert!(!swapped("GPTBot", "GPTBot"));
    }

    #[test]
    fn likely_typos_are_swaps_separators_left_and_edits_in_long_names() {
        let typo = |a: &str, b: &str| likely_typo(a.as_bytes(), b.as_bytes());
        assert!(typo("GTPBot", "GPTBot"));
        assert!(typo("Nutch-", "Nutch"));
        assert!(typo("larbin_", "larbin"));
        assert!(typo("AhrefsBots", "AhrefsBot"));
        assert!(typo("acebookexternalhit", "facebookexternalhit"));
        assert!(!typo("NPBot", "wpbot"));
        assert!(!typo("Snapbot", "ShapBot"));
        assert!(!typo("Roverbot", "rogerbot"));
        assert!(!typo("GPTBot", "GPTBot"));
    }

    #[test]
    fn family_members_with_short_suffixes_are_not_misspellings() {
        assert!(same_family("SemrushBot-SI", "SemrushBot-SA"));
        assert!(!same_family("Googlebot-Images", "Googlebot-Image"));
        assert!(!same_family("GTPBot", "GPTBot"));
    }
}
