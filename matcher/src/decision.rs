//! Google's decision rule: of the rules that match a path, the longest
//! pattern decides, and an Allow wins a tie with a Disallow as long; a
//! match of length 0 (an empty `Disallow:`) never disallows.
//!
//! RFC 9309 (section 2.2.2) states the same rule: "the most specific match
//! found MUST be used", counted in octets, and an Allow when an Allow and a
//! Disallow are equivalent. The two differ only in what a match is (the RFC
//! mode's pattern and path encodings, [`crate::Mode`]), never in which match
//! decides, so one rule serves both modes. The rule index
//! ([`crate::index`]), the first checks that try every rule, and the
//! explanation ([`crate::Decision`]) all decide through it.

use crate::model::RuleKind;

/// A matching rule: the candidate for deciding a verdict.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hit {
    /// Index into [`crate::Robots::rules`].
    pub rule: usize,
    /// Length of the matched pattern (its priority).
    pub priority: u32,
    pub line: u32,
}

/// The best Allow and the best Disallow that matched a path.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Best {
    pub allow: Option<Hit>,
    pub disallow: Option<Hit>,
}

impl Best {
    /// Keeps `hit` if it beats the current best of its kind: a longer
    /// pattern, or as long and earlier in the file (Google keeps the first).
    pub fn offer(&mut self, kind: RuleKind, hit: Hit) {
        let slot = match kind {
            RuleKind::Allow => &mut self.allow,
            RuleKind::Disallow => &mut self.disallow,
        };
        if slot.is_none_or(|old| beats(hit.priority, hit.line, old.priority, old.line)) {
            *slot = Some(hit);
        }
    }
}

/// A verdict before its wording: whether the path may be fetched, and the rule
/// that decided (none when no rule matched).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ruling {
    pub allowed: bool,
    pub by: Option<Hit>,
}

impl Best {
    /// Google's decision ([`decide`]) between the best Allow and Disallow.
    pub fn decide(self) -> Ruling {
        let priority = |hit: Option<Hit>| hit.map_or(-1, |h| i64::from(h.priority));
        let (disallow_decides, allowed) = decide(priority(self.allow), priority(self.disallow));
        Ruling {
            allowed,
            by: match disallow_decides {
                true => self.disallow,
                false => self.allow,
            },
        }
    }
}

/// Google's decision between the best Allow and the best Disallow, by
/// their priorities (-1: nothing of that kind matched): the longer match
/// wins, an Allow wins a tie, and a match of length 0 (an empty
/// `Disallow:`) never disallows. Returns whether the Disallow decides, and
/// whether the path is allowed. The one statement of the rule, for a
/// [`Best`] and for a rule index's search.
#[inline(always)]
pub(crate) fn decide(allow: i64, disallow: i64) -> (bool, bool) {
    match disallow > allow {
        true => (true, disallow <= 0),
        false => (false, true),
    }
}

/// Whether a match of `priority` on `line` beats one of `old_priority` on
/// `old_line`: longer, or as long and earlier in the file.
pub(crate) fn beats(priority: u32, line: u32, old_priority: u32, old_line: u32) -> bool {
    priority > old_priority || (priority == old_priority && line < old_line)
}
