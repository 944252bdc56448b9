//! Expectations in the playground: the rows, summary and wording of the
//! library's check ([`Expectations::check`]) of the editor's robots.txt
//! (as fetched), one row per crawler and URL of each expectation. The
//! library parses, checks and finds each row's deciding line; this only
//! words and arranges what it found.

use std::sync::Arc;

use robots_matcher::tools::expect::{Expectation, Expectations, Row};
use robots_matcher::{CheckOptions, Origin, Selection, Verdict};

use super::fetched::FetchedDocument;
use super::files::Opened;
use super::format::{format_count, format_size, plural};
use super::inputs::normalize_newlines;
use super::limits::live_check_refusal;
use super::logs_html::escape;

/// Up to this many rows are listed; past it only the failing ones are
/// (up to this many), and the passing ones are counted. Each listed row
/// is markup the page lays out after every keystroke: 300 rows of it
/// (150 KB) kept the expectations' update at 130 to 260 ms on a 500 KiB
/// file (`keystroke-expect`).
pub const MAX_LISTED_ROWS: usize = 50;

/// Notes on other origins listed (one per origin); past it they are
/// counted: 20,000 expectations may name as many origins, and each note is
/// markup laid out after every keystroke.
const MAX_ORIGIN_NOTES: usize = 5;

/// One expectation checked for one of its crawlers, as the panel lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExpectRow {
    /// The expectation's line in the expectations text.
    pub line: u32,
    /// The crawler's spec (`Googlebot-Image>Googlebot`).
    pub crawler: String,
    /// The URL as written.
    pub url: String,
    /// What was expected, as the line writes it (`disallowed,train-ai=n`).
    pub expected: String,
    /// What the robots.txt gives, in the same words (`allowed`,
    /// `allowed,train-ai=y`, `no train-ai`).
    pub got: String,
    /// Whether everything expected holds.
    pub passed: bool,
    /// The robots.txt line that decided (0: none did).
    pub deciding_line: u32,
    /// That line as written, or why no line decided.
    pub deciding_text: String,
}

/// The expectations checked against the editor's robots.txt.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ExpectReport {
    /// The rows listed (see [`MAX_LISTED_ROWS`]), in file order.
    pub rows: Vec<ExpectRow>,
    /// Rows that passed, over all rows (listed or not).
    pub passed: usize,
    /// Rows that failed.
    pub failed: usize,
    /// The expectations' mistakes, each with its line (`line 3: …`).
    pub errors: Vec<String>,
    /// Why nothing was checked, when the expectations ask for more checks
    /// than the page makes live.
    pub refusal: Option<String>,
    /// Expectations on another origin than the editor's file's: checked
    /// against it, but that origin's own robots.txt decides (one note per
    /// origin, from the library's [`Expectations::off_site`]).
    pub notes: Vec<String>,
    /// The mistakes, summary and rows as markup ([`ExpectReport::html`]),
    /// written once with the report.
    pub markup: String,
}

thread_local! {
    /// The latest text parsed, and its parse.
    static PARSED: std::cell::RefCell<Option<(String, Arc<Expectations>)>> =
        const { std::cell::RefCell::new(None) };
}

/// `text` parsed: once per text, not per check (the robots.txt changes far
/// more often than the expectations).
pub fn parsed(text: &str) -> Arc<Expectations> {
    PARSED.with_borrow_mut(|kept| match kept {
        Some((of, parsed)) if of == text => parsed.clone(),
        _ => {
            let parsed = Arc::new(Expectations::parse(text));
            *kept = Some((text.to_string(), parsed.clone()));
            parsed
        }
    })
}

impl ExpectReport {
    /// Checks `expectations` against `fetched` (the editor's robots.txt,
    /// as the results check it: expectations without `@mode` in the
    /// selected reading), the file of origin `site` when the page knows it
    /// (else the first full URL's origin stands for it, as a URL list's
    /// does), and words every row.
    pub fn new(
        expectations: &Expectations,
        fetched: &FetchedDocument,
        site: Option<&Origin>,
    ) -> ExpectReport {
        let mut errors: Vec<String> = expectations
            .errors()
            .iter()
            .map(ToString::to_string)
            .collect();
        if expectations.errors_not_kept() > 0 {
            errors.push(format!(
                "… and {} more.",
                plural(expectations.errors_not_kept(), "mistake", "mistakes")
            ));
        }
        if let Some(refusal) = live_check_refusal(expectations.check_count()) {
            return ExpectReport {
                errors,
                refusal: Some(refusal),
                ..ExpectReport::default()
            }
            .with_markup();
        }
        let notes = other_origin_notes(expectations, site);
        let checked = expectations.check(fetched.robots(), &CheckOptions::default());
        let document = &fetched.document;
        let all = checked.rows();
        let listed: Vec<&Row> = if all.len() <= MAX_LISTED_ROWS {
            all.iter().collect()
        } else {
            all.iter()
                .filter(|r| !r.passed)
                .take(MAX_LISTED_ROWS)
                .collect()
        };
        let rows = listed
            .into_iter()
            .filter_map(|row| {
                let expectation = expectations.entries().get(row.expectation)?;
                let crawler = expectations.crawlers().get(row.crawler)?;
                let deciding_line = row.deciding_line(expectation);
                let deciding_text = match document.robots.line(deciding_line) {
                    Some(line) if deciding_line > 0 => document
                        .text
                        .get(line.span.clone())
                        .unwrap_or_default()
                        .trim()
                        .to_string(),
                    _ => no_line_reason(row),
                };
                Some(ExpectRow {
                    line: expectation.line,
                    crawler: crawler.spec(),
                    url: expectation.url.clone(),
                    expected: expectation.expected_text(),
                    got: got_text(expectation, row),
                    passed: row.passed,
                    deciding_line,
                    deciding_text,
                })
            })
            .collect();
        ExpectReport {
            rows,
            passed: checked.passed(),
            failed: checked.failed(),
            errors,
            refusal: None,
            notes,
            markup: String::new(),
        }
        .with_markup()
    }

    fn with_markup(mut self) -> ExpectReport {
        self.markup = self.html();
        self
    }

    /// The mistakes, the summary (`expect-summary`, with `data-passed` and
    /// `data-failed`) and a table row per listed row (`expect-row`, with
    /// `data-line`, `data-crawler`, `data-url`, `data-passed`), everything
    /// from the text escaped: the panel sets it as its content, so the
    /// page carries no typed view per row (as the log report does). A
    /// deciding line is a button with `data-jump`, its line number.
    pub fn html(&self) -> String {
        let mut h = String::new();
        if !self.errors.is_empty() {
            h.push_str(r#"<ul class="expect-errors" data-testid="expect-errors">"#);
            for error in &self.errors {
                h.push_str(r#"<li class="message message-error" data-testid="expect-error">"#);
                h.push_str(&escape(error));
                h.push_str("</li>");
            }
            h.push_str("</ul>");
        }
        if !self.notes.is_empty() {
            h.push_str(r#"<ul class="expect-errors" data-testid="expect-notes">"#);
            for note in &self.notes {
                h.push_str(r#"<li class="message message-warning">"#);
                h.push_str(&escape(note));
                h.push_str("</li>");
            }
            h.push_str("</ul>");
        }
        h.push_str(&format!(
            r#"<p class="expect-summary{}" data-testid="expect-summary" data-passed="{}" data-failed="{}">{}</p>"#,
            if self.failed > 0 { " expect-failing" } else { "" },
            self.passed,
            self.failed,
            escape(&self.summary())
        ));
        if self.rows.is_empty() {
            return h;
        }
        h.push_str(r#"<table class="expect-rows"><thead><tr><th>Line</th><th>Crawler</th><th>URL</th><th>Expected</th><th>Got</th><th>Decided by</th></tr></thead><tbody>"#);
        for row in &self.rows {
            let (class, badge, mark) = match row.passed {
                true => ("expect-row", "badge badge-allowed", "✓"),
                false => ("expect-row expect-fail", "badge badge-disallowed", "✗"),
            };
            let (crawler, url) = (escape(&row.crawler), escape(&row.url));
            h.push_str(&format!(
                r#"<tr class="{class}" data-testid="expect-row" data-line="{line}" data-crawler="{crawler}" data-url="{url}" data-passed="{passed}"><td>{line}</td><td>{crawler}</td><td class="expect-url">{url}</td><td>{expected}</td><td><span class="{badge}">{mark} {got}</span></td><td>"#,
                line = row.line,
                passed = row.passed,
                expected = escape(&row.expected),
                got = escape(&row.got),
            ));
            let text = escape(&row.deciding_text);
            if row.deciding_line > 0 {
                h.push_str(&format!(
                    r#"<button type="button" class="expect-line" data-testid="expect-line" data-jump="{0}" title="Show this line in the editor">L{0}  {text}</button>"#,
                    row.deciding_line
                ));
            } else {
                h.push_str(&format!(r#"<span class="muted">{text}</span>"#));
            }
            h.push_str("</td></tr>");
        }
        h.push_str("</tbody></table>");
        h
    }

    /// The badge beside the editor's title while rows fail (`2
    /// expectations fail`); none while every row passes.
    pub fn badge(&self) -> Option<String> {
        match self.failed {
            0 => None,
            1 => Some("1 expectation fails".to_string()),
            n => Some(format!("{} expectations fail", format_count(n))),
        }
    }

    /// `3 pass, 2 fail` (rows: a crawler and a URL each).
    pub fn summary(&self) -> String {
        if let Some(refusal) = &self.refusal {
            return refusal.clone();
        }
        let total = self.passed + self.failed;
        if total == 0 {
            return "No expectation to check yet.".to_string();
        }
        let mut text = format!(
            "{} checked: {} pass, {} fail.",
            plural(total, "crawler x URL", "crawler x URLs"),
            format_count(self.passed),
            format_count(self.failed)
        );
        let unlisted = total - self.rows.len();
        if unlisted > 0 {
            text.push_str(&format!(
                " Only failing ones are listed ({} not shown).",
                format_count(unlisted)
            ));
        }
        text
    }
}

/// An expectations file's bytes as the field's text: UTF-8 (a byte order
/// mark dropped), line endings as the field keeps them; bytes that are not
/// UTF-8 are replaced, and said.
pub fn open_expectations(name: &str, bytes: &[u8]) -> Opened {
    let bytes = bytes.strip_prefix(&[0xEF, 0xBB, 0xBF]).unwrap_or(bytes);
    let text = String::from_utf8_lossy(bytes);
    let mut note = format!("Opened {name} ({}).", format_size(bytes.len()));
    let warning = std::str::from_utf8(bytes).is_err();
    if warning {
        note.push_str(
            " Some bytes are not UTF-8 and were replaced with \u{FFFD}: save the file as UTF-8.",
        );
    }
    Opened {
        text: normalize_newlines(&text),
        note,
        warning,
    }
}

/// What the robots.txt gives for a row, in the expectation's words.
fn got_text(expectation: &Expectation, row: &Row) -> String {
    let mut parts: Vec<String> = Vec::new();
    if expectation.allowed.is_some() {
        parts.push(verdict_word(&row.verdict).to_string());
    }
    for (expected, found) in expectation.usage.iter().zip(&row.usage) {
        let label = &expected.preference.label;
        parts.push(match &found.found {
            Some(value) => format!("{label}={value}"),
            None => format!("no {label}"),
        });
    }
    parts.join(",")
}

fn verdict_word(verdict: &Verdict) -> &'static str {
    if verdict.allowed {
        "allowed"
    } else {
        "disallowed"
    }
}

/// Why no robots.txt line decided a row.
fn no_line_reason(row: &Row) -> String {
    if row.verdict_held && row.usage.iter().any(|u| !u.held) {
        return "no Content-Usage or Content-Signal line applies".to_string();
    }
    match row.verdict.selection {
        Selection::FetchOutcome(outcome) => {
            format!("fetching robots.txt ended with {outcome}, which decides every URL")
        }
        Selection::RobotsTxt => "/robots.txt itself is always allowed".to_string(),
        Selection::GlobalIgnored | Selection::NoGroup => {
            "no group applies to this crawler: allowed".to_string()
        }
        Selection::Token(_) | Selection::Global => "no rule matches: allowed".to_string(),
    }
}

/// A note for each origin other than the editor's file's that an
/// expectation's full URL is on (see [`ExpectReport::new`] for `site`).
fn other_origin_notes(expectations: &Expectations, site: Option<&Origin>) -> Vec<String> {
    let Some(off) = expectations.off_site(site) else {
        return Vec::new();
    };
    let (site, others) = (&off.site, &off.others);
    let taken = if off.assumed {
        ", the first full URL's, taken as this file's"
    } else {
        ""
    };
    let mut notes: Vec<String> = others
        .iter()
        .take(MAX_ORIGIN_NOTES)
        .map(|(entry, other)| {
            format!(
                "Line {}: {} is not on {site}{taken}. It is checked against the robots.txt above, but {} decides what crawlers do there (a robots.txt governs only its own origin, RFC 9309 2.3).",
                entry.line,
                entry.url,
                other.robots_txt_url()
            )
        })
        .collect();
    if others.len() > MAX_ORIGIN_NOTES {
        notes.push(format!(
            "… and {}, where the same holds.",
            plural(
                others.len() - MAX_ORIGIN_NOTES,
                "more origin",
                "more origins"
            )
        ));
    }
    notes
}

#[cfg(test)]
mod tests {
    use robots_matcher::{FetchOutcome, Mode};

    use super::*;
    use crate::view_model::Document;

    fn report(robots: &str, expectations: &str, mode: Mode) -> ExpectReport {
        let fetched = FetchedDocument::as_usual(Arc::new(Document::new(robots, mode, true)));
        ExpectReport::new(&Expectations::parse(expectations), &fetched, None)
    }

    const ROBOTS: &str = "User-agent: *\nDisallow: /admin\n\nUser-agent: GPTBot\nDisallow: /\n";

    #[test]
    fn expectations_on_another_origin_are_checked_and_said_to_be_decided_elsewhere() {
        let fetched =
            FetchedDocument::as_usual(Arc::new(Document::new(ROBOTS, Mode::Google, true)));
        let text = "* disallowed https://example.com/admin\n* allowed https://www.example.com/admin\n* allowed https://www.example.com/x\n";
        let expectations = Expectations::parse(text);
        // The page knows the file's origin: both other-origin lines are
        // one origin, named once.
        let site = Origin::of("https://example.com").unwrap();
        let r = ExpectReport::new(&expectations, &fetched, Some(&site));
        assert_eq!(r.notes.len(), 1, "{:?}", r.notes);
        assert!(
            r.notes[0].starts_with(
                "Line 2: https://www.example.com/admin is not on https://example.com."
            ),
            "{}",
            r.notes[0]
        );
        assert!(
            r.notes[0].contains("https://www.example.com/robots.txt decides"),
            "{}",
            r.notes[0]
        );
        assert!(r.html().contains(r#"data-testid="expect-notes""#));
        // Still checked against the editor's file, as the CLI does.
        assert_eq!((r.passed, r.failed), (2, 1));
        // Unknown: the first full URL's origin stands for the file's.
        let r = ExpectReport::new(&expectations, &fetched, None);
        assert!(
            r.notes[0].contains(
                "is not on https://example.com, the first full URL's, taken as this file's."
            ),
            "{}",
            r.notes[0]
        );
        // Known to be www: line 1 is the other origin.
        let www = Origin::of("https://www.example.com").unwrap();
        let r = ExpectReport::new(&expectations, &fetched, Some(&www));
        assert!(r.notes[0].starts_with("Line 1: "), "{}", r.notes[0]);
        // Many origins: five notes, then how many more.
        let many: String = (0..8)
            .map(|i| format!("* allowed https://s{i}.example/\n"))
            .collect();
        let r = ExpectReport::new(&Expectations::parse(&many), &fetched, Some(&site));
        assert_eq!(r.notes.len(), MAX_ORIGIN_NOTES + 1, "{:?}", r.notes);
        assert_eq!(r.notes[5], "… and 3 more origins, where the same holds.");
        // Paths only: nothing to say.
        let r = ExpectReport::new(
            &Expectations::parse("* allowed /x\n"),
            &fetched,
            Some(&site),
        );
        assert!(r.notes.is_empty() && !r.html().contains("expect-notes"));
    }

    #[test]
    fn rows_hold_each_crawler_and_url_with_the_deciding_line() {
        let r = report(
            ROBOTS,
            "# site\nGooglebot, GPTBot allowed /\n* disallowed /admin/x\n",
            Mode::Google,
        );
        assert_eq!((r.passed, r.failed), (2, 1));
        assert_eq!(r.badge().as_deref(), Some("1 expectation fails"));
        assert_eq!(r.summary(), "3 crawler x URLs checked: 2 pass, 1 fail.");
        let gpt = &r.rows[1];
        assert_eq!(
            gpt,
            &ExpectRow {
                line: 2,
                crawler: "GPTBot".into(),
                url: "/".into(),
                expected: "allowed".into(),
                got: "disallowed".into(),
                passed: false,
                deciding_line: 5,
                deciding_text: "Disallow: /".into(),
            }
        );
        assert_eq!(r.rows[0].deciding_text, "no rule matches: allowed");
        assert_eq!((r.rows[2].passed, r.rows[2].deciding_line), (true, 2));
    }

    #[test]
    fn mistakes_keep_their_lines_and_good_lines_are_still_checked() {
        let r = report(
            ROBOTS,
            "Googlebot alowed /\nGooglebot allowed /\n",
            Mode::Google,
        );
        assert_eq!(r.errors.len(), 1);
        assert!(r.errors[0].starts_with("line 1: 'alowed' is not an expectation"));
        assert!(r.errors[0].ends_with("(did you mean 'allowed'?)"));
        assert_eq!((r.passed, r.failed, r.badge()), (1, 0, None));
    }

    #[test]
    fn the_fetch_outcome_and_usage_preferences_are_worded() {
        let fetched = FetchedDocument::new(
            Arc::new(Document::new(ROBOTS, Mode::Google, true)),
            "503".parse::<FetchOutcome>().unwrap(),
        );
        let r = ExpectReport::new(
            &Expectations::parse("Googlebot allowed /\n"),
            &fetched,
            None,
        );
        assert_eq!(r.failed, 1);
        assert!(
            r.rows[0].deciding_text
                == "fetching robots.txt ended with HTTP 503, which decides every URL",
            "{}",
            r.rows[0].deciding_text
        );
        let r = report(
            "User-agent: *\nContent-Usage: train-ai=y\n",
            "GPTBot allowed,train-ai=n /\n",
            Mode::Google,
        );
        assert_eq!(
            (r.rows[0].got.as_str(), r.rows[0].deciding_line),
            ("allowed,train-ai=y", 2)
        );
        assert_eq!(r.rows[0].deciding_text, "Content-Usage: train-ai=y");
    }

    #[test]
    fn the_mode_changes_the_verdict_and_at_mode_lines_keep_theirs() {
        // `Dissallow` is a Disallow line for Google, nothing for RFC 9309.
        let robots = "User-agent: *\nDissallow: /\n";
        let lines = "Googlebot disallowed /\n@mode rfc9309\nGooglebot allowed /\n";
        let google = report(robots, lines, Mode::Google);
        let rfc = report(robots, lines, Mode::Rfc9309);
        assert_eq!((google.passed, google.failed), (2, 0));
        assert_eq!((rfc.passed, rfc.failed), (1, 1));
    }

    #[test]
    fn the_markup_holds_the_hooks_and_escapes_the_text() {
        let r = report(
            ROBOTS,
            "GPTBot allowed /<b>\"x\nGooglebot alowed /\n",
            Mode::Google,
        );
        let html = &r.markup;
        assert_eq!(*html, r.html());
        assert!(
            html.contains(r#"data-testid="expect-summary" data-passed="0" data-failed="1">"#),
            "{html}"
        );
        assert!(html.contains(r#"data-testid="expect-row" data-line="1" data-crawler="GPTBot" data-url="/&lt;b&gt;&quot;x" data-passed="false""#), "{html}");
        assert!(
            html.contains(
                r#"data-jump="5" title="Show this line in the editor">L5  Disallow: /</button>"#
            ),
            "{html}"
        );
        assert!(
            html.contains(r#"data-testid="expect-error">line 2: &#39;alowed&#39;"#),
            "{html}"
        );
        assert!(!html.contains("<b>"));
    }

    #[test]
    fn a_text_is_parsed_once() {
        let first = parsed("Googlebot allowed /\n");
        assert!(Arc::ptr_eq(&first, &parsed("Googlebot allowed /\n")));
        let other = parsed("Googlebot allowed /a\n");
        assert!(!Arc::ptr_eq(&first, &other));
        assert_eq!(other.entries()[0].url, "/a");
    }

    #[test]
    fn files_open_as_utf8_text_and_other_bytes_are_said() {
        let opened = open_expectations("e.txt", b"\xEF\xBB\xBFGooglebot allowed /\r\n");
        assert_eq!(opened.text, "Googlebot allowed /\n");
        assert!(!opened.warning);
        let opened = open_expectations("e.txt", b"Googlebot allowed /\xFF\n");
        assert!(opened.warning);
        assert!(opened.note.contains("not UTF-8"), "{}", opened.note);
    }

    #[test]
    fn too_many_checks_are_refused_with_a_pointer_to_the_cli() {
        let line = format!("Googlebot,bingbot allowed /{}\n", "");
        let text: String = (0..10_001)
            .map(|i| line.replace("/\n", &format!("/{i}\n")))
            .collect();
        let r = report(ROBOTS, &text, Mode::Google);
        assert!(r.rows.is_empty());
        let refusal = r.refusal.unwrap();
        assert!(refusal.contains("20,002 checks"), "{refusal}");
        assert!(refusal.contains("robotstxt test"));
    }

    #[test]
    fn past_the_listed_rows_only_failing_ones_are_listed() {
        let text: String = (0..400)
            .map(|i| {
                format!(
                    "Googlebot allowed /admin{}\n",
                    if i % 100 == 0 { "" } else { "x" }
                )
            })
            .collect();
        let robots = "User-agent: *\nDisallow: /admin$\n";
        let r = report(robots, &text, Mode::Google);
        assert_eq!((r.passed, r.failed, r.rows.len()), (396, 4, 4));
        assert!(r.summary().ends_with("(396 not shown)."));
        assert_eq!(r.badge().as_deref(), Some("4 expectations fail"));
    }
}
