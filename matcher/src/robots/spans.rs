//! The compact form a parse keeps: what checking needs, as byte spans into
//! a copy of the input. A rule is 16 bytes, so a file of 50,000 rules is
//! read into 800 KB, and nothing here is text until someone reads it.

use std::borrow::Cow;
use std::ops::Range;

use crate::model::RuleKind;
use crate::pattern::{glance, index_html_alternative, normalize_pattern, pattern_matches, Glance};
use crate::Mode;

/// A byte range of the input, in half the space of a `Range<usize>`
/// (inputs are read up to 4 GiB).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Span {
    pub start: u32,
    pub end: u32,
}

impl Span {
    pub fn new(range: Range<usize>) -> Span {
        // Every offset is below the parse limit, which is at most u32::MAX.
        Span {
            start: range.start as u32,
            end: range.end as u32,
        }
    }

    pub fn range(self) -> Range<usize> {
        self.start as usize..self.end as usize
    }
}

/// An Allow or Disallow as parsed.
#[derive(Clone, Copy, Debug)]
pub(crate) struct RuleSpan {
    pub line: u32,
    /// The pattern as written.
    pub value: Span,
    pub kind: RuleKind,
}

/// What a User-agent value names, as parsed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum NameSpan {
    Global,
    /// A product token: the first `len` bytes of the value.
    Token(u32),
    Nothing,
}

/// A User-agent line as parsed.
#[derive(Clone, Copy, Debug)]
pub(crate) struct AgentSpan {
    pub line: u32,
    pub value: Span,
    pub name: NameSpan,
}

/// A group as parsed: the ranges of its User-agent lines and rules in the
/// parsed lists (rule indices are those of [`crate::Robots::rules`]).
#[derive(Clone, Copy, Debug)]
pub(crate) struct GroupSpan {
    pub agents: (u32, u32),
    pub rules: (u32, u32),
    pub first_line: u32,
    pub last_line: u32,
}

impl GroupSpan {
    /// Indices of its rules.
    pub fn rule_ids(&self) -> Range<usize> {
        self.rules.0 as usize..self.rules.1 as usize
    }

    /// Indices of its User-agent lines.
    pub fn agent_ids(&self) -> Range<usize> {
        self.agents.0 as usize..self.agents.1 as usize
    }
}

/// A Sitemap or any other `key: value` line as parsed.
#[derive(Clone, Copy, Debug)]
pub(crate) struct NoteSpan {
    pub line: u32,
    pub sitemap: bool,
    pub key: Span,
    pub value: Span,
    /// Index of the group it appears in, or [`NO_GROUP`].
    pub group: u32,
}

/// [`NoteSpan::group`] of a line outside every group.
pub(crate) const NO_GROUP: u32 = u32::MAX;

/// A parsed file in its compact form.
#[derive(Clone, Debug)]
pub(crate) struct Spans {
    /// A copy of the input: every span points into it.
    pub input: Box<[u8]>,
    /// Where reading stopped (the size limit, or the end).
    pub limit: usize,
    pub groups: Vec<GroupSpan>,
    pub rules: Vec<RuleSpan>,
    pub agents: Vec<AgentSpan>,
    pub notes: Vec<NoteSpan>,
}

impl Spans {
    /// The bytes of a span.
    pub fn bytes(&self, span: Span) -> &[u8] {
        &self.input[span.range()]
    }

    /// Rule `id`'s pattern as matched, and Google's `/index.html`
    /// alternative of an Allow, both normalised for `mode`. Borrowed from
    /// the input when normalising changes nothing (most rules).
    pub fn rule_patterns(&self, id: usize, mode: Mode) -> (Cow<'_, [u8]>, Option<Vec<u8>>) {
        let rule = &self.rules[id];
        let normalized = normalize_pattern(self.bytes(rule.value), mode);
        let index_html = match (rule.kind, mode) {
            (RuleKind::Allow, Mode::Google) => index_html_alternative(&normalized),
            _ => None,
        };
        (normalized, index_html)
    }

    /// The priority with which rule `id` matches `path` in `mode`, if it
    /// does: its pattern's length, or its `/index.html` alternative's (as
    /// [`crate::Rule::match_priority`], straight from the spans).
    pub fn rule_priority(&self, id: usize, mode: Mode, path: &[u8]) -> Option<u32> {
        let priority = |p: &[u8]| u32::try_from(p.len()).unwrap_or(u32::MAX);
        let value = self.bytes(self.rules[id].value);
        match glance(value, path) {
            Glance::Differs => return None,
            Glance::Prefix => return Some(priority(value)),
            Glance::Unsure => {}
        }
        let (pattern, index_html) = self.rule_patterns(id, mode);
        if pattern_matches(&pattern, path) {
            Some(priority(&pattern))
        } else {
            index_html
                .filter(|alt| pattern_matches(alt, path))
                .map(|alt| priority(&alt))
        }
    }
}
