//! How fetching robots.txt ended ([`FetchOutcome`]: a status after some
//! redirects, a timeout, a network error), the short names by which the
//! CLI's `--fetch-status` and the app's menu choose an outcome, and where
//! RFC 9309 says what each means.
//!
//! A plain value that nothing here depends on: what an outcome does to the
//! verdicts (the fetch policy) and robots.txt as a crawler got it
//! ([`crate::FetchedRobots`]) are in `fetched`, above `verdict`.

use std::fmt;
use std::str::FromStr;

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

impl FetchOutcome {
    /// HTTP 200 at the first request: the usual case, the file is read.
    pub const FETCHED: FetchOutcome = FetchOutcome::Status {
        code: 200,
        redirects: 0,
    };

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
