//! The Common and Combined Log Formats: Apache's `common` and `combined`
//! (`%h %l %u %t "%r" %>s %b` and `"%{Referer}i" "%{User-agent}i"`),
//! nginx's default `combined`, and Apache's `vhost_combined` (the virtual
//! host and port first). Fields after the user agent (nginx formats that
//! add `$http_x_forwarded_for` or timings) are allowed and ignored.
//!
//! Quoted fields may hold escapes: Apache writes `\"`, `\\` and `\xhh`,
//! nginx `\xhh` (`\x22` for a quote); they are undone.

use std::borrow::Cow;

use super::request::{client_ip, request_line, RequestLine};
use super::time::{parse_clf, Timestamp};

/// One line, read.
pub(super) struct ClfLine<'a> {
    pub client: &'a str,
    pub vhost: Option<&'a str>,
    /// The time as written, and whether it read.
    pub time: (&'a str, Option<Timestamp>),
    pub request: RequestLine<'a>,
    pub status: Option<u16>,
    /// The user agent, when the line is in the Combined format.
    pub user_agent: Option<Cow<'a, str>>,
}

/// Reads a line, or says what is missing. Every search is a byte search
/// (memchr): this runs on every line of logs of millions.
pub(super) fn parse(line: &str) -> Result<ClfLine<'_>, &'static str> {
    let bytes = line.as_bytes();
    let open = memchr::memchr(b'[', bytes).ok_or("no [time] after the client")?;
    let mut words = line[..open].split_ascii_whitespace();
    let first = [words.next(), words.next(), words.next(), words.next()];
    let (vhost, client) = match first {
        [Some(vhost), Some(client), Some(_), Some(_)]
            if words.next().is_none()
                && client_ip(vhost).is_none()
                && client_ip(client).is_some() =>
        {
            (Some(vhost), client)
        }
        [Some(client), Some(_), ..] => (None, client),
        _ => return Err("fewer fields than client, identity and user before the [time]"),
    };
    let close =
        memchr::memchr(b']', &bytes[open + 1..]).ok_or("the [time] is not closed by ]")? + open + 1;
    let written = &line[open + 1..close];
    let time = parse_clf(written.as_bytes());
    let rest = line[close + 1..].trim_start_matches(' ');
    let (request, rest) =
        quoted(rest).ok_or("no quoted request (\"GET /path HTTP/1.1\") after the [time]")?;
    let (code, rest) = next_word(rest);
    let status = match code {
        "-" => None,
        "" => return Err("no status after the request"),
        code => Some(status_code(code).ok_or("the status after the request is not a number")?),
    };
    // The size, then (Combined) the quoted referer and user agent.
    let (_, rest) = next_word(rest);
    let user_agent = quoted(rest).and_then(|(_, rest)| quoted(rest.trim_start_matches(' ')));
    Ok(ClfLine {
        client,
        vhost,
        time: (written, time),
        request: request_line(request),
        status,
        user_agent: user_agent.map(|(agent, _)| agent),
    })
}

/// The first space-separated word of `text` and what follows it (its
/// leading spaces trimmed).
fn next_word(text: &str) -> (&str, &str) {
    let text = text.trim_start_matches(' ');
    let end = memchr::memchr(b' ', text.as_bytes()).unwrap_or(text.len());
    (&text[..end], text[end..].trim_start_matches(' '))
}

/// A three-digit HTTP status.
pub(super) fn status_code(text: &str) -> Option<u16> {
    let text = text.trim();
    (text.len() == 3)
        .then(|| text.parse::<u16>().ok())
        .flatten()
        .filter(|code| (100..=999).contains(code))
}

/// The quoted field at the start of `text` (escapes undone) and what
/// follows it.
fn quoted(text: &str) -> Option<(Cow<'_, str>, &str)> {
    let body = text.strip_prefix('"')?;
    let bytes = body.as_bytes();
    let mut escaped = false;
    let mut at = 0;
    loop {
        let next = memchr::memchr2(b'"', b'\\', &bytes[at..])? + at;
        if bytes[next] == b'\\' {
            escaped = true;
            // Skip the escaped byte, whatever it is.
            at = next + 2;
            if at > bytes.len() {
                return None;
            }
            continue;
        }
        let field = &body[..next];
        let rest = &body[next + 1..];
        return Some((
            if escaped {
                unescape(field)
            } else {
                Cow::Borrowed(field)
            },
            rest,
        ));
    }
}

/// Undoes `\"`, `\\` and `\xhh`; other escapes stay as written.
fn unescape(field: &str) -> Cow<'_, str> {
    let bytes = field.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match (bytes[i], bytes.get(i + 1)) {
            (b'\\', Some(b'"' | b'\\')) => {
                out.push(bytes[i + 1]);
                i += 2;
            }
            (b'\\', Some(b'x')) => match bytes.get(i + 2..i + 4).and_then(hex_byte) {
                Some(byte) => {
                    out.push(byte);
                    i += 4;
                }
                None => {
                    out.push(b'\\');
                    i += 1;
                }
            },
            (byte, _) => {
                out.push(byte);
                i += 1;
            }
        }
    }
    Cow::Owned(String::from_utf8_lossy(&out).into_owned())
}

fn hex_byte(pair: &[u8]) -> Option<u8> {
    let text = std::str::from_utf8(pair).ok()?;
    u8::from_str_radix(text, 16).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The target of a line's request.
    fn target<'l>(line: &'l ClfLine<'_>) -> Option<&'l str> {
        match &line.request {
            RequestLine::Http { target, .. } => Some(target),
            RequestLine::Empty | RequestLine::NotHttp => None,
        }
    }

    #[test]
    fn apache_documentation_lines_read() {
        // Apache HTTP Server 2.4 documentation, "Log Files", Common Log
        // Format and Combined Log Format examples
        // (https://httpd.apache.org/docs/2.4/logs.html#accesslog).
        let common = parse(
            r#"127.0.0.1 - frank [10/Oct/2000:13:55:36 -0700] "GET /apache_pb.gif HTTP/1.0" 200 2326"#,
        )
        .unwrap();
        assert_eq!(common.client, "127.0.0.1");
        assert_eq!(common.time.1.unwrap().to_string(), "2000-10-10T20:55:36Z");
        assert_eq!(common.status, Some(200));
        assert!(common.user_agent.is_none());
        assert_eq!(target(&common).unwrap(), "/apache_pb.gif");
        let combined = parse(
            r#"127.0.0.1 - frank [10/Oct/2000:13:55:36 -0700] "GET /apache_pb.gif HTTP/1.0" 200 2326 "http://www.example.com/start.html" "Mozilla/4.08 [en] (Win98; I ;Nav)""#,
        )
        .unwrap();
        assert_eq!(
            combined.user_agent.as_deref(),
            Some("Mozilla/4.08 [en] (Win98; I ;Nav)")
        );
    }

    #[test]
    fn nginx_lines_read_with_extra_fields_and_escapes() {
        // nginx's default `combined` format (ngx_http_log_module docs:
        // '$remote_addr - $remote_user [$time_local] "$request" $status
        // $body_bytes_sent "$http_referer" "$http_user_agent"'), with an
        // X-Forwarded-For field after it and nginx's \x22 escape.
        let line = parse(
            r#"2001:db8::1 - - [02/May/2024:10:00:00 +0000] "GET /a?q=\x22x\x22 HTTP/1.1" 404 153 "-" "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" "203.0.113.9""#,
        )
        .unwrap();
        assert_eq!(line.client, "2001:db8::1");
        assert_eq!(target(&line).unwrap(), "/a?q=\"x\"");
        assert_eq!(line.status, Some(404));
        assert!(line.user_agent.unwrap().contains("Googlebot/2.1"));
    }

    #[test]
    fn vhost_combined_names_the_host_first() {
        let line = parse(
            r#"www.example.com:443 192.0.2.7 - - [02/May/2024:10:00:00 +0000] "HEAD / HTTP/1.1" 200 0 "-" "curl/8.5.0""#,
        )
        .unwrap();
        assert_eq!(
            (line.vhost, line.client),
            (Some("www.example.com:443"), "192.0.2.7")
        );
        assert_eq!(line.user_agent.as_deref(), Some("curl/8.5.0"));
    }

    #[test]
    fn apache_escapes_in_the_user_agent_are_undone() {
        let line = parse(
            r#"192.0.2.1 - - [02/May/2024:10:00:00 +0000] "GET / HTTP/1.1" 200 5 "-" "a \"quoted\" \\ agent \xc3\xa9""#,
        )
        .unwrap();
        assert_eq!(line.user_agent.as_deref(), Some("a \"quoted\" \\ agent é"));
    }

    #[test]
    fn lines_without_a_request_read_as_such() {
        let dash =
            parse(r#"192.0.2.1 - - [02/May/2024:10:00:00 +0000] "-" 400 0 "-" "-""#).unwrap();
        assert!(matches!(dash.request, RequestLine::Empty));
        let tls = parse(
            r#"192.0.2.1 - - [02/May/2024:10:00:00 +0000] "\x16\x03\x01\x00\xF1\x01" 400 157 "-" "-""#,
        )
        .unwrap();
        assert!(matches!(tls.request, RequestLine::NotHttp));
    }

    #[test]
    fn broken_lines_say_what_is_missing() {
        for (line, reason) in [
            ("just words", "no [time]"),
            (
                "a [02/May/2024:10:00:00 +0000] \"GET / HTTP/1.1\" 200 1",
                "fewer fields",
            ),
            (
                "a - - [02/May/2024:10:00:00 +0000 \"GET /\" 200 1",
                "not closed",
            ),
            (
                "a - - [02/May/2024:10:00:00 +0000] GET / 200 1",
                "no quoted request",
            ),
            (
                "a - - [02/May/2024:10:00:00 +0000] \"GET / HTTP/1.1\" x 1",
                "not a number",
            ),
            (
                "a - - [02/May/2024:10:00:00 +0000] \"GET / HTTP/1.1\"",
                "no status",
            ),
            ("a - - [x] \"GET /\\", "no quoted request"),
        ] {
            let error = parse(line)
                .err()
                .unwrap_or_else(|| panic!("{line} was read"));
            assert!(error.contains(reason), "{line}: {error}");
        }
        let bad_time = parse(r#"a - - [yesterday] "GET / HTTP/1.1" 200 1"#).unwrap();
        assert_eq!(bad_time.time, ("yesterday", None));
    }
}
