//! The parsed file as people read it: lines and their kinds, groups, rules,
//! sitemaps and other directives. [`crate::Robots`] builds these from its
//! compact spans the first time they are asked for.

use std::ops::Range;

use crate::pattern::Pattern;

/// What a line is, for colouring and explanation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LineKind {
    /// Nothing but whitespace.
    Blank,
    /// Only a comment.
    Comment,
    /// A `User-agent` line.
    UserAgent,
    /// An `Allow` rule.
    Allow,
    /// A `Disallow` rule.
    Disallow,
    /// A `Sitemap` line.
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
    /// The line number, 1-based.
    pub number: u32,
    /// The whole line without its line ending.
    pub span: Range<usize>,
    /// What the line is.
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
    /// Its line number.
    pub line: u32,
    /// The value as written.
    pub value: String,
    /// What the value names.
    pub name: AgentName,
}

/// A Crawl-delay line (Google ignores it; Bing and Yandex read it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CrawlDelay {
    /// Its line number.
    pub line: u32,
    /// The value as written.
    pub value: String,
    /// The delay when the value is a whole number of seconds (`10`).
    pub whole_seconds: Option<u64>,
    /// Whether the value is a decimal number at all (`10`, `0.5`); a value
    /// like `fast` is not, and crawlers that read Crawl-delay ignore it.
    pub is_number: bool,
}

impl CrawlDelay {
    /// Reads a Crawl-delay value.
    pub fn new(line: u32, value: String) -> CrawlDelay {
        let text = value.trim();
        let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
        let is_number = match text.split_once('.') {
            Some((whole, fraction)) => {
                !(whole.is_empty() && fraction.is_empty()) && digits(whole) && digits(fraction)
            }
            None => !text.is_empty() && digits(text),
        };
        let whole = is_number && !text.contains('.');
        CrawlDelay {
            line,
            whole_seconds: whole.then(|| text.parse().ok()).flatten(),
            is_number,
            value,
        }
    }
}

/// Consecutive User-agent lines and the rules that follow them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Group {
    /// Its User-agent lines.
    pub agents: Vec<GroupAgent>,
    /// Indices into [`crate::Robots::rules`].
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
    /// An `Allow` rule.
    Allow,
    /// A `Disallow` rule.
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

    /// The other kind: what a rule of this kind is weighed against.
    pub fn opposite(self) -> RuleKind {
        match self {
            RuleKind::Allow => RuleKind::Disallow,
            RuleKind::Disallow => RuleKind::Allow,
        }
    }
}

/// An Allow or Disallow line inside a group.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rule {
    /// Allow or Disallow.
    pub kind: RuleKind,
    /// Its line number.
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
    /// Index into [`crate::Robots::groups`].
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
    /// Its line number.
    pub line: u32,
    /// The value as written.
    pub url: String,
}

/// Any other `key: value` line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OtherDirective {
    /// Its line number.
    pub line: u32,
    /// The key as written.
    pub key: String,
    /// The value as written.
    pub value: String,
    /// The group it appears in, if any.
    pub group: Option<usize>,
}

/// Everything people read of a parsed file, built together on first
/// request (see [`crate::Robots::lines`]).
#[derive(Clone, Debug, Default)]
pub(crate) struct View {
    pub lines: Vec<Line>,
    pub groups: Vec<Group>,
    pub rules: Vec<Rule>,
    pub sitemaps: Vec<Sitemap>,
    pub others: Vec<OtherDirective>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crawl_delays_keep_their_text_and_whole_seconds() {
        let delay = |value: &str| {
            let d = CrawlDelay::new(1, value.to_string());
            (d.whole_seconds, d.is_number)
        };
        assert_eq!(delay("10"), (Some(10), true));
        assert_eq!(delay(" 007 "), (Some(7), true));
        assert_eq!(delay("0.5"), (None, true));
        assert_eq!(delay("5."), (None, true));
        assert_eq!(delay(".5"), (None, true));
        for not_a_number in [
            "",
            ".",
            "fast",
            "-1",
            "+1",
            "1e3",
            "1.2.3",
            "1,5",
            "99999999999999999999999",
        ] {
            let (whole, number) = delay(not_a_number);
            assert_eq!(whole, None, "{not_a_number:?}");
            // A whole number too large for seconds is still a number.
            assert_eq!(number, not_a_number.starts_with('9'), "{not_a_number:?}");
        }
    }
}
