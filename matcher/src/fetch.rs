//! What a crawler does when fetching robots.txt does not simply return it
//! (RFC 9309 section 2.3.1, and Google's documentation), and the short
//! names by which the CLI's `--fetch-status` and the app's menu choose an
//! outcome.

use std::fmt;
use std::str::FromStr;

use crate::verdict::{Category, Verdict};

/// The most redirects a crawler follows to reach robots.txt (RFC 9309 asks
/// for at least five).
pub const MAX_REDIRECTS: u32 = 5;

/// How fetching robots.txt ended.
///
/// Parsed from a short name ([`FromStr`]): an HTTP status code (`200`,
/// `404`, `503`, ...), `redirect-N` (N redirects; up to [`MAX_REDIRECTS`]
/// they lead to the file, more count as a 404), `timeout` or
/// `network-error`. Displayed as a phrase for a sentence ("HTTP 404").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FetchOutcome {
    /// An HTTP response.
    Status {
        /// The HTTP status code.
        code: u16,
        /// How many redirects led to this response.
        redirects: u32,
    },
    /// No response in time.
    Timeout,
    /// DNS, connection or TLS failure.
    NetworkError,
}

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
    /// HTTP 200 at the first request: the usual case, the file is read.
    pub const FETCHED: FetchOutcome = FetchOutcome::Status {
        code: 200,
        redirects: 0,
    };

    /// The verdict every URL gets after this outcome, or `None` when the
    /// crawler reads the file's rules (a 2xx, or a redirect it follows).
    pub fn fixed_verdict(self) -> Option<Verdict> {
        match fetch_policy(self) {
            FetchPolicy::Fixed(verdict) => Some(verdict),
            FetchPolicy::Parse | FetchPolicy::FollowRedirect => None,
        }
    }

    /// The short name [`FromStr`] reads (`404`, `redirect-6`, `timeout`):
    /// for every outcome read from a name, the same name.
    pub fn name(self) -> String {
        match self {
            FetchOutcome::Status {
                code: 300..=399,
                redirects,
            } if redirects >= MAX_REDIRECTS => format!("redirect-{}", MAX_REDIRECTS + 1),
            FetchOutcome::Status {
                code: 200..=299,
                redirects: hops @ 1..,
            } => format!("redirect-{hops}"),
            FetchOutcome::Status { code, .. } => code.to_string(),
            FetchOutcome::Timeout => "timeout".to_string(),
            FetchOutcome::NetworkError => "network-error".to_string(),
        }
    }

    /// Where the rule for this outcome is written: the RFC 9309 section.
    pub fn rfc_section(self) -> &'static str {
        match self {
            FetchOutcome::Status {
                code: 200..=299, ..
            } => "2.3.1.1",
            FetchOutcome::Status {
                code: 300..=399, ..
            } => "2.3.1.2",
            FetchOutcome::Status { code: 429, .. } => "2.3.1.4",
            FetchOutcome::Status {
                code: 400..=499, ..
            } => "2.3.1.3",
            _ => "2.3.1.4",
        }
    }
}

/// Why a fetch outcome's name was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FetchOutcomeError(String);

impl fmt::Display for FetchOutcomeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "`{}` is not a fetch outcome: give an HTTP status code (200, 404, 503, ...), \
             redirect-N (N redirects), timeout or network-error",
            self.0
        )
    }
}

impl std::error::Error for FetchOutcomeError {}

impl FromStr for FetchOutcome {
    type Err = FetchOutcomeError;

    fn from_str(name: &str) -> Result<FetchOutcome, FetchOutcomeError> {
        let refused = || FetchOutcomeError(name.to_string());
        let name = name.trim();
        match name.to_ascii_lowercase().as_str() {
            "timeout" => return Ok(FetchOutcome::Timeout),
            "network-error" => return Ok(FetchOutcome::NetworkError),
            _ => {}
        }
        if let Some(hops) = name.strip_prefix("redirect-") {
            let hops: u32 = hops.parse().map_err(|_| refused())?;
            return match hops {
                0 => Err(refused()),
                // Followed every time: the last one leads to the file.
                1..=MAX_REDIRECTS => Ok(FetchOutcome::Status {
                    code: 200,
                    redirects: hops,
                }),
                // The crawler gives up at the redirect after the last it
                // follows.
                _ => Ok(FetchOutcome::Status {
                    code: 301,
                    redirects: MAX_REDIRECTS,
                }),
            };
        }
        match name.parse::<u16>() {
            Ok(code @ 100..=599) if name.len() == 3 => {
                Ok(FetchOutcome::Status { code, redirects: 0 })
            }
            _ => Err(refused()),
        }
    }
}

impl fmt::Display for FetchOutcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            FetchOutcome::Status {
                code: 300..=399,
                redirects,
            } if redirects >= MAX_REDIRECTS => write!(
                f,
                "a redirect after {redirects} redirects (crawlers follow {MAX_REDIRECTS})"
            ),
            FetchOutcome::Status { code, redirects: 0 } => write!(f, "HTTP {code}"),
            FetchOutcome::Status { code, redirects: 1 } => {
                write!(f, "HTTP {code} after 1 redirect")
            }
            FetchOutcome::Status { code, redirects } => {
                write!(f, "HTTP {code} after {redirects} redirects")
            }
            FetchOutcome::Timeout => f.write_str("a timeout"),
            FetchOutcome::NetworkError => f.write_str("a network error"),
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
    fn outcome_names_parse_to_what_they_say() {
        let parse = |name: &str| name.parse::<FetchOutcome>();
        assert_eq!(
            parse("404"),
            Ok(FetchOutcome::Status {
                code: 404,
                redirects: 0
            })
        );
        assert_eq!(
            parse(" 503 "),
            Ok(FetchOutcome::Status {
                code: 503,
                redirects: 0
            })
        );
        assert_eq!(parse("TIMEOUT"), Ok(FetchOutcome::Timeout));
        assert_eq!(parse("network-error"), Ok(FetchOutcome::NetworkError));
        assert_eq!(
            parse("redirect-5"),
            Ok(FetchOutcome::Status {
                code: 200,
                redirects: 5
            })
        );
        assert_eq!(
            parse("redirect-6"),
            Ok(FetchOutcome::Status {
                code: 301,
                redirects: 5
            })
        );
        for bad in [
            "",
            "4040",
            "099",
            "600",
            "+404",
            "redirect-0",
            "redirect-",
            "redirect-x",
            "down",
        ] {
            let error = parse(bad).unwrap_err().to_string();
            assert!(error.contains("not a fetch outcome"), "{bad}: {error}");
        }
    }

    #[test]
    fn outcome_names_round_trip() {
        for name in [
            "200",
            "404",
            "429",
            "503",
            "redirect-1",
            "redirect-5",
            "redirect-6",
            "timeout",
            "network-error",
        ] {
            assert_eq!(name.parse::<FetchOutcome>().unwrap().name(), name);
        }
        // Any number of redirects beyond the limit ends the same way.
        assert_eq!(
            "redirect-40".parse::<FetchOutcome>().unwrap().name(),
            "redirect-6"
        );
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

    #[test]
    fn a_matcher_fetched_with_a_deciding_outcome_gives_its_verdict_to_every_url() {
        let robots = crate::Robots::parse(b"User-agent: *\nDisallow: /a\n");
        let crawler = crate::Crawler::new("Googlebot");
        let matcher = || robots.matcher_for(&crawler);
        let read = matcher().fetched_as(FetchOutcome::FETCHED);
        assert_eq!(
            (read.check("/a").allowed, read.check("/a").line),
            (false, 2)
        );
        let gone = matcher().fetched_as("404".parse().unwrap());
        assert_eq!(
            gone.check("/a"),
            "404"
                .parse::<FetchOutcome>()
                .unwrap()
                .fixed_verdict()
                .unwrap()
        );
        let down = matcher().fetched_as(FetchOutcome::Timeout);
        assert!(!down.check("/b").allowed);
        assert_eq!(down.check("/robots.txt").category, Category::Unreachable);
    }

    #[test]
    fn outcomes_read_as_phrases() {
        let phrase = |name: &str| name.parse::<FetchOutcome>().unwrap().to_string();
        assert_eq!(phrase("404"), "HTTP 404");
        assert_eq!(phrase("redirect-1"), "HTTP 200 after 1 redirect");
        assert_eq!(phrase("redirect-5"), "HTTP 200 after 5 redirects");
        assert_eq!(
            phrase("redirect-9"),
            "a redirect after 5 redirects (crawlers follow 5)"
        );
        assert_eq!(phrase("timeout"), "a timeout");
    }
}
