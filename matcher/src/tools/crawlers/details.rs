//! What the presets say beyond a picker's needs, each table read only by
//! the function that asks it: the user-agent strings a crawler sends
//! (`user-agents.tsv`), where its operator publishes its IP ranges
//! (`ip-ranges.tsv`), and when each entry was checked against which
//! source (`crawler-sources.tsv`).

use super::CrawlerPreset;

const USER_AGENTS_TSV: &str = include_str!("../../../data/user-agents.tsv");
const IP_RANGES_TSV: &str = include_str!("../../../data/ip-ranges.tsv");
const SOURCES_TSV: &str = include_str!("../../../data/crawler-sources.tsv");

/// Where a preset's facts come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Provenance {
    /// The day the entry was last compared with its sources (`2026-11-25`).
    pub checked: &'static str,
    /// The sources, separated by ` ; `: URLs of the operators' pages, or
    /// `github:OWNER/REPO@COMMIT:PATH` for a public list.
    pub sources: &'static str,
}

/// The rows (after the header) of a table whose first column is the token,
/// that name `token` (ignoring case).
fn rows_of<'a>(
    table: &'static str,
    token: &'a str,
) -> impl Iterator<Item = Vec<&'static str>> + 'a {
    table
        .lines()
        .skip(1)
        .map(|line| line.trim_end_matches('\r').split('\t').collect::<Vec<_>>())
        .filter(move |fields| {
            fields
                .first()
                .is_some_and(|t| t.eq_ignore_ascii_case(token))
        })
}

impl CrawlerPreset {
    /// The user-agent strings this crawler is known to send, as they
    /// appear in server logs (none for tokens that only name a use, such
    /// as `Google-Extended`, or that no source lists a string for).
    pub fn user_agents(&self) -> Vec<&'static str> {
        rows_of(USER_AGENTS_TSV, self.token)
            .filter_map(|fields| fields.get(1).copied())
            .collect()
    }

    /// Where the operator publishes the IP ranges this crawler uses, as
    /// JSON in the shape of Google's `googlebot.json`
    /// (`{"prefixes": [{"ipv4Prefix": ...}, {"ipv6Prefix": ...}]}`), when
    /// it does.
    pub fn ip_ranges(&self) -> Option<&'static str> {
        rows_of(IP_RANGES_TSV, self.token).find_map(|fields| fields.get(1).copied())
    }

    /// When the entry was checked and against which sources.
    pub fn provenance(&self) -> Option<Provenance> {
        rows_of(SOURCES_TSV, self.token).find_map(|fields| match fields[..] {
            [_, checked, sources] => Some(Provenance { checked, sources }),
            _ => None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::super::{find, presets};

    #[test]
    fn every_preset_has_a_dated_source() {
        for preset in presets() {
            let p = preset
                .provenance()
                .unwrap_or_else(|| panic!("{} has no source", preset.token));
            assert_eq!(p.checked.len(), 10, "{}", preset.token);
            assert!(
                p.sources
                    .split(" ; ")
                    .all(|s| s.starts_with("https://") || s.starts_with("github:")),
                "{}: {}",
                preset.token,
                p.sources
            );
        }
    }

    #[test]
    fn every_row_of_the_detail_tables_names_a_preset() {
        for (name, table, columns) in [
            ("user-agents.tsv", super::USER_AGENTS_TSV, 3),
            ("ip-ranges.tsv", super::IP_RANGES_TSV, 3),
            ("crawler-sources.tsv", super::SOURCES_TSV, 3),
        ] {
            for (index, line) in table.lines().enumerate().skip(1) {
                let fields: Vec<&str> = line.split('\t').collect();
                assert_eq!(fields.len(), columns, "{name} line {}", index + 1);
                assert!(
                    find(fields[0]).is_some(),
                    "{name} line {}: {}",
                    index + 1,
                    fields[0]
                );
            }
        }
    }

    #[test]
    fn user_agent_strings_and_ip_ranges_are_there_for_the_major_crawlers() {
        let googlebot = find("Googlebot").unwrap();
        assert!(googlebot
            .user_agents()
            .contains(&"Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"));
        assert_eq!(
            googlebot.ip_ranges(),
            Some("https://developers.google.com/static/crawling/ipranges/common-crawlers.json")
        );
        assert!(find("AdsBot-Google")
            .unwrap()
            .ip_ranges()
            .unwrap()
            .ends_with("special-crawlers.json"));
        assert!(find("GPTBot").unwrap().ip_ranges().is_some());
        // Google-Extended names a use, not a crawler: it sends no requests.
        assert!(find("Google-Extended").unwrap().user_agents().is_empty());
        let with_strings = presets()
            .iter()
            .filter(|p| !p.user_agents().is_empty())
            .count();
        assert!(with_strings >= 200, "{with_strings}");
    }
}
