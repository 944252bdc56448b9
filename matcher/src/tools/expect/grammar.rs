//! Reading an expectations file, line by line (the grammar is written in
//! the module above).

use std::collections::HashMap;

use super::{
    ExpectError, ExpectErrorKind, Expectation, Expectations, ExpectedUsage, MAX_CHECKS, MAX_ERRORS,
    MAX_FILE_BYTES, MAX_LINE_BYTES,
};
use crate::read::url_list::is_url;
use crate::tools::usage::{parse_usage, UsageDirective};
use crate::{Crawler, Mode};

impl Expectations {
    /// Reads an expectations file's text (a leading byte order mark is
    /// skipped; lines end at LF or CR LF). Never fails: mistakes are in
    /// [`Expectations::errors`], and the other lines are read.
    pub fn parse(text: &str) -> Expectations {
        read_text(text, MAX_CHECKS)
    }

    /// Reads an expectations file's bytes: like [`Expectations::parse`],
    /// and bytes that are not UTF-8 are a mistake on their line.
    pub fn read(bytes: &[u8]) -> Expectations {
        if bytes.len() > MAX_FILE_BYTES {
            let mut reader = Reader::default();
            reader.error(0, ExpectErrorKind::FileTooLarge(bytes.len()));
            return reader.out;
        }
        match std::str::from_utf8(bytes) {
            Ok(text) => Expectations::parse(text),
            Err(error) => {
                let valid = &bytes[..error.valid_up_to()];
                let line = valid.iter().filter(|&&b| b == b'\n').count() + 1;
                let mut reader = Reader::default();
                reader.error(
                    u32::try_from(line).unwrap_or(u32::MAX),
                    ExpectErrorKind::NotUtf8,
                );
                reader.out
            }
        }
    }
}

/// Reads `text`, asking for at most `max_checks` checks ([`MAX_CHECKS`]
/// but in tests).
fn read_text(text: &str, max_checks: usize) -> Expectations {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut reader = Reader {
        max_checks,
        ..Reader::default()
    };
    if text.len() > MAX_FILE_BYTES {
        reader.error(0, ExpectErrorKind::FileTooLarge(text.len()));
        return reader.out;
    }
    for (index, line) in text.split('\n').enumerate() {
        let number = u32::try_from(index + 1).unwrap_or(u32::MAX);
        if reader.full {
            break;
        }
        reader.line(number, line.strip_suffix('\r').unwrap_or(line));
    }
    reader.out
}

/// The state of a reading: what was read so far, and the `@mode` in force.
#[derive(Default)]
struct Reader<'t> {
    /// The most checks read.
    max_checks: usize,
    out: Expectations,
    mode: Option<Mode>,
    /// Each crawler's index in `out.crawlers`, by spec as written (so a
    /// spec seen before is not read again) and by spec as read.
    crawler_ids: HashMap<&'t str, usize>,
    spec_ids: HashMap<String, usize>,
    /// Per crawler, a number shared by the specs that differ only in
    /// letter case (tokens match so): what a contradiction is looked for
    /// by.
    folded: Vec<usize>,
    folded_ids: HashMap<String, usize>,
    /// Each distinct URL's number, so that the keys below stay small
    /// whatever the URLs' length.
    url_ids: HashMap<&'t str, usize>,
    /// The first line expecting a verdict, by crawler, URL and reading.
    verdicts: HashMap<(usize, usize, Option<Mode>), (u32, bool)>,
    /// Set once [`MAX_CHECKS`] is passed: nothing more is read.
    full: bool,
}

impl<'t> Reader<'t> {
    fn error(&mut self, line: u32, kind: ExpectErrorKind) {
        if self.out.errors.len() < MAX_ERRORS {
            self.out.errors.push(ExpectError { line, kind });
        } else {
            self.out.errors_not_kept += 1;
        }
    }

    fn line(&mut self, number: u32, raw: &'t str) {
        if raw.len() > MAX_LINE_BYTES {
            self.error(number, ExpectErrorKind::LineTooLong(raw.len()));
            return;
        }
        let content = without_comment(raw).trim();
        if content.is_empty() {
            return;
        }
        let read = match content.strip_prefix('@') {
            Some(directive) => self.directive(directive),
            None => self.expectation(number, content),
        };
        if let Err(kind) = read {
            self.error(number, kind);
        }
    }

    /// A `@` line: only `@mode NAME`.
    fn directive(&mut self, text: &str) -> Result<(), ExpectErrorKind> {
        let mut words = text.split_whitespace();
        let name = words.next().unwrap_or_default();
        if !name.eq_ignore_ascii_case("mode") {
            return Err(ExpectErrorKind::UnknownDirective(format!("@{name}")));
        }
        let value: Vec<&str> = words.collect();
        match value.as_slice() {
            [word] if word.eq_ignore_ascii_case("default") => self.mode = None,
            [word] => match Mode::parse(word) {
                Some(mode) => self.mode = Some(mode),
                None => return Err(ExpectErrorKind::BadMode(value.join(" "))),
            },
            _ => return Err(ExpectErrorKind::BadMode(value.join(" "))),
        }
        Ok(())
    }

    /// `CRAWLERS EXPECTED URL`, read from its end: the URL is the last
    /// field, EXPECTED the one before (with the fields a comma joins to
    /// it), and the crawlers everything else, spaces included.
    fn expectation(&mut self, number: u32, content: &'t str) -> Result<(), ExpectErrorKind> {
        let fields: Vec<&str> = content.split_whitespace().collect();
        let incomplete =
            || ExpectErrorKind::Incomplete(fields.iter().map(|f| f.to_string()).collect());
        if fields.len() < 3 {
            return Err(incomplete());
        }
        let url = fields[fields.len() - 1];
        let mut start = fields.len() - 2;
        while start > 0 && joins_expected(fields[start - 1], fields[start]) {
            start -= 1;
        }
        if start == 0 {
            return Err(incomplete());
        }
        let expected_text = fields[start..fields.len() - 1].concat();
        let crawlers_text = &content[..offset_in(content, fields[start])];

        let (allowed, usage) = match read_expected(&expected_text) {
            Ok(read) => read,
            // `allowed /a /b`: the first URL was taken for EXPECTED.
            Err(ExpectErrorKind::UnknownExpectation { .. })
                if looks_like_url(&expected_text) && read_expected(fields[start - 1]).is_ok() =>
            {
                return Err(ExpectErrorKind::TwoUrls(format!("{expected_text} {url}")));
            }
            Err(kind) => return Err(kind),
        };
        if !is_url(url) {
            return Err(ExpectErrorKind::NotAUrl(url.to_string()));
        }
        let mut crawlers = Vec::new();
        for spec in crawlers_text
            .split(',')
            .map(str::trim)
            .filter(|s| !s.is_empty())
        {
            let id = self.crawler_id(spec)?;
            if !crawlers.contains(&id) {
                crawlers.push(id);
            }
        }
        if crawlers.is_empty() {
            return Err(incomplete());
        }
        if let Some(allowed) = allowed {
            let next = self.url_ids.len();
            let url_id = *self.url_ids.entry(url).or_insert(next);
            for &crawler in &crawlers {
                let key = (self.folded[crawler], url_id, self.mode);
                match self.verdicts.get(&key) {
                    Some(&(line, earlier)) if earlier != allowed => {
                        return Err(ExpectErrorKind::Contradicts(line));
                    }
                    Some(_) => {}
                    None => {
                        self.verdicts.insert(key, (number, allowed));
                    }
                }
            }
        }
        if self.out.checks + crawlers.len() > self.max_checks {
            self.full = true;
            return Err(ExpectErrorKind::TooManyChecks);
        }
        self.out.checks += crawlers.len();
        self.out.entries.push(Expectation {
            line: number,
            crawlers,
            url: url.to_string(),
            allowed,
            usage,
            mode: self.mode,
        });
        Ok(())
    }

    /// The index of the crawler `spec` names in the file's crawler list,
    /// added if new.
    fn crawler_id(&mut self, spec: &'t str) -> Result<usize, ExpectErrorKind> {
        if let Some(&id) = self.crawler_ids.get(spec) {
            return Ok(id);
        }
        let crawler = Crawler::parse_spec(spec).map_err(ExpectErrorKind::BadCrawler)?;
        let read = crawler.spec();
        let id = match self.spec_ids.get(&read) {
            Some(&id) => id,
            None => {
                let next = self.folded_ids.len();
                let folded = *self
                    .folded_ids
                    .entry(read.to_ascii_lowercase())
                    .or_insert(next);
                self.folded.push(folded);
                self.out.crawlers.push(crawler);
                let id = self.out.crawlers.len() - 1;
                self.spec_ids.insert(read, id);
                id
            }
        };
        self.crawler_ids.insert(spec, id);
        Ok(id)
    }
}

/// Whether a comma joins field `before` to the EXPECTED field starting
/// with `field` (`allowed, train-ai=n`): only when what `before` ends
/// with is an expected item, so that `Googlebot, allowed` stays a crawler
/// list with a trailing comma.
fn joins_expected(before: &str, field: &str) -> bool {
    let comma = before.ends_with(',') || field.starts_with(',');
    let last = before
        .trim_end_matches(',')
        .rsplit(',')
        .next()
        .unwrap_or_default();
    comma && (is_verdict(last).is_some() || last.contains('='))
}

/// `Some(true)` for `allowed`, `Some(false)` for `disallowed` (any case).
fn is_verdict(item: &str) -> Option<bool> {
    if item.eq_ignore_ascii_case("allowed") {
        Some(true)
    } else if item.eq_ignore_ascii_case("disallowed") {
        Some(false)
    } else {
        None
    }
}

/// Where `part` (a slice of `text`) starts in `text`.
fn offset_in(text: &str, part: &str) -> usize {
    (part.as_ptr() as usize).saturating_sub(text.as_ptr() as usize)
}

/// The line without its comment: `#` starts one at the start of the line
/// or after whitespace (a URL's `#fragment` is not one).
fn without_comment(line: &str) -> &str {
    let bytes = line.as_bytes();
    let start = bytes
        .iter()
        .enumerate()
        .position(|(i, &b)| b == b'#' && (i == 0 || bytes[i - 1].is_ascii_whitespace()));
    match start {
        Some(cut) => &line[..cut],
        None => line,
    }
}

/// Whether an EXPECTED field that could not be read is in fact a URL.
fn looks_like_url(text: &str) -> bool {
    text.starts_with('/') || text.contains("://")
}

/// Reads EXPECTED: comma-separated `allowed` / `disallowed` and usage
/// preferences (`train-ai=n`, `ai-train=no`). Empty items are skipped.
fn read_expected(text: &str) -> Result<(Option<bool>, Vec<ExpectedUsage>), ExpectErrorKind> {
    let mut allowed = None;
    let mut usage: Vec<ExpectedUsage> = Vec::new();
    let conflict = || ExpectErrorKind::ConflictingExpectations(text.to_string());
    let mut any = false;
    for item in text.split(',').map(str::trim).filter(|i| !i.is_empty()) {
        any = true;
        if let Some(verdict) = is_verdict(item) {
            if allowed.is_some_and(|earlier| earlier != verdict) {
                return Err(conflict());
            }
            allowed = Some(verdict);
            continue;
        }
        let Some(expected) = read_preference(item)? else {
            return Err(ExpectErrorKind::UnknownExpectation {
                item: item.to_string(),
                suggestion: suggestion(item),
            });
        };
        match usage.iter().find(|u| {
            u.directive == expected.directive && u.preference.label == expected.preference.label
        }) {
            Some(earlier) if earlier.preference.value != expected.preference.value => {
                return Err(conflict())
            }
            Some(_) => {}
            None => usage.push(expected),
        }
    }
    if !any {
        return Err(ExpectErrorKind::Incomplete(vec![text.to_string()]));
    }
    Ok((allowed, usage))
}

/// A usage preference item: `label=y|n` (Content-Usage) or
/// `label=yes|no` (Content-Signal), read by the usage tool's own reader.
/// `Ok(None)` for an item without `=`.
fn read_preference(item: &str) -> Result<Option<ExpectedUsage>, ExpectErrorKind> {
    let Some((label, value)) = item.split_once('=') else {
        return Ok(None);
    };
    let value = value.trim().to_ascii_lowercase();
    let directive = match value.as_str() {
        "y" | "n" => UsageDirective::ContentUsage,
        "yes" | "no" => UsageDirective::ContentSignal,
        _ => return Err(ExpectErrorKind::BadPreference(item.to_string())),
    };
    // Content-Usage's reader wants a path first (else it notes the older
    // form): give it the path of a line for every path.
    let path = match directive {
        UsageDirective::ContentUsage => "/ ",
        UsageDirective::ContentSignal => "",
    };
    let mut preferences =
        parse_usage(directive, &format!("{path}{}={value}", label.trim())).preferences;
    match (preferences.pop(), preferences.is_empty()) {
        (Some(preference), true) => Ok(Some(ExpectedUsage {
            directive,
            preference,
        })),
        _ => Err(ExpectErrorKind::BadPreference(item.to_string())),
    }
}

/// The verdict word an unknown item was probably meant to be.
fn suggestion(item: &str) -> Option<&'static str> {
    const ALLOWED: [&str; 8] = [
        "allow",
        "allows",
        "permitted",
        "pass",
        "open",
        "crawlable",
        "ok",
        "yes",
    ];
    const DISALLOWED: [&str; 9] = [
        "disallow",
        "disallows",
        "blocked",
        "block",
        "denied",
        "forbidden",
        "closed",
        "no",
        "not-allowed",
    ];
    let word = item.to_ascii_lowercase();
    if DISALLOWED.contains(&word.as_str()) || within_two_edits(&word, "disallowed") {
        Some("disallowed")
    } else if ALLOWED.contains(&word.as_str()) || within_two_edits(&word, "allowed") {
        Some("allowed")
    } else {
        None
    }
}

/// Whether `a` becomes `b` by at most two insertions, deletions or
/// substitutions (both are short words: the table is a dozen cells wide).
fn within_two_edits(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len().abs_diff(b.len()) > 2 || a.len() > 32 {
        return false;
    }
    let mut previous: Vec<usize> = (0..=b.len()).collect();
    for (i, &x) in a.iter().enumerate() {
        let mut current = vec![i + 1];
        for (j, &y) in b.iter().enumerate() {
            let substitution = previous[j] + usize::from(x != y);
            current.push(substitution.min(previous[j + 1] + 1).min(current[j] + 1));
        }
        previous = current;
    }
    previous[b.len()] <= 2
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tools::usage::Preference;

    /// The mistakes of `text` as (line, message) pairs.
    fn errors(text: &str) -> Vec<(u32, String)> {
        Expectations::parse(text)
            .errors()
            .iter()
            .map(|e| (e.line, e.kind.to_string()))
            .collect()
    }

    /// The only mistake of a one-line file, which must be on line 1.
    fn only_error(line: &str) -> ExpectErrorKind {
        let read = Expectations::parse(line);
        assert_eq!(read.errors().len(), 1, "{line:?}: {:?}", read.errors());
        assert_eq!(read.errors()[0].line, 1, "{line:?}");
        assert!(read.entries().is_empty(), "{line:?}");
        read.errors()[0].kind.clone()
    }

    fn specs(read: &Expectations, entry: usize) -> Vec<String> {
        read.entries()[entry]
            .crawlers
            .iter()
            .map(|&c| read.crawlers()[c].spec())
            .collect()
    }

    #[test]
    fn reads_crawlers_verdict_and_url() {
        let read = Expectations::parse(
            "\u{feff}# The site must stay open to search\r\n\
             Googlebot,bingbot allowed /\r\n\
             \r\n\
             Googlebot-Image>Googlebot  DISALLOWED  https://example.com/admin/logo.png#top # the logo\n\
             AdsBot-Google>!* disallowed /landing\n\
             * disallowed example.com/private/\n",
        );
        assert!(read.is_valid(), "{:?}", read.errors());
        let lines: Vec<(u32, &str, Option<bool>)> = read
            .entries()
            .iter()
            .map(|e| (e.line, e.url.as_str(), e.allowed))
            .collect();
        assert_eq!(
            lines,
            [
                (2, "/", Some(true)),
                (4, "https://example.com/admin/logo.png#top", Some(false)),
                (5, "/landing", Some(false)),
                (6, "example.com/private/", Some(false)),
            ]
        );
        assert_eq!(specs(&read, 0), ["Googlebot", "bingbot"]);
        assert_eq!(specs(&read, 1), ["Googlebot-Image>Googlebot"]);
        assert_eq!(specs(&read, 2), ["AdsBot-Google>!*"]);
        assert_eq!(specs(&read, 3), ["*"]);
        assert_eq!(read.check_count(), 5);
        assert!(read.entries().iter().all(|e| e.mode.is_none()));
    }

    #[test]
    fn crawler_lists_take_spaces_after_commas_and_inside_specs() {
        let read = Expectations::parse(
            "Googlebot, bingbot ,DuckDuckBot allowed /\nGoogle Favicon, Googlebot disallowed /x\n",
        );
        assert!(read.is_valid(), "{:?}", read.errors());
        assert_eq!(specs(&read, 0), ["Googlebot", "bingbot", "DuckDuckBot"]);
        assert_eq!(specs(&read, 1), ["Google Favicon", "Googlebot"]);
        // Each crawler is listed once, however many lines name it.
        assert_eq!(read.crawlers().len(), 4);
        // Repeats and empty entries in a list are dropped.
        let read = Expectations::parse("Googlebot,,Googlebot, allowed /\n");
        assert_eq!(specs(&read, 0), ["Googlebot"]);
        assert_eq!(read.check_count(), 1);
    }

    #[test]
    fn usage_preferences_are_expected_by_their_value_words() {
        let read = Expectations::parse(
            "GPTBot disallowed,train-ai=n /blog/\n\
             GPTBot allowed, ai-train=NO ,search=yes /\n\
             CCBot train-ai=n /\n",
        );
        assert!(read.is_valid(), "{:?}", read.errors());
        let usage: Vec<Vec<(UsageDirective, &str, &str)>> = read
            .entries()
            .iter()
            .map(|e| {
                e.usage
                    .iter()
                    .map(|u| {
                        (
                            u.directive,
                            u.preference.label.as_str(),
                            u.preference.value.as_str(),
                        )
                    })
                    .collect()
            })
            .collect();
        assert_eq!(
            usage,
            [
                vec![(UsageDirective::ContentUsage, "train-ai", "n")],
                vec![
                    (UsageDirective::ContentSignal, "ai-train", "no"),
                    (UsageDirective::ContentSignal, "search", "yes")
                ],
                vec![(UsageDirective::ContentUsage, "train-ai", "n")],
            ]
        );
        assert_eq!(read.entries()[2].allowed, None);
        assert_eq!(
            read.entries()[1].expected_text(),
            "allowed,ai-train=no,search=yes"
        );
        assert_eq!(read.entries()[2].expected_text(), "train-ai=n");
    }

    #[test]
    fn mode_lines_apply_to_the_lines_below() {
        let read = Expectations::parse(
            "Googlebot allowed /a\n@mode rfc9309\nGooglebot allowed /b\n@MODE Google\nGooglebot allowed /c\n@mode default\nGooglebot allowed /d\n",
        );
        assert!(read.is_valid(), "{:?}", read.errors());
        let modes: Vec<Option<Mode>> = read.entries().iter().map(|e| e.mode).collect();
        assert_eq!(modes, [None, Some(Mode::Rfc9309), Some(Mode::Google), None]);
        assert!(read.uses_mode(Mode::Rfc9309, Mode::Google));
        assert!(read.uses_mode(Mode::Google, Mode::Google));
        assert!(Expectations::parse("x allowed /").uses_mode(Mode::Rfc9309, Mode::Rfc9309));
        assert!(!Expectations::parse("x allowed /").uses_mode(Mode::Rfc9309, Mode::Google));
    }

    #[test]
    fn incomplete_lines_say_what_a_line_holds() {
        for line in ["Googlebot", "Googlebot allowed", "allowed /", ", allowed /"] {
            let kind = only_error(line);
            assert!(
                matches!(kind, ExpectErrorKind::Incomplete(_)),
                "{line}: {kind:?}"
            );
            assert!(kind.to_string().contains("CRAWLERS EXPECTED URL"), "{kind}");
        }
        // A trailing comma in the crawler list is skipped, as the app's
        // crawler field skips it.
        assert!(Expectations::parse("Googlebot, allowed /").is_valid());
    }

    #[test]
    fn every_mistake_names_its_line() {
        let text = "\
# expectations
Googlebot allowed /
Googlebot allow /x
Googlebot>!*>Googlebot allowed /
Googlebot allowed,disallowed /
GPTBot train-ai=maybe /
GPTBot Train-AI=n /
GPTBot train-ai=n,train-ai=y /
Googlebot allowed not a url
Googlebot allowed /a /b
@include other.txt
@mode bing
@mode
Googlebot disallowed /
bingbot wibble /
";
        let found = errors(text);
        let lines: Vec<u32> = found.iter().map(|(line, _)| *line).collect();
        assert_eq!(
            lines,
            [3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15],
            "{found:#?}"
        );
        let message = |line: u32| found.iter().find(|(l, _)| *l == line).unwrap().1.clone();
        assert!(
            message(3).contains("did you mean 'allowed'?"),
            "{}",
            message(3)
        );
        assert!(message(4).contains("'!*'"), "{}", message(4));
        assert!(
            message(5).contains("two different things"),
            "{}",
            message(5)
        );
        assert!(message(6).contains("train-ai=maybe"), "{}", message(6));
        assert!(message(7).contains("lower-case label"), "{}", message(7));
        assert!(
            message(8).contains("two different things"),
            "{}",
            message(8)
        );
        assert!(
            message(9).contains("'a' is not an expectation"),
            "{}",
            message(9)
        );
        assert!(message(10).contains("two URLs"), "{}", message(10));
        assert!(
            message(11).contains("'@include' is not a directive"),
            "{}",
            message(11)
        );
        assert!(message(12).contains("'@mode bing'"), "{}", message(12));
        assert!(message(13).contains("'@mode '"), "{}", message(13));
        assert!(
            message(14).contains("contradicts line 2"),
            "{}",
            message(14)
        );
        assert_eq!(message(15), "'wibble' is not an expectation: write allowed, disallowed or a usage preference such as train-ai=n");
        // The good line is still read.
        assert_eq!(Expectations::parse(text).entries().len(), 1);
        // Display carries the line.
        let read = Expectations::parse(text);
        let first = &read.errors()[0];
        assert!(first.to_string().starts_with("line 3: 'allow'"), "{first}");
    }

    #[test]
    fn urls_and_paths_are_read_as_url_lists_read_them() {
        assert!(
            matches!(only_error("Googlebot allowed page"), ExpectErrorKind::NotAUrl(u) if u == "page")
        );
        assert!(matches!(
            only_error("Googlebot allowed ?q=1"),
            ExpectErrorKind::NotAUrl(_)
        ));
        for url in [
            "/",
            "/a?b=c",
            "https://example.com",
            "//cdn.example.com/x",
            "example.com/a",
            "localhost:8080/",
        ] {
            let read = Expectations::parse(&format!("Googlebot allowed {url}"));
            assert!(read.is_valid(), "{url}: {:?}", read.errors());
        }
    }

    #[test]
    fn suggestions_cover_synonyms_and_typos() {
        for (word, meant) in [
            ("allow", Some("allowed")),
            ("Alowed", Some("allowed")),
            ("pass", Some("allowed")),
            ("blocked", Some("disallowed")),
            ("dissallowed", Some("disallowed")),
            ("DISALLOW", Some("disallowed")),
            ("maybe", None),
        ] {
            assert_eq!(suggestion(word), meant, "{word}");
        }
    }

    #[test]
    fn contradictions_need_the_same_crawler_url_and_reading() {
        assert!(Expectations::parse("a allowed /x\nb disallowed /x\na disallowed /y\n").is_valid());
        assert!(Expectations::parse("a allowed /x\n@mode rfc9309\na disallowed /x\n").is_valid());
        assert!(Expectations::parse("a allowed /x\na allowed,train-ai=n /x\n").is_valid());
        // Tokens match ignoring case: so do contradictions.
        assert_eq!(
            errors("Googlebot allowed /x\ngooglebot disallowed /x\n")[0].0,
            2
        );
        assert_eq!(
            errors("a,b allowed /x\nc,b disallowed /x\n"),
            [(2, "contradicts line 1, which expects the opposite verdict for the same crawler and URL".to_string())]
        );
    }

    #[test]
    fn limits_are_mistakes_not_freezes() {
        let long = format!("Googlebot allowed /{}", "a".repeat(MAX_LINE_BYTES));
        assert!(matches!(only_error(&long), ExpectErrorKind::LineTooLong(_)));
        // Past the most checks, reading stops with one mistake (here with
        // a limit of 30, as with MAX_CHECKS).
        let mut text = String::new();
        for i in 0..20 {
            text.push_str(&format!("a,b allowed /{i}\n"));
        }
        let read = read_text(&text, 30);
        assert_eq!(read.check_count(), 30);
        assert_eq!(read.errors().len(), 1);
        assert_eq!(read.errors()[0].kind, ExpectErrorKind::TooManyChecks);
        assert_eq!(read.errors()[0].line, 16);
        assert!(Expectations::parse(&text).is_valid());
        // A file over MAX_FILE_BYTES is refused whole.
        let read = Expectations::read(&vec![b'\n'; MAX_FILE_BYTES + 1]);
        assert!(matches!(
            read.errors()[0].kind,
            ExpectErrorKind::FileTooLarge(_)
        ));
        assert_eq!(read.errors()[0].line, 0);
        // Errors past MAX_ERRORS are counted.
        let read = Expectations::parse(&"nonsense\n".repeat(MAX_ERRORS + 5));
        assert_eq!(
            (read.errors().len(), read.errors_not_kept()),
            (MAX_ERRORS, 5)
        );
    }

    #[test]
    fn bytes_that_are_not_utf8_are_a_mistake_on_their_line() {
        let read = Expectations::read(b"Googlebot allowed /\nGooglebot allowed /caf\xe9\n");
        assert_eq!(read.errors().len(), 1);
        assert_eq!(read.errors()[0].line, 2);
        assert_eq!(read.errors()[0].kind, ExpectErrorKind::NotUtf8);
        assert!(Expectations::read(b"\xef\xbb\xbfGooglebot allowed /\n").is_valid());
    }

    #[test]
    fn any_text_reads_without_panicking() {
        for text in [
            "",
            "\n\n",
            "#",
            "@",
            "@ mode",
            ",,,",
            " , , ,",
            "a b c d e",
            "\u{2028}a\u{a0}b c",
            "a,b, c d",
        ] {
            let _ = Expectations::parse(text);
        }
        assert_eq!(
            read_preference("train-ai=n").unwrap().unwrap().preference,
            Preference {
                label: "train-ai".into(),
                value: "n".into()
            }
        );
    }
}
