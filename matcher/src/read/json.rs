//! A small JSON reader (RFC 8259) for the JSON the readers take in: a
//! JSON-lines log's objects ([`super::log`]) and an operator's IP-range
//! file ([`super::ip_ranges`]). The caller walks the text: it asks what
//! the next value is ([`Reader::peek`]), reads an object's entries or a
//! list's items through a callback, takes strings and numbers, and skips
//! what it does not need (skipping allocates nothing unless a skipped
//! string holds escapes). Strings are borrowed from the text unless they
//! hold escapes.
//!
//! Why not serde_json's deserializer, which these readers used before:
//! it was the only part of serde_json the app's log worker needed, and
//! with the visitors, the derived readers and its error messages it cost
//! that worker's wasm about 16 KB (its code, measured on the size build,
//! 2026-11-27), where this reader is a few. serde_json stays the crate's
//! writer (the `serde` feature's records are written with it by the CLI
//! and the app) and its tests' reader.

use std::borrow::Cow;

/// How deep lists and objects may nest (as deep as serde_json reads): deeper
/// is an error, not a stack overflow.
const MAX_NESTING: usize = 127;

/// Why a text is not the JSON a reader expects.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct JsonError {
    /// What is wrong, in words.
    pub(crate) reason: String,
    /// The byte of the text where it went wrong.
    pub(crate) at: usize,
}

impl JsonError {
    /// The line and column (both from 1, the column in bytes) of the
    /// error in `text`, the text it came from.
    pub(crate) fn line_column(&self, text: &str) -> (usize, usize) {
        let before = &text.as_bytes()[..self.at.min(text.len())];
        let line_start = before
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |i| i + 1);
        let line = 1 + before.iter().filter(|&&b| b == b'\n').count();
        (line, self.at.min(text.len()) - line_start + 1)
    }
}

/// What a value is, from its first byte.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    Object,
    List,
    Text,
    Number,
    Bool,
    Null,
}

impl Kind {
    /// The kind in words, for messages.
    fn name(self) -> &'static str {
        match self {
            Kind::Object => "an object",
            Kind::List => "a list",
            Kind::Text => "a string",
            Kind::Number => "a number",
            Kind::Bool => "a boolean",
            Kind::Null => "null",
        }
    }
}

/// An object's entry, as [`Reader::object`] gives it: the key, with the
/// reader before its value, which the callback must read or skip.
pub(crate) type Entry<'f, 'a> =
    &'f mut dyn FnMut(&mut Reader<'a>, Cow<'a, str>) -> Result<(), JsonError>;

/// A list's item, as [`Reader::list`] gives it: the reader before the
/// item, which the callback must read or skip.
pub(crate) type Item<'f, 'a> = &'f mut dyn FnMut(&mut Reader<'a>) -> Result<(), JsonError>;

/// A place in a JSON text.
pub(crate) struct Reader<'a> {
    text: &'a str,
    at: usize,
    nesting: usize,
}

impl<'a> Reader<'a> {
    /// A reader at the start of `text`.
    pub(crate) fn new(text: &'a str) -> Reader<'a> {
        Reader {
            text,
            at: 0,
            nesting: 0,
        }
    }

    fn byte(&self) -> Option<u8> {
        self.text.as_bytes().get(self.at).copied()
    }

    fn space(&mut self) {
        while matches!(self.byte(), Some(b' ' | b'\t' | b'\n' | b'\r')) {
            self.at += 1;
        }
    }

    /// An error at the reader's place.
    pub(crate) fn error(&self, reason: impl Into<String>) -> JsonError {
        JsonError {
            reason: reason.into(),
            at: self.at,
        }
    }

    /// The kind of the next value (after whitespace); an error at the end
    /// of the text or at a byte that starts no value.
    pub(crate) fn peek(&mut self) -> Result<Kind, JsonError> {
        self.space();
        Ok(match self.byte() {
            Some(b'{') => Kind::Object,
            Some(b'[') => Kind::List,
            Some(b'"') => Kind::Text,
            Some(b'-' | b'0'..=b'9') => Kind::Number,
            Some(b't' | b'f') => Kind::Bool,
            Some(b'n') => Kind::Null,
            None => return Err(self.error("EOF while parsing a value")),
            Some(_) => return Err(self.error("expected value")),
        })
    }

    /// The error for a next value of a kind other than `expected` (words).
    pub(crate) fn unexpected(&mut self, expected: &str) -> JsonError {
        match self.peek() {
            Ok(kind) => self.error(format!(
                "invalid type: {}, expected {expected}",
                kind.name()
            )),
            Err(error) => error,
        }
    }

    /// Steps over `byte` (after whitespace) when it is next.
    fn eat(&mut self, byte: u8) -> bool {
        self.space();
        let next = self.byte() == Some(byte);
        self.at += usize::from(next);
        next
    }

    /// Steps into an object or list (`open`, ended by `close`; `expected`
    /// says what should be there): whether it has entries or items.
    fn open(&mut self, open: u8, close: u8, expected: &str) -> Result<bool, JsonError> {
        if !self.eat(open) {
            return Err(self.unexpected(expected));
        }
        self.nesting += 1;
        if self.nesting > MAX_NESTING {
            return Err(self.error("recursion limit exceeded"));
        }
        self.more(close, None)
    }

    /// After an object's entry or a list's item (or at its start, with no
    /// `what`): whether another follows (a `,` stepped over, but for the
    /// first) or it ends (`close` stepped over).
    fn more(&mut self, close: u8, what: Option<&str>) -> Result<bool, JsonError> {
        if self.eat(close) {
            self.nesting -= 1;
            return Ok(false);
        }
        let Some(what) = what else {
            return Ok(true);
        };
        if self.eat(b',') {
            return Ok(true);
        }
        Err(match self.byte() {
            None => self.error(format!("EOF while parsing {what}")),
            Some(_) => self.error(format!("expected `,` or `{}` in {what}", char::from(close))),
        })
    }

    /// Reads an object (`expected` says what should be there, for the
    /// error when something else is), giving each entry to `entry`.
    pub(crate) fn object(&mut self, expected: &str, entry: Entry<'_, 'a>) -> Result<(), JsonError> {
        let mut more = self.open(b'{', b'}', expected)?;
        while more {
            self.space();
            if self.byte() != Some(b'"') {
                return Err(match self.byte() {
                    None => self.error("EOF while parsing an object"),
                    Some(_) => self.error("key must be a string"),
                });
            }
            let key = self.string()?;
            if !self.eat(b':') {
                return Err(self.error("expected `:` after an object's key"));
            }
            entry(self, key)?;
            more = self.more(b'}', Some("an object"))?;
        }
        Ok(())
    }

    /// Reads a list (`expected` says what should be there), giving each
    /// item to `item`.
    pub(crate) fn list(&mut self, expected: &str, item: Item<'_, 'a>) -> Result<(), JsonError> {
        let mut more = self.open(b'[', b']', expected)?;
        while more {
            item(self)?;
            more = self.more(b']', Some("a list"))?;
        }
        Ok(())
    }

    /// Reads a string (the next value must be one: [`Reader::peek`]).
    pub(crate) fn string(&mut self) -> Result<Cow<'a, str>, JsonError> {
        if !self.eat(b'"') {
            return Err(self.unexpected("a string"));
        }
        let text = self.text;
        let bytes = text.as_bytes();
        let mut owned: Option<String> = None;
        let mut start = self.at;
        loop {
            let Some(&b) = bytes.get(self.at) else {
                return Err(self.error("EOF while parsing a string"));
            };
            match b {
                b'"' => {
                    let last = &text[start..self.at];
                    self.at += 1;
                    return Ok(match owned {
                        Some(mut s) => {
                            s.push_str(last);
                            Cow::Owned(s)
                        }
                        None => Cow::Borrowed(last),
                    });
                }
                b'\\' => {
                    let s = owned.get_or_insert_with(String::new);
                    s.push_str(&text[start..self.at]);
                    self.at += 1;
                    let Some(code) = self.byte() else {
                        return Err(self.error("EOF while parsing a string"));
                    };
                    self.at += 1;
                    s.push(match code {
                        b'"' => '"',
                        b'\\' => '\\',
                        b'/' => '/',
                        b'b' => '\u{8}',
                        b'f' => '\u{c}',
                        b'n' => '\n',
                        b'r' => '\r',
                        b't' => '\t',
                        b'u' => self.unicode_escape()?,
                        _ => {
                            self.at -= 1;
                            return Err(self.error("invalid escape"));
                        }
                    });
                    start = self.at;
                }
                0..=0x1f => {
                    return Err(self
                        .error("control character (\\u0000-\\u001F) found while parsing a string"))
                }
                _ => self.at += 1,
            }
        }
    }

    /// The four hex digits of a `\u` escape at the reader's place.
    fn hex4(&mut self) -> Result<u32, JsonError> {
        let digits = self.text.as_bytes().get(self.at..self.at + 4);
        let Some(digits) = digits else {
            return Err(self.error("EOF while parsing a string"));
        };
        let mut value = 0;
        for &d in digits {
            let Some(v) = char::from(d).to_digit(16) else {
                return Err(self.error("invalid escape"));
            };
            value = value * 16 + v;
        }
        self.at += 4;
        Ok(value)
    }

    /// A `\u` escape's character, past its digits (a surrogate pair is two
    /// escapes).
    fn unicode_escape(&mut self) -> Result<char, JsonError> {
        let first = self.hex4()?;
        let code = match first {
            0xD800..=0xDBFF => {
                let bytes = self.text.as_bytes();
                if bytes.get(self.at) != Some(&b'\\') || bytes.get(self.at + 1) != Some(&b'u') {
                    return Err(self.error("lone leading surrogate in hex escape"));
                }
                self.at += 2;
                let second = self.hex4()?;
                if !(0xDC00..=0xDFFF).contains(&second) {
                    return Err(self.error("lone leading surrogate in hex escape"));
                }
                0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
            }
            0xDC00..=0xDFFF => return Err(self.error("lone trailing surrogate in hex escape")),
            code => code,
        };
        char::from_u32(code).ok_or_else(|| self.error("invalid unicode code point"))
    }

    /// Reads a number (the next value must be one: [`Reader::peek`]), as
    /// the nearest `f64` for up to 19 significant digits (more are
    /// rounded off); an error for a number too large for an `f64`.
    pub(crate) fn number(&mut self) -> Result<f64, JsonError> {
        self.space();
        let start = self.at;
        let negative = self.byte() == Some(b'-');
        self.at += usize::from(negative);
        let (mut mantissa, mut exponent) = (0u64, 0i64);
        let mut digit = |reader: &mut Reader<'_>, fraction: bool| -> bool {
            let Some(d @ b'0'..=b'9') = reader.byte() else {
                return false;
            };
            reader.at += 1;
            match mantissa
                .checked_mul(10)
                .and_then(|m| m.checked_add(u64::from(d - b'0')))
            {
                Some(m) => {
                    mantissa = m;
                    exponent -= i64::from(fraction);
                }
                // Digits past what a u64 holds only scale the number.
                None => exponent += i64::from(!fraction),
            }
            true
        };
        match self.byte() {
            Some(b'0') => self.at += 1,
            Some(b'1'..=b'9') => while digit(self, false) {},
            _ => return Err(self.error("invalid number")),
        }
        if self.byte() == Some(b'.') {
            self.at += 1;
            if !digit(self, true) {
                return Err(self.error("invalid number"));
            }
            while digit(self, true) {}
        }
        if matches!(self.byte(), Some(b'e' | b'E')) {
            self.at += 1;
            let sign = match self.byte() {
                Some(b'-') => -1,
                Some(b'+') => 1,
                _ => 0,
            };
            self.at += usize::from(sign != 0);
            let mut written = 0i64;
            let mut any = false;
            while let Some(d @ b'0'..=b'9') = self.byte() {
                self.at += 1;
                any = true;
                written = (written * 10 + i64::from(d - b'0')).min(1_000_000);
            }
            if !any {
                return Err(self.error("invalid number"));
            }
            exponent += if sign < 0 { -written } else { written };
        }
        let mut value = mantissa as f64;
        if mantissa != 0 {
            // Powers of ten up to 10^22 are exact, so a number of up to 15
            // digits with at most 22 decimals is the nearest f64.
            let mut scale = exponent.unsigned_abs();
            while scale > 0 && value.is_finite() && value != 0.0 {
                let step = scale.min(22);
                let power = (0..step).fold(1.0f64, |p, _| p * 10.0);
                value = if exponent < 0 {
                    value / power
                } else {
                    value * power
                };
                scale -= step;
            }
        }
        if value.is_infinite() {
            self.at = start;
            return Err(self.error("number out of range"));
        }
        Ok(if negative { -value } else { value })
    }

    /// Steps over `word` (`true`, `false`, `null`).
    fn literal(&mut self, word: &str) -> Result<(), JsonError> {
        if self.text[self.at..].starts_with(word) {
            self.at += word.len();
            Ok(())
        } else {
            Err(self.error("expected ident"))
        }
    }

    /// Steps over the next value, whatever it is.
    pub(crate) fn skip(&mut self) -> Result<(), JsonError> {
        match self.peek()? {
            Kind::Object => self.object("", &mut |reader, _| reader.skip()),
            Kind::List => self.list("", &mut Reader::skip),
            Kind::Text => self.string().map(drop),
            Kind::Number => self.number().map(drop),
            Kind::Bool if self.byte() == Some(b't') => self.literal("true"),
            Kind::Bool => self.literal("false"),
            Kind::Null => self.literal("null"),
        }
    }

    /// Whether the next value is `null`, stepped over when it is.
    pub(crate) fn null(&mut self) -> Result<bool, JsonError> {
        if self.peek()? == Kind::Null {
            self.literal("null")?;
            return Ok(true);
        }
        Ok(false)
    }

    /// Checks that only whitespace is left.
    pub(crate) fn end(&mut self) -> Result<(), JsonError> {
        self.space();
        match self.byte() {
            None => Ok(()),
            Some(_) => Err(self.error("trailing characters")),
        }
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;
    use serde_json::Value as Json;

    use super::*;

    /// The value at the reader, as serde_json's tree (numbers as f64).
    fn tree(reader: &mut Reader<'_>) -> Result<Json, JsonError> {
        Ok(match reader.peek()? {
            Kind::Object => {
                let mut map = serde_json::Map::new();
                reader.object("", &mut |reader, key| {
                    let value = tree(reader)?;
                    map.insert(key.into_owned(), value);
                    Ok(())
                })?;
                Json::Object(map)
            }
            Kind::List => {
                let mut items = Vec::new();
                reader.list("", &mut |reader| {
                    items.push(tree(reader)?);
                    Ok(())
                })?;
                Json::Array(items)
            }
            Kind::Text => Json::String(reader.string()?.into_owned()),
            Kind::Number => Json::from(reader.number()?),
            Kind::Null => {
                reader.skip()?;
                Json::Null
            }
            Kind::Bool => {
                let value = reader.byte() == Some(b't');
                reader.skip()?;
                Json::Bool(value)
            }
        })
    }

    /// The whole text's value by this reader.
    fn read(text: &str) -> Result<Json, JsonError> {
        let mut reader = Reader::new(text);
        let value = tree(&mut reader)?;
        reader.end()?;
        Ok(value)
    }

    /// serde_json's reading of `text`, its numbers made f64.
    fn serde_read(text: &str) -> Option<Json> {
        fn floats(value: Json) -> Json {
            match value {
                Json::Number(n) => Json::from(n.as_f64().unwrap()),
                Json::Array(items) => Json::Array(items.into_iter().map(floats).collect()),
                Json::Object(map) => {
                    Json::Object(map.into_iter().map(|(k, v)| (k, floats(v))).collect())
                }
                other => other,
            }
        }
        serde_json::from_str(text).ok().map(floats)
    }

    /// Whether skipping the whole text succeeds.
    fn skips(text: &str) -> bool {
        let mut reader = Reader::new(text);
        reader.skip().and_then(|()| reader.end()).is_ok()
    }

    #[test]
    fn strings_are_borrowed_unless_escaped_and_escapes_undone() {
        let mut reader = Reader::new(r#""plain" "a\"b\\c\/d\b\f\n\r\t" "\u00e9\uD83D\uDE00x""#);
        assert!(matches!(reader.string().unwrap(), Cow::Borrowed("plain")));
        assert_eq!(reader.string().unwrap(), "a\"b\\c/d\u{8}\u{c}\n\r\t");
        assert_eq!(reader.string().unwrap(), "é😀x");
        reader.end().unwrap();
        for (text, words) in [
            (r#""\ud800""#, "lone leading surrogate"),
            (r#""\ud800\u0041""#, "lone leading surrogate"),
            (r#""\udc00""#, "lone trailing surrogate"),
            (r#""\x""#, "invalid escape"),
            (r#""\u00g0""#, "invalid escape"),
            (r#""\u00"#, "EOF"),
            ("\"a\tb\"", "control character"),
            (r#""open"#, "EOF while parsing a string"),
        ] {
            let error = read(text).unwrap_err();
            assert!(error.reason.contains(words), "{text}: {error:?}");
        }
    }

    #[test]
    fn numbers_read_as_serde_json_reads_them() {
        for text in [
            "0",
            "-0",
            "7",
            "-12",
            "200",
            "1714644000",
            "1714644000000000000",
            "18446744073709551615",
            "18446744073709551616",
            "123456789012345678901234",
            "1.5",
            "-0.25",
            "1714644000.123",
            "1714644000.999999",
            "1e3",
            "1E+3",
            "2.5e-3",
            "1e-400",
            "0.000001",
            "9007199254740993",
            "1234567890.0987654321",
        ] {
            let ours = read(text).unwrap_or_else(|e| panic!("{text}: {e:?}"));
            let theirs = serde_read(text).unwrap();
            let (a, b) = (ours.as_f64().unwrap(), theirs.as_f64().unwrap());
            assert!((a - b).abs() <= b.abs() * 1e-15, "{text}: {a} against {b}");
        }
        for text in [
            "-", "01", "1.", ".5", "+1", "1e", "1e+", "--1", "1.e3", "1e400", "-1e400",
        ] {
            assert!(read(text).is_err(), "{text}");
            assert!(serde_read(text).is_none(), "{text}");
        }
        assert_eq!(read("1e400").unwrap_err().reason, "number out of range");
    }

    #[test]
    fn errors_say_what_and_where() {
        let error = |text: &str| {
            let error = read(text).unwrap_err();
            (error.reason.clone(), error.line_column(text))
        };
        assert_eq!(
            error("{\"a\": 1,\n \"b\" 2}"),
            ("expected `:` after an object's key".into(), (2, 6))
        );
        assert_eq!(error("[1, 2"), ("EOF while parsing a list".into(), (1, 6)));
        assert_eq!(error("{} x"), ("trailing characters".into(), (1, 4)));
        assert_eq!(error("{'a': 1}").0, "key must be a string");
        assert_eq!(error("[1 2]").0, "expected `,` or `]` in a list");
        assert_eq!(
            error("{\"a\": 1 \"b\"}").0,
            "expected `,` or `}` in an object"
        );
        assert_eq!(error("[tru]").0, "expected ident");
        assert_eq!(error("").0, "EOF while parsing a value");
        assert_eq!(error("<html>").0, "expected value");
        let mut reader = Reader::new(" [1]");
        assert_eq!(
            reader
                .object("an object with a \"prefixes\" list", &mut |_, _| Ok(()))
                .unwrap_err(),
            JsonError {
                reason: "invalid type: a list, expected an object with a \"prefixes\" list".into(),
                at: 1
            }
        );
    }

    #[test]
    fn nesting_is_limited_without_overflowing_the_stack() {
        let deep = |n: usize| format!("{}{}", "[".repeat(n), "]".repeat(n));
        assert!(skips(&deep(MAX_NESTING)));
        let error = read(&deep(100_000)).unwrap_err();
        assert_eq!(error.reason, "recursion limit exceeded");
        assert_eq!(
            serde_read(&deep(MAX_NESTING)).is_some(),
            skips(&deep(MAX_NESTING))
        );
        assert_eq!(
            serde_read(&deep(MAX_NESTING + 1)).is_some(),
            skips(&deep(MAX_NESTING + 1))
        );
    }

    /// JSON texts: values of every kind, with whitespace of every kind
    /// between tokens.
    fn json_text() -> impl Strategy<Value = String> {
        let space = prop::sample::select(vec!["", " ", "\t", "\n", "\r\n "]);
        let text = prop::collection::vec(
            prop_oneof![
                Just("a".to_string()),
                Just("é😀".to_string()),
                Just("\\\"".to_string()),
                Just("\\\\".to_string()),
                Just("\\n\\t\\/".to_string()),
                Just("\\u00e9".to_string()),
                Just("\\uD83D\\uDE00".to_string()),
                "[ -~]{0,3}".prop_filter("no quote or backslash", |s| !s.contains(['"', '\\'])),
            ],
            0..4,
        )
        .prop_map(|parts| format!("\"{}\"", parts.concat()));
        let number = prop_oneof![
            any::<i64>().prop_map(|n| n.to_string()),
            any::<u64>().prop_map(|n| n.to_string()),
            (any::<i32>(), 0u32..1_000_000, -30i32..30)
                .prop_map(|(i, f, e)| format!("{i}.{f}e{e}")),
            (0u32..100_000, 0u32..1000).prop_map(|(i, f)| format!("{i}.{f:03}")),
        ];
        let leaf = prop_oneof![
            text.clone(),
            number,
            Just("true".to_string()),
            Just("false".to_string()),
            Just("null".to_string()),
        ];
        leaf.prop_recursive(4, 32, 6, move |inner| {
            let entry = (text.clone(), inner.clone(), space.clone());
            prop_oneof![
                (
                    prop::collection::vec((inner, space.clone()), 0..6),
                    space.clone()
                )
                    .prop_map(|(items, s)| {
                        let items: Vec<String> = items
                            .into_iter()
                            .map(|(v, s)| format!("{s}{v}{s}"))
                            .collect();
                        format!("[{s}{}]", items.join(","))
                    }),
                prop::collection::vec(entry, 0..6).prop_map(|entries| {
                    let entries: Vec<String> = entries
                        .into_iter()
                        .map(|(k, v, s)| format!("{s}{k}{s}:{s}{v}{s}"))
                        .collect();
                    format!("{{{}}}", entries.join(","))
                }),
            ]
        })
    }

    proptest! {
        #[test]
        fn texts_read_as_serde_json_reads_them(text in json_text()) {
            let theirs = serde_read(&text);
            prop_assert!(theirs.is_some(), "the generator made invalid JSON: {}", text);
            let ours = read(&text);
            prop_assert!(ours.is_ok(), "{}: {:?}", text, ours);
            let (ours, theirs) = (ours.unwrap(), theirs.unwrap());
            prop_assert!(close(&ours, &theirs), "{}: {} against {}", text, ours, theirs);
            prop_assert!(skips(&text));
        }

        #[test]
        fn broken_texts_are_refused_as_serde_json_refuses_them(
            text in json_text(),
            cut in any::<prop::sample::Index>(),
            byte in prop::sample::select(b"{}[]\",:\\0-.eE tnu".to_vec()),
            insert in any::<bool>(),
        ) {
            let mut bytes = text.into_bytes();
            let at = cut.index(bytes.len() + 1);
            if insert {
                bytes.insert(at, byte);
            } else if at < bytes.len() {
                bytes.remove(at);
            }
            if let Ok(text) = String::from_utf8(bytes) {
                prop_assert_eq!(read(&text).is_ok(), serde_read(&text).is_some(), "{}", text);
                prop_assert_eq!(skips(&text), serde_read(&text).is_some(), "{}", text);
            }
        }
    }

    /// Equal trees, numbers within 1e-15 of each other.
    fn close(a: &Json, b: &Json) -> bool {
        match (a, b) {
            (Json::Number(x), Json::Number(y)) => {
                let (x, y) = (x.as_f64().unwrap(), y.as_f64().unwrap());
                (x - y).abs() <= y.abs() * 1e-15
            }
            (Json::Array(x), Json::Array(y)) => {
                x.len() == y.len() && x.iter().zip(y).all(|(a, b)| close(a, b))
            }
            (Json::Object(x), Json::Object(y)) => {
                x.len() == y.len() && x.iter().all(|(k, v)| y.get(k).is_some_and(|w| close(v, w)))
            }
            _ => a == b,
        }
    }
}
