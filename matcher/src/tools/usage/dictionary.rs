//! RFC 9651 (Structured Field Values) Dictionaries, as Content-Usage's
//! value is one (draft-ietf-aipref-vocab-07): the members' keys, each with
//! its value when that is a Token.
//!
//! Why not the `sfv` crate (0.16, which implements RFC 8941 and RFC 9651):
//! it was the first choice, and it builds for wasm32, but linked into the
//! browser app it added 6,896 B gzipped to the WebAssembly (measured with
//! `scripts/lib/size.mjs` on two release builds, 282,465 B without it and
//! 289,361 B with it, through its visitor API without the `parsed-types`
//! feature), and the app's first load has a budget of 300,000 B of which
//! 296,549 B were spent. The app needs only to know whether a value is a
//! Dictionary and what its members' Tokens are, so this module follows the
//! RFC's parsing algorithm (section 4.2) step by step, checking every kind
//! of bare item as strictly as it says but keeping none but Tokens. `sfv`
//! stays a dev-dependency: a property test holds this reading equal to
//! its, on every input it generates.

/// Why a value is not a Dictionary: what the parser expected or found.
pub(super) type NotADictionary = &'static str;

/// A member's key, and its value when that is a Token (`None` for any
/// other value: an Integer, a String, a Boolean, an Inner List, ...).
pub(super) type Member = (String, Option<String>);

/// The members of the Dictionary `text`, in order, a key repeated as often
/// as written (see [`keep_last`]). Parameters are read and ignored.
pub(super) fn members(text: &str) -> Result<Vec<Member>, NotADictionary> {
    let mut parser = Parser {
        input: text.as_bytes(),
        at: 0,
    };
    parser.dictionary()
}

/// `entries` with each key once: its last value, at its first place (RFC
/// 9651 4.2.2 overwrites a repeated key's value). Sorted once by key, so a
/// line of thousands of keys stays linear times a logarithm.
pub(super) fn keep_last<V>(entries: Vec<(String, V)>) -> Vec<(String, V)> {
    let mut order: Vec<usize> = (0..entries.len()).collect();
    crate::sort::sort_by(&mut order, |&a, &b| {
        entries[a].0.cmp(&entries[b].0).then(a.cmp(&b))
    });
    // Per key: (its first place, the index of its last value).
    let mut kept: Vec<(usize, usize)> = Vec::new();
    for (i, &index) in order.iter().enumerate() {
        let same_key = i > 0 && entries[order[i - 1]].0 == entries[index].0;
        match kept.last_mut() {
            Some(last) if same_key => last.1 = index,
            _ => kept.push((index, index)),
        }
    }
    crate::sort::sort_by_key(&mut kept, |&(first, _)| first);
    let mut slots: Vec<Option<(String, V)>> = entries.into_iter().map(Some).collect();
    let mut out = Vec::with_capacity(kept.len());
    for (first, last) in kept {
        let key = slots[first].as_ref().map(|(k, _)| k.clone());
        if let (Some(key), Some((_, value))) = (key, slots[last].take()) {
            out.push((key, value));
        }
    }
    out
}

/// What a parsing step could not read.
type Failure = NotADictionary;

struct Parser<'a> {
    input: &'a [u8],
    at: usize,
}

fn is_tchar(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b"!#$%&'*+-.^_`|~".contains(&b)
}

fn is_key_char(b: u8) -> bool {
    b.is_ascii_lowercase() || b.is_ascii_digit() || matches!(b, b'_' | b'-' | b'.' | b'*')
}

fn is_base64(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'+' | b'/')
}

impl Parser<'_> {
    fn peek(&self) -> Option<u8> {
        self.input.get(self.at).copied()
    }

    fn next(&mut self) -> Option<u8> {
        let b = self.peek()?;
        self.at += 1;
        Some(b)
    }

    fn skip_while(&mut self, keep: impl Fn(u8) -> bool) {
        while self.peek().is_some_and(&keep) {
            self.at += 1;
        }
    }

    /// RFC 9651 4.2 with 4.2.2: leading and trailing spaces, then members
    /// separated by commas with optional whitespace around them.
    fn dictionary(&mut self) -> Result<Vec<Member>, Failure> {
        if !self.input.is_ascii() {
            return Err("a character that is not ASCII");
        }
        let mut members = Vec::new();
        self.skip_while(|b| b == b' ');
        while self.peek().is_some() {
            let key = self.key()?;
            let value = if self.peek() == Some(b'=') {
                self.at += 1;
                self.item_or_inner_list()?
            } else {
                self.parameters()?;
                None
            };
            members.push((key, value));
            self.skip_while(|b| b == b' ' || b == b'\t');
            match self.next() {
                None => break,
                Some(b',') => {}
                Some(_) => return Err("expected a comma or the end after a member"),
            }
            self.skip_while(|b| b == b' ' || b == b'\t');
            if self.peek().is_none() {
                return Err("a comma with no member after it");
            }
        }
        Ok(members)
    }

    /// 4.2.3.3: a lower-case letter or `*`, then lower-case letters,
    /// digits, `_`, `-`, `.` and `*`.
    fn key(&mut self) -> Result<String, Failure> {
        let start = self.at;
        match self.peek() {
            Some(b) if b.is_ascii_lowercase() || b == b'*' => {}
            _ => return Err("expected a key starting with a lower-case letter or '*'"),
        }
        self.skip_while(is_key_char);
        Ok(String::from_utf8_lossy(&self.input[start..self.at]).into_owned())
    }

    /// 4.2.1.1: an inner list or an item; the value when it is a Token.
    fn item_or_inner_list(&mut self) -> Result<Option<String>, Failure> {
        if self.peek() != Some(b'(') {
            return self.item();
        }
        self.at += 1;
        loop {
            self.skip_while(|b| b == b' ');
            match self.peek() {
                None => return Err("an inner list with no closing ')'"),
                Some(b')') => {
                    self.at += 1;
                    self.parameters()?;
                    return Ok(None);
                }
                Some(_) => {
                    self.item()?;
                    match self.peek() {
                        Some(b' ' | b')') => {}
                        None => return Err("an inner list with no closing ')'"),
                        Some(_) => {
                            return Err("expected a space or ')' after an item of an inner list")
                        }
                    }
                }
            }
        }
    }

    /// 4.2.3: a bare item and its parameters.
    fn item(&mut self) -> Result<Option<String>, Failure> {
        let value = self.bare_item()?;
        self.parameters()?;
        Ok(value)
    }

    /// 4.2.3.2: `;key` or `;key=bare-item`, any number.
    fn parameters(&mut self) -> Result<(), Failure> {
        while self.peek() == Some(b';') {
            self.at += 1;
            self.skip_while(|b| b == b' ');
            self.key()?;
            if self.peek() == Some(b'=') {
                self.at += 1;
                self.bare_item()?;
            }
        }
        Ok(())
    }

    /// 4.2.3.1: the bare item's kind by its first character; the Token's
    /// text for a Token.
    fn bare_item(&mut self) -> Result<Option<String>, Failure> {
        match self.peek() {
            Some(b'-' | b'0'..=b'9') => self.number().map(|_| None),
            Some(b'"') => self.string().map(|_| None),
            Some(b':') => self.byte_sequence().map(|_| None),
            Some(b'?') => self.boolean().map(|_| None),
            Some(b'@') => {
                self.at += 1;
                match self.number()? {
                    Number::Integer => Ok(None),
                    Number::Decimal => Err("a date that is not an integer"),
                }
            }
            Some(b'%') => self.display_string().map(|_| None),
            Some(b) if b.is_ascii_alphabetic() || b == b'*' => {
                let start = self.at;
                self.skip_while(|b| is_tchar(b) || b == b':' || b == b'/');
                Ok(Some(String::from_utf8_lossy(&self.input[start..self.at]).into_owned()))
            }
            _ => Err("expected a value: a token, a number, a string, a byte sequence, a boolean, a date or a display string"),
        }
    }

    /// 4.2.4: an Integer (at most 15 digits) or a Decimal (at most 12
    /// digits, a `.`, then one to three).
    fn number(&mut self) -> Result<Number, Failure> {
        if self.peek() == Some(b'-') {
            self.at += 1;
        }
        if !self.peek().is_some_and(|b| b.is_ascii_digit()) {
            return Err("expected a digit");
        }
        let start = self.at;
        let mut dot = None;
        while let Some(b) = self.peek() {
            if b.is_ascii_digit() {
                self.at += 1;
            } else if b == b'.' && dot.is_none() {
                if self.at - start > 12 {
                    return Err("a decimal with more than 12 digits before its '.'");
                }
                dot = Some(self.at);
                self.at += 1;
            } else {
                break;
            }
            let (len, limit) = (self.at - start, if dot.is_some() { 16 } else { 15 });
            if len > limit {
                return Err("a number with too many digits");
            }
        }
        match dot {
            None => Ok(Number::Integer),
            Some(dot) if dot + 1 == self.at => Err("a decimal ending in '.'"),
            Some(dot) if self.at - dot - 1 > 3 => {
                Err("a decimal with more than three digits after its '.'")
            }
            Some(_) => Ok(Number::Decimal),
        }
    }

    /// 4.2.5: `"..."` of printable ASCII, `\"` and `\\` escaped.
    fn string(&mut self) -> Result<(), Failure> {
        self.at += 1;
        loop {
            match self.next() {
                None => return Err("a string with no closing '\"'"),
                Some(b'\\') => match self.next() {
                    Some(b'"' | b'\\') => {}
                    _ => return Err("a '\\' in a string that escapes neither '\"' nor '\\'"),
                },
                Some(b'"') => return Ok(()),
                Some(b) if !(0x20..0x7f).contains(&b) => {
                    return Err("a control character in a string")
                }
                Some(_) => {}
            }
        }
    }

    /// 4.2.7: `:base64:`; padding may be short or missing (as the RFC
    /// asks parsers to allow), never too long or misplaced.
    fn byte_sequence(&mut self) -> Result<(), Failure> {
        self.at += 1;
        let start = self.at;
        let Some(len) = self.input[start..].iter().position(|&b| b == b':') else {
            return Err("a byte sequence with no closing ':'");
        };
        let content = &self.input[start..start + len];
        let data = content.iter().take_while(|&&b| b != b'=').count();
        let padding = content.len() - data;
        if content.iter().any(|&b| !is_base64(b) && b != b'=') {
            return Err("a byte sequence with a character that is not base64");
        }
        if content[data..].iter().any(|&b| b != b'=') {
            return Err("a byte sequence with '=' before its end");
        }
        if data % 4 == 1 || padding > (4 - data % 4) % 4 {
            return Err("a byte sequence that is not valid base64");
        }
        self.at = start + len + 1;
        Ok(())
    }

    /// 4.2.8: `?1` or `?0`.
    fn boolean(&mut self) -> Result<(), Failure> {
        self.at += 1;
        match self.next() {
            Some(b'0' | b'1') => Ok(()),
            _ => Err("a boolean that is neither ?1 nor ?0"),
        }
    }

    /// 4.2.10: `%"..."`: printable ASCII and `%` with two lower-case hex
    /// digits, together valid UTF-8.
    fn display_string(&mut self) -> Result<(), Failure> {
        self.at += 1;
        if self.next() != Some(b'"') {
            return Err("a '%' not followed by '\"'");
        }
        let mut bytes = Vec::new();
        loop {
            match self.next() {
                None => return Err("a display string with no closing '\"'"),
                Some(b) if !(0x20..0x7f).contains(&b) => {
                    return Err("a control character in a display string")
                }
                Some(b'%') => {
                    let hex = |b: Option<u8>| match b {
                        Some(d @ b'0'..=b'9') => Some(d - b'0'),
                        Some(d @ b'a'..=b'f') => Some(d - b'a' + 10),
                        _ => None,
                    };
                    let (Some(high), Some(low)) = (hex(self.next()), hex(self.next())) else {
                        return Err(
                            "a '%' in a display string not followed by two lower-case hex digits",
                        );
                    };
                    bytes.push(high << 4 | low);
                }
                Some(b'"') => {
                    return match std::str::from_utf8(&bytes) {
                        Ok(_) => Ok(()),
                        Err(_) => Err("a display string that is not UTF-8"),
                    }
                }
                Some(b) => bytes.push(b),
            }
        }
    }
}

enum Number {
    Integer,
    Decimal,
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The same question asked of the `sfv` crate: the members with their
    /// Tokens, or none when it is not a Dictionary.
    fn with_sfv(text: &str) -> Option<Vec<Member>> {
        use sfv::visitor::{
            DictionaryVisitor, EntryVisitor, Ignored, InnerListVisitor, ItemVisitor,
            ParameterVisitor,
        };
        use sfv::{BareItemFromInput, KeyRef, Parser};
        use std::convert::Infallible;

        struct Members(Vec<Member>);
        struct Value<'a>(&'a mut Option<String>);
        impl<'de> DictionaryVisitor<'de> for Members {
            type Out = Vec<Member>;
            type Error = Infallible;
            fn entry(&mut self, key: &'de KeyRef) -> Result<impl EntryVisitor<'de>, Infallible> {
                self.0.push((key.as_str().to_string(), None));
                Ok(self.0.last_mut().map(|(_, value)| Value(value)))
            }
            fn finish(self) -> Result<Vec<Member>, Infallible> {
                Ok(self.0)
            }
        }
        impl<'de> EntryVisitor<'de> for Value<'_> {
            type Error = Infallible;
            fn item(self) -> Result<impl ItemVisitor<'de>, Infallible> {
                Ok(self)
            }
            fn inner_list(self) -> Result<impl InnerListVisitor<'de>, Infallible> {
                Ok(Ignored)
            }
        }
        impl<'de> ItemVisitor<'de> for Value<'_> {
            type Out = ();
            type Error = Infallible;
            fn bare_item(
                self,
                item: BareItemFromInput<'de>,
            ) -> Result<impl ParameterVisitor<'de, Out = ()>, Infallible> {
                if let BareItemFromInput::Token(token) = item {
                    *self.0 = Some(token.as_str().to_string());
                }
                Ok(Ignored)
            }
        }
        Parser::new(text)
            .parse_dictionary_with_visitor(Members(Vec::new()))
            .ok()
    }

    fn agree(text: &str) {
        assert_eq!(members(text).ok(), with_sfv(text), "{text:?}");
    }

    #[test]
    fn the_drafts_examples_and_the_rfcs_edges_read_as_sfv_reads_them() {
        for text in [
            "",
            "train-ai=n",
            "train-ai=n;note=x, search=y",
            "train-ai=y, search=y, train-ai=n",
            "search=y, Train-AI=n",
            "train-ai=n search=y",
            "train-ai=",
            "train-ai=n,",
            "train-ai=n, ",
            " train-ai=n ",
            "\ttrain-ai=n",
            "train-ai=n\t,\tsearch=y",
            "a=1, b=-2.5, c=\"x\\\"y\", d=:aGVsbG8=:, e=?1, f=@1659578233, g=%\"f%c3%bc\", h=(a b;c=1);d, i",
            "a=1.2345",
            "a=1234567890123.1",
            "a=123456789012345",
            "a=1234567890123456",
            "a=1.",
            "a=:QQ:",
            "a=:QQ=:",
            "a=:QQ==:",
            "a=:QQ===:",
            "a=:Q:",
            "a=:QUJD=:",
            "a=:=:",
            "a=:Q=Q:",
            "a=@1.5",
            "a=%\"%C3\"",
            "a=%\"%c3\"",
            "a=?2",
            "a=(1 2",
            "a=(1;x 2)",
            "a=(1,2)",
            "a=b/c:d",
            "a=\"é\"",
            "*=y",
            "a;b;c=1, d",
        ] {
            agree(text);
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(4000))]

        #[test]
        fn reads_every_input_as_sfv_does(text in "[a-cxyA-C0-9=;,() \t\"\\\\:?@%.*/+_-]{0,24}") {
            agree(&text);
        }

        #[test]
        fn reads_plausible_dictionaries_as_sfv_does(
            parts in prop::collection::vec(
                "(train-ai|search|ai-use|Train|x)(=(y|n|yes|\"y\"|1|1.5|\\?1|:QQ==:|@12|%\"a\"|\\(y n\\)))?(;[a-z]+(=[a-z0-9]+)?)?",
                0..5,
            ),
            separator in "(,|, | ,|,\t| )",
        ) {
            agree(&parts.join(&separator));
        }
    }

    #[test]
    fn a_repeated_key_keeps_its_last_value_at_its_first_place() {
        let kept = keep_last(vec![
            ("a".to_string(), 1),
            ("b".to_string(), 2),
            ("a".to_string(), 3),
        ]);
        assert_eq!(kept, [("a".to_string(), 3), ("b".to_string(), 2)]);
    }
}
