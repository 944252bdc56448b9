//! AI usage preferences written in robots.txt: `Content-Usage` (the IETF
//! AI Preferences drafts: `Content-Usage: /path train-ai=n`) and
//! `Content-Signal` (Cloudflare's: `Content-Signal: search=yes,
//! ai-train=no, use=reference`). They say what a site wants done with what
//! is crawled; they never change whether a URL may be crawled.
//!
//! For a crawler and a URL, the preferences that apply are those in the
//! groups that apply to the crawler (the same groups its rules come from):
//! of the `Content-Usage` lines, the one with the longest path that matches
//! the URL, as draft-ietf-aipref-attach-05 says; a line without a path
//! (optional again since attach-05) applies to every path, like `/`. Of the
//! `Content-Signal` lines, the last in the groups. Labels are kept as
//! written; [`VOCABULARY`] says what the known ones mean and which document
//! defines them, and the others are shown as unknown.
//!
//! How a value is read:
//!
//! - `Content-Usage`: after the optional path, an RFC 9651 Dictionary
//!   (draft-ietf-aipref-vocab-07), read exactly as the RFC's parsing
//!   algorithm says (`usage/dictionary.rs`, which says why it is
//!   not the `sfv` crate, and is tested to agree with it): parameters
//!   (`train-ai=n;note=x`) are allowed and ignored, a repeated key keeps
//!   its last value, and anything the RFC rejects (an upper-case key, a
//!   stray character) makes the whole value unreadable: no preference at
//!   all. A member whose value is not the token `y` or `n` is ignored.
//! - `Content-Signal`: `key=value` entries separated by commas
//!   (contentsignals.org): `search`, `ai-input`, `ai-train` with `yes` or
//!   `no`, and `use` with `immediate`, `reference` or `full` (Cloudflare,
//!   2026). Cloudflare does not define the value as a structured field, so
//!   an entry that cannot be read is skipped on its own; a repeated key
//!   keeps its last value here too.

use crate::agent::Crawler;
use crate::fetched::FetchedRobots;
use crate::pattern::{normalize_pattern, Pattern};
use crate::robots::Robots;
use crate::verdict::CheckOptions;

mod dictionary;

/// A directive that carries usage preferences.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UsageDirective {
    /// `Content-Usage` (IETF AI Preferences).
    ContentUsage,
    /// `Content-Signal` (Cloudflare).
    ContentSignal,
}

impl UsageDirective {
    /// The directive whose key this is (any case), if any.
    pub fn from_key(key: &str) -> Option<UsageDirective> {
        if key.eq_ignore_ascii_case("content-usage") {
            Some(UsageDirective::ContentUsage)
        } else if key.eq_ignore_ascii_case("content-signal") {
            Some(UsageDirective::ContentSignal)
        } else {
            None
        }
    }

    /// The key as documented.
    pub fn key(self) -> &'static str {
        match self {
            UsageDirective::ContentUsage => "Content-Usage",
            UsageDirective::ContentSignal => "Content-Signal",
        }
    }

    /// Where it comes from and who heeds it, in a sentence.
    pub fn about(self) -> &'static str {
        match self {
            UsageDirective::ContentUsage => "Content-Usage comes from the IETF AI Preferences drafts (draft-ietf-aipref-attach): a stated preference, not an access rule; a crawler heeds it only if its operator says so.",
            UsageDirective::ContentSignal => "Content-Signal is Cloudflare's (contentsignals.org), written into its managed robots.txt: a stated preference, not an access rule; a crawler heeds it only if its operator says so.",
        }
    }
}

/// One preference: a label and its value, as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Preference {
    /// The label (`train-ai`, `search`, ...).
    pub label: String,
    /// The value (`y`, `n`, `yes`, `no`).
    pub value: String,
}

impl Preference {
    /// Whether the value allows the use: `Some(true)` for `y`/`yes`,
    /// `Some(false)` for `n`/`no`.
    pub fn allows(&self) -> Option<bool> {
        match self.value.as_str() {
            "y" | "yes" => Some(true),
            "n" | "no" => Some(false),
            _ => None,
        }
    }

    /// What the label means in `directive`, when it is a known one.
    pub fn term(&self, directive: UsageDirective) -> Option<&'static Term> {
        term(directive, &self.label)
    }

    /// What the value asks, in a few words: `allowed`, `not wanted`, or
    /// for Content-Signal's `use`, how much of the content may be used.
    pub fn stance(&self) -> &'static str {
        match (self.allows(), self.value.as_str()) {
            (Some(true), _) => "allowed",
            (Some(false), _) => "not wanted",
            (None, "immediate") => "only for the request at hand, nothing kept",
            (None, "reference") => "indexed and quoted in short with a link back",
            (None, "full") => "kept and reproduced in full",
            (None, _) => "unclear",
        }
    }
}

/// A usage line that applies, read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UsageLine {
    /// Its line number.
    pub line: u32,
    /// Which directive.
    pub directive: UsageDirective,
    /// The path it is for (`Content-Usage` only; `None`: every path).
    pub path: Option<String>,
    /// Its preferences, in the order written.
    pub preferences: Vec<Preference>,
}

/// The usage preferences that apply to one URL for one crawler.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Usage {
    /// The `Content-Usage` line that applies.
    pub content_usage: Option<UsageLine>,
    /// The `Content-Signal` line that applies.
    pub content_signal: Option<UsageLine>,
}

impl Usage {
    /// Whether no preference applies.
    pub fn is_empty(&self) -> bool {
        self.content_usage.is_none() && self.content_signal.is_none()
    }
}

/// A known label.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Term {
    /// The label.
    pub label: &'static str,
    /// The directive that defines it.
    pub directive: UsageDirective,
    /// What it covers, in a few words (for a label of an earlier draft,
    /// saying so).
    pub meaning: &'static str,
    /// Whether the current document defines it; `false` for labels of
    /// earlier drafts, which crawlers following the current one ignore.
    pub current: bool,
    /// The document that defines it.
    pub source: &'static str,
    /// The values it takes.
    pub values: &'static [&'static str],
}

/// The AI Preferences vocabulary draft whose labels are current.
pub const AIPREF_VOCAB: &str = "draft-ietf-aipref-vocab-07";
/// Where Content-Signal is defined.
const CONTENT_SIGNALS: &str = "contentsignals.org (Cloudflare)";
const YES_NO: &[&str] = &["yes", "no"];
const Y_N: &[&str] = &["y", "n"];

/// The labels the drafts and Cloudflare's signals have used. Labels change
/// between drafts, so this is data, and unknown labels are not errors.
pub const VOCABULARY: &[Term] = &[
    Term {
        label: "train-ai",
        directive: UsageDirective::ContentUsage,
        meaning: "training AI models",
        current: true,
        source: AIPREF_VOCAB,
        values: Y_N,
    },
    Term {
        label: "search",
        directive: UsageDirective::ContentUsage,
        meaning: "search: indexing and showing links and excerpts",
        current: true,
        source: AIPREF_VOCAB,
        values: Y_N,
    },
    Term {
        label: "train-genai",
        directive: UsageDirective::ContentUsage,
        meaning: "training generative AI models (a label of earlier drafts, not of draft-ietf-aipref-vocab-07)",
        current: false,
        source: "earlier AI Preferences vocabulary drafts",
        values: Y_N,
    },
    Term {
        label: "ai-use",
        directive: UsageDirective::ContentUsage,
        meaning: "using the content in AI applications (a label of earlier drafts, not of draft-ietf-aipref-vocab-07)",
        current: false,
        source: "earlier AI Preferences vocabulary drafts",
        values: Y_N,
    },
    Term {
        label: "bots",
        directive: UsageDirective::ContentUsage,
        meaning: "automated processing of any kind (a label of earlier drafts, not of draft-ietf-aipref-vocab-07)",
        current: false,
        source: "earlier AI Preferences vocabulary drafts",
        values: Y_N,
    },
    Term {
        label: "search",
        directive: UsageDirective::ContentSignal,
        meaning: "search: indexing and showing links and excerpts (not AI summaries)",
        current: true,
        source: CONTENT_SIGNALS,
        values: YES_NO,
    },
    Term {
        label: "ai-input",
        directive: UsageDirective::ContentSignal,
        meaning: "input to AI answers (retrieval, grounding)",
        current: true,
        source: CONTENT_SIGNALS,
        values: YES_NO,
    },
    Term {
        label: "ai-train",
        directive: UsageDirective::ContentSignal,
        meaning: "training or fine-tuning AI models",
        current: true,
        source: CONTENT_SIGNALS,
        values: YES_NO,
    },
    Term {
        label: "use",
        directive: UsageDirective::ContentSignal,
        meaning: "how much of the content may be used: immediate, reference or full",
        current: true,
        source: CONTENT_SIGNALS,
        values: &["immediate", "reference", "full"],
    },
];

/// The known label `label` of `directive`.
pub fn term(directive: UsageDirective, label: &str) -> Option<&'static Term> {
    VOCABULARY
        .iter()
        .find(|t| t.directive == directive && t.label == label)
}

/// As JSON: `{"content_usage": {"train-ai": "n"}, "content_signal": null}`,
/// each the dictionary of the line that applies, or null (what `robotstxt
/// check --json` and the app's rows carry).
#[cfg(feature = "serde")]
impl serde::Serialize for Usage {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;

        struct Dictionary<'a>(&'a UsageLine);
        impl serde::Serialize for Dictionary<'_> {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                let mut map = serializer.serialize_map(Some(self.0.preferences.len()))?;
                for p in &self.0.preferences {
                    map.serialize_entry(&p.label, &p.value)?;
                }
                map.end()
            }
        }
        let mut map = serializer.serialize_map(Some(2))?;
        map.serialize_entry(
            "content_usage",
            &self.content_usage.as_ref().map(Dictionary),
        )?;
        map.serialize_entry(
            "content_signal",
            &self.content_signal.as_ref().map(Dictionary),
        )?;
        map.end()
    }
}

/// Why (part of) a usage line could not be read, for the linter.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum UsageProblem {
    /// A Content-Usage value that is not an RFC 9651 Dictionary, and why.
    NotADictionary(&'static str),
    /// A Content-Signal entry that is not `label=value` with a lower-case
    /// label.
    BadEntry(String),
    /// A value the label does not take (the entry, as written).
    BadValue(String),
    /// A label no version of the vocabulary defines.
    UnknownLabel(String),
    /// A label of an earlier draft, which current crawlers ignore.
    FormerLabel(String),
    /// Nothing to read.
    Empty,
}

/// A usage line's value, read.
pub(crate) struct ReadUsage {
    /// The path it is for (`Content-Usage` only).
    pub path: Option<String>,
    /// The preferences that apply, in order of first appearance.
    pub preferences: Vec<Preference>,
    /// What could not be read.
    pub problems: Vec<UsageProblem>,
}

/// Reads a usage line's value (see the module's documentation).
pub(crate) fn parse_usage(directive: UsageDirective, value: &str) -> ReadUsage {
    let mut rest = value.trim();
    let mut path = None;
    if directive == UsageDirective::ContentUsage && (rest.starts_with('/') || rest.starts_with('*'))
    {
        let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
        path = Some(rest[..end].to_string());
        rest = rest[end..].trim_start();
    }
    let mut problems = Vec::new();
    let entries = match directive {
        UsageDirective::ContentUsage => match dictionary::members(rest) {
            Ok(members) => dictionary::keep_last(members),
            Err(why) => {
                problems.push(UsageProblem::NotADictionary(why));
                Vec::new()
            }
        },
        UsageDirective::ContentSignal => signal_entries(rest, &mut problems),
    };
    let mut preferences = Vec::new();
    for (label, value) in entries {
        let entry = || match &value {
            Some(v) => format!("{label}={v}"),
            None => label.clone(),
        };
        let known = term(directive, &label);
        match (known, &value) {
            // Kept, to be shown as unknown; crawlers ignore it.
            (None, _) => problems.push(UsageProblem::UnknownLabel(label.clone())),
            (Some(t), Some(v)) if t.values.contains(&v.as_str()) => {
                if !t.current {
                    problems.push(UsageProblem::FormerLabel(label.clone()));
                }
            }
            (Some(_), _) => {
                problems.push(UsageProblem::BadValue(entry()));
                continue;
            }
        }
        if let Some(value) = value {
            preferences.push(Preference { label, value });
        }
    }
    if preferences.is_empty() && problems.is_empty() {
        problems.push(UsageProblem::Empty);
    }
    ReadUsage {
        path,
        preferences,
        problems,
    }
}

/// Content-Signal's `key=value` entries, separated by commas; the value is
/// `None` for an entry whose value is not a plain word. A repeated key
/// keeps its last value, at the place it first appeared.
fn signal_entries(text: &str, problems: &mut Vec<UsageProblem>) -> Vec<(String, Option<String>)> {
    let mut entries = Vec::new();
    for entry in text.split(',').map(str::trim).filter(|e| !e.is_empty()) {
        let Some((label, value)) = entry.split_once('=') else {
            problems.push(UsageProblem::BadEntry(entry.to_string()));
            continue;
        };
        let (label, value) = (label.trim(), value.trim());
        let label_ok = label.bytes().next().is_some_and(|b| b.is_ascii_lowercase())
            && label.bytes().all(|b| {
                b.is_ascii_lowercase()
                    || b.is_ascii_digit()
                    || matches!(b, b'_' | b'-' | b'.' | b'*')
            });
        if !label_ok {
            problems.push(UsageProblem::BadEntry(entry.to_string()));
            continue;
        }
        let value = value
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-')
            .then(|| value.to_string());
        entries.push((label.to_string(), value));
    }
    dictionary::keep_last(entries)
}

/// The usage tool's question about robots.txt as a crawler got it.
impl FetchedRobots<'_> {
    /// The usage preferences that apply to `url` for `crawler`, its groups
    /// and path found as `options` say (see the module documentation);
    /// none when how fetching ended left no file to read. They never
    /// change the verdict.
    pub fn usage(&self, crawler: &Crawler, url: &str, options: &CheckOptions) -> Usage {
        match self.rules() {
            Some(robots) => rules_usage(robots, crawler, url, options),
            None => Usage::default(),
        }
    }
}

/// The usage preferences `robots`' groups for `crawler` give `url`.
fn rules_usage(robots: &Robots, crawler: &Crawler, url: &str, options: &CheckOptions) -> Usage {
    let (_, applied) = robots.select(crawler, options.agent_matching);
    let groups = applied.groups();
    let path = robots.checked_path(url, options);
    let mut usage = Usage::default();
    // (path length, line) of the Content-Usage chosen so far.
    let mut best_len: Option<usize> = None;
    for other in robots.other_directives() {
        let Some(group) = other.group else { continue };
        if !groups.contains(&group) {
            continue;
        }
        let Some(directive) = UsageDirective::from_key(&other.key) else {
            continue;
        };
        let read = parse_usage(directive, &other.value);
        let line_path = read.path.clone();
        let line = UsageLine {
            line: other.line,
            directive,
            path: read.path,
            preferences: read.preferences,
        };
        match directive {
            UsageDirective::ContentSignal => usage.content_signal = Some(line),
            UsageDirective::ContentUsage => {
                // Without a path: every path, like `/` (length 1).
                let pattern = line_path.as_deref().unwrap_or("/");
                let normalized = normalize_pattern(pattern.as_bytes(), robots.mode());
                let matched = Pattern::new(normalized.into_owned()).matches(path.as_bytes());
                let len = pattern.len();
                if matched && best_len.is_none_or(|best| len > best) {
                    best_len = Some(len);
                    usage.content_usage = Some(line);
                }
            }
        }
    }
    usage
}

#[cfg(test)]
mod tests {
    use super::*;

    fn usage(text: &str, agent: &str, url: &str) -> Usage {
        let robots = Robots::parse(text.as_bytes());
        FetchedRobots::new(&robots, crate::FetchOutcome::FETCHED).usage(
            &Crawler::new(agent),
            url,
            &CheckOptions::default(),
        )
    }

    fn labels(line: &Option<UsageLine>) -> Vec<(String, String)> {
        line.iter()
            .flat_map(|l| &l.preferences)
            .map(|p| (p.label.clone(), p.value.clone()))
            .collect()
    }

    #[test]
    fn the_longest_matching_content_usage_path_applies() {
        let text = "User-agent: *\nContent-Usage: / train-ai=n\nContent-Usage: /blog/ train-ai=y, search=y\nAllow: /\n";
        let blog = usage(text, "GPTBot", "https://a.example/blog/post");
        assert_eq!(blog.content_usage.as_ref().map(|l| l.line), Some(3));
        assert_eq!(
            labels(&blog.content_usage),
            [
                ("train-ai".into(), "y".into()),
                ("search".into(), "y".into())
            ]
        );
        let home = usage(text, "GPTBot", "/about");
        assert_eq!(home.content_usage.as_ref().map(|l| l.line), Some(2));
        assert!(home.content_signal.is_none());
    }

    #[test]
    fn preferences_come_from_the_crawlers_own_groups_only() {
        let text = "User-agent: *\nContent-Signal: search=yes, ai-train=no\nAllow: /\n\nUser-agent: Googlebot\nAllow: /\n";
        let gpt = usage(text, "GPTBot", "/x");
        assert_eq!(
            labels(&gpt.content_signal),
            [
                ("search".into(), "yes".into()),
                ("ai-train".into(), "no".into())
            ]
        );
        // Googlebot has a group of its own, without preferences.
        assert!(usage(text, "Googlebot", "/x").is_empty());
    }

    fn read(directive: UsageDirective, value: &str) -> (Vec<(String, String)>, Vec<UsageProblem>) {
        let read = parse_usage(directive, value);
        let prefs = read
            .preferences
            .into_iter()
            .map(|p| (p.label, p.value))
            .collect();
        (prefs, read.problems)
    }

    fn pairs(list: &[(&str, &str)]) -> Vec<(String, String)> {
        list.iter()
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .collect()
    }

    #[test]
    fn a_content_usage_without_a_path_is_for_every_path_and_no_problem() {
        // draft-ietf-aipref-attach-05 makes the path optional again.
        let (prefs, problems) = read(UsageDirective::ContentUsage, "train-ai=n");
        assert_eq!(prefs, pairs(&[("train-ai", "n")]));
        assert!(problems.is_empty(), "{problems:?}");
        let u = usage(
            "User-agent: *\nContent-Usage: train-ai=n\nAllow: /\n",
            "X",
            "/deep/page",
        );
        assert_eq!(u.content_usage.map(|l| (l.line, l.path)), Some((2, None)));
    }

    #[test]
    fn content_usage_is_an_rfc_9651_dictionary() {
        // Parameters are allowed and ignored.
        let text = "User-agent: *\nContent-Usage: /b/ train-ai=n;note=x, search=y\nAllow: /\n";
        let u = usage(text, "X", "/b/x");
        assert_eq!(
            labels(&u.content_usage),
            pairs(&[("train-ai", "n"), ("search", "y")])
        );
        let (_, problems) = read(
            UsageDirective::ContentUsage,
            "/b/ train-ai=n;note=x, search=y",
        );
        assert!(problems.is_empty(), "{problems:?}");
        // A repeated key keeps its last value, at its first place.
        let (prefs, _) = read(
            UsageDirective::ContentUsage,
            "train-ai=y, search=y, train-ai=n",
        );
        assert_eq!(prefs, pairs(&[("train-ai", "n"), ("search", "y")]));
        // An upper-case key fails the whole parse: every preference unknown.
        let (prefs, problems) = read(UsageDirective::ContentUsage, "/ search=y, Train-AI=n");
        assert!(prefs.is_empty());
        assert!(
            matches!(&problems[..], [UsageProblem::NotADictionary(_)]),
            "{problems:?}"
        );
        let u = usage(
            "User-agent: *\nContent-Usage: / search=y, Train-AI=n\nAllow: /\n",
            "X",
            "/a",
        );
        assert_eq!(labels(&u.content_usage), []);
        // So does a stray character or a missing value after '='.
        for bad in [
            "train-ai=n search=y",
            "train-ai=",
            "train-ai=n,",
            "train-ai=n; ,",
        ] {
            let (prefs, problems) = read(UsageDirective::ContentUsage, bad);
            assert!(prefs.is_empty(), "{bad}");
            assert!(
                matches!(problems[..], [UsageProblem::NotADictionary(_)]),
                "{bad}: {problems:?}"
            );
        }
    }

    #[test]
    fn content_usage_members_that_are_not_y_or_n_or_not_known_are_ignored() {
        let (prefs, problems) = read(
            UsageDirective::ContentUsage,
            "train-ai=no, search=\"y\", trian-ai=n, train-genai=n, search",
        );
        // Unknown labels are kept, to be shown as unknown.
        assert_eq!(prefs, pairs(&[("trian-ai", "n"), ("train-genai", "n")]));
        assert_eq!(
            problems,
            [
                UsageProblem::BadValue("train-ai=no".into()),
                UsageProblem::BadValue("search".into()),
                UsageProblem::UnknownLabel("trian-ai".into()),
                UsageProblem::FormerLabel("train-genai".into()),
            ]
        );
        let (_, problems) = read(UsageDirective::ContentUsage, "/ ");
        assert_eq!(problems, [UsageProblem::Empty]);
    }

    #[test]
    fn content_signal_reads_cloudflares_use_levels() {
        let (prefs, problems) = read(
            UsageDirective::ContentSignal,
            "search=yes,ai-train=no,use=reference",
        );
        assert_eq!(
            prefs,
            pairs(&[("search", "yes"), ("ai-train", "no"), ("use", "reference")])
        );
        assert!(problems.is_empty(), "{problems:?}");
        for level in ["immediate", "reference", "full"] {
            let (prefs, problems) = read(UsageDirective::ContentSignal, &format!("use={level}"));
            assert_eq!(prefs.len(), 1);
            assert!(problems.is_empty());
        }
        let (prefs, problems) = read(UsageDirective::ContentSignal, "use=partial, use-ai=yes");
        assert_eq!(prefs, pairs(&[("use-ai", "yes")]));
        assert_eq!(
            problems,
            [
                UsageProblem::BadValue("use=partial".into()),
                UsageProblem::UnknownLabel("use-ai".into())
            ]
        );
        let stance = |value: &str| {
            Preference {
                label: "use".into(),
                value: value.into(),
            }
            .stance()
        };
        assert_eq!(
            stance("reference"),
            "indexed and quoted in short with a link back"
        );
        assert_eq!(stance("sometimes"), "unclear");
    }

    #[test]
    fn malformed_signal_entries_are_skipped_and_reported() {
        let (prefs, problems) = read(
            UsageDirective::ContentSignal,
            "Search=yes, ai-train=maybe, ai-input=no, junk, ai-input=yes",
        );
        // The repeated ai-input keeps its last value.
        assert_eq!(prefs, pairs(&[("ai-input", "yes")]));
        assert_eq!(
            problems,
            [
                UsageProblem::BadEntry("Search=yes".into()),
                UsageProblem::BadEntry("junk".into()),
                UsageProblem::BadValue("ai-train=maybe".into()),
            ]
        );
    }

    #[test]
    fn thousands_of_repeated_keys_are_read_in_linear_time() {
        let value = (0..20_000)
            .map(|i| format!("k{}=y", i % 100))
            .collect::<Vec<_>>()
            .join(", ");
        let (_, problems) = read(UsageDirective::ContentUsage, &value);
        assert_eq!(problems.len(), 100);
    }

    #[test]
    fn known_labels_say_what_they_mean_and_values_read_as_allows() {
        let p = Preference {
            label: "train-ai".into(),
            value: "n".into(),
        };
        assert_eq!(p.allows(), Some(false));
        let usage = UsageDirective::ContentUsage;
        assert_eq!(p.term(usage).map(|t| t.meaning), Some("training AI models"));
        assert_eq!(
            p.term(usage).map(|t| (t.current, t.source)),
            Some((true, AIPREF_VOCAB))
        );
        let old = term(usage, "train-genai").unwrap();
        assert!(!old.current && old.meaning.contains("earlier drafts"));
        assert!(p.term(UsageDirective::ContentSignal).is_none());
        let unknown = Preference {
            label: "train-robots".into(),
            value: "y".into(),
        };
        assert!(unknown.term(usage).is_none());
        assert_eq!(unknown.allows(), Some(true));
    }

    #[cfg(feature = "serde")]
    #[test]
    fn usage_serialises_as_two_dictionaries_or_nulls() {
        let u = usage(
            "User-agent: *\nContent-Usage: / train-ai=n, search=y\nAllow: /\n",
            "X",
            "/a",
        );
        assert_eq!(
            serde_json::to_string(&u).unwrap(),
            r#"{"content_usage":{"train-ai":"n","search":"y"},"content_signal":null}"#
        );
        assert_eq!(
            serde_json::to_string(&Usage::default()).unwrap(),
            r#"{"content_usage":null,"content_signal":null}"#
        );
    }

    #[test]
    fn usage_never_changes_the_verdict() {
        let text = "User-agent: *\nContent-Usage: / train-ai=n\nContent-Signal: search=no\n";
        let robots = Robots::parse(text.as_bytes());
        assert!(robots.check(&Crawler::new("GPTBot"), "/x").allowed);
    }
}
