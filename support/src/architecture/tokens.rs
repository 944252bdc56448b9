//! Rust source text as the tokens an import reader needs: identifiers,
//! punctuation (`::` as one token), and literals and lifetimes as opaque
//! tokens, each with its line. Comments (nested block comments and doc
//! comments included) are dropped, and string, char and byte literals
//! (raw ones with any number of `#`) become one token, so `crate::x`
//! written in a comment or a string is never read as a path.

/// What a token is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// An identifier or keyword (`r#type` is the identifier `type`).
    Ident,
    /// One punctuation character, or `::`.
    Punct,
    /// A string, char, byte or number literal.
    Literal,
    /// A lifetime or a loop label (`'a`).
    Lifetime,
}

/// One token of a source file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Token {
    /// What it is.
    pub kind: Kind,
    /// Its text (an identifier's name, the punctuation; a literal's text
    /// is kept but never read as code).
    pub text: String,
    /// The 1-based line it starts on.
    pub line: usize,
}

impl Token {
    /// Whether this is the identifier or punctuation `text`.
    pub fn is(&self, text: &str) -> bool {
        matches!(self.kind, Kind::Ident | Kind::Punct) && self.text == text
    }

    /// Whether this is an identifier (a keyword included).
    pub fn is_ident(&self) -> bool {
        self.kind == Kind::Ident
    }
}

/// The tokens of `source`. Never fails: text that is not valid Rust (an
/// unterminated string or comment) ends the tokens where it starts.
pub fn tokens(source: &str) -> Vec<Token> {
    Lexer {
        chars: source.chars().collect(),
        at: 0,
        line: 1,
        out: Vec::new(),
    }
    .run()
}

struct Lexer {
    chars: Vec<char>,
    at: usize,
    line: usize,
    out: Vec<Token>,
}

impl Lexer {
    fn peek(&self, ahead: usize) -> Option<char> {
        self.chars.get(self.at + ahead).copied()
    }

    /// Moves past one character, counting lines.
    fn bump(&mut self) -> Option<char> {
        let c = self.peek(0)?;
        self.at += 1;
        if c == '\n' {
            self.line += 1;
        }
        Some(c)
    }

    fn push(&mut self, kind: Kind, from: usize, line: usize) {
        let text = self.chars[from..self.at].iter().collect();
        self.out.push(Token { kind, text, line });
    }

    fn run(mut self) -> Vec<Token> {
        while let Some(c) = self.peek(0) {
            let (from, line) = (self.at, self.line);
            if c.is_whitespace() {
                self.bump();
            } else if c == '/' && self.peek(1) == Some('/') {
                while self.peek(0).is_some_and(|c| c != '\n') {
                    self.bump();
                }
            } else if c == '/' && self.peek(1) == Some('*') {
                self.block_comment();
            } else if c == '"' {
                self.bump();
                self.quoted('"');
                self.push(Kind::Literal, from, line);
            } else if c == '\'' {
                self.quote_or_lifetime(from, line);
            } else if c.is_ascii_digit() {
                self.number();
                self.push(Kind::Literal, from, line);
            } else if is_ident_start(c) {
                self.word(from, line);
            } else if c == ':' && self.peek(1) == Some(':') {
                self.bump();
                self.bump();
                self.push(Kind::Punct, from, line);
            } else {
                self.bump();
                self.push(Kind::Punct, from, line);
            }
        }
        self.out
    }

    /// `/* ... */`, nested as Rust nests them.
    fn block_comment(&mut self) {
        self.bump();
        self.bump();
        let mut depth = 1;
        while depth > 0 {
            match (self.peek(0), self.peek(1)) {
                (Some('/'), Some('*')) => {
                    self.bump();
                    self.bump();
                    depth += 1;
                }
                (Some('*'), Some('/')) => {
                    self.bump();
                    self.bump();
                    depth -= 1;
                }
                (Some(_), _) => {
                    self.bump();
                }
                (None, _) => return,
            }
        }
    }

    /// The rest of a quoted literal whose opening `close` was read:
    /// escapes skip the next character.
    fn quoted(&mut self, close: char) {
        while let Some(c) = self.bump() {
            if c == '\\' {
                self.bump();
            } else if c == close {
                return;
            }
        }
    }

    /// `'x'`, `'\n'`, `'\u{1F600}'` (a char literal) or `'a` (a lifetime
    /// or a label).
    fn quote_or_lifetime(&mut self, from: usize, line: usize) {
        self.bump();
        let is_char = match (self.peek(0), self.peek(1)) {
            (Some('\\'), _) => true,
            (Some(c), Some('\'')) => c != '\'',
            _ => false,
        };
        if is_char {
            self.quoted('\'');
            self.push(Kind::Literal, from, line);
        } else {
            while self.peek(0).is_some_and(is_ident_continue) {
                self.bump();
            }
            self.push(Kind::Lifetime, from, line);
        }
    }

    /// Digits, suffixes and a fraction (`1.5`, `0x1F_u8`), but not the
    /// `..` of a range.
    fn number(&mut self) {
        loop {
            while self.peek(0).is_some_and(is_ident_continue) {
                self.bump();
            }
            if self.peek(0) == Some('.') && self.peek(1).is_some_and(|c| c.is_ascii_digit()) {
                self.bump();
            } else {
                return;
            }
        }
    }

    /// An identifier, a raw identifier, or a literal with a prefix (`b"`,
    /// `b'`, `c"`, `r"`, `r#"`, `br#"`, `cr"`).
    fn word(&mut self, from: usize, line: usize) {
        while self.peek(0).is_some_and(is_ident_continue) {
            self.bump();
        }
        let word: String = self.chars[from..self.at].iter().collect();
        let next = self.peek(0);
        match (word.as_str(), next) {
            ("b" | "c", Some('"')) => {
                self.bump();
                self.quoted('"');
                self.push(Kind::Literal, from, line);
            }
            ("b", Some('\'')) => {
                self.bump();
                self.quoted('\'');
                self.push(Kind::Literal, from, line);
            }
            ("r" | "br" | "cr", Some('"' | '#')) if self.raw_string_follows() => {
                self.raw_string();
                self.push(Kind::Literal, from, line);
            }
            ("r", Some('#')) if self.peek(1).is_some_and(is_ident_start) => {
                self.bump();
                let name_from = self.at;
                while self.peek(0).is_some_and(is_ident_continue) {
                    self.bump();
                }
                let text = self.chars[name_from..self.at].iter().collect();
                self.out.push(Token {
                    kind: Kind::Ident,
                    text,
                    line,
                });
            }
            _ => self.push(Kind::Ident, from, line),
        }
    }

    /// Whether `#`s and then `"` follow (a raw string's opening).
    fn raw_string_follows(&self) -> bool {
        let hashes = self.chars[self.at..]
            .iter()
            .take_while(|&&c| c == '#')
            .count();
        self.peek(hashes) == Some('"')
    }

    /// `#..#"..."#..#`: no escapes, closed by a quote and as many `#`.
    fn raw_string(&mut self) {
        let mut hashes = 0;
        while self.peek(0) == Some('#') {
            self.bump();
            hashes += 1;
        }
        self.bump();
        while let Some(c) = self.bump() {
            if c == '"' && (0..hashes).all(|i| self.peek(i) == Some('#')) {
                for _ in 0..hashes {
                    self.bump();
                }
                return;
            }
        }
    }
}

fn is_ident_start(c: char) -> bool {
    c == '_' || c.is_alphabetic()
}

fn is_ident_continue(c: char) -> bool {
    c == '_' || c.is_alphanumeric()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn code(source: &str) -> Vec<String> {
        tokens(source)
            .into_iter()
            .filter(|t| matches!(t.kind, Kind::Ident | Kind::Punct))
            .map(|t| t.text)
            .collect()
    }

    #[test]
    fn paths_are_identifiers_joined_by_double_colons() {
        assert_eq!(
            code("use crate::a::{b, c};"),
            ["use", "crate", "::", "a", "::", "{", "b", ",", "c", "}", ";"]
        );
    }

    #[test]
    fn comments_are_dropped_nested_block_comments_included() {
        assert_eq!(code("a // crate::x\nb"), ["a", "b"]);
        assert_eq!(code("/// crate::x\n//! crate::y\nb"), ["b"]);
        assert_eq!(code("a /* x /* crate::y */ crate::z */ b"), ["a", "b"]);
        assert_eq!(code("/** crate::x */ b"), ["b"]);
    }

    #[test]
    fn strings_of_every_kind_are_one_literal() {
        for source in [
            r#""crate::x""#,
            r#""a \" crate::x""#,
            r#"b"crate::x""#,
            r#"c"crate::x""#,
            r##"r"crate::x \""##,
            r###"r#"crate::x " still"#"###,
            r###"br##"crate::x "# still"##"###,
            "'\"'",
            "b'\\''",
            "'\\u{1F600}'",
        ] {
            let found = tokens(&format!("{source} z"));
            assert_eq!(found.len(), 2, "{source}: {found:?}");
            assert_eq!(found[0].kind, Kind::Literal, "{source}");
            assert!(found[1].is("z"), "{source}: {found:?}");
        }
    }

    #[test]
    fn lifetimes_and_labels_are_not_char_literals() {
        let found = tokens("fn f<'a>(x: &'a str) -> char { 'outer: loop { break 'outer 'x'; } }");
        let lifetimes: Vec<&str> = found
            .iter()
            .filter(|t| t.kind == Kind::Lifetime)
            .map(|t| t.text.as_str())
            .collect();
        assert_eq!(lifetimes, ["'a", "'a", "'outer", "'outer"]);
        assert!(found
            .iter()
            .any(|t| t.kind == Kind::Literal && t.text == "'x'"));
    }

    #[test]
    fn raw_identifiers_are_their_name_and_ranges_are_not_fractions() {
        assert_eq!(code("r#type::x"), ["type", "::", "x"]);
        assert_eq!(code("0..n"), [".", ".", "n"]);
        let numbers: Vec<String> = tokens("1.5 0x1F_u8 3.")
            .into_iter()
            .filter(|t| t.kind == Kind::Literal)
            .map(|t| t.text)
            .collect();
        assert_eq!(numbers, ["1.5", "0x1F_u8", "3"]);
    }

    #[test]
    fn lines_are_counted_through_comments_and_strings() {
        let found = tokens("a\n/* x\n y */ \"1\n2\"\nb r#\"\n\"# c");
        let lines: Vec<(String, usize)> = found.into_iter().map(|t| (t.text, t.line)).collect();
        assert_eq!(lines[0], ("a".to_string(), 1));
        assert_eq!(lines[1].1, 3);
        assert_eq!(lines[2], ("b".to_string(), 5));
        assert_eq!(lines[4], ("c".to_string(), 6));
    }

    #[test]
    fn unterminated_text_ends_the_tokens_without_a_panic() {
        for source in ["\"open", "/* open", "r#\"open", "'", "b'", "r#", "'\\"] {
            let _ = tokens(source);
        }
    }
}
