//! AI usage preferences written in robots.txt: `Content-Usage` (the IETF
//! AI Preferences drafts: `Content-Usage: /path train-ai=n`) and
//! `Content-Signal` (Cloudflare's: `Content-Signal: search=yes,
//! ai-train=no`). They say what a site wants done with what is crawled;
//! they never change whether a URL may be crawled.
//!
//! For a crawler and a URL, the preferences that apply are those in the
//! groups that apply to the crawler (the same groups its rules come from):
//! of the `Content-Usage` lines, the one with the longest path that matches
//! the URL, as the draft says; a line without a path (the older form)
//! applies to every path, like `/`. Of the `Content-Signal` lines, the last
//! in the groups. Labels are kept as written; [`VOCABULARY`] says what the
//! known ones mean, and the others are shown as unknown.

use crate::agent::Crawler;
use crate::fetched::FetchedRobots;
use crate::pattern::{normalize_pattern, Pattern};
use crate::robots::Robots;
use crate::verdict::CheckOptions;

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
        VOCABULARY
            .iter()
            .find(|t| t.directive == directive && t.label == self.label)
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
    /// What it covers, in a few words.
    pub meaning: &'static str,
}

/// The labels the drafts and Cloudflare's signals have used. Labels change
/// between drafts, so this is data, and unknown labels are not errors.
pub const VOCABULARY: &[Term] = &[
    Term {
        label: "train-ai",
        directive: UsageDirective::ContentUsage,
        meaning: "training AI models",
    },
    Term {
        label: "train-genai",
        directive: UsageDirective::ContentUsage,
        meaning: "training generative AI models",
    },
    Term {
        label: "ai-use",
        directive: UsageDirective::ContentUsage,
        meaning: "using the content in AI applications",
    },
    Term {
        label: "search",
        directive: UsageDirective::ContentUsage,
        meaning: "search: indexing and showing links and excerpts",
    },
    Term {
        label: "bots",
        directive: UsageDirective::ContentUsage,
        meaning: "automated processing of any kind",
    },
    Term {
        label: "search",
        directive: UsageDirective::ContentSignal,
        meaning: "search: indexing and showing links and excerpts (not AI summaries)",
    },
    Term {
        label: "ai-input",
        directive: UsageDirective::ContentSignal,
        meaning: "input to AI answers (retrieval, grounding)",
    },
    Term {
        label: "ai-train",
        directive: UsageDirective::ContentSignal,
        meaning: "training or fine-tuning AI models",
    },
];

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

/// Why a usage line could not be read, for the linter.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum UsageProblem {
    /// A `Content-Usage` without a path: accepted, for every path.
    NoPath,
    /// An entry that is not `label=value` with a lower-case label.
    BadEntry(String),
    /// A value other than the directive's yes/no words.
    BadValue(String),
    /// Nothing to read.
    Empty,
}

/// Reads a usage line's value: an optional path (`Content-Usage` only),
/// then `label=value` entries separated by commas. Entries that cannot be
/// read are skipped and reported; the rest apply.
pub(crate) fn parse_usage(
    directive: UsageDirective,
    value: &str,
) -> (Option<String>, Vec<Preference>, Vec<UsageProblem>) {
    let mut problems = Vec::new();
    let mut rest = value.trim();
    let mut path = None;
    if directive == UsageDirective::ContentUsage {
        if rest.starts_with('/') || rest.starts_with('*') {
            let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
            path = Some(rest[..end].to_string());
            rest = rest[end..].trim_start();
        } else {
            problems.push(UsageProblem::NoPath);
        }
    }
    let mut preferences = Vec::new();
    for entry in rest.split(',').map(str::trim).filter(|e| !e.is_empty()) {
        let Some((label, value)) = entry.split_once('=') else {
            problems.push(UsageProblem::BadEntry(entry.to_string()));
            continue;
        };
        let (label, value) = (label.trim(), value.trim());
        let label_ok = label
            .bytes()
            .next()
            .is_some_and(|b| b.is_ascii_lowercase() || b == b'*')
            && label.bytes().all(|b| {
                b.is_ascii_lowercase()
                    || b.is_ascii_digit()
                    || matches!(b, b'_' | b'-' | b'.' | b'*')
            });
        if !label_ok {
            problems.push(UsageProblem::BadEntry(entry.to_string()));
            continue;
        }
        let words: &[&str] = match directive {
            UsageDirective::ContentUsage => &["y", "n"],
            UsageDirective::ContentSignal => &["yes", "no"],
        };
        if !words.contains(&value) {
            problems.push(UsageProblem::BadValue(entry.to_string()));
            continue;
        }
        preferences.push(Preference {
            label: label.to_string(),
            value: value.to_string(),
        });
    }
    if preferences.is_empty()
        && !problems
            .iter()
            .any(|p| matches!(p, UsageProblem::BadEntry(_) | UsageProblem::BadValue(_)))
    {
        problems.push(UsageProblem::Empty);
    }
    (path, preferences, problems)
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
        let (line_path, preferences, _) = parse_usage(directive, &other.value);
        let line = UsageLine {
            line: other.line,
            directive,
            path: line_path.clone(),
            preferences,
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

    #[test]
    fn the_older_form_without_a_path_applies_everywhere_with_a_problem() {
        let (path, prefs, problems) = parse_usage(UsageDirective::ContentUsage, "train-ai=n");
        assert_eq!((path, prefs.len()), (None, 1));
        assert_eq!(problems, [UsageProblem::NoPath]);
        let u = usage(
            "User-agent: *\nContent-Usage: train-ai=n\nAllow: /\n",
            "X",
            "/deep/page",
        );
        assert_eq!(u.content_usage.map(|l| l.line), Some(2));
    }

    #[test]
    fn malformed_entries_are_skipped_and_reported() {
        let (_, prefs, problems) = parse_usage(
            UsageDirective::ContentSignal,
            "Search=yes, ai-train=maybe, ai-input=no, junk",
        );
        assert_eq!(
            prefs,
            [Preference {
                label: "ai-input".into(),
                value: "no".into()
            }]
        );
        assert_eq!(
            problems,
            [
                UsageProblem::BadEntry("Search=yes".into()),
                UsageProblem::BadValue("ai-train=maybe".into()),
                UsageProblem::BadEntry("junk".into()),
            ]
        );
        let (_, _, problems) = parse_usage(UsageDirective::ContentUsage, "/ ");
        assert_eq!(problems, [UsageProblem::Empty]);
        // Content-Usage says y/n, Content-Signal yes/no.
        let (_, prefs, _) = parse_usage(UsageDirective::ContentUsage, "/ train-ai=no");
        assert!(prefs.is_empty());
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
