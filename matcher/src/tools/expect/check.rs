//! Checking expectations against robots.txt as a crawler got it: one row
//! per expectation and crawler, with the verdict and the line that
//! decided it.

use std::sync::OnceLock;

use super::{Expectation, Expectations};
use crate::tools::usage::{Usage, UsageDirective};
use crate::{CheckOptions, CrawlerMatcher, FetchedRobots, Mode, ParseOptions, Robots, Verdict};

/// One expectation checked for one of its crawlers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// The expectation, an index into [`Expectations::entries`].
    pub expectation: usize,
    /// The crawler, an index into [`Expectations::crawlers`].
    pub crawler: usize,
    /// The reading it was checked in.
    pub mode: Mode,
    /// The verdict (its `line` is the deciding line; its `rule` indexes
    /// the rules of [`Checked::reading`] in `mode`).
    pub verdict: Verdict,
    /// Whether the verdict is the one expected (true when none is).
    pub verdict_held: bool,
    /// Each expected usage preference, in the expectation's order.
    pub usage: Vec<UsageCheck>,
    /// Whether everything expected holds.
    pub passed: bool,
}

impl Row {
    /// The line that decided the row: the deciding rule's when the verdict
    /// was expected and failed, else the line of the first usage
    /// preference that failed, else the deciding rule's (or, when only
    /// preferences were expected, the first one's line). 0 when no line
    /// decided (no rule matched, no preference applies, or how fetching
    /// robots.txt ended decided).
    pub fn deciding_line(&self, expectation: &Expectation) -> u32 {
        if !self.verdict_held {
            return self.verdict.line;
        }
        if let Some(failed) = self.usage.iter().find(|u| !u.held) {
            return failed.line;
        }
        match (expectation.allowed, self.usage.first()) {
            (None, Some(first)) => first.line,
            _ => self.verdict.line,
        }
    }
}

/// An expected usage preference, checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UsageCheck {
    /// The line of the directive (`Content-Usage` or `Content-Signal`)
    /// that applies to the URL for the crawler; 0 when none does.
    pub line: u32,
    /// The label's value in that line, when it has the label.
    pub found: Option<String>,
    /// Whether it is the value expected.
    pub held: bool,
}

/// Every row of a check, and the readings of robots.txt they were checked
/// against.
#[derive(Debug)]
pub struct Checked<'r> {
    rows: Vec<Row>,
    passed: usize,
    fetched: FetchedRobots<'r>,
    /// The file read in the other mode, when an expectation asks for it.
    other: OnceLock<Robots>,
}

impl<'r> Checked<'r> {
    /// One row per expectation and crawler, in file order, each
    /// expectation's crawlers in the order written.
    pub fn rows(&self) -> &[Row] {
        &self.rows
    }

    /// How many rows passed.
    pub fn passed(&self) -> usize {
        self.passed
    }

    /// How many rows failed.
    pub fn failed(&self) -> usize {
        self.rows.len() - self.passed
    }

    /// robots.txt as the rows checked in `mode` read it (with the same
    /// fetch outcome and size limit): for the deciding rule's text, a
    /// verdict record or an explanation of a row.
    pub fn reading(&self, mode: Mode) -> FetchedRobots<'_> {
        reading(self.fetched, &self.other, mode)
    }
}

/// `fetched` in `mode`: itself, or its input parsed once more in `mode`
/// (kept in `other`).
fn reading<'a>(
    fetched: FetchedRobots<'a>,
    other: &'a OnceLock<Robots>,
    mode: Mode,
) -> FetchedRobots<'a> {
    let robots = fetched.robots();
    if robots.mode() == mode {
        return fetched;
    }
    let reparsed = other.get_or_init(|| {
        let options = ParseOptions {
            mode,
            // The same cut as the file's own reading.
            size_limit: Some(robots.parsed_len()),
        };
        Robots::parse_with(robots.input(), &options)
    });
    FetchedRobots::new(reparsed, fetched.outcome())
}

/// The index of a mode in per-mode tables.
fn mode_index(mode: Mode) -> usize {
    match mode {
        Mode::Google => 0,
        Mode::Rfc9309 => 1,
    }
}

impl Expectations {
    /// Checks every expectation against `fetched` (robots.txt as a crawler
    /// got it: a fetch that ended in a 503 disallows every URL), URLs read
    /// and crawlers matched as `options` say. Expectations without a
    /// `@mode` are checked in the mode `fetched` was parsed in; the others
    /// in theirs (the file is then parsed once more, in that mode).
    ///
    /// Each crawler's groups are found once per mode, then each URL is one
    /// check: the cost of checking the URLs, whatever the file's length.
    pub fn check<'r>(&self, fetched: FetchedRobots<'r>, options: &CheckOptions) -> Checked<'r> {
        let default = fetched.robots().mode();
        let other = OnceLock::new();
        let rows = {
            let mut matchers: Vec<[Option<CrawlerMatcher<'_>>; 2]> =
                vec![[None, None]; self.crawlers.len()];
            let mut rows = Vec::with_capacity(self.checks);
            for (index, expectation) in self.entries.iter().enumerate() {
                let mode = expectation.mode.unwrap_or(default);
                let read = reading(fetched, &other, mode);
                for &crawler in &expectation.crawlers {
                    let matcher = matchers[crawler][mode_index(mode)]
                        .get_or_insert_with(|| read.matcher_with(&self.crawlers[crawler], options));
                    let verdict = matcher.check(&expectation.url);
                    let verdict_held = expectation.allowed.is_none_or(|a| a == verdict.allowed);
                    let usage = if expectation.usage.is_empty() {
                        Vec::new()
                    } else {
                        let found = read.usage(&self.crawlers[crawler], &expectation.url, options);
                        usage_checks(expectation, &found)
                    };
                    let passed = verdict_held && usage.iter().all(|u| u.held);
                    rows.push(Row {
                        expectation: index,
                        crawler,
                        mode,
                        verdict,
                        verdict_held,
                        usage,
                        passed,
                    });
                }
            }
            rows
        };
        Checked {
            passed: rows.iter().filter(|r| r.passed).count(),
            rows,
            fetched,
            other,
        }
    }
}

/// Each expected preference of `expectation` against the preferences that
/// apply (`found`).
fn usage_checks(expectation: &Expectation, found: &Usage) -> Vec<UsageCheck> {
    expectation
        .usage
        .iter()
        .map(|expected| {
            let line = match expected.directive {
                UsageDirective::ContentUsage => found.content_usage.as_ref(),
                UsageDirective::ContentSignal => found.content_signal.as_ref(),
            };
            let value = line.and_then(|line| {
                line.preferences
                    .iter()
                    .find(|p| p.label == expected.preference.label)
                    .map(|p| p.value.clone())
            });
            UsageCheck {
                line: line.map_or(0, |l| l.line),
                held: value.as_deref() == Some(expected.preference.value.as_str()),
                found: value,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Category, FetchOutcome, Origin};

    const ROBOTS: &str = "\
User-agent: *
Disallow: /admin/
Allow: /admin/public/

User-agent: GPTBot
Content-Usage: / train-ai=n
Content-Usage: /open/ train-ai=y
Content-Signal: search=yes, ai-train=no
Disallow: /

User-agent: Googlebot
Dissallow: /typo/
";

    /// (line, crawler spec, url, passed, deciding line) of every row.
    fn summary(
        expectations: &str,
        robots: &str,
        outcome: FetchOutcome,
    ) -> Vec<(u32, String, String, bool, u32)> {
        let read = Expectations::parse(expectations);
        assert!(read.is_valid(), "{:?}", read.errors());
        let robots = Robots::parse(robots.as_bytes());
        let checked = read.check(
            FetchedRobots::new(&robots, outcome),
            &CheckOptions::default(),
        );
        assert_eq!(checked.rows().len(), read.check_count());
        assert_eq!(checked.passed() + checked.failed(), checked.rows().len());
        checked
            .rows()
            .iter()
            .map(|row| {
                let e = &read.entries()[row.expectation];
                (
                    e.line,
                    read.crawlers()[row.crawler].spec(),
                    e.url.clone(),
                    row.passed,
                    row.deciding_line(e),
                )
            })
            .collect()
    }

    fn row(
        line: u32,
        crawler: &str,
        url: &str,
        passed: bool,
        deciding: u32,
    ) -> (u32, String, String, bool, u32) {
        (line, crawler.to_string(), url.to_string(), passed, deciding)
    }

    #[test]
    fn expectations_on_another_origin_than_the_files_are_named_once_per_origin() {
        let read = Expectations::parse(
            "* allowed /\n\
             * allowed https://Example.com/a\n\
             * allowed https://www.example.com/b\n\
             * allowed https://www.example.com/c\n\
             * allowed //example.com/d\n\
             * allowed http://example.com/e\n",
        );
        let lines = |site: Option<&Origin>| -> (String, bool, Vec<(u32, String)>) {
            let off = read.off_site(site).unwrap();
            let others = off
                .others
                .into_iter()
                .map(|(e, o)| (e.line, o.to_string()))
                .collect();
            (off.site.to_string(), off.assumed, others)
        };
        // Unknown file origin: the first full URL's stands for it.
        assert_eq!(
            lines(None),
            (
                "https://example.com".to_string(),
                true,
                vec![
                    (3, "https://www.example.com".to_string()),
                    (6, "http://example.com".to_string())
                ]
            )
        );
        assert_eq!(
            lines(Some(
                &Origin::of("https://www.example.com/robots.txt").unwrap()
            )),
            (
                "https://www.example.com".to_string(),
                false,
                vec![
                    (2, "https://example.com".to_string()),
                    (6, "http://example.com".to_string())
                ]
            )
        );
        // Paths only: no origin to compare with unless the front end knows it.
        let paths = Expectations::parse("* allowed /a\n* disallowed /b\n");
        assert!(paths.off_site(None).is_none());
        let site = Origin::of("https://example.com/").unwrap();
        assert!(paths.off_site(Some(&site)).unwrap().others.is_empty());
    }

    #[test]
    fn each_crawler_of_a_line_is_a_row_with_its_deciding_line() {
        let rows = summary(
            "Googlebot,bingbot allowed /\n\
             bingbot, Googlebot disallowed /admin/x\n\
             bingbot allowed https://example.com/admin/public/a\n\
             GPTBot allowed /blog/\n",
            ROBOTS,
            FetchOutcome::FETCHED,
        );
        assert_eq!(
            rows,
            [
                row(1, "Googlebot", "/", true, 0),
                row(1, "bingbot", "/", true, 0),
                row(2, "bingbot", "/admin/x", true, 2),
                // Googlebot has a group of its own, which does not close /admin/.
                row(2, "Googlebot", "/admin/x", false, 0),
                row(3, "bingbot", "https://example.com/admin/public/a", true, 3),
                row(4, "GPTBot", "/blog/", false, 9),
            ]
        );
    }

    #[test]
    fn usage_preferences_are_checked_on_the_line_that_applies() {
        let rows = summary(
            "GPTBot disallowed,train-ai=n /blog/\n\
             GPTBot train-ai=y /open/x\n\
             GPTBot train-ai=n /open/x\n\
             GPTBot ai-train=no,search=yes /\n\
             GPTBot search=no /\n\
             bingbot train-ai=n /\n\
             GPTBot allowed,train-ai=n /\n",
            ROBOTS,
            FetchOutcome::FETCHED,
        );
        assert_eq!(
            rows,
            [
                row(1, "GPTBot", "/blog/", true, 9),
                row(2, "GPTBot", "/open/x", true, 7),
                // The longest Content-Usage path says y.
                row(3, "GPTBot", "/open/x", false, 7),
                row(4, "GPTBot", "/", true, 8),
                row(5, "GPTBot", "/", false, 8),
                // No preference applies to bingbot: no line decides.
                row(6, "bingbot", "/", false, 0),
                // The verdict fails first: its line is shown.
                row(7, "GPTBot", "/", false, 9),
            ]
        );
        let read = Expectations::parse("GPTBot train-ai=n,search=n /open/\n");
        let robots = Robots::parse(ROBOTS.as_bytes());
        let checked = read.check(
            FetchedRobots::new(&robots, FetchOutcome::FETCHED),
            &CheckOptions::default(),
        );
        let usage = &checked.rows()[0].usage;
        assert_eq!(
            usage[0],
            UsageCheck {
                line: 7,
                found: Some("y".into()),
                held: false
            }
        );
        // Content-Usage line 7 says nothing about `search`.
        assert_eq!(
            usage[1],
            UsageCheck {
                line: 7,
                found: None,
                held: false
            }
        );
    }

    #[test]
    fn the_fetch_outcome_decides_when_it_replaces_the_rules() {
        let expectations = "Googlebot allowed /\nGPTBot disallowed /\nGPTBot train-ai=n /\n";
        let down = summary(expectations, ROBOTS, "503".parse().unwrap());
        assert_eq!(
            down,
            [
                row(1, "Googlebot", "/", false, 0),
                row(2, "GPTBot", "/", true, 0),
                // No file was read: no preference applies.
                row(3, "GPTBot", "/", false, 0),
            ]
        );
        let gone = summary(expectations, ROBOTS, "404".parse().unwrap());
        assert_eq!(
            gone.iter().map(|r| r.3).collect::<Vec<_>>(),
            [true, false, false]
        );
        let read = Expectations::parse(expectations);
        let robots = Robots::parse(ROBOTS.as_bytes());
        let checked = read.check(
            FetchedRobots::new(&robots, "503".parse().unwrap()),
            &CheckOptions::default(),
        );
        assert_eq!(checked.rows()[0].verdict.category, Category::Unreachable);
    }

    #[test]
    fn mode_lines_check_in_their_own_reading() {
        let expectations = "Googlebot disallowed /typo/\n@mode rfc9309\nGooglebot allowed /typo/\n@mode google\nGooglebot disallowed /typo/x\n";
        let rows = summary(expectations, ROBOTS, FetchOutcome::FETCHED);
        assert_eq!(
            rows,
            [
                row(1, "Googlebot", "/typo/", true, 12),
                row(3, "Googlebot", "/typo/", true, 0),
                row(5, "Googlebot", "/typo/x", true, 12),
            ]
        );
        // Read in RFC 9309 mode, lines without @mode follow it.
        let read = Expectations::parse(expectations);
        let strict = Robots::parse_with(ROBOTS.as_bytes(), &ParseOptions::new(Mode::Rfc9309, true));
        let checked = read.check(
            FetchedRobots::new(&strict, FetchOutcome::FETCHED),
            &CheckOptions::default(),
        );
        let modes: Vec<(Mode, bool)> = checked.rows().iter().map(|r| (r.mode, r.passed)).collect();
        assert_eq!(
            modes,
            [
                (Mode::Rfc9309, false),
                (Mode::Rfc9309, true),
                (Mode::Google, true)
            ]
        );
        // The other reading is the same file with the same cut.
        let other = checked.reading(Mode::Google);
        assert_eq!(other.robots().mode(), Mode::Google);
        assert_eq!(other.robots().parsed_len(), strict.parsed_len());
        assert!(std::ptr::eq(
            checked.reading(Mode::Rfc9309).robots(),
            &strict
        ));
        let rule = checked.rows()[2].verdict.rule.unwrap();
        assert_eq!(other.robots().rules()[rule].text, "Dissallow: /typo/");
    }

    #[test]
    fn the_size_limit_cut_is_kept_in_the_other_reading() {
        let mut text = String::from("User-agent: *\nAllow: /\n");
        text.push_str(&"# filler\n".repeat(60_000));
        text.push_str("Disallow: /late\n");
        let robots = Robots::parse_with(text.as_bytes(), &ParseOptions::googlebot());
        assert!(robots.parsed_len() < robots.input_len());
        let read = Expectations::parse("x allowed /late\n@mode rfc9309\nx allowed /late\n");
        let checked = read.check(
            FetchedRobots::new(&robots, FetchOutcome::FETCHED),
            &CheckOptions::default(),
        );
        assert_eq!(checked.passed(), 2);
    }

    #[test]
    fn options_reach_every_check() {
        let robots = Robots::parse(b"User-agent: Google\nDisallow: /\n");
        let read = Expectations::parse("Googlebot disallowed /\n");
        let fetched = FetchedRobots::new(&robots, FetchOutcome::FETCHED);
        assert_eq!(read.check(fetched, &CheckOptions::default()).passed(), 0);
        let legacy = CheckOptions {
            agent_matching: crate::AgentMatching::LegacyPrefix,
            ..CheckOptions::default()
        };
        assert_eq!(read.check(fetched, &legacy).passed(), 1);
    }

    #[test]
    fn a_hundred_thousand_checks_take_one_matcher_per_crawler() {
        let mut text = String::new();
        for i in 0..50_000 {
            text.push_str(&format!("Googlebot,GPTBot disallowed /admin/{i}\n"));
        }
        let read = Expectations::parse(&text);
        assert_eq!(read.check_count(), 100_000);
        let robots = Robots::parse(ROBOTS.as_bytes());
        let checked = read.check(
            FetchedRobots::new(&robots, FetchOutcome::FETCHED),
            &CheckOptions::default(),
        );
        // GPTBot is disallowed everywhere; Googlebot's own group leaves /admin/ open.
        assert_eq!((checked.passed(), checked.failed()), (50_000, 50_000));
    }
}
