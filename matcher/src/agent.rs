//! User-agent tokens: what a robots.txt `User-agent` line names, and which
//! crawler is asking.

use std::fmt;

/// The product token of a `User-agent` value: its leading run of ASCII
/// letters, `-` and `_` (`FooBot/1.2` -> `FooBot`, `Foo Bar` -> `Foo`,
/// `AI2Bot` -> `AI`). Google and RFC 9309 allow no other characters in it.
pub fn product_token(value: &str) -> &str {
    &value[..product_token_len(value.as_bytes())]
}

/// Length of the product token at the start of `value` (see
/// [`product_token`]).
pub(crate) fn product_token_len(value: &[u8]) -> usize {
    value
        .iter()
        .position(|&b| !(b.is_ascii_alphabetic() || b == b'-' || b == b'_'))
        .unwrap_or(value.len())
}

/// Whether `token` can ever match a robots.txt group: a non-empty run of
/// ASCII letters, `-` and `_` only. A crawler called `AI2Bot` cannot, because
/// Google and RFC 9309 read `User-agent: AI2Bot` as `AI`.
pub fn is_valid_token(token: &str) -> bool {
    !token.is_empty() && product_token(token).len() == token.len()
}

/// Why a crawler token can never be named by a `User-agent` line, if it
/// cannot: one sentence for the person who typed it. `*` is fine (it asks
/// what the `*` group says, since no group can name it).
pub fn unusable_token_message(token: &str) -> Option<String> {
    if token == "*" || is_valid_token(token) {
        return None;
    }
    let usable = product_token(token);
    Some(if usable.is_empty() {
        format!("crawler token '{token}' does not start with a letter, so no group can name it")
    } else {
        format!(
            "crawler token '{token}' contains characters a User-agent line cannot name (only letters, '-' and '_'), so no group can match it; did you mean '{usable}'?"
        )
    })
}

/// Whether a `User-agent` value names the global group: `*` alone or
/// followed by whitespace and anything else (Google's reading).
pub fn is_global(value: &str) -> bool {
    is_global_value(value.as_bytes())
}

/// [`is_global`] on the bytes of a User-agent value.
pub(crate) fn is_global_value(value: &[u8]) -> bool {
    match value {
        [b'*'] => true,
        [b'*', next, ..] => next.is_ascii_whitespace() || *next == 0x0B,
        _ => false,
    }
}

/// How a robots.txt token is compared with a crawler's token.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum AgentMatching {
    /// Whole token, ignoring letter case (Google, RFC 9309).
    #[default]
    Exact,
    /// The robots.txt token may be any prefix of the crawler's token
    /// (`User-agent: Google` applies to `Googlebot`), as older parsers such
    /// as crawler-commons did. For teaching only.
    LegacyPrefix,
}

impl AgentMatching {
    /// Whether robots.txt `group_token` applies to `crawler_token`.
    pub fn applies(self, group_token: &str, crawler_token: &str) -> bool {
        match self {
            AgentMatching::Exact => group_token.eq_ignore_ascii_case(crawler_token),
            AgentMatching::LegacyPrefix => {
                !group_token.is_empty()
                    && crawler_token.len() >= group_token.len()
                    && crawler_token.as_bytes()[..group_token.len()]
                        .eq_ignore_ascii_case(group_token.as_bytes())
            }
        }
    }
}

/// A crawler: the tokens it obeys, most specific first, and whether it
/// ignores the `*` group.
///
/// Googlebot-Image obeys a `Googlebot-Image` group, or else a `Googlebot`
/// group, or else `*`: the first token with a group decides. AdsBot-Google
/// obeys only groups that name it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Crawler {
    tokens: Vec<String>,
    ignores_global: bool,
}

/// Why a crawler spec could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CrawlerSpecError {
    /// The spec or one of its `>`-separated parts is empty.
    EmptyToken(String),
    /// `!*` is not the last part.
    MisplacedIgnoreGlobal(String),
}

impl fmt::Display for CrawlerSpecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CrawlerSpecError::EmptyToken(spec) => write!(
                f,
                "crawler '{spec}' has an empty token: write tokens separated by '>', like Googlebot-Image>Googlebot"
            ),
            CrawlerSpecError::MisplacedIgnoreGlobal(spec) => write!(
                f,
                "in crawler '{spec}', '!*' (ignores the * group) must come last, like AdsBot-Google>!*"
            ),
        }
    }
}

impl std::error::Error for CrawlerSpecError {}

impl Crawler {
    /// A crawler with one token that also obeys `*` groups.
    pub fn new(token: impl Into<String>) -> Crawler {
        Crawler {
            tokens: vec![token.into()],
            ignores_global: false,
        }
    }

    /// Adds a token to fall back to when no group names the earlier ones.
    pub fn with_fallback(mut self, token: impl Into<String>) -> Crawler {
        self.tokens.push(token.into());
        self
    }

    /// Makes the crawler ignore `*` groups (as AdsBot-Google does).
    pub fn ignoring_global(mut self) -> Crawler {
        self.ignores_global = true;
        self
    }

    /// Reads a crawler spec: tokens separated by `>`, most specific first,
    /// optionally ending in `>!*` for a crawler that ignores `*` groups.
    /// `Googlebot-Image>Googlebot`, `AdsBot-Google>!*`, `FooBot`.
    /// Whitespace around parts is ignored.
    pub fn parse_spec(spec: &str) -> Result<Crawler, CrawlerSpecError> {
        let parts: Vec<&str> = spec.split('>').map(str::trim).collect();
        let (parts, ignores_global) = match parts.split_last() {
            Some((&"!*", rest)) if !rest.is_empty() => (rest, true),
            _ => (&parts[..], false),
        };
        if parts.contains(&"!*") {
            return Err(CrawlerSpecError::MisplacedIgnoreGlobal(
                spec.trim().to_string(),
            ));
        }
        if parts.iter().any(|p| p.is_empty()) {
            return Err(CrawlerSpecError::EmptyToken(spec.trim().to_string()));
        }
        Ok(Crawler {
            tokens: parts.iter().map(|p| p.to_string()).collect(),
            ignores_global,
        })
    }

    /// The spec that [`Crawler::parse_spec`] reads back into this crawler.
    pub fn spec(&self) -> String {
        let mut spec = self.tokens.join(">");
        if self.ignores_global {
            spec.push_str(">!*");
        }
        spec
    }

    /// The tokens, most specific first.
    pub fn tokens(&self) -> &[String] {
        &self.tokens
    }

    /// Tokens that can never match a group (see [`is_valid_token`]).
    pub fn invalid_tokens(&self) -> impl Iterator<Item = &str> {
        self.tokens
            .iter()
            .map(String::as_str)
            .filter(|t| !is_valid_token(t))
    }

    /// The first (most specific) token: the crawler's name.
    pub fn name(&self) -> &str {
        &self.tokens[0]
    }

    /// Whether the crawler ignores `*` groups.
    pub fn ignores_global(&self) -> bool {
        self.ignores_global
    }
}

impl fmt::Display for Crawler {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.spec())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn product_token_is_the_leading_letters_dashes_and_underscores() {
        assert_eq!(product_token("FooBot/1.2"), "FooBot");
        assert_eq!(product_token("Foo Bar"), "Foo");
        assert_eq!(product_token("Googlebot-Image"), "Googlebot-Image");
        assert_eq!(product_token("my_bot"), "my_bot");
        assert_eq!(product_token("AI2Bot"), "AI");
        assert_eq!(product_token("*"), "");
        assert_eq!(product_token(""), "");
    }

    #[test]
    fn valid_tokens_are_letters_dashes_and_underscores() {
        assert!(is_valid_token("Googlebot-Image"));
        assert!(is_valid_token("my_bot"));
        assert!(!is_valid_token("AI2Bot"));
        assert!(!is_valid_token("Brightbot 1.0"));
        assert!(!is_valid_token("FooBot/1.2"));
        assert!(!is_valid_token(""));
        assert!(!is_valid_token("*"));
    }

    #[test]
    fn unusable_tokens_get_a_message() {
        assert_eq!(unusable_token_message("Googlebot"), None);
        assert_eq!(unusable_token_message("*"), None);
        let message = unusable_token_message("AI2Bot").unwrap();
        assert!(message.contains("did you mean 'AI'"), "{message}");
        let message = unusable_token_message("360Spider").unwrap();
        assert!(
            message.contains("does not start with a letter"),
            "{message}"
        );
    }

    #[test]
    fn star_is_global_alone_or_before_whitespace() {
        assert!(is_global("*"));
        assert!(is_global("* anything"));
        assert!(is_global("*\tx"));
        assert!(!is_global("*bot"));
        assert!(!is_global("Googlebot"));
        assert!(!is_global(""));
    }

    #[test]
    fn exact_matching_is_whole_token_and_case_insensitive() {
        assert!(AgentMatching::Exact.applies("googlebot", "Googlebot"));
        assert!(!AgentMatching::Exact.applies("Googlebot", "Googlebot-Image"));
        assert!(!AgentMatching::Exact.applies("Google", "Googlebot"));
    }

    #[test]
    fn legacy_matching_accepts_prefixes() {
        assert!(AgentMatching::LegacyPrefix.applies("google", "Googlebot"));
        assert!(AgentMatching::LegacyPrefix.applies("Googlebot", "googlebot"));
        assert!(!AgentMatching::LegacyPrefix.applies("Googlebot-Image", "Googlebot"));
        assert!(!AgentMatching::LegacyPrefix.applies("", "Googlebot"));
    }

    #[test]
    fn specs_round_trip() {
        for spec in ["Googlebot", "Googlebot-Image>Googlebot", "AdsBot-Google>!*"] {
            assert_eq!(Crawler::parse_spec(spec).unwrap().spec(), spec);
        }
        let c = Crawler::parse_spec(" Googlebot-News > Googlebot ").unwrap();
        assert_eq!(c.tokens(), ["Googlebot-News", "Googlebot"]);
        assert!(!c.ignores_global());
        assert!(Crawler::parse_spec("AdsBot-Google>!*")
            .unwrap()
            .ignores_global());
        assert_eq!(
            Crawler::new("A")
                .with_fallback("B")
                .ignoring_global()
                .spec(),
            "A>B>!*"
        );
    }

    #[test]
    fn bad_specs_are_errors() {
        assert!(matches!(
            Crawler::parse_spec(""),
            Err(CrawlerSpecError::EmptyToken(_))
        ));
        assert!(matches!(
            Crawler::parse_spec("a>>b"),
            Err(CrawlerSpecError::EmptyToken(_))
        ));
        assert!(matches!(
            Crawler::parse_spec("!*"),
            Err(CrawlerSpecError::MisplacedIgnoreGlobal(_))
        ));
        assert!(matches!(
            Crawler::parse_spec("!*>a"),
            Err(CrawlerSpecError::MisplacedIgnoreGlobal(_))
        ));
    }
}
