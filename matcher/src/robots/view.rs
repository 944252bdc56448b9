//! The parsed file as people read it ([`crate::model`]): every line's kind
//! and spans, the groups, rules and directives as text. Built from the
//! [`Spans`] the first time it is asked for, reading the lines through
//! [`read_line`], which is built on the same line reading as the parser,
//! so the two always agree.

use std::borrow::Cow;
use std::ops::Range;

use crate::lines::{read_line, Lines};
use crate::model::{
    AgentName, CrawlDelay, Group, GroupAgent, Line, LineKind, OtherDirective, Rule, Sitemap, View,
};
use crate::pattern::Pattern;
use crate::Robots;

use super::spans::{NameSpan, Span};

/// The input as text, a range at a time.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Text<'a> {
    input: &'a [u8],
    /// The whole input, when it is valid UTF-8: slices of it then need no
    /// check of their own.
    utf8: Option<&'a str>,
}

impl<'a> Text<'a> {
    pub(crate) fn new(input: &'a [u8]) -> Text<'a> {
        Text {
            input,
            utf8: std::str::from_utf8(input).ok(),
        }
    }

    /// The text of `range`, without copying valid UTF-8. (`from_utf8`
    /// checks ASCII a word at a time; the lossy decoder goes byte by byte,
    /// so it only runs on invalid input.)
    pub(crate) fn get(self, range: Range<usize>) -> Cow<'a, str> {
        if let Some(text) = self.utf8.and_then(|t| t.get(range.clone())) {
            return Cow::Borrowed(text);
        }
        let bytes = &self.input[range];
        match std::str::from_utf8(bytes) {
            Ok(text) => Cow::Borrowed(text),
            Err(_) => String::from_utf8_lossy(bytes),
        }
    }
}

impl Robots {
    /// Every line, in order.
    pub fn lines(&self) -> &[Line] {
        &self.view().lines
    }

    /// Every group, in file order (groups for the same crawler are listed
    /// separately; they merge when matching).
    pub fn groups(&self) -> &[Group] {
        &self.view().groups
    }

    /// Every Allow and Disallow inside a group, in file order.
    pub fn rules(&self) -> &[Rule] {
        &self.view().rules
    }

    /// Every Sitemap, in file order.
    pub fn sitemaps(&self) -> &[Sitemap] {
        &self.view().sitemaps
    }

    /// Every other directive, in file order.
    pub fn other_directives(&self) -> &[OtherDirective] {
        &self.view().others
    }

    /// The line with a 1-based number.
    pub fn line(&self, number: u32) -> Option<&Line> {
        number
            .checked_sub(1)
            .and_then(|i| self.lines().get(i as usize))
    }

    fn view(&self) -> &View {
        self.view.get_or_init(|| build(self))
    }
}

fn build(robots: &Robots) -> View {
    let spans = &robots.spans;
    let input = &*spans.input;
    let as_text = Text::new(input);
    let text = |range: Range<usize>| as_text.get(range).into_owned();
    let span_text = |span: Span| text(span.range());
    let mut lines = Vec::new();
    // Each rule's text, read with its line.
    let mut rule_texts = Vec::with_capacity(spans.rules.len());
    let mut sitemaps = Vec::new();
    let mut others = Vec::new();
    // A line belongs to the last group started at or before it.
    let mut next_group = 0usize;
    for raw in Lines::new(input, robots.mode) {
        let mut line = Line {
            number: raw.number,
            span: raw.span.clone(),
            kind: LineKind::BeyondLimit,
            key: None,
            value: None,
            comment: None,
            group: None,
        };
        if !robots.is_beyond_limit(&raw) {
            let read = read_line(input, &raw, spans.limit, robots.mode);
            while spans
                .groups
                .get(next_group)
                .is_some_and(|g| g.first_line <= raw.number)
            {
                next_group += 1;
            }
            line.kind = read.kind;
            line.comment = read.comment;
            line.group = next_group.checked_sub(1);
            // Sitemaps and other directives are read here only: parsing
            // skips them (no check needs them).
            let value = || text(read.value.clone().unwrap_or_default());
            match read.kind {
                LineKind::Allow | LineKind::Disallow if line.group.is_some() => {
                    rule_texts.push(read.text)
                }
                LineKind::Sitemap => sitemaps.push(Sitemap {
                    line: raw.number,
                    url: value(),
                }),
                LineKind::Other => others.push(OtherDirective {
                    line: raw.number,
                    key: text(read.key.clone().unwrap_or_default()),
                    value: value(),
                    group: line.group,
                }),
                _ => {}
            }
            line.key = read.key;
            line.value = read.value;
        }
        lines.push(line);
    }
    let mut groups: Vec<Group> = spans
        .groups
        .iter()
        .map(|g| Group {
            agents: spans.agents[g.agent_ids()]
                .iter()
                .map(|a| GroupAgent {
                    line: a.line,
                    value: span_text(a.value),
                    name: match a.name(input) {
                        NameSpan::Global => AgentName::Global,
                        NameSpan::Token(len) => AgentName::Token(text(
                            a.value.start as usize..a.value.start as usize + len as usize,
                        )),
                        NameSpan::Nothing => AgentName::Nothing,
                    },
                })
                .collect(),
            rules: g.rule_ids(),
            crawl_delay: None,
            lines: g.first_line..g.last_line,
        })
        .collect();
    for other in &others {
        if let Some(group) = other.group.and_then(|g| groups.get_mut(g)) {
            if group.crawl_delay.is_none() && other.key.eq_ignore_ascii_case("crawl-delay") {
                group.crawl_delay = Some(CrawlDelay::new(other.line, other.value.clone()));
            }
        }
    }
    let mut rules = Vec::with_capacity(spans.rules.len());
    for (group, g) in spans.groups.iter().enumerate() {
        for id in g.rule_ids() {
            let r = &spans.rules[id];
            let (pattern, index_html) = spans.rule_patterns(id, robots.mode);
            rules.push(Rule {
                kind: r.kind,
                line: r.line,
                // Parsing keeps a rule exactly where this reading finds
                // one, so there is a text for every rule.
                text: rule_texts
                    .get(id)
                    .map_or_else(String::new, |t| text(t.clone())),
                value: span_text(r.value),
                pattern: Pattern::new(pattern.into_owned()),
                index_html: index_html.map(Pattern::new),
                group,
            });
        }
    }
    View {
        lines,
        groups,
        rules,
        sitemaps,
        others,
    }
}
