//! Giving a line's key its meaning.
//!
//! Google compares keys case-insensitively and accepts any key that *starts
//! with* a known name (`Disallowed:` is a `Disallow`), plus a short list of
//! frequent misspellings. RFC 9309 accepts the exact names only. Knowing which
//! of these happened lets the linter say "Google reads this, others may not".

use crate::Mode;

/// The directive a key names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum KeyKind {
    UserAgent,
    Allow,
    Disallow,
    Sitemap,
    /// Any other key (Crawl-delay, Host, a typo nobody accepts, ...).
    Other,
}

impl KeyKind {
    /// The key as it is spelled in the specification.
    pub fn canonical(self) -> &'static str {
        match self {
            KeyKind::UserAgent => "User-agent",
            KeyKind::Allow => "Allow",
            KeyKind::Disallow => "Disallow",
            KeyKind::Sitemap => "Sitemap",
            KeyKind::Other => "",
        }
    }
}

/// How the key's spelling matched its kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Spelling {
    /// The exact name, in any letter case.
    Exact,
    /// The name followed by more characters (`Disallowed`), which Google
    /// accepts.
    Prefix,
    /// A misspelling on Google's list (`Dissallow`, `User agent`, ...).
    Typo,
}

/// A key's meaning and how it was spelled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Key {
    pub kind: KeyKind,
    pub spelling: Spelling,
}

const NAMES: [(KeyKind, &str); 4] = [
    (KeyKind::UserAgent, "user-agent"),
    (KeyKind::Allow, "allow"),
    (KeyKind::Disallow, "disallow"),
    (KeyKind::Sitemap, "sitemap"),
];

/// The misspellings Google accepts. There are none for `Allow`.
const TYPOS: [(KeyKind, &str); 8] = [
    (KeyKind::UserAgent, "useragent"),
    (KeyKind::UserAgent, "user agent"),
    (KeyKind::Disallow, "dissallow"),
    (KeyKind::Disallow, "dissalow"),
    (KeyKind::Disallow, "disalow"),
    (KeyKind::Disallow, "diasllow"),
    (KeyKind::Disallow, "disallaw"),
    (KeyKind::Sitemap, "site-map"),
];

fn starts_with_ignore_case(key: &[u8], name: &str) -> bool {
    key.len() >= name.len() && key[..name.len()].eq_ignore_ascii_case(name.as_bytes())
}

/// Classifies a key under the given mode.
#[cfg_attr(not(target_family = "wasm"), inline(always))]
pub fn classify(key: &[u8], mode: Mode) -> Key {
    // The exact names differ in length: one comparison finds them.
    let exact = match key.len() {
        5 if is_name(key, b"allow") => KeyKind::Allow,
        7 if is_name(key, b"sitemap") => KeyKind::Sitemap,
        8 if is_name(key, b"disallow") => KeyKind::Disallow,
        10 if is_name(key, b"user-agent") => KeyKind::UserAgent,
        _ => return classify_inexact(key, mode),
    };
    Key {
        kind: exact,
        spelling: Spelling::Exact,
    }
}

/// Whether `key` starts with `name` ignoring ASCII case (`name` is lower
/// case). Sized at compile time, so it compiles to a few wide comparisons:
/// keys are classified on every line.
#[inline]
fn is_name<const N: usize>(key: &[u8], name: &[u8; N]) -> bool {
    let Some(key) = key.first_chunk::<N>() else {
        return false;
    };
    let mut differ = 0u8;
    for (&k, &n) in key.iter().zip(name) {
        // Setting bit 5 lower-cases a letter; only where `name` has one, so
        // `-` has to be `-`.
        let fold = if n.is_ascii_lowercase() { 0x20 } else { 0 };
        differ |= (k | fold) ^ n;
    }
    differ == 0
}

/// [`classify`] for keys that are no exact name.
#[inline(never)]
fn classify_inexact(key: &[u8], mode: Mode) -> Key {
    if mode == Mode::Google {
        // Google checks each kind in this order, typos of a kind together
        // with its name, so `user-agentx` is a User-agent and never Other.
        for (kind, name) in NAMES {
            if starts_with_ignore_case(key, name) {
                return Key {
                    kind,
                    spelling: Spelling::Prefix,
                };
            }
            let typo = TYPOS
                .iter()
                .any(|&(k, t)| k == kind && starts_with_ignore_case(key, t));
            if typo {
                return Key {
                    kind,
                    spelling: Spelling::Typo,
                };
            }
        }
    }
    Key {
        kind: KeyKind::Other,
        spelling: Spelling::Exact,
    }
}

/// The kind Google would give `key`: used to explain, in RFC 9309 mode, what
/// a stricter reading drops.
pub fn google_kind(key: &[u8]) -> KeyKind {
    classify(key, Mode::Google).kind
}

#[cfg(test)]
mod tests {
    use super::*;

    fn google(key: &str) -> (KeyKind, Spelling) {
        let k = classify(key.as_bytes(), Mode::Google);
        (k.kind, k.spelling)
    }

    fn rfc(key: &str) -> KeyKind {
        classify(key.as_bytes(), Mode::Rfc9309).kind
    }

    #[test]
    fn is_name_is_eq_ignore_ascii_case() {
        fn check<const N: usize>(name: &[u8; N]) {
            let mut key = *name;
            for i in 0..N {
                for b in 0..=255u8 {
                    let old = key[i];
                    key[i] = b;
                    assert_eq!(
                        is_name(&key, name),
                        key.eq_ignore_ascii_case(name),
                        "{key:?}"
                    );
                    key[i] = old;
                }
            }
        }
        check(b"user-agent");
        check(b"allow");
        check(b"disallow");
        check(b"sitemap");
    }

    #[test]
    fn exact_names_in_any_case() {
        assert_eq!(google("User-Agent"), (KeyKind::UserAgent, Spelling::Exact));
        assert_eq!(google("ALLOW"), (KeyKind::Allow, Spelling::Exact));
        assert_eq!(google("disallow"), (KeyKind::Disallow, Spelling::Exact));
        assert_eq!(google("SiteMap"), (KeyKind::Sitemap, Spelling::Exact));
        assert_eq!(rfc("uSER-aGENT"), KeyKind::UserAgent);
    }

    #[test]
    fn google_accepts_prefixes() {
        assert_eq!(google("Disallowed"), (KeyKind::Disallow, Spelling::Prefix));
        assert_eq!(google("Allowance"), (KeyKind::Allow, Spelling::Prefix));
        assert_eq!(
            google("user-agents"),
            (KeyKind::UserAgent, Spelling::Prefix)
        );
        assert_eq!(rfc("Disallowed"), KeyKind::Other);
    }

    #[test]
    fn google_accepts_its_typo_list() {
        for typo in ["dissallow", "dissalow", "disalow", "diasllow", "disallaw"] {
            assert_eq!(google(typo), (KeyKind::Disallow, Spelling::Typo), "{typo}");
            assert_eq!(rfc(typo), KeyKind::Other, "{typo}");
        }
        assert_eq!(google("useragent"), (KeyKind::UserAgent, Spelling::Typo));
        assert_eq!(google("User Agent"), (KeyKind::UserAgent, Spelling::Typo));
        assert_eq!(google("site-map"), (KeyKind::Sitemap, Spelling::Typo));
    }

    #[test]
    fn allow_has_no_typos_and_unknown_keys_are_other() {
        assert_eq!(google("alow"), (KeyKind::Other, Spelling::Exact));
        assert_eq!(google("crawl-delay"), (KeyKind::Other, Spelling::Exact));
        assert_eq!(google("disalloww"), (KeyKind::Disallow, Spelling::Prefix));
        assert_eq!(google("disalowx"), (KeyKind::Disallow, Spelling::Typo));
        assert_eq!(google(""), (KeyKind::Other, Spelling::Exact));
    }
}
