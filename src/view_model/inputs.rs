//! The app's inputs as its fields hold them: the robots.txt text, the
//! crawler field (comma-separated specs), the URL field and the mode, and
//! their translation to and from the state a link carries.

use robots_matcher::{unusable_token_message, Crawler, CrawlerSpecError, FetchOutcome, Mode};

use crate::link::{AppState, SiteFile, ViewState};

/// Replaces CR LF and lone CR with LF, as a `<textarea>` does with its
/// value, so line numbers in the app and in the text always agree. Line
/// endings never change a verdict (the matcher treats all three alike).
pub fn normalize_newlines(text: &str) -> String {
    if !text.contains('\r') {
        return text.to_string();
    }
    text.replace("\r\n", "\n").replace('\r', "\n")
}

/// Whether a URL list is too large to edit in a text field: the browser
/// alone needs about 220 ms to lay out 20,000 URLs in a `<textarea>`, and a
/// second for 100,000 (Chromium, measured 2026-11-22), so such a list is
/// kept as data and summed up instead.
pub fn too_large_to_edit(text: &str) -> bool {
    const MAX_BYTES: usize = 256 * 1024;
    const MAX_LINES: usize = 5_000;
    text.len() > MAX_BYTES || text.bytes().filter(|&b| b == b'\n').count() >= MAX_LINES
}

/// One comma-separated entry of the crawler field.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CrawlerEntry {
    /// The spec as typed, trimmed.
    pub spec: String,
    /// The crawler it names, or why it names none.
    pub crawler: Result<Crawler, CrawlerSpecError>,
}

/// The crawler field, read.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CrawlerList {
    /// Every non-empty entry, in order, valid or not.
    pub entries: Vec<CrawlerEntry>,
}

impl CrawlerList {
    /// Reads comma-separated crawler specs. Empty entries (a trailing comma
    /// while typing) are skipped silently.
    pub fn parse(text: &str) -> CrawlerList {
        CrawlerList {
            entries: split_specs(text)
                .map(|spec| CrawlerEntry {
                    crawler: Crawler::parse_spec(spec),
                    spec: spec.to_string(),
                })
                .collect(),
        }
    }

    /// The usable crawlers with their specs as typed, in order.
    pub fn valid(&self) -> impl Iterator<Item = (&str, &Crawler)> {
        self.entries
            .iter()
            .filter_map(|e| e.crawler.as_ref().ok().map(|c| (e.spec.as_str(), c)))
    }

    /// Why entries were skipped, and tokens no group can name: one
    /// sentence each.
    pub fn notes(&self) -> Vec<String> {
        let errors = self
            .entries
            .iter()
            .filter_map(|e| e.crawler.as_ref().err())
            .map(|e| format!("Skipped {e}."));
        // A token like AI2Bot is checked as typed, but no group can name
        // it: say so instead of leaving a puzzling "allowed".
        let unusable = self
            .valid()
            .flat_map(|(_, crawler)| crawler.tokens())
            .filter_map(|token| unusable_token_message(token))
            .map(|message| format!("Note: {message}."));
        errors.chain(unusable).collect()
    }
}

/// The non-empty, trimmed, comma-separated parts of the crawler field.
pub fn split_specs(text: &str) -> impl Iterator<Item = &str> {
    text.split(',').map(str::trim).filter(|s| !s.is_empty())
}

/// The crawler field's text for a list of specs.
pub fn join_specs(specs: &[String]) -> String {
    specs.join(", ")
}

/// Adds specs to the crawler field, each unless it is already there (same
/// letters, ignoring case); returns the new field text.
pub fn add_specs<'a>(text: &str, added: impl IntoIterator<Item = &'a str>) -> String {
    let mut specs: Vec<String> = split_specs(text).map(str::to_string).collect();
    for spec in added {
        if !specs.iter().any(|s| s.eq_ignore_ascii_case(spec)) {
            specs.push(spec.to_string());
        }
    }
    join_specs(&specs)
}

/// The crawler field without its `index`th entry.
pub fn remove_spec(text: &str, index: usize) -> String {
    let mut specs: Vec<String> = split_specs(text).map(str::to_string).collect();
    if index < specs.len() {
        specs.remove(index);
    }
    join_specs(&specs)
}

/// A crawler in words: `Googlebot-Image, else Googlebot, else *`,
/// `AdsBot-Google (ignores *)`.
pub fn describe_crawler(crawler: &Crawler) -> String {
    let mut text = crawler.tokens().join(", else ");
    if crawler.ignores_global() {
        text.push_str(" (ignores *)");
    } else if crawler.tokens().len() > 1 {
        text.push_str(", else *");
    }
    text
}

/// The ways fetching robots.txt can end that the menu offers: the name
/// the library reads ([`FetchOutcome`]'s `FromStr`) and a label. What each
/// means for the verdicts is the library's (`FetchOutcome::fixed_verdict`).
pub const FETCH_OUTCOMES: [(&str, &str); 12] = [
    ("200", "200 OK: the file is read"),
    ("redirect-5", "5 redirects, then the file"),
    ("redirect-6", "6 redirects: more than crawlers follow"),
    ("401", "401 Unauthorized"),
    ("403", "403 Forbidden"),
    ("404", "404 Not Found"),
    ("410", "410 Gone"),
    ("429", "429 Too Many Requests"),
    ("500", "500 Internal Server Error"),
    ("503", "503 Service Unavailable"),
    ("timeout", "Timeout"),
    ("network-error", "Network error (DNS, connection, TLS)"),
];

/// The editable inputs of the app, as its fields hold them: a snapshot of
/// the store's inputs, what a link or a sample carries.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InputValues {
    /// The robots.txt text.
    pub robots_txt: String,
    /// The crawler field: comma-separated specs.
    pub agents: String,
    /// The URL field.
    pub urls: String,
    /// The reading the verdicts follow.
    pub mode: Mode,
    /// The version before, when comparing two versions.
    pub before: Option<String>,
    /// How fetching robots.txt ended.
    pub fetch: FetchOutcome,
    /// The origin the robots.txt is for, when chosen.
    pub origin: Option<String>,
    /// The robots.txt files of other origins.
    pub sites: Vec<SiteFile>,
}

impl InputValues {
    /// The fields for a (possibly shared) state; line endings normalised.
    pub fn from_state(state: &AppState) -> InputValues {
        InputValues {
            robots_txt: normalize_newlines(&state.robots_txt),
            agents: join_specs(&state.crawlers),
            urls: normalize_newlines(&state.urls),
            mode: state.mode,
            before: state.before.as_deref().map(normalize_newlines),
            fetch: state.fetch,
            origin: state.origin.clone(),
            sites: state
                .sites
                .iter()
                .map(|site| SiteFile {
                    origin: site.origin.clone(),
                    robots_txt: normalize_newlines(&site.robots_txt),
                    before: site.before.as_deref().map(normalize_newlines),
                })
                .collect(),
        }
    }

    /// Bytes of text a link or storage would hold.
    pub fn persisted_len(&self) -> usize {
        let sites: usize = self
            .sites
            .iter()
            .map(|s| s.robots_txt.len() + s.before.as_ref().map_or(0, String::len))
            .sum();
        self.robots_txt.len()
            + self.urls.len()
            + self.before.as_ref().map_or(0, String::len)
            + sites
    }

    /// The state to share.
    pub fn to_state(&self) -> AppState {
        AppState {
            robots_txt: self.robots_txt.clone(),
            crawlers: split_specs(&self.agents).map(str::to_string).collect(),
            urls: self.urls.clone(),
            mode: self.mode,
            before: self.before.clone(),
            fetch: self.fetch,
            view: ViewState::default(),
            origin: self.origin.clone(),
            sites: self.sites.clone(),
            ..AppState::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_are_trimmed_and_invalid_ones_noted() {
        let list = CrawlerList::parse(" Googlebot , , a>>b, AI2Bot,");
        let specs: Vec<&str> = list.entries.iter().map(|e| e.spec.as_str()).collect();
        assert_eq!(specs, ["Googlebot", "a>>b", "AI2Bot"]);
        assert_eq!(list.valid().count(), 2);
        let notes = list.notes();
        assert_eq!(notes.len(), 2, "{notes:?}");
        assert!(notes[0].starts_with("Skipped crawler 'a>>b'"), "{notes:?}");
        assert!(notes[1].starts_with("Note: "), "{notes:?}");
        assert!(notes[1].contains("AI2Bot"), "{notes:?}");
    }

    #[test]
    fn specs_are_added_once_and_removed_by_position() {
        assert_eq!(
            add_specs("Googlebot", ["gptbot", "GPTBot"]),
            "Googlebot, gptbot"
        );
        assert_eq!(add_specs("", ["A", "B"]), "A, B");
        assert_eq!(add_specs("googlebot", ["Googlebot"]), "googlebot");
        assert_eq!(remove_spec("A, B, C", 1), "A, C");
        assert_eq!(remove_spec("A", 5), "A");
    }

    #[test]
    fn crawlers_read_well() {
        let describe = |spec: &str| describe_crawler(&Crawler::parse_spec(spec).unwrap());
        assert_eq!(describe("Googlebot"), "Googlebot");
        assert_eq!(
            describe("Googlebot-Image>Googlebot"),
            "Googlebot-Image, else Googlebot, else *"
        );
        assert_eq!(describe("AdsBot-Google>!*"), "AdsBot-Google (ignores *)");
    }

    #[test]
    fn large_url_lists_are_not_edited_as_text() {
        assert!(!too_large_to_edit(&"/a\n".repeat(4_999)));
        assert!(too_large_to_edit(&"/a\n".repeat(5_000)));
        assert!(too_large_to_edit(&"x".repeat(300_000)));
        assert!(!too_large_to_edit(""));
    }

    #[test]
    fn every_fetch_outcome_in_the_menu_is_the_librarys() {
        for (name, label) in FETCH_OUTCOMES {
            let outcome: FetchOutcome = name.parse().unwrap();
            assert_eq!(outcome.name(), name, "{label}");
        }
    }

    #[test]
    fn inputs_round_trip_through_the_shared_state() {
        let inputs = InputValues {
            robots_txt: "User-agent: *\nDisallow: /\n".into(),
            agents: "Googlebot, Googlebot-Image>Googlebot".into(),
            urls: "/a\n/b".into(),
            mode: Mode::Rfc9309,
            before: Some("User-agent: *\n".into()),
            fetch: "404".parse().unwrap(),
            origin: Some("https://a.example".into()),
            sites: vec![SiteFile {
                origin: "https://b.example".into(),
                robots_txt: "User-agent: *\nDisallow: /b\n".into(),
                before: None,
            }],
        };
        assert_eq!(InputValues::from_state(&inputs.to_state()), inputs);
        let state = AppState {
            robots_txt: "a\r\nb\rc".into(),
            crawlers: vec!["x".into(), "y".into()],
            urls: "/1\r\n/2".into(),
            mode: Mode::Google,
            before: Some("x\r\ny".into()),
            ..AppState::default()
        };
        let inputs = InputValues::from_state(&state);
        assert_eq!(inputs.robots_txt, "a\nb\nc");
        assert_eq!(inputs.agents, "x, y");
        assert_eq!(inputs.urls, "/1\n/2");
        assert_eq!(inputs.before.as_deref(), Some("x\ny"));
    }
}
