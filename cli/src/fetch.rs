//! Fetching a live robots.txt the way a crawler does: one request per hop,
//! redirects followed by hand (so each is reported and counted against
//! RFC 9309's limit), a timeout, and only the first 500 KiB read. How it
//! ended is a [`FetchOutcome`], the same value `--fetch-status` names.

use std::io::Read;

use robots_matcher::{robots_txt_url, FetchOutcome, MAX_REDIRECTS};
use ureq::http::Uri;

use crate::cli::HttpArgs;
use crate::error::io_reason;

/// The User-agent header sent unless `--user-agent` says otherwise.
pub const DEFAULT_USER_AGENT: &str = concat!(
    "Mozilla/5.0 (compatible; robotstxt/",
    env!("CARGO_PKG_VERSION"),
    ")"
);

/// Whether `arg` names something to fetch rather than a file.
pub fn is_url(arg: &str) -> bool {
    let lower = arg
        .trim_start()
        .get(..8)
        .unwrap_or(arg)
        .to_ascii_lowercase();
    lower.starts_with("http://") || lower.starts_with("https://")
}

/// The robots.txt URL for `arg`: itself when it names a robots.txt file
/// (its path ends in `/robots.txt`), else its site's robots.txt. The
/// error is a message for the user.
pub fn robots_url(arg: &str) -> Result<String, String> {
    let arg = arg.trim();
    let names_a_file = arg
        .split_once("://")
        .and_then(|(_, rest)| rest.split(['?', '#']).next())
        .and_then(|rest| rest.find('/').map(|i| &rest[i..]))
        .is_some_and(|path| path.ends_with("/robots.txt"));
    if names_a_file {
        return Ok(arg.to_string());
    }
    robots_txt_url(arg).map_err(|e| e.to_string())
}

/// How one fetch went.
#[derive(Clone, Debug)]
pub struct Fetched {
    /// The URL asked for.
    pub url: String,
    /// Each URL a redirect led to, in order.
    pub redirects: Vec<String>,
    /// How it ended.
    pub outcome: FetchOutcome,
    /// Why, when there was no HTTP answer (a timeout, a network error, a
    /// redirect that leads nowhere).
    pub reason: Option<String>,
    /// The body of a 2xx answer, up to the size limit plus one byte (so
    /// the parser can tell the file was cut); empty otherwise.
    pub body: Vec<u8>,
}

impl Fetched {
    /// One line for the user: what was fetched and how it ended.
    pub fn summary(&self) -> String {
        let mut text = format!("fetched {}: {}", self.url, self.outcome);
        if let Some(reason) = &self.reason {
            text.push_str(&format!(" ({reason})"));
        }
        for hop in &self.redirects {
            text.push_str(&format!("; redirected to {hop}"));
        }
        text
    }
}

/// Fetches `url` (a robots.txt URL) as a crawler would.
pub fn fetch(url: &str, http: &HttpArgs, size_limit: Option<usize>) -> Fetched {
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .timeout_global(Some(http.timeout))
        .max_redirects(0)
        .http_status_as_error(false)
        .user_agent(http.user_agent.as_str())
        .build()
        .into();
    let mut fetched = Fetched {
        url: url.to_string(),
        redirects: Vec::new(),
        outcome: FetchOutcome::NetworkError,
        reason: None,
        body: Vec::new(),
    };
    let mut current = url.to_string();
    loop {
        let redirects = fetched.redirects.len() as u32;
        let mut response = match agent.get(&current).call() {
            Ok(response) => response,
            Err(error) => return failed(fetched, &error),
        };
        let code = response.status().as_u16();
        fetched.outcome = FetchOutcome::Status { code, redirects };
        if (300..400).contains(&code) && redirects < MAX_REDIRECTS {
            let location = response
                .headers()
                .get("location")
                .and_then(|value| value.to_str().ok());
            match location.and_then(|location| resolve(&current, location)) {
                Some(next) => {
                    fetched.redirects.push(next.clone());
                    current = next;
                    continue;
                }
                None => {
                    fetched.outcome = FetchOutcome::NetworkError;
                    fetched.reason = Some(format!(
                        "HTTP {code} without a Location a crawler can follow"
                    ));
                    return fetched;
                }
            }
        }
        if (200..300).contains(&code) {
            // One byte past the limit, so the parser can tell the file
            // was cut and say so.
            let limit = size_limit.map_or(u64::MAX, |limit| limit as u64 + 1);
            let mut body = Vec::new();
            let read = response
                .body_mut()
                .with_config()
                .reader()
                .take(limit)
                .read_to_end(&mut body);
            if let Err(error) = read {
                // The client's own errors (a timeout) come back wrapped.
                return failed(fetched, &ureq::Error::from(error));
            }
            fetched.body = body;
        }
        return fetched;
    }
}

/// The outcome of a request that got no HTTP answer.
fn failed(mut fetched: Fetched, error: &ureq::Error) -> Fetched {
    fetched.outcome = match error {
        ureq::Error::Timeout(_) => FetchOutcome::Timeout,
        ureq::Error::Io(io) if io.kind() == std::io::ErrorKind::TimedOut => FetchOutcome::Timeout,
        _ => FetchOutcome::NetworkError,
    };
    fetched.reason = Some(match error {
        ureq::Error::Io(io) => io_reason(io),
        other => other.to_string(),
    });
    fetched
}

/// The URL a `Location` header leads to from `base`: absolute, or
/// resolved against it (`//host/x`, `/x`, `x`). `None` when it is not an
/// http(s) URL.
fn resolve(base: &str, location: &str) -> Option<String> {
    let location = location.trim();
    let target = if is_url(location) {
        location.to_string()
    } else if location.contains("://") {
        // Another scheme (ftp://, file://): not for an HTTP crawler.
        return None;
    } else {
        let base: Uri = base.parse().ok()?;
        let scheme = base.scheme_str()?;
        let authority = base.authority()?.as_str();
        if let Some(rest) = location.strip_prefix("//") {
            format!("{scheme}://{rest}")
        } else if location.starts_with('/') {
            format!("{scheme}://{authority}{location}")
        } else {
            let path = base.path();
            let dir = &path[..path.rfind('/').map_or(0, |i| i + 1)];
            let dir = if dir.is_empty() { "/" } else { dir };
            format!("{scheme}://{authority}{dir}{location}")
        }
    };
    target.parse::<Uri>().ok().map(|_| target)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urls_are_told_from_files() {
        assert!(is_url("https://example.com"));
        assert!(is_url("HTTP://example.com/x"));
        assert!(!is_url("robots.txt"));
        assert!(!is_url("-"));
        assert!(!is_url("ftp://example.com/robots.txt"));
    }

    #[test]
    fn pages_lead_to_their_robots_txt() {
        assert_eq!(
            robots_url("https://example.com/some/page").unwrap(),
            "https://example.com/robots.txt"
        );
        assert_eq!(
            robots_url("http://127.0.0.1:8080/robots.txt").unwrap(),
            "http://127.0.0.1:8080/robots.txt"
        );
        assert_eq!(
            robots_url("http://127.0.0.1:8080/staging/robots.txt").unwrap(),
            "http://127.0.0.1:8080/staging/robots.txt"
        );
        assert_eq!(
            robots_url("https://example.com/page?robots.txt").unwrap(),
            "https://example.com/robots.txt"
        );
        assert!(robots_url("https:///x").is_err());
    }

    #[test]
    fn locations_resolve_against_the_request() {
        let base = "http://a.example:81/dir/robots.txt";
        assert_eq!(resolve(base, "/x").unwrap(), "http://a.example:81/x");
        assert_eq!(resolve(base, "y").unwrap(), "http://a.example:81/dir/y");
        assert_eq!(
            resolve(base, "//b.example/z").unwrap(),
            "http://b.example/z"
        );
        assert_eq!(
            resolve(base, "https://c.example/robots.txt").unwrap(),
            "https://c.example/robots.txt"
        );
        assert_eq!(resolve(base, "ftp://d.example/robots.txt"), None);
        assert_eq!(resolve(base, "/a b"), None);
    }
}
