//! Diagnostics: what a webmaster should know about a parsed robots.txt.
//!
//! The linter reads the file the way the parser did (the same `Lines` and
//! `read_line`) and the groups and rules it built, and reports each
//! finding with a stable code, the line, the byte span and one sentence.
//! It runs when [`Robots::diagnostics`] is asked for (a method this tool
//! adds: the parse knows nothing of it), so checking URLs never pays for
//! formatting messages; a caller that asks often keeps the findings. (It reads each line a second
//! time rather than sharing the view's reading: it needs facts the view
//! does not keep, such as an over-long line or a NUL byte, and callers that
//! only check URLs should not pay for them.)

use std::borrow::Cow;
use std::ops::Range;

use crate::agent::{is_global, product_token};
use crate::key::{google_kind, KeyKind, Spelling};
use crate::lines::{read_line, Lines, RawLine, MAX_LINE_BYTES};
use crate::model::{AgentName, Group, GroupAgent, LineKind, RuleKind};
use crate::robots::{Robots, Text};
use crate::tools::usage::{
    parse_usage, term as usage_term, UsageDirective, UsageProblem, AIPREF_VOCAB, VOCABULARY,
};
use crate::{encoding, Mode, GOOGLE_SIZE_LIMIT};

mod agents;
mod diagnostic;
mod directive;
mod groups;
mod signals;
mod validators;

pub use diagnostic::{apply_fixes, combined_fix, Code, Diagnostic, Fix, Severity};
pub use directive::{unused_directive, DirectiveClass, UnusedDirective, UNUSED_DIRECTIVES};

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

/// The lint tool's question about a parsed file.
impl Robots {
    /// Every finding, ordered by line (and position in the line). Linted
    /// on each call: keep the result to ask again.
    pub fn diagnostics(&self) -> Vec<Diagnostic> {
        diagnose(self)
    }

    /// The findings about the file as a whole: its encoding, its size, an
    /// HTML page, a byte order mark. Every error-level finding is one of
    /// these, so a caller that only asks whether the file is usable (the
    /// CLI warns before checking URLs) asks this: it reads the bytes once
    /// and builds neither the file's view nor any other finding, where a
    /// whole lint of a 50 MB file holds about ten times the file in memory.
    pub fn file_diagnostics(&self) -> Vec<Diagnostic> {
        let mut lint = Lint::new(self);
        lint.file_diagnostics();
        lint.diagnostics
    }
}

/// Every finding for `robots`, ordered by line (and position in the line).
fn diagnose(robots: &Robots) -> Vec<Diagnostic> {
    let mut lint = Lint::new(robots);
    for raw in Lines::new(lint.input, robots.mode()) {
        if robots.is_beyond_limit(&raw) {
            break;
        }
        lint.line(&raw);
    }
    lint.file_diagnostics();
    lint.group_diagnostics();
    let mut diagnostics = lint.diagnostics;
    diagnostics.extend(groups::dropped_rules(robots, robots.input()));
    diagnostics.extend(signals::contradictions(robots));
    // A line with a warning or error of its own says what is wrong with
    // it; the validator note is for lines crawlers read as meant.
    let mut warned: Vec<u32> = diagnostics
        .iter()
        .filter(|d| d.severity != Severity::Info)
        .map(|d| d.line)
        .collect();
    crate::sort::sort_by_key(&mut warned, |&line| line);
    let notes: Vec<Diagnostic> = validators::validator_notes(robots)
        .into_iter()
        .filter(|note| warned.binary_search(&note.line).is_err())
        .collect();
    diagnostics.extend(notes);
    crate::sort::sort_by_key(&mut diagnostics, |d| (d.line, d.span.start));
    diagnostics
}

struct Lint<'a> {
    robots: &'a Robots,
    input: &'a [u8],
    text: Text<'a>,
    diagnostics: Vec<Diagnostic>,
}

impl<'a> Lint<'a> {
    fn new(robots: &'a Robots) -> Lint<'a> {
        Lint {
            robots,
            input: robots.input(),
            text: Text::new(robots.input()),
            diagnostics: Vec::new(),
        }
    }

    fn text(&self, range: Range<usize>) -> Cow<'a, str> {
        self.text.get(range)
    }

    fn diagnose(&mut self, code: Code, line: u32, span: Range<usize>, message: String) {
        self.diagnostics
            .push(Diagnostic::new(code, line, span, message));
    }

    /// A diagnostic with the edit that fixes it.
    fn diagnose_fixable(
        &mut self,
        code: Code,
        line: u32,
        span: Range<usize>,
        message: String,
        fix: Fix,
    ) {
        let mut diagnostic = Diagnostic::new(code, line, span, message);
        diagnostic.fix = Some(fix);
        self.diagnostics.push(diagnostic);
    }

    fn line(&mut self, raw: &RawLine) {
        self.raw_line_diagnostics(raw);
        let robots = self.robots;
        let read = read_line(self.input, raw, robots.parsed_len(), robots.mode());
        let number = raw.number;
        let (Some(key), Some(value)) = (read.key.clone(), read.value.clone()) else {
            if read.kind == LineKind::Invalid {
                let text = self.text(raw.readable.clone());
                self.diagnose(
                    Code::UnknownDirective,
                    number,
                    raw.readable.clone(),
                    format!(
                        "'{}' is not a 'key: value' line; crawlers skip it.",
                        shorten(&text)
                    ),
                );
            }
            return;
        };
        let key_text = self.text(key.clone());
        if read.missing_colon {
            if robots.mode() == Mode::Rfc9309 {
                self.diagnose(
                    Code::MissingColon,
                    number,
                    raw.readable.clone(),
                    format!("'{key_text}' has no colon after it; RFC 9309 requires one, so this line is skipped (Google would accept it)."),
                );
                return;
            }
            self.diagnose_fixable(
                Code::MissingColon,
                number,
                key.clone(),
                format!("'{key_text}' has no colon after it; Google accepts this, but other crawlers may skip the line. Write '{key_text}:'."),
                Fix {
                    span: key.end..key.end,
                    replacement: ":".to_string(),
                    title: format!("Write '{key_text}:'"),
                },
            );
        }
        let kind = read.meaning.kind;
        match read.meaning.spelling {
            Spelling::Exact => {}
            Spelling::Prefix => self.diagnose_fixable(
                Code::TypoAccepted,
                number,
                key.clone(),
                format!(
                    "Google reads '{key_text}' as '{}' because it starts with that name; other crawlers may ignore this line.",
                    kind.canonical()
                ),
                canonical_key(key.clone(), kind.canonical()),
            ),
            Spelling::Typo => self.diagnose_fixable(
                Code::TypoAccepted,
                number,
                key.clone(),
                format!(
                    "'{key_text}' is a misspelling of '{}' that Google accepts; other crawlers may ignore this line.",
                    kind.canonical()
                ),
                canonical_key(key.clone(), kind.canonical()),
            ),
        }
        match read.kind {
            LineKind::UserAgent => self.user_agent(number, value),
            LineKind::Allow => self.rule(number, RuleKind::Allow, raw, value),
            LineKind::Disallow => self.rule(number, RuleKind::Disallow, raw, value),
            LineKind::Sitemap => {
                let url = self.text(value.clone());
                if let Some((code, message)) = sitemap_problem(&url) {
                    self.diagnose(code, number, value, message);
                }
            }
            _ => {
                if let Some(directive) = UsageDirective::from_key(&key_text) {
                    self.usage(number, directive, value);
                }
                self.other(number, key, &key_text);
            }
        }
    }

    /// A Content-Usage or Content-Signal line: what of it cannot be read,
    /// and whether a group holds it (preferences apply to the crawlers of
    /// their group).
    fn usage(&mut self, number: u32, directive: UsageDirective, value: Range<usize>) {
        let code = match directive {
            UsageDirective::ContentUsage => Code::ContentUsageSyntax,
            UsageDirective::ContentSignal => Code::ContentSignalSyntax,
        };
        let key = directive.key();
        if self.robots.line(number).and_then(|l| l.group).is_none() {
            self.diagnose(
                code,
                number,
                value.clone(),
                format!("This {key} line comes before any User-agent line, so it applies to no crawler; put it inside a group, such as under 'User-agent: *'."),
            );
        }
        let text = self.text(value.clone());
        let known: Vec<&str> = VOCABULARY
            .iter()
            .filter(|t| t.directive == directive && t.current)
            .map(|t| t.label)
            .collect();
        let known = known.join(", ");
        for problem in parse_usage(directive, &text).problems {
            let message = match problem {
                UsageProblem::NotADictionary(why) => {
                    // The dictionary follows the path, if any; the parser's
                    // message counts from its start.
                    let trimmed = text.trim();
                    let dictionary = match trimmed.split_once(char::is_whitespace) {
                        Some((path, rest)) if path.starts_with(['/', '*']) => rest.trim_start(),
                        _ => trimmed,
                    };
                    let case = if dictionary.split(',').any(|m| m.split('=').next().is_some_and(|k| k.bytes().any(|b| b.is_ascii_uppercase()))) {
                        " Keys are written in lower case."
                    } else {
                        ""
                    };
                    format!("'{}' is not a structured-field dictionary (RFC 9651), as {AIPREF_VOCAB} requires: {why}.{case} Crawlers that follow the draft read no preference at all from this line.", shorten(dictionary))
                }
                UsageProblem::BadEntry(entry) => format!("'{}' is not a 'label=value' entry with a lower-case label; crawlers skip it.", shorten(&entry)),
                UsageProblem::BadValue(entry) => {
                    let label = entry.split('=').next().unwrap_or_default();
                    let values = usage_term(directive, label).map_or_else(String::new, |t| t.values.join("', '"));
                    format!("'{}' is not a value '{label}' takes ('{values}'); crawlers skip it.", shorten(&entry))
                }
                UsageProblem::UnknownLabel(label) => format!("'{}' is not a {key} label (the labels are {known}); crawlers ignore it.", shorten(&label)),
                UsageProblem::FormerLabel(label) => format!("'{label}' is a label of earlier AI Preferences drafts; {AIPREF_VOCAB} defines {known}, so crawlers that follow it ignore this one."),
                UsageProblem::Empty => format!("This {key} line states no preference."),
            };
            self.diagnose(code, number, value.clone(), message);
        }
    }

    fn raw_line_diagnostics(&mut self, raw: &RawLine) {
        if raw.too_long {
            let cut = raw.span.start + MAX_LINE_BYTES;
            let message = match self.robots.mode() {
                Mode::Google => format!(
                    "This line is {} bytes long; Google reads only the first {MAX_LINE_BYTES} bytes of a line and ignores the rest.",
                    raw.span.len()
                ),
                Mode::Rfc9309 => format!(
                    "This line is {} bytes long; RFC 9309 sets no limit and this mode reads it whole, but Google reads only the first {MAX_LINE_BYTES} bytes of a line and ignores the rest.",
                    raw.span.len()
                ),
            };
            self.diagnose(Code::LineTooLong, raw.number, cut..raw.span.end, message);
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

    fn user_agent(&mut self, number: u32, value: Range<usize>) {
        let text = self.text(value.clone());
        if is_global(&text) {
            return;
        }
        let token = product_token(&text);
        let agent = agents::agent_finding(number, &text, value.clone());
        let whole_string = agent
            .as_ref()
            .is_some_and(|d| d.code == Code::AgentIsUserAgentString);
        self.diagnostics.extend(agent);
        if text.is_empty() {
            self.diagnose(
                Code::EmptyUserAgent,
                number,
                value,
                "This User-agent line names no crawler; write a crawler's name or *.".to_string(),
            );
        } else if token.is_empty() {
            self.diagnose(
                Code::EmptyUserAgent,
                number,
                value,
                format!("'{}' does not start with a letter, so it matches no crawler: a crawler name may contain only letters, '-' and '_'.", shorten(&text)),
            );
        } else if token.len() < text.len() && !whole_string {
            // (A whole user-agent string's finding says how it is read.)
            let cut = value.start + token.len();
            self.diagnose(
                Code::UserAgentCut,
                number,
                cut..value.end,
                format!("Crawlers read '{}' as '{token}': a crawler name ends at the first character that is not a letter, '-' or '_'.", shorten(&text)),
            );
        }
    }

    fn rule(&mut self, number: u32, kind: RuleKind, raw: &RawLine, value: Range<usize>) {
        if self.robots.line(number).and_then(|l| l.group).is_none() {
            self.diagnose(
                Code::RuleBeforeUserAgent,
                number,
                raw.readable.clone(),
                format!("This {} comes before any User-agent line, so no crawler follows it; put a 'User-agent: *' line above it.", kind.as_str()),
            );
            return;
        }
        let value_bytes = &self.input[value.clone()];
        if !value_bytes.is_empty() && !matches!(value_bytes[0], b'/' | b'*') {
            let short = shorten(&self.text(value.clone()));
            self.diagnose(
                Code::PatternStart,
                number,
                value.clone(),
                format!("'{short}' does not start with '/' or '*', and paths always start with '/', so it never matches; write '/{short}'."),
            );
        }
        if let Some(dollar) = crate::scan::find(value_bytes, 0, crate::scan::ByteClass::Is(b'$'))
            .filter(|&d| d + 1 < value_bytes.len())
        {
            let at = value.start + dollar;
            self.diagnose(
                Code::DollarNotAtEnd,
                number,
                at..at + 1,
                "'$' anchors the end of the path only as the last character of a pattern; here it matches a literal '$'.".to_string(),
            );
        }
        // Bytes above ASCII are percent-encoded in patterns and requests
        // alike; these are encoded in requests only.
        if value_bytes
            .iter()
            .any(|&b| b < 0x80 && crate::pattern::needs_request_escape(b))
        {
            let mut encoded = Vec::with_capacity(value_bytes.len() + 8);
            for &b in value_bytes {
                if b < 0x80 && crate::pattern::needs_request_escape(b) {
                    encoded.extend_from_slice(format!("%{b:02X}").as_bytes());
                } else {
                    encoded.push(b);
                }
            }
            let written = self.text(value.clone());
            let encoded = String::from_utf8_lossy(&encoded).into_owned();
            self.diagnose_fixable(
                Code::PatternNeedsEncoding,
                number,
                value.clone(),
                format!(
                    "'{}' holds a character that a crawler's request always carries percent-encoded (a space, a quote, '<', '>', '{{', '}}', '`' or a control character), so this rule never matches a real request; write '{}'.",
                    shorten(&written),
                    shorten(&encoded)
                ),
                Fix {
                    span: value.clone(),
                    title: format!("Write '{}'", shorten(&encoded)),
                    replacement: encoded,
                },
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
    }

    /// A key that is neither a rule nor a sitemap: recognised but unused by
    /// Google (`unsupported-directive`), or unknown (`unknown-directive`).
    fn other(&mut self, number: u32, key: Range<usize>, key_text: &str) {
        if let Some(directive) = unused_directive(key_text) {
            let mut diagnostic = Diagnostic::new(
                Code::UnsupportedDirective,
                number,
                key,
                format!(
                    "Google ignores '{}': it {}. Who reads it: {}.",
                    shorten(key_text),
                    directive.meaning,
                    directive.used_by
                ),
            );
            if directive.misleading {
                diagnostic.severity = Severity::Warning;
            }
            diagnostic.former_code = directive.former_code;
            self.diagnostics.push(diagnostic);
            return;
        }
        let google = google_kind(key_text.as_bytes());
        let message = if self.robots.mode() == Mode::Rfc9309 && google != KeyKind::Other {
            format!(
                "RFC 9309 does not know '{key_text}', so this line is skipped; Google would read it as '{}'.",
                google.canonical()
            )
        } else {
            format!(
                "'{}' is not a robots.txt directive; crawlers skip this line.",
                shorten(key_text)
            )
        };
        self.diagnose(Code::UnknownDirective, number, key, message);
    }

    /// The number of the first line for which `reaches` holds, and the
    /// line; or the number of lines and `None` when no line does. Read
    /// from the bytes: file-level findings must not build the view.
    fn first_line_from(&self, reaches: impl Fn(&RawLine) -> bool) -> (u32, Option<RawLine>) {
        let mut count = 0;
        for raw in Lines::new(self.input, self.robots.mode()) {
            if reaches(&raw) {
                return (raw.number, Some(raw));
            }
            count = raw.number;
        }
        (count, None)
    }

    fn line_at(&self, offset: usize) -> u32 {
        self.first_line_from(|l| l.span.end >= offset).0
    }

    fn file_diagnostics(&mut self) {
        let input = self.input;
        let bom = crate::lines::bom_len(input);
        let detected = encoding::detect(input);
        if bom == 3 {
            self.diagnose_fixable(
                Code::Bom,
                1,
                0..3,
                "The file starts with a UTF-8 byte order mark; Google skips it, but some crawlers read it as part of the first line.".to_string(),
                Fix {
                    span: 0..3,
                    replacement: String::new(),
                    title: "Remove the byte order mark".to_string(),
                },
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
            // The input may be only the start of the file (a reader that
            // stops one byte past the limit), so its length is not the
            // file's size: only "over the limit" is sure. The limit can
            // fall inside a line, whose start is then read.
            let (_, ignored) = self.first_line_from(|l| l.span.end > GOOGLE_SIZE_LIMIT);
            let (line, which) = match ignored {
                Some(l) if l.span.start >= GOOGLE_SIZE_LIMIT => {
                    (l.number, format!(" (line {} on)", l.number))
                }
                Some(l) => (
                    l.number,
                    format!(" (the rest of line {} and every line after it)", l.number),
                ),
                None => (0, String::new()),
            };
            let what = if self.robots.parsed_len() <= GOOGLE_SIZE_LIMIT {
                "so it is ignored here as well"
            } else {
                "though it is read here"
            };
            self.diagnose(
                Code::FileTooLarge,
                line,
                GOOGLE_SIZE_LIMIT..input.len(),
                format!(
                    "This file is over {GOOGLE_SIZE_LIMIT} bytes (500 KiB), the most Google reads: Google ignores what follows{which}, {what}."
                ),
            );
        }
    }

    fn group_diagnostics(&mut self) {
        // (lowercased name, group index, line) of every agent line, in file
        // order, and for each the position of the first one with its name.
        let mut keys: Vec<(String, usize, u32)> = Vec::new();
        for (index, group) in self.robots.groups().iter().enumerate() {
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
        for group in self.robots.groups() {
            if let Some(finding) = self.joined_group(group) {
                findings.push(finding);
            }
        }
        let mut k = 0;
        for (index, group) in self.robots.groups().iter().enumerate() {
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
                        None,
                    ));
                }
            }
            let blocks_everything = self.robots.rules()[group.rules.clone()].iter().find(|r| {
                r.kind == RuleKind::Disallow && matches!(r.pattern.as_bytes(), b"/" | b"/*" | b"*")
            });
            if let Some(rule) = blocks_everything {
                // Every crawler the group names, so a group that took in
                // more crawlers than meant shows it.
                let named: Vec<&str> = group.names().filter(|&n| n != "*").collect();
                let major = named
                    .iter()
                    .find(|n| MAJOR_SEARCH_CRAWLERS.contains(&n.to_ascii_lowercase().as_str()));
                let whom = match (group.is_global(), major) {
                    (true, _) if named.is_empty() => {
                        Some("every crawler without a group of its own (*)".to_string())
                    }
                    (true, _) => Some(format!(
                        "every crawler without a group of its own (*) and for {}",
                        named.join(", ")
                    )),
                    (false, Some(major)) if named.len() == 1 => {
                        Some(format!("{major}, a major search crawler"))
                    }
                    (false, Some(major)) => Some(format!(
                        "{} ({major} is a major search crawler)",
                        named.join(", ")
                    )),
                    (false, None) => None,
                };
                if let Some(whom) = whom {
                    findings.push((
                        Code::BlocksSite,
                        rule.line,
                        format!("'{}' blocks the whole site for {whom}.", rule.text),
                        None,
                    ));
                }
            }
        }
        for (code, line, message, fix) in findings {
            let span = self.robots.line(line).map_or(0..0, |l| l.span.clone());
            match fix {
                Some(fix) => self.diagnose_fixable(code, line, span, message, fix),
                None => self.diagnose(code, line, span, message),
            }
        }
    }
}

impl Lint<'_> {
    /// The Google trap of a group whose crawler list goes on past a
    /// non-rule line: only an Allow or Disallow ends the list, so in
    ///
    /// ```text
    /// User-agent: *
    /// Content-Signal: search=yes, ai-train=no
    ///
    /// User-agent: GPTBot
    /// Disallow: /
    /// ```
    ///
    /// `*` and GPTBot are one group and every crawler is blocked.
    /// Reported on the first User-agent line that joined this way.
    fn joined_group(&self, group: &Group) -> Option<(Code, u32, String, Option<Fix>)> {
        let lines = self.robots.lines();
        let directive_between = |from: u32, to: u32| {
            lines
                .iter()
                .skip(from as usize)
                .take(to.saturating_sub(from + 1) as usize)
                .find(|l| matches!(l.kind, LineKind::Other | LineKind::Sitemap))
        };
        let (at, joined, directive) = group.agents.windows(2).find_map(|pair| {
            directive_between(pair[0].line, pair[1].line).map(|d| (pair[0].line, &pair[1], d))
        })?;
        let name = |a: &GroupAgent| match &a.name {
            AgentName::Global => "*".to_string(),
            _ => shorten(&a.value),
        };
        let before: Vec<String> = group
            .agents
            .iter()
            .take_while(|a| a.line < joined.line)
            .map(name)
            .collect();
        let key = directive
            .key
            .clone()
            .map_or_else(String::new, |key| self.text(key).into_owned());
        let rules = &self.robots.rules()[group.rules.clone()];
        let shared = match rules {
            [] => "no rule at all".to_string(),
            [only] => format!("the rule on line {} ('{}')", only.line, shorten(&only.text)),
            [first, ..] => format!(
                "{} rules from line {} ('{}', ...)",
                rules.len(),
                first.line,
                shorten(&first.text)
            ),
        };
        // Insert the rule on its own line right after the directive.
        let at_offset = lines
            .get(directive.number as usize)
            .map_or(self.input.len(), |next| next.span.start);
        let newline = if at_offset == self.input.len() && !self.input.ends_with(b"\n") {
            "\n"
        } else {
            ""
        };
        let fix = Fix {
            span: at_offset..at_offset,
            replacement: format!("{newline}Allow: /\n"),
            title: format!("End the group of {} with 'Allow: /'", before.join(", ")),
        };
        Some((
            Code::AgentJoinsPreviousGroup,
            joined.line,
            format!(
                "'User-agent: {joined}' joins the group of {above} (line {at}): only an Allow or Disallow line ends a group's list of crawlers, and line {line} ('{key}') is neither. So {above} and {joined} share {shared}. If they were meant to be separate groups, end the group of {above} with a rule, such as 'Allow: /' (which changes nothing for a group without rules) after line {line}.",
                joined = name(joined),
                above = before.join(", "),
                line = directive.number,
            ),
            Some(fix),
        ))
    }
}

/// The fix of a misspelled key: the key as documented.
fn canonical_key(key: Range<usize>, canonical: &str) -> Fix {
    Fix {
        span: key,
        replacement: canonical.to_string(),
        title: format!("Write '{canonical}'"),
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
pub(crate) fn shorten(text: &str) -> String {
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
    use super::*;
    use crate::Crawler;

    fn findings(text: &str, code: Code) -> Vec<(u32, String)> {
        Robots::parse(text.as_bytes())
            .diagnostics()
            .iter()
            .filter(|d| d.code == code)
            .map(|d| (d.line, d.message.clone()))
            .collect()
    }

    #[test]
    fn file_findings_are_the_lints_own_and_hold_every_error() {
        let mut large = b"User-agent: *\n".to_vec();
        while large.len() <= GOOGLE_SIZE_LIMIT {
            large.extend_from_slice(b"Disallow: /a/long/path/to/keep/out\n");
        }
        let inputs: [&[u8]; 5] = [
            b"\xff\xfeU\x00s\x00",
            b"<!DOCTYPE html><html><body>Not found</body></html>",
            b"\xef\xbb\xbfUser-agent: *\nDisallow: /caf\xe9\nDisalow: /x\n",
            b"User-agent: *\nDisallow: /\n",
            &large,
        ];
        for input in inputs {
            let robots = Robots::parse_with(
                input,
                &crate::ParseOptions {
                    mode: Mode::Google,
                    size_limit: None,
                },
            );
            let all = robots.diagnostics();
            let file = robots.file_diagnostics();
            for d in &file {
                assert!(all.contains(d), "{d:?} not in the lint's findings");
            }
            let errors = |found: &[Diagnostic]| -> Vec<Diagnostic> {
                found
                    .iter()
                    .filter(|d| d.severity == Severity::Error)
                    .cloned()
                    .collect()
            };
            assert_eq!(errors(&file), errors(&all));
        }
        // Each error is found, with the line the lint gives it.
        let codes = |input: &[u8]| -> Vec<(Code, u32)> {
            Robots::parse(input)
                .file_diagnostics()
                .iter()
                .map(|d| (d.code, d.line))
                .collect()
        };
        assert_eq!(codes(inputs[0]), [(Code::Utf16, 0)]);
        assert_eq!(codes(inputs[1]), [(Code::HtmlDocument, 0)]);
        assert_eq!(codes(inputs[2]), [(Code::Bom, 1), (Code::InvalidUtf8, 2)]);
        assert!(codes(inputs[3]).is_empty());
        let over = codes(&large);
        assert_eq!(over.len(), 1);
        assert_eq!(over[0].0, Code::FileTooLarge);
        assert!(over[0].1 > 10_000, "{over:?}");
    }

    #[test]
    fn a_user_agent_after_a_non_rule_line_joins_the_group_above() {
        // The outage the issue reports: Googlebot is blocked from the site.
        let text = "User-agent: *\nContent-Signal: search=yes, ai-train=no\n\nUser-agent: GPTBot\nDisallow: /\n";
        let robots = Robots::parse(text.as_bytes());
        assert!(!robots.check(&Crawler::new("Googlebot"), "/").allowed);
        let found = findings(text, Code::AgentJoinsPreviousGroup);
        assert_eq!(found.len(), 1, "{found:?}");
        let (line, message) = &found[0];
        assert_eq!(*line, 4);
        for part in [
            "'User-agent: GPTBot' joins the group of * (line 1)",
            "line 2 ('Content-Signal') is neither",
            "So * and GPTBot share the rule on line 5 ('Disallow: /')",
            "'Allow: /'",
        ] {
            assert!(message.contains(part), "{part:?} not in {message}");
        }
        // blocks-site names both crawlers of the merged group.
        let blocks = findings(text, Code::BlocksSite);
        assert_eq!(blocks.len(), 1);
        assert!(
            blocks[0].1.contains("(*) and for GPTBot"),
            "{}",
            blocks[0].1
        );
    }

    #[test]
    fn the_fix_the_message_names_ends_the_trap_and_keeps_the_intended_verdicts() {
        let fixed = "User-agent: *\nContent-Signal: search=yes, ai-train=no\nAllow: /\n\nUser-agent: GPTBot\nDisallow: /\n";
        assert!(findings(fixed, Code::AgentJoinsPreviousGroup).is_empty());
        let robots = Robots::parse(fixed.as_bytes());
        assert!(robots.check(&Crawler::new("Googlebot"), "/page").allowed);
        assert!(!robots.check(&Crawler::new("GPTBot"), "/page").allowed);
    }

    #[test]
    fn consecutive_user_agents_blank_lines_and_comments_are_no_trap() {
        for text in [
            "User-agent: a\nUser-agent: b\nDisallow: /x\n",
            "User-agent: a\n\n# both\nUser-agent: b\nDisallow: /x\n",
            "User-agent: a\nDisallow: /y\nCrawl-delay: 1\nUser-agent: b\nDisallow: /x\n",
        ] {
            assert!(
                findings(text, Code::AgentJoinsPreviousGroup).is_empty(),
                "{text}"
            );
        }
        // Sitemap and Crawl-delay lines are directives too.
        for between in ["Sitemap: https://a.example/s.xml", "Crawl-delay: 5"] {
            let text = format!("User-agent: a\n{between}\nUser-agent: b\nDisallow: /x\n");
            assert_eq!(
                findings(&text, Code::AgentJoinsPreviousGroup).len(),
                1,
                "{text}"
            );
        }
    }

    #[test]
    fn patterns_with_characters_requests_encode_never_match_and_say_the_encoded_form() {
        let text = "User-agent: *\nDisallow: /browse/Still Life\nDisallow: /a\"b<c>\nDisallow: /caf\u{e9}\n";
        let found = findings(text, Code::PatternNeedsEncoding);
        assert_eq!(found.len(), 2, "{found:?}");
        assert_eq!(found[0].0, 2);
        assert!(
            found[0].1.ends_with("write '/browse/Still%20Life'."),
            "{}",
            found[0].1
        );
        assert!(
            found[1].1.ends_with("write '/a%22b%3Cc%3E'."),
            "{}",
            found[1].1
        );
        // And indeed the rule as written never matches the request.
        let robots = Robots::parse(text.as_bytes());
        assert!(
            robots
                .check(&Crawler::new("Googlebot"), "/browse/Still Life")
                .allowed
        );
        let fixed = Robots::parse(b"User-agent: *\nDisallow: /browse/Still%20Life\n");
        assert!(
            !fixed
                .check(&Crawler::new("Googlebot"), "/browse/Still Life")
                .allowed
        );
    }

    #[test]
    fn blocks_site_names_every_crawler_of_the_group() {
        let found = findings(
            "User-agent: Googlebot\nUser-agent: bingbot\nDisallow: /\n",
            Code::BlocksSite,
        );
        assert_eq!(found.len(), 1);
        assert!(
            found[0]
                .1
                .contains("Googlebot, bingbot (Googlebot is a major search crawler)"),
            "{}",
            found[0].1
        );
        let single = findings("User-agent: Googlebot\nDisallow: /\n", Code::BlocksSite);
        assert!(
            single[0]
                .1
                .contains("for Googlebot, a major search crawler"),
            "{}",
            single[0].1
        );
        assert!(findings("User-agent: GPTBot\nDisallow: /\n", Code::BlocksSite).is_empty());
    }

    #[test]
    fn usage_lines_are_checked_and_content_usage_is_no_longer_unknown() {
        let text = "Content-Signal: search=yes\nUser-agent: *\nContent-Usage: train-ai=n\nContent-Usage: /a Train-AI=n\nContent-Signal: ai-train=n\nContent-Usage: /b train-ai=y\nAllow: /\n";
        assert!(findings(text, Code::UnknownDirective).is_empty());
        let usage = findings(text, Code::ContentUsageSyntax);
        let lines: Vec<u32> = usage.iter().map(|(l, _)| *l).collect();
        // Line 3 has no path: read as for every path (attach-05), no finding.
        assert_eq!(lines, [4], "{usage:?}");
        assert!(
            usage[0]
                .1
                .starts_with("'Train-AI=n' is not a structured-field dictionary (RFC 9651)"),
            "{}",
            usage[0].1
        );
        assert!(
            usage[0].1.contains("Keys are written in lower case"),
            "{}",
            usage[0].1
        );
        let signal = findings(text, Code::ContentSignalSyntax);
        let lines: Vec<u32> = signal.iter().map(|(l, _)| *l).collect();
        assert_eq!(lines, [1, 5], "{signal:?}");
        assert!(
            signal[0].1.contains("before any User-agent"),
            "{}",
            signal[0].1
        );
        assert_eq!(
            signal[1].1,
            "'ai-train=n' is not a value 'ai-train' takes ('yes', 'no'); crawlers skip it."
        );
    }

    /// Applies every fix, lints again, and returns the text.
    fn fixed(text: &str, code: Code) -> String {
        let robots = Robots::parse(text.as_bytes());
        assert!(
            robots
                .diagnostics()
                .iter()
                .any(|d| d.code == code && d.fix.is_some()),
            "no fix for {code} in {text:?}"
        );
        let fixed = String::from_utf8(apply_fixes(text.as_bytes(), &robots.diagnostics())).unwrap();
        let again = Robots::parse(fixed.as_bytes());
        assert!(
            again.diagnostics().iter().all(|d| d.code != code),
            "{code} after fixing: {fixed:?}"
        );
        fixed
    }

    #[test]
    fn quick_fixes_remove_their_diagnostic_and_give_the_intended_verdicts() {
        let googlebot = Crawler::new("Googlebot");
        let gptbot = Crawler::new("GPTBot");

        let typo = fixed(
            "User-agent: *\nDissallow: /a\nDisallowed: /b\n",
            Code::TypoAccepted,
        );
        assert_eq!(typo, "User-agent: *\nDisallow: /a\nDisallow: /b\n");

        let colon = fixed("User-agent: *\nDisallow /a\n", Code::MissingColon);
        assert_eq!(colon, "User-agent: *\nDisallow: /a\n");
        let strict = Robots::parse_with(
            colon.as_bytes(),
            &crate::ParseOptions {
                mode: Mode::Rfc9309,
                ..crate::ParseOptions::default()
            },
        );
        assert!(
            !strict.check(&googlebot, "/a").allowed,
            "RFC 9309 reads it now"
        );

        let bom = fixed("\u{feff}User-agent: *\nDisallow: /a\n", Code::Bom);
        assert_eq!(bom, "User-agent: *\nDisallow: /a\n");

        let trap = "User-agent: *\nContent-Signal: search=yes, ai-train=no\n\nUser-agent: GPTBot\nDisallow: /\n";
        let merged = fixed(trap, Code::AgentJoinsPreviousGroup);
        assert_eq!(
            merged,
            "User-agent: *\nContent-Signal: search=yes, ai-train=no\nAllow: /\n\nUser-agent: GPTBot\nDisallow: /\n"
        );
        let robots = Robots::parse(merged.as_bytes());
        assert!(robots.check(&googlebot, "/").allowed);
        assert!(!robots.check(&gptbot, "/").allowed);
        // The directive on the last line, without a line break.
        let at_end = fixed(
            "User-agent: a\nCrawl-delay: 1\nUser-agent: b\nDisallow: /",
            Code::AgentJoinsPreviousGroup,
        );
        assert_eq!(
            at_end,
            "User-agent: a\nCrawl-delay: 1\nAllow: /\nUser-agent: b\nDisallow: /"
        );

        let encoded = fixed(
            "User-agent: *\nDisallow: /browse/Still Life\n",
            Code::PatternNeedsEncoding,
        );
        assert_eq!(encoded, "User-agent: *\nDisallow: /browse/Still%20Life\n");
        assert!(
            !Robots::parse(encoded.as_bytes())
                .check(&googlebot, "/browse/Still Life")
                .allowed
        );
    }

    #[test]
    fn the_size_limit_finding_states_only_what_is_sure() {
        let message = |text: &[u8], options: &crate::ParseOptions| {
            let robots = Robots::parse_with(text, options);
            let found = robots.diagnostics();
            let finding = found.iter().find(|d| d.code == Code::FileTooLarge);
            finding.map(|d| (d.line, d.message.clone()))
        };
        let googlebot = crate::ParseOptions::googlebot();
        // The limit inside line 2: its start is read and decides.
        let mut cut = b"User-agent: *\nDisallow: /a #".to_vec();
        cut.resize(600_000, b'x');
        let (line, text) = message(&cut, &googlebot).unwrap();
        assert_eq!(line, 2);
        assert_eq!(text, "This file is over 512000 bytes (500 KiB), the most Google reads: Google ignores what follows (the rest of line 2 and every line after it), so it is ignored here as well.");
        // Only the start of a file (a reader stops one byte past the
        // limit): nothing claims to know its size.
        let (_, text) = message(&cut[..GOOGLE_SIZE_LIMIT + 1], &googlebot).unwrap();
        assert!(text.starts_with("This file is over 512000 bytes"), "{text}");
        // The limit at a line's start, the whole file read.
        let mut lines = b"User-agent: *\n".to_vec();
        while lines.len() < GOOGLE_SIZE_LIMIT {
            lines.extend_from_slice(b"#\n");
        }
        let number = lines.iter().filter(|&&b| b == b'\n').count() as u32 + 1;
        lines.extend_from_slice(b"Disallow: /late\n");
        let (line, text) = message(&lines, &crate::ParseOptions::default()).unwrap();
        assert_eq!(line, number);
        assert!(
            text.ends_with(&format!(
                "Google ignores what follows (line {number} on), though it is read here."
            )),
            "{text}"
        );
    }

    #[test]
    fn fixes_of_one_key_apply_together_and_fixing_twice_changes_nothing() {
        // A misspelled key without its colon: two fixes at the key.
        let robots = Robots::parse(b"User-agent: *\nDissallow /a\n");
        let once = apply_fixes(robots.input(), &robots.diagnostics());
        assert_eq!(
            String::from_utf8_lossy(&once),
            "User-agent: *\nDisallow: /a\n"
        );
        let again = Robots::parse(&once);
        assert_eq!(apply_fixes(&once, &again.diagnostics()), once);
    }
}
