//! The parsed robots.txt: groups, rules, sitemaps, other directives, the
//! kind of every line, and diagnostics.
//!
//! Parsing never fails: any bytes give a [`Robots`], and what a crawler would
//! skip is reported as a [`Diagnostic`] instead.

use std::borrow::Cow;
use std::ops::Range;
use std::sync::{Arc, OnceLock};

use crate::agent::{is_global, product_token};
use crate::diagnostic::{Code, Diagnostic};
use crate::index::RuleSet;
use crate::key::{classify, google_kind, KeyKind, Spelling};
use crate::lines::{split_directive, split_lines, LineShape, RawLine, MAX_LINE_BYTES};
use crate::pattern::{index_html_alternative, normalize_pattern, Pattern};
use crate::{encoding, Mode, ParseOptions, GOOGLE_SIZE_LIMIT};

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
    /// The index of these groups' rules (`rules` is [`Robots::rules`]).
    pub fn rule_set(&self, groups: &[Group], rules: &[Rule]) -> &RuleSet {
        self.rules.get_or_init(|| {
            RuleSet::new(
                rules,
                self.groups.iter().flat_map(|&g| groups[g].rules.clone()),
            )
        })
    }
}

/// A parsed robots.txt. Parse once, then check many URLs.
#[derive(Clone, Debug)]
pub struct Robots {
    pub(crate) mode: Mode,
    pub(crate) lines: Vec<Line>,
    pub(crate) groups: Vec<Group>,
    pub(crate) rules: Vec<Rule>,
    pub(crate) sitemaps: Vec<Sitemap>,
    pub(crate) others: Vec<OtherDirective>,
    pub(crate) diagnostics: Vec<Diagnostic>,
    pub(crate) input_len: usize,
    pub(crate) parsed_len: usize,
    /// Lower-cased product token -> the groups naming it.
    /// Tokens naming the same groups share one index.
    /// Sorted by token for binary search: no hashing per check, and no
    /// hash-flooding by a file full of crafted names.
    pub(crate) named: Vec<(Box<[u8]>, Arc<AgentRules>)>,
    /// The `*` groups.
    pub(crate) global: Option<Arc<AgentRules>>,
}

/// Crawlers whose `Disallow: /` takes a site out of a major search engine.
const MAJOR_SEARCH_CRAWLERS: [&str; 9] = [
    "googlebot",
    "bingbot",
    "slurp",
    "duckduckbot",
    "baiduspider",
    "yandex",
    "yandexbot",
    "applebot",
    "naverbot",
];

/// Other keys that some crawler defines: not diagnosed as unknown.
const KNOWN_OTHER_KEYS: [&str; 9] = [
    "crawl-delay",
    "host",
    "clean-param",
    "request-rate",
    "visit-time",
    "content-signal",
    "noindex",
    "nofollow",
    "cache-delay",
];

impl Robots {
    /// Parses with Google's reading and no size limit.
    pub fn parse(input: &[u8]) -> Robots {
        Robots::parse_with(input, &ParseOptions::default())
    }

    /// Parses with the given mode and size limit.
    pub fn parse_with(input: &[u8], options: &ParseOptions) -> Robots {
        Parser::new(input, options).run()
    }

    /// The mode the file was parsed in.
    pub fn mode(&self) -> Mode {
        self.mode
    }

    /// Every line, in order.
    pub fn lines(&self) -> &[Line] {
        &self.lines
    }

    /// Every group, in file order (groups for the same crawler are listed
    /// separately; they merge when matching).
    pub fn groups(&self) -> &[Group] {
        &self.groups
    }

    /// Every Allow and Disallow inside a group, in file order.
    pub fn rules(&self) -> &[Rule] {
        &self.rules
    }

    /// Every Sitemap, in file order.
    pub fn sitemaps(&self) -> &[Sitemap] {
        &self.sitemaps
    }

    /// Every other directive, in file order.
    pub fn other_directives(&self) -> &[OtherDirective] {
        &self.others
    }

    /// Findings, ordered by line.
    pub fn diagnostics(&self) -> &[Diagnostic] {
        &self.diagnostics
    }

    /// Length of the input in bytes.
    pub fn input_len(&self) -> usize {
        self.input_len
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
            .and_then(|i| self.lines.get(i as usize))
    }
}

/// Builds a [`Robots`] line by line.
struct Parser<'a> {
    input: &'a [u8],
    /// The input as text, when it is all valid UTF-8: slices of it then need
    /// no check of their own.
    utf8: Option<&'a str>,
    mode: Mode,
    limit: usize,
    robots: Robots,
    /// The group rules currently go to, and whether it has rules yet (a
    /// User-agent after a rule starts a new group).
    current: Option<usize>,
    current_has_rules: bool,
}

impl<'a> Parser<'a> {
    fn new(input: &'a [u8], options: &ParseOptions) -> Parser<'a> {
        let limit = options
            .size_limit
            .map_or(input.len(), |l| l.min(input.len()));
        Parser {
            input,
            utf8: std::str::from_utf8(input).ok(),
            mode: options.mode,
            limit,
            robots: Robots {
                mode: options.mode,
                lines: Vec::new(),
                groups: Vec::new(),
                rules: Vec::new(),
                sitemaps: Vec::new(),
                others: Vec::new(),
                diagnostics: Vec::new(),
                input_len: input.len(),
                parsed_len: limit,
                named: Vec::new(),
                global: None,
            },
            current: None,
            current_has_rules: false,
        }
    }

    fn text(&self, range: Range<usize>) -> String {
        self.text_ref(range).into_owned()
    }

    /// Like [`Parser::text`], without copying valid UTF-8. (`from_utf8`
    /// checks ASCII a word at a time; the lossy decoder goes byte by byte,
    /// so it only runs on invalid input.)
    fn text_ref(&self, range: Range<usize>) -> Cow<'a, str> {
        if let Some(text) = self.utf8.and_then(|t| t.get(range.clone())) {
            return Cow::Borrowed(text);
        }
        let bytes = &self.input[range];
        match std::str::from_utf8(bytes) {
            Ok(text) => Cow::Borrowed(text),
            Err(_) => String::from_utf8_lossy(bytes),
        }
    }

    fn diagnose(&mut self, code: Code, line: u32, span: Range<usize>, message: String) {
        self.robots
            .diagnostics
            .push(Diagnostic::new(code, line, span, message));
    }

    fn run(mut self) -> Robots {
        let raw_lines = split_lines(self.input);
        self.robots.lines.reserve(raw_lines.len());
        // Lines starting with A or D are nearly always rules: reserving for
        // them saves growing (and copying) the rule list on big files.
        let rules = raw_lines
            .iter()
            .filter(|l| {
                matches!(
                    self.input.get(l.readable.start),
                    Some(b'a' | b'A' | b'd' | b'D')
                )
            })
            .count();
        self.robots.rules.reserve(rules);
        for raw in &raw_lines {
            self.line(raw);
        }
        self.file_diagnostics(&raw_lines);
        self.group_diagnostics();
        self.index_agents();
        crate::sort::sort_by_key(&mut self.robots.diagnostics, |d| (d.line, d.span.start));
        self.robots
    }

    fn line(&mut self, raw: &RawLine) {
        let mut line = Line {
            number: raw.number,
            span: raw.span.clone(),
            kind: LineKind::BeyondLimit,
            key: None,
            value: None,
            comment: None,
            group: None,
        };
        let beyond = raw.span.start >= self.limit && self.limit < self.input.len();
        if !beyond {
            let readable = raw.readable.start..raw.readable.end.min(self.limit);
            self.line_diagnostics(raw);
            let split = split_directive(self.input, readable.clone());
            // Where a rule's text ends: its comment, or the end of what is
            // read.
            let text_end = split.comment.as_ref().map_or(readable.end, |c| c.start);
            line.comment = split.comment;
            line.kind = match split.shape {
                LineShape::Blank => LineKind::Blank,
                LineShape::Comment => LineKind::Comment,
                LineShape::NoDirective => {
                    let text = self.text(raw.readable.clone());
                    self.diagnose(
                        Code::UnknownDirective,
                        raw.number,
                        raw.readable.clone(),
                        format!(
                            "'{}' is not a 'key: value' line; crawlers skip it.",
                            shorten(&text)
                        ),
                    );
                    LineKind::Invalid
                }
                LineShape::Directive(d) => {
                    line.key = Some(d.key.clone());
                    line.value = Some(d.value.clone());
                    self.directive(raw, d.key, d.value, d.missing_colon, text_end)
                }
            };
            line.group = self.current;
        }
        self.robots.lines.push(line);
    }

    fn line_diagnostics(&mut self, raw: &RawLine) {
        if raw.too_long {
            let cut = raw.span.start + MAX_LINE_BYTES;
            self.diagnose(
                Code::LineTooLong,
                raw.number,
                cut..raw.span.end,
                format!(
                    "This line is {} bytes long; Google reads only the first {MAX_LINE_BYTES} bytes of a line and ignores the rest.",
                    raw.span.len()
                ),
            );
        }
        if let Some(at) = raw.nul_at {
            let at = raw.span.start + at;
            self.diagnose(
                Code::NulByte,
                raw.number,
                at..at + 1,
                "This line contains a NUL byte; Google stops reading the line there.".to_string(),
            );
        }
    }

    /// Handles one `key: value` and returns the line's kind.
    fn directive(
        &mut self,
        raw: &RawLine,
        key: Range<usize>,
        value: Range<usize>,
        missing_colon: bool,
        text_end: usize,
    ) -> LineKind {
        let number = raw.number;
        let key_text = self.text_ref(key.clone());
        if missing_colon {
            if self.mode == Mode::Rfc9309 {
                self.diagnose(
                    Code::MissingColon,
                    number,
                    raw.readable.clone(),
                    format!("'{key_text}' has no colon after it; RFC 9309 requires one, so this line is skipped (Google would accept it)."),
                );
                return LineKind::Invalid;
            }
            self.diagnose(
                Code::MissingColon,
                number,
                key.clone(),
                format!("'{key_text}' has no colon after it; Google accepts this, but other crawlers may skip the line. Write '{key_text}:'."),
            );
        }
        let classified = classify(&self.input[key.clone()], self.mode);
        match classified.spelling {
            Spelling::Exact => {}
            Spelling::Prefix => self.diagnose(
                Code::TypoAccepted,
                number,
                key.clone(),
                format!(
                    "Google reads '{key_text}' as '{}' because it starts with that name; other crawlers may ignore this line.",
                    classified.kind.canonical()
                ),
            ),
            Spelling::Typo => self.diagnose(
                Code::TypoAccepted,
                number,
                key.clone(),
                format!(
                    "'{key_text}' is a misspelling of '{}' that Google accepts; other crawlers may ignore this line.",
                    classified.kind.canonical()
                ),
            ),
        }
        match classified.kind {
            KeyKind::UserAgent => {
                self.user_agent(number, value);
                LineKind::UserAgent
            }
            KeyKind::Allow => {
                self.rule(number, RuleKind::Allow, raw, value, text_end);
                LineKind::Allow
            }
            KeyKind::Disallow => {
                self.rule(number, RuleKind::Disallow, raw, value, text_end);
                LineKind::Disallow
            }
            KeyKind::Sitemap => {
                self.sitemap(number, value);
                LineKind::Sitemap
            }
            KeyKind::Other => {
                self.other(number, key, &key_text, value);
                LineKind::Other
            }
        }
    }

    fn user_agent(&mut self, number: u32, value: Range<usize>) {
        let group = match self.current {
            Some(g) if !self.current_has_rules => g,
            _ => {
                self.robots.groups.push(Group {
                    agents: Vec::new(),
                    rules: self.robots.rules.len()..self.robots.rules.len(),
                    crawl_delay: None,
                    lines: number..number,
                });
                self.current = Some(self.robots.groups.len() - 1);
                self.current_has_rules = false;
                self.robots.groups.len() - 1
            }
        };
        let text = self.text(value.clone());
        let name = if is_global(&text) {
            AgentName::Global
        } else {
            let token = product_token(&text);
            if text.is_empty() {
                self.diagnose(
                    Code::EmptyUserAgent,
                    number,
                    value.clone(),
                    "This User-agent line names no crawler; write a crawler's name or *."
                        .to_string(),
                );
                AgentName::Nothing
            } else if token.is_empty() {
                self.diagnose(
                    Code::EmptyUserAgent,
                    number,
                    value.clone(),
                    format!("'{}' does not start with a letter, so it matches no crawler: a crawler name may contain only letters, '-' and '_'.", shorten(&text)),
                );
                AgentName::Nothing
            } else {
                if token.len() < text.len() {
                    let cut = value.start + token.len();
                    self.diagnose(
                        Code::UserAgentCut,
                        number,
                        cut..value.end,
                        format!("Crawlers read '{}' as '{token}': a crawler name ends at the first character that is not a letter, '-' or '_'.", shorten(&text)),
                    );
                }
                AgentName::Token(token.to_string())
            }
        };
        let g = &mut self.robots.groups[group];
        g.agents.push(GroupAgent {
            line: number,
            value: text,
            name,
        });
        g.lines.end = number;
    }

    fn rule(
        &mut self,
        number: u32,
        kind: RuleKind,
        raw: &RawLine,
        value: Range<usize>,
        text_end: usize,
    ) {
        let value_bytes = &self.input[value.clone()];
        let value_text = self.text(value.clone());
        let Some(group) = self.current else {
            self.diagnose(
                Code::RuleBeforeUserAgent,
                number,
                raw.readable.clone(),
                format!("This {} comes before any User-agent line, so no crawler follows it; put a 'User-agent: *' line above it.", kind.as_str()),
            );
            return;
        };
        if !value_bytes.is_empty() && !matches!(value_bytes[0], b'/' | b'*') {
            self.diagnose(
                Code::PatternStart,
                number,
                value.clone(),
                {
                    let short = shorten(&value_text);
                    format!("'{short}' does not start with '/' or '*', and paths always start with '/', so it never matches; write '/{short}'.")
                },
            );
        }
        if let Some(dollar) =
            crate::lines::find_byte(b'$', value_bytes).filter(|&d| d + 1 < value_bytes.len())
        {
            let at = value.start + dollar;
            self.diagnose(
                Code::DollarNotAtEnd,
                number,
                at..at + 1,
                "'$' anchors the end of the path only as the last character of a pattern; here it matches a literal '$'.".to_string(),
            );
        }
        if kind == RuleKind::Disallow && value_bytes.is_empty() {
            self.diagnose(
                Code::EmptyDisallow,
                number,
                raw.readable.clone(),
                "An empty Disallow blocks nothing: this group may crawl everything.".to_string(),
            );
        }
        let normalized = normalize_pattern(value_bytes, self.mode);
        let index_html = match (kind, self.mode) {
            (RuleKind::Allow, Mode::Google) => {
                index_html_alternative(&normalized).map(Pattern::new)
            }
            _ => None,
        };
        let text = self.text(crate::lines::trim(self.input, raw.readable.start..text_end));
        self.robots.rules.push(Rule {
            kind,
            line: number,
            text,
            value: value_text,
            pattern: Pattern::new(normalized),
            index_html,
            group,
        });
        let g = &mut self.robots.groups[group];
        g.rules.end = self.robots.rules.len();
        g.lines.end = number;
        self.current_has_rules = true;
    }

    fn sitemap(&mut self, number: u32, value: Range<usize>) {
        let url = self.text(value.clone());
        if let Some((code, message)) = sitemap_problem(&url) {
            self.diagnose(code, number, value, message);
        }
        self.robots.sitemaps.push(Sitemap { line: number, url });
    }

    fn other(&mut self, number: u32, key: Range<usize>, key_text: &str, value: Range<usize>) {
        let lower = key_text.to_ascii_lowercase();
        let value_text = self.text(value.clone());
        match lower.as_str() {
            "crawl-delay" => {
                if let Some(group) = self.current {
                    let g = &mut self.robots.groups[group];
                    if g.crawl_delay.is_none() {
                        g.crawl_delay = Some(CrawlDelay {
                            line: number,
                            value: value_text.clone(),
                            seconds: parse_seconds(&value_text),
                        });
                    }
                }
                self.diagnose(
                    Code::CrawlDelayIgnored,
                    number,
                    key.clone(),
                    "Google ignores Crawl-delay (Googlebot adjusts its rate to the server's responses); Bing and Yandex read it.".to_string(),
                );
            }
            "noindex" | "nofollow" => self.diagnose(
                Code::NoindexUnsupported,
                number,
                key.clone(),
                format!("Google stopped supporting '{key_text}' in robots.txt in 2019; use a robots meta tag or X-Robots-Tag header instead."),
            ),
            _ if KNOWN_OTHER_KEYS.contains(&lower.as_str()) => {}
            _ => {
                let google = google_kind(key_text.as_bytes());
                let message = if self.mode == Mode::Rfc9309 && google != KeyKind::Other {
                    format!(
                        "RFC 9309 does not know '{key_text}', so this line is skipped; Google would read it as '{}'.",
                        google.canonical()
                    )
                } else {
                    format!("'{}' is not a robots.txt directive; crawlers skip this line.", shorten(key_text))
                };
                self.diagnose(Code::UnknownDirective, number, key.clone(), message);
            }
        }
        self.robots.others.push(OtherDirective {
            line: number,
            key: key_text.to_string(),
            value: value_text,
            group: self.current,
        });
    }

    fn line_at(&self, offset: usize) -> u32 {
        let index = self.robots.lines.partition_point(|l| l.span.end < offset);
        self.robots
            .lines
            .get(index)
            .map_or(self.robots.lines.len() as u32, |l| l.number)
    }

    fn file_diagnostics(&mut self, raw_lines: &[RawLine]) {
        let input = self.input;
        let bom = crate::lines::bom_len(input);
        let detected = encoding::detect(input);
        if bom == 3 {
            self.diagnose(
                Code::Bom,
                1,
                0..3,
                "The file starts with a UTF-8 byte order mark; Google skips it, but some crawlers read it as part of the first line.".to_string(),
            );
        } else if bom > 0 && detected != encoding::Encoding::Utf16 {
            self.diagnose(
                Code::Bom,
                1,
                0..bom,
                "The file starts with part of a UTF-8 byte order mark; Google skips it, but other crawlers may not.".to_string(),
            );
        }
        match detected {
            encoding::Encoding::Utf16 => self.diagnose(
                Code::Utf16,
                0,
                0..input.len().min(2),
                "This file is UTF-16, but crawlers read robots.txt as UTF-8 and will find no rules in it; save it as UTF-8.".to_string(),
            ),
            encoding::Encoding::Utf8 => {}
            encoding::Encoding::Invalid { first_error } => {
                let line = self.line_at(first_error);
                self.diagnose(
                    Code::InvalidUtf8,
                    line,
                    first_error..first_error + 1,
                    format!("Line {line} has bytes that are not valid UTF-8; Google matches them as raw bytes, but editors and other crawlers may read them differently. Save the file as UTF-8."),
                );
            }
        }
        if encoding::looks_like_html(input) {
            self.diagnose(
                Code::HtmlDocument,
                0,
                0..input.len().min(64),
                "This is an HTML page, not a robots.txt file: the server probably answers /robots.txt with a web page. Crawlers find no valid rules in it.".to_string(),
            );
        }
        if input.len() > GOOGLE_SIZE_LIMIT {
            let line = raw_lines
                .iter()
                .find(|l| l.span.end >= GOOGLE_SIZE_LIMIT)
                .map_or(0, |l| l.number);
            let what = if self.limit <= GOOGLE_SIZE_LIMIT {
                "so it was ignored here as well"
            } else {
                "though it is read here"
            };
            self.diagnose(
                Code::FileTooLarge,
                line,
                GOOGLE_SIZE_LIMIT..input.len(),
                format!(
                    "This file is {} bytes; Google reads only the first {GOOGLE_SIZE_LIMIT} bytes (500 KiB) and ignores everything from line {line} on, {what}.",
                    input.len()
                ),
            );
        }
    }

    fn group_diagnostics(&mut self) {
        // (lowercased name, group index, line) of every agent line, in file
        // order, and for each the position of the first one with its name.
        let mut keys: Vec<(String, usize, u32)> = Vec::new();
        for (index, group) in self.robots.groups.iter().enumerate() {
            for agent in &group.agents {
                let key = match &agent.name {
                    AgentName::Global => "*".to_string(),
                    AgentName::Token(t) => t.to_ascii_lowercase(),
                    AgentName::Nothing => continue,
                };
                keys.push((key, index, agent.line));
            }
        }
        let mut order: Vec<usize> = (0..keys.len()).collect();
        crate::sort::sort_by(&mut order, |&a, &b| keys[a].0.cmp(&keys[b].0));
        let mut first_of = vec![0usize; keys.len()];
        let mut first = 0;
        for (i, &pos) in order.iter().enumerate() {
            if i == 0 || keys[order[i - 1]].0 != keys[pos].0 {
                first = pos;
            }
            first_of[pos] = first;
        }
        let mut findings = Vec::new();
        let mut k = 0;
        for (index, group) in self.robots.groups.iter().enumerate() {
            for agent in &group.agents {
                if agent.name == AgentName::Nothing {
                    continue;
                }
                let (key, _, _) = &keys[k];
                let (_, first, line) = keys[first_of[k]];
                k += 1;
                let display = if key == "*" {
                    "*"
                } else {
                    agent.value.as_str()
                };
                if first != index {
                    findings.push((
                        Code::DuplicateGroup,
                        agent.line,
                        format!("'{}' already has a group at line {line}; crawlers merge both groups' rules.", shorten(display)),
                    ));
                }
            }
            let blocks_everything = self.robots.rules[group.rules.clone()].iter().find(|r| {
                r.kind == RuleKind::Disallow && matches!(r.pattern.as_bytes(), b"/" | b"/*" | b"*")
            });
            if let Some(rule) = blocks_everything {
                let whom = if group.is_global() {
                    Some("every crawler without a group of its own (*)".to_string())
                } else {
                    group
                        .names()
                        .find(|n| MAJOR_SEARCH_CRAWLERS.contains(&n.to_ascii_lowercase().as_str()))
                        .map(|n| format!("{n}, a major search crawler"))
                };
                if let Some(whom) = whom {
                    findings.push((
                        Code::BlocksSite,
                        rule.line,
                        format!("'{}' blocks the whole site for {whom}.", rule.text),
                    ));
                }
            }
        }
        for (code, line, message) in findings {
            let span = self.robots.line(line).map_or(0..0, |l| l.span.clone());
            self.diagnose(code, line, span, message);
        }
    }

    fn index_agents(&mut self) {
        // (lowercased token, group index) of every agent line, file order.
        let mut tokens: Vec<(Box<[u8]>, usize)> = Vec::new();
        let mut global = Vec::new();
        for (index, group) in self.robots.groups.iter().enumerate() {
            for agent in &group.agents {
                match &agent.name {
                    AgentName::Global => {
                        if global.last() != Some(&index) {
                            global.push(index);
                        }
                    }
                    AgentName::Token(t) => tokens.push((
                        t.to_ascii_lowercase().into_bytes().into_boxed_slice(),
                        index,
                    )),
                    AgentName::Nothing => {}
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
        self.robots.global = (!global.is_empty()).then(|| {
            named_ids
                .iter()
                .zip(&shared)
                .find(|((_, ids), _)| *ids == global)
                .and_then(|(_, rules)| rules.clone())
                .unwrap_or_else(|| new_rules(&global))
        });
        self.robots.named = named_ids
            .into_iter()
            .zip(shared)
            .map(|((token, _), rules)| (token, rules.unwrap()))
            .collect();
    }
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

fn sitemap_problem(url: &str) -> Option<(Code, String)> {
    let lower = url.to_ascii_lowercase();
    let absolute = ["http://", "https://"]
        .iter()
        .find(|s| lower.starts_with(*s))
        .map(|s| &url[s.len()..]);
    match absolute {
        Some(rest)
            if rest
                .split(['/', '?', '#'])
                .next()
                .is_some_and(|h| !h.is_empty())
                && !url.contains(char::is_whitespace) =>
        {
            None
        }
        Some(_) => Some((
            Code::SitemapInvalid,
            format!(
                "'{}' is not a valid sitemap URL; it needs a host name and no spaces.",
                shorten(url)
            ),
        )),
        None if url.starts_with('/') => Some((
            Code::SitemapRelative,
            format!(
                "Sitemap '{}' is relative; crawlers need a full URL like https://example.com{}.",
                shorten(url),
                shorten(url)
            ),
        )),
        None => Some((
            Code::SitemapInvalid,
            format!(
                "'{}' is not a sitemap URL; write a full URL like https://example.com/sitemap.xml.",
                shorten(url)
            ),
        )),
    }
}

/// Keeps messages readable when the quoted text is huge.
fn shorten(text: &str) -> String {
    const MAX: usize = 80;
    // At most MAX bytes is at most MAX characters: no need to count.
    if text.len() <= MAX || text.chars().count() <= MAX {
        text.to_string()
    } else {
        let cut: String = text.chars().take(MAX).collect();
        format!("{cut}…")
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
