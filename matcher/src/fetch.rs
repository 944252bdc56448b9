//! What a crawler does when fetching robots.txt does not simply return it
//! (RFC 9309 section 2.3.1, and Google's documentation).

use crate::verdict::{Category, Verdict};

/// The most redirects a crawler follows to reach robots.txt (RFC 9309 asks
/// for at least five).
pub const MAX_REDIRECTS: u32 = 5;

/// How fetching robots.txt ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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
    let unavailable = FetchPolicy::Fixed(Verdict::from_fetch(Category::Unavailable));
    let unreachable = FetchPolicy::Fixed(Verdict::from_fetch(Category::Unreachable));
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
}
