//! Fetching a live robots.txt the way a crawler does: one request per hop,
//! redirects followed by hand (so each is reported and counted against
//! RFC 9309's limit) within one deadline for the whole fetch, the body
//! decoded from gzip, deflate or br, and only what will be used read. How
//! it ended is a [`FetchOutcome`], the same value `--fetch-status` names.

use std::io::Read;
use std::time::{Duration, Instant};

use robots_matcher::{robots_txt_url, FetchOutcome, MAX_REDIRECTS};
use url::Url;

use crate::content_coding::{codings, decode, ACCEPTED};
use crate::text::printable;

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
/// error is a message for the user, also for a URL no request can be
/// made to (`http://[::1`, a port over 65535).
pub fn robots_url(arg: &str) -> Result<String, String> {
    let arg = arg.trim();
    let names_a_file = arg
        .split_once("://")
        .and_then(|(_, rest)| rest.split(['?', '#']).next())
        .and_then(|rest| rest.find('/').map(|i| &rest[i..]))
        .is_some_and(|path| path.ends_with("/robots.txt"));
    let url = if names_a_file {
        arg.to_string()
    } else {
        robots_txt_url(arg).map_err(|e| e.to_string())?
    };
    match Url::parse(&url) {
        Ok(_) => Ok(url),
        Err(error) => Err(format!(
            "'{}' is not a URL that can be fetched: {error}",
            printable(arg)
        )),
    }
}

/// How to fetch: what `--user-agent`, `--timeout` and the size limit say.
#[derive(Clone, Debug)]
pub struct FetchSettings<'a> {
    /// The User-agent header.
    pub user_agent: &'a str,
    /// The whole fetch, every redirect included, ends by then.
    pub timeout: Duration,
    /// The most bytes of the (decoded) body kept; one more is read, so
    /// that the caller can tell the body went on.
    pub keep: usize,
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
    /// redirect that leads nowhere, a body that cannot be decoded).
    pub reason: Option<String>,
    /// The body of a 2xx answer, decoded, up to the bytes kept plus one
    /// (so the caller can tell the file was cut); empty otherwise.
    pub body: Vec<u8>,
}

impl Fetched {
    /// One line for the user: what was fetched and how it ended.
    pub fn summary(&self) -> String {
        let mut text = format!("fetched {}: {}", self.url, self.outcome);
        if let Some(reason) = &self.reason {
            text.push_str(&format!(" ({reason})"));
        }
        let mut visited = vec![self.url.as_str()];
        for hop in &self.redirects {
            text.push_str(&format!("; redirected to {hop}"));
            if visited.contains(&hop.as_str()) {
                text.push_str(" again (a redirect loop)");
            }
            visited.push(hop);
        }
        text
    }
}

/// Fetches `url` (a robots.txt URL) as a crawler would.
pub fn fetch(url: &str, settings: &FetchSettings) -> Fetched {
    let deadline = Instant::now() + settings.timeout;
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .max_redirects(0)
        .http_status_as_error(false)
        .user_agent(settings.user_agent)
        .accept_encoding(ACCEPTED)
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
        // One deadline for the whole fetch: each hop gets the time left.
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            fetched.outcome = FetchOutcome::Timeout;
            fetched.reason = Some(timeout_reason(settings.timeout));
            return fetched;
        }
        let request = agent
            .get(&current)
            .config()
            .timeout_global(Some(left))
            .build();
        let mut response = match request.call() {
            Ok(response) => response,
            Err(error) => return failed(fetched, &error, settings.timeout),
        };
        let code = response.status().as_u16();
        fetched.outcome = FetchOutcome::Status { code, redirects };
        if (300..400).contains(&code) && redirects < MAX_REDIRECTS {
            let location = response.headers().get("location").map(|v| v.as_bytes());
            match redirect_target(&current, location) {
                Ok(next) => {
                    fetched.redirects.push(next.clone());
                    current = next;
                    continue;
                }
                Err(why) => {
                    fetched.outcome = FetchOutcome::NetworkError;
                    fetched.reason = Some(format!("HTTP {code} {why}"));
                    return fetched;
                }
            }
        }
        if (200..300).contains(&code) {
            let encoding = response.headers().get_all("content-encoding");
            let codings = match codings(encoding.iter().map(|v| v.as_bytes())) {
                Ok(codings) => codings,
                Err(why) => {
                    fetched.outcome = FetchOutcome::NetworkError;
                    fetched.reason = Some(why);
                    return fetched;
                }
            };
            let raw = response.body_mut().with_config().reader();
            let mut body = Vec::new();
            let read = decode(raw, &codings)
                .take(settings.keep as u64 + 1)
                .read_to_end(&mut body);
            if let Err(error) = read {
                // The client's own errors (a timeout) come back wrapped.
                let error = ureq::Error::from(error);
                let mut failed = failed(fetched, &error, settings.timeout);
                if failed.outcome == FetchOutcome::NetworkError && !codings.is_empty() {
                    let names: Vec<&str> = codings.iter().map(|c| c.name()).collect();
                    failed.reason = Some(format!(
                        "the {} body cannot be decoded: {}",
                        names.join(" + "),
                        failed.reason.unwrap_or_default()
                    ));
                }
                return failed;
            }
            fetched.body = body;
        }
        return fetched;
    }
}

/// The outcome of a request that got no (whole) HTTP answer, with the
/// client's own words for why (a TLS library's "invalid peer certificate:
/// UnknownIssuer" says more than any rewording), or for a timeout the
/// time the whole fetch had.
fn failed(mut fetched: Fetched, error: &ureq::Error, timeout: Duration) -> Fetched {
    let tls = fetched
        .redirects
        .last()
        .unwrap_or(&fetched.url)
        .get(..8)
        .is_some_and(|scheme| scheme.eq_ignore_ascii_case("https://"));
    fetched.outcome = match error {
        ureq::Error::Timeout(_) => FetchOutcome::Timeout,
        ureq::Error::Io(io) if io.kind() == std::io::ErrorKind::TimedOut => FetchOutcome::Timeout,
        _ => FetchOutcome::NetworkError,
    };
    if fetched.outcome == FetchOutcome::Timeout {
        fetched.reason = Some(timeout_reason(timeout));
        return fetched;
    }
    let text = match error {
        // rustls reports a failed handshake or certificate as invalid
        // data ("received corrupt message of type InvalidContentType": an
        // https URL on a plain-HTTP port).
        ureq::Error::Io(io) if io.kind() == std::io::ErrorKind::InvalidData && tls => {
            format!("TLS: {io}")
        }
        ureq::Error::Io(io) => io.to_string(),
        other => other.to_string(),
    };
    let text = match text.find(" (os error") {
        Some(cut) => &text[..cut],
        None => &text,
    };
    fetched.reason = Some(printable(text).into_owned());
    fetched
}

/// Why a fetch timed out: the whole fetch, redirects included, had
/// `timeout`.
fn timeout_reason(timeout: Duration) -> String {
    format!(
        "not done within {} s, the time --timeout gives the whole fetch, redirects included",
        timeout.as_secs_f64()
    )
}

/// The URL a redirect's `Location` leads to from `base`, resolved as
/// browsers and crawlers do (the WHATWG URL standard, which follows
/// RFC 3986): relative references against `base`, an empty one to `base`
/// itself, raw spaces and UTF-8 percent-encoded; the fragment and any user
/// name and password dropped. The error ends "HTTP 302 ..." for the user:
/// no `Location`, one that is not UTF-8, or a target that is not http(s).
fn redirect_target(base: &str, location: Option<&[u8]>) -> Result<String, String> {
    let location = location.ok_or("without a Location header")?;
    let location = std::str::from_utf8(location)
        .map_err(|_| "with a Location that is not UTF-8 text, which crawlers cannot follow")?;
    let base = Url::parse(base).map_err(|e| format!("from a URL that cannot be resolved: {e}"))?;
    let mut target = base.join(location).map_err(|e| {
        format!(
            "with a Location that is not a URL ({e}): '{}'",
            printable(location)
        )
    })?;
    if !matches!(target.scheme(), "http" | "https") {
        return Err(format!(
            "to '{}', a {}: URL; crawlers follow only http and https",
            printable(location),
            target.scheme()
        ));
    }
    target.set_fragment(None);
    // Both fail only for URLs that cannot hold a user (no host), which an
    // http(s) URL always has.
    let _ = target.set_username("");
    let _ = target.set_password(None);
    Ok(target.into())
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
    fn urls_no_request_can_reach_are_refused_up_front() {
        let port = robots_url("http://127.0.0.1:99999/robots.txt").unwrap_err();
        assert!(port.contains("invalid port number"), "{port}");
        let bracket = robots_url("http://[::1/robots.txt").unwrap_err();
        assert!(
            bracket.contains("not a URL that can be fetched"),
            "{bracket}"
        );
    }

    fn target(location: &str) -> Result<String, String> {
        redirect_target(
            "http://a.example:81/dir/robots.txt",
            Some(location.as_bytes()),
        )
    }

    #[test]
    fn locations_resolve_against_the_request() {
        assert_eq!(target("/x").unwrap(), "http://a.example:81/x");
        assert_eq!(target("y").unwrap(), "http://a.example:81/dir/y");
        assert_eq!(target("../z").unwrap(), "http://a.example:81/z");
        assert_eq!(target("//b.example/z").unwrap(), "http://b.example/z");
        assert_eq!(
            target("?q").unwrap(),
            "http://a.example:81/dir/robots.txt?q"
        );
        assert_eq!(
            target("HTTPS://c.example/robots.txt#top").unwrap(),
            "https://c.example/robots.txt"
        );
        assert_eq!(
            target("http://user:secret@d.example/robots.txt").unwrap(),
            "http://d.example/robots.txt"
        );
    }

    #[test]
    fn an_empty_location_is_the_same_url() {
        assert_eq!(target("").unwrap(), "http://a.example:81/dir/robots.txt");
        assert_eq!(target("  ").unwrap(), "http://a.example:81/dir/robots.txt");
    }

    #[test]
    fn spaces_and_utf8_are_percent_encoded_as_browsers_do() {
        assert_eq!(
            target("/a b/robots.txt").unwrap(),
            "http://a.example:81/a%20b/robots.txt"
        );
        assert_eq!(
            target("/café/robots.txt").unwrap(),
            "http://a.example:81/caf%C3%A9/robots.txt"
        );
        assert_eq!(
            target("https://bücher.example/robots.txt").unwrap(),
            "https://xn--bcher-kva.example/robots.txt"
        );
    }

    #[test]
    fn only_http_and_https_are_followed() {
        for (location, scheme) in [
            ("javascript:alert(1)", "javascript"),
            ("mailto:a@b.example", "mailto"),
            ("data:text/plain,User-agent: *", "data"),
            ("file:///etc/passwd", "file"),
            ("ftp://d.example/robots.txt", "ftp"),
            ("JavaScript:alert(1)", "javascript"),
        ] {
            let why = target(location).unwrap_err();
            assert!(
                why.ends_with(&format!(
                    "', a {scheme}: URL; crawlers follow only http and https"
                )),
                "{location}: {why}"
            );
        }
    }

    #[test]
    fn locations_that_lead_nowhere_say_why() {
        let none = redirect_target("http://a.example/robots.txt", None).unwrap_err();
        assert_eq!(none, "without a Location header");
        let latin1 = redirect_target("http://a.example/", Some(b"/caf\xe9")).unwrap_err();
        assert!(latin1.contains("not UTF-8"), "{latin1}");
        let bad = target("http://[::1/x").unwrap_err();
        assert!(bad.contains("not a URL"), "{bad}");
    }

    #[test]
    fn a_loop_is_named_in_the_summary() {
        let fetched = Fetched {
            url: "http://a.example/robots.txt".into(),
            redirects: vec![
                "http://a.example/robots.txt".into(),
                "http://a.example/robots.txt".into(),
            ],
            outcome: FetchOutcome::Status {
                code: 302,
                redirects: 2,
            },
            reason: None,
            body: Vec::new(),
        };
        assert_eq!(
            fetched.summary().matches("again (a redirect loop)").count(),
            2
        );
    }
}
