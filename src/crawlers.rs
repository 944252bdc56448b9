//! Crawler presets for the picker: the library's presets
//! (`robots_matcher::tools::crawlers`: tokens, operators, purposes, Google's
//! fallbacks and the crawlers that ignore `*`, as data with their sources),
//! and the picker's own type-ahead search over them.

pub use robots_matcher::tools::crawlers::{by_purpose, find, presets, CrawlerPreset, Purpose};

use crate::view_model::sort::sort_indices;

/// Separates the tokens of a crawler spec, e.g. `Googlebot-Image>Googlebot`.
pub const SPEC_SEPARATOR: char = '>';

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

    #[test]
    fn the_picker_offers_the_librarys_presets() {
        assert_eq!(presets().len(), 347);
        assert_eq!(find("gptbot").unwrap().token, "GPTBot");
        assert_eq!(
            find("Googlebot-Image").unwrap().spec(),
            "Googlebot-Image>Googlebot"
        );
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
}
