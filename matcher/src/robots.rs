//! The parsed robots.txt: groups, rules, sitemaps, other directives, the
//! kind of every line, and diagnostics.
//!
//! Parsing never fails: any bytes give a [`Robots`], and what a crawler would
//! skip is reported as a [`Diagnostic`] instead.
//!
//! Parsing keeps only what checking needs, as byte spans into a copy of the
//! input: the groups, their User-agent tokens and their rules. That is one
//! pass over the bytes and a few small records per rule, so checking a file
//! that changes on every keystroke, or a file of 50,000 rules, starts fast.
//! What people read (each line's kind, rules and directives as text, the
//! diagnostics) is built from those spans the first time it is asked for,
//! and kept.

use std::borrow::Cow;
use std::ops::Range;
use std::sync::{Arc, OnceLock};

use crate::agent::{is_global_value, product_token_len};
use crate::diagnostic::Diagnostic;
use crate::index::{IndexedRule, RuleSet};
use crate::key::{classify, Key, KeyKind, Spelling};
use crate::lines::{split_directive, LineShape, Lines, RawLine};
use crate::pattern::{index_html_alternative, normalize_pattern, Pattern};
use crate::{Mode, ParseOptions};

/// What a line is, for colouring and explanation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LineKind {
    Blank,
    Comment,
    UserAgent,
    Allow,
    Disallow,
    Sitemap,
    /// Any other `key: value` (Crawl-delay, Host, unknown keys, ...).
    Other,
    /// Text that is not a directive; crawlers skip it.
    Invalid,
    /// After the size limit; crawlers never read it.
    BeyondLimit,
}

impl LineKind {
    /// Stable lower-case name, e.g. `user-agent`.
    pub fn as_str(self) -> &'static str {
        match self {
            LineKind::Blank => "blank",
            LineKind::Comment => "comment",
            LineKind::UserAgent => "user-agent",
            LineKind::Allow => "allow",
            LineKind::Disallow => "disallow",
            LineKind::Sitemap => "sitemap",
            LineKind::Other => "other",
            LineKind::Invalid => "invalid",
            LineKind::BeyondLimit => "beyond-limit",
        }
    }
}

/// One line of the file, with byte spans into the input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// 1-based.
    pub number: u32,
    /// The whole line without its line ending.
    pub span: Range<usize>,
    pub kind: LineKind,
    /// The key of a directive.
    pub key: Option<Range<usize>>,
    /// The value of a directive (comment and whitespace removed).
    pub value: Option<Range<usize>>,
    /// From `#` to the end of what is read.
    pub comment: Option<Range<usize>>,
    /// The group the line belongs to (its User-agent lines and rules, and
    /// other lines inside it).
    pub group: Option<usize>,
}

/// What a `User-agent` line names.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum AgentName {
    /// `*`: every crawler without a group of its own.
    Global,
    /// A product token.
    Token(String),
    /// Nothing usable (empty, or no leading letter): matches no crawler.
    Nothing,
}

/// One `User-agent` line of a group.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GroupAgent {
    pub line: u32,
    /// The value as written.
    pub value: String,
    pub name: AgentName,
}

/// A Crawl-delay line.
#[derive(Clone, Debug, PartialEq)]
pub struct CrawlDelay {
    pub line: u32,
    pub value: String,
    /// The delay in seconds, when the value is a number.
    pub seconds: Option<f64>,
}

/// Consecutive User-agent lines and the rules that follow them.
#[derive(Clone, Debug, PartialEq)]
pub struct Group {
    pub agents: Vec<GroupAgent>,
    /// Indices into [`Robots::rules`].
    pub rules: Range<usize>,
    /// The first Crawl-delay inside the group.
    pub crawl_delay: Option<CrawlDelay>,
    /// First and last line of the group.
    pub lines: Range<u32>,
}

impl Group {
    /// Whether the group has a `*` User-agent.
    pub fn is_global(&self) -> bool {
        self.agents.iter().any(|a| a.name == AgentName::Global)
    }

    /// The product tokens it names, `*` included.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.agents.iter().filter_map(|a| match &a.name {
            AgentName::Global => Some("*"),
            AgentName::Token(t) => Some(t.as_str()),
            AgentName::Nothing => None,
        })
    }
}

/// Allow or Disallow.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RuleKind {
    Allow,
    Disallow,
}

impl RuleKind {
    /// `Allow` or `Disallow`.
    pub fn as_str(self) -> &'static str {
        match self {
            RuleKind::Allow => "Allow",
            RuleKind::Disallow => "Disallow",
        }
    }
}

/// An Allow or Disallow line inside a group.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rule {
    pub kind: RuleKind,
    pub line: u32,
    /// The line as written, without comment and surrounding whitespace.
    pub text: String,
    /// The pattern as written.
    pub value: String,
    /// The pattern as matched (normalised).
    pub pattern: Pattern,
    /// Google's extra pattern for an Allow ending in `/index.htm...`: the
    /// directory itself (`/a/index.html` also allows `/a/`).
    pub index_html: Option<Pattern>,
    /// Index into [`Robots::groups`].
    pub group: usize,
}

impl Rule {
    /// The priority with which the rule matches `path`, if it does: its
    /// pattern's length, or the `/index.html` alternative's.
    pub fn match_priority(&self, path: &[u8]) -> Option<u32> {
        if self.pattern.matches(path) {
            Some(self.pattern.priority())
        } else {
            self.index_html
                .as_ref()
                .filter(|alt| alt.matches(path))
                .map(Pattern::priority)
        }
    }
}

/// A Sitemap line (sitemaps apply to the whole file, not to a group).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sitemap {
    pub line: u32,
    pub url: String,
}

/// Any other `key: value` line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OtherDirective {
    pub line: u32,
    pub key: String,
    pub value: String,
    /// The group it appears in, if any.
    pub group: Option<usize>,
}

/// A byte range of the input, in half the space of a `Range<usize>`
/// (inputs are read up to 4 GiB).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Span {
    start: u32,
    end: u32,
}

impl Span {
    fn new(range: Range<usize>) -> Span {
        // Every offset is below the parse limit, which is at most u32::MAX.
        Span {
            start: range.start as u32,
            end: range.end as u32,
        }
    }

    fn range(self) -> Range<usize> {
        self.start as usize..self.end as usize
    }
}

/// An Allow or Disallow as parsed (16 bytes: a file of 50,000 rules is
/// read into 800 KB).
#[derive(Clone, Copy, Debug)]
struct RuleSpan {
    line: u32,
    /// The pattern as written.
    value: Span,
    kind: RuleKind,
}

/// What a User-agent value names, as parsed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum NameSpan {
    Global,
    /// A product token: the first `len` bytes of the value.
    Token(u32),
    Nothing,
}

/// A User-agent line as parsed.
#[derive(Clone, Copy, Debug)]
struct AgentSpan {
    line: u32,
    value: Span,
    name: NameSpan,
}

/// A group as parsed: the ranges of its User-agent lines and rules in the
/// parsed lists (rule indices are those of [`Robots::rules`]).
#[derive(Clone, Copy, Debug)]
struct GroupSpan {
    agents: (u32, u32),
    rules: (u32, u32),
    first_line: u32,
    last_line: u32,
}

/// A Sitemap or any other `key: value` line as parsed.
#[derive(Clone, Copy, Debug)]
struct NoteSpan {
    line: u32,
    sitemap: bool,
    key: Span,
    value: Span,
    /// Index of the group it appears in, or [`NO_GROUP`].
    group: u32,
}

const NO_GROUP: u32 = u32::MAX;

/// Whether the line at `raw` starts after `limit`, the end of what is read
/// of an input of `input_len` bytes (a limit at the end cuts nothing).
fn beyond_limit(raw: &RawLine, limit: usize, input_len: usize) -> bool {
    limit < input_len && raw.span.start >= limit
}

/// One line read the way the parser reads it: shape, key meaning and spans.
/// Parsing and [`Robots::lines`] both read lines through this, so they
/// always agree.
#[derive(Clone, Debug)]
pub(crate) struct ReadLine {
    pub kind: LineKind,
    pub key: Option<Range<usize>>,
    pub value: Option<Range<usize>>,
    /// The text before the comment, whitespace trimmed.
    pub text: Range<usize>,
    pub comment: Option<Range<usize>>,
    pub missing_colon: bool,
    /// What the key names and how it was spelled (an exact `Other` when
    /// the line is no directive).
    pub meaning: Key,
}

/// Reads the part of `raw` before `limit`.
#[cfg_attr(not(target_family = "wasm"), inline(always))]
pub(crate) fn read_line(input: &[u8], raw: &RawLine, limit: usize, mode: Mode) -> ReadLine {
    let split = split_directive(input, raw, limit);
    let mut line = ReadLine {
        kind: LineKind::Invalid,
        key: None,
        value: None,
        text: split.text,
        comment: split.comment,
        missing_colon: false,
        meaning: Key {
            kind: KeyKind::Other,
            spelling: Spelling::Exact,
        },
    };
    match split.shape {
        LineShape::Blank => line.kind = LineKind::Blank,
        LineShape::Comment => line.kind = LineKind::Comment,
        LineShape::NoDirective => {}
        LineShape::Directive(d) => {
            line.missing_colon = d.missing_colon;
            // RFC 9309 requires the colon: the line is then no directive.
            if !(d.missing_colon && mode == Mode::Rfc9309) {
                line.meaning = classify(&input[d.key.clone()], mode);
                line.kind = match line.meaning.kind {
                    KeyKind::UserAgent => LineKind::UserAgent,
                    KeyKind::Allow => LineKind::Allow,
                    KeyKind::Disallow => LineKind::Disallow,
                    KeyKind::Sitemap => LineKind::Sitemap,
                    KeyKind::Other => LineKind::Other,
                };
            }
            line.key = Some(d.key);
            line.value = Some(d.value);
        }
    }
    line
}

/// The groups that apply to one robots.txt token, indexed for matching.
///
/// The index is built the first time a crawler needs it, not while parsing:
/// an editor re-parses on every change and usually checks one crawler, and
/// a file naming many crawlers then pays for one index, not all of them.
#[derive(Clone, Debug, Default)]
pub(crate) struct AgentRules {
    pub groups: Vec<usize>,
    rules: OnceLock<RuleSet>,
}

impl AgentRules {
    /// The index of these groups' rules.
    pub fn rule_set(&self, robots: &Robots) -> &RuleSet {
        self.rules.get_or_init(|| {
            let rules = self
                .groups
                .iter()
                .flat_map(|&g| {
                    let (start, end) = robots.group_spans[g].rules;
                    start as usize..end as usize
                })
                .map(|id| {
                    let rule = &robots.rule_spans[id];
                    let (pattern, index_html) =
                        normalized_patterns(robots.bytes(rule.value), rule.kind, robots.mode);
                    IndexedRule {
                        id,
                        kind: rule.kind,
                        line: rule.line,
                        pattern,
                        index_html,
                    }
                });
            RuleSet::new(rules)
        })
    }
}

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

/// Lower-cased product tokens, sorted, with the groups naming each.
pub(crate) type NamedRules = Vec<(Box<[u8]>, Arc<AgentRules>)>;

/// A rule's pattern as matched, and Google's `/index.html` alternative of
/// an Allow, normalised.
fn normalized_patterns(
    value: &[u8],
    kind: RuleKind,
    mode: Mode,
) -> (Cow<'_, [u8]>, Option<Vec<u8>>) {
    let normalized = normalize_pattern(value, mode);
    let index_html = match (kind, mode) {
        (RuleKind::Allow, Mode::Google) => index_html_alternative(&normalized),
        _ => None,
    };
    (normalized, index_html)
}

/// A parsed robots.txt. Parse once, then check many URLs.
#[derive(Clone, Debug)]
pub struct Robots {
    pub(crate) mode: Mode,
    /// A copy of the input: every span points into it.
    input: Box<[u8]>,
    parsed_len: usize,
    group_spans: Vec<GroupSpan>,
    rule_spans: Vec<RuleSpan>,
    agents: Vec<AgentSpan>,
    notes: Vec<NoteSpan>,
    /// Lower-cased product token -> the groups naming it.
    /// Tokens naming the same groups share one index.
    /// Sorted by token for binary search: no hashing per check, and no
    /// hash-flooding by a file full of crafted names.
    pub(crate) named: NamedRules,
    /// The `*` groups.
    pub(crate) global: Option<Arc<AgentRules>>,
    /// Lines, groups, rules and directives as text, built when first asked
    /// for.
    view: OnceLock<View>,
    diagnostics: OnceLock<Vec<Diagnostic>>,
}

/// The parsed file as people read it.
#[derive(Clone, Debug)]
struct View {
    lines: Vec<Line>,
    groups: Vec<Group>,
    rules: Vec<Rule>,
    sitemaps: Vec<Sitemap>,
    others: Vec<OtherDirective>,
}

impl Robots {
    /// Parses with Google's reading and no size limit.
    pub fn parse(input: &[u8]) -> Robots {
        Robots::parse_with(input, &ParseOptions::default())
    }

    /// Parses with the given mode and size limit.
    pub fn parse_with(input: &[u8], options: &ParseOptions) -> Robots {
        let parsed = Parser::new(input, options).run();
        // The spans point into this copy.
        let input: Box<[u8]> = input.into();
        let (named, global) = index_agents(&input, &parsed.groups, &parsed.agents);
        Robots {
            mode: options.mode,
            input,
            parsed_len: parsed.limit,
            group_spans: parsed.groups,
            rule_spans: parsed.rules,
            agents: parsed.agents,
            notes: parsed.notes,
            named,
            global,
            view: OnceLock::new(),
            diagnostics: OnceLock::new(),
        }
    }

    /// The mode the file was parsed in.
    pub fn mode(&self) -> Mode {
        self.mode
    }

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

    /// Findings, ordered by line.
    pub fn diagnostics(&self) -> &[Diagnostic] {
        self.diagnostics.get_or_init(|| crate::lint::diagnose(self))
    }

    /// Length of the input in bytes.
    pub fn input_len(&self) -> usize {
        self.input.len()
    }

    /// How many bytes were read (less than the input when a size limit cut
    /// it).
    pub fn parsed_len(&self) -> usize {
        self.parsed_len
    }

    /// The line with a 1-based number.
    pub fn line(&self, number: u32) -> Option<&Line> {
        number
            .checked_sub(1)
            .and_then(|i| self.lines().get(i as usize))
    }

    /// The input, as parsed.
    pub(crate) fn input(&self) -> &[u8] {
        &self.input
    }

    fn bytes(&self, span: Span) -> &[u8] {
        &self.input[span.range()]
    }

    fn view(&self) -> &View {
        self.view.get_or_init(|| self.build_view())
    }

    /// Whether the line at `raw` is after the size limit.
    pub(crate) fn is_beyond_limit(&self, raw: &RawLine) -> bool {
        beyond_limit(raw, self.parsed_len, self.input.len())
    }

    fn build_view(&self) -> View {
        let input = &*self.input;
        let as_text = Text::new(input);
        let text = |range: Range<usize>| as_text.get(range).into_owned();
        let span_text = |span: Span| text(span.range());
        let mut lines = Vec::new();
        // Each rule's text, read with its line.
        let mut rule_texts = Vec::with_capacity(self.rule_spans.len());
        // A line belongs to the last group started at or before it.
        let mut next_group = 0usize;
        for raw in Lines::new(input) {
            let mut line = Line {
                number: raw.number,
                span: raw.span.clone(),
                kind: LineKind::BeyondLimit,
                key: None,
                value: None,
                comment: None,
                group: None,
            };
            if !self.is_beyond_limit(&raw) {
                let read = read_line(input, &raw, self.parsed_len, self.mode);
                while self
                    .group_spans
                    .get(next_group)
                    .is_some_and(|g| g.first_line <= raw.number)
                {
                    next_group += 1;
                }
                line.kind = read.kind;
                line.key = read.key;
                line.value = read.value;
                line.comment = read.comment;
                line.group = next_group.checked_sub(1);
                if line.group.is_some() && matches!(read.kind, LineKind::Allow | LineKind::Disallow)
                {
                    rule_texts.push(read.text);
                }
            }
            lines.push(line);
        }
        let mut groups: Vec<Group> = self
            .group_spans
            .iter()
            .map(|g| Group {
                agents: self.agents[g.agents.0 as usize..g.agents.1 as usize]
                    .iter()
                    .map(|a| GroupAgent {
                        line: a.line,
                        value: span_text(a.value),
                        name: match a.name {
                            NameSpan::Global => AgentName::Global,
                            NameSpan::Token(len) => AgentName::Token(text(
                                a.value.start as usize..a.value.start as usize + len as usize,
                            )),
                            NameSpan::Nothing => AgentName::Nothing,
                        },
                    })
                    .collect(),
                rules: g.rules.0 as usize..g.rules.1 as usize,
                crawl_delay: None,
                lines: g.first_line..g.last_line,
            })
            .collect();
        let mut sitemaps = Vec::new();
        let mut others = Vec::new();
        for note in &self.notes {
            if note.sitemap {
                sitemaps.push(Sitemap {
                    line: note.line,
                    url: span_text(note.value),
                });
                continue;
            }
            let other = OtherDirective {
                line: note.line,
                key: span_text(note.key),
                value: span_text(note.value),
                group: (note.group != NO_GROUP).then_some(note.group as usize),
            };
            if let Some(group) = other.group.and_then(|g| groups.get_mut(g)) {
                if group.crawl_delay.is_none() && other.key.eq_ignore_ascii_case("crawl-delay") {
                    group.crawl_delay = Some(CrawlDelay {
                        line: other.line,
                        seconds: parse_seconds(&other.value),
                        value: other.value.clone(),
                    });
                }
            }
            others.push(other);
        }
        let mut rules = Vec::with_capacity(self.rule_spans.len());
        for (group, g) in self.group_spans.iter().enumerate() {
            for id in g.rules.0 as usize..g.rules.1 as usize {
                let r = &self.rule_spans[id];
                let (pattern, index_html) =
                    normalized_patterns(self.bytes(r.value), r.kind, self.mode);
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
}

/// What parsing keeps: what checking needs.
struct Parsed {
    /// Where reading stopped.
    limit: usize,
    groups: Vec<GroupSpan>,
    rules: Vec<RuleSpan>,
    agents: Vec<AgentSpan>,
    notes: Vec<NoteSpan>,
}

/// Reads a robots.txt line by line into [`Parsed`].
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

    fn run(mut self) -> Parsed {
        let input = self.input;
        for raw in Lines::new(input) {
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
        self.groups.extend(self.open);
        Parsed {
            limit: self.limit,
            groups: self.groups,
            rules: self.rules,
            agents: self.agents,
            notes: self.notes,
        }
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

/// The agent index: every lower-cased product token with the groups naming
/// it (in file order), and the `*` groups.
fn index_agents(
    input: &[u8],
    groups: &[GroupSpan],
    agents: &[AgentSpan],
) -> (NamedRules, Option<Arc<AgentRules>>) {
    // (lowercased token, group index) of every agent line, file order.
    let mut tokens: Vec<(Box<[u8]>, usize)> = Vec::new();
    let mut global = Vec::new();
    for (index, group) in groups.iter().enumerate() {
        for agent in &agents[group.agents.0 as usize..group.agents.1 as usize] {
            match agent.name {
                NameSpan::Global => {
                    if global.last() != Some(&index) {
                        global.push(index);
                    }
                }
                NameSpan::Token(len) => {
                    let start = agent.value.start as usize;
                    tokens.push((
                        input[start..start + len as usize]
                            .to_ascii_lowercase()
                            .into_boxed_slice(),
                        index,
                    ))
                }
                NameSpan::Nothing => {}
            }
        }
    }
    // Stable, so each token's groups stay in file order.
    crate::sort::sort_by(&mut tokens, |a, b| a.0.cmp(&b.0));
    let mut named_ids: Vec<(Box<[u8]>, Vec<usize>)> = Vec::new();
    for (token, index) in tokens {
        match named_ids.last_mut() {
            Some((last, ids)) if *last == token => {
                if ids.last() != Some(&index) {
                    ids.push(index);
                }
            }
            _ => named_ids.push((token, vec![index])),
        }
    }
    // Tokens of one group (`Googlebot` and `Googlebot-Image` above the
    // same rules) share one index instead of building it twice: equal
    // group lists are adjacent once sorted.
    let mut by_ids: Vec<usize> = (0..named_ids.len()).collect();
    crate::sort::sort_by(&mut by_ids, |&a, &b| named_ids[a].1.cmp(&named_ids[b].1));
    let new_rules = |ids: &Vec<usize>| {
        Arc::new(AgentRules {
            rules: OnceLock::new(),
            groups: ids.clone(),
        })
    };
    let mut shared: Vec<Option<Arc<AgentRules>>> = vec![None; named_ids.len()];
    for (i, &pos) in by_ids.iter().enumerate() {
        let ids = &named_ids[pos].1;
        shared[pos] = Some(match i.checked_sub(1).map(|p| by_ids[p]) {
            Some(prev) if named_ids[prev].1 == *ids => shared[prev].clone().unwrap(),
            _ => new_rules(ids),
        });
    }
    let global = (!global.is_empty()).then(|| {
        named_ids
            .iter()
            .zip(&shared)
            .find(|((_, ids), _)| *ids == global)
            .and_then(|(_, rules)| rules.clone())
            .unwrap_or_else(|| new_rules(&global))
    });
    let named = named_ids
        .into_iter()
        .zip(shared)
        .map(|((token, _), rules)| (token, rules.unwrap()))
        .collect();
    (named, global)
}

/// Reads a Crawl-delay value as `str::parse::<f64>` would, keeping only
/// finite, non-negative results (`-0` stays `-0.0`, as before).
///
/// A small parser of its own instead of the standard library's, whose
/// correctly-rounding algorithm and power-of-five table weigh ~15 KB in
/// the WebAssembly build. It accepts the same syntax (optional sign,
/// digits with an optional fraction, optional exponent; `inf` and `nan`
/// are never finite, so they yield `None` anyway) and is exact whenever
/// the value has at most 15 significant digits and a decimal exponent
/// within +-22 (every realistic delay); beyond that it may differ from the
/// correctly-rounded value in the last few bits.
fn parse_seconds(text: &str) -> Option<f64> {
    let bytes = text.as_bytes();
    let (negative, mut i) = match bytes.first() {
        Some(b'-') => (true, 1),
        Some(b'+') => (false, 1),
        _ => (false, 0),
    };
    let mut mantissa: u64 = 0;
    let mut digits = 0usize; // significant digits kept in `mantissa`
    let mut exp10: i64 = 0;
    let mut inexact = false;
    let mut seen_digit = false;
    let mut in_fraction = false;
    while let Some(&b) = bytes.get(i) {
        match b {
            b'0'..=b'9' => {
                seen_digit = true;
                let d = u64::from(b - b'0');
                if digits < 19 {
                    if mantissa != 0 || d != 0 {
                        mantissa = mantissa * 10 + d;
                        digits += 1;
                    }
                    if in_fraction {
                        exp10 -= 1;
                    }
                } else {
                    inexact |= d != 0;
                    if !in_fraction {
                        exp10 += 1;
                    }
                }
            }
            b'.' if !in_fraction => in_fraction = true,
            _ => break,
        }
        i += 1;
    }
    if !seen_digit {
        return None;
    }
    if let Some(b'e' | b'E') = bytes.get(i) {
        i += 1;
        let exp_negative = match bytes.get(i) {
            Some(b'-') => {
                i += 1;
                true
            }
            Some(b'+') => {
                i += 1;
                false
            }
            _ => false,
        };
        let start = i;
        let mut exp: i64 = 0;
        while let Some(&b @ b'0'..=b'9') = bytes.get(i) {
            exp = (exp * 10 + i64::from(b - b'0')).min(1 << 40);
            i += 1;
        }
        if i == start {
            return None;
        }
        exp10 += if exp_negative { -exp } else { exp };
    }
    if i != bytes.len() {
        return None;
    }
    const POW10: [f64; 23] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
        1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ];
    let value = if !inexact && mantissa <= 1 << 53 && (-22..=22).contains(&exp10) {
        // Both operands are exact, so one IEEE operation rounds correctly.
        let m = mantissa as f64;
        if exp10 < 0 {
            m / POW10[(-exp10) as usize]
        } else {
            m * POW10[exp10 as usize]
        }
    } else if exp10 > 400 {
        return None;
    } else if exp10 < -400 {
        0.0
    } else {
        let mut value = mantissa as f64;
        let mut e = exp10;
        while e > 0 {
            let step = e.min(22);
            value *= POW10[step as usize];
            e -= step;
        }
        while e < 0 {
            let step = (-e).min(22);
            value /= POW10[step as usize];
            e += step;
        }
        value
    };
    if !value.is_finite() {
        None
    } else if !negative {
        Some(value)
    } else if value == 0.0 {
        // Only a zero survives the sign: std parses it to -0.0, and
        // -0.0 >= 0.0.
        Some(-0.0)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::parse_seconds;

    fn std_seconds(text: &str) -> Option<f64> {
        text.parse::<f64>()
            .ok()
            .filter(|s| s.is_finite() && *s >= 0.0)
    }

    #[test]
    fn parse_seconds_agrees_with_std() {
        let cases = [
            "",
            "+",
            "-",
            ".",
            "e1",
            "1e",
            "1e+",
            "1e-",
            "1.e1",
            ".5",
            "5.",
            "-0",
            "-0.0",
            "+0",
            "0",
            "00",
            "007",
            "1",
            "2.5",
            "0.1",
            "0.05",
            "10",
            "30",
            "0.3",
            "1.25",
            "3.14159",
            "+4",
            "-4",
            "-0.5",
            "1e3",
            "1E3",
            "2.5e-1",
            "1e22",
            "1e-22",
            "9007199254740992",
            "1e400",
            "-1e-400",
            "1e-400",
            "1e999999999999",
            "inf",
            "-inf",
            "infinity",
            "NaN",
            "nan",
            "1 ",
            " 1",
            "1.2.3",
            "1,5",
            "0x10",
            "1_0",
            "१",
            "12345.6789",
            "0.000001",
        ];
        for case in cases {
            let (ours, std) = (parse_seconds(case), std_seconds(case));
            assert_eq!(ours.map(f64::to_bits), std.map(f64::to_bits), "{case:?}");
        }
        // Beyond the exact range: within a relative 1e-13 of std.
        for case in [
            "1e23",
            "1e-23",
            "9007199254740993",
            "123456789012345678901234",
            "1.5e300",
            "999999999999999999",
            "0.1234567890123456789",
            "2.5e-300",
        ] {
            let (ours, std) = (parse_seconds(case).unwrap(), std_seconds(case).unwrap());
            assert!(((ours - std) / std).abs() < 1e-13, "{case:?}");
        }
        // Every delay with up to 15 significant digits is exact.
        let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
        for _ in 0..20_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let int = x % 1_000_000;
            let frac = (x >> 20) % 1_000_000_000;
            let width = ((x >> 50) % 10) as usize;
            let text = format!("{int}.{frac:0width$}");
            let (ours, std) = (parse_seconds(&text), std_seconds(&text));
            assert_eq!(ours.map(f64::to_bits), std.map(f64::to_bits), "{text:?}");
        }
    }
}
