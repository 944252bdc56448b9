//! The compact form a parse keeps: what checking needs, as byte spans into
//! a copy of the input. A rule is 16 bytes, so a file of 50,000 rules is
//! read into 800 KB, and nothing here is text until someone reads it.

use std::borrow::Cow;
use std::ops::{Deref, Range};
use std::sync::Arc;

use crate::agent::{is_global_value, is_valid_token, product_token_len};
use crate::index::IndexedRule;
use crate::model::RuleKind;
#[cfg(not(target_arch = "wasm32"))]
use crate::pattern::differs_in_head;
use crate::pattern::{
    glance, index_html_alternative, matches_as_written, normalize_pattern, pattern_matches, Glance,
    PathBytes,
};
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

/// What a User-agent value names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum NameSpan {
    Global,
    /// A product token: the first `len` bytes of the value.
    Token(u32),
    Nothing,
}

impl NameSpan {
    /// What the User-agent value `value` names.
    pub fn of(value: &[u8]) -> NameSpan {
        if is_global_value(value) {
            return NameSpan::Global;
        }
        match product_token_len(value) {
            0 => NameSpan::Nothing,
            len => NameSpan::Token(len as u32),
        }
    }
}

/// A User-agent line as parsed. What its value names ([`NameSpan`]) is
/// read when a lookup needs it, not while parsing: files list hundreds of
/// User-agent lines (www.mon-compte-formation.fr: 525 of its 545 lines),
/// and reading each one's token was a third of their parse.
#[derive(Clone, Copy, Debug)]
pub(crate) struct AgentSpan {
    pub line: u32,
    pub value: Span,
}

impl AgentSpan {
    /// What its value names.
    pub fn name(&self, input: &[u8]) -> NameSpan {
        NameSpan::of(&input[self.value.range()])
    }

    /// Whether its value names `token` (a product token: [`is_valid_token`],
    /// which a lookup checks first), without letter case: the value starts
    /// with the token, and the token does not go on. Most values differ in
    /// their first byte: no value's token is read to its end.
    #[inline]
    pub fn names(&self, input: &[u8], token: &[u8]) -> bool {
        debug_assert!(is_valid_token(&String::from_utf8_lossy(token)));
        let value = &input[self.value.range()];
        value.len() >= token.len()
            && value[..token.len()].eq_ignore_ascii_case(token)
            && value
                .get(token.len())
                .is_none_or(|&b| product_token_len(&[b]) == 0)
    }
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

/// The bytes a parse read, which every span points into: a copy of a
/// borrowed input, or the caller's buffer, handed over
/// ([`crate::Robots::parse_owned`], [`crate::Robots::parse_shared`]): a
/// parse then copies nothing (a copy of a large file was a fifth of its
/// parse: paytm.com's 630 KB, 2.1 million instructions, 0.63 million the
/// copy).
#[derive(Clone, Debug)]
pub(crate) enum Input {
    Owned(Vec<u8>),
    Shared(Arc<[u8]>),
}

impl Deref for Input {
    type Target = [u8];

    #[inline]
    fn deref(&self) -> &[u8] {
        match self {
            Input::Owned(bytes) => bytes,
            Input::Shared(bytes) => bytes,
        }
    }
}

/// A parsed file in its compact form.
#[derive(Clone, Debug)]
pub(crate) struct Spans {
    /// The input: every span points into it.
    pub input: Input,
    /// Where reading stopped (the size limit, or the end).
    pub limit: usize,
    pub groups: Vec<GroupSpan>,
    pub rules: Vec<RuleSpan>,
    pub agents: Vec<AgentSpan>,
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

    /// Rule `id` as a rule index files it, its patterns normalised for
    /// `mode` ([`Spans::rule_patterns`]).
    pub fn indexed_rule(&self, id: usize, mode: Mode) -> IndexedRule<'_> {
        let rule = &self.rules[id];
        let (pattern, index_html) = self.rule_patterns(id, mode);
        IndexedRule {
            id,
            kind: rule.kind,
            line: rule.line,
            pattern,
            index_html,
        }
    }

    /// The priority with which rule `id` matches the path of `checked` in
    /// `mode`, if it does: its pattern's length, or its `/index.html` alternative's (as
    /// [`crate::Rule::match_priority`], straight from the spans).
    ///
    /// Most rules differ from the path in their first eight bytes: that is
    /// tested inline, and the rest is a call ([`Spans::glanced_priority`]).
    /// (The WebAssembly app glances at once: its first load.)
    #[inline(always)]
    pub fn rule_priority(&self, id: usize, mode: Mode, checked: &mut PathBytes) -> Option<u32> {
        #[cfg(not(target_arch = "wasm32"))]
        if differs_in_head(self.bytes(self.rules[id].value), checked) {
            return None;
        }
        self.glanced_priority(id, mode, checked)
    }

    /// [`Spans::rule_priority`] past its test of the first eight bytes.
    #[cfg_attr(not(target_arch = "wasm32"), inline(never))]
    #[cfg_attr(target_arch = "wasm32", inline)]
    fn glanced_priority(&self, id: usize, mode: Mode, checked: &mut PathBytes) -> Option<u32> {
        let priority = |p: &[u8]| u32::try_from(p.len()).unwrap_or(u32::MAX);
        let path = checked.path();
        let rule = &self.rules[id];
        let value = self.bytes(rule.value);
        match glance(value, path, mode) {
            Glance::Differs => return None,
            Glance::Prefix => return Some(priority(value)),
            // Read as written when that is its normalised form, and an
            // Allow has no `/index.html` alternative to try too.
            Glance::Special(at)
                if !(rule.kind == RuleKind::Allow && mode == Mode::Google)
                    || index_html_alternative(value).is_none() =>
            {
                // A literal byte of the pattern the path lacks rules it
                // out before its pieces are read (not in the WebAssembly
                // app, whose first load has no room for it).
                #[cfg(not(target_arch = "wasm32"))]
                if value[at] == b'*' && !checked.may_hold_pieces(value, at) {
                    return None;
                }
                if let Some(matched) = matches_as_written(value, at, path, mode) {
                    return matched.then(|| priority(value));
                }
            }
            Glance::Special(_) | Glance::Unsure => {}
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
