//! The parser: one pass over the lines (Google's `robots.cc` pipeline:
//! tokenize line -> classify key -> handle it), keeping the groups, their
//! User-agent tokens, their rules and the other directives as [`Spans`].

use crate::agent::{is_global_value, product_token_len};
use crate::lines::{beyond_limit, read_line, Lines, ReadLine};
use crate::model::{LineKind, RuleKind};
use crate::{Mode, ParseOptions};

use super::spans::{AgentSpan, GroupSpan, NameSpan, NoteSpan, RuleSpan, Span, Spans, NO_GROUP};

/// Parses `input` into its compact form (which holds a copy of it).
pub(crate) fn parse(input: &[u8], options: &ParseOptions) -> Spans {
    let mut parser = Parser::new(input, options);
    parser.run();
    Spans {
        // Copied after parsing: reading the caller's bytes while they are
        // still in cache is faster than copying first.
        input: input.into(),
        limit: parser.limit,
        groups: parser.groups,
        rules: parser.rules,
        agents: parser.agents,
        notes: parser.notes,
    }
}

/// Reads a robots.txt line by line.
struct Parser<'a> {
    input: &'a [u8],
    mode: Mode,
    /// Where reading stops.
    limit: usize,
    groups: Vec<GroupSpan>,
    rules: Vec<RuleSpan>,
    agents: Vec<AgentSpan>,
    notes: Vec<NoteSpan>,
    /// The group being read, which rules go to (`None` before the first
    /// User-agent). It joins `groups` when the next one starts.
    open: Option<GroupSpan>,
}

impl<'a> Parser<'a> {
    fn new(input: &'a [u8], options: &ParseOptions) -> Parser<'a> {
        // Spans are 32-bit: a (hypothetical) input over 4 GiB is read up to
        // there, like a size limit.
        let limit = options
            .size_limit
            .map_or(input.len(), |l| l.min(input.len()))
            .min(u32::MAX as usize);
        Parser {
            input,
            mode: options.mode,
            limit,
            groups: Vec::new(),
            rules: Vec::new(),
            agents: Vec::new(),
            notes: Vec::new(),
            open: None,
        }
    }

    fn run(&mut self) {
        let input = self.input;
        for raw in Lines::new(input, self.mode) {
            if beyond_limit(&raw, self.limit, input.len()) {
                break;
            }
            let line = read_line(input, &raw, self.limit, self.mode);
            let value = || Span::new(line.value.clone().unwrap_or_default());
            match line.kind {
                LineKind::UserAgent => self.user_agent(raw.number, value()),
                LineKind::Allow => self.rule(raw.number, RuleKind::Allow, &line),
                LineKind::Disallow => self.rule(raw.number, RuleKind::Disallow, &line),
                LineKind::Sitemap | LineKind::Other => self.notes.push(NoteSpan {
                    line: raw.number,
                    sitemap: line.kind == LineKind::Sitemap,
                    key: Span::new(line.key.clone().unwrap_or_default()),
                    value: value(),
                    // The open group is the next to join `groups`.
                    group: self.open.map_or(NO_GROUP, |_| self.groups.len() as u32),
                }),
                _ => {}
            }
        }
        self.groups.extend(self.open.take());
    }

    fn user_agent(&mut self, number: u32, value: Span) {
        // A User-agent after a rule starts a new group.
        if self.open.is_none_or(|g| g.rules.1 > g.rules.0) {
            self.groups.extend(self.open.take());
            let at = self.agents.len() as u32;
            let rules = self.rules.len() as u32;
            self.open = Some(GroupSpan {
                agents: (at, at),
                rules: (rules, rules),
                first_line: number,
                last_line: number,
            });
        }
        let bytes = &self.input[value.range()];
        let name = if is_global_value(bytes) {
            NameSpan::Global
        } else {
            match product_token_len(bytes) {
                0 => NameSpan::Nothing,
                len => NameSpan::Token(len as u32),
            }
        };
        self.agents.push(AgentSpan {
            line: number,
            value,
            name,
        });
        if let Some(g) = &mut self.open {
            g.agents.1 = self.agents.len() as u32;
            g.last_line = number;
        }
    }

    fn rule(&mut self, number: u32, kind: RuleKind, line: &ReadLine) {
        // A rule before any User-agent applies to no crawler (the linter
        // says so).
        let Some(g) = &mut self.open else {
            return;
        };
        self.rules.push(RuleSpan {
            line: number,
            value: Span::new(line.value.clone().unwrap_or_default()),
            kind,
        });
        g.rules.1 = self.rules.len() as u32;
        g.last_line = number;
    }
}
