//! The robots.txt being edited, parsed in the selected mode, and what the
//! editor draws of it: each line's kind, its coloured runs (key, value,
//! comment) and the diagnostics that flag them (linted apart, in the
//! worker: see [`super::analysis`]).

use std::ops::Range;
use std::sync::Arc;

use robots_matcher::tools::lint::{DirectiveClass, Severity};
use robots_matcher::{Line, LineKind, Mode, ParseOptions, Robots};

use super::analysis::{findings_on, Finding};
use super::format::group_names;
use super::sort::sort_indices;

/// The robots.txt text, parsed in the selected mode.
#[derive(Clone, Debug)]
pub struct Document {
    /// The text the spans of [`Robots::lines`] point into.
    pub text: Arc<str>,
    /// Whether Google's 500 KiB limit was applied (the default).
    pub size_limited: bool,
    /// The parse.
    pub robots: Robots,
}

impl Document {
    /// Parses `text` in `mode`, with Google's size limit when
    /// `size_limited`.
    pub fn new(text: &str, mode: Mode, size_limited: bool) -> Document {
        Document {
            text: Arc::from(text),
            size_limited,
            robots: Robots::parse_with(text.as_bytes(), &ParseOptions::new(mode, size_limited)),
        }
    }

    /// The mode it was parsed in.
    pub fn mode(&self) -> Mode {
        self.robots.mode()
    }

    /// The same text parsed in the other mode, for the comparison.
    pub fn in_other_mode(&self) -> Document {
        Document {
            text: self.text.clone(),
            size_limited: self.size_limited,
            robots: Robots::parse_with(
                self.text.as_bytes(),
                &ParseOptions::new(self.mode().other(), self.size_limited),
            ),
        }
    }

    /// Number of lines, as the editor counts them (the text after the last
    /// line break is a line, even when empty).
    pub fn line_count(&self) -> usize {
        self.robots.lines().len()
    }

    /// Whether `line`'s key is a directive Google recognises but does not
    /// use (the library's [`DirectiveClass::Unused`]).
    pub fn is_unused_directive(&self, line: &Line) -> bool {
        let key = line
            .key
            .clone()
            .and_then(|k| self.text.get(k))
            .unwrap_or("");
        matches!(
            DirectiveClass::of(line.kind, key),
            Some(DirectiveClass::Unused(_))
        )
    }

    /// The editor's view of one line: its kind and coloured runs, flagged
    /// where `findings` (this text's, ordered by line) point.
    pub fn line_view(&self, number: u32, findings: &[Finding]) -> Option<LineView> {
        let line = self.robots.line(number)?;
        let diagnostics = findings_on(findings, number);
        Some(LineView {
            number,
            kind: line.kind,
            unused: self.is_unused_directive(line),
            segments: segments(&self.text, line, diagnostics),
            severity: diagnostics.iter().map(|d| d.severity).min(),
        })
    }

    /// Crawl-delay of every group that has one: (its line, the group's
    /// User-agent values, the delay).
    pub fn crawl_delays(&self) -> Vec<(u32, String, &robots_matcher::CrawlDelay)> {
        self.robots
            .groups()
            .iter()
            .filter_map(|group| {
                let delay = group.crawl_delay.as_ref()?;
                Some((delay.line, group_names(group), delay))
            })
            .collect()
    }
}

/// A byte range of `text`, widened to character boundaries.
fn slice(text: &str, range: Range<usize>) -> &str {
    let clamp = |mut at: usize, forward: bool| {
        at = at.min(text.len());
        while !text.is_char_boundary(at) {
            if forward {
                at += 1;
            } else {
                at -= 1;
            }
        }
        at
    };
    let start = clamp(range.start, false);
    let end = clamp(range.end, true).max(start);
    &text[start..end]
}

/// What part of a line a run of text is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Part {
    /// Whitespace, the colon, anything between the known parts.
    Plain,
    /// The directive's key.
    Key,
    /// The directive's value.
    Value,
    /// From `#` on.
    Comment,
}

impl Part {
    /// The CSS class suffix.
    pub fn as_str(self) -> &'static str {
        match self {
            Part::Plain => "plain",
            Part::Key => "key",
            Part::Value => "value",
            Part::Comment => "comment",
        }
    }
}

/// A run of a line with one colour.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Segment {
    /// The text of the run.
    pub text: String,
    /// Which part of the line it is.
    pub part: Part,
    /// The most severe diagnostic whose span covers this run.
    pub flagged: Option<Severity>,
}

/// One line as the editor's colour layer draws it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct LineView {
    /// 1-based line number.
    pub number: u32,
    /// What the line is.
    pub kind: LineKind,
    /// Whether its key is a directive Google recognises but does not use
    /// (the library's [`DirectiveClass::Unused`]); other keys of
    /// [`LineKind::Other`] are unknown. The editor colours the two apart.
    pub unused: bool,
    /// Its coloured runs.
    pub segments: Vec<Segment>,
    /// The most severe diagnostic on the line.
    pub severity: Option<Severity>,
}

/// Cuts a line into runs at the boundaries of its key, value and comment
/// (from the matcher) and of the diagnostics' spans.
fn segments(text: &str, line: &Line, diagnostics: &[Finding]) -> Vec<Segment> {
    let span = line.span.clone();
    if span.is_empty() {
        return Vec::new();
    }
    let clip = |r: &Range<usize>| r.start.max(span.start)..r.end.min(span.end);
    let parts: Vec<(Range<usize>, Part)> = [
        (line.key.clone(), Part::Key),
        (line.value.clone(), Part::Value),
        (line.comment.clone(), Part::Comment),
    ]
    .into_iter()
    .filter_map(|(range, part)| range.map(|r| (clip(&r), part)))
    .filter(|(r, _)| !r.is_empty())
    .collect();
    let flags: Vec<(Range<usize>, Severity)> = diagnostics
        .iter()
        .map(|d| (clip(&d.span), d.severity))
        .filter(|(r, _)| !r.is_empty())
        .collect();
    // Offsets fit in u32: the matcher reads at most 4 GiB.
    let mut cuts = vec![span.start as u32, span.end as u32];
    for r in parts
        .iter()
        .map(|(r, _)| r)
        .chain(flags.iter().map(|(r, _)| r))
    {
        cuts.extend([r.start as u32, r.end as u32]);
    }
    sort_indices(&mut cuts, &|a, b| a.cmp(&b));
    cuts.dedup();
    let mut out: Vec<Segment> = Vec::new();
    for pair in cuts.windows(2) {
        let (start, end) = (pair[0] as usize, pair[1] as usize);
        let covers = |r: &Range<usize>| r.start <= start && end <= r.end;
        let part = parts
            .iter()
            .find(|(r, _)| covers(r))
            .map_or(Part::Plain, |(_, p)| *p);
        let flagged = flags
            .iter()
            .filter(|(r, _)| covers(r))
            .map(|(_, s)| *s)
            .min();
        let piece = slice(text, start..end);
        if piece.is_empty() {
            continue;
        }
        match out.last_mut() {
            Some(last) if last.part == part && last.flagged == flagged => last.text.push_str(piece),
            _ => out.push(Segment {
                text: piece.to_string(),
                part,
                flagged,
            }),
        }
    }
    // Widening to character boundaries can repeat a character at a cut
    // inside a multi-byte character; rebuild from the line if so.
    let joined: usize = out.iter().map(|s| s.text.len()).sum();
    if joined != slice(text, span.clone()).len() {
        return vec![Segment {
            text: slice(text, span).to_string(),
            part: Part::Plain,
            flagged: flags.iter().map(|(_, s)| *s).min(),
        }];
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::view_model::analysis::lint;
    use crate::view_model::TEST_ROBOTS as ROBOTS;

    #[test]
    fn line_views_tell_unused_directives_from_unknown_keys() {
        let doc = Document::new(
            "User-agent: *\nCRAWL-DELAY: 5\nFoo: bar\nContent-Signal: search=yes\nDisallow: /\n",
            Mode::Google,
            true,
        );
        let unused: Vec<bool> = (1..=5)
            .map(|n| doc.line_view(n, &[]).unwrap().unused)
            .collect();
        assert_eq!(unused, [false, true, false, true, false]);
    }

    #[test]
    fn line_views_follow_the_matchers_line_kinds() {
        let doc = Document::new(ROBOTS, Mode::Google, true);
        assert_eq!(doc.line_count(), 12);
        let kinds: Vec<LineKind> = (1..=12)
            .map(|n| doc.line_view(n, &[]).unwrap().kind)
            .collect();
        use LineKind::*;
        assert_eq!(
            kinds,
            [
                Comment, UserAgent, Disallow, Allow, Other, Blank, UserAgent, Disallow, Disallow,
                Sitemap, Other, Blank
            ]
        );
        assert!(doc.line_view(13, &[]).is_none());
        assert_eq!(
            &doc.text[doc.robots.line(3).unwrap().span.clone()],
            "Disallow: /private"
        );
        // RFC 9309 does not read the misspelled key.
        let rfc = Document::new(ROBOTS, Mode::Rfc9309, true);
        assert_eq!(rfc.line_view(9, &[]).unwrap().kind, Other);
        assert_eq!(rfc.in_other_mode().robots.mode(), Mode::Google);
    }

    #[test]
    fn segments_split_key_value_comment() {
        let doc = Document::new("Disallow: /a # why\n", Mode::Google, true);
        let view = doc.line_view(1, &[]).unwrap();
        let parts: Vec<(&str, Part)> = view
            .segments
            .iter()
            .map(|s| (s.text.as_str(), s.part))
            .collect();
        assert_eq!(
            parts,
            [
                ("Disallow", Part::Key),
                (": ", Part::Plain),
                ("/a", Part::Value),
                (" ", Part::Plain),
                ("# why", Part::Comment)
            ]
        );
    }

    #[test]
    fn diagnostics_flag_their_spans_and_lines() {
        let doc = Document::new(ROBOTS, Mode::Google, true);
        let findings = lint(ROBOTS, Mode::Google, true);
        let view = doc.line_view(9, &findings).unwrap();
        assert_eq!(view.severity, Some(Severity::Warning));
        assert!(view.segments.iter().any(|s| s.flagged.is_some()));
        // Without findings (the worker has not answered yet) nothing is
        // flagged.
        let plain = doc.line_view(9, &[]).unwrap();
        assert_eq!(plain.severity, None);
        assert!(plain.segments.iter().all(|s| s.flagged.is_none()));
    }

    #[test]
    fn segments_survive_multibyte_text_and_odd_spans() {
        let doc = Document::new("Disallow: /é🤖 # ü\nUser-agent: ✓\n", Mode::Google, true);
        for n in 1..=3 {
            let view = doc.line_view(n, &[]).unwrap();
            let joined: String = view.segments.iter().map(|s| s.text.as_str()).collect();
            assert_eq!(
                joined,
                slice(&doc.text, doc.robots.line(n).unwrap().span.clone())
            );
        }
    }

    #[test]
    fn size_limit_applies_by_default_and_can_be_lifted() {
        let mut text = "User-agent: *\n".to_string();
        while text.len() < robots_matcher::GOOGLE_SIZE_LIMIT {
            text.push_str("# filler filler filler filler filler filler\n");
        }
        text.push_str("Disallow: /late\n");
        let limited = Document::new(&text, Mode::Google, true);
        assert!(limited.robots.ignored_len() > 0);
        assert!(limited.robots.rules().is_empty());
        let whole = Document::new(&text, Mode::Google, false);
        assert_eq!(whole.robots.ignored_len(), 0);
        assert_eq!(whole.robots.rules().len(), 1);
    }

    #[test]
    fn crawl_delays_name_their_group() {
        let doc = Document::new(ROBOTS, Mode::Google, true);
        let delays = doc.crawl_delays();
        assert_eq!(delays.len(), 1);
        assert_eq!((delays[0].0, delays[0].1.as_str()), (5, "*"));
        assert_eq!(delays[0].2.whole_seconds, Some(5));
    }
}
