//! The parser: one pass over the lines (Google's `robots.cc` pipeline:
//! tokenize line -> classify key -> handle it), keeping the groups, their
//! User-agent tokens, their rules and the other directives as [`Spans`].
//!
//! It reads each line through the layers of [`crate::lines`] ([`Lines`]'
//! marks, [`read_text`], [`key_meaning`]) rather than through `read_line`,
//! which builds comment spans and line shapes only the view and the linter
//! use; a property test below checks that both read every line alike.

use crate::agent::{is_global_value, product_token_len};
use crate::key::KeyKind;
use crate::lines::{key_meaning, read_text, starts_beyond_limit, Lines, Text};
use crate::model::RuleKind;
use crate::{Mode, ParseOptions};

use super::spans::{AgentSpan, GroupSpan, NameSpan, NoteSpan, RuleSpan, Span, Spans, NO_GROUP};

/// Parses `input` into its compact form (which holds a copy of it).
pub(crate) fn parse(input: &[u8], options: &ParseOptions) -> Spans {
    let mut parser = Parser::new(input, options);
    parser.run();
    parser.into_spans()
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
            // Rules are most lines of most files, and a line is seldom
            // shorter than 32 bytes: reserving for that many saves the
            // copies of growing (2% of a typical parse; callgrind), and
            // costs a file of comments at most 1 MiB until it is dropped.
            rules: Vec::with_capacity((limit / 32).min(1 << 16)),
            agents: Vec::new(),
            notes: Vec::new(),
            open: None,
        }
    }

    /// What was read, with a copy of the input. (Copied after parsing:
    /// reading the caller's bytes while they are still in cache is faster
    /// than copying first.)
    fn into_spans(self) -> Spans {
        Spans {
            input: self.input.into(),
            limit: self.limit,
            groups: self.groups,
            rules: self.rules,
            agents: self.agents,
            notes: self.notes,
        }
    }

    fn run(&mut self) {
        let input = self.input;
        let mut lines = Lines::new(input, self.mode);
        let max_line = lines.max_line();
        // The same reading as `read_line`'s, without building the spans of
        // comments and shapes that only the view and the linter need.
        while let Some(line) = lines.next_marks() {
            if starts_beyond_limit(line.start, self.limit, input.len()) {
                break;
            }
            let (_, text_end) = line.text_end(max_line, self.limit);
            let Text::Directive {
                text,
                key_end,
                value_start,
                missing_colon,
            } = read_text(input, line.start, text_end, line.colon)
            else {
                continue;
            };
            let key = text.start..key_end;
            let Some(meaning) = key_meaning(&input[key.clone()], missing_colon, self.mode) else {
                continue;
            };
            let value = Span::new(value_start..text.end);
            let number = line.number;
            match meaning.kind {
                KeyKind::UserAgent => self.user_agent(number, value),
                KeyKind::Allow => self.rule(number, RuleKind::Allow, value),
                KeyKind::Disallow => self.rule(number, RuleKind::Disallow, value),
                KeyKind::Sitemap | KeyKind::Other => self.notes.push(NoteSpan {
                    line: number,
                    sitemap: meaning.kind == KeyKind::Sitemap,
                    key: Span::new(key),
                    value,
                    // The open group is the next to join `groups`.
                    group: self.open.map_or(NO_GROUP, |_| self.groups.len() as u32),
                }),
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

    fn rule(&mut self, number: u32, kind: RuleKind, value: Span) {
        // A rule before any User-agent applies to no crawler (the linter
        // says so).
        let Some(g) = &mut self.open else {
            return;
        };
        self.rules.push(RuleSpan {
            line: number,
            value,
            kind,
        });
        g.rules.1 = self.rules.len() as u32;
        g.last_line = number;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lines::{beyond_limit, read_line, ReadLine, MAX_LINE_BYTES};
    use crate::model::LineKind;

    /// The parser as the general line reader ([`read_line`], which the view
    /// and the linter use) describes it: what [`parse`] must agree with.
    fn reference(input: &[u8], options: &ParseOptions) -> Spans {
        let mut parser = Parser::new(input, options);
        for raw in Lines::new(input, parser.mode) {
            if beyond_limit(&raw, parser.limit, input.len()) {
                break;
            }
            let line: ReadLine = read_line(input, &raw, parser.limit, parser.mode);
            let value = || Span::new(line.value.clone().unwrap_or_default());
            match line.kind {
                LineKind::UserAgent => parser.user_agent(raw.number, value()),
                LineKind::Allow => parser.rule(raw.number, RuleKind::Allow, value()),
                LineKind::Disallow => parser.rule(raw.number, RuleKind::Disallow, value()),
                LineKind::Sitemap | LineKind::Other => parser.notes.push(NoteSpan {
                    line: raw.number,
                    sitemap: line.kind == LineKind::Sitemap,
                    key: Span::new(line.key.clone().unwrap_or_default()),
                    value: value(),
                    group: parser.open.map_or(NO_GROUP, |_| parser.groups.len() as u32),
                }),
                _ => {}
            }
        }
        parser.groups.extend(parser.open.take());
        parser.into_spans()
    }

    fn same(input: &[u8], options: &ParseOptions) -> Result<(), String> {
        let got = format!("{:?}", parse(input, options));
        let want = format!("{:?}", reference(input, options));
        if got == want {
            Ok(())
        } else {
            Err(format!("{input:?} {options:?}:\n{got}\n{want}"))
        }
    }

    #[test]
    fn examples_read_as_the_general_reader_reads_them() {
        let examples: [&[u8]; 8] = [
            b"User-agent: *\nDisallow: /a # c\nAllow:/b\r\nSitemap: http://x/s\n",
            b"\xEF\xBB\xBFuser agent  a\n dissallow /x\nCrawl-delay: 3\n",
            b"Disallow: /before\nUser-agent: a\nUser-agent: b\n\nDisallow: /\0x\n",
            b"  # comment\n\t\x0B\nnokey\n: v\nkey :\nUser-agent:a:b#c:d\n",
            b"Disallow /a /b\nUser-agentX: y\nuseragent z\nsite-map: m\n",
            b"",
            b"\r\r\n\n",
            b"User-agent: * \nDisallow: \x0C/p\x0C \n",
        ];
        for input in examples {
            for mode in [Mode::Google, Mode::Rfc9309] {
                for size_limit in [None, Some(0), Some(5), Some(17), Some(40)] {
                    same(input, &ParseOptions { mode, size_limit }).unwrap();
                }
            }
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig {
            cases: 1024,
            ..proptest::prelude::ProptestConfig::default()
        })]

        #[test]
        fn parse_reads_lines_as_the_general_reader_reads_them(
            input in crate::lines::tests::robots_like_bytes(60),
            bytes in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..40),
            long in 0usize..4,
            google in proptest::prelude::any::<bool>(),
            size_limit in proptest::option::of(0usize..400),
        ) {
            let mut input = input;
            // Arbitrary bytes, somewhere in the middle.
            let at = input.len() / 3;
            input.splice(at..at, bytes);
            if long > 1 {
                // A line longer than Google reads, with structural bytes on
                // both sides of the cut.
                let at = input.len() / 2;
                let filler = vec![b'x'; MAX_LINE_BYTES - 4 + long];
                input.splice(at..at, filler.iter().copied().chain(*b" :#y"));
            }
            let mode = if google { Mode::Google } else { Mode::Rfc9309 };
            let options = ParseOptions { mode, size_limit };
            if let Err(e) = same(&input, &options) {
                return Err(proptest::test_runner::TestCaseError::fail(e));
            }
        }
    }
}
