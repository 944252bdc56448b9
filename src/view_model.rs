//! Everything the playground shows, computed from its inputs in plain Rust.
//!
//! The components only render what this module builds, so every verdict,
//! line kind, diagnostic and explanation comes straight from
//! `robots_matcher`; nothing here matches rules itself. The module touches
//! no browser API and is tested natively.
//!
//! The pipeline is split the way the app memoises it: [`Parsed`] changes
//! when the robots.txt text or the mode changes, [`CrawlerList`] and
//! [`UrlList`] when their fields change, and [`Results`] combines them.

use std::collections::hash_map::DefaultHasher;
use std::collections::HashMap;
use std::fmt::Write as _;
use std::hash::{Hash, Hasher};
use std::ops::Range;
use std::sync::Arc;

use robots_matcher::{
    unusable_token_message, AgentName, Category, CheckOptions, CrawlDelay, Crawler,
    CrawlerSpecError, Diagnostic, Group, Line, LineKind, Mode, ParseOptions, Robots, RuleKind,
    Selection, Severity, GOOGLE_SIZE_LIMIT,
};

use crate::state::AppState;

/// The mode a verdict is compared against: the one not selected.
pub fn other_mode(mode: Mode) -> Mode {
    match mode {
        Mode::Google => Mode::Rfc9309,
        Mode::Rfc9309 => Mode::Google,
    }
}

/// A mode's name for people.
pub fn mode_label(mode: Mode) -> &'static str {
    match mode {
        Mode::Google => "Google",
        Mode::Rfc9309 => "RFC 9309",
    }
}

/// Replaces CR LF and lone CR with LF, as a `<textarea>` does with its
/// value, so line numbers in the app and in the text always agree. Line
/// endings never change a verdict (the matcher treats all three alike).
pub fn normalize_newlines(text: &str) -> String {
    if !text.contains('\r') {
        return text.to_string();
    }
    text.replace("\r\n", "\n").replace('\r', "\n")
}

/// A byte count for people: `812 B`, `12.4 KB`, `5.0 MB` (powers of 1000,
/// the way browsers and file managers show sizes). Integer arithmetic, so
/// the WebAssembly carries no float formatting code.
pub fn format_size(bytes: usize) -> String {
    let bytes = bytes as u64;
    let (unit, name) = match bytes {
        0..1000 => return format!("{bytes} B"),
        1000..1_000_000 => (1000, "KB"),
        _ => (1_000_000, "MB"),
    };
    // Tenths of the unit, rounded half up.
    let tenths = (bytes * 10 + unit / 2) / unit;
    format!("{}.{} {name}", tenths / 10, tenths % 10)
}

/// A Crawl-delay for people: `10 s`, `0.5 s`; the value as written when it
/// is not a whole number (no float formatting in the WebAssembly).
pub fn format_crawl_delay(delay: &CrawlDelay) -> String {
    match delay.seconds {
        Some(s) if s.fract() == 0.0 && s < 1e15 => format!("{} s", s as u64),
        Some(_) => format!("{} s", delay.value.trim()),
        None => format!("{} (not a number)", delay.value),
    }
}

/// "1 URL", "3 URLs".
pub fn plural(count: usize, one: &str, many: &str) -> String {
    format!("{count} {}", if count == 1 { one } else { many })
}

// ---------------------------------------------------------------------------
// robots.txt
// ---------------------------------------------------------------------------

fn parse_options(mode: Mode, size_limited: bool) -> ParseOptions {
    ParseOptions {
        mode,
        size_limit: size_limited.then_some(GOOGLE_SIZE_LIMIT),
    }
}

/// The robots.txt text parsed in the selected mode, and, for the
/// side-by-side comparison, in the other mode. The app parses only the
/// selected mode on the hot path ([`Parsed::primary`]) and the other mode
/// after the verdicts are shown ([`Parsed::parse_other`], [`Comparison`]).
#[derive(Clone, Debug)]
pub struct Parsed {
    /// The text the spans of [`Robots::lines`] point into.
    pub text: Arc<str>,
    pub mode: Mode,
    /// Whether Google's 500 KiB limit was applied (the default).
    pub size_limited: bool,
    pub robots: Robots,
    /// The same text in the other mode, when it was parsed too.
    pub other: Option<Robots>,
}

impl Parsed {
    /// Parses the text in both modes.
    pub fn new(text: &str, mode: Mode, size_limited: bool) -> Parsed {
        let mut parsed = Parsed::primary(text, mode, size_limited);
        parsed.other = Some(parsed.parse_other());
        parsed
    }

    /// Parses the text in the selected mode only.
    pub fn primary(text: &str, mode: Mode, size_limited: bool) -> Parsed {
        Parsed {
            text: Arc::from(text),
            mode,
            size_limited,
            robots: Robots::parse_with(text.as_bytes(), &parse_options(mode, size_limited)),
            other: None,
        }
    }

    /// Parses the same text in the other mode.
    pub fn parse_other(&self) -> Robots {
        Robots::parse_with(
            self.text.as_bytes(),
            &parse_options(other_mode(self.mode), self.size_limited),
        )
    }

    /// Number of lines, as the editor counts them (the text after the last
    /// line break is a line, even when empty).
    pub fn line_count(&self) -> usize {
        self.robots.lines().len()
    }

    /// Bytes beyond what is read (0 when everything is read).
    pub fn ignored_bytes(&self) -> usize {
        self.robots.input_len() - self.robots.parsed_len()
    }

    /// The diagnostics of one line (indices into `robots.diagnostics()`);
    /// file-wide findings have line 0.
    pub fn diagnostics_on(&self, line: u32) -> Range<usize> {
        let diagnostics = self.robots.diagnostics();
        let start = diagnostics.partition_point(|d| d.line < line);
        let end = diagnostics.partition_point(|d| d.line <= line);
        start..end
    }

    /// The most severe diagnostic of a line.
    pub fn worst_severity(&self, line: u32) -> Option<Severity> {
        self.robots.diagnostics()[self.diagnostics_on(line)]
            .iter()
            .map(|d| d.severity)
            .min()
    }

    /// The editor's view of one line: its kind and coloured pieces.
    pub fn line_view(&self, number: u32) -> Option<LineView> {
        let line = self.robots.line(number)?;
        let diagnostics = &self.robots.diagnostics()[self.diagnostics_on(number)];
        Some(LineView {
            number,
            kind: line.kind,
            segments: segments(&self.text, line, diagnostics),
            severity: diagnostics.iter().map(|d| d.severity).min(),
        })
    }

    /// The text of one line, without its line ending.
    pub fn line_text(&self, number: u32) -> &str {
        self.robots
            .line(number)
            .map_or("", |line| slice(&self.text, line.span.clone()))
    }

    /// Crawl-delay of every group that has one.
    pub fn crawl_delays(&self) -> Vec<CrawlDelayView> {
        self.robots
            .groups()
            .iter()
            .filter_map(|group| {
                group.crawl_delay.as_ref().map(|delay| CrawlDelayView {
                    group: group_names(group),
                    delay: delay.clone(),
                })
            })
            .collect()
    }
}

/// A Crawl-delay and the crawlers of its group.
#[derive(Clone, Debug, PartialEq)]
pub struct CrawlDelayView {
    /// The group's User-agent values, e.g. `*` or `GPTBot, CCBot`.
    pub group: String,
    pub delay: CrawlDelay,
}

/// The User-agent values of a group, as written, comma-separated.
pub fn group_names(group: &Group) -> String {
    let names: Vec<&str> = group
        .agents
        .iter()
        .map(|agent| match &agent.name {
            AgentName::Global => "*",
            _ => agent.value.as_str(),
        })
        .collect();
    names.join(", ")
}

/// `lines 5–14` or `line 5`.
pub fn line_range_label(lines: &Range<u32>) -> String {
    if lines.start == lines.end {
        format!("line {}", lines.start)
    } else {
        format!("lines {}–{}", lines.start, lines.end)
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

/// What part of a line a piece of text is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Part {
    /// Whitespace, the colon, anything between the known parts.
    Plain,
    Key,
    Value,
    Comment,
}

impl Part {
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
    pub text: String,
    pub part: Part,
    /// The most severe diagnostic whose span covers this run.
    pub flagged: Option<Severity>,
}

/// One line as the editor's colour layer draws it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct LineView {
    pub number: u32,
    pub kind: LineKind,
    pub segments: Vec<Segment>,
    /// The most severe diagnostic on the line.
    pub severity: Option<Severity>,
}

/// Cuts a line into runs at the boundaries of its key, value and comment
/// (from the matcher) and of the diagnostics' spans.
fn segments(text: &str, line: &Line, diagnostics: &[Diagnostic]) -> Vec<Segment> {
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
    let mut cuts = vec![span.start, span.end];
    for (r, _) in &parts {
        cuts.extend([r.start, r.end]);
    }
    for (r, _) in &flags {
        cuts.extend([r.start, r.end]);
    }
    robots_matcher::sort::sort_by_key(&mut cuts, |&c| c);
    cuts.dedup();
    let mut out: Vec<Segment> = Vec::new();
    for pair in cuts.windows(2) {
        let (start, end) = (pair[0], pair[1]);
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

// ---------------------------------------------------------------------------
// Crawlers and URLs
// ---------------------------------------------------------------------------

/// One comma-separated entry of the crawler field.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CrawlerEntry {
    /// The spec as typed, trimmed.
    pub spec: String,
    pub crawler: Result<Crawler, CrawlerSpecError>,
}

/// The crawler field, read.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CrawlerList {
    /// Every non-empty entry, in order, valid or not.
    pub entries: Vec<CrawlerEntry>,
}

impl CrawlerList {
    /// Reads comma-separated crawler specs. Empty entries (a trailing comma
    /// while typing) are skipped silently.
    pub fn parse(text: &str) -> CrawlerList {
        CrawlerList {
            entries: split_specs(text)
                .map(|spec| CrawlerEntry {
                    crawler: Crawler::parse_spec(spec),
                    spec: spec.to_string(),
                })
                .collect(),
        }
    }

    /// The usable crawlers with their specs as typed.
    pub fn valid(&self) -> impl Iterator<Item = (&str, &Crawler)> {
        self.entries
            .iter()
            .filter_map(|e| e.crawler.as_ref().ok().map(|c| (e.spec.as_str(), c)))
    }

    /// The crawler of entry `index`, when that entry is a valid spec.
    pub fn crawler(&self, index: usize) -> Option<&Crawler> {
        self.entries.get(index)?.crawler.as_ref().ok()
    }

    /// Why entries were skipped, one message each.
    pub fn errors(&self) -> Vec<String> {
        self.entries
            .iter()
            .filter_map(|e| e.crawler.as_ref().err().map(ToString::to_string))
            .collect()
    }

    /// The specs for the shared state.
    pub fn specs(&self) -> Vec<String> {
        self.entries.iter().map(|e| e.spec.clone()).collect()
    }
}

/// The non-empty, trimmed, comma-separated parts of the crawler field.
pub fn split_specs(text: &str) -> impl Iterator<Item = &str> {
    text.split(',').map(str::trim).filter(|s| !s.is_empty())
}

/// The crawler field's text for a list of specs.
pub fn join_specs(specs: &[String]) -> String {
    specs.join(", ")
}

/// Adds a spec to the crawler field unless it is already there (same
/// letters, ignoring case); returns the new field text.
pub fn add_spec(text: &str, spec: &str) -> String {
    let mut specs: Vec<String> = split_specs(text).map(str::to_string).collect();
    if !specs.iter().any(|s| s.eq_ignore_ascii_case(spec)) {
        specs.push(spec.to_string());
    }
    join_specs(&specs)
}

/// A crawler in words: `Googlebot-Image, else Googlebot, else *`,
/// `AdsBot-Google (ignores *)`.
pub fn describe_crawler(crawler: &Crawler) -> String {
    let mut text = crawler.tokens().join(", else ");
    if crawler.ignores_global() {
        text.push_str(" (ignores *)");
    } else if crawler.tokens().len() > 1 {
        text.push_str(", else *");
    }
    text
}

/// One URL to check.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UrlEntry {
    /// 1-based line in the URL field.
    pub line: usize,
    /// As typed, trimmed.
    pub url: String,
}

/// The URL field, read.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct UrlList {
    pub urls: Vec<UrlEntry>,
    /// Empty lines between URLs (trailing ones are not counted).
    pub skipped_blank: usize,
}

impl UrlList {
    pub fn parse(text: &str) -> UrlList {
        let mut urls = Vec::new();
        let mut blank = 0;
        let mut skipped_blank = 0;
        for (index, line) in text.lines().enumerate() {
            let url = line.trim();
            if url.is_empty() {
                blank += 1;
                continue;
            }
            if !urls.is_empty() {
                skipped_blank += blank;
            }
            blank = 0;
            urls.push(UrlEntry {
                line: index + 1,
                url: url.to_string(),
            });
        }
        UrlList {
            urls,
            skipped_blank,
        }
    }
}

// ---------------------------------------------------------------------------
// Results
// ---------------------------------------------------------------------------

/// The rule that decided, for display.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct RuleRef {
    pub line: u32,
    pub kind: RuleKind,
    /// The line as written, e.g. `Disallow: /private`.
    pub text: String,
}

impl RuleRef {
    /// `L12  Disallow: /private`.
    pub fn label(&self) -> String {
        format!("L{}  {}", self.line, self.text)
    }
}

/// The other mode's verdict, kept when it differs.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct OtherVerdict {
    pub mode: Mode,
    pub allowed: bool,
    pub category: Category,
    pub rule: Option<RuleRef>,
}

/// One (URL, crawler) pair.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// Position in the results.
    pub index: usize,
    /// Identifies the row's content for keyed rendering: equal keys render
    /// identically.
    pub key: u64,
    /// Identifies the (URL, crawler) pair across edits of robots.txt: the
    /// URL and spec as typed and which repetition of that pair it is.
    pub id: u64,
    pub url_index: usize,
    pub crawler_index: usize,
    pub url: String,
    pub agent: String,
    pub allowed: bool,
    pub category: Category,
    pub selection: Selection,
    /// Deciding line, 0 if none.
    pub line: u32,
    pub rule: Option<RuleRef>,
    /// Length of the deciding pattern.
    pub priority: Option<u32>,
    /// The path the rules were matched against.
    pub checked_path: String,
    /// Whether to show `checked_path`: the typed URL does not simply end in
    /// it (percent-encoding, a dropped fragment, an added `/`).
    pub show_checked_path: bool,
    /// The other mode's verdict, only when allowed/disallowed differs.
    pub other: Option<OtherVerdict>,
}

impl Row {
    pub fn verdict_str(&self) -> &'static str {
        verdict_str(self.allowed)
    }
}

pub fn verdict_str(allowed: bool) -> &'static str {
    if allowed {
        "allowed"
    } else {
        "disallowed"
    }
}

/// `explicit` or `implicit` (or the fetch outcome).
pub fn category_label(category: Category) -> &'static str {
    match category {
        Category::AllowedExplicit | Category::DisallowedExplicit => "explicit",
        Category::AllowedImplicit => "implicit",
        Category::Unavailable => "robots.txt unavailable",
        Category::Unreachable => "robots.txt unreachable",
    }
}

/// Every row, the counts, and what to tell about skipped input.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Results {
    pub rows: Vec<Row>,
    pub allowed: usize,
    pub disallowed: usize,
    /// Rows whose verdict differs in the other mode.
    pub differing: usize,
    /// Rows a rule decided, ordered by deciding line (then row), and
    /// their lines, in parallel: [`Results::decided_by`] finds a line's
    /// rows by binary search. (Sorted lists rather than a hash map: every
    /// map type adds its own code to the WebAssembly download.)
    decided_rows: Vec<usize>,
    decided_lines: Vec<u32>,
    /// Row identity -> position.
    pub by_id: HashMap<u64, usize>,
    /// Skipped input, one sentence each.
    pub notes: Vec<String>,
}

impl Results {
    pub fn new(parsed: &Parsed, crawlers: &CrawlerList, urls: &UrlList) -> Results {
        let options = CheckOptions::default();
        let robots = &parsed.robots;
        let valid: Vec<(usize, &str, &Crawler)> = crawlers
            .entries
            .iter()
            .enumerate()
            .filter_map(|(i, e)| e.crawler.as_ref().ok().map(|c| (i, e.spec.as_str(), c)))
            .collect();
        let mut rows = Vec::with_capacity(urls.urls.len() * valid.len());
        // How often each (URL, crawler) pair came so far, by a hash of the
        // pair: repeated pairs get distinct identities.
        let mut occurrences: HashMap<u64, usize> = HashMap::new();
        for (url_index, entry) in urls.urls.iter().enumerate() {
            let url = entry.url.as_str();
            let checked_path = robots.checked_path(url, &options);
            let show_checked_path = !url.ends_with(checked_path.as_str());
            for &(crawler_index, spec, crawler) in &valid {
                let verdict = robots.check_with(crawler, url, &options);
                let rule = rule_ref(robots, verdict.rule);
                let other = parsed
                    .other
                    .as_ref()
                    .and_then(|other| other_verdict(other, crawler, url, verdict.allowed));
                // The identity hashes (url, spec, occurrence): the pair's
                // hash so far is the key for counting occurrences.
                let mut hasher = DefaultHasher::new();
                (url, spec).hash(&mut hasher);
                let occurrence = occurrences.entry(hasher.finish()).or_default();
                *occurrence += 1;
                occurrence.hash(&mut hasher);
                let id = hasher.finish();
                (
                    verdict.allowed,
                    verdict.category,
                    verdict.selection,
                    verdict.line,
                )
                    .hash(&mut hasher);
                (&rule, verdict.priority, &checked_path, &other).hash(&mut hasher);
                rows.push(Row {
                    index: rows.len(),
                    key: hasher.finish(),
                    id,
                    url_index,
                    crawler_index,
                    url: url.to_string(),
                    agent: spec.to_string(),
                    allowed: verdict.allowed,
                    category: verdict.category,
                    selection: verdict.selection,
                    line: verdict.line,
                    rule,
                    priority: verdict.priority,
                    checked_path: checked_path.clone(),
                    show_checked_path,
                    other,
                });
            }
        }
        let allowed = rows.iter().filter(|r| r.allowed).count();
        let differing = rows.iter().filter(|r| r.other.is_some()).count();
        let mut decided: Vec<(u32, usize)> = rows
            .iter()
            .filter(|r| r.line > 0)
            .map(|r| (r.line, r.index))
            .collect();
        // Stable: a line's rows stay in row order.
        robots_matcher::sort::sort_by(&mut decided, |a, b| a.0.cmp(&b.0));
        let (decided_lines, decided_rows) = decided.into_iter().unzip();
        let by_id = rows.iter().map(|r| (r.id, r.index)).collect();
        let mut notes: Vec<String> = crawlers
            .errors()
            .into_iter()
            .map(|e| format!("Skipped {e}."))
            .collect();
        // A token like AI2Bot is checked as typed, but no group can name it:
        // say so instead of leaving a puzzling "allowed".
        notes.extend(
            crawlers
                .valid()
                .flat_map(|(_, crawler)| crawler.tokens())
                .filter_map(|token| unusable_token_message(token))
                .map(|message| format!("Note: {message}.")),
        );
        if urls.skipped_blank > 0 {
            notes.push(format!(
                "Skipped {} in the URL list.",
                plural(urls.skipped_blank, "empty line", "empty lines")
            ));
        }
        Results {
            disallowed: rows.len() - allowed,
            allowed,
            differing,
            rows,
            decided_rows,
            decided_lines,
            by_id,
            notes,
        }
    }

    /// These results with the other mode's verdicts from `comparison`
    /// (for export, when the results were computed in one mode only).
    pub fn compared(&self, comparison: &Comparison) -> Results {
        let mut results = self.clone();
        for row in &mut results.rows {
            if row.other.is_none() {
                row.other = comparison.get(row.id).cloned();
            }
        }
        results.differing = results.rows.iter().filter(|r| r.other.is_some()).count();
        results
    }

    /// The row with this identity.
    pub fn row_by_id(&self, id: u64) -> Option<&Row> {
        self.by_id.get(&id).and_then(|&i| self.rows.get(i))
    }

    /// The rows a line decides.
    pub fn decided_by(&self, line: u32) -> &[usize] {
        let start = self.decided_lines.partition_point(|&l| l < line);
        let end = self.decided_lines.partition_point(|&l| l <= line);
        &self.decided_rows[start..end]
    }

    /// A sentence for the editor: `Decides 2 URLs: /a (Googlebot), ...`.
    pub fn decides_note(&self, line: u32) -> Option<String> {
        let rows = self.decided_by(line);
        if rows.is_empty() {
            return None;
        }
        const SHOWN: usize = 5;
        let mut listed: Vec<String> = rows
            .iter()
            .take(SHOWN)
            .map(|&i| {
                let row = &self.rows[i];
                format!("{} ({})", row.url, row.agent)
            })
            .collect();
        if rows.len() > SHOWN {
            listed.push(format!("and {} more", rows.len() - SHOWN));
        }
        Some(format!(
            "Decides {}: {}",
            plural(rows.len(), "result", "results"),
            listed.join(", ")
        ))
    }

    /// The row the first screen selects: the first one a rule decided,
    /// else the first row.
    pub fn default_selection(&self) -> Option<usize> {
        self.rows
            .iter()
            .find(|r| r.line > 0)
            .or(self.rows.first())
            .map(|r| r.index)
    }

    /// The results as CSV (RFC 4180: CRLF line ends, fields with commas,
    /// quotes or line breaks quoted, quotes doubled).
    pub fn to_csv(&self, mode: Mode) -> String {
        let mut out = String::new();
        let header = [
            "url",
            "crawler",
            "mode",
            "verdict",
            "category",
            "line",
            "rule",
            "checked_path",
            "other_mode",
            "other_verdict",
            "other_line",
        ];
        out.push_str(&header.join(","));
        out.push_str("\r\n");
        for row in &self.rows {
            let other = row.other.as_ref();
            let fields = [
                row.url.clone(),
                row.agent.clone(),
                mode.as_str().to_string(),
                row.verdict_str().to_string(),
                row.category.as_str().to_string(),
                row.line.to_string(),
                row.rule.as_ref().map_or(String::new(), |r| r.text.clone()),
                row.checked_path.clone(),
                other.map_or(String::new(), |o| o.mode.as_str().to_string()),
                other.map_or(String::new(), |o| verdict_str(o.allowed).to_string()),
                other.map_or(String::new(), |o| {
                    o.rule.as_ref().map_or(0, |r| r.line).to_string()
                }),
            ];
            let quoted: Vec<String> = fields.iter().map(|f| csv_field(f)).collect();
            out.push_str(&quoted.join(","));
            out.push_str("\r\n");
        }
        out
    }

    /// The results as a JSON array of objects.
    pub fn to_json(&self, mode: Mode) -> String {
        let mut out = String::from("[");
        for (i, row) in self.rows.iter().enumerate() {
            out.push_str(if i == 0 { "\n  {" } else { ",\n  {" });
            let _ = write!(
                out,
                "\"url\": {}, \"crawler\": {}, \"mode\": {}, \"verdict\": {}, \"category\": {}, \"line\": {}, \"rule\": {}, \"checked_path\": {}",
                json_string(&row.url),
                json_string(&row.agent),
                json_string(mode.as_str()),
                json_string(row.verdict_str()),
                json_string(row.category.as_str()),
                row.line,
                row.rule.as_ref().map_or("null".to_string(), |r| json_string(&r.text)),
                json_string(&row.checked_path),
            );
            match &row.other {
                Some(other) => {
                    let _ = write!(
                        out,
                        ", \"other\": {{\"mode\": {}, \"verdict\": {}, \"line\": {}}}",
                        json_string(other.mode.as_str()),
                        json_string(verdict_str(other.allowed)),
                        other.rule.as_ref().map_or(0, |r| r.line)
                    );
                }
                None => out.push_str(", \"other\": null"),
            }
            out.push('}');
        }
        out.push_str(if self.rows.is_empty() { "]\n" } else { "\n]\n" });
        out
    }
}

/// The verdict of `other` (the other mode) when it differs from `allowed`.
fn other_verdict(
    other: &Robots,
    crawler: &Crawler,
    url: &str,
    allowed: bool,
) -> Option<OtherVerdict> {
    let verdict = other.check_with(crawler, url, &CheckOptions::default());
    (verdict.allowed != allowed).then(|| OtherVerdict {
        mode: other.mode(),
        allowed: verdict.allowed,
        category: verdict.category,
        rule: rule_ref(other, verdict.rule),
    })
}

/// The other mode's verdicts for a set of results, where they differ.
/// Computed apart from [`Results`] so the app can show the selected mode's
/// verdicts first and the comparison a moment later.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Comparison {
    /// Row identity -> position in `verdicts` (the same map type as
    /// [`Results::by_id`], so no more map code in the download).
    by_id: HashMap<u64, usize>,
    /// The other mode's verdicts, for rows where it differs.
    verdicts: Vec<OtherVerdict>,
}

impl Comparison {
    /// Checks every row of `results` against `other`, the robots.txt parsed
    /// in the other mode ([`Parsed::parse_other`]).
    pub fn new(results: &Results, other: &Robots, crawlers: &CrawlerList) -> Comparison {
        let mut comparison = Comparison::default();
        for row in &results.rows {
            let verdict = crawlers
                .crawler(row.crawler_index)
                .and_then(|crawler| other_verdict(other, crawler, &row.url, row.allowed));
            if let Some(verdict) = verdict {
                comparison.by_id.insert(row.id, comparison.verdicts.len());
                comparison.verdicts.push(verdict);
            }
        }
        comparison
    }

    /// The other mode's verdict for a row, when it differs.
    pub fn get(&self, id: u64) -> Option<&OtherVerdict> {
        self.by_id.get(&id).and_then(|&i| self.verdicts.get(i))
    }

    /// Number of rows whose verdict differs.
    pub fn differing(&self) -> usize {
        self.verdicts.len()
    }
}

fn rule_ref(robots: &Robots, rule: Option<usize>) -> Option<RuleRef> {
    rule.and_then(|i| robots.rules().get(i)).map(|r| RuleRef {
        line: r.line,
        kind: r.kind,
        text: r.text.clone(),
    })
}

/// One CSV field, quoted when needed.
pub fn csv_field(field: &str) -> String {
    if field.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", field.replace('"', "\"\""))
    } else {
        field.to_string()
    }
}

/// A JSON string literal.
pub fn json_string(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 || c == '\u{2028}' || c == '\u{2029}' => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

// ---------------------------------------------------------------------------
// Explanations
// ---------------------------------------------------------------------------

/// A rule that matched, for the explanation panel.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchView {
    pub rule: RuleRef,
    /// Length of the matched pattern (Google's priority).
    pub length: u32,
    pub via_index_html: bool,
    pub deciding: bool,
}

/// Everything behind one verdict, ready to show.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExplanationView {
    pub url: String,
    pub agent: String,
    pub mode: Mode,
    pub allowed: bool,
    pub category: Category,
    pub extracted_path: String,
    pub checked_path: String,
    /// Which groups applied and why, in one sentence.
    pub groups: String,
    /// The applied groups' line ranges, for links into the editor.
    pub group_lines: Vec<Range<u32>>,
    pub matches: Vec<MatchView>,
    /// How the verdict follows from the matches, in one sentence.
    pub decision: String,
    pub allow_won_tie: bool,
    /// The other mode's verdict when it differs.
    pub other: Option<OtherVerdict>,
}

impl ExplanationView {
    /// Explains one row with [`Robots::explain`].
    pub fn new(parsed: &Parsed, crawlers: &CrawlerList, row: &Row) -> Option<ExplanationView> {
        let crawler = crawlers.crawler(row.crawler_index)?;
        let robots = &parsed.robots;
        let explanation = robots.explain(crawler, &row.url, &CheckOptions::default());
        let verdict = explanation.verdict;
        let group_lines: Vec<Range<u32>> = explanation
            .groups
            .iter()
            .filter_map(|&g| robots.groups().get(g))
            .map(|g| g.lines.clone())
            .collect();
        let ranges: Vec<String> = group_lines.iter().map(line_range_label).collect();
        let ranges = ranges.join(" and ");
        let name = crawler.name();
        let groups = match verdict.selection {
            Selection::Token(0) => format!(
                "The group{} naming {} ({ranges}) appl{}; it ignores the * group.",
                if group_lines.len() == 1 { "" } else { "s" },
                explanation.matched_token.as_deref().unwrap_or(name),
                if group_lines.len() == 1 {
                    "ies"
                } else {
                    "y, merged"
                },
            ),
            Selection::Token(_) => format!(
                "No group names {name}, so it falls back to the group{} naming {} ({ranges}).",
                if group_lines.len() == 1 { "" } else { "s" },
                explanation
                    .matched_token
                    .as_deref()
                    .unwrap_or("its fallback token"),
            ),
            Selection::Global => format!(
                "No group names {}, so the * group{} ({ranges}) appl{}.",
                crawler.tokens().join(" or "),
                if group_lines.len() == 1 { "" } else { "s" },
                if group_lines.len() == 1 {
                    "ies"
                } else {
                    "y, merged"
                },
            ),
            Selection::NoGroup if explanation.ignored_global => format!(
                "No group names {}, and {name} ignores the * group, so no rule applies.",
                crawler.tokens().join(" or ")
            ),
            Selection::NoGroup => format!(
                "No group names {} and there is no * group, so no rule applies.",
                crawler.tokens().join(" or ")
            ),
            Selection::RobotsTxt => {
                "The URL is /robots.txt itself, which is always allowed.".to_string()
            }
            Selection::FetchOutcome => {
                "The verdict comes from fetching robots.txt, not from its rules.".to_string()
            }
        };
        let matches: Vec<MatchView> = explanation
            .matches
            .iter()
            .filter_map(|m| {
                let rule = rule_ref(robots, Some(m.rule))?;
                Some(MatchView {
                    deciding: Some(m.rule) == verdict.rule,
                    rule,
                    length: m.priority,
                    via_index_html: m.via_index_html,
                })
            })
            .collect();
        let deciding = matches.iter().find(|m| m.deciding);
        let decision = match (verdict.selection, deciding) {
            (Selection::RobotsTxt, _) => "Allowed: crawlers may always fetch robots.txt.".to_string(),
            (_, None) if explanation.groups.is_empty() => "Allowed: no rule applies to this crawler.".to_string(),
            (_, None) => "Allowed: no rule of the group matches this path.".to_string(),
            (_, Some(m)) if explanation.allow_won_tie => format!(
                "Allowed: an Allow and a Disallow both match with length {}; on a tie the Allow wins ({}).",
                m.length,
                m.rule.label()
            ),
            (_, Some(m)) if m.rule.kind == RuleKind::Disallow && m.length == 0 => format!(
                "Allowed: only the empty {} matches, and an empty Disallow blocks nothing.",
                m.rule.label()
            ),
            (_, Some(m)) if matches.len() == 1 => format!(
                "{}: it is the only matching rule ({}).",
                if verdict.allowed { "Allowed" } else { "Disallowed" },
                m.rule.label()
            ),
            (_, Some(m)) => format!(
                "{}: the longest matching pattern wins ({}, length {}).",
                if verdict.allowed { "Allowed" } else { "Disallowed" },
                m.rule.label(),
                m.length
            ),
        };
        Some(ExplanationView {
            url: row.url.clone(),
            agent: row.agent.clone(),
            mode: explanation.mode,
            allowed: verdict.allowed,
            category: verdict.category,
            extracted_path: explanation.extracted_path,
            checked_path: explanation.checked_path,
            groups,
            group_lines,
            matches,
            decision,
            allow_won_tie: explanation.allow_won_tie,
            other: row.other.clone(),
        })
    }
}

// ---------------------------------------------------------------------------
// State
// ---------------------------------------------------------------------------

/// The editable inputs of the app, as its fields hold them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Inputs {
    pub robots_txt: String,
    /// The crawler field: comma-separated specs.
    pub agents: String,
    pub urls: String,
    pub mode: Mode,
}

impl Inputs {
    /// The fields for a (possibly shared) state; line endings normalised.
    pub fn from_state(state: &AppState) -> Inputs {
        Inputs {
            robots_txt: normalize_newlines(&state.robots_txt),
            agents: join_specs(&state.crawlers),
            urls: normalize_newlines(&state.urls),
            mode: state.mode,
        }
    }

    /// The state to share.
    pub fn to_state(&self) -> AppState {
        AppState {
            robots_txt: self.robots_txt.clone(),
            crawlers: split_specs(&self.agents).map(str::to_string).collect(),
            urls: self.urls.clone(),
            mode: self.mode,
        }
    }
}

/// Where the first screen's state came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Startup {
    Hash(AppState),
    Stored(AppState),
    /// The default, with the reason a hash was rejected, if one was.
    Default {
        error: Option<String>,
    },
}

/// Precedence: a valid hash, else a valid stored state, else the default.
/// A broken hash yields the default (not the stored state) with an error
/// to show: the visitor expected the link's content, not their own.
pub fn startup(hash: &str, stored: Option<&str>) -> Startup {
    match AppState::from_hash(hash) {
        Ok(Some(state)) => Startup::Hash(state),
        Err(error) => Startup::Default {
            error: Some(format!(
                "The link could not be opened: {error}. Showing the default example instead."
            )),
        },
        Ok(None) => match stored.map(AppState::from_hash) {
            Some(Ok(Some(state))) => Startup::Stored(state),
            _ => Startup::Default { error: None },
        },
    }
}

// ---------------------------------------------------------------------------
// Imported files
// ---------------------------------------------------------------------------

/// A robots.txt file opened or dropped into the editor.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Imported {
    pub text: String,
    /// What happened to the bytes, for a visible note.
    pub note: String,
    /// A notice rather than plain information (conversion, replacement).
    pub warning: bool,
}

/// Decodes a file's bytes with the matcher's `encoding::decode`.
pub fn import_file(name: &str, bytes: &[u8]) -> Imported {
    use robots_matcher::encoding::{decode, Encoding};
    let decoded = decode(bytes);
    let size = format_size(bytes.len());
    let had_bom = bytes.starts_with(&[0xEF, 0xBB, 0xBF]);
    let mut note = format!("Opened {name} ({size}).");
    let warning = decoded.converted;
    match decoded.encoding {
        Encoding::Utf16 => note.push_str(
            " It was UTF-16 and has been converted to UTF-8 here; crawlers read robots.txt as UTF-8 and would find no rules in the original file.",
        ),
        Encoding::Invalid { first_error } => {
            let _ = write!(
                note,
                " It is not valid UTF-8 (first bad byte at offset {first_error}); invalid bytes are shown as \u{FFFD}, so verdicts here may differ from Google's on the original bytes."
            );
        }
        Encoding::Utf8 if had_bom => note.push_str(" Its UTF-8 byte order mark was removed."),
        Encoding::Utf8 => {}
    }
    if bytes.len() > GOOGLE_SIZE_LIMIT {
        let _ = write!(
            note,
            " Google reads only the first {} of it.",
            format_size(GOOGLE_SIZE_LIMIT)
        );
    }
    let text = normalize_newlines(&decoded.text);
    Imported {
        text,
        note,
        warning,
    }
}

/// A diagnostic as the list shows it: `L13 · warning · typo-accepted`.
pub fn diagnostic_place(diagnostic: &Diagnostic) -> String {
    if diagnostic.line == 0 {
        "File".to_string()
    } else {
        format!("L{}", diagnostic.line)
    }
}

#[cfg(test)]
mod tests;
