//! How to read a robots.txt: whose reading (Google's or RFC 9309's) and how
//! many bytes of it.

/// The most bytes of robots.txt Googlebot reads (500 KiB); the rest is
/// ignored.
pub const GOOGLE_SIZE_LIMIT: usize = 512_000;

/// Whose reading of robots.txt to follow.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Mode {
    /// Google's parser: typo and prefix tolerant keys, a missing colon
    /// accepted, the `/index.html` Allow rule.
    #[default]
    Google,
    /// The strict reading of RFC 9309: exact keys, colon required,
    /// percent-encoded unreserved characters decoded before comparing, and
    /// `%2A` / `%24` matching a literal `*` / `$`.
    Rfc9309,
}

impl Mode {
    /// `google` or `rfc9309`.
    pub fn as_str(self) -> &'static str {
        match self {
            Mode::Google => "google",
            Mode::Rfc9309 => "rfc9309",
        }
    }

    /// Reads `google` or `rfc9309` (any letter case; `rfc` too).
    pub fn parse(name: &str) -> Option<Mode> {
        match name.to_ascii_lowercase().as_str() {
            "google" => Some(Mode::Google),
            "rfc9309" | "rfc" => Some(Mode::Rfc9309),
            _ => None,
        }
    }

    /// The mode that is not this one: what a verdict is compared against.
    pub fn other(self) -> Mode {
        match self {
            Mode::Google => Mode::Rfc9309,
            Mode::Rfc9309 => Mode::Google,
        }
    }

    /// The mode's name for people: `Google` or `RFC 9309`.
    pub fn label(self) -> &'static str {
        match self {
            Mode::Google => "Google",
            Mode::Rfc9309 => "RFC 9309",
        }
    }
}

/// How to parse.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ParseOptions {
    /// Whose reading to follow.
    pub mode: Mode,
    /// Read at most this many bytes, like a crawler; `None` reads everything
    /// (the library default). Tools apply [`GOOGLE_SIZE_LIMIT`] by default.
    pub size_limit: Option<usize>,
}

impl ParseOptions {
    /// Google's reading with Google's 500 KiB limit: what Googlebot sees.
    pub fn googlebot() -> ParseOptions {
        ParseOptions {
            mode: Mode::Google,
            size_limit: Some(GOOGLE_SIZE_LIMIT),
        }
    }

    /// This mode, with Google's 500 KiB limit when `size_limited`.
    pub fn new(mode: Mode, size_limited: bool) -> ParseOptions {
        ParseOptions {
            mode,
            size_limit: size_limited.then_some(GOOGLE_SIZE_LIMIT),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn modes_have_names_and_an_other() {
        for mode in [Mode::Google, Mode::Rfc9309] {
            assert_eq!(Mode::parse(mode.as_str()), Some(mode));
            assert_eq!(mode.other().other(), mode);
            assert_ne!(mode.other(), mode);
        }
        assert_eq!(Mode::parse("RFC"), Some(Mode::Rfc9309));
        assert_eq!(Mode::parse("bing"), None);
        assert_eq!(Mode::Rfc9309.label(), "RFC 9309");
    }

    #[test]
    fn size_limited_options_use_googles_limit() {
        assert_eq!(
            ParseOptions::new(Mode::Google, true),
            ParseOptions::googlebot()
        );
        assert_eq!(ParseOptions::new(Mode::Rfc9309, false).size_limit, None);
    }
}
