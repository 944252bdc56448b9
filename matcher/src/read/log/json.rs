//! JSON lines: one object a line, its keys named as in [`super::names`]
//! (Cloudflare Logpush, nginx JSON `log_format`s, hand-made exports).
//! Objects one level down are read too, so Google Cloud's
//! `httpRequest: {requestUrl, userAgent, remoteIp, status}` works; keys
//! that name nothing known are skipped without being kept.
//!
//! Read with the readers' JSON reader ([`crate::read::json`]): strings
//! are borrowed from the line unless they hold escapes, and a skipped
//! value allocates nothing (but for a string with escapes).

use super::names::{fact_of, Found, Value};
use crate::read::json::{Kind, Reader};

/// How deep objects are read for known keys (the line is depth 0).
const MAX_DEPTH: usize = 1;

/// Reads one line's object into the facts its keys give; the error says
/// why it is not a JSON object, and at which column.
pub(super) fn parse(line: &str) -> Result<Found<Value<'_>>, String> {
    let mut found = Found::new();
    let mut reader = Reader::new(line);
    object(&mut reader, &mut found, 0)
        .and_then(|()| reader.end())
        .map_err(|error| {
            let (_, column) = error.line_column(line);
            format!("not a JSON object ({}, column {column})", error.reason)
        })?;
    Ok(found)
}

/// Reads an object whose known keys are gathered into `found`: a string
/// or number kept, an object read the same way `depth` + 1 down (up to
/// [`MAX_DEPTH`]), anything else skipped.
fn object<'a>(
    reader: &mut Reader<'a>,
    found: &mut Found<Value<'a>>,
    depth: usize,
) -> Result<(), crate::read::json::JsonError> {
    reader.object("an object", &mut |reader, key| {
        let value = match reader.peek()? {
            Kind::Text => Value::Text(reader.string()?),
            Kind::Number => Value::Number(reader.number()?),
            Kind::Object if depth < MAX_DEPTH => {
                object(reader, found, depth + 1)?;
                Value::Other
            }
            _ => {
                reader.skip()?;
                Value::Other
            }
        };
        if let Some((fact, rank)) = fact_of(&key, false) {
            found.offer(fact, rank, value);
        }
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use std::borrow::Cow;

    use super::super::names::Fact;
    use super::*;

    fn text<'a>(found: &mut Found<Value<'a>>, fact: Fact) -> Option<Cow<'a, str>> {
        match found.take(fact) {
            Some(Value::Text(text)) => Some(text),
            _ => None,
        }
    }

    #[test]
    fn cloudflare_logpush_fields_read() {
        // Field names of Cloudflare Logpush's http_requests dataset
        // (developers.cloudflare.com/logs/reference/log-fields/zone/http_requests/),
        // with EdgeStartTimestamp in the default `unixnano` format.
        let mut found = parse(
            r#"{"ClientIP":"66.249.66.1","ClientRequestHost":"example.com","ClientRequestMethod":"GET","ClientRequestURI":"/private/a?x=1","ClientRequestUserAgent":"Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)","EdgeResponseStatus":200,"EdgeStartTimestamp":1714644000000000000,"RayID":"7b1a2c3d4e5f6789","CacheCacheStatus":"hit","WAFFlags":"0","SecurityAction":null}"#,
        )
        .unwrap();
        assert_eq!(text(&mut found, Fact::Target).unwrap(), "/private/a?x=1");
        assert_eq!(text(&mut found, Fact::Ip).unwrap(), "66.249.66.1");
        assert_eq!(found.take(Fact::Status), Some(Value::Number(200.0)));
        assert_eq!(
            found.take(Fact::Time),
            Some(Value::Number(1_714_644_000_000_000_000.0))
        );
        assert!(text(&mut found, Fact::UserAgent)
            .unwrap()
            .contains("Googlebot/2.1"));
    }

    #[test]
    fn better_names_win_and_nested_objects_are_read() {
        // Google Cloud's load balancer logs nest the request in
        // `httpRequest` (cloud.google.com/logging/docs/reference/v2/rest/v2/LogEntry#HttpRequest).
        let mut found = parse(
            r#"{"path":"/generic","ClientRequestURI":"/cloudflare","meta":{"deep":{"ip":"192.0.2.1"}},"httpRequest":{"requestUrl":"https://example.com/gcp","userAgent":"x","remoteIp":"192.0.2.2"}}"#,
        )
        .unwrap();
        assert_eq!(text(&mut found, Fact::Target).unwrap(), "/cloudflare");
        assert_eq!(text(&mut found, Fact::Path).unwrap(), "/generic");
        assert_eq!(text(&mut found, Fact::UserAgent).unwrap(), "x");
        assert_eq!(text(&mut found, Fact::Ip).unwrap(), "192.0.2.2");
        let mut gcp = parse(r#"{"httpRequest":{"requestUrl":"https://example.com/gcp"}}"#).unwrap();
        assert_eq!(
            text(&mut gcp, Fact::Target).unwrap(),
            "https://example.com/gcp"
        );
    }

    #[test]
    fn escapes_are_undone_and_other_values_skipped() {
        let mut found =
            parse(r#"{"url":"/a\u00e9\"b","status":"404","agent":true,"ip":[1,2],"x":{"y":[{}]}}"#)
                .unwrap();
        assert_eq!(text(&mut found, Fact::Target).unwrap(), "/aé\"b");
        assert_eq!(text(&mut found, Fact::Status).unwrap(), "404");
        assert_eq!(found.take(Fact::UserAgent), Some(Value::Other));
        assert_eq!(found.take(Fact::Ip), Some(Value::Other));
    }

    #[test]
    fn what_is_not_an_object_says_where() {
        for (line, words) in [
            ("[1,2]", "invalid type"),
            (r#"{"url": "/a""#, "EOF"),
            (r#"{"url": "/a"} trailing"#, "trailing"),
            ("{'url': 1}", "key must be a string"),
        ] {
            let error = parse(line).err().unwrap();
            assert!(error.starts_with("not a JSON object"), "{error}");
            assert!(error.contains(words), "{line}: {error}");
            assert!(!error.contains("line 1"), "{error}");
        }
    }
}
