//! JSON lines: one object a line, its keys named as in [`super::names`]
//! (Cloudflare Logpush, nginx JSON `log_format`s, hand-made exports).
//! Objects one level down are read too, so Google Cloud's
//! `httpRequest: {requestUrl, userAgent, remoteIp, status}` works; keys
//! that name nothing known are skipped without being kept.
//!
//! Parsed with serde_json: strings are borrowed from the line unless they
//! hold escapes, and skipped values cost no allocation.

use std::borrow::Cow;
use std::fmt;

use serde::de::{DeserializeSeed, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};

use super::names::{fact_of, Found, Value};

/// How deep objects are read for known keys (the line is depth 0).
const MAX_DEPTH: usize = 1;

/// Reads one line's object into the facts its keys give; the error says
/// why it is not a JSON object.
pub(super) fn parse(line: &str) -> Result<Found<Value<'_>>, String> {
    let mut found = Found::new();
    let mut deserializer = serde_json::Deserializer::from_str(line);
    Object {
        found: &mut found,
        depth: 0,
    }
    .deserialize(&mut deserializer)
    .and_then(|()| deserializer.end())
    .map_err(|error| {
        // serde_json's message names line 1 and a column; the line is the
        // log's, so only the column is worth saying.
        let message = error.to_string();
        match message.rfind(" at line ") {
            Some(cut) => format!(
                "not a JSON object ({}, column {})",
                &message[..cut],
                error.column()
            ),
            None => format!("not a JSON object ({message})"),
        }
    })?;
    Ok(found)
}

/// An object whose known keys are gathered into `found`.
struct Object<'f, 'a> {
    found: &'f mut Found<Value<'a>>,
    depth: usize,
}

impl<'de> DeserializeSeed<'de> for Object<'_, 'de> {
    type Value = ();

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        deserializer.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for Object<'_, 'de> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an object")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        while let Some(key) = map.next_key::<Key<'de>>()? {
            match fact_of(&key.0, false) {
                Some((fact, rank)) => {
                    let value = map.next_value_seed(Nested {
                        found: self.found,
                        depth: self.depth,
                    })?;
                    self.found.offer(fact, rank, value);
                }
                None => map
                    .next_value_seed(Nested {
                        found: self.found,
                        depth: self.depth,
                    })
                    .map(drop)?,
            }
        }
        Ok(())
    }
}

/// A key, borrowed from the line unless it holds escapes.
struct Key<'a>(Cow<'a, str>);

impl<'de> serde::Deserialize<'de> for Key<'de> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Key<'de>, D::Error> {
        struct KeyVisitor;
        impl<'de> Visitor<'de> for KeyVisitor {
            type Value = Key<'de>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a key")
            }
            fn visit_borrowed_str<E>(self, text: &'de str) -> Result<Key<'de>, E> {
                Ok(Key(Cow::Borrowed(text)))
            }
            fn visit_str<E>(self, text: &str) -> Result<Key<'de>, E> {
                Ok(Key(Cow::Owned(text.to_string())))
            }
        }
        deserializer.deserialize_str(KeyVisitor)
    }
}

/// A value: a string or number kept, an object read for known keys one
/// level down, anything else skipped.
struct Nested<'f, 'a> {
    found: &'f mut Found<Value<'a>>,
    depth: usize,
}

impl<'de> DeserializeSeed<'de> for Nested<'_, 'de> {
    type Value = Value<'de>;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Value<'de>, D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Nested<'_, 'de> {
    type Value = Value<'de>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a value")
    }

    fn visit_borrowed_str<E>(self, text: &'de str) -> Result<Value<'de>, E> {
        Ok(Value::Text(Cow::Borrowed(text)))
    }

    fn visit_str<E>(self, text: &str) -> Result<Value<'de>, E> {
        Ok(Value::Text(Cow::Owned(text.to_string())))
    }

    fn visit_u64<E>(self, n: u64) -> Result<Value<'de>, E> {
        Ok(Value::Number(n as f64))
    }

    fn visit_i64<E>(self, n: i64) -> Result<Value<'de>, E> {
        Ok(Value::Number(n as f64))
    }

    fn visit_f64<E>(self, n: f64) -> Result<Value<'de>, E> {
        Ok(Value::Number(n))
    }

    fn visit_bool<E>(self, _: bool) -> Result<Value<'de>, E> {
        Ok(Value::Other)
    }

    fn visit_unit<E>(self) -> Result<Value<'de>, E> {
        Ok(Value::Other)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value<'de>, A::Error> {
        while seq.next_element::<IgnoredAny>()?.is_some() {}
        Ok(Value::Other)
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value<'de>, A::Error> {
        if self.depth < MAX_DEPTH {
            Object {
                found: self.found,
                depth: self.depth + 1,
            }
            .visit_map(map)?;
        } else {
            while map.next_entry::<IgnoredAny, IgnoredAny>()?.is_some() {}
        }
        Ok(Value::Other)
    }
}

#[cfg(test)]
mod tests {
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
