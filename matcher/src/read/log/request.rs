//! Pieces of a request that every format writes the same way: the client
//! address and the request line (`GET /path HTTP/1.1`).

use std::borrow::Cow;
use std::net::IpAddr;

/// A request line, read.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum RequestLine<'a> {
    /// `METHOD TARGET [PROTOCOL]`.
    Http {
        method: Cow<'a, str>,
        target: Cow<'a, str>,
    },
    /// No request: `-` or nothing (a connection closed before one came).
    Empty,
    /// Something that is not an HTTP request (a TLS handshake sent to the
    /// HTTP port, a scanner's junk).
    NotHttp,
}

/// Reads a request line. A target holding spaces (a client that did not
/// encode them) is kept whole: everything between the method and the
/// protocol.
pub(super) fn request_line(line: Cow<'_, str>) -> RequestLine<'_> {
    let parts = match split_request(&line) {
        Ok(parts) => parts,
        Err(empty) => {
            return if empty {
                RequestLine::Empty
            } else {
                RequestLine::NotHttp
            }
        }
    };
    match line {
        Cow::Borrowed(text) => RequestLine::Http {
            method: Cow::Borrowed(&text[parts.0.clone()]),
            target: Cow::Borrowed(&text[parts.1]),
        },
        Cow::Owned(text) => RequestLine::Http {
            method: Cow::Owned(text[parts.0].to_string()),
            target: Cow::Owned(text[parts.1].to_string()),
        },
    }
}

type Span = std::ops::Range<usize>;

/// Where the method and the target are, or whether the line is empty
/// (`true`) rather than not HTTP (`false`).
fn split_request(line: &str) -> Result<(Span, Span), bool> {
    let trimmed = line.trim();
    if trimmed.is_empty() || trimmed == "-" {
        return Err(true);
    }
    let start = line.len() - line.trim_start().len();
    let method_end = line[start..].find(' ').ok_or(false)? + start;
    let method = &line[start..method_end];
    let is_method = (1..=20).contains(&method.len())
        && method
            .bytes()
            .all(|b| b.is_ascii_uppercase() || b == b'-' || b == b'_');
    if !is_method {
        return Err(false);
    }
    let rest = line[method_end..].trim();
    let rest_start = line.len() - line[method_end..].trim_start().len();
    let target_len = match rest.rfind(' ') {
        Some(space) if rest[space + 1..].starts_with("HTTP/") => rest[..space].trim_end().len(),
        _ if rest.starts_with("HTTP/") => 0,
        _ => rest.len(),
    };
    if target_len == 0 || rest.bytes().any(|b| b.is_ascii_control()) {
        return Err(false);
    }
    Ok((start..method_end, rest_start..rest_start + target_len))
}

/// The client's address as logs write it: an IPv4 or IPv6 address,
/// possibly in brackets or with a port (`[2001:db8::1]:443`,
/// `192.0.2.1:5000`), or the first of a forwarded list (`a, b`).
pub fn client_ip(text: &str) -> Option<IpAddr> {
    let text = text.split(',').next().unwrap_or(text).trim();
    if let Ok(ip) = text.parse() {
        return Some(ip);
    }
    if let Some(rest) = text.strip_prefix('[') {
        return rest.split_once(']')?.0.parse().ok();
    }
    // IPv4 with a port (an IPv6 address has several colons).
    match text.split_once(':') {
        Some((ip, port)) if !port.contains(':') && port.bytes().all(|b| b.is_ascii_digit()) => {
            ip.parse().ok()
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn http(line: &str) -> Option<(String, String)> {
        match request_line(Cow::Borrowed(line)) {
            RequestLine::Http { method, target } => Some((method.into(), target.into())),
            _ => None,
        }
    }

    #[test]
    fn request_lines_give_method_and_target() {
        assert_eq!(
            http("GET /a?b HTTP/1.1"),
            Some(("GET".into(), "/a?b".into()))
        );
        assert_eq!(http("HEAD /"), Some(("HEAD".into(), "/".into())));
        assert_eq!(
            http("GET /a b HTTP/1.0"),
            Some(("GET".into(), "/a b".into()))
        );
        assert_eq!(
            http("GET http://other.example/x HTTP/1.1"),
            Some(("GET".into(), "http://other.example/x".into()))
        );
        let owned = request_line(Cow::Owned("M-SEARCH * HTTP/1.1".to_string()));
        assert!(matches!(owned, RequestLine::Http { ref target, .. } if target == "*"));
    }

    #[test]
    fn empty_and_junk_requests_are_told_apart() {
        for empty in ["", "-", "  "] {
            assert_eq!(request_line(Cow::Borrowed(empty)), RequestLine::Empty);
        }
        for junk in [
            "GET",
            "get / HTTP/1.1",
            "\u{16}\u{3}\u{1} x",
            "GET HTTP/1.1",
            "GET /\u{7}x",
        ] {
            assert_eq!(
                request_line(Cow::Borrowed(junk)),
                RequestLine::NotHttp,
                "{junk:?}"
            );
        }
    }

    #[test]
    fn client_addresses_read_in_every_written_form() {
        for (text, ip) in [
            ("192.0.2.1", "192.0.2.1"),
            ("192.0.2.1:5000", "192.0.2.1"),
            ("2001:db8::1", "2001:db8::1"),
            ("[2001:db8::1]:443", "2001:db8::1"),
            ("::ffff:192.0.2.1", "::ffff:192.0.2.1"),
            ("203.0.113.9, 10.0.0.1", "203.0.113.9"),
        ] {
            assert_eq!(client_ip(text), Some(ip.parse().unwrap()), "{text}");
        }
        for text in ["-", "crawl-66-249-66-1.googlebot.com", "", "1.2.3", "[::1"] {
            assert_eq!(client_ip(text), None, "{text}");
        }
    }
}
