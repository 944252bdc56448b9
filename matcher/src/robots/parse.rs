//! The parser: one pass over the lines (Google's `robots.cc` pipeline:
//! tokenize line -> classify key -> handle it), keeping the groups, their
//! User-agent tokens and their rules as [`Spans`]: what checking needs.
//! Sitemaps and other directives are left to the view, which reads every
//! line again when first asked (`super::view`).
//!
//! It reads each line through the layers of [`crate::lines`] ([`Lines`]'
//! marks, [`read_text`], [`key_meaning`]) rather than through `read_line`,
//! which builds comment spans and line shapes only the view and the linter
//! use; a property test below checks that both read every line alike.
//!
//! Most lines need less ([`opening`]): a line whose first byte cannot start
//! `User-agent`, `Allow` or `Disallow` in any spelling either mode accepts
//! (a comment, a blank line, a Sitemap, a Crawl-delay) is passed over once
//! its end is found (files of sitemaps and comments, www.coldwellbanker.com:
//! 1,333 lines, 20 rules, 583,000 to 207,000 instructions a parse, its copy
//! included), and a line that opens with an exact key and its colon is
//! read from its key by a word compare and its line end (docs.oracle.com's
//! 31,843 rules: 8.3 to 6.5 million). Only the other lines go through the
//! general reading.

use crate::key::KeyKind;
#[cfg(target_arch = "x86_64")]
use crate::lines::Avx2;
use crate::lines::{
    is_blank, is_space, key_meaning, read_text, starts_beyond_limit, Baseline, BlockScan, Lines,
    Marks, Text,
};
use crate::model::RuleKind;
use crate::{Mode, ParseOptions};

use super::spans::{AgentSpan, GroupSpan, Input, RuleSpan, Span, Spans};

/// Parses `input` into its compact form, which holds a copy of it. (Copied
/// after parsing: reading the caller's bytes while they are still in cache
/// is faster than copying first.)
pub(crate) fn parse(input: &[u8], options: &ParseOptions) -> Spans {
    read(input, options).holding(Input::Owned(input.into()))
}

/// Parses `input`, handed over: the compact form holds it, uncopied.
pub(crate) fn parse_kept(input: Input, options: &ParseOptions) -> Spans {
    read(&input, options).holding(input)
}

/// What a parse of `input` finds: with AVX2 block tests where the
/// processor has them ([`crate::lines::BlockScan`]; the whole loop is
/// compiled for them, so that they are inlined), else the baseline ones.
fn read(input: &[u8], options: &ParseOptions) -> Found {
    #[cfg(target_arch = "x86_64")]
    if let Some(avx2) = Avx2::detect() {
        // SAFETY: `avx2` exists only when the processor has AVX2.
        return unsafe { read_avx2(input, options, avx2) };
    }
    read_with(input, options, Baseline)
}

/// [`read_with`] compiled for AVX2.
///
/// # Safety
/// The processor must have AVX2 (the `Avx2` passed in proves it).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn read_avx2(input: &[u8], options: &ParseOptions, scan: Avx2) -> Found {
    read_with(input, options, scan)
}

/// What a parse of `input` finds, its structural bytes found with `scan`.
#[inline(always)]
fn read_with<S: BlockScan>(input: &[u8], options: &ParseOptions, scan: S) -> Found {
    let mut parser = Parser::new(input, options);
    parser.run(scan);
    parser.found
}

/// What a parse found, before it holds the input.
#[derive(Debug)]
struct Found {
    /// Where reading stops.
    limit: usize,
    groups: Vec<GroupSpan>,
    rules: Vec<RuleSpan>,
    agents: Vec<AgentSpan>,
}

impl Found {
    /// The compact form, holding `input`: the bytes read, kept.
    fn holding(self, input: Input) -> Spans {
        Spans {
            input,
            limit: self.limit,
            groups: self.groups,
            rules: self.rules,
            agents: self.agents,
        }
    }
}

/// How a line opens, as far as the parser needs to know.
#[derive(Clone, Copy, Debug)]
enum Opening {
    /// `Disallow`, `Allow` or `User-agent` in any letter case, followed
    /// directly by `:` (at this place): every reading gives such a line
    /// that kind (an exact name), with the value after the colon.
    Key(KeyKind, usize),
    /// A line no reading makes a User-agent, Allow or Disallow: its first
    /// byte is no blank and cannot start any spelling of their keys that
    /// either mode accepts (they all start with `u`, `a` or `d`, in either
    /// case). A comment, an empty line, a Sitemap, a Crawl-delay.
    Passed,
    /// Any other line: read the general way ([`read_text`]).
    Read,
}

/// How the line starting at `start` opens.
///
/// Keys are compared eight bytes at once, folded to lower case by setting
/// bit 5 of each: only the upper-case letters fold onto the lower-case
/// ones (and a CR onto `-`, which is why `-` is compared unfolded: the
/// eight bytes may run past the line's end).
#[inline(always)]
fn opening(input: &[u8], start: usize) -> Opening {
    const FOLD: u64 = 0x2020_2020_2020_2020;
    let Some(&first) = input.get(start) else {
        return Opening::Passed;
    };
    if !matches!(first | 0x20, b'a' | b'd' | b'u') {
        return match is_blank(first) {
            true => Opening::Read,
            false => Opening::Passed,
        };
    }
    let word = |at: usize| {
        input
            .get(at..)
            .and_then(<[u8]>::first_chunk::<8>)
            .map_or(0, |w| u64::from_le_bytes(*w) | FOLD)
    };
    let key = |kind: KeyKind, len: usize| match input.get(start + len) {
        Some(b':') => Opening::Key(kind, start + len),
        _ => Opening::Read,
    };
    let head = word(start);
    if head == u64::from_le_bytes(*b"disallow") {
        key(KeyKind::Disallow, 8)
    } else if head & 0xFF_FFFF_FFFF == u64::from_le_bytes(*b"allow\0\0\0") {
        key(KeyKind::Allow, 5)
    } else if head == u64::from_le_bytes(*b"user-age")
        && word(start + 2) == u64::from_le_bytes(*b"er-agent")
        && input[start + 4] == b'-'
    {
        key(KeyKind::UserAgent, 10)
    } else {
        Opening::Read
    }
}

/// Reads a robots.txt line by line.
struct Parser<'a> {
    input: &'a [u8],
    mode: Mode,
    found: Found,
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
            found: Found {
                limit,
                groups: Vec::new(),
                // Rules are most lines of most files, and a line is seldom
                // shorter than 32 bytes: reserving for that many saves the
                // copies of growing (2% of a typical parse; callgrind), and
                // costs a file of comments at most 1 MiB until it is
                // dropped.
                rules: Vec::with_capacity((limit / 32).min(1 << 16)),
                agents: Vec::new(),
            },
            open: None,
        }
    }

    #[inline(always)]
    fn run<S: BlockScan>(&mut self, scan: S) {
        let input = self.input;
        let limit = self.found.limit;
        let mut lines = Lines::with_scan(input, self.mode, scan);
        let max_line = lines.max_line();
        while let Some(start) = lines.next_start() {
            if starts_beyond_limit(start, limit, input.len()) {
                break;
            }
            match opening(input, start) {
                // Most directive lines: an exact key and its colon.
                Opening::Key(kind, colon) if colon < limit => {
                    let (number, stop, _) = lines.next_after_key(colon);
                    // As `read_text` reads it: the text ends at the first
                    // `#` or NUL, the end of what Google reads of a line,
                    // or the limit; the value is trimmed (never past the
                    // colon).
                    let text_end = stop.min(start.saturating_add(max_line)).min(limit);
                    let mut end = text_end;
                    while end > colon + 1 && is_space(input[end - 1]) {
                        end -= 1;
                    }
                    let mut value_start = colon + 1;
                    while value_start < end && is_space(input[value_start]) {
                        value_start += 1;
                    }
                    self.directive(number, kind, Span::new(value_start..end));
                }
                Opening::Passed => lines.pass_line(),
                Opening::Key(..) | Opening::Read => {
                    if let Some(line) = lines.next_marks() {
                        self.read_line(line, max_line);
                    }
                }
            }
        }
        self.found.groups.extend(self.open.take());
    }

    /// Reads a line the general way (`read_text`, `key_meaning`): out of
    /// line, so that the loop over lines, which rarely needs it, keeps its
    /// state in registers.
    #[inline(never)]
    fn read_line(&mut self, line: Marks, max_line: usize) {
        let input = self.input;
        let (_, text_end) = line.text_end(max_line, self.found.limit);
        let Text::Directive {
            text,
            key_end,
            value_start,
            missing_colon,
        } = read_text(input, line.start, text_end, line.colon)
        else {
            return;
        };
        let key = &input[text.start..key_end];
        if let Some(meaning) = key_meaning(key, missing_colon, self.mode) {
            self.directive(line.number, meaning.kind, Span::new(value_start..text.end));
        }
    }

    /// Files a directive of `kind` on line `number` with this value.
    #[inline(always)]
    fn directive(&mut self, number: u32, kind: KeyKind, value: Span) {
        match kind {
            KeyKind::UserAgent => self.user_agent(number, value),
            KeyKind::Allow => self.rule(number, RuleKind::Allow, value),
            KeyKind::Disallow => self.rule(number, RuleKind::Disallow, value),
            KeyKind::Sitemap | KeyKind::Other => {}
        }
    }

    fn user_agent(&mut self, number: u32, value: Span) {
        // A User-agent after a rule starts a new group.
        if self.open.is_none_or(|g| g.rules.1 > g.rules.0) {
            self.found.groups.extend(self.open.take());
            let at = self.found.agents.len() as u32;
            let rules = self.found.rules.len() as u32;
            self.open = Some(GroupSpan {
                agents: (at, at),
                rules: (rules, rules),
                first_line: number,
                last_line: number,
            });
        }
        self.found.agents.push(AgentSpan {
            line: number,
            value,
        });
        if let Some(g) = &mut self.open {
            g.agents.1 = self.found.agents.len() as u32;
            g.last_line = number;
        }
    }

    fn rule(&mut self, number: u32, kind: RuleKind, value: Span) {
        // A rule before any User-agent applies to no crawler (the linter
        // says so).
        let Some(g) = &mut self.open else {
            return;
        };
        self.found.rules.push(RuleSpan {
            line: number,
            value,
            kind,
        });
        g.rules.1 = self.found.rules.len() as u32;
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
            if beyond_limit(&raw, parser.found.limit, input.len()) {
                break;
            }
            let line: ReadLine = read_line(input, &raw, parser.found.limit, parser.mode);
            let value = || Span::new(line.value.clone().unwrap_or_default());
            match line.kind {
                LineKind::UserAgent => parser.user_agent(raw.number, value()),
                LineKind::Allow => parser.rule(raw.number, RuleKind::Allow, value()),
                LineKind::Disallow => parser.rule(raw.number, RuleKind::Disallow, value()),
                _ => {}
            }
        }
        parser.found.groups.extend(parser.open.take());
        parser.found.holding(Input::Owned(input.into()))
    }

    /// Whether [`parse`] (with AVX2 where the processor has it) and the
    /// baseline block tests both read `input` as [`reference`] does.
    fn same(input: &[u8], options: &ParseOptions) -> Result<(), String> {
        let want = format!("{:?}", reference(input, options));
        let baseline = read_with(input, options, Baseline).holding(Input::Owned(input.into()));
        for got in [parse(input, options), baseline] {
            let got = format!("{got:?}");
            if got != want {
                return Err(format!("{input:?} {options:?}:\n{got}\n{want}"));
            }
        }
        Ok(())
    }

    #[test]
    fn examples_read_as_the_general_reader_reads_them() {
        let examples: [&[u8]; 12] = [
            b"User-agent: *\nDisallow: /a # c\nAllow:/b\r\nSitemap: http://x/s\n",
            b"\xEF\xBB\xBFuser agent  a\n dissallow /x\nCrawl-delay: 3\n",
            b"Disallow: /before\nUser-agent: a\nUser-agent: b\n\nDisallow: /\0x\n",
            b"  # comment\n\t\x0B\nnokey\n: v\nkey :\nUser-agent:a:b#c:d\n",
            b"Disallow /a /b\nUser-agentX: y\nuseragent z\nsite-map: m\n",
            b"",
            b"\r\r\n\n",
            b"User-agent: * \nDisallow: \x0C/p\x0C \n",
            // Exact keys read by a word compare, cut by `#`, NUL, CR, the
            // end of the input and size limits inside the key and value.
            b"USER-AGENT:*\nDISALLOW:/a #x:y\nAllow:\0/b\r\nallow:  \t\n disallow:/c\nAllow:/d",
            b"user\ragent: x\nuser-agent\n: y\nUser-agentx: z\nDisallow :/e\nDisallowed:/f\n",
            b"User-agent: a\nAllow:/p\x0Bq \x0C\nDisallow:/r:s#t\0u\nDisallow:",
            b"allow:\nALLOW\nAllowx:/g\nDisallow:/h\t\t# c\r",
        ];
        for input in examples {
            for mode in [Mode::Google, Mode::Rfc9309] {
                for size_limit in [None, Some(0), Some(5), Some(17), Some(40)] {
                    same(input, &ParseOptions { mode, size_limit }).unwrap();
                }
            }
        }
    }

    #[test]
    fn handed_over_input_parses_as_a_copy() {
        use crate::Robots;
        use std::sync::Arc;
        let input = b"User-agent: *\nDisallow: /a\nSitemap: /s\nUser-agent: b\nAllow: /c\n";
        for options in [
            ParseOptions::default(),
            ParseOptions::new(Mode::Rfc9309, true),
        ] {
            let copied = Robots::parse_with(input, &options);
            let owned = Robots::parse_owned(input.to_vec(), &options);
            let shared = Robots::parse_shared(Arc::from(&input[..]), &options);
            for kept in [owned, shared] {
                let parts = |r: &Robots| {
                    let s = &r.spans;
                    format!("{:?}", (&*s.input, s.limit, &s.groups, &s.rules, &s.agents))
                };
                assert_eq!(parts(&kept), parts(&copied));
                assert_eq!(kept.sitemaps(), copied.sitemaps());
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
