//! Findings about a robots.txt file, each with a stable code, a severity, a
//! place, and one sentence a webmaster understands.

use std::fmt;
use std::ops::Range;

/// How much a finding matters.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    /// Crawlers will not read the file as intended (`lint` exits 1).
    Error,
    /// Probably a mistake, or read differently by different crawlers.
    Warning,
    /// Worth knowing; nothing is wrong.
    Info,
}

impl Severity {
    /// `error`, `warning` or `info`.
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Info => "info",
        }
    }
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

macro_rules! codes {
    ($($variant:ident = $code:literal, $severity:ident, $doc:literal;)*) => {
        /// What a diagnostic is about. The string form is stable.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub enum Code {
            $(#[doc = $doc] $variant,)*
        }

        impl Code {
            /// Every code, in documentation order.
            pub const ALL: &'static [Code] = &[$(Code::$variant,)*];

            /// The stable kebab-case name, e.g. `unknown-directive`.
            pub fn as_str(self) -> &'static str {
                match self { $(Code::$variant => $code,)* }
            }

            /// The severity every diagnostic with this code has.
            pub fn severity(self) -> Severity {
                match self { $(Code::$variant => Severity::$severity,)* }
            }

            /// What the code means, in one line.
            pub fn description(self) -> &'static str {
                match self { $(Code::$variant => $doc,)* }
            }
        }
    };
}

codes! {
    UnknownDirective = "unknown-directive", Warning, "A key no crawler standard defines.";
    TypoAccepted = "typo-accepted", Warning, "A misspelled or extended key that Google accepts but other crawlers may ignore.";
    MissingColon = "missing-colon", Warning, "A `key value` line without a colon.";
    RuleBeforeUserAgent = "rule-before-user-agent", Warning, "An Allow or Disallow before any User-agent line, ignored by every crawler.";
    PatternStart = "pattern-start", Warning, "A pattern that starts with neither `/` nor `*`.";
    DollarNotAtEnd = "dollar-not-at-end", Warning, "A `$` inside a pattern, where it is an ordinary character.";
    EmptyUserAgent = "empty-user-agent", Warning, "A User-agent line that names no crawler.";
    UserAgentCut = "user-agent-cut", Info, "A User-agent value that crawlers read only up to an invalid character.";
    DuplicateGroup = "duplicate-group", Info, "Several groups for the same crawler, which crawlers merge.";
    UnsupportedDirective = "unsupported-directive", Info, "A directive Google recognises but does not use (Crawl-delay, Content-Signal, Host, ...); a warning for Noindex and Nofollow, which it stopped reading in 2019.";
    SitemapRelative = "sitemap-relative", Warning, "A Sitemap that is not an absolute URL.";
    SitemapInvalid = "sitemap-invalid", Warning, "A Sitemap value that is not a URL.";
    LineTooLong = "line-too-long", Warning, "A line longer than Google reads.";
    NulByte = "nul-byte", Warning, "A NUL byte, where Google stops reading the line.";
    FileTooLarge = "file-too-large", Error, "A file over 500 KiB, the most Google reads.";
    Bom = "bom", Info, "A UTF-8 byte order mark at the start, which Google skips.";
    InvalidUtf8 = "invalid-utf8", Warning, "Bytes that are not valid UTF-8.";
    Utf16 = "utf16", Error, "A file encoded as UTF-16 instead of UTF-8.";
    HtmlDocument = "html-document", Error, "An HTML page served as robots.txt.";
    BlocksSite = "blocks-site", Warning, "A `Disallow: /` that blocks the whole site for everyone or a major search crawler.";
    AgentJoinsPreviousGroup = "agent-joins-previous-group", Warning, "A User-agent line that joins the group above it, because only an Allow or Disallow line ends a group's list of crawlers.";
    ContentUsageSyntax = "content-usage-syntax", Warning, "A Content-Usage line that cannot be fully read (not an RFC 9651 dictionary, a value other than y or n, a label no draft or only an earlier draft defines), or that is outside any group.";
    ContentSignalSyntax = "content-signal-syntax", Warning, "A Content-Signal line that cannot be fully read (an entry that is not label=value, a value the label does not take, an unknown label), or that is outside any group.";
    PatternNeedsEncoding = "pattern-needs-encoding", Warning, "A pattern with a character that requests always carry percent-encoded, so it never matches.";
    EmptyDisallow = "empty-disallow", Info, "An empty Disallow, which allows everything.";
    AgentIsUserAgentString = "agent-is-user-agent-string", Warning, "A User-agent value that is a whole user-agent string, which crawlers read as its first word, so the crawler it means ignores the group.";
    AgentLooksMisspelled = "agent-looks-misspelled", Warning, "A User-agent token no known crawler uses, one typo away from one that does.";
    GroupDropsGlobalRules = "group-drops-global-rules", Warning, "A group with Disallow rules of its own that leaves out paths the * group disallows, so its crawlers may fetch them.";
    SignalContradictsRules = "signal-contradicts-rules", Warning, "A Content-Signal or Content-Usage preference that the file's rules contradict for the crawlers of that purpose.";
    ValidatorRejects = "validator-rejects", Info, "A line that Lighthouse's robots.txt audit (before or since version 13) reports as an error, failing the audit.";
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One finding.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// What kind of finding, as a stable code.
    pub code: Code,
    /// How much it matters.
    pub severity: Severity,
    /// 1-based line number; 0 for findings about the whole file.
    pub line: u32,
    /// Byte range in the input the finding points at.
    pub span: Range<usize>,
    /// One sentence for a webmaster.
    pub message: String,
    /// The edit that fixes it, when there is exactly one sensible fix.
    pub fix: Option<Fix>,
    /// The code this finding had before `unsupported-directive` replaced
    /// `crawl-delay-ignored` and `noindex-unsupported`; JSON output keeps
    /// it as `alias` for one release so consumers can move.
    pub former_code: Option<&'static str>,
}

/// An edit of the input that fixes a diagnostic: `span` (a byte range of
/// the input; empty to insert) becomes `replacement`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Fix {
    /// The bytes replaced.
    pub span: Range<usize>,
    /// What replaces them.
    pub replacement: String,
    /// What the fix does, for a button or a log: `Write 'Disallow'`.
    pub title: String,
}

impl Diagnostic {
    pub(crate) fn new(code: Code, line: u32, span: Range<usize>, message: String) -> Diagnostic {
        Diagnostic {
            code,
            severity: code.severity(),
            line,
            span,
            message,
            fix: None,
            former_code: None,
        }
    }
}

/// `input` with every fix of `diagnostics` applied. Fixes that overlap an
/// earlier one (by position) are left out; linting the result again finds
/// them if they still apply.
pub fn apply_fixes(input: &[u8], diagnostics: &[Diagnostic]) -> Vec<u8> {
    let mut fixes: Vec<&Fix> = diagnostics.iter().filter_map(|d| d.fix.as_ref()).collect();
    crate::sort::sort_by_key(&mut fixes, |f| (f.span.start, f.span.end));
    let mut out = Vec::with_capacity(input.len() + 64);
    let done = splice(input, &fixes, 0, &mut out);
    out.extend_from_slice(&input[done..]);
    out
}

/// `fixes` (of diagnostics of `input`) as one edit, for an editor to apply
/// and undo at once: the bytes from the start of the first fix to the end
/// of the last, with each fix applied as [`apply_fixes`] does (overlapping
/// ones and spans outside `input` left out). `None` when there is none.
/// It takes fixes rather than diagnostics so that a front end holding
/// only the fixes (sent by a worker that linted the text) combines them
/// without linking the linter.
pub fn combined_fix<'a>(input: &[u8], fixes: impl IntoIterator<Item = &'a Fix>) -> Option<Fix> {
    let mut fixes: Vec<&Fix> = fixes
        .into_iter()
        .filter(|f| f.span.start <= f.span.end && f.span.end <= input.len())
        .collect();
    crate::sort::sort_by_key(&mut fixes, |f| (f.span.start, f.span.end));
    let start = fixes.first()?.span.start;
    let mut out = Vec::new();
    let end = splice(input, &fixes, start, &mut out);
    Some(Fix {
        span: start..end,
        replacement: String::from_utf8(out).ok()?,
        title: String::from("Apply every fix"),
    })
}

/// Writes `input` from `from` with `fixes` (sorted by position) applied,
/// up to the end of the last fix applied, into `out`; returns that end.
fn splice(input: &[u8], fixes: &[&Fix], from: usize, out: &mut Vec<u8>) -> usize {
    let mut done = from;
    for fix in fixes {
        if fix.span.start < done || fix.span.end > input.len() {
            continue;
        }
        out.extend_from_slice(&input[done..fix.span.start]);
        out.extend_from_slice(fix.replacement.as_bytes());
        done = fix.span.end;
    }
    done
}

impl Code {
    /// Whether a finding of this code means crawlers decide some URL
    /// otherwise than the file seems to say: a rule or group that crawlers
    /// ignore, cut, merge into another, never match, or read differently
    /// from one crawler to the next, or a rule that blocks a whole site.
    /// Front ends list these first; the other findings (directives
    /// crawlers skip, notes on style, sitemaps, preferences) leave every
    /// verdict as written.
    pub fn changes_verdicts(self) -> bool {
        matches!(
            self,
            Code::TypoAccepted
                | Code::MissingColon
                | Code::RuleBeforeUserAgent
                | Code::PatternStart
                | Code::DollarNotAtEnd
                | Code::EmptyUserAgent
                | Code::UserAgentCut
                | Code::LineTooLong
                | Code::NulByte
                | Code::FileTooLarge
                | Code::Utf16
                | Code::HtmlDocument
                | Code::BlocksSite
                | Code::AgentJoinsPreviousGroup
                | Code::PatternNeedsEncoding
                | Code::AgentIsUserAgentString
                | Code::AgentLooksMisspelled
                | Code::GroupDropsGlobalRules
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_unique_kebab_case() {
        let mut seen = std::collections::HashSet::new();
        for code in Code::ALL {
            assert!(seen.insert(code.as_str()), "{code} twice");
            assert!(code
                .as_str()
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b == b'-' || b.is_ascii_digit()));
            assert!(!code.description().is_empty());
        }
    }

    #[test]
    fn a_combined_fix_is_every_fix_in_one_edit() {
        let input = b"Dissallow: /a\nx\nDissallow: /b\n";
        let fix = |span: std::ops::Range<usize>| Diagnostic {
            fix: Some(Fix {
                span,
                replacement: "Disallow".into(),
                title: String::new(),
            }),
            ..Diagnostic::new(Code::TypoAccepted, 1, 0..0, String::new())
        };
        let (first, second) = (fix(0..9), fix(16..25));
        let fixes =
            |ds: &[&Diagnostic]| -> Vec<Fix> { ds.iter().filter_map(|d| d.fix.clone()).collect() };
        let combined = combined_fix(input, &fixes(&[&second, &first])).unwrap();
        assert_eq!(combined.span, 0..25);
        assert_eq!(combined.replacement, "Disallow: /a\nx\nDisallow");
        let mut edited = input.to_vec();
        edited.splice(combined.span, combined.replacement.bytes());
        assert_eq!(edited, apply_fixes(input, &[first.clone(), second]));
        // Overlapping fixes are left out, as apply_fixes does; no fix, no edit.
        assert_eq!(
            combined_fix(input, &fixes(&[&first, &fix(3..5)]))
                .unwrap()
                .span,
            0..9
        );
        let none = Diagnostic::new(Code::Bom, 1, 0..0, String::new());
        assert_eq!(combined_fix(input, &fixes(&[&none])), None);
        assert_eq!(combined_fix(input, &fixes(&[&fix(30..40)])), None);
    }

    #[test]
    fn rule_findings_change_verdicts_and_directive_findings_do_not() {
        assert!(Code::PatternNeedsEncoding.changes_verdicts());
        assert!(Code::RuleBeforeUserAgent.changes_verdicts());
        assert!(!Code::UnsupportedDirective.changes_verdicts());
        assert!(!Code::SitemapRelative.changes_verdicts());
        assert!(!Code::EmptyDisallow.changes_verdicts());
    }
}
