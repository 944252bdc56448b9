//! Crawler presets: the known user-agent tokens a visitor can pick from,
//! grouped by purpose, with type-ahead search.
//!
//! The table itself is data (`src/data/crawlers.tsv`, see its README for
//! provenance); this module only adds what the table cannot say: which Google
//! crawlers fall back to another token and which ignore the `*` group.

use std::fmt;
use std::sync::OnceLock;

use crate::view_model::sort::sort_indices;

const CRAWLERS_TSV: &str = include_str!("data/crawlers.tsv");

/// Separates the tokens of a crawler spec, e.g. `Googlebot-Image>Googlebot`.
pub const SPEC_SEPARATOR: char = '>';
/// Trailing spec element for crawlers that ignore the `User-agent: *` group.
pub const IGNORES_WILDCARD_MARK: &str = "!*";

/// Google documents these crawlers as obeying a second token when no group
/// names them: a group for the fallback applies to them too.
const GOOGLE_FALLBACKS: &[(&str, &str)] = &[
    ("Googlebot-Image", "Googlebot"),
    ("Googlebot-Video", "Googlebot"),
    ("Googlebot-News", "Googlebot"),
    ("Google-InspectionTool", "Googlebot"),
    ("GoogleOther-Image", "GoogleOther"),
    ("GoogleOther-Video", "GoogleOther"),
];

/// Google's special-case crawlers that only follow groups naming them
/// explicitly, so a `User-agent: *` block does not stop them.
const IGNORES_WILDCARD: &[&str] = &[
    "AdsBot-Google",
    "AdsBot-Google-Mobile",
    "Mediapartners-Google",
    "APIs-Google",
];

/// Why a crawler visits, as classified in the data file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Purpose {
    Search,
    Ads,
    AiTraining,
    AiSearch,
    Seo,
    Archive,
    Other,
}

impl Purpose {
    /// Display order of the groups in the picker.
    pub const ALL: [Purpose; 7] = [
        Purpose::Search,
        Purpose::AiTraining,
        Purpose::AiSearch,
        Purpose::Ads,
        Purpose::Seo,
        Purpose::Archive,
        Purpose::Other,
    ];

    /// The key used in the data file.
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

    /// Human-readable group heading.
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

    pub fn from_key(key: &str) -> Option<Purpose> {
        Purpose::ALL.into_iter().find(|p| p.key() == key)
    }
}

impl fmt::Display for Purpose {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.label())
    }
}

/// One selectable crawler.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CrawlerPreset {
    /// The user-agent token a robots.txt group names.
    pub token: &'static str,
    /// Who runs it.
    pub operator: &'static str,
    pub purpose: Purpose,
    /// Tokens it also obeys, most specific first (Google's documented fallbacks).
    pub fallbacks: Vec<&'static str>,
    /// Whether it skips the `User-agent: *` group.
    pub ignores_wildcard: bool,
}

impl CrawlerPreset {
    /// The spec string the matcher library parses: tokens in order separated
    /// by `>`, plus a trailing `>!*` when the crawler ignores the `*` group.
    pub fn spec(&self) -> String {
        let mut spec = String::from(self.token);
        for fallback in &self.fallbacks {
            spec.push(SPEC_SEPARATOR);
            spec.push_str(fallback);
        }
        if self.ignores_wildcard {
            spec.push(SPEC_SEPARATOR);
            spec.push_str(IGNORES_WILDCARD_MARK);
        }
        spec
    }
}

/// A malformed line in the crawler table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseError {
    pub line: usize,
    pub message: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "crawlers.tsv line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for ParseError {}

/// Parses a `token<TAB>operator<TAB>purpose` table with a header line.
pub fn parse_tsv(text: &'static str) -> Result<Vec<CrawlerPreset>, ParseError> {
    let mut lines = text.lines().enumerate();
    match lines.next() {
        Some((_, header)) if header.trim_end() == "token\toperator\tpurpose" => {}
        _ => {
            return Err(ParseError {
                line: 1,
                message: "expected the header `token<TAB>operator<TAB>purpose`".into(),
            })
        }
    }
    let mut presets = Vec::new();
    for (index, line) in lines {
        let line_no = index + 1;
        let line = line.trim_end_matches('\r');
        if line.is_empty() {
            continue;
        }
        let error = |message: String| ParseError {
            line: line_no,
            message,
        };
        let fields: Vec<&'static str> = line.split('\t').collect();
        let [token, operator, purpose] = fields[..] else {
            return Err(error(format!("expected 3 columns, found {}", fields.len())));
        };
        if token.is_empty() || token.contains(SPEC_SEPARATOR) {
            return Err(error(format!("invalid token {token:?}")));
        }
        let purpose = Purpose::from_key(purpose)
            .ok_or_else(|| error(format!("unknown purpose {purpose:?}")))?;
        presets.push(CrawlerPreset {
            token,
            operator,
            purpose,
            fallbacks: GOOGLE_FALLBACKS
                .iter()
                .filter(|(t, _)| *t == token)
                .map(|(_, fallback)| *fallback)
                .collect(),
            ignores_wildcard: IGNORES_WILDCARD.contains(&token),
        });
    }
    Ok(presets)
}

/// All presets, in data-file order.
pub fn presets() -> &'static [CrawlerPreset] {
    static PRESETS: OnceLock<Vec<CrawlerPreset>> = OnceLock::new();
    PRESETS.get_or_init(|| {
        // The table is embedded at compile time and checked by the tests, so
        // a failure here is a build defect, not a runtime condition.
        parse_tsv(CRAWLERS_TSV).expect("embedded crawlers.tsv is valid")
    })
}

/// Looks a preset up by token, case-insensitively as robots.txt does.
pub fn find(token: &str) -> Option<&'static CrawlerPreset> {
    presets()
        .iter()
        .find(|p| p.token.eq_ignore_ascii_case(token))
}

/// Presets grouped by purpose, in [`Purpose::ALL`] order, each group in
/// data-file order. Every purpose is listed, even if empty.
pub fn by_purpose() -> Vec<(Purpose, Vec<&'static CrawlerPreset>)> {
    Purpose::ALL
        .into_iter()
        .map(|purpose| {
            let group = presets().iter().filter(|p| p.purpose == purpose).collect();
            (purpose, group)
        })
        .collect()
}

/// Type-ahead search: case-insensitive substring match on token and operator.
/// The table is ASCII, so ASCII case folding is enough (and keeps Unicode's
/// case tables out of the WebAssembly).
///
/// Ranking, best first: token starts with the query, operator starts with
/// it, token contains it, operator contains it. Within a rank shorter tokens
/// come first (the exact match or the family's main crawler), then
/// alphabetical. An empty query returns every preset in data order.
pub fn search(query: &str, limit: usize) -> Vec<&'static CrawlerPreset> {
    let query = query.trim().to_ascii_lowercase();
    if query.is_empty() {
        return presets().iter().take(limit).collect();
    }
    // (rank, index into the presets) of every match.
    let ranks: Vec<(u8, u32)> = presets()
        .iter()
        .enumerate()
        .filter_map(|(index, preset)| {
            let token = preset.token.to_ascii_lowercase();
            let operator = preset.operator.to_ascii_lowercase();
            let rank = if token.starts_with(&query) {
                0
            } else if operator.starts_with(&query) {
                1
            } else if token.contains(&query) {
                2
            } else if operator.contains(&query) {
                3
            } else {
                return None;
            };
            Some((rank, index as u32))
        })
        .collect();
    let mut rank = vec![u8::MAX; presets().len()];
    for &(r, index) in &ranks {
        rank[index as usize] = r;
    }
    let rank_of = |index: u32| rank[index as usize];
    let mut hits: Vec<u32> = ranks.iter().map(|&(_, index)| index).collect();
    let preset = |index: u32| &presets()[index as usize];
    sort_indices(&mut hits, &|a, b| {
        let (a_token, b_token) = (preset(a).token, preset(b).token);
        rank_of(a)
            .cmp(&rank_of(b))
            .then(a_token.len().cmp(&b_token.len()))
            .then_with(|| {
                let lower = |t: &'static str| t.bytes().map(|b| b.to_ascii_lowercase());
                lower(a_token).cmp(lower(b_token))
            })
    });
    hits.into_iter().take(limit).map(preset).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn embedded_table_has_all_342_presets() {
        assert_eq!(presets().len(), 342);
    }

    #[test]
    fn every_purpose_has_presets() {
        for (purpose, group) in by_purpose() {
            assert!(!group.is_empty(), "no presets for {purpose:?}");
        }
        let total: usize = by_purpose().iter().map(|(_, g)| g.len()).sum();
        assert_eq!(total, presets().len());
    }

    #[test]
    fn tokens_are_unique_ignoring_case() {
        let mut seen = HashSet::new();
        for preset in presets() {
            assert!(
                seen.insert(preset.token.to_ascii_lowercase()),
                "duplicate token {}",
                preset.token
            );
        }
    }

    #[test]
    fn operators_are_filled_in() {
        assert!(presets().iter().all(|p| !p.operator.trim().is_empty()));
    }

    #[test]
    fn google_special_cases_refer_to_known_tokens() {
        for (token, fallback) in GOOGLE_FALLBACKS {
            assert!(find(token).is_some(), "{token} missing from table");
            assert!(find(fallback).is_some(), "{fallback} missing from table");
        }
        for token in IGNORES_WILDCARD {
            assert!(find(token).is_some(), "{token} missing from table");
        }
    }

    #[test]
    fn specs_encode_fallbacks_and_wildcard_opt_out() {
        let spec = |token: &str| find(token).unwrap().spec();
        assert_eq!(spec("Googlebot"), "Googlebot");
        assert_eq!(spec("Googlebot-Image"), "Googlebot-Image>Googlebot");
        assert_eq!(spec("GoogleOther-Video"), "GoogleOther-Video>GoogleOther");
        assert_eq!(spec("AdsBot-Google"), "AdsBot-Google>!*");
        assert_eq!(spec("Mediapartners-Google"), "Mediapartners-Google>!*");
        assert_eq!(spec("GPTBot"), "GPTBot");
    }

    #[test]
    fn find_is_case_insensitive() {
        assert_eq!(find("gptbot").unwrap().token, "GPTBot");
        assert!(find("no-such-bot").is_none());
    }

    #[test]
    fn search_puts_token_prefix_matches_first() {
        let tokens: Vec<_> = search("googlebot", 10).iter().map(|p| p.token).collect();
        assert_eq!(tokens[0], "Googlebot");
        assert!(tokens
            .iter()
            .all(|t| t.to_lowercase().starts_with("googlebot")));
        assert!(tokens.contains(&"Googlebot-Image"));
    }

    #[test]
    fn search_ranks_prefix_before_substring() {
        // "bot" is a prefix of few tokens but a substring of many.
        let hits = search("bot", usize::MAX);
        let first_substring = hits
            .iter()
            .position(|p| !p.token.to_lowercase().starts_with("bot"))
            .unwrap();
        assert!(hits[first_substring..]
            .iter()
            .all(|p| !p.token.to_lowercase().starts_with("bot")));
        assert!(hits.iter().any(|p| p.token == "Googlebot"));
    }

    #[test]
    fn search_matches_operator_case_insensitively() {
        let hits = search("OPENAI", usize::MAX);
        assert!(hits.iter().any(|p| p.token == "GPTBot"));
        assert!(hits.iter().all(|p| {
            let q = "openai";
            p.token.to_lowercase().contains(q) || p.operator.to_lowercase().contains(q)
        }));
    }

    #[test]
    fn search_respects_limit_and_empty_query() {
        assert_eq!(search("google", 3).len(), 3);
        assert_eq!(search("", 5).len(), 5);
        assert_eq!(search("   ", usize::MAX).len(), presets().len());
        assert!(search("zzzz-no-match", 10).is_empty());
    }

    #[test]
    fn malformed_tables_are_rejected() {
        assert!(parse_tsv("nope\n").is_err());
        let err = parse_tsv("token\toperator\tpurpose\nA\tB\n").unwrap_err();
        assert_eq!(err.line, 2);
        assert!(parse_tsv("token\toperator\tpurpose\nA\tB\tfishing\n").is_err());
        assert!(parse_tsv("token\toperator\tpurpose\nA>B\tB\tother\n").is_err());
    }
}
