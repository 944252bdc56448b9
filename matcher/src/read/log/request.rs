//! Pieces of a request that every format writes the same way: the client
//! address and the request line (`GET /path HTTP/1.1`).

use std::borrow::Cow;
use std::net::{IpAddr, Ipv4Addr};

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
    let bytes = line.as_bytes();
    let start = bytes
        .iter()
        .position(|b| !b.is_ascii_whitespace())
        .ok_or(true)?;
    let end = bytes
        .iter()
        .rposition(|b| !b.is_ascii_whitespace())
        .map_or(start, |e| e + 1);
    if &bytes[start..end] == b"-" {
        return Err(true);
    }
    let method_end = memchr::memchr(b' ', &bytes[start..end]).ok_or(false)? + start;
    let is_method = (1..=20).contains(&(method_end - start))
        && bytes[start..method_end]
            .iter()
            .all(|&b| b.is_ascii_uppercase() || b == b'-' || b == b'_');
    if !is_method {
        return Err(false);
    }
    let target_start = bytes[method_end..end]
        .iter()
        .position(|&b| b != b' ')
        .map_or(end, |at| method_end + at);
    let rest = &bytes[target_start..end];
    let target_len = match memchr::memrchr(b' ', rest) {
        Some(space) if rest[space + 1..].starts_with(b"HTTP/") => {
            rest[..space].trim_ascii_end().len()
        }
        _ if rest.starts_with(b"HTTP/") => 0,
        _ => rest.len(),
    };
    if target_len == 0 || rest.iter().any(u8::is_ascii_control) {
        return Err(false);
    }
    Ok((start..method_end, target_start..target_start + target_len))
}

/// The client's address as logs write it: an IPv4 or IPv6 address,
/// possibly in brackets or with a port (`[2001:db8::1]:443`,
/// `192.0.2.1:5000`), or the first of a forwarded list (`a, b`).
pub fn client_ip(text: &str) -> Option<IpAddr> {
    if let Some(ip) = ipv4(text.as_bytes()) {
        return Some(IpAddr::V4(ip));
    }
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

/// A plain dotted IPv4 address, read by hand: the common case, on every
/// line, in a fraction of the time of the standard library's parser
/// (which tries IPv6 as well). Like it, refuses octets over 255 or with a
/// leading zero.
fn ipv4(text: &[u8]) -> Option<Ipv4Addr> {
    let mut octets = [0u8; 4];
    let mut parts = text.split(|&b| b == b'.');
    for octet in &mut octets {
        let part = parts.next()?;
        let valid = matches!(part.len(), 1..=3)
            && part.iter().all(u8::is_ascii_digit)
            && (part.len() == 1 || part[0] != b'0');
        if !valid {
            return None;
        }
        let value = part.iter().fold(0u16, |v, &d| v * 10 + u16::from(d - b'0'));
        *octet = u8::try_from(value).ok()?;
    }
    parts.next().is_none().then_some(Ipv4Addr::from(octets))
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
        for text in [
            "-",
            "crawl-66-249-66-1.googlebot.com",
            "",
            "1.2.3",
            "[::1",
            "1.2.3.256",
            "01.2.3.4",
            "1.2.3.4.5",
            "1..3.4",
        ] {
            assert_eq!(client_ip(text), None, "{text}");
        }
    }
}
