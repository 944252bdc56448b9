//! Who sent a request, from its user agent: a known crawler (the presets'
//! [`identify`], with the crawler's own fallbacks: Googlebot-Image obeys a
//! Googlebot group), another bot or tool grouped by its product token
//! (`FooBot/1.0` is `FooBot`, `python-requests/2.31` is
//! `python-requests`), or a browser, counted apart and not judged:
//! robots.txt is for crawlers.
//!
//! User agents repeat: a day's log holds a million lines and a few
//! thousand user agents, so each string is classified once and kept
//! (up to [`MAX_CACHED_AGENTS`]; past that, classified every time).

use rustc_hash::FxHashMap as HashMap;

use crate::agent::{product_token, Crawler};
use crate::tools::crawlers::{identify, CrawlerPreset};

/// The most user-agent strings remembered.
pub const MAX_CACHED_AGENTS: usize = 50_000;

/// The most groups of unknown clients told apart; the rest share one
/// group, [`OTHER_CLIENTS`].
pub const MAX_UNKNOWN_GROUPS: usize = 1_000;

/// The group of unknown clients past [`MAX_UNKNOWN_GROUPS`], judged as
/// the `*` group's.
pub const OTHER_CLIENTS: &str = "(other clients)";

/// The group of requests sent without a user agent, judged as the `*`
/// group's.
pub const NO_USER_AGENT: &str = "(no user agent)";

/// What kind of client a group is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum ClientKind {
    /// A crawler among the presets.
    Known,
    /// Another bot or tool, named by its product token, or a client that
    /// sent no user agent.
    Unknown,
    /// A web browser (not judged).
    Browser,
}

impl ClientKind {
    /// `known`, `unknown` or `browser`.
    pub fn as_str(self) -> &'static str {
        match self {
            ClientKind::Known => "known",
            ClientKind::Unknown => "unknown",
            ClientKind::Browser => "browser",
        }
    }
}

/// One group of requests: a crawler, an unknown client, or the browsers.
#[derive(Clone, Debug)]
pub struct Client {
    /// The robots.txt token it is judged by (`Googlebot`), or the group's
    /// name (`(no user agent)`, `browsers`).
    pub token: String,
    /// The crawler checked: the token with its fallbacks.
    pub crawler: Crawler,
    /// Its spec (`Googlebot-Image>Googlebot`).
    pub spec: String,
    /// Known, unknown or browser.
    pub kind: ClientKind,
    /// Its preset, when it is a known crawler.
    pub preset: Option<&'static CrawlerPreset>,
}

impl Client {
    fn new(
        token: &str,
        crawler: Crawler,
        kind: ClientKind,
        preset: Option<&'static CrawlerPreset>,
    ) -> Client {
        Client {
            token: token.to_string(),
            spec: crawler.spec(),
            crawler,
            kind,
            preset,
        }
    }
}

/// The clients seen, and the user agents already classified.
pub(super) struct Clients {
    pub(super) list: Vec<Client>,
    agents: HashMap<Box<str>, usize>,
    /// Groups by lower-cased token.
    by_token: HashMap<String, usize>,
    unknown_groups: usize,
}

/// The index of the browsers' group, which always exists.
pub(super) const BROWSERS: usize = 0;

impl Clients {
    pub(super) fn new() -> Clients {
        Clients {
            list: vec![Client::new(
                "browsers",
                Crawler::new("*"),
                ClientKind::Browser,
                None,
            )],
            agents: HashMap::default(),
            by_token: HashMap::default(),
            unknown_groups: 0,
        }
    }

    /// The group of `user_agent`, created on its first request.
    pub(super) fn of(&mut self, user_agent: &str) -> usize {
        if let Some(&id) = self.agents.get(user_agent) {
            return id;
        }
        let id = match classify(user_agent) {
            Class::Browser => BROWSERS,
            Class::Known(preset) => self.group(preset.token, || {
                Client::new(
                    preset.token,
                    preset.crawler(),
                    ClientKind::Known,
                    Some(preset),
                )
            }),
            Class::Unknown(name) => {
                if self.by_token.contains_key(&name.to_ascii_lowercase())
                    || self.unknown_groups < MAX_UNKNOWN_GROUPS
                {
                    self.unknown(&name)
                } else {
                    self.unknown(OTHER_CLIENTS)
                }
            }
        };
        if self.agents.len() < MAX_CACHED_AGENTS {
            self.agents.insert(user_agent.into(), id);
        }
        id
    }

    /// Whether unknown clients were so many that some share
    /// [`OTHER_CLIENTS`].
    pub(super) fn grouped_others(&self) -> bool {
        self.by_token
            .contains_key(&OTHER_CLIENTS.to_ascii_lowercase())
    }

    fn unknown(&mut self, name: &str) -> usize {
        let judged_as = match name {
            OTHER_CLIENTS | NO_USER_AGENT => "*",
            name => name,
        };
        let before = self.list.len();
        let id = self.group(name, || {
            Client::new(name, Crawler::new(judged_as), ClientKind::Unknown, None)
        });
        if self.list.len() > before && name != OTHER_CLIENTS {
            self.unknown_groups += 1;
        }
        id
    }

    fn group(&mut self, token: &str, make: impl FnOnce() -> Client) -> usize {
        let key = token.to_ascii_lowercase();
        if let Some(&id) = self.by_token.get(&key) {
            return id;
        }
        self.list.push(make());
        let id = self.list.len() - 1;
        self.by_token.insert(key, id);
        id
    }

    /// The group named `token` (ignoring case), if it was seen.
    pub(super) fn find(&self, token: &str) -> Option<usize> {
        self.by_token.get(&token.to_ascii_lowercase()).copied()
    }
}

/// What a user agent says its sender is.
#[derive(Debug, PartialEq, Eq)]
enum Class {
    Known(&'static CrawlerPreset),
    Unknown(String),
    Browser,
}

/// Words in a user agent that no browser sends: a client naming one is a
/// bot or a tool even when it starts `Mozilla/5.0`.
const BOT_WORDS: [&str; 14] = [
    "bot",
    "crawl",
    "spider",
    "slurp",
    "fetch",
    "scrap",
    "http:",
    "https:",
    "headless",
    "preview",
    "monitor",
    "archiv",
    "validator",
    "lighthouse",
];

/// Product names in browsers' user agents that name no client.
const GENERIC: [&str; 28] = [
    "mozilla",
    "compatible",
    "applewebkit",
    "khtml",
    "like",
    "gecko",
    "chrome",
    "chromium",
    "safari",
    "mobile",
    "version",
    "windows",
    "win",
    "linux",
    "android",
    "macintosh",
    "intel",
    "mac",
    "x",
    "u",
    "iphone",
    "ipad",
    "cpu",
    "os",
    "rv",
    "nt",
    "http",
    "https",
];

fn classify(user_agent: &str) -> Class {
    let agent = user_agent.trim();
    if agent.is_empty() || agent == "-" {
        return Class::Unknown(NO_USER_AGENT.to_string());
    }
    if let Some(preset) = identify(agent) {
        return Class::Known(preset);
    }
    let lower = agent.to_ascii_lowercase();
    let botlike = BOT_WORDS.iter().any(|word| lower.contains(word));
    let browser_engine = ["gecko", "applewebkit", "trident", "presto", "msie"]
        .iter()
        .any(|engine| lower.contains(engine));
    if !botlike && browser_engine && (lower.starts_with("mozilla/") || lower.starts_with("opera/"))
    {
        return Class::Browser;
    }
    Class::Unknown(product_name(agent).unwrap_or_else(|| OTHER_CLIENTS.to_string()))
}

/// The name an unknown client goes by: the first product token that
/// names a bot (`FooBot` in `Mozilla/5.0 (compatible; FooBot/1.0)`), else,
/// for a client that does not pose as a browser, its first product token
/// (`curl` in `curl/8.5.0`), else the first that is not a browser's.
fn product_name(agent: &str) -> Option<String> {
    let names: Vec<&str> = agent
        .split(|c: char| c.is_whitespace() || matches!(c, ';' | '(' | ')' | ',' | '[' | ']'))
        .map(product_token)
        .filter(|name| !name.is_empty())
        .collect();
    let is_generic = |name: &&str| GENERIC.contains(&name.to_ascii_lowercase().as_str());
    let botlike = names.iter().find(|name| {
        let lower = name.to_ascii_lowercase();
        BOT_WORDS[..7]
            .iter()
            .any(|word| lower.contains(word.trim_end_matches(':')))
            && !is_generic(name)
    });
    let first = names.first().filter(|name| !is_generic(name));
    botlike
        .or(first)
        .or_else(|| names.iter().find(|name| !is_generic(name)))
        .map(|name| name.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn name(agent: &str) -> String {
        match classify(agent) {
            Class::Known(preset) => format!("known {}", preset.token),
            Class::Unknown(name) => format!("unknown {name}"),
            Class::Browser => "browser".to_string(),
        }
    }

    #[test]
    fn crawlers_browsers_and_tools_are_told_apart() {
        for (agent, expected) in [
            (
                "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
                "known Googlebot",
            ),
            ("Googlebot-Image/1.0", "known Googlebot-Image"),
            (
                "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
                "browser",
            ),
            (
                "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0",
                "browser",
            ),
            ("Mozilla/5.0 (compatible; MSIE 9.0; Windows NT 6.1; Trident/5.0)", "browser"),
            ("Mozilla/5.0 (compatible; FooBot/1.0; +http://foo.example/bot)", "unknown FooBot"),
            ("curl/8.5.0", "unknown curl"),
            ("python-requests/2.31.0", "unknown python-requests"),
            ("Go-http-client/1.1", "unknown Go-http-client"),
            ("Wget/1.21.4", "known Wget"),
            ("okhttp/4.12.0", "unknown okhttp"),
            (
                "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/120.0.0.0 Safari/537.36",
                "unknown HeadlessChrome",
            ),
            (
                "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko; compatible; Widgetcrawler/3.1; +https://w.example/)",
                "unknown Widgetcrawler",
            ),
            ("", "unknown (no user agent)"),
            ("-", "unknown (no user agent)"),
            ("Mozilla/5.0", "unknown (other clients)"),
            ("12345", "unknown (other clients)"),
        ] {
            assert_eq!(name(agent), expected, "{agent}");
        }
    }

    /// Real user agents as servers log them, and the crawler each is
    /// judged as: its token with the fallbacks and the `*` rule its
    /// operator documents (Google's crawler pages), or its own token. The
    /// presets' own test (`tools::crawlers::identify`) maps 40 more real
    /// strings, and every string of the presets' data goes through the
    /// test below.
    #[test]
    fn real_user_agents_are_judged_with_their_crawlers_fallbacks() {
        let cases = [
            ("Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0.7390.122 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", "Googlebot"),
            ("Googlebot-Image/1.0", "Googlebot-Image>Googlebot"),
            ("Googlebot-Video/1.0", "Googlebot-Video>Googlebot"),
            ("Mozilla/5.0 (compatible; Google-InspectionTool/1.0;)", "Google-InspectionTool>Googlebot"),
            ("AdsBot-Google (+http://www.google.com/adsbot.html)", "AdsBot-Google>!*"),
            ("Mozilla/5.0 (iPhone; CPU iPhone OS 14_7_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/14.1.2 Mobile/15E148 Safari/604.1 (compatible; AdsBot-Google-Mobile; +http://www.google.com/mobile/adsbot.html)", "AdsBot-Google-Mobile>!*"),
            ("Mediapartners-Google", "Mediapartners-Google>!*"),
            ("GoogleOther", "GoogleOther"),
            ("DuckAssistBot/1.2; (+http://duckduckgo.com/duckassistbot.html)", "DuckAssistBot"),
            ("Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Claude-SearchBot/1.0; +https://www.anthropic.com)", "Claude-SearchBot"),
            ("meta-externalfetcher/1.1 (+https://developers.facebook.com/docs/sharing/webmasters/crawler)", "meta-externalfetcher"),
            ("Mozilla/5.0 (compatible; Timpibot/0.9; +http://www.timpi.io)", "Timpibot"),
            ("Mozilla/5.0 (compatible; ImagesiftBot; +imagesift.com)", "ImagesiftBot"),
            ("Mozilla/5.0 (Windows; U; Windows NT 5.1; en-US; rv:1.9.1.2) Gecko/20090729 Firefox/3.5.2 (.NET CLR 3.5.30729; Diffbot/0.1; +http://www.diffbot.com)", "Diffbot"),
            ("YouBot (+http://www.you.com)", "YouBot"),
            ("cohere-ai", "cohere-ai"),
        ];
        let mut clients = Clients::new();
        for (agent, spec) in cases {
            let id = clients.of(agent);
            let client = &clients.list[id];
            assert_eq!(client.kind, ClientKind::Known, "{agent}");
            assert_eq!(client.spec, spec, "{agent}");
        }
    }

    /// Every user-agent string of the presets' data is its own crawler's
    /// (or, for a token no group can name, the crawler of its product
    /// token), never a browser or an unknown client.
    #[test]
    fn every_user_agent_in_the_presets_data_is_known() {
        let mut checked = 0;
        let mut clients = Clients::new();
        for preset in crate::tools::crawlers::presets() {
            for agent in preset.user_agents() {
                let id = clients.of(agent);
                let client = &clients.list[id];
                assert_eq!(client.kind, ClientKind::Known, "{agent}");
                let named = product_token(preset.token);
                assert!(
                    client.token == preset.token || client.token.eq_ignore_ascii_case(named),
                    "{agent}: {} for {}",
                    client.token,
                    preset.token
                );
                checked += 1;
            }
        }
        assert!(checked >= 300, "{checked}");
    }

    #[test]
    fn groups_are_made_once_and_capped() {
        let mut clients = Clients::new();
        let a =
            clients.of("Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)");
        let b = clients.of("Googlebot/2.1 (+http://www.google.com/bot.html)");
        assert_eq!(a, b);
        assert_eq!(clients.list[a].crawler.spec(), "Googlebot");
        let image = clients.of("Googlebot-Image/1.0");
        assert_eq!(
            clients.list[image].crawler.spec(),
            "Googlebot-Image>Googlebot"
        );
        assert_eq!(
            clients.of("Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0"),
            BROWSERS
        );
        // Names told apart by letters alone (product tokens stop at digits).
        let letters = |mut i: usize| {
            let mut name = String::new();
            loop {
                name.push((b'a' + (i % 26) as u8) as char);
                i /= 26;
                if i == 0 {
                    return name;
                }
            }
        };
        for i in 0..MAX_UNKNOWN_GROUPS + 10 {
            clients.of(&format!("tool{}x/1.0", letters(i)));
        }
        assert!(clients.grouped_others());
        let other = clients.find(OTHER_CLIENTS).unwrap();
        assert_eq!(clients.list[other].crawler.spec(), "*");
        assert_eq!(clients.list.len(), 1 + 2 + MAX_UNKNOWN_GROUPS + 1);
        // A group seen before the cap keeps its name.
        assert_eq!(clients.of("toolax/2.0"), clients.find("toolax").unwrap());
    }
}
