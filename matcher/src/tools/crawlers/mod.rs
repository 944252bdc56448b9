//! The crawler presets as data: the user-agent tokens people pick or name
//! in robots.txt, who runs each crawler and why it visits, the tokens it
//! falls back to and whether it ignores the `*` group, and, for the
//! crawlers whose operators say so, the user-agent strings it sends and
//! where the operator publishes its IP ranges.
//!
//! The tables live in `matcher/data/` (see its README for the sources, and
//! `crawler-sources.tsv` for each entry's date and source):
//!
//! - `crawlers.tsv`: token, operator, purpose, fallback token, whether it
//!   ignores `*` ([`presets`]);
//! - `user-agents.tsv`: the user-agent strings a crawler sends
//!   ([`CrawlerPreset::user_agents`]);
//! - `ip-ranges.tsv`: where its IP ranges are published
//!   ([`CrawlerPreset::ip_ranges`]);
//! - `crawler-sources.tsv`: when each entry was checked and against what
//!   ([`CrawlerPreset::provenance`]).
//!
//! Only the first is read by [`presets`]; the others are read by the
//! functions that need them, so a program that never asks for user-agent
//! strings or sources (the browser app) does not carry them.
//! [`identify`] maps a user-agent string as it appears in a server log to
//! the preset that sent it.

use std::fmt;
use std::sync::OnceLock;

use crate::agent::Crawler;

mod details;
mod identify;

pub use details::Provenance;
pub use identify::identify;

const CRAWLERS_TSV: &str = include_str!("../../../data/crawlers.tsv");

/// The header `crawlers.tsv` starts with.
const HEADER: &str = "token\toperator\tpurpose\tfallback\tignores_star";

/// Why a crawler visits, as classified in the data.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Purpose {
    /// A search engine's index.
    Search,
    /// Advertising: landing-page and ad-quality checks.
    Ads,
    /// Collecting content to train AI models.
    AiTraining,
    /// AI search, answers and assistants fetching pages.
    AiSearch,
    /// SEO and marketing tools.
    Seo,
    /// Web archives.
    Archive,
    /// Anything else (previews, monitoring, generic libraries).
    Other,
}

impl Purpose {
    /// Every purpose, in the order pickers list them.
    pub const ALL: [Purpose; 7] = [
        Purpose::Search,
        Purpose::AiTraining,
        Purpose::AiSearch,
        Purpose::Ads,
        Purpose::Seo,
        Purpose::Archive,
        Purpose::Other,
    ];

    /// The key used in the data file (`search`, `ai-training`, ...).
    pub fn key(self) -> &'static str {
        match self {
            Purpose::Search => "search",
            Purpose::Ads => "ads",
            Purpose::AiTraining => "ai-training",
            Purpose::AiSearch => "ai-search",
            Purpose::Seo => "seo",
            Purpose::Archive => "archive",
            Purpose::Other => "other",
        }
    }

    /// A heading for a group of crawlers: `Search engines`, `AI training`.
    pub fn label(self) -> &'static str {
        match self {
            Purpose::Search => "Search engines",
            Purpose::Ads => "Advertising",
            Purpose::AiTraining => "AI training",
            Purpose::AiSearch => "AI search and assistants",
            Purpose::Seo => "SEO tools",
            Purpose::Archive => "Archiving",
            Purpose::Other => "Other",
        }
    }

    /// One crawler of this purpose, in words: `an AI training crawler`.
    pub fn crawler_noun(self) -> &'static str {
        match self {
            Purpose::Search => "a search crawler",
            Purpose::Ads => "an advertising crawler",
            Purpose::AiTraining => "an AI training crawler",
            Purpose::AiSearch => "an AI search or assistant crawler",
            Purpose::Seo => "an SEO tool's crawler",
            Purpose::Archive => "an archiving crawler",
            Purpose::Other => "a crawler",
        }
    }

    /// The purpose a data-file key names.
    pub fn from_key(key: &str) -> Option<Purpose> {
        Purpose::ALL.into_iter().find(|p| p.key() == key)
    }
}

impl fmt::Display for Purpose {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.label())
    }
}

/// One known crawler.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CrawlerPreset {
    /// The user-agent token a robots.txt group names (`GPTBot`).
    pub token: &'static str,
    /// Who runs it.
    pub operator: &'static str,
    /// Why it visits.
    pub purpose: Purpose,
    /// Tokens it also obeys when no group names it, most specific first
    /// (Google documents `Googlebot-Image` falling back to `Googlebot`).
    pub fallbacks: Vec<&'static str>,
    /// Whether it skips the `User-agent: *` group (Google's AdsBot and a
    /// few other special-case crawlers).
    pub ignores_wildcard: bool,
}

impl CrawlerPreset {
    /// The crawler to check as: its token, its fallbacks, and whether it
    /// ignores the `*` group.
    pub fn crawler(&self) -> Crawler {
        let mut crawler = Crawler::new(self.token);
        for fallback in &self.fallbacks {
            crawler = crawler.with_fallback(*fallback);
        }
        if self.ignores_wildcard {
            crawler = crawler.ignoring_global();
        }
        crawler
    }

    /// Whether the token is a generic word some lists carry (`Spider`,
    /// `Fetch`) rather than one crawler's name: never the answer of
    /// [`identify`] or of a spelling suggestion.
    pub fn is_generic(&self) -> bool {
        self.operator.starts_with("unknown (generic")
    }

    /// The crawler spec of [`CrawlerPreset::crawler`]
    /// (`Googlebot-Image>Googlebot`, `AdsBot-Google>!*`).
    pub fn spec(&self) -> String {
        self.crawler().spec()
    }
}

/// A malformed line of a crawler table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableError {
    /// The 1-based line.
    pub line: usize,
    /// What is wrong with it.
    pub message: String,
}

impl fmt::Display for TableError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "crawlers.tsv line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for TableError {}

/// Reads a `crawlers.tsv` table (with its header line).
pub fn parse_table(text: &'static str) -> Result<Vec<CrawlerPreset>, TableError> {
    let mut lines = text.lines().enumerate();
    match lines.next() {
        Some((_, header)) if header.trim_end() == HEADER => {}
        _ => {
            return Err(TableError {
                line: 1,
                message: format!("expected the header `{}`", HEADER.replace('\t', "<TAB>")),
            })
        }
    }
    let mut presets = Vec::new();
    for (index, line) in lines {
        let line = line.trim_end_matches('\r');
        if line.is_empty() {
            continue;
        }
        let error = |message: String| TableError {
            line: index + 1,
            message,
        };
        let fields: Vec<&'static str> = line.split('\t').collect();
        let [token, operator, purpose, fallback, ignores] = fields[..] else {
            return Err(error(format!("expected 5 columns, found {}", fields.len())));
        };
        if token.is_empty() || token.contains('>') {
            return Err(error(format!("invalid token {token:?}")));
        }
        let purpose = Purpose::from_key(purpose)
            .ok_or_else(|| error(format!("unknown purpose {purpose:?}")))?;
        let ignores_wildcard = match ignores {
            "yes" => true,
            "" => false,
            other => {
                return Err(error(format!(
                    "ignores_star is 'yes' or empty, not {other:?}"
                )))
            }
        };
        presets.push(CrawlerPreset {
            token,
            operator,
            purpose,
            fallbacks: fallback.split(',').filter(|f| !f.is_empty()).collect(),
            ignores_wildcard,
        });
    }
    Ok(presets)
}

/// Every preset, in data-file order (the RFC 9309 `*` group last).
pub fn presets() -> &'static [CrawlerPreset] {
    static PRESETS: OnceLock<Vec<CrawlerPreset>> = OnceLock::new();
    PRESETS.get_or_init(|| {
        // The table is embedded at compile time and read by the tests, so
        // a failure here is a build defect, not a runtime condition.
        parse_table(CRAWLERS_TSV).expect("embedded crawlers.tsv is valid")
    })
}

/// The preset with this token, compared ignoring case as robots.txt does.
pub fn find(token: &str) -> Option<&'static CrawlerPreset> {
    presets()
        .iter()
        .find(|p| p.token.eq_ignore_ascii_case(token))
}

/// The presets grouped by purpose, in [`Purpose::ALL`] order, each group in
/// data-file order; every purpose is listed, even an empty one.
pub fn by_purpose() -> Vec<(Purpose, Vec<&'static CrawlerPreset>)> {
    Purpose::ALL
        .into_iter()
        .map(|purpose| {
            let group = presets().iter().filter(|p| p.purpose == purpose).collect();
            (purpose, group)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn the_table_reads_and_tokens_are_unique_ignoring_case() {
        let presets = presets();
        assert!(presets.len() >= 347, "{}", presets.len());
        let mut seen = HashSet::new();
        for preset in presets {
            assert!(
                seen.insert(preset.token.to_ascii_lowercase()),
                "duplicate token {}",
                preset.token
            );
            assert!(!preset.operator.trim().is_empty(), "{}", preset.token);
        }
        assert_eq!(presets.last().map(|p| p.token), Some("*"));
    }

    #[test]
    fn every_purpose_has_presets_and_each_preset_one_purpose() {
        let groups = by_purpose();
        for (purpose, group) in &groups {
            assert!(!group.is_empty(), "no presets for {purpose:?}");
        }
        let total: usize = groups.iter().map(|(_, g)| g.len()).sum();
        assert_eq!(total, presets().len());
    }

    #[test]
    fn google_fallbacks_and_crawlers_ignoring_star_are_data() {
        let spec = |token: &str| find(token).unwrap().spec();
        assert_eq!(spec("Googlebot"), "Googlebot");
        assert_eq!(spec("Googlebot-Image"), "Googlebot-Image>Googlebot");
        assert_eq!(
            spec("Google-InspectionTool"),
            "Google-InspectionTool>Googlebot"
        );
        assert_eq!(spec("GoogleOther-Video"), "GoogleOther-Video>GoogleOther");
        assert_eq!(spec("AdsBot-Google"), "AdsBot-Google>!*");
        assert_eq!(spec("AdsBot-Google-Mobile"), "AdsBot-Google-Mobile>!*");
        assert_eq!(spec("Mediapartners-Google"), "Mediapartners-Google>!*");
        assert_eq!(spec("APIs-Google"), "APIs-Google>!*");
        assert_eq!(spec("GPTBot"), "GPTBot");
        for preset in presets() {
            for fallback in &preset.fallbacks {
                assert!(find(fallback).is_some(), "{fallback} is not a preset");
            }
        }
        // A preset's crawler is checked as its spec says.
        let robots = crate::Robots::parse(b"User-agent: Googlebot\nDisallow: /x\n");
        let image = find("googlebot-image").unwrap().crawler();
        assert!(!robots.check(&image, "/x").allowed);
    }

    #[test]
    fn the_refreshed_crawlers_are_there() {
        for (token, purpose) in [
            ("Google-Agent", Purpose::AiSearch),
            ("Google-GeminiNotebook", Purpose::AiSearch),
            ("GoogleMessages", Purpose::Other),
            ("MistralAI-Training", Purpose::AiTraining),
            ("MistralAI-Index", Purpose::AiSearch),
            ("ExaSearchBot", Purpose::AiSearch),
        ] {
            assert_eq!(find(token).map(|p| p.purpose), Some(purpose), "{token}");
        }
    }

    #[test]
    fn malformed_tables_are_errors_with_their_line() {
        assert!(parse_table("nope\n").is_err());
        let head = "token\toperator\tpurpose\tfallback\tignores_star\n";
        let table =
            |row: &str| -> &'static str { Box::leak(format!("{head}{row}\n").into_boxed_str()) };
        assert_eq!(parse_table(table("A\tB\tother")).unwrap_err().line, 2);
        assert!(parse_table(table("A\tB\tfishing\t\t")).is_err());
        assert!(parse_table(table("A>B\tB\tother\t\t")).is_err());
        assert!(parse_table(table("A\tB\tother\t\tmaybe")).is_err());
        assert_eq!(
            parse_table(table("A\tB\tads\tC\tyes")).unwrap()[0].spec(),
            "A>C>!*"
        );
    }
}
