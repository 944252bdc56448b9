//! What a crawler makes of how fetching robots.txt ended (RFC 9309
//! section 2.3.1, and Google's documentation): the fetch policy, and
//! [`FetchedRobots`], robots.txt as a crawler got it.
//!
//! Every question a front end asks about verdicts goes through
//! [`FetchedRobots`]: checking (its matchers carry the outcome's fixed
//! verdict), explaining, usage preferences, verdict records (made from its
//! matchers) and comparing two versions. So an outcome chosen once (the
//! CLI's `--fetch-status`, the app's menu, a live fetch) reaches every
//! answer, and none can be made without stating one.

use crate::agent::Crawler;
use crate::fetch::{FetchOutcome, MAX_REDIRECTS};
use crate::robots::Robots;
use crate::verdict::{Category, CheckOptions, CrawlerMatcher, Verdict};

/// What the crawler does next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FetchPolicy {
    /// 2xx: parse the body and check URLs against it.
    Parse,
    /// A redirect within the limit: fetch the target.
    FollowRedirect,
    /// No usable robots.txt, and every URL has a fixed verdict.
    Fixed(Verdict),
}

/// The policy for a fetch outcome:
///
/// * 2xx: parse the body;
/// * 3xx: follow up to [`MAX_REDIRECTS`] hops, then treat as 404;
/// * 4xx except 429: robots.txt is unavailable, everything is allowed;
/// * 429, 5xx, timeout, network error: robots.txt is unreachable,
///   everything is disallowed;
/// * anything else (1xx, unknown codes): treated as unreachable, the cautious
///   reading.
pub fn fetch_policy(outcome: FetchOutcome) -> FetchPolicy {
    let unavailable = FetchPolicy::Fixed(Verdict::from_fetch(outcome, Category::Unavailable));
    let unreachable = FetchPolicy::Fixed(Verdict::from_fetch(outcome, Category::Unreachable));
    match outcome {
        FetchOutcome::Status { code, redirects } => match code {
            200..=299 => FetchPolicy::Parse,
            300..=399 if redirects < MAX_REDIRECTS => FetchPolicy::FollowRedirect,
            300..=399 => unavailable,
            429 => unreachable,
            400..=499 => unavailable,
            _ => unreachable,
        },
        FetchOutcome::Timeout | FetchOutcome::NetworkError => unreachable,
    }
}

impl FetchOutcome {
    /// The verdict every URL gets after this outcome, or `None` when the
    /// crawler reads the file's rules (a 2xx, or a redirect it follows).
    pub fn fixed_verdict(self) -> Option<Verdict> {
        match fetch_policy(self) {
            FetchPolicy::Fixed(verdict) => Some(verdict),
            FetchPolicy::Parse | FetchPolicy::FollowRedirect => None,
        }
    }
}

/// robots.txt as a crawler got it: the parsed file, and how fetching it
/// ended, which may have replaced its rules with one verdict for every URL
/// ([`FetchOutcome::fixed_verdict`]: a 404 allows everything, a 503
/// disallows everything).
///
/// A small `Copy` value borrowing the parse: changing the outcome (the
/// app's menu) makes a new one with [`FetchedRobots::new`] and never parses
/// again. Every answer about verdicts is asked of it: [`check`],
/// [`matcher_for`] (whose matcher carries the outcome, so verdict records
/// made from it do too), `explain`, `usage`, and `VerdictDiff::new` (the
/// tools' modules), so none can forget the outcome.
///
/// ```
/// use robots_matcher::{Category, Crawler, FetchOutcome, FetchedRobots, Robots};
///
/// let robots = Robots::parse(b"User-agent: *\nDisallow: /private\n");
/// let googlebot = Crawler::new("Googlebot");
///
/// let read = FetchedRobots::new(&robots, FetchOutcome::FETCHED);
/// assert!(read.check(&googlebot, "/public").allowed);
///
/// // The server answered 503: the file's rules are not read at all.
/// let down = FetchedRobots::new(&robots, "503".parse().unwrap());
/// let verdict = down.check(&googlebot, "/public");
/// assert!(!verdict.allowed);
/// assert_eq!(verdict.category, Category::Unreachable);
/// ```
///
/// [`check`]: FetchedRobots::check
/// [`matcher_for`]: FetchedRobots::matcher_for
#[derive(Clone, Copy, Debug)]
pub struct FetchedRobots<'r> {
    robots: &'r Robots,
    outcome: FetchOutcome,
}

impl<'r> FetchedRobots<'r> {
    /// `robots` as got by a fetch that ended with `outcome`
    /// ([`FetchOutcome::FETCHED`] for a file read as it is).
    pub fn new(robots: &'r Robots, outcome: FetchOutcome) -> FetchedRobots<'r> {
        FetchedRobots { robots, outcome }
    }

    /// The parsed file, whatever the outcome: its text, lines and
    /// diagnostics. Its rules decide only when [`FetchedRobots::rules`]
    /// gives them.
    pub fn robots(&self) -> &'r Robots {
        self.robots
    }

    /// How fetching robots.txt ended.
    pub fn outcome(&self) -> FetchOutcome {
        self.outcome
    }

    /// The verdict every URL gets because of how fetching ended, when that
    /// replaces the file's rules.
    pub fn fixed_verdict(&self) -> Option<Verdict> {
        self.outcome.fixed_verdict()
    }

    /// The file, when its rules decide (`None` when the outcome replaced
    /// them).
    pub fn rules(&self) -> Option<&'r Robots> {
        match self.fixed_verdict() {
            Some(_) => None,
            None => Some(self.robots),
        }
    }

    /// Checks `url` for `crawler` with default options.
    pub fn check(&self, crawler: &Crawler, url: &str) -> Verdict {
        self.check_with(crawler, url, &CheckOptions::default())
    }

    /// Checks `url` for `crawler`: the outcome's fixed verdict, or the
    /// rules' ([`Robots::check_with`]).
    pub fn check_with(&self, crawler: &Crawler, url: &str, options: &CheckOptions) -> Verdict {
        self.matcher_with(crawler, options).check(url)
    }

    /// `crawler`'s matcher with default options, for checking many URLs.
    pub fn matcher_for(&self, crawler: &Crawler) -> CrawlerMatcher<'r> {
        self.matcher_with(crawler, &CheckOptions::default())
    }

    /// `crawler`'s matcher: when the outcome replaced the rules, every URL
    /// gets its fixed verdict and no group applies; else the rules'
    /// matcher ([`Robots::matcher_with`]), its groups found once.
    pub fn matcher_with(&self, crawler: &Crawler, options: &CheckOptions) -> CrawlerMatcher<'r> {
        match self.fixed_verdict() {
            Some(verdict) => CrawlerMatcher::fixed(self.robots, options, verdict),
            None => self.robots.matcher_with(crawler, options),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn status(code: u16) -> FetchPolicy {
        fetch_policy(FetchOutcome::Status { code, redirects: 0 })
    }

    fn fixed(policy: FetchPolicy) -> (bool, Category) {
        match policy {
            FetchPolicy::Fixed(v) => (v.allowed, v.category),
            other => panic!("expected a fixed verdict, got {other:?}"),
        }
    }

    #[test]
    fn success_parses() {
        assert_eq!(status(200), FetchPolicy::Parse);
        assert_eq!(status(204), FetchPolicy::Parse);
    }

    #[test]
    fn client_errors_allow_everything_except_429() {
        for code in [400, 401, 403, 404, 410, 451] {
            assert_eq!(fixed(status(code)), (true, Category::Unavailable), "{code}");
        }
        assert_eq!(fixed(status(429)), (false, Category::Unreachable));
    }

    #[test]
    fn server_and_network_errors_disallow_everything() {
        for code in [500, 502, 503, 504] {
            assert_eq!(
                fixed(status(code)),
                (false, Category::Unreachable),
                "{code}"
            );
        }
        assert_eq!(
            fixed(fetch_policy(FetchOutcome::Timeout)),
            (false, Category::Unreachable)
        );
        assert_eq!(
            fixed(fetch_policy(FetchOutcome::NetworkError)),
            (false, Category::Unreachable)
        );
    }

    #[test]
    fn redirects_are_followed_five_times_then_count_as_404() {
        for redirects in 0..MAX_REDIRECTS {
            assert_eq!(
                fetch_policy(FetchOutcome::Status {
                    code: 301,
                    redirects
                }),
                FetchPolicy::FollowRedirect
            );
        }
        let after = fetch_policy(FetchOutcome::Status {
            code: 302,
            redirects: MAX_REDIRECTS,
        });
        assert_eq!(fixed(after), (true, Category::Unavailable));
    }

    #[test]
    fn outcome_names_give_the_documented_verdicts() {
        let verdict = |name: &str| name.parse::<FetchOutcome>().unwrap().fixed_verdict();
        assert_eq!(verdict("200"), None);
        assert_eq!(verdict("redirect-5"), None);
        for (name, allowed, category) in [
            ("redirect-6", true, Category::Unavailable),
            ("401", true, Category::Unavailable),
            ("403", true, Category::Unavailable),
            ("404", true, Category::Unavailable),
            ("410", true, Category::Unavailable),
            ("429", false, Category::Unreachable),
            ("500", false, Category::Unreachable),
            ("503", false, Category::Unreachable),
            ("timeout", false, Category::Unreachable),
            ("network-error", false, Category::Unreachable),
        ] {
            let v = verdict(name).unwrap();
            assert_eq!((v.allowed, v.category), (allowed, category), "{name}");
            assert_eq!(v.line, 0);
        }
    }

    /// Every way of asking the fetched file (a check, a matcher, the
    /// outcome's own verdict) gives the outcome's verdict when it replaces
    /// the rules, and the rules' otherwise; the file is parsed once.
    #[test]
    fn fetched_robots_give_the_outcome_verdict_to_every_url() {
        let robots = Robots::parse(b"User-agent: *\nDisallow: /a\n");
        let crawler = Crawler::new("Googlebot");
        for name in [
            "200",
            "redirect-5",
            "redirect-6",
            "404",
            "429",
            "503",
            "timeout",
            "network-error",
        ] {
            let outcome: FetchOutcome = name.parse().unwrap();
            let fetched = FetchedRobots::new(&robots, outcome);
            let matcher = fetched.matcher_for(&crawler);
            for url in ["/a", "/b", "/robots.txt", "https://e.com/a?x"] {
                let verdict = fetched.check(&crawler, url);
                assert_eq!(matcher.check(url), verdict, "{name} {url}");
                match outcome.fixed_verdict() {
                    Some(fixed) => {
                        assert_eq!(verdict, fixed, "{name} {url}");
                        assert!(fetched.rules().is_none());
                        assert_eq!(matcher.selection(), crate::Selection::FetchOutcome(outcome));
                        assert!(matcher.groups().is_empty());
                    }
                    None => {
                        assert_eq!(verdict, robots.check(&crawler, url), "{name} {url}");
                        assert!(fetched.rules().is_some());
                    }
                }
            }
        }
        let down = FetchedRobots::new(&robots, FetchOutcome::Timeout);
        assert_eq!(
            down.check(&crawler, "/robots.txt").category,
            Category::Unreachable
        );
        assert!(std::ptr::eq(down.robots(), &robots));
    }
}
