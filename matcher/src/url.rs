//! From a URL to the part robots.txt rules are matched against, and from a
//! page URL to its robots.txt URL.

use std::borrow::Cow;
use std::fmt;

use crate::scan::{find, ByteClass};

/// The path, params and query of `url`, without scheme, authority and
/// fragment; always starts with `/`. Follows Google's extraction: a relative
/// URL (`/a?b`, `a/b`) works too, and anything without a path is `/`.
pub fn path_params_query(url: &str) -> Cow<'_, str> {
    let Some(path_start) = path_start(url) else {
        return Cow::Borrowed("/");
    };
    let bytes = url.as_bytes();
    let end = find(bytes, path_start, ByteClass::Is(b'#')).unwrap_or(url.len());
    let path = &url[path_start..end];
    if path.starts_with('/') {
        Cow::Borrowed(path)
    } else {
        Cow::Owned(format!("/{path}"))
    }
}

/// Where [`path_params_query`] starts taking the path from `url` (up to a
/// `#` or the end), or `None` when the path is `/`.
#[inline]
pub(crate) fn path_start(url: &str) -> Option<usize> {
    path_start_bytes(url.as_bytes())
}

/// [`path_start`] of a URL's bytes.
#[inline]
pub(crate) fn path_start_bytes(bytes: &[u8]) -> Option<usize> {
    let path_start = authority_end(bytes)?;
    // A fragment before the path start leaves no path.
    (bytes[path_start] != b'#').then_some(path_start)
}

/// Where a URL's path starts when it starts with `/`, as a crawler requests
/// it (the path to match where it lies in the URL): [`path_start_bytes`]
/// with its byte tested once (`/` is not the `#` that leaves no path).
/// Inline in a native check's common way (out of line, 17 instructions a
/// check more on academia.edu); one copy in the app (wasm32), for its size.
#[cfg_attr(not(target_arch = "wasm32"), inline(always))]
#[cfg_attr(target_arch = "wasm32", inline)]
pub(crate) fn requested_path_start(bytes: &[u8]) -> Option<usize> {
    let path_start = authority_end(bytes)?;
    (bytes[path_start] == b'/').then_some(path_start)
}

/// Where a URL's authority ends: its first `/`, `?`, `;` or `#` after the
/// scheme, if any. (Inline in the native check's common way, with
/// [`requested_path_start`].)
#[cfg_attr(not(target_arch = "wasm32"), inline(always))]
#[cfg_attr(target_arch = "wasm32", inline)]
fn authority_end(bytes: &[u8]) -> Option<usize> {
    let path_start = if let Some(authority) = [b"https://".as_slice(), b"http://"]
        .into_iter()
        .find(|scheme| bytes.starts_with(scheme))
        .map(<[u8]>::len)
    {
        // Nearly every URL checked starts `http://` or `https://`: its
        // authority starts right after, so one scan finds the path.
        find_path_or_fragment(bytes, authority)?
    } else {
        // One scan for the first byte that can end the authority: `/`, `?`,
        // `;` or `#`. The first `://` is the scheme separator only when no
        // path character comes before it, and then its `/` is that first
        // byte.
        let search_start = if bytes.starts_with(b"//") { 2 } else { 0 };
        let first = find_path_or_fragment(bytes, search_start)?;
        if bytes[first] == b'/'
            && first > search_start
            && bytes[first - 1] == b':'
            && bytes.get(first + 1) == Some(&b'/')
        {
            // `scheme://`: the path starts after the authority.
            find_path_or_fragment(bytes, first + 2)?
        } else {
            first
        }
    };
    Some(path_start)
}

/// The first `/`, `?`, `;` or `#` at or after `start`.
#[inline]
fn find_path_or_fragment(bytes: &[u8], start: usize) -> Option<usize> {
    find(bytes, start, ByteClass::Delimiter)
}

/// The straightforward reading of Google's extraction, kept as the
/// reference the one-scan version is tested against.
#[cfg(test)]
fn reference_path_params_query(url: &str) -> Cow<'_, str> {
    let bytes = url.as_bytes();
    // Generic rather than `&dyn Fn`: the predicate is inlined into the scan.
    fn find_in(bytes: &[u8], start: usize, pred: impl Fn(u8) -> bool) -> Option<usize> {
        bytes
            .get(start..)
            .and_then(|rest| rest.iter().position(|&b| pred(b)))
            .map(|i| start + i)
    }
    let is_path_start = |b: u8| b == b'/' || b == b'?' || b == b';';
    // A leading `//` is a network-path reference: skip it.
    let search_start = if url.starts_with("//") { 2 } else { 0 };
    let early_path = find_in(bytes, search_start, is_path_start);
    let scheme_sep = bytes
        .get(search_start..)
        .and_then(|rest| {
            (0..rest.len().saturating_sub(2))
                .find(|&i| rest[i] == b':' && rest[i + 1] == b'/' && rest[i + 2] == b'/')
        })
        .map(|i| search_start + i)
        // `://` after the start of the path is part of the path.
        .filter(|&sep| early_path.is_none_or(|p| p > sep));
    let authority_start = scheme_sep.map_or(search_start, |sep| sep + 3);
    let Some(path_start) = find_in(bytes, authority_start, is_path_start) else {
        return Cow::Borrowed("/");
    };
    let fragment = find_in(bytes, search_start, |b| b == b'#');
    if fragment.is_some_and(|f| f < path_start) {
        return Cow::Borrowed("/");
    }
    let path = &url[path_start..fragment.unwrap_or(url.len())];
    if path.starts_with('/') {
        Cow::Borrowed(path)
    } else {
        Cow::Owned(format!("/{path}"))
    }
}

/// Why a robots.txt URL could not be derived from a page URL.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UrlError {
    /// The URL has no `scheme://`.
    NotAbsolute(String),
    /// The scheme is not one robots.txt applies to.
    UnsupportedScheme(String),
    /// There is no host between `://` and the path.
    MissingHost(String),
}

impl fmt::Display for UrlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UrlError::NotAbsolute(url) => write!(
                f,
                "'{url}' is not an absolute URL: it needs a scheme and host, like https://example.com/page"
            ),
            UrlError::UnsupportedScheme(scheme) => write!(
                f,
                "robots.txt applies to http, https and ftp URLs, not '{scheme}:' URLs"
            ),
            UrlError::MissingHost(url) => write!(f, "'{url}' has no host name"),
        }
    }
}

impl std::error::Error for UrlError {}

/// The robots.txt URL that governs `page_url`: same scheme, host and port,
/// path `/robots.txt`. User info is dropped, scheme and host are lower-cased,
/// and a default port (80 for http, 443 for https, 21 for ftp) is omitted.
pub fn robots_txt_url(page_url: &str) -> Result<String, UrlError> {
    let trimmed = page_url.trim();
    let (scheme, rest) = trimmed
        .split_once("://")
        .filter(|(scheme, _)| {
            !scheme.is_empty()
                && scheme
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'))
        })
        .ok_or_else(|| UrlError::NotAbsolute(trimmed.to_string()))?;
    let scheme = scheme.to_ascii_lowercase();
    let default_port = match scheme.as_str() {
        "http" => "80",
        "https" => "443",
        "ftp" => "21",
        _ => return Err(UrlError::UnsupportedScheme(scheme)),
    };
    let authority = rest.split(['/', '?', '#']).next().unwrap_or_default();
    let host_port = authority.rsplit_once('@').map_or(authority, |(_, hp)| hp);
    // A port follows the last `:` unless that `:` is inside an IPv6 literal.
    let (host, port) = match host_port.rsplit_once(':') {
        Some((host, port)) if !port.contains(']') => (host, port),
        _ => (host_port, ""),
    };
    if host.is_empty() {
        return Err(UrlError::MissingHost(trimmed.to_string()));
    }
    let host = host.to_ascii_lowercase();
    Ok(if port.is_empty() || port == default_port {
        format!("{scheme}://{host}/robots.txt")
    } else {
        format!("{scheme}://{host}:{port}/robots.txt")
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn extracts_path_params_and_query() {
        let cases = [
            ("", "/"),
            ("http://www.example.com", "/"),
            ("http://www.example.com/", "/"),
            ("http://www.example.com/a", "/a"),
            ("http://www.example.com/a/", "/a/"),
            (
                "http://www.example.com/a/b?c=http://d.e/",
                "/a/b?c=http://d.e/",
            ),
            (
                "http://www.example.com/a/b?c=d&e=f#fragment",
                "/a/b?c=d&e=f",
            ),
            ("example.com", "/"),
            ("example.com/", "/"),
            ("example.com/a", "/a"),
            ("example.com/a/", "/a/"),
            ("example.com/a/b?c=d&e=f#fragment", "/a/b?c=d&e=f"),
            ("a", "/"),
            ("a/", "/"),
            ("/a", "/a"),
            ("a/b", "/b"),
            ("example.com?a", "/?a"),
            ("example.com/a;b#c", "/a;b"),
            ("//a/b/c", "/b/c"),
            ("http://a#x/b", "/"),
            ("/path?q=1#frag", "/path?q=1"),
        ];
        for (url, want) in cases {
            assert_eq!(path_params_query(url), want, "{url:?}");
        }
    }

    proptest::proptest! {
        /// The start of a path as requested is the path's start where the
        /// URL has a path that starts with `/`, and there only.
        #[test]
        fn a_requested_path_starts_where_a_path_starts_with_a_slash(url in "(https?://|//)?[/:?;#ab.]{0,12}") {
            let bytes = url.as_bytes();
            proptest::prop_assert_eq!(
                requested_path_start(bytes),
                path_start_bytes(bytes).filter(|&start| bytes[start] == b'/'),
                "{:?}", url
            );
        }

        #[test]
        fn one_scan_extraction_agrees_with_the_reference(url in "(https?://|//)?[/:?;#ab.]{0,12}") {
            proptest::prop_assert_eq!(
                path_params_query(&url),
                reference_path_params_query(&url),
                "{:?}", url
            );
        }
    }

    #[test]
    fn robots_txt_url_keeps_scheme_host_and_port() {
        let ok = |u: &str| robots_txt_url(u).unwrap();
        assert_eq!(
            ok("https://Example.COM/a/b?c#d"),
            "https://example.com/robots.txt"
        );
        assert_eq!(
            ok("http://user:pw@example.com:8080/x"),
            "http://example.com:8080/robots.txt"
        );
        assert_eq!(
            ok("http://example.com:80/x"),
            "http://example.com/robots.txt"
        );
        assert_eq!(
            ok("HTTPS://example.com:443"),
            "https://example.com/robots.txt"
        );
        assert_eq!(ok("http://[::1]:8000/x"), "http://[::1]:8000/robots.txt");
        assert_eq!(ok("http://[::1]/x"), "http://[::1]/robots.txt");
    }

    #[test]
    fn robots_txt_url_errors_are_values() {
        assert!(matches!(
            robots_txt_url("/relative"),
            Err(UrlError::NotAbsolute(_))
        ));
        assert!(matches!(
            robots_txt_url("mailto:a@b"),
            Err(UrlError::NotAbsolute(_))
        ));
        assert!(matches!(
            robots_txt_url("gopher://x/"),
            Err(UrlError::UnsupportedScheme(_))
        ));
        assert!(matches!(
            robots_txt_url("http:///x"),
            Err(UrlError::MissingHost(_))
        ));
        let message = robots_txt_url("/relative").unwrap_err().to_string();
        assert!(message.contains("absolute URL"), "{message}");
    }
}
